"""One entry point for what a legal order does: `perform` dispatches to the module of its family.

The legality checker runs the very same functions on its overlay (with foresight instead of dice and
a silent chronicle), so a post that reads without errors is carried out exactly as it was checked
until a roll changes the facts (DK-GAP-11).
"""

from __future__ import annotations

from pydantic import BaseModel

from ..chronicle import Chronicle
from ..fate import Fate
from ..world import World
from . import abilities, archdemon, spells, towers
from . import units as actions

_DO = {
    "move": actions.do_move, "dig": actions.do_dig, "mine": actions.do_mine, "build": actions.do_build,
    "repair": actions.do_repair, "pickup": actions.do_pickup, "attack": actions.do_attack,
    "attack_building": actions.do_attack_building, "capture": actions.do_capture,
    "rune_unlock": actions.do_rune_unlock, "rune_exchange": actions.do_rune_exchange,
    "hospital": actions.do_hospital, "ability": abilities.do_ability, "summon": archdemon.do_summon,
    "upgrade_unit": archdemon.do_upgrade_unit, "upgrade_building": archdemon.do_upgrade_building,
    "research": spells.do_research, "cast": spells.do_cast, "alchemy": archdemon.do_alchemy,
    "forge": archdemon.do_forge, "equip": archdemon.do_equip, "spirit": archdemon.do_spirit,
    "tower_shot": towers.do_tower_shot,
}


def perform(w: World, ch: Chronicle, fate: Fate, faction: str, order: BaseModel) -> None:
    """Carry out one legal order (``end_turn`` is the turn flow's business, not an effect)."""
    do = _DO.get(order.kind)  # type: ignore[attr-defined]
    if do is not None:
        do(w, ch, fate, faction, order)
