"""Numbers for the spectators' charts: each player's tokens in storage and on characters.

Sealed builds stay sealed: tokens on characters count only once the build is revealed (the
slots are filled), so a chart never tells more than the board does (DRP-GAP-03).
"""

from __future__ import annotations

from .state import State

STORAGE = "Жетоны в хранилище"
ON_CHARACTERS = "Жетоны на персонажах"
ALIVE = "Живые персонажи"


def metrics(state: State) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for fid in state.seats:
        player = state.player(fid)
        living = player.living() if player.built else []
        out[fid] = {
            STORAGE: float(player.storage.total),
            ON_CHARACTERS: float(sum(c.total for _, c in living)),
            ALIVE: float(len(living)),
        }
    return out
