"""Тетраномикон: an economic race over four epochs, as a Letopis ruleset (checklist
``shared/checklists/tetranomicon.md``; id ``tetranomicon``, clause prefix ``TET-``).

The model, for whoever builds on it:

- ``data/`` — the material as TOML, validated on load (`data.load_material`, `data.material_for`;
  `MaterialError` in Russian naming the entry): ``board.toml`` («Малый Тетраномикон»: castles with
  ids, codes К1…, names, genitive, short forms, towers by number with terrain, monsters at set-up;
  segments У1… with their two castles and kind road | river), ``decks.toml`` (creatures: cost,
  swords, discount codes; artifacts: cost, conditions), ``trophies.toml`` (the supply). A GM names
  other files through `Options.board` / `decks` / `trophies` (a name in ``data/`` or an absolute path).
- `options.Options` — every per-game switch of the checklist's gaps, with its default.
- `state.State` — the whole game (JSON round-trips): seats, players (coins, artifacts, creatures,
  trophies, passed), epoch, holder of the first-player token, whose turn, buildings (owner, kind,
  castle, tower), routes (segment → owner), trophies on the board, freed castles, and the secrets:
  the eight decks' orders and the trophy supply.
- `orders` — `Build`, `LayRoute`, `CreateArtifact`, `Summon`, `Campaign`, `Pass`, each with
  canonical Russian `to_text()` (``Строить: ферма, Северград, башня 1``, ``Маршрут: Северград —
  Речной Брод (водный)``, ``Артефакт: «Печать Гильдии»``, ``Существо: «Речной Змей»``, ``Поход:
  Чернолесье из Дубравы``, ``Пас``).
- `messages` — the one catalogue of Russian violation messages and hints.
- ``rules/`` — the pure rules: `rules.legality.check(state, faction, order)` → violations with
  clause IDs plus a quote with all the arithmetic (`rules.explain.explain` writes it out);
  `rules.flow.turn` / `apply` / `default_orders` / `check_post`; `rules.setup.setup`;
  `rules.view.view`; `rules.transfer.import_setup` / `export_setup`; `rules.phases` for the
  automatic phases and the scoring; `rules.network` for the graph searches.
- `reader` (on the shared reading core; ``reading/``: words, lines, frames, messages; the words of
  the order language in ``lexicon.toml``) and `propose` (random legal posts as players write them).
- `picture` — the board as SVG, the game page's summary and the spectators' charts.

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

from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .state import State


def result_of(state: State) -> Result | None:
    """The winner after the epoch-4 scoring (TET-END-06), a shared victory after a tie that the
    raw totals do not break (TET-END-07, TET-GAP-29)."""
    if state.phase != "over":
        return None
    names = {f: p.name for f, p in state.players.items()}
    scores = {s.faction: float(s.total) for s in state.scores}
    who = ", ".join(names[f] for f in state.winners)
    if len(state.winners) > 1:
        return Result(winners=list(state.winners), scores=scores, text=f"Общая победа: {who}.")
    return Result(winners=list(state.winners), scores=scores, text=f"Победа: {who}.")


class Tetranomicon(Ruleset[State]):
    id = "tetranomicon"
    title = "Тетраномикон"
    aliases = ("tet", "тетраномикон")
    min_factions = MIN_PLAYERS
    max_factions = MAX_PLAYERS
    Options = Options
    State = State
    package_dir = Path(__file__).parent
    correction_examples = (
        "Анне +3 монеты",
        "трофей Каменца — Анне",
        "строение в Каменце, башня 2 — Борису",
        "убрать маршрут У5",
        "Анне: Грифон из пула",
        "жетон первого игрока — Вере",
        "Анна: пас снят",
    )
    hidden_information = True

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> State:
        from .rules.setup import setup
        return setup(options, factions, dice)

    def import_setup(self, document: dict[str, Any]) -> State:
        from .rules.transfer import import_setup
        return import_setup(document)

    def export_setup(self, state: State) -> dict[str, Any]:
        from .rules.transfer import export_setup
        return export_setup(state)

    def turn(self, state: State) -> TurnInfo:
        from .rules.flow import turn
        return turn(state)

    def read(self, text: str, state: State, faction: str) -> Reading:
        from .reader import read_post
        return read_post(text, state, faction)

    def apply(self, state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
        from .rules.flow import apply
        return apply(state, faction, orders, dice)

    def default_orders(self, state: State, faction: str) -> list[BaseModel]:
        from .rules.flow import default_orders
        return default_orders(state, faction)

    def correct(self, state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
        """The GM's correction lines (TET-GM-01): coins, trophies, buildings, routes, cards, the token, passes."""
        from .correct import correct
        return correct(state, text)

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        from .orders import load_orders
        return load_orders(data)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        from .rules.view import view
        return view(state, viewer)

    def result(self, state: State) -> Result | None:
        return result_of(state)

    def secrets_revealed(self, state: State) -> bool:
        """Deck orders and the trophy supply become public when the game ends (checklist §5)."""
        return state.phase == "over"

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
        """The step's own example (a legal order of the poster, canonical) first, then lines of
        proposals."""
        from .data import material_for
        from .reader import _example
        return proposed_examples(self, state, faction, first=[_example(state, faction, material_for(state))])

    def metrics(self, state: State) -> dict[str, dict[str, float]]:
        from .picture import metrics
        return metrics(state)


RULESET = Tetranomicon()
