"""Hidden information on the pages: the game page, the chronicle, its BBCode, the Atom feeds, the
archive (states, rounds), receipts and the post form show a spectator or an opponent no hidden card
and no deck order while the game runs; the owner sees her hand; the forum BBCode is the public one
even when the GM copies it; after the end the secret seed is on the page."""

from __future__ import annotations

import html

import pytest
from api.webclient import log_in
from fastapi.testclient import TestClient
from support.leak_paths import pages
from support.secret_play import (
    build_decks,
    deck_orders,
    finish,
    leaks,
    play_some,
    seat_cards_game,
    secret_cards,
)

from letopis import service


@pytest.fixture
def running(db, make_user):
    game = seat_cards_game(db, make_user)
    build_decks(db, game)
    play_some(db, game)
    return game


def _client(app, login: str | None) -> TestClient:
    client = TestClient(app)
    if login:
        log_in(client, login)
    return client


def test_no_page_feed_or_bbcode_shows_a_hidden_card_or_deck_order(db, app, running):
    full = running.full(db)
    with _client(app, "gm") as gm:
        gm_text = "".join(pages(gm, running.id).values())
    for viewer, login in ((None, None), ("a", "anna"), ("b", "boris")):
        forbidden = [*secret_cards(full, viewer), *deck_orders(full)]
        assert leaks(gm_text, secret_cards(full, viewer))
        with _client(app, login) as client:
            found = {p: hit for p, text in pages(client, running.id).items() if (hit := leaks(text, forbidden))}
        assert found == {}, f"viewer {viewer}"


def test_the_owner_sees_her_hand_on_the_game_page_and_the_post_form(db, app, running):
    hand = running.full(db)["hands"]["a"]
    with _client(app, "anna") as anna:
        assert all(card in anna.get(f"/games/{running.id}").text for card in hand)
        assert all(card in anna.get(f"/games/{running.id}/steps/4").text for card in hand[-1:])


def test_the_gm_copies_the_public_bbcode(db, app, running):
    full = running.full(db)
    with _client(app, "gm") as gm:
        step_page = html.unescape(gm.get(f"/games/{running.id}/steps/1").text)
        bbcode = gm.get(f"/games/{running.id}/steps/1/bbcode").text
    assert any(card in step_page for card in full["hands"]["a"])  # the GM's own chronicle shows the hands
    assert leaks(bbcode, secret_cards(full, None)) == []
    assert "собирает колоду" in bbcode


def test_the_game_page_shows_the_commitment_then_the_seed(db, client, running):
    game = service.get_game(db, running.id)
    page = client.get(f"/games/{running.id}").text
    assert game.secret_commitment in page and "откроется после конца игры" in page
    assert f'href="/api/games/{running.id}/export"' in page  # the public export, for everyone
    finish(db, running)
    over = service.get_game(db, running.id)
    page = client.get(f"/games/{running.id}").text
    assert over.secret_seed in page
    step = client.get(f"/games/{running.id}/steps/1").text
    assert "Тайные броски" in step and "колода:" in step
