"""Small hand-made Dungeon Keeper states for the model tests: a rock map with dug cells drawn in."""

from __future__ import annotations

from rulesets.dungeon_keeper.options import Options
from rulesets.dungeon_keeper.state import Archdemon, State, Unit

SIZE = 45


def blank(dug: list[tuple[int, int]] = (), players: tuple[str, ...] = ("Ваал", "Лилит"), **options) -> State:
    """A state of solid rock with ``dug`` cells empty and no buildings; players p1, p2, …"""
    rows = [["#"] * SIZE for _ in range(SIZE)]
    for r, c in dug:
        rows[r - 1][c - 1] = "."
    seats = [f"p{i}" for i in range(1, len(players) + 1)]
    return State(options=Options(**options), rows=["".join(r) for r in rows], seats=seats, order=list(seats),
                 players={f: Archdemon(name=n, seat=i) for i, (f, n) in enumerate(zip(seats, players), 1)},
                 active=seats[0])


def area(r0: int, c0: int, r1: int, c1: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def put(state: State, uid: str, kind: str, owner: str | None, cell: tuple[int, int], number: int = 1,
        **fields) -> Unit:
    unit = Unit(id=uid, kind=kind, owner=owner, number=number, seq=state.next_seq, cell=cell, hp=1, **fields)
    unit.hp = fields.get("hp", unit.max_hp())
    state.next_seq += 1
    state.add_unit(unit)
    return unit
