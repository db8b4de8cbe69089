"""Artifact conditions (TET-ART-02), checked only at the moment of creation (TET-GAP-31)."""

from __future__ import annotations

from ..data import BUILDING_GENITIVE_PLURAL, Condition, Material
from ..state import State
from .costs import army_strength, glory


def measure(state: State, faction: str, cond: Condition, m: Material, card: str | None = None) -> int:
    """What the player has of the thing the condition counts."""
    p = state.players[faction]
    own = state.buildings_of(faction)
    if cond.kind == "buildings":
        return sum(1 for b in own if cond.building is None or b.kind == cond.building)
    if cond.kind == "routes":
        return sum(1 for s in state.routes_of(faction)
                   if cond.route is None or m.segments[s].route_kind == cond.route)
    if cond.kind == "castles":
        return len({b.castle for b in own})
    if cond.kind == "building_types":
        return len({b.kind for b in own})
    if cond.kind == "creatures":
        return len(p.creatures)
    if cond.kind == "swords":
        return army_strength(state, faction, m)
    if cond.kind == "trophies":
        return len(p.trophies)
    if cond.kind == "glory":
        return glory(state, faction)
    return sum(1 for a in p.artifacts if a != card)  # artifacts: other artifacts


def describe(cond: Condition) -> str:
    """The condition as printed on the card, in Russian («не меньше 2 своих ферм»)."""
    n = cond.min
    if cond.kind == "buildings":
        if cond.building is None:
            return f"своих строений не меньше {n}"
        return f"своих {BUILDING_GENITIVE_PLURAL[cond.building]} не меньше {n}"
    if cond.kind == "routes":
        kind = {"water": "водных ", "land": "сухопутных ", None: ""}[cond.route]
        return f"своих {kind}маршрутов не меньше {n}"
    return {
        "castles": f"свои строения не меньше чем в {n} замках",
        "building_types": f"свои строения не меньше {n} разных видов",
        "creatures": f"существ в Армии не меньше {n}",
        "swords": f"сила армии не меньше {n}",
        "trophies": f"трофеев в Реликвиуме не меньше {n}",
        "glory": f"слава не меньше {n}",
        "artifacts": f"других артефактов не меньше {n}",
    }[cond.kind]


def unmet(state: State, faction: str, card: str, m: Material) -> list[tuple[Condition, int]]:
    """The card's conditions the player does not fulfil, each with what the player has."""
    out = []
    for cond in m.artifacts[card].conditions:
        have = measure(state, faction, cond, m, card)
        if have < cond.min:
            out.append((cond, have))
    return out
