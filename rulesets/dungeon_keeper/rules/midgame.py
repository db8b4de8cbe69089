"""Mid-game positions for tests and benchmarks (pure: no clock, no global random).

`midgame_state(n_archdemons, units_each)` is a generated map where every archdemon has dug out the
rooms around his Altar and fields ``units_each`` units — a mixed army with three or more ОД each
(imps wear a Корона) — four of them raiding the next archdemon's base, plus resources, spells and
runes. `round_orders` writes, for each archdemon of a round in turn, three legal actions per unit
(attacks where an enemy stands next to it, else steps), checked by the same `legality.Checker` the
reader uses.
"""

from __future__ import annotations

import hashlib

from pydantic import BaseModel

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice

from .. import refs
from ..data import DATA
from ..map import geometry as g
from ..options import Options
from ..orders import Attack, Move
from ..setup import setup
from ..state import EMPTY, UNDUG, State, Unit
from .legality.checker import Checker
from .resolution import apply
from .turns import start_game

NAMES = ("Ваал", "Лилит", "Мамон", "Астарот", "Велиал", "Азазель", "Бегемот", "Асмодей")
ARMY = ("imp", "imp", "imp", "imp", "grasdir", "kerub", "ognevik", "ifrit", "angutei", "kadet", "munglair",
        "lich", "vampire", "yafalen", "aggel", "grasdir", "kerub", "ognevik", "grasdir", "vampire")
ROOM = 5  # the dug-out square around each Altar reaches this far (Chebyshev)
RAIDERS = 4


def seed_of(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def midgame_state(n_archdemons: int = 8, units_each: int = 20, seed: str = "midgame") -> State:
    """A mid-game state: ``n_archdemons`` players with ``units_each`` units each, first player to move."""
    factions = [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n_archdemons)]
    state = setup(Options(), factions, Dice(seed_of(seed, n_archdemons)))
    altars = {f: state.buildings[state.players[f].altar].cell for f in state.seats}  # type: ignore[index]
    for cell in (c for a in altars.values() for c in g.within(a, ROOM, state.size)):
        if state.terrain(cell) in UNDUG:
            state.dig(cell)
    seats = state.seats
    for i, f in enumerate(seats):
        p = state.players[f]
        p.gold, p.mana, p.iron, p.taldear = 400, 300, 60, 3
        p.spells = ["rage", "weakness", "iron_skin", "corruption"]
        p.runes = ["fire", "dark", "death"]
        home = _free_cells(state, altars[f])
        away = _free_cells(state, altars[seats[(i + 1) % len(seats)]])[::-1]
        for k in range(units_each):
            kind = ARMY[k % len(ARMY)]
            cells = away if k >= units_each - RAIDERS and len(seats) > 1 else home
            cell = next((c for c in cells if not state.units_at(c)), None)
            if cell is None:
                break
            _place(state, f, kind, cell)
    return start_game(state)


def _free_cells(state: State, centre: tuple[int, int]) -> list[tuple[int, int]]:
    cells = [c for c in g.within(centre, ROOM, state.size) if state.terrain(c) == EMPTY]
    cells.sort(key=lambda c: (g.chebyshev(c, centre), c))
    return cells


def _place(state: State, faction: str, kind: str, cell: tuple[int, int]) -> None:
    number, uid = refs.take_number(state, faction, kind)
    artifacts = ["crown"] if kind == "imp" else []
    u = Unit(id=uid, kind=kind, owner=faction, number=number, seq=state.next_seq, cell=cell, hp=1,
             artifacts=artifacts)
    if kind != "imp" and DATA.units[kind].from_ is not None:
        chain = []
        k = DATA.units[kind].from_
        while k is not None:
            chain.append(k)
            k = DATA.units[k].from_
        u.history = chain[::-1]
    u.hp = u.max_hp()
    u.ap = u.max_ap()
    state.next_seq += 1
    state.add_unit(u)


def three_actions(state: State, faction: str) -> list[BaseModel]:
    """Three legal actions for every unit of ``faction`` that can take them: attacks on an adjacent
    (or, for shooters, reachable) enemy, otherwise steps to a free neighbouring cell and back."""
    checker = Checker(state, faction)
    w = checker.world
    out: list[BaseModel] = []
    for u in sorted((u for u in w.iter_units() if u.side == faction), key=lambda u: u.seq):
        for _ in range(3):
            cur = w.unit(u.id)
            if cur is None or cur.ap <= 0:
                break
            order = _one_action(checker, cur, faction)
            if order is None:
                break
            out.append(order)
    return out


def _one_action(checker: Checker, u: Unit, faction: str) -> BaseModel | None:
    w = checker.world
    who = refs.label(w, u, faction)  # type: ignore[arg-type]
    reach = u.data.reach
    for cell in g.within(u.cell, reach, w.size):
        for t in w.units_at(cell):
            if t.side != faction:
                order = Attack(unit=u.id, who=who, target=t.id, whom=refs.label(w, t, faction), cell=t.cell)  # type: ignore[arg-type]
                if not checker.check(order):
                    return order
    for cell in g.neighbours(u.cell, w.size):
        if w.terrain(cell) == EMPTY and not w.unit_ids_at(cell):
            order = Move(unit=u.id, who=who, path=(cell,), ap=1)
            if not checker.check(order):
                return order
    return None


def play_round(state: State, seed: str = "round") -> tuple[State, list[tuple[str, list[BaseModel]]], int]:
    """One full round from ``state``: every archdemon in turn gets `three_actions` and is applied.
    Returns the state after the round, the (faction, orders) played and the number of events."""
    played: list[tuple[str, list[BaseModel]]] = []
    events = 0
    start_round = state.round
    step = 0
    while state.round == start_round and state.phase == "turn" and state.active is not None:
        faction = state.active
        orders = three_actions(state, faction)
        played.append((faction, orders))
        out = apply(state, faction, orders, Dice(seed_of(seed, step)))
        events += len(out.events)
        state = out.state
        step += 1
    return state, played, events


def replay_round(state: State, played: list[tuple[str, list[BaseModel]]], seed: str = "round") -> State:
    """Apply recorded orders again (what the benchmark times: resolution only)."""
    for step, (faction, orders) in enumerate(played):
        state = apply(state, faction, orders, Dice(seed_of(seed, step))).state
    return state
