"""A GM's direct correction of the state: Russian patch lines for units' хп and archdemons'
resources (optional contract method ``correct``).

Lines (one change each; blank lines and ``//`` chatter are skipped), an archdemon's name in any
case, first or last, with «у»/«для» or a colon (`letopis.engine.amounts`):
``бес №2 получает 3 урона``, ``бес №2 Ваала лечится на 2``, ``грасдир №1: -4 хп``,
``+20 золота Ваалу``, ``Ваал: -5 маны``, ``Глебу +5 маны``, ``у Анны −2 золота`` (золото, железо,
тальдеар, мана). A correction never kills or overheals a unit; nothing is applied if any line has
an error.
"""

from __future__ import annotations

import re

from letopis.engine.amounts import AmountLineError, owner_index, read_amount_line
from letopis.engine.events import Event
from letopis.engine.names import NameIndex
from letopis.engine.problems import Problem, ProblemKind, Severity

from . import refs
from .state import State, Unit

RESOURCE_STEMS = {"золот": "gold", "желез": "iron", "тальдеар": "taldear", "талдеар": "taldear", "ман": "mana"}
RESOURCE_RU = {"gold": "золото", "iron": "железо", "taldear": "тальдеар", "mana": "мана"}

_REF = re.compile(r"^(\S+?)\s*(?:№|#)\s*(\d+)(?:\s+(\S+))?$")
_DAMAGE = re.compile(r"^(.+?)\s+получает\s+(\d+)\s+урон\w*$")
_HEAL = re.compile(r"^(.+?)\s+(?:лечится|исцеляется|восстанавливает)\s+(?:на\s+)?(\d+)(?:\s+\S+)?$")
_HP = re.compile(r"^(.+?)\s*:\s*([+-])\s*(\d+)\s+(?:хп|здоровь\w*|жизн\w*)$")
EXAMPLES = "например: «бес №2 получает 3 урона», «+20 золота Ваалу», «Глебу +5 маны», «у Анны -2 золота»"


def _fold(text: str) -> str:
    return re.sub(r"[−–—]", "-", text.strip().lower().replace("ё", "е"))


def _unit(state: State, ref: str, owners: NameIndex[str]) -> tuple[Unit | None, str | None]:
    """The unit a reference («бес №2», «бес №2 Ваала») names, or (None, why not)."""
    m = _REF.match(ref)
    if not m:
        return None, f"Не понимаю, какой это юнит: «{ref}» (нужно «вид №номер», например «бес №2»)."
    kind = refs.kind_of_word(m[1])
    if kind is None:
        return None, f"Не знаю вид юнита «{m[1]}»."
    owner = None
    if m[3]:
        hits = owners.find([m[3]])
        if len(hits) != 1:
            return None, f"Не знаю игрока «{m[3]}»." if not hits else f"«{m[3]}» подходит к нескольким игрокам."
        owner = hits[0].key
    found = [x.unit for x in refs.find_units(state, owner or "", kind, int(m[2]), owner=owner, any_owner=True)]
    if not found:
        return None, f"Юнит «{ref}» не найден."
    if len(found) > 1:
        names = ", ".join(refs.unit_text(state, u) for u in found)
        return None, f"Под «{ref}» подходят несколько юнитов: {names}. Добавьте имя владельца."
    return found[0], None


def correct(state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
    new = state.clone()
    owners = owner_index([(p.name, fid) for fid, p in state.players.items()])
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
            unit, why = _unit(new, hp_change[0], owners)
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
        try:
            read = read_amount_line(raw, owners)
        except AmountLineError as exc:
            fail(n, raw, exc.message, exc.hint)
            continue
        if read is None:
            fail(n, raw, "Не понимаю строку правки.", EXAMPLES)
            continue
        resources = {v for w in read.what for stem, v in RESOURCE_STEMS.items() if w.startswith(stem)}
        if len(resources) != 1:
            fail(n, raw, f"Не знаю ресурс «{' '.join(read.what)}».", "ресурсы: золото, железо, тальдеар, мана")
            continue
        resource = resources.pop()
        if read.noted:
            problems.append(Problem(line=n, col_end=len(raw), severity=Severity.NOTE, code="name_read_as",
                                    message=f"«{read.written}» прочитано как {read.name}."))
        player = new.players[read.owner]
        delta = read.delta
        if player.resource(resource) + delta < 0:
            fail(n, raw, f"{player.name}: есть только {player.resource(resource)} ({RESOURCE_RU[resource]}), "
                         f"снять {-delta} нельзя.")
            continue
        setattr(player, resource, player.resource(resource) + delta)
        events.append(Event(kind="gm_correction", faction=read.owner,
                            text=f"Правка мастера: {player.name} — {RESOURCE_RU[resource]} {delta:+d} "
                                 f"(теперь {player.resource(resource)}).",
                            data={"resource": resource, "delta": delta}))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message="В правке нет ни одной строки."))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems
