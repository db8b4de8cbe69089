"""Magic that stays on the table, and what leaves play with a piece.

Temporary magic («Время-N», KZ-MAG-02) gets a counter of N when played; it goes down by one at the
end of each of the caster's turns, the turn of play included (KZ-DEF-MAG-01), or at the end of
every player's turn with the GM option ``time_counts = "all_turns"`` (KZ-GAP-32); at 0 the card
goes to its owner's discard pile. Permanent magic stays until what it lies on leaves play.

`leave_play` is the one way a piece leaves the table: the card goes to its owner's discard pile
(KZ-CREA-04), a hero's artifacts go with it (KZ-GAP-18), magic lying on it is discarded, and a dead
hero is remembered so that no copy of it is ever played again (KZ-HERO-03, KZ-GAP-17).
"""

from __future__ import annotations

from letopis.engine.events import Event

from ..data import book_for
from ..messages import event, piece_in
from ..state import Lasting, State
from .combat.damage import remove_piece


def add(state: State, owner: str, card_id: str, on: str | None = None, squad: str | None = None,
        squad_owner: str | None = None) -> Lasting:
    """Put temporary or permanent magic on the table (KZ-MAG-02)."""
    card = book_for(state).card(card_id)
    uid, seq = state.next_uid("m")
    item = Lasting(uid=uid, card=card_id, owner=owner, seq=seq, on=on, squad=squad, squad_owner=squad_owner,
                   turns_left=card.duration if card.magic_kind == "temporary" else None)
    state.lasting.append(item)
    return item


def _discard(state: State, item: Lasting) -> Event:
    state.lasting = [x for x in state.lasting if x.uid != item.uid]
    player = state.players.get(item.owner)
    if player is not None:
        player.discard.append(item.card)
    name = book_for(state).card(item.card).name
    return event("lasting_off", "KZ-MAG-02", faction=item.owner, card=name,
                 data={"card": item.card, "owner": item.owner})


def tick(state: State, ending: str) -> list[Event]:
    """The end of ``ending``'s turn: temporary magic counts down and expires (KZ-DEF-MAG-01)."""
    events: list[Event] = []
    every_turn = state.options.time_counts == "all_turns"
    for item in sorted(state.lasting, key=lambda x: x.seq):
        if item.turns_left is None or (item.owner != ending and not every_turn):
            continue
        item.turns_left -= 1
        if item.turns_left <= 0:
            events.append(_discard(state, item))
    return events


def leave_play(state: State, uid: str) -> list[Event]:
    """Remove a piece from the table with everything that goes with it (KZ-CREA-04, KZ-GAP-18,
    KZ-HERO-03) — damage.remove_piece does the moving; this tells the chronicle."""
    piece = state.pieces.get(uid)
    if piece is None:
        return []
    book = book_for(state)
    name = piece_in(state, uid)
    card = book.card(piece.card)
    artifacts = list(piece.artifacts)
    remove_piece(state, uid)
    events = [event("destroyed", "KZ-CREA-04", faction=piece.owner, target=name,
                    data={"piece": uid, "card": piece.card, "owner": piece.owner})]
    for art in artifacts:
        events.append(event("artifact_lost", "KZ-GAP-18", faction=piece.owner, card=book.card(art).name,
                            data={"card": art, "hero": uid}))
    if card.type == "hero":
        events.append(event("hero_dead", "KZ-HERO-03", faction=piece.owner, card=card.name, data={"card": piece.card}))
    return events
