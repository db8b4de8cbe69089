"""«Битвы FANTASY», the miniature wargame, as a Letopis ruleset (checklist
``shared/checklists/wargame.md``; id ``wargame``, clause prefix ``WG-``).

Pure code and data. `data` loads maps and army lists from TOML; `state` is the whole battle
(figures on a grid, the round and phase, a resolution stack that pauses for decisions);
`options` holds the GM's switches; `orders` the order value objects with their canonical Russian
texts; `messages` the catalogue of Russian messages. `rules` holds the pure mechanics (grid and
paths, contact and participants, scores, damage, shooting, healing, artifacts, victory, random
picks); `battle` runs them: setup, whose post, checking and applying posts, the melee phase that
stops at each decision, and the deadline defaults.

`reader` reads posts on the shared reading core (the order language as frames in
``reading/frames.py``, the words in ``lexicon.toml``); `correct` applies the GM's correction lines
(magic cards, artifacts by his ruling, figures changed by his hand); `propose` writes random legal posts and
decision answers as players write them; `view` hides what checklist §5 keeps private; `transfer`
imports a battle already running on a forum (``examples/setup-example.json``); `picture` draws
the grid as SVG and gives the summary and the spectators' numbers.
The modules behind the play methods are imported when first used.
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
)
from letopis.engine.dice import Dice
from letopis.engine.examples import proposed_examples

from .battle.engine import apply
from .battle.setup import setup
from .battle.turns import default_orders, turn
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .rules.victory import result
from .state import State

__all__ = ["RULESET", "Wargame", "apply", "default_orders", "result", "setup", "turn"]


class Wargame(Ruleset[State]):
    id = "wargame"
    title = "Битвы FANTASY"
    aliases = ("wg", "варгейм", "битвы fantasy")
    min_factions = MIN_PLAYERS
    max_factions = MAX_PLAYERS
    Options = Options
    State = State
    package_dir = Path(__file__).parent
    correction_examples = (
        "Орк №1 Бориса: ранен",
        "Орк №1 Бориса: исцелён",
        "Орк №1 Бориса: воскрешён на 8-8",
        "Катапульта Ани: +1 повреждение",
        "Карта «Туман» (Борис): лучники Ани не видят дальше 4 шагов",
        "Активировать артефакт «Знамя доблести» (Аня)",
    )
    hidden_information = False

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> State:
        return setup(options, factions, dice)  # type: ignore[arg-type]

    def import_setup(self, document: dict[str, Any]) -> State:
        from .transfer import import_setup
        return import_setup(document)

    def export_setup(self, state: State) -> dict[str, Any]:
        from .transfer import export_setup
        return export_setup(state)

    def setup_schema(self) -> dict[str, Any]:
        """Either a whole state (`export_setup`) or the forum form of `transfer.import_setup`."""
        from letopis.engine.contract import state_document_schema
        whole = state_document_schema(self)
        defs = whole.pop("$defs", {})
        figure = {"oneOf": [{"type": "string", "description": "клетка x-y"}, {
            "type": "object", "properties": {"cell": {"type": "string"}, "wounded": {"type": "boolean"},
                                             "units": {"type": "integer", "minimum": 0},
                                             "lives": {"type": "integer", "minimum": 1},
                                             "killed": {"type": "boolean"}}, "additionalProperties": False}]}
        forum = {
            "type": "object", "required": ["ruleset", "players"],
            "properties": {
                "ruleset": {"const": self.id}, "options": {"type": "object"},
                "round": {"type": "integer", "minimum": 1}, "phase": {"enum": ["maneuver", "shooting"]},
                "order": {"type": "array", "items": {"type": "string"}}, "active": {"type": "integer", "minimum": 0},
                "players": {"type": "array", "minItems": 2, "maxItems": 4, "items": {
                    "type": "object", "required": ["id", "figures"],
                    "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "army": {"type": "string"},
                                   "figures": {"type": "object", "additionalProperties": figure},
                                   "active_artifacts": {"type": "array", "items": {"type": "string"}}}}},
                "factions": whole["properties"]["factions"]},
        }
        return {"title": whole["title"], "anyOf": [whole, forum], "$defs": defs}

    def turn(self, state: State) -> TurnInfo:
        return turn(state)

    def read(self, text: str, state: State, faction: str) -> Reading:
        from .reader import read_post
        return read_post(text, state, faction)

    def apply(self, state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
        out = apply(state, faction, orders, dice)
        # what the picture draws as arrows: the public moves and shots of this step's posts
        marks = [{"kind": e.kind, "data": e.data} for e in out.events
                 if e.public and e.kind in ("move", "teleport", "shot")]
        at = [state.round, state.phase]
        out.state.trail = [*state.trail, *marks] if state.trail_at == at else marks
        out.state.trail_at = at
        return out

    def default_orders(self, state: State, faction: str) -> list[BaseModel]:
        return default_orders(state, faction)

    def correct(self, state: State, text: str, dice: Dice | None = None) -> tuple[State, list[Any], list[Any]]:
        """A GM's lines (see correct.py): magic cards, artifacts by his ruling, figures changed by
        his hand; nothing applied on any error."""
        from .correct import correct
        return correct(state, text, dice)

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        from .orders import load_orders
        return load_orders(data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        from .view import view
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return result(state)

    def draw(self, state: State, viewer: Viewer = PUBLIC) -> str | None:
        from .picture import draw
        return draw(state, viewer, events=state.trail)

    def summary(self, state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        from .picture import summary
        return summary(state, viewer)

    def roster(self, state: State, faction: str) -> list[RosterGroup]:
        from .roster import roster
        return roster(state, faction)

    def examples(self, state: State, faction: str) -> list[str]:
        """The step's own example (the poster's first figure) first, then lines of proposals."""
        from .reader import example, step_of
        step, _ = step_of(state, faction)
        first = [example(state, faction, step)] if step is not None else []
        return proposed_examples(self, state, faction, first=first)

    def metrics(self, state: State) -> dict[str, dict[str, float]]:
        from .picture import metrics
        return metrics(state)

    def propose(self, state: State, faction: str, dice: Dice) -> str:
        from .propose import propose
        return propose(state, faction, dice)


RULESET = Wargame()
