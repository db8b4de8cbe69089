"""The post page's reference panel over HTTP: ``GET /api/games/{id}/aid`` for bots, the post page
that renders it, and the htmx partial ``GET /games/{id}/aid`` the GM's side switch fetches. Only the
faction's player or the GM gets it; errors are typed, never a 500."""

from __future__ import annotations

import html
import re

from api.webclient import bearer, log_in

from letopis import service
from letopis.engine.contract import Faction

EXAMPLE = re.compile(r'<button type="button" class="example" data-line="([^"]*)"')


def test_a_bot_gets_the_aid_of_its_own_faction_only(bot, race_game):
    game = race_game()
    ann, bob = bearer(bot, "ann"), bearer(bot, "bob")
    got = bot.get(f"/api/games/{game.id}/aid", params={"faction": "a"}, headers=ann)
    assert got.status_code == 200, got.text
    body = got.json()
    assert body["faction"] == "a" and body["expected"] is True and body["roster"] == []
    assert body["svg"].startswith("<svg") and body["examples"]
    for line in body["examples"]:
        checked = bot.post(f"/api/games/{game.id}/check", headers=ann, json={"faction": "a", "text": line})
        assert checked.json()["ok"], line
    refused = bot.get(f"/api/games/{game.id}/aid", params={"faction": "a"}, headers=bob)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat"
    assert bot.get(f"/api/games/{game.id}/aid", params={"faction": "a"}).status_code == 401
    assert bot.get(f"/api/games/{game.id}/aid", headers=ann).status_code == 422
    assert bot.get(f"/api/games/{game.id}/aid", params={"faction": "zz"}, headers=ann).status_code == 422
    assert bot.get(f"/api/games/{game.id + 9}/aid", params={"faction": "a"}, headers=ann).status_code == 404


def test_the_post_page_shows_the_panel_and_the_partial_follows_the_side(client, race_game):
    game = race_game()
    log_in(client, "ann")
    page = client.get(f"/games/{game.id}/post")
    assert page.status_code == 200
    assert 'id="aid"' in page.text and 'id="aid-examples"' in page.text and "<svg" in page.text
    lines = [html.unescape(x) for x in EXAMPLE.findall(page.text)]
    assert lines and all(x.startswith("ставка ") for x in lines)
    partial = client.get(f"/games/{game.id}/aid", params={"faction": "a"})
    assert partial.status_code == 200 and "<html" not in partial.text and 'id="aid-examples"' in partial.text
    assert client.get(f"/games/{game.id}/aid", params={"faction": "b"}).status_code == 403


def test_the_gm_switches_sides_and_the_partial_marks_that_sides_pieces(client, db, make_user):
    make_user("master", "Мастер")
    gm = service.get_user_by_login(db, "master")
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Дуэль",
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")],
                               gm_user_id=gm.id)
    log_in(client, "master")
    page = client.get(f"/games/{game.id}/post")
    assert 'hx-trigger="change from:#faction"' in page.text  # rendered in place, refreshed on a switch
    for faction, name in (("p1", "Анна"), ("p2", "Борис")):
        partial = client.get(f"/games/{game.id}/aid", params={"faction": faction})
        assert partial.status_code == 200
        assert f"{name} (вы)" in partial.text and partial.text.count('class="own"') == 1
