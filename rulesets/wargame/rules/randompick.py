"""Random picks (WG-DEF-RANDOM-01, WG-GAP-32): candidates in canonical order (player in round
order, then army list); for n ≤ 6 a d6 re-rolled while above n, for n > 6 a dN. Every roll is a
`Dice` draw, so it appears in the chronicle."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Roll

from ..state import State


def canonical(state: State, fids: list[str]) -> list[str]:
    return sorted(fids, key=lambda f: (state.rank(state.figures[f].side), state.figures[f].order))


def pick_index(dice: Dice, n: int, purpose: str) -> tuple[int, list[Roll]]:
    if n <= 0:
        raise ValueError("nothing to pick from")
    rolls: list[Roll] = []
    if n > 6:
        r = dice.roll(n, purpose)
        return r.value - 1, [r]
    while True:
        r = dice.roll(6, purpose)
        rolls.append(r)
        if r.value <= n:
            return r.value - 1, rolls


def pick(dice: Dice, items: list, purpose: str):
    i, rolls = pick_index(dice, len(items), purpose)
    return items[i], rolls
