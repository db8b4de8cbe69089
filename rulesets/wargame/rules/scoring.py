"""Melee scores (WG-MELEE-04..08, WG-DEF-MELEE-04, WG-GAP-10/11/16/31). All points are kept in
half-points (an int, 2 = one point) so +0,5 bonuses stay exact (WG-GAP-12)."""

from __future__ import annotations

from dataclasses import dataclass

from ..state import Figure, State
from .artifacts import detachment_effect, self_melee
from .geometry import dist, elevation, terrain


@dataclass(frozen=True)
class Score:
    figure: str
    die: int
    parts: tuple[tuple[str, int], ...]  # (Russian label, half-points) of every bonus
    total: int  # half-points after halving a wounded figure
    halved: bool

    @property
    def raw(self) -> int:
        return self.die * 2 + sum(v for _, v in self.parts)


def aura(state: State, fig: Figure, side_participants: list[Figure]) -> int:
    """WG-MELEE-08, WG-GAP-31: +1 (in points) to every other figure of the отряд whose commander
    takes part; «Знамя доблести» makes it +2. The dragon has no отряд and gets none."""
    spec = state.spec(fig)
    if spec.detachment is None or spec.commander:
        return 0
    for p in side_participants:
        ps = state.spec(p)
        if p.id != fig.id and ps.commander and ps.detachment == spec.detachment:
            return detachment_effect(state, fig, "aura") or 1
    return 0


def height(state: State, fig: Figure, enemies: list[Figure], besieged: bool = False) -> int:
    """WG-MELEE-07, WG-GAP-16: +1 if the figure's cell is higher than the cell of every enemy
    participant within 1 step (and there is one); at most +1. WG-TOWER-04: a holder of the tower
    (``besieged``: the enemies storm it) always gets it, wherever on the tower he stands."""
    if besieged and terrain(state.board, fig.cell) == "tower":  # type: ignore[arg-type]
        return 1
    near = [e for e in enemies if dist(fig.cell, e.cell) <= 1]  # type: ignore[arg-type]
    if not near:
        return 0
    mine = elevation(state.board, fig.cell)  # type: ignore[arg-type]
    return 1 if all(mine > elevation(state.board, e.cell) for e in near) else 0  # type: ignore[arg-type]


def halve(state: State, die: int, bonus_h: int) -> int:
    """WG-MELEE-06, WG-GAP-11: a wounded figure scores half, rounded up to a whole point —
    of its whole total (default), or of the die and of the bonuses separately."""
    if state.options.wounded_halving == "separate":
        return 2 * (-(-die // 2)) + 2 * (-(-bonus_h // 4))
    return 2 * (-(-(die * 2 + bonus_h) // 4))


def score(state: State, fig: Figure, die: int, own: list[Figure], enemies: list[Figure],
          besieged: bool = False) -> Score:
    """WG-DEF-MELEE-04: die + army-list bonus + aura + height + artifact; wounded halved.
    ``besieged``: the enemies storm the tower this side holds (WG-TOWER-04)."""
    parts: list[tuple[str, int]] = []
    bonus = state.spec(fig).melee_bonus_h
    if bonus:
        parts.append(("армлист", bonus))
    a = aura(state, fig, own)
    if a:
        parts.append(("аура", 2 * a))
    h = height(state, fig, enemies, besieged)
    if h:
        parts.append(("высота", 2))
    s = self_melee(state, fig)
    if s:
        parts.append(("артефакт", 2 * s))
    bonus_h = sum(v for _, v in parts)
    if fig.wounded:
        return Score(fig.id, die, tuple(parts), halve(state, die, bonus_h), True)
    return Score(fig.id, die, tuple(parts), die * 2 + bonus_h, False)
