"""What one viewer may see of a Tetranomicon state (checklist §5).

Secret, except to the GM: the order of the eight decks (everyone sees their sizes) and the trophy
supply (everyone sees how many tokens are left); with `setup_face_down` the level of a face-down
trophy on the board. Everything else — coins, buildings, routes, cards, trophies, pools — is open.
"""

from __future__ import annotations

from typing import Any

from letopis.engine.contract import Viewer, ViewerRole

from ..state import State


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    data = state.model_dump(mode="json")
    data.pop("opening", None)  # step 1's chronicle shows the set-up events
    data["creature_deck_sizes"] = [len(d) for d in state.creature_decks]
    data["artifact_deck_sizes"] = [len(d) for d in state.artifact_decks]
    data["supply_size"] = len(state.supply)
    data["viewer"] = {"role": viewer.role.value, "faction": viewer.faction}
    if viewer.role is ViewerRole.GM:
        return data
    data["creature_decks"] = None
    data["artifact_decks"] = None
    data["supply"] = None
    for cid, token in state.trophies.items():
        if not token.face_up:
            data["trophies"][cid]["level"] = None
    return data
