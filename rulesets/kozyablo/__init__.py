"""Козябло: a collectible card game with hidden hands, as a Letopis ruleset (checklist
``shared/checklists/kozyablo.md``; id ``kozyablo``, clause prefix ``KZ-``).

The package is pure. Its map, for whoever builds on it:

- ``data/`` — the card set as TOML (``cards.toml``: cards, races, starter decks), validated on load
  (`data.book_for`, `CardFileError` in Russian naming the card); a GM names another card file
  through `Options.card_file`.
- `options`, `state` (the whole game; JSON round-trips), `orders` (each with its canonical Russian
  `to_text()`), `refs` (how sectors and cards on the table are named and found), `messages` (the
  one catalogue of Russian rule messages, by code).
- `setup` — the players seated, and the table opened after the deck posts.
- `reader` — `read_post`, on its parts in ``reading/`` (words, the table's names, the grammar of
  one sentence and its order modules, what each step expects; the words in ``lexicon.toml``).
- ``rules/`` — `rules.turns` (who posts: deck lists, mulligans, turns, reaction posts),
  `rules.legality` (the checker the reader asks), `rules.resolution` (carrying a post out) and
  the modules they use, ``rules/combat/`` among them; `rules.view` shows only what a viewer may
  know (checklist §5).
- `propose` (random legal posts as players write them), `correct` (a GM's correction lines, on
  ``correction/``), `picture` (the table as SVG and the game page's summary), `roster` (the post
  page's hand and table) and `metrics` (the spectators' charts).

The modules behind the play methods are imported when first used, so this package imports on its
own.
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
from letopis.engine.events import Event
from letopis.engine.examples import proposed_examples
from letopis.engine.problems import Problem

from . import setup as _setup
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .state import State


def result_of(state: State) -> Result | None:
    """The end of the game: the winners, or a draw at ``max_rounds`` (KZ-WIN, KZ-DEF-WIN-04)."""
    if state.phase != "over":
        return None
    names = {f: p.name for f, p in state.players.items()}
    scores = {f: (1.0 if f in state.winners else 0.0) for f in state.factions}
    if state.draw or not state.winners:
        return Result(winners=[], scores=scores, draw=True, text="Ничья: предел кругов исчерпан.")
    who = ", ".join(names[f] for f in state.winners)
    return Result(winners=list(state.winners), scores=scores, text=f"Победа: {who}.")


class Kozyablo(Ruleset[State]):
    id = "kozyablo"
    title = "Козябло"
    aliases = ("kz", "козябло")
    min_factions = MIN_PLAYERS
    max_factions = MAX_PLAYERS
    Options = Options
    State = State
    package_dir = Path(__file__).parent
    correction_examples = (
        "Анне +2 золота",
        "у Бориса −1 кристалл",
        "Анне в руку: Оса",
        "карту Шмель №2 Бориса — в сброс",
        "Пыльца из сброса Бориса — наверх колоды",
        "Шмель №1 Бориса получает 1 урона",
        "Позорище: урон 3",
    )
    hidden_information = True

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> State:
        return _setup.setup(options, factions, dice)

    def turn(self, state: State) -> TurnInfo:
        from .rules.turns import turn
        return turn(state)

    def read(self, text: str, state: State, faction: str) -> Reading:
        from .reader import read_post
        return read_post(text, state, faction)

    def apply(self, state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
        from .rules.resolution import apply
        return apply(state, faction, orders, dice)

    def default_orders(self, state: State, faction: str) -> list[BaseModel]:
        from .rules.turns import default_orders
        return default_orders(state, faction)

    def correct(self, state: State, text: str, dice: Dice | None = None) -> tuple[State, list[Event], list[Problem]]:
        """The GM's correction lines (KZ-DEF-GM-01): production, cards moved, damage."""
        from .correct import correct
        return correct(state, text, dice)

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        from .orders import load_orders
        return load_orders(data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        from .rules.view import view
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return result_of(state)

    def secrets_revealed(self, state: State) -> bool:
        """Shuffle seeds are public at the end, or at once if the GM chose so (checklist §5)."""
        return state.options.reveal_seeds == "at_once" or state.phase == "over"

    def propose(self, state: State, faction: str, dice: Dice) -> str:
        from .propose import propose
        return propose(state, faction, dice)

    def draw(self, state: State, viewer: Viewer = PUBLIC) -> str | None:
        from .picture import draw
        return draw(state, viewer)

    def summary(self, state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        from .picture import summary
        return summary(state, viewer)

    def roster(self, state: State, faction: str) -> list[RosterGroup]:
        from .roster import roster
        return roster(state, faction)

    def examples(self, state: State, faction: str) -> list[str]:
        """The step's own example (from the poster's hand and table) first, then lines of proposals."""
        from .reader import mode_of
        from .reading.steps import example
        return proposed_examples(self, state, faction, first=[example(state, faction, mode_of(state, faction))])

    def metrics(self, state: State) -> dict[str, dict[str, float]]:
        from .metrics import metrics
        return metrics(state)


RULESET = Kozyablo()
