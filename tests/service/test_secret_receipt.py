"""A receipt from the service itself carries no secret roll: the post that completes the deck step
shuffles every deck, and a direct caller of `submit_post` must not get those draws either."""

from __future__ import annotations

from support.secret_play import ANNA_DECK, BORIS_DECK, post, seat_cards_game


def test_the_receipt_of_the_last_deck_post_has_no_secret_rolls(db, make_user):
    game = seat_cards_game(db, make_user)
    post(db, game, "a", "колода: " + ", ".join(ANNA_DECK))
    receipt = post(db, game, "b", "колода: " + ", ".join(BORIS_DECK))
    assert receipt.published and receipt.events
    assert all(not roll.secret for event in receipt.events for roll in event.rolls)
    assert not any(event.faction == "a" and not event.public for event in receipt.events)
