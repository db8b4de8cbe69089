"""A GM's direct correction of the state: Russian patch lines moving tokens (optional contract
method ``correct``). The bag is left alone: a correction is the GM's fiat (tokens appear or go).

Lines (any order, one change each; blank lines and ``//`` chatter are skipped):
``П2 Бориса: +1 время`` (a character's zone: время/атака/защита/форма),
``+2 синих Анне`` or ``Анна: -1 красный`` (storage: красные/синие/зелёные).
Nothing is applied if any line has an error.
"""

from __future__ import annotations

import re

from letopis.engine.copying import clone
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind

from .orders import Colour, Zone
from .state import State

ZONE_STEMS = {"врем": Zone.TIME, "атак": Zone.ATTACK, "защит": Zone.DEFENCE, "форм": Zone.FORM}
COLOUR_STEMS = {"красн": Colour.RED, "син": Colour.BLUE, "зелен": Colour.GREEN}
ZONE_RU = {Zone.TIME: "время", Zone.ATTACK: "атака", Zone.DEFENCE: "защита", Zone.FORM: "форма"}
COLOUR_RU = {Colour.RED: "красных", Colour.BLUE: "синих", Colour.GREEN: "зелёных"}

_CHAR = re.compile(r"^п\s*(\d+)\s+(\S+?)\s*:?\s*([+-])\s*(\d+)\s+(\S+)$")
_OWNER_FIRST = re.compile(r"^(\S+?)\s*:\s*([+-])\s*(\d+)\s+(\S+)$")
_AMOUNT_FIRST = re.compile(r"^([+-])\s*(\d+)\s+(\S+)\s+(\S+)$")


def _fold(text: str) -> str:
    return re.sub(r"[−–—]", "-", text.strip().lower().replace("ё", "е"))


def _by_stem(word: str, table: dict):
    return next((v for stem, v in table.items() if word.startswith(stem)), None)


def owner_of_word(state: State, word: str) -> str | None:
    """The faction a (possibly declined) player name names: «Бориса» → Борис, «Анне» → Анна."""
    w = _fold(word)
    best: tuple[int, str] | None = None
    for fid, p in state.players.items():
        name = _fold(p.name)
        if w in (name, fid.lower()):
            return fid
        stems = [name] + ([name[:-1]] if len(name) > 2 and name[-1] in "аяйьео" else [])
        for stem in stems:
            if stem and w.startswith(stem) and len(w) - len(stem) <= 3 and (best is None or len(stem) > best[0]):
                best = (len(stem), fid)
    return best[1] if best else None


def correct(state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
    new = clone(state)
    events: list[Event] = []
    problems: list[Problem] = []

    def fail(n: int, raw: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(line=n, col_end=len(raw), kind=ProblemKind.UNREADABLE, code="bad_correction",
                                message=message, hint=hint))

    for n, raw in enumerate(text.splitlines(), start=1):
        line = _fold(raw)
        if not line or line.startswith("//"):
            continue
        if m := _CHAR.match(line):
            slot, who, sign, amount, what = int(m[1]), m[2], m[3], int(m[4]), m[5]
            faction, zone = owner_of_word(new, who), _by_stem(what, ZONE_STEMS)
            if faction is None:
                fail(n, raw, f"Не знаю игрока «{who}».")
                continue
            if zone is None:
                fail(n, raw, f"Не знаю зону «{what}».", "зоны: время, атака, защита, форма")
                continue
            char = new.char(faction, slot)
            if char is None:
                fail(n, raw, f"У игрока {new.name(faction)} нет живого персонажа П{slot}.")
                continue
            delta = amount if sign == "+" else -amount
            if char.get(zone) + delta < 0:
                fail(n, raw, f"У П{slot} игрока {new.name(faction)} в зоне «{ZONE_RU[zone]}» только {char.get(zone)}.")
                continue
            char.put(zone, delta)
            events.append(Event(kind="gm_correction", faction=faction,
                                text=f"Правка мастера: П{slot} игрока {new.name(faction)} — {ZONE_RU[zone]} "
                                     f"{delta:+d} (теперь {char.sheet()}).",
                                data={"slot": slot, "zone": zone.value, "delta": delta}))
            continue
        m = _OWNER_FIRST.match(line)
        if m:
            who, sign, amount, what = m[1], m[2], int(m[3]), m[4]
        elif m2 := _AMOUNT_FIRST.match(line):
            sign, amount, what, who = m2[1], int(m2[2]), m2[3], m2[4]
        else:
            fail(n, raw, "Не понимаю строку правки.",
                 "например: «П2 Бориса: +1 время», «+2 синих Анне», «Анна: -1 красный»")
            continue
        faction, colour = owner_of_word(new, who), _by_stem(what, COLOUR_STEMS)
        if faction is None:
            fail(n, raw, f"Не знаю игрока «{who}».")
            continue
        if colour is None:
            fail(n, raw, f"Не знаю цвет «{what}».", "цвета: красные, синие, зелёные")
            continue
        delta = amount if sign == "+" else -amount
        storage = new.player(faction).storage
        if storage.get(colour) + delta < 0:
            fail(n, raw, f"В запасе игрока {new.name(faction)} только {storage.get(colour)} {COLOUR_RU[colour]}.")
            continue
        storage.put(colour, delta)
        events.append(Event(kind="gm_correction", faction=faction,
                            text=f"Правка мастера: запас игрока {new.name(faction)} — {COLOUR_RU[colour]} {delta:+d}.",
                            data={"colour": colour.value, "delta": delta}))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message="В правке нет ни одной строки."))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems
