"""Helpers for the wargame tests: a fresh battle, figures placed by hand, fixed dice."""

from __future__ import annotations

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.wargame.battle.setup import setup
from rulesets.wargame.options import Options
from rulesets.wargame.state import State

SEED = "00" * 32


class FixedDice(Dice):
    """A Dice whose draws are given in advance (then the seed's own values follow)."""

    def __init__(self, values: list[int] | None = None) -> None:
        super().__init__(SEED)
        self.queue = list(values or [])

    def roll(self, sides: int, purpose: str = ""):
        if self.queue:
            value = self.queue.pop(0)
            assert 1 <= value <= sides, (value, sides, purpose)
            self.overrides[len(self.rolls)] = (value, "тест")
        return super().roll(sides, purpose)


def battle(players: int = 2, **options) -> State:
    """A battle in the deploy phase with nobody on the board; p1 is first in the setup order."""
    factions = [Faction(id=f"p{i}", name=n) for i, n in zip(range(1, players + 1), ["Аня", "Борис", "Вера", "Глеб"])]
    state = setup(Options(**options), factions, FixedDice([6, 5, 4, 3][:players]))
    return state


def fight_ready(players: int = 2, **options) -> State:
    """A battle in round 1's maneuver phase with an empty board (place figures with `put`)."""
    state = battle(players, **options)
    state.phase = "maneuver"
    state.round = 1
    state.order = list(state.setup_order)
    state.active = 0
    return state


def put(state: State, fid: str, x: int, y: int, **fields) -> str:
    fig = state.figures[fid]
    fig.cell = (x, y)
    for k, v in fields.items():
        setattr(fig, k, v)
    return fid


def melee_now(state: State, dice: Dice):
    """Run the melee phase at once (as if the last shooting post had just resolved)."""
    from rulesets.wargame.battle.engine import run
    state.phase = "shooting"
    state.active = len(state.order)
    out: list = []
    run(state, dice, out)
    return out


def answer(state: State, faction: str, orders, dice: Dice):
    from rulesets.wargame.battle.engine import apply
    outcome = apply(state, faction, list(orders), dice)
    return outcome.state, outcome.events


def texts(events) -> str:
    return "\n".join(e.text for e in events)
