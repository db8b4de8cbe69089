"""Prices and the numbers around them: creature discounts (TET-ACT-07, TET-ARMY-05, TET-GAP-17),
the route price (TET-RTE-03), army strength (TET-ARMY-04) and monster strength with support
(TET-TRO-02, TET-GAP-03, TET-GAP-04).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..data import Material, material_for
from ..state import State

BUILDING_BASE = 4  # TET-BLD-09
ROUTE_BASE = 4  # TET-RTE-03
BUSY_CASTLE = 3  # a castle with 3 or 4 buildings makes a route 1 cheaper (TET-RTE-03)
SURCHARGE = 1  # per foreign route (TET-BLD-09) or uncovered segment (TET-TRO-05)
COMPENSATION = 1  # TET-INIT-03

LOW = frozenset({"farm", "sawmill"})
HIGH = frozenset({"mine", "quarry"})


class Discount(BaseModel):
    """One creature's −1 applied to an action."""

    model_config = ConfigDict(frozen=True)

    creature: str
    name: str
    amount: int = 1


def discount_codes(action: str, detail: str | None = None) -> frozenset[str]:
    """The property codes that reduce this action (TET-GAP-05): ``build`` with the building kind,
    ``route`` with water | land, ``campaign``, ``summon``, ``artifact``."""
    if action == "build":
        return frozenset({"build_all", "build_low" if detail in LOW else "build_high"})
    if action == "route":
        return frozenset({"route_all", f"route_{detail}"})
    return frozenset({action})


def discounts(state: State, faction: str, action: str, detail: str | None = None) -> list[Discount]:
    """Every property of the player's own creatures that reduces this action; they stack."""
    m = material_for(state)
    codes = discount_codes(action, detail)
    out = []
    for cid in state.players[faction].creatures:
        card = m.creatures[cid]
        for code in card.discounts:
            if code in codes:
                out.append(Discount(creature=cid, name=card.name))
    return out


def reduced(state: State, printed: int, cuts: list[Discount]) -> int:
    """The price after discounts, never below the floor (TET-GAP-17; a price already under the
    floor is not raised)."""
    floor = min(printed, state.options.cost_floor)
    return max(floor, printed - sum(d.amount for d in cuts))


def busy_castles(state: State, castles: tuple[str, ...] | list[str]) -> list[str]:
    """The castles among these with 3 or 4 buildings of anyone (TET-RTE-03)."""
    return [c for c in castles if len(state.buildings_in(c)) >= BUSY_CASTLE]


def army_strength(state: State, faction: str, m: Material | None = None) -> int:
    """The sum of the swords on the player's creature cards (TET-ARMY-04)."""
    m = m or material_for(state)
    return sum(m.creatures[c].swords for c in state.players[faction].creatures)


def influence(state: State, faction: str, m: Material | None = None) -> int:
    """The printed cost of the player's artifacts (TET-ART-05, TET-END-03, TET-GAP-17)."""
    m = m or material_for(state)
    return sum(m.artifacts[a].cost for a in state.players[faction].artifacts)


def glory(state: State, faction: str) -> int:
    """The total level of the player's trophies (TET-TRO-01, TET-END-05)."""
    return sum(t.level for t in state.players[faction].trophies)


def support(state: State, castle: str, m: Material | None = None) -> list[tuple[str, int]]:
    """Support for a castle's monsters from each monster-held neighbour (TET-GAP-04): +1 each
    (``plus_one``), the neighbour's level (``neighbour_levels``) or nothing (``none``)."""
    m = m or material_for(state)
    mode = state.options.monster_support
    if mode == "none":
        return []
    out = []
    for n in m.neighbours[castle]:
        token = state.trophies.get(n)
        if token is not None:
            out.append((n, 1 if mode == "plus_one" else token.level))
    return out


def monster_strength(state: State, castle: str, m: Material | None = None) -> int:
    """Own strength = the trophy level (TET-GAP-03) plus support (TET-GAP-04)."""
    token = state.trophies[castle]
    return token.level + sum(v for _, v in support(state, castle, m))
