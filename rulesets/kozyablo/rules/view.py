"""What one viewer may see of a Kozyablo state (checklist §5).

The table is open; these are not:
- a hand: its owner and the GM see the cards, everyone else the count;
- a deck: the GM sees the order; its owner the remaining cards sorted (never the order);
  everyone the count;
- a submitted deck list: its owner and the GM;
- a creature in shadow: its owner and the GM; others see «карта в тени», its owner and sector
  (no card, stats, damage or artifacts);
- the answers others gave to a pending decision, and hand cards named in the active player's
  declared action (an Уклонение discard), until they are used.
Discard piles, production and the sectors are public.
"""

from __future__ import annotations

from typing import Any

from letopis.engine.contract import Viewer, ViewerRole

from ..refs import SHADOW_NAME
from ..state import State
from .world import production

HIDDEN_PIECE_KEYS = ("uid", "owner", "sector", "shadow")
SECRET_ORDER_KINDS = frozenset({"evade"})  # orders that name a card still in the hand


def is_gm(viewer: Viewer) -> bool:
    return viewer.role is ViewerRole.GM


def seat_of(viewer: Viewer) -> str | None:
    """The faction whose secrets this viewer shares (None for spectators and the GM)."""
    return viewer.faction if viewer.role is ViewerRole.PLAYER else None


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    data = state.model_dump(mode="json")
    gm, me = is_gm(viewer), seat_of(viewer)
    for fid, player in data["players"].items():
        src = state.players[fid]
        player["hand_count"] = len(src.hand)
        player["deck_count"] = len(src.deck)
        player["production"] = production(state, fid) if src.capital else None
        if gm:
            continue
        if fid != me:
            player["hand"] = None
            player["deck_list"] = None
        player["deck"] = None
        if fid == me:
            player["deck_remaining"] = sorted(src.deck)
    if not gm:
        for uid, piece in list(data["pieces"].items()):
            src_piece = state.pieces[uid]
            if src_piece.shadow and src_piece.owner != me:
                hidden = {k: piece[k] for k in HIDDEN_PIECE_KEYS}
                hidden["hidden"] = True
                hidden["name"] = SHADOW_NAME
                data["pieces"][uid] = hidden
        pending = data.get("pending")
        if pending:
            pending["answers"] = {f: (a if f == me else {"answered": True})
                                  for f, a in pending["answers"].items()}
            if pending["active"] != me:
                pending["action"] = [({"kind": o.get("kind"), "hidden": True} if o.get("kind") in SECRET_ORDER_KINDS else o)
                                     for o in pending["action"]]
    data["viewer"] = {"role": viewer.role.value, "faction": me}
    return data
