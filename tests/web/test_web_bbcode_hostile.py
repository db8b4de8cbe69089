"""The forum export is safe by construction: every value the server inserts into BBCode (display
names, faction names, the game's title, event texts, a GM's reasons, posts) passes one escaping
rule, so a BBCode parser finds in the export only the tags the server wrote. Names typed today
must also have the documented form (no ``[ ] "``, no control characters)."""

from __future__ import annotations

import json
import re

import bbcode
import pytest
from api.webclient import bearer, form_post
from sqlalchemy import text
from support.dbtools import post

from letopis import service
from letopis.service.demo import DEMO_USERS
from letopis.service.inputs import name_problem
from letopis.web.bbcode import CLOSE, OPEN, bb_escape

HOSTILE = 'x"][url=javascript:alert(1)]клик[/url][quote="'
FIELDS = {
    "title": "Игра " + HOSTILE + "[b]",
    "faction_a": "Аня" + HOSTILE,
    "faction_b": "[/quote][/list][*]Боря[size=200]",
    "author_a": "Анна" + HOSTILE + "[/quote]",
    "author_b": '[i]Борис"]',
    "post": "// " + HOSTILE + " [/quote][b]жирно [url=x]ссылка",
    "event": "Событие " + HOSTILE + "[/list][list][*]",
    "reason": "потому что " + HOSTILE + "[/i]",
}
SERVER_TAGS = {"b", "i", "quote", "size", "list", "*", "url", "img"}
STANDALONE = {"*"}


def tags_of(export: str) -> list[tuple[int, str, dict]]:
    parser = bbcode.Parser()
    parser.add_simple_formatter("size", "<span>%(value)s</span>")
    parser.add_simple_formatter("img", '<img src="%(value)s">')
    return [(kind, tag, options or {}) for kind, tag, options, _ in parser.tokenize(export)
            if kind in (parser.TOKEN_TAG_START, parser.TOKEN_TAG_END)]


def assert_only_server_tags(export: str, game_id: int) -> None:
    tags = tags_of(export)
    assert {tag for _, tag, _ in tags} <= SERVER_TAGS
    stack = []
    for kind, tag, options in tags:
        if kind == bbcode.Parser.TOKEN_TAG_START:
            if tag == "url":
                assert options["url"].startswith(f"http://testserver/games/{game_id}/steps/"), options
            if tag == "quote":
                assert "url" not in options and "javascript" not in "".join(options)
            if tag not in STANDALONE:
                stack.append(tag)
        else:
            assert stack and stack[-1] == tag, f"[/{tag}] closes {stack}"
            stack.pop()
    assert stack == []
    images = re.findall(r"\[img\](.*?)\[/img\]", export)  # the steps' boards, at the server's addresses
    assert export.count("[img]") == len(images) >= 1
    assert all(re.fullmatch(rf"http://testserver/games/{game_id}/steps/\d+/board\.png", url) for url in images), images
    quotes = [tag for kind, tag, _ in tags if tag == "quote" and kind == bbcode.Parser.TOKEN_TAG_START]
    assert len(quotes) == export.count("[size=85]SHA-256:") >= 1  # one quote per post, as written
    rendered = bbcode.Parser().format(export)
    assert "<a href" not in rendered.replace(f'<a href="http://testserver/games/{game_id}/steps/', "")
    assert "javascript:alert" not in "".join(o.get("url", "") for _, _, o in tags)


@pytest.fixture
def hostile_game(db, race_game):
    """A published step whose every shown value is hostile: the post and the GM's event text and
    reason typed today, names and the title as if stored before the names' rule."""
    game = race_game(mode="review")
    post(db, game, "a", FIELDS["post"] + "\nставка 1")
    post(db, game, "b", "ставка 2")
    gm = race_game.gm.id
    draft = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=gm)
    last = len(draft.events) - 1  # the public one: «Ставки открыты…»
    service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=gm, reason="опечатка",
                         texts={last: FIELDS["event"]})
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=gm)
    post(db, game, "b", "бросаю")  # step 2: a die, set by hand with a hostile public reason
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=3, gm_user_id=gm,
                          reason=FIELDS["reason"])
    service.publish_step(db, game_id=game.id, step_number=2, gm_user_id=gm)
    factions = [{"id": "a", "name": FIELDS["faction_a"]}, {"id": "b", "name": FIELDS["faction_b"]}]
    db.execute(text("UPDATE games SET title = :t, factions = CAST(:f AS jsonb) WHERE id = :g"),
               {"t": FIELDS["title"], "f": json.dumps(factions), "g": game.id})
    for faction in ("a", "b"):
        db.execute(text("UPDATE seats SET faction_name = :n WHERE game_id = :g AND faction_id = :f"),
                   {"n": FIELDS[f"faction_{faction}"], "g": game.id, "f": faction})
    db.execute(text("UPDATE users SET display_name = :n WHERE id = :u"),
               {"n": FIELDS["author_a"], "u": race_game.ann.id})
    db.execute(text("UPDATE users SET display_name = :n WHERE id = :u"),
               {"n": FIELDS["author_b"], "u": race_game.bob.id})
    db.commit()
    return game


