"""Dungeon Keeper — Хранитель Подземелий, as a Letopis ruleset (checklist
``shared/checklists/dungeon_keeper.md``; id ``dungeon_keeper``, clause prefix ``DK-``).

The package is pure. Its map, for whoever builds on it:

- ``data/`` — the numbers as TOML (units, abilities, spells, buildings, items, economy), validated
  once at import (`data.DATA`, `DataError` in Russian naming the file and the field);
  `data.setup_document` is the JSON Schema of a GM's own setup document.
- `options`, `state` (the whole game; JSON round-trips), `orders` (each with its canonical Russian
  `to_text()`), `refs` (how units are numbered and named), `messages` (the one catalogue of Russian
  messages, by code).
- ``map/`` — the 45×45 dungeon: `map.geometry` (distances, the corner rule, sight, paths) and
  `map.generator` (the seeded map of a new game).
- `setup` — a new game, or a GM's own setup document (`import_setup`).
- `reader` — `read_post`, on its parts in ``reading/`` (words, syntax, binding names to the state,
  the order builders, frames, groups, typos, notes; the words in ``lexicon.toml``).
- ``rules/`` — `rules.legality` (is an order legal here and now: the checker the reader and the
  resolution share), `rules.actions` (what a legal order does), `rules.neutral` (the Hero and his
  gnome), `rules.turns`, `rules.turnflow` and `rules.resolution` (turns, rounds and carrying out a
  post), `rules.midgame` (mid-game positions for tests and benchmarks).
- `propose` (random legal posts as players write them), `correct` (a GM's correction lines),
  `picture` (the SVG map and the game page's summary), `roster` (the post page's forces) and
  `metrics` (the spectators' charts).

Rule and reader modules are imported when first needed, so that loading a state never pulls them in.
"""

from __future__ import annotations

import re
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
from . import setup as _setup
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .state import State

_AP_STEP = re.compile(r"\s*\d+\s*ОД\s*:", re.IGNORECASE)  # «1 ОД: …», a step line without its unit


class DungeonKeeper(Ruleset[State]):
    id = "dungeon_keeper"
    title = "Хранитель Подземелий"
    aliases = ("dk", "хранитель", "dungeon keeper")
    min_factions = MIN_PLAYERS
    max_factions = MAX_PLAYERS
    Options = Options
    State = State
    package_dir = Path(__file__).parent
    correction_examples = (
        "Глебу +5 маны",
        "у Анны −2 золота",
        "бес №2 Ваала получает 3 урона",
        "имп №1 лечится на 2",
    )

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> State:
        if not isinstance(options, Options):
            options = Options.model_validate(options.model_dump())
        return self._begun(_setup.setup(options, factions, dice))

    def import_setup(self, document: dict[str, Any]) -> State:
        return self._begun(_setup.import_setup(document))

    def setup_schema(self) -> dict[str, Any]:
        """Either the GM's own map and position (setup.py documents it) or a whole exported state."""
        from letopis.engine.contract import state_document_schema

        from .data import DATA
        from .data.setup_document import document_schema

        exported = state_document_schema(self)
        return {"title": f"Документ настройки: {self.title}", "$defs": exported.pop("$defs"),
                "oneOf": [document_schema(DATA.map.size, self.title), exported]}

    @staticmethod
    def _begun(state: State) -> State:
        """The first archdemon's turn begun (income, upkeep, ОД — DK-GAP-10) unless it already has."""
        from .rules import turns
        return turns.start_game(state)

    def turn(self, state: State) -> TurnInfo:
        from .rules import turns
        return turns.turn(state)

    def read(self, text: str, state: State, faction: str) -> Reading:
        from .reader import read_post
        return read_post(text, state, faction)

    def apply(self, state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
        from .rules import resolution
        return resolution.apply(state, faction, orders, dice)

    def default_orders(self, state: State, faction: str) -> list[BaseModel]:
        from .rules import turns
        return turns.default_orders(state, faction)

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        return _orders.load_orders(data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """The game is open (DK-GEN-03); only the GM sees contents fixed in the setup (DK-GAP-48)
        and things hidden in the rock (DK-GAP-23) — checklist §5."""
        data = state.model_dump(mode="json")
        if viewer.role is ViewerRole.GM:
            return data
        fixed_secret = state.options.object_contents == "fixed_in_setup"
        objects = {}
        for oid, obj in data["objects"].items():
            if state.concealed(state.objects[oid].cell):
                continue
            if fixed_secret:
                obj = {**obj, "gold": None, "taldear": None, "mana": None}
            objects[oid] = obj
        data["objects"] = objects
        if state.options.hide_objects_in_rock:
            data["mines"] = [m for m, mine in zip(data["mines"], state.mines) if not state.concealed(mine.cell)]
            data["buildings"] = {bid: b for bid, b in data["buildings"].items()
                                 if state.buildings[bid].owner is not None
                                 or not state.concealed(state.buildings[bid].cell)}
        return data

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        units = {f: float(sum(1 for u in state.units.values() if u.owner == f)) for f in state.seats}
        if state.winners:
            names = ", ".join(state.name(f) for f in state.winners)
            word = "Победа" if len(state.winners) == 1 else "Общая победа"
            return Result(winners=list(state.winners), scores=units, text=f"{word}: {names}.")
        return Result(winners=[], scores=units, draw=True, text="Игра окончена без победителя.")

    def propose(self, state: State, faction: str, dice: Dice) -> str:
        from . import propose
        return propose.propose(state, faction, dice)

    def draw(self, state: State, viewer: Viewer = PUBLIC) -> str | None:
        return _picture.draw(state, viewer)

    def summary(self, state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        return _picture.summary(state, viewer)

    def roster(self, state: State, faction: str) -> list[RosterGroup]:
        from .roster import roster
        return roster(state, faction)

    def examples(self, state: State, faction: str) -> list[str]:
        """The step's own example (a move of the first unit) first, then lines of proposals. A
        step line «1 ОД: …» that reads alone borrowed its unit from the only one that fits; an
        example names its unit, so such lines are left out."""
        from .reading.expect import example
        from .reading.view import View
        found = proposed_examples(self, state, faction, first=[example(View(state, faction))], limit=12)
        return [x for x in found if not _AP_STEP.match(x)][:6]

    def correct(self, state: State, text: str, dice: Dice | None = None) -> tuple[State, list[Any], list[Any]]:
        """A GM's patch lines (see correct.py); nothing applied on any error."""
        from .rules.neutral import manual as hero_manual
        if hero_manual.waiting(state):  # the GM writes the Hero's turn (hero_mode = gm_manual, DK-GAP-75)
            return hero_manual.correct(state, text, dice)
        from .correct import correct
        return correct(state, text)

    metrics = staticmethod(_metrics.metrics)  # charts of resources and forces


RULESET = DungeonKeeper()
