"""Hidden information through the JSON API: no spectator or opponent answer holds another player's
card, a deck order or a secret roll while the game runs; the owner and the GM see theirs; once it
is over the export is complete and verifies."""

from __future__ import annotations

import pytest
from api.webclient import bearer
from support.leak_paths import answers
from support.secret_play import (
    BORIS_DECK,
    FIRST_DRAFT,
    deck_orders,
    finish,
    leaks,
    play_some,
    post,
    seat_cards_game,
    secret_cards,
)


@pytest.fixture
def game(db, make_user, bot):
    g = seat_cards_game(db, make_user)
    g.headers = {f: bearer(bot, login) for f, login in (("a", "anna"), ("b", "boris"), ("gm", "gm"))}
    return g


def test_the_last_deck_post_gets_its_receipt_without_the_shuffles(db, bot, game):
    post(db, game, "a", "колода: " + ", ".join(FIRST_DRAFT))
    response = bot.post(f"/api/games/{game.id}/posts", headers=game.headers["b"],
                        json={"step": 1, "faction": "b", "text": "колода: " + ", ".join(BORIS_DECK)})
    assert response.status_code == 201, response.text
    receipt = response.json()
    assert receipt["published"] and any(e["kind"] == "deck_built" for e in receipt["events"])
    assert all(not r.get("secret") for e in receipt["events"] for r in e["rolls"])
    assert not any(e["kind"] == "hand_dealt" and e["faction"] == "a" for e in receipt["events"])
    assert leaks(response.text, FIRST_DRAFT) == []


def test_no_api_answer_gives_a_spectator_or_opponent_a_hidden_card(db, bot, game):
    post(db, game, "a", "колода: " + ", ".join(FIRST_DRAFT))
    post(db, game, "b", "колода: " + ", ".join(BORIS_DECK))
    play_some(db, game)
    full = game.full(db)
    gm_text = "".join(answers(bot, game.id, game.headers["gm"]).values())
    for viewer, headers in ((None, None), ("a", game.headers["a"]), ("b", game.headers["b"])):
        forbidden = secret_cards(full, viewer)
        assert leaks(gm_text, forbidden)
        found = {path: hit for path, text in answers(bot, game.id, headers).items()
                 if (hit := leaks(text, [*forbidden, *deck_orders(full), '"secret": true']))}
        assert found == {}, f"viewer {viewer}"
    assert '"secret": true' in gm_text


def test_the_owner_reads_her_hand_and_the_gm_the_whole_state(db, bot, game):
    post(db, game, "a", "колода: " + ", ".join(FIRST_DRAFT))
    post(db, game, "b", "колода: " + ", ".join(BORIS_DECK))
    full = game.full(db)
    anna = bot.get(f"/api/games/{game.id}", headers=game.headers["a"]).json()
    assert anna["view"]["hand"] == full["hands"]["a"] and "decks" not in anna["view"]
    gm = bot.get(f"/api/games/{game.id}", headers=game.headers["gm"]).json()
    assert gm["view"]["decks"] == full["decks"]
    assert anna["game"]["secret_commitment"] and anna["game"]["secret_seed"] is None


def test_exports_public_while_running_complete_after_the_end(db, bot, game):
    post(db, game, "a", "колода: " + ", ".join(FIRST_DRAFT))
    post(db, game, "b", "колода: " + ", ".join(BORIS_DECK))
    public = bot.get(f"/api/games/{game.id}/export").json()
    assert public["public"] and public["secret"]["seed"] is None
    assert bot.get(f"/api/games/{game.id}/export", headers=game.headers["gm"]).json()["secret"]["seed"]
    finish(db, game)
    done = bot.get(f"/api/games/{game.id}/export").json()
    assert done["secret"]["seed"] and "public" not in done
    verify = bot.get(f"/api/games/{game.id}/verify").json()
    assert verify["ok"] and verify["complete"]
