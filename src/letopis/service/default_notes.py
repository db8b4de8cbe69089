"""What the chronicle says about a default: who applied it and why, never more than is true.

A default is applied by the deadline runner when the deadline (and its grace) has passed, or by
the GM at any time with a reason he writes. The stored submission records the cause (`gm.py`),
and these sentences are built from it: a GM acting before the deadline is never reported as a
missed deadline. Records from before the cause was stored say only that a default was applied.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from letopis.engine.contract import TurnInfo
from letopis.timezones import local_datetime

# «Если не ответить к сроку — пас.», «Если мастер не ответит к сроку, Герой и гном …»
_CONDITION = re.compile(r"^Если [^,:—–-]*? к сроку\s*(?:[,:]|\s[—–-])\s*")


def default_action(turn: TurnInfo) -> str:
    """The default as an action, without the rule's «if nobody answers by the deadline»:
    «пас», «время снимут с персонажей, у которых его больше всего»; empty if the turn names none."""
    text = (turn.default or "").strip()
    action, stripped = _CONDITION.subn("", text)
    action = action.strip().rstrip(".").strip()
    if not stripped and action[:1].isupper() and action[1:2].islower():
        action = action[0].lower() + action[1:]  # a sentence of its own («Пас»)
    return action


def _when(iso: str | None, zone: str | None) -> str:
    """The deadline as its reader reads it: «21 ноября, 21:00» in his zone (Moscow by default)."""
    if not iso:
        return ""
    return local_datetime(datetime.fromisoformat(iso), zone)


def unstop(reason: str) -> str:
    """A reason without its own closing full stop: the sentence's stop follows the quote."""
    return reason[:-1] if reason.endswith(".") and not reason.endswith("..") else reason


def _who(names: list[str]) -> str:
    quoted = ", ".join(f"«{n}»" for n in names)
    return f"фракции {quoted}" if len(names) == 1 else f"фракций {quoted}"


def default_notes(record: list[dict[str, Any]], turn: TurnInfo, names: dict[str, str],
                  zone: str | None = None) -> list[str]:
    """One sentence per cause for the factions that got the default in a resolution's record; a
    deadline is written in ``zone``, the reader's (Moscow when None)."""
    groups: dict[tuple, list[str]] = {}
    for item in record:
        if item.get("default"):
            key = (item.get("by"), item.get("reason"), item.get("deadline"), bool(item.get("deadline_passed")))
            groups.setdefault(key, []).append(names.get(item["faction"], item["faction"]))
    action = default_action(turn)
    what = f"действие по умолчанию ({action})" if action else "действие по умолчанию"
    notes = []
    for (by, reason, deadline, passed), who in groups.items():
        if by == "deadline":
            subject = (f"Фракция «{who[0]}» не прислала" if len(who) == 1
                       else "Фракции " + ", ".join(f"«{n}»" for n in who) + " не прислали")
            notes.append(f"{subject} пост к сроку ({_when(deadline, zone)}): применено {what}.")
        elif by == "gm":
            if passed:
                when = f"Срок хода истёк ({_when(deadline, zone)}); мастер применил {what} для {_who(who)}."
            elif deadline:
                when = f"Мастер применил {what} для {_who(who)} до срока ({_when(deadline, zone)})."
            else:
                when = f"Мастер применил {what} для {_who(who)}; срока у шага не было."
            notes.append(f"{when} Причина: «{unstop(reason)}»." if reason else when)
        else:
            notes.append(f"Применено {what} для {_who(who)}.")
    return notes
