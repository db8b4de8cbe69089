"""A GM's direct correction of the state: Russian patch lines for units' хп and archdemons'
resources (optional contract method ``correct``).

Lines (one change each; blank lines and ``//`` chatter are skipped):
``бес №2 получает 3 урона``, ``бес №2 Ваала лечится на 2``, ``грасдир №1: -4 хп``,
``+20 золота Ваалу``, ``Ваал: -5 маны`` (золото, железо, талдеар, мана).
A correction never kills or overheals a unit; nothing is applied if any line has an error.
"""

from __future__ import annotations

import re

from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind

from . import refs
from .state import State, Unit

RESOURCE_STEMS = {"золот": "gold", "желез": "iron", "талдеар": "taldear", "ман": "mana"}
RESOURCE_RU = {"gold": "золото", "iron": "железо", "taldear": "талдеар", "mana": "мана"}

_REF = re.compile(r"^(\S+?)\s*(?:№|#)\s*(\d+)(?:\s+(\S+))?$")
_DAMAGE = re.compile(r"^(.+?)\s+получает\s+(\d+)\s+урон\w*$")
_HEAL = re.compile(r"^(.+?)\s+(?:лечится|исцеляется|восстанавливает)\s+(?:на\s+)?(\d+)(?:\s+\S+)?$")
_HP = re.compile(r"^(.+?)\s*:\s*([+-])\s*(\d+)\s+(?:хп|здоровь\w*|жизн\w*)$")
_OWNER_FIRST = re.compile(r"^(\S+?)\s*:\s*([+-])\s*(\d+)\s+(\S+)$")
_AMOUNT_FIRST = re.compile(r"^([+-])\s*(\d+)\s+(\S+)\s+(\S+)$")


def _fold(text: str) -> str:
    return re.sub(r"[−–—]", "-", text.strip().lower().replace("ё", "е"))


def _unit(state: State, ref: str) -> tuple[Unit | None, str | None]:
    """The unit a reference («бес №2», «бес №2 Ваала») names, or (None, why not)."""
    m = _REF.match(ref)
    if not m:
        return None, f"Не понимаю, какой это юнит: «{ref}» (нужно «вид №номер», например «бес №2»)."
    kind = refs.kind_of_word(m[1])
    if kind is None:
        return None, f"Не знаю вид юнита «{m[1]}»."
    owner = None
    if m[3]:
        owner = refs.owner_of_word(state, m[3])
        if owner is None:
            return None, f"Не знаю игрока «{m[3]}»."
    found = [x.unit for x in refs.find_units(state, owner or "", kind, int(m[2]), owner=owner, any_owner=True)]
    if not found:
        return None, f"Юнит «{ref}» не найден."
    if len(found) > 1:
        names = ", ".join(refs.unit_text(state, u) for u in found)
        return None, f"Под «{ref}» подходят несколько юнитов: {names}. Добавьте имя владельца."
    return found[0], None


def correct(state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
    new = state.clone()
    events: list[Event] = []
    problems: list[Problem] = []

    def fail(n: int, raw: str, message: str, hint: str | None = None) -> None:
        problems.append(Problem(line=n, col_end=len(raw), kind=ProblemKind.UNREADABLE, code="bad_correction",
                                message=message, hint=hint))

    for n, raw in enumerate(text.splitlines(), start=1):
        line = _fold(raw)
        if not line or line.startswith("//"):
            continue
        hp_change = None
        if m := _DAMAGE.match(line):
            hp_change = (m[1], -int(m[2]))
        elif m := _HEAL.match(line):
            hp_change = (m[1], int(m[2]))
        elif m := _HP.match(line):
            hp_change = (m[1], int(m[3]) if m[2] == "+" else -int(m[3]))
        if hp_change is not None:
            unit, why = _unit(new, hp_change[0])
            if unit is None:
                fail(n, raw, why or "")
                continue
            delta, hp = hp_change[1], unit.hp + hp_change[1]
            name = refs.unit_text(new, unit, capital=True)
            if hp <= 0:
                fail(n, raw, f"{name}: хп {unit.hp}, правка его убила бы — правка юнитов не убирает.")
                continue
            if hp > unit.max_hp():
                fail(n, raw, f"{name}: хп стало бы {hp}, больше наибольшего ({unit.max_hp()}).")
                continue
            unit.hp = hp
            events.append(Event(kind="gm_correction", faction=unit.owner,
                                text=f"Правка мастера: {name} — хп {delta:+d} (теперь {hp}).",
                                data={"unit": unit.id, "hp_delta": delta}))
            continue
        if m := _OWNER_FIRST.match(line):
            who, sign, amount, what = m[1], m[2], int(m[3]), m[4]
        elif m := _AMOUNT_FIRST.match(line):
            sign, amount, what, who = m[1], int(m[2]), m[3], m[4]
        else:
            fail(n, raw, "Не понимаю строку правки.",
                 "например: «бес №2 получает 3 урона», «+20 золота Ваалу», «Ваал: -5 маны»")
            continue
        faction = refs.owner_of_word(new, who)
        resource = next((v for stem, v in RESOURCE_STEMS.items() if what.startswith(stem)), None)
        if faction is None:
            fail(n, raw, f"Не знаю игрока «{who}».")
            continue
        if resource is None:
            fail(n, raw, f"Не знаю ресурс «{what}».", "ресурсы: золото, железо, талдеар, мана")
            continue
        player = new.players[faction]
        delta = amount if sign == "+" else -amount
        if player.resource(resource) + delta < 0:
            fail(n, raw, f"У {player.name} только {player.resource(resource)} ({RESOURCE_RU[resource]}).")
            continue
        setattr(player, resource, player.resource(resource) + delta)
        events.append(Event(kind="gm_correction", faction=faction,
                            text=f"Правка мастера: {player.name} — {RESOURCE_RU[resource]} {delta:+d} "
                                 f"(теперь {player.resource(resource)}).",
                            data={"resource": resource, "delta": delta}))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message="В правке нет ни одной строки."))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems
