"""Dice Roll Party — Дуэль: a dice-and-token duel, as a Letopis ruleset (checklist
``shared/checklists/dice_roll_party.md``; id ``dice_roll_party``, clause prefix ``DRP-``).

The package is pure. Its map, for whoever builds on it:

- ``data/`` — the numbers a GM may change without touching Python (``numbers.toml``: the die
  chain, tokens per character, costs), validated once at import (`data.DATA`).
- `options`, `state` (the whole game; JSON round-trips), `orders` (each with its canonical Russian
  `to_text()`), `messages` (the one catalogue of Russian messages, by code).
- `setup` — the deal: the bag shuffled with the step's dice, tokens dealt, the builds opened.
- `reader` — `read_post`, on its parts in ``reading/`` (the line grammar and the order parsers,
  and the pieces built on the engine's reading core; the words in ``lexicon.toml``).
- ``rules/`` — `rules.legality` (is an order legal here and now; the reader's interface),
  `rules.effects` (what a legal order does) and `rules.resolution` (carrying out a post, with the
  dice), `rules.turns` (who posts now, the deadline's default), `rules.mechanics` (small formulas).
- `propose` (random legal posts as players write them), `correct` (a GM's correction lines),
  `picture` (the board as SVG and the game page's summary), `roster` (the post page's characters)
  and `metrics` (the spectators' charts).
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
from . import roster as _roster
from . import setup as _setup
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .rules import resolution as _resolution
from .rules import turns as _turns
from .rules.effects import scores
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
