"""Tables and helpers for the Kozyablo reader tests.

`table()` opens a game of the given races (seat a = Анна, b = Борис, c = Вера, d = Глеб), puts it in
the play phase with the poster's hand and the pieces a test names, and `read()` reads a post
strictly (a reader bug surfaces as an exception, not as a «could not read» error). Sector ids
follow turn order: with Позорки and Трутни, Анна (Позорки) is position 1 and Борис position 2.
"""

from __future__ import annotations

from letopis.engine.contract import Faction, LineStatus, Reading
from letopis.engine.dice import Dice
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.options import Options
from rulesets.kozyablo.reader import read_post_strict
from rulesets.kozyablo.refs import TableNamer
from rulesets.kozyablo.setup import open_table, setup
from rulesets.kozyablo.state import Piece, State

SEED = "cd" * 32
NAMES = {"a": "Анна", "b": "Борис", "c": "Вера", "d": "Глеб"}


def table(races: tuple[str, ...] = ("pozorki", "trutni"), hand: dict[str, list[str]] | None = None,
          pieces: list[tuple] = (), active: str = "a", phase: str = "play", names: dict[str, str] | None = None,
          control: dict[str, str] | None = None, **options) -> State:
    """An opened table in the play phase. ``pieces``: (card, owner, sector id[, fields dict]);
    ``control``: sector id → the faction that controls it."""
    names = names or NAMES
    factions = [Faction(id=f, name=names[f]) for f in "abcd"[:len(races)]]
    state = setup(Options(**options), factions, Dice(SEED))
    for faction, race in zip(state.factions, races):
        player = state.players[faction]
        player.capital = CARDS.decks[race].capital
        player.deck_list = dict(CARDS.starter_deck(race))
    open_table(state, Dice(SEED))
    state.phase = phase  # type: ignore[assignment]
    for f, p in state.players.items():
        p.hand = list((hand or {}).get(f, []))
        p.mulligan_done = phase != "mulligan"
    state.active = state.order.index(active)
    for spec in pieces:
        card, owner, sector, *extra = spec
        uid, seq = state.next_uid()
        state.pieces[uid] = Piece(uid=uid, card=card, owner=owner, sector=sector, seq=seq, **(extra[0] if extra else {}))
    for sid, f in (control or {}).items():
        state.sectors[sid].controller = f
    return state


def uid(state: State, card: str, owner: str, n: int = 1) -> str:
    """The uid of the owner's n-th copy of a card on the table."""
    found = sorted((p for p in state.pieces.values() if p.card == card and p.owner == owner), key=lambda p: p.seq)
    return found[n - 1].uid


def read(text: str, state: State, faction: str = "a") -> Reading:
    return read_post_strict(text, state, faction)


def orders(text: str, state: State, faction: str = "a") -> list:
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    return r.orders


def errors(r: Reading) -> list[str]:
    return [p.code for p in r.problems if p.is_error]


def statuses(r: Reading) -> list[LineStatus]:
    return [ln.status for ln in r.lines]


def namer(state: State, faction: str = "a") -> TableNamer:
    return TableNamer(state, faction)


class LaxChecker:
    """Accepts every order: for tests of what a line *says*, whatever the rules make of it."""

    def __init__(self, state: State, faction: str) -> None:
        pass

    def check(self, order) -> list:
        return []

    def describe(self, order) -> str:
        return order.kind
