"""The two private setup steps: deck posts and mulligans.

Deck posts (KZ-DEF-SETUP-01) arrive in one simultaneous step; each is stored (the list stays
secret) and, when the last is in, setup.open_table lays the table, shuffles with the secret dice
and deals six cards. Mulligans (KZ-MULL-01..03, KZ-DEF-MULL-01, KZ-GAP-14, KZ-DEC-01) go in turn
order, one private step per decision: the named cards go back into the deck, the deck is shuffled
(secret dice), its top 3 cards go to the discard pile (public: the chronicle names them), and as
many cards as went back are drawn (private). A player may do this at most 3 times and only while
his deck holds at least 3 cards; «оставляю» ends his mulligan. Then the battle begins.
"""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..data import book_for
from ..messages import cards_acc, event
from ..orders import DeckList, Mulligan
from ..refs import cards_count
from ..setup import open_table, starter_deck_list
from ..state import State
from .secrecy import secret_dice
from .triggers import open_turn


def apply_deck(state: State, faction: str, order: DeckList | None, dice: Dice) -> list[Event]:
    """Store a deck post (the starter deck when none came, KZ-DATA-07); open the table when every
    deck is in. Mutates ``state``."""
    player = state.players[faction]
    if player.capital is not None:
        return []
    deck = order if order is not None else starter_deck_list(state, faction)
    player.capital = deck.capital
    player.deck_list = {card: count for card, count in deck.cards}
    book = book_for(state)
    events = [event("deck_in", "KZ-DEF-SETUP-01", faction=faction, who=player.name, data={"faction": faction}),
              Event(kind="deck_private", faction=faction, public=False, clause="KZ-DEF-SETUP-01",
                    text=f"Ваша колода принята: столица «{book.card(deck.capital).name}», "
                         f"{cards_count(sum(player.deck_list.values()))}.",
                    data={"capital": deck.capital, "cards": dict(player.deck_list)})]
    if all(p.capital is not None for p in state.players.values()):
        events += open_table(state, dice)
        events += _next_decider(state)
    return events


def may_mulligan(state: State, faction: str) -> bool:
    """Whether the player may still return cards (KZ-MULL-03, KZ-DEF-MULL-01 item 3)."""
    rules = book_for(state).rules
    player = state.players[faction]
    return (not player.mulligan_done and player.mulligans < rules.max_mulligans
            and len(player.deck) >= rules.mulligan_mill and bool(player.hand))


def apply_mulligan(state: State, faction: str, order: Mulligan, dice: Dice) -> list[Event]:
    """One mulligan decision of the active player (KZ-DEF-MULL-01); mutates ``state``."""
    player = state.players[faction]
    book = book_for(state)
    events: list[Event] = []
    returned = [c for c in order.cards]
    if not returned or not may_mulligan(state, faction):
        player.mulligan_done = True
        events.append(event("keep", "KZ-DEF-MULL-01", faction=faction, who=player.name, data={"faction": faction}))
        return events + _next_decider(state)
    for card in returned:
        player.hand.remove(card)
    secret = secret_dice(dice)
    player.deck, _ = secret.shuffle(player.deck + returned, f"замес: {player.name}")  # KZ-MULL-01
    mill = book.rules.mulligan_mill
    milled, player.deck = player.deck[:mill], player.deck[mill:]  # KZ-MULL-02
    player.discard += milled
    drawn, player.deck = player.deck[:len(returned)], player.deck[len(returned):]
    player.hand += drawn
    player.mulligans += 1
    milled_names = ", ".join(f"«{book.card(c).name}»" for c in milled) or "ничего"
    events.append(event("mulligan", "KZ-MULL-02", faction=faction, who=player.name, n=cards_acc(len(returned)),
                        milled=milled_names,
                        data={"faction": faction, "returned": len(returned), "milled": milled,
                              "mulligans": player.mulligans, "deck": len(player.deck)}))
    events.append(event("mulligan_private", "KZ-MULL-01", faction=faction, public=False,
                        returned=", ".join(f"«{book.card(c).name}»" for c in returned),
                        drawn=", ".join(f"«{book.card(c).name}»" for c in drawn) or "ничего",
                        data={"returned": returned, "drawn": drawn}))
    return events + _next_decider(state)


def _next_decider(state: State) -> list[Event]:
    """Keep the active player while he may still mulligan; otherwise the next one in turn order;
    after the last, the battle begins (round 1, the first player's turn opens)."""
    events: list[Event] = []
    while state.active < len(state.order):
        faction = state.order[state.active]
        player = state.players[faction]
        if not player.mulligan_done and may_mulligan(state, faction):
            return events
        if not player.mulligan_done:
            player.mulligan_done = True
            events.append(event("keep_forced", "KZ-MULL-03", faction=faction, who=player.name,
                                data={"faction": faction}))
        state.active += 1
    state.phase = "play"
    state.active = 0
    state.round = 1
    first = state.order[0]
    events.append(event("battle_begins", "KZ-SETUP-03", who=state.players[first].name, data={"first": first}))
    events += open_turn(state, first)
    return events

