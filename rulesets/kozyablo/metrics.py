"""Numbers for the spectators' charts, public ones only: production, creatures on the table (a card
in shadow is a face-down card everyone sees), hand and deck sizes, damage to the capital."""

from __future__ import annotations

from .refs import capital_sector
from .rules.world import creatures_in, production
from .state import State

GOLD, CRYSTALS, MANA = "Добыча золота", "Добыча кристаллов", "Добыча маны"
CREATURES, HAND, DECK, CAPITAL = "Существа на столе", "Карт в руке", "Карт в колоде", "Урон столице"


def metrics(state: State) -> dict[str, dict[str, float]]:
    if not state.sectors:  # before the deck step nothing is public yet
        return {}
    out: dict[str, dict[str, float]] = {}
    for fid in state.order or state.factions:
        player = state.players[fid]
        prod = production(state, fid)
        cap = capital_sector(state, fid)
        out[fid] = {
            GOLD: float(prod["gold"]), CRYSTALS: float(prod["crystals"]), MANA: float(prod["mana"]),
            CREATURES: float(sum(len(creatures_in(state, s, fid)) for s in state.sectors)),
            HAND: float(len(player.hand)), DECK: float(len(player.deck)),
            CAPITAL: float(cap.damage if cap else 0),
        }
    return out
