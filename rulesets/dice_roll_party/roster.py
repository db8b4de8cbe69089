"""The poster's characters and storage for the post page, and the rivals' characters he may target.

Each character is named as a post names it («П2 «Рыцарь»»), with its tokens В/А/З/Ф, its attack
and defence dice and, in his turn, whether it may attack now and why not (the turn method,
DRP-TURN-02..04; the time an attack costs, DRP-ATK-02). A sealed build stays hidden from the
rivals until it is revealed (DRP-GAP-03).
"""

from __future__ import annotations

from letopis.engine.contract import RosterEntry, RosterGroup, Viewer, ViewerRole

from .data import DATA
from .picture import can_see_build
from .propose import genitive
from .rules import mechanics as m
from .state import Character, State

TURN_METHOD = {"cyclic": "по циклическому порядку", "initiative": "по инициативе"}


def roster(state: State, faction: str) -> list[RosterGroup]:
    if faction not in state.players:
        return []
    me = state.player(faction)
    facts = [("Хранилище", me.storage.text())]
    if state.phase == "turn" and state.active == faction:
        facts.append(("Лимит фазы ресурсов", f"осталось {state.limit_left} из {state.limit}"))
    groups = [RosterGroup(title="Ваши персонажи", facts=facts, entries=_own(state, faction),
                          empty="Персонажи ещё не расставлены.")]
    viewer = Viewer(role=ViewerRole.PLAYER, faction=faction)
    for rival in state.opponents(faction) if me.built else [f for f in state.seats if f != faction]:
        groups.append(_rival(state, rival, viewer))
    return groups


def _sheet(c: Character) -> list[tuple[str, str]]:
    return [("В/А/З/Ф", c.sheet()), ("атака", m.die_text(m.klass(c.attack))),
            ("защита", m.die_text(m.klass(c.defence)))]


def _aspect(state: State, c: Character) -> list[tuple[str, str]]:
    if not state.options.aspects:
        return []
    a = m.aspect(c)
    return [("аспект", m.ASPECT_RU[a] if a is not None else "нет")]


def _own(state: State, faction: str) -> list[RosterEntry]:
    player = state.player(faction)
    if not player.built:
        return [RosterEntry(name=f"П{i}", facts=[("В/А/З/Ф", c.sheet())], note="расставлен, ждёт открытия")
                for i, c in enumerate(player.build, 1) if c is not None]
    out = []
    for slot, c in enumerate(player.slots, 1):
        if c is None:
            out.append(RosterEntry(name=f"П{slot}", note="место закрыто", spent=True))
            continue
        can, note = _attack_state(state, faction, slot, c)
        out.append(RosterEntry(name=state.label(faction, slot), facts=_sheet(c) + _aspect(state, c),
                               can=can, note=note or _pending(state, faction, slot)))
    return out


def _attack_state(state: State, faction: str, slot: int, c: Character) -> tuple[list[str], str]:
    """What the character may do in its owner's turn: attack, or why it may not."""
    if state.phase != "turn" or state.active != faction:
        return [], ""
    cost = DATA.costs.attack
    allowed = m.allowed_attackers(state, faction)
    if slot not in allowed:
        if state.options.turn_order == "cyclic":
            return [], f"по циклическому порядку сейчас атакует П{allowed[0]}" if allowed else ""
        return [], "по инициативе атакует персонаж с наибольшим временем"
    if c.time < cost:
        return [], f"на атаку нужно времени: {cost}, а у него {c.time}"
    return [f"атаковать (тратит времени: {cost})"], ""


def _pending(state: State, faction: str, slot: int) -> str:
    """The decision waiting on this character: its defence or the damage it takes."""
    a = state.attack
    if state.phase == "defence" and a is not None and (a.target, a.target_slot) == (faction, slot):
        final = f", итог атаки {a.roll.final}" if a.roll is not None else ""
        return f"защищается от {state.label(a.attacker, a.attacker_slot)}{final}"
    p = state.soak
    c = state.char(faction, slot)
    if state.phase == "soak" and p is not None and (p.faction, p.slot) == (faction, slot) and c is not None:
        return f"получает {p.damage} урона; погасить временем можно до {min(p.damage, c.time)}"
    return ""


def _rival(state: State, rival: str, viewer: Viewer) -> RosterGroup:
    """A rival's characters as targets: how a post names them and their defence."""
    player = state.player(rival)
    title = f"Персонажи {genitive(player.name)}"
    if not player.built:
        if not can_see_build(state, rival, viewer):
            done = sum(c is not None for c in player.build)
            return RosterGroup(title=title, empty=f"Расстановка скрыта до открытия (сдано мест: {done}).")
        entries = [RosterEntry(name=f"П{i}", facts=[("В/А/З/Ф", c.sheet())])
                   for i, c in enumerate(player.build, 1) if c is not None]
        return RosterGroup(title=title, entries=entries, empty="Ещё не расставлены.")
    entries = [RosterEntry(name=state.label(rival, slot), facts=_sheet(c) + _aspect(state, c))
               for slot, c in player.living()]
    return RosterGroup(title=title, facts=[("Хранилище", player.storage.text())], entries=entries,
                       empty="Все персонажи выбыли.")
