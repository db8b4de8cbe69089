"""Numbers for the spectators' charts: each archdemon's treasury and forces.

Units are counted by owner (subjugated units count for their new owner); imps are workers, so
the military count leaves them out and the imp count is its own line.
"""

from __future__ import annotations

from .state import State

MANA, GOLD, IRON, TALDEAR = "Мана", "Золото", "Железо", "Тальдеар"
IMPS, MILITARY, HEALTH = "Бесы", "Боевые отряды", "Здоровье отрядов"


def metrics(state: State) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for fid in state.seats:
        p = state.players[fid]
        out[fid] = {MANA: float(p.mana), GOLD: float(p.gold), IRON: float(p.iron), TALDEAR: float(p.taldear),
                    IMPS: 0.0, MILITARY: 0.0, HEALTH: 0.0}
    for unit in state.units.values():
        row = out.get(unit.owner or "")
        if row is None:
            continue
        row[IMPS if unit.kind == "imp" else MILITARY] += 1
        row[HEALTH] += unit.hp
    return out
