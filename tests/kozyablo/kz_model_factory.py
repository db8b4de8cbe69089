"""Tables for the model tests: a game set up and opened with chosen races, and pieces put down."""

from __future__ import annotations

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.options import Options
from rulesets.kozyablo.setup import open_table, setup
from rulesets.kozyablo.state import Piece, State

SEED = "ab" * 32
NAMES = {"a": "Анна", "b": "Борис", "c": "Вера", "d": "Глеб"}


def dice(seed: str = SEED) -> Dice:
    return Dice(seed)


def factions(n: int) -> list[Faction]:
    return [Faction(id=f, name=NAMES[f]) for f in "abcd"[:n]]


def new_game(*races: str, seed: str = SEED, **options) -> State:
    """Setup only (phase «decks»), then each player's starter deck of the given race filled in."""
    state = setup(Options(**options), factions(len(races)), dice(seed))
    for faction, race in zip(state.factions, races):
        player = state.players[faction]
        player.capital = CARDS.decks[race].capital
        player.deck_list = dict(CARDS.starter_deck(race))
    return state


def opened(*races: str, seed: str = SEED, **options) -> tuple[State, list]:
    state = new_game(*races, seed=seed, **options)
    events = open_table(state, dice(seed))
    return state, events


def put(state: State, card: str, owner: str, sector: str, **fields) -> Piece:
    """A card on the table, entering now."""
    uid, seq = state.next_uid()
    piece = Piece(uid=uid, card=card, owner=owner, sector=sector, seq=seq, **fields)
    state.pieces[uid] = piece
    return piece


def pos(state: State, faction: str) -> int:
    """The turn-order position (sector number) of a player."""
    return state.order.index(faction) + 1
