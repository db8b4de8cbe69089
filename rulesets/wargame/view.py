"""What each viewer may see (checklist §5). Battles are open: positions, wounds, ОМ, army lists,
artifacts and dice are public. Two things are not: with `hidden_deployment` a deployment post
that has arrived is seen only by its author and the GM until every post is in (then the server
reveals them all at once); a decision answer is applied the moment it arrives, so no stored
answer is ever pending. Magic cards (`magic_cards`) are recorded only once played, and a played
card is public."""

from __future__ import annotations

from typing import Any

from letopis.engine.contract import Viewer, ViewerRole

from .state import State


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    data = state.model_dump(mode="json")
    if viewer.role is ViewerRole.GM:
        return data
    hidden = data.get("hidden_posts") or {}
    data["hidden_posts"] = {f: (orders if viewer.role is ViewerRole.PLAYER and viewer.faction == f else [])
                            for f, orders in hidden.items()}
    if data.get("pending") and data["pending"].get("answer") is not None and \
            not (viewer.role is ViewerRole.PLAYER and viewer.faction == data["pending"]["faction"]):
        data["pending"]["answer"] = None
    return data
