"""Dice Roll Party — Дуэль: a dice-and-token duel, as a Letopis ruleset.

The package is pure: `setup` deals, `legality` checks orders, `effects` and `resolution` carry them
out, `turns` says who posts, `propose` writes random legal posts, `picture` draws the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from letopis.engine.contract import (
    PUBLIC,
    Faction,
    Outcome,
    Reading,
    Result,
    RosterGroup,
    Ruleset,
    TurnInfo,
    Viewer,
    ViewerRole,
)
from letopis.engine.dice import Dice
from letopis.engine.examples import proposed_examples

from . import metrics as _metrics
from . import orders as _orders
from . import picture as _picture
from . import propose as _propose
from . import resolution as _resolution
from . import roster as _roster
from . import setup as _setup
from . import turns as _turns
from .effects import scores
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .state import State


class DiceRollParty(Ruleset[State]):
    id = "dice_roll_party"
    title = "Dice Roll Party — Дуэль"
    aliases = ("drp", "дуэль")
    min_factions = MIN_PLAYERS
    max_factions = MAX_PLAYERS
    Options = Options
    State = State
    package_dir = Path(__file__).parent
    correction_examples = (
        "+2 синих Анне",
        "у Бориса −1 красный",
        "П2 Бориса: +1 время",
    )

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> State:
        if not isinstance(options, Options):
            options = Options.model_validate(options.model_dump())
        return _setup.setup(options, factions, dice)

    def turn(self, state: State) -> TurnInfo:
        return _turns.turn(state)

    def read(self, text: str, state: State, faction: str) -> Reading:
        from .reader import read_post  # written alongside; imported only when posts are read
        return read_post(text, state, faction)

    def apply(self, state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
        return _resolution.apply(state, faction, orders, dice)

    def default_orders(self, state: State, faction: str) -> list[BaseModel]:
        return _turns.default_orders(state, faction)

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        return _orders.load_orders(data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Everything is open except sealed builds not yet revealed (DRP-GAP-03, checklist §5)."""
        data = state.model_dump(mode="json")
        if state.phase == "build" and state.options.sealed_builds:
            for fid, player in data["players"].items():
                if viewer.role is ViewerRole.GM or viewer.faction == fid:
                    continue
                player["build"] = [{"hidden": True} if c is not None else None for c in player["build"]]
        return data

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        sc = {f: float(n) for f, n in scores(state).items()}
        if state.winner:
            return Result(winners=[state.winner], scores=sc, text=f"Победа: {state.name(state.winner)}.")
        return Result(winners=[], scores=sc, draw=True, text="Ничья.")

    def propose(self, state: State, faction: str, dice: Dice) -> str:
        return _propose.propose(state, faction, dice)

    def draw(self, state: State, viewer: Viewer = PUBLIC) -> str | None:
        return _picture.draw(state, viewer)

    def summary(self, state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        return _picture.summary(state, viewer)

    def roster(self, state: State, faction: str) -> list[RosterGroup]:
        return _roster.roster(state, faction)

    def examples(self, state: State, faction: str) -> list[str]:
        """The step's own example (issue 9) first, then lines of proposals."""
        from .reading.expect import example
        return proposed_examples(self, state, faction, first=[example(state, faction)])

    def correct(self, state: State, text: str) -> tuple[State, list[Any], list[Any]]:
        """A GM's patch lines (see correct.py); nothing applied on any error."""
        from .correct import correct
        return correct(state, text)

    metrics = staticmethod(_metrics.metrics)  # charts of resources and forces


RULESET = DiceRollParty()
