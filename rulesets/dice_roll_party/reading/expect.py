"""What a step expects, for a post with no order at all (issue 9): the form in words and an
example built from the poster's own characters («П2 атакует П1 соперника», «Снимаю время: 1 с П4.»).
"""

from __future__ import annotations

from pydantic import BaseModel

from ..orders import Attack, Bid, Defence, Handicap, Skip, Soak
from ..rules import mechanics as m
from ..state import State

EXPECTED = {
    "build": "четыре строки расстановки, по одной на персонажа",
    "auction": "ставка времени или «пас»",
    "handicap": "с каких персонажей снимается время форы",
    "turn": "приказы хода: фаза ресурсов и одна строка атаки",
    "defence": "усиления защиты или «без усилений»",
    "soak": "сколько урона гасите временем (0 — не гасить)",
}
_BUILD_EXAMPLE = "П1: В3 А4 З2 Ф3"


def example(state: State, faction: str) -> str | None:
    """An order of this step written with the poster's own characters."""
    order = _example_order(state, faction)
    if order is None:
        return _BUILD_EXAMPLE if state.phase == "build" else None
    return order.to_text()  # type: ignore[attr-defined]


def _example_order(state: State, faction: str) -> BaseModel | None:
    if faction not in state.players:
        return None
    phase = state.phase
    if phase == "turn":
        able = m.able_attackers(state, faction)
        targets = [(f, slot) for f in state.opponents(faction) for slot, _ in state.player(f).living()]
        if not able or not targets:
            return Skip()
        f, slot = targets[0]
        return Attack(attacker=able[0], target=slot,
                      target_faction=f if len(state.opponents(faction)) > 1 else None)
    if phase == "defence":
        return Defence()
    if phase == "soak":
        return Soak(amount=1)
    if phase == "auction":
        return Bid(amount=1)
    if phase == "handicap":
        rich = [(slot, c.time) for slot, c in state.player(faction).living() if c.time]
        return Handicap(takes=((rich[0][0], 1),)) if rich else None
    return None
