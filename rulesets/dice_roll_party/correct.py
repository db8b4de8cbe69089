"""A GM's direct correction of the state: Russian patch lines moving tokens (optional contract
method ``correct``). The bag is left alone: a correction is the GM's fiat (tokens appear or go).

Lines (any order, one change each; blank lines and ``//`` chatter are skipped), the player's name
in any case, first or last, with «у»/«для» or a colon (`letopis.engine.amounts`):
``П2 Бориса: +1 время`` (a character's zone: время/атака/защита/форма),
``+2 синих Анне``, ``у Анны -1 красный``, ``Борису: +1 зелёный жетон`` (storage: красные/синие/зелёные).
Nothing is applied if any line has an error.
"""

from __future__ import annotations

import re

from letopis.engine.amounts import AmountLine, AmountLineError, owner_index, read_amount_line, words_of
from letopis.engine.copying import clone
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind, Severity

from .orders import Colour, Zone
from .state import State

ZONE_STEMS = {"врем": Zone.TIME, "атак": Zone.ATTACK, "защит": Zone.DEFENCE, "форм": Zone.FORM}
COLOUR_STEMS = {"красн": Colour.RED, "син": Colour.BLUE, "зелен": Colour.GREEN}
TOKEN_WORDS = ("токен", "жетон", "фишк")  # «+1 синий жетон»: the noun adds nothing
ZONE_RU = {Zone.TIME: "время", Zone.ATTACK: "атака", Zone.DEFENCE: "защита", Zone.FORM: "форма"}
COLOUR_RU = {Colour.RED: "красных", Colour.BLUE: "синих", Colour.GREEN: "зелёных"}
EXAMPLES = "например: «П2 Бориса: +1 время», «+2 синих Анне», «у Анны -1 красный»"

_SLOT = re.compile(r"^п(\d+)$")


def _by_stem(word: str, table: dict):
    return next((v for stem, v in table.items() if word.startswith(stem)), None)


def _one_of(words: list[str], table: dict) -> tuple[object | None, list[str]]:
    """The value the words name through ``table`` and the words left that name nothing known."""
    found = [v for w in words if (v := _by_stem(w, table)) is not None]
    rest = [w for w in words if _by_stem(w, table) is None and not w.startswith(TOKEN_WORDS)]
    return (found[0] if len(set(found)) == 1 else None), rest


def correct(state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
    new = clone(state)
    owners = owner_index([(p.name, fid) for fid, p in state.players.items()])
    events: list[Event] = []
    problems: list[Problem] = []

    def fail(n: int, raw: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(line=n, col_end=len(raw), kind=ProblemKind.UNREADABLE, code="bad_correction",
                                message=message, hint=hint))

    def noted(n: int, raw: str, read: AmountLine) -> None:
        if read.noted:
            problems.append(Problem(line=n, col_end=len(raw), severity=Severity.NOTE, code="name_read_as",
                                    message=f"«{read.written}» прочитано как игрок {read.name}."))

    for n, raw in enumerate(text.splitlines(), start=1):
        words = words_of(raw)
        if not words or words[0].startswith("//"):
            continue
        slot = None
        if words and (m := _SLOT.match(words[0])):
            slot, line = int(m[1]), raw.split(maxsplit=1)[1] if len(raw.split()) > 1 else ""
        elif len(words) > 1 and words[0] == "п" and words[1].isdigit():
            slot, line = int(words[1]), raw.split(maxsplit=2)[2] if len(raw.split()) > 2 else ""
        else:
            line = raw
        try:
            read = read_amount_line(line, owners)
        except AmountLineError as exc:
            fail(n, raw, exc.message, exc.hint)
            continue
        if read is None:
            fail(n, raw, "Не понимаю строку правки.", EXAMPLES)
            continue
        noted(n, raw, read)
        faction, delta, name = read.owner, read.delta, new.name(read.owner)
        if slot is not None:
            zone, rest = _one_of(read.what, ZONE_STEMS)
            if zone is None:
                fail(n, raw, f"Не знаю зону «{' '.join(rest or read.what)}».", "зоны: время, атака, защита, форма")
                continue
            char = new.char(faction, slot)
            if char is None:
                fail(n, raw, f"У игрока {name} нет живого персонажа П{slot}.")
                continue
            if char.get(zone) + delta < 0:
                fail(n, raw, f"У П{slot} игрока {name} в зоне «{ZONE_RU[zone]}» только {char.get(zone)}.")
                continue
            char.put(zone, delta)
            events.append(Event(kind="gm_correction", faction=faction,
                                text=f"Правка мастера: П{slot} игрока {name} — {ZONE_RU[zone]} "
                                     f"{delta:+d} (теперь {char.sheet()}).",
                                data={"slot": slot, "zone": zone.value, "delta": delta}))
            continue
        colour, rest = _one_of(read.what, COLOUR_STEMS)
        if colour is None:
            what = " ".join(read.what)
            fail(n, raw, f"Не знаю цвет «{what}»." if rest else f"Какого цвета {what}?",
                 "цвета: красные, синие, зелёные; например: «Борису: +1 синий жетон»")
            continue
        storage = new.player(faction).storage
        if storage.get(colour) + delta < 0:
            fail(n, raw, f"В запасе игрока {name} только {storage.get(colour)} {COLOUR_RU[colour]}.")
            continue
        storage.put(colour, delta)
        events.append(Event(kind="gm_correction", faction=faction,
                            text=f"Правка мастера: запас игрока {name} — {COLOUR_RU[colour]} {delta:+d}.",
                            data={"colour": colour.value, "delta": delta}))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message="В правке нет ни одной строки."))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems
