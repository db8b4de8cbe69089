"""The start and the end of a turn (KZ-TURN-01/02, KZ-DEF-TURN-01, KZ-DEF-TRIG-01).

A turn opens when the previous one ends (`open_turn`): the player's [С] uses of the last round are
forgotten (KZ-DEF-ABIL-02) and, with the GM option ``draw_per_turn``, he draws (KZ-DEF-TURN-02:
none by default). The cards that act «в начале хода» fire at the top of the player's post
(`start_of_turn`), so that the choice inside one can be written there (KZ-DEC-10); a post that
names no choice, or a missed deadline, gets the card's default. The cards that act «в конце хода»
fire after the main action (`end_of_turn`), then temporary magic counts down (lasting.tick).
Triggers fire only in their controller's own turn, in the order the cards entered play.
"""

from __future__ import annotations

from letopis.engine.events import Event
from letopis.engine.text import plural

from ..data import book_for
from ..messages import event, piece_in
from ..orders import TriggerChoice
from ..state import Piece, State
from . import lasting
from .combat.targets import is_creature, life_left, max_life


def trigger_pieces(state: State, faction: str, when: str) -> list[Piece]:
    """The faction's cards on the table that fire at ``when`` (start | end), in entering order."""
    book = book_for(state)
    return sorted((p for p in state.pieces.values() if p.owner == faction and book.card(p.card).trigger == when),
                  key=lambda p: p.seq)


def heal_candidates(state: State, source: Piece) -> list[Piece]:
    """Whom a healing trigger may heal: the owner's creatures in the source's sector (its capital),
    not in shadow (KZ-ABIL-04, KZ-DEF-SHADOW-01)."""
    return [p for p in state.pieces_in(source.sector, source.owner) if is_creature(state, p) and not p.shadow]


def default_target(state: State, source: Piece) -> Piece | None:
    """The card's default choice (KZ-DEC-10): the most damaged creature, ties by entering order."""
    found = heal_candidates(state, source)
    if not found:
        return None
    return max(found, key=lambda p: (p.damage, -p.seq))


def needs_choice(state: State, source: Piece) -> bool:
    return book_for(state).card(source.card).effect == "start_heal"


def heal(state: State, piece: Piece, amount: int) -> int:
    """Restore up to ``amount`` lives, never above the maximum; returns how many."""
    healed = min(amount, max(0, max_life(state, piece) - life_left(state, piece)), piece.damage)
    piece.damage -= healed
    return healed


def open_turn(state: State, faction: str) -> list[Event]:
    """A new turn of ``faction`` opens: [С] uses of the last round are forgotten, then
    ``draw_per_turn`` cards are drawn (KZ-DEF-ABIL-02, KZ-DEF-TURN-02)."""
    for p in state.pieces.values():
        if p.owner == faction:
            p.free_used = []
    events: list[Event] = []
    n = state.options.draw_per_turn
    if n:
        from .actions import draw_cards  # actions imports this module
        events += draw_cards(state, faction, n, clause="KZ-DEF-TURN-02")
    return events


def start_of_turn(state: State, faction: str, choices: list[TriggerChoice]) -> list[Event]:
    """«В начале хода» cards of ``faction`` fire, with the post's choices or their defaults."""
    chosen = {c.piece: c.target for c in choices}
    return _fire(state, faction, "start", chosen)


def end_of_turn(state: State, faction: str) -> list[Event]:
    """«В конце хода» cards fire; «до конца хода» bonuses end; temporary magic counts down."""
    events = _fire(state, faction, "end", {})
    for p in state.pieces.values():
        p.armour_bonus_turn = 0
    events += lasting.tick(state, faction)
    return events


def _fire(state: State, faction: str, when: str, chosen: dict[str, str]) -> list[Event]:
    events: list[Event] = []
    book = book_for(state)
    for source in trigger_pieces(state, faction, when):
        card = book.card(source.card)
        if card.effect != "start_heal":
            continue
        target = state.pieces.get(chosen.get(source.uid, ""))
        if target is None or target not in heal_candidates(state, source):
            target = default_target(state, source)
        if target is None:
            events.append(event("trigger_idle", "KZ-DEF-TRIG-01", faction=faction, card=card.name,
                                data={"piece": source.uid}))
            continue
        n = heal(state, target, int(card.params.get("amount", 1)))
        events.append(event("trigger_heal" if n else "trigger_heal_none", "KZ-TURN-02", faction=faction, card=card.name,
                            target=piece_in(state, target.uid), n=n, lives=lives(n),
                            data={"piece": source.uid, "target": target.uid, "healed": n}))
    return events


def lives(n: int) -> str:
    """«жизнь», «жизни», «жизней» for n."""
    return plural(n, "жизнь", "жизни", "жизней")