def _exports(client, game_id: int) -> list[str]:
    """Both steps' BBCode and the round's, as a visitor copies them."""
    paths = [f"/games/{game_id}/steps/1/bbcode", f"/games/{game_id}/steps/2/bbcode",
             f"/archive/games/{game_id}/steps/2/round.bbcode"]
    responses = [client.get(path) for path in paths]
    assert [r.status_code for r in responses] == [200, 200, 200]
    return [r.text for r in responses]


def test_hostile_values_open_and_close_no_tag(client, hostile_game):
    game_id = hostile_game.id
    exports = _exports(client, game_id)
    for export in exports:
        assert_only_server_tags(export, game_id)
    # readable: with the full-width brackets read back, every value is there as typed or stored
    plain = "\n".join(exports).replace(OPEN, "[").replace(CLOSE, "]")
    for name, value in FIELDS.items():
        assert value in plain, name


def test_every_value_in_the_export_is_escaped(client, hostile_game):
    export = "\n".join(_exports(client, hostile_game.id))
    for name, value in FIELDS.items():
        assert bb_escape(value) in export, name


def test_the_escaping_rule():
    assert bb_escape("[b]x[/b]") == "［b］x［/b］"
    assert bb_escape('a"]') == 'a"］'
    assert bb_escape("Анна «Рыжая» — 3 хода") == "Анна «Рыжая» — 3 хода"
    assert bb_escape(None) == "" and bb_escape(7) == "7"


# --- the names' allowed form -------------------------------------------------------------------
@pytest.mark.parametrize("name", [HOSTILE, "Анна [модератор]", 'Борис "Бритва"', "Вера\nВторая",
                                  "Гена\u202eанег", "Дима\u200b", "\t"])
def test_a_display_name_outside_the_rule_is_refused_in_russian(bot, name):
    response = bot.post("/api/users", json={"login": "newbie", "password": "secret-pass", "display_name": name})
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "bad_display_name" and "Имя для показа" in body["message"]


def test_the_registration_form_shows_the_rule(client):
    response = form_post(client, "/register", {"login": "newbie", "display_name": "Анна [модератор]",
                                               "password": "secret-pass", "password2": "secret-pass", "next": "/"})
    assert response.status_code == 422
    assert "квадратных скобок" in response.text


@pytest.mark.parametrize("name", ["Анна", "Борис Б.", "Мастер", "Гномы «Кирка»", "Дом (север) — 2", "Зоя 🙂",
                                  "O'Neil", "Жёлтые & синие"])
def test_ordinary_names_stay_valid(bot, name):
    response = bot.post("/api/users", json={"login": "newbie", "password": "secret-pass", "display_name": name})
    assert response.status_code == 201, response.text
    assert response.json()["display_name"] == name


def test_a_faction_name_outside_the_rule_is_refused(bot, make_user):
    make_user("master", "Мастер")
    gm = bearer(bot, "master")
    for factions in (["Анна", HOSTILE], [{"id": "a", "name": "Анна"}, {"id": "b", "name": "[b]Борис"}]):
        response = bot.post("/api/games", headers=gm, json={"ruleset_id": "race", "title": "Гонка",
                                                           "factions": factions})
        assert response.status_code == 422, response.text
        assert response.json()["code"] == "bad_faction" and "Имя фракции" in response.json()["message"]


def test_demo_names_have_the_allowed_form():
    """The demo's users (its games' faction names are checked by tests/service/test_demo.py,
    which sets the demo up through the same service)."""
    for _, name in DEMO_USERS:
        assert name_problem(name) is None, name
