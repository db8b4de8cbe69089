"""No input gives a 500 (issue 14): text that cannot be stored (NUL, a lone UTF-16 surrogate) is
refused in Russian in every field, integers past PostgreSQL's range are refused where they are
declared, every setup error is a 422 with its message, and a post that can be stored is kept byte
for byte. Each refusal leaves the database as it was."""

from __future__ import annotations

import hashlib
import json

import pytest
from api.webclient import bearer, csrf_of, form_post, log_in, seated_duel
from support.dbtools import db_snapshot


def is_russian(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" for ch in text)


def raw_json(bot, method: str, path: str, body, headers: dict | None = None):
    """Send JSON as a script may: ``\\u0000`` and ``\\ud800`` escapes pass as they are."""
    data = json.dumps(body, ensure_ascii=True).encode()
    return bot.request(method, path, content=data, headers={**(headers or {}), "content-type": "application/json"})


BAD_TEXTS = {"NUL": "а\x00б", "surrogate": "а\ud800б", "low surrogate": "\udfff"}


@pytest.fixture
def duel(bot, make_user):
    game_id, gm, players = seated_duel(bot, make_user, title="Проверка ввода")
    return game_id, gm, players


def _requests(game_id: int, bad: str):
    """Every JSON operation that takes text, with the bad text in one field at a time."""
    g = f"/api/games/{game_id}"
    return [
        ("gm", "POST", "/api/token", {"login": bad, "password": "secret-pass"}),
        ("gm", "POST", "/api/token", {"login": "master", "password": bad}),
        (None, "POST", "/api/users", {"login": "newbie", "password": "secret-pass", "display_name": bad}),
        (None, "POST", "/api/users", {"login": bad, "password": "secret-pass", "display_name": "Н"}),
        (None, "POST", "/api/users", {"login": "newbie", "password": bad + "long", "display_name": "Н"}),
        ("gm", "POST", "/api/games", {"ruleset_id": "dice_roll_party", "title": bad, "factions": ["А", "Б"]}),
        ("gm", "POST", "/api/games", {"ruleset_id": bad, "title": "Т", "factions": ["А", "Б"]}),
        ("gm", "POST", "/api/games", {"ruleset_id": "dice_roll_party", "title": "Т", "factions": ["А", bad]}),
        ("gm", "POST", "/api/games", {"ruleset_id": "dice_roll_party", "title": "Т",
                                      "factions": [{"id": bad, "name": "А"}, {"id": "b", "name": "Б"}]}),
        ("gm", "POST", "/api/games", {"ruleset_id": "dice_roll_party", "title": "Т", "factions": ["А", "Б"],
                                      "options": {bad: 1}}),
        ("gm", "POST", "/api/games", {"ruleset_id": "dice_roll_party", "title": "Т", "factions": ["А", "Б"],
                                      "setup_document": {"state": {"deep": [bad]}}}),
        ("gm", "POST", "/api/games/import", {"document": {"ruleset": "dice_roll_party", "x": bad}}),
        ("gm", "POST", "/api/games/import", {"document": {"ruleset": "dice_roll_party"}, "title": bad}),
        ("p1", "POST", f"{g}/check", {"faction": "p1", "text": bad}),
        ("p1", "POST", f"{g}/check", {"faction": bad, "text": "привет"}),
        ("p1", "POST", f"{g}/posts", {"step": 1, "faction": "p1", "text": bad}),
        ("p1", "POST", f"{g}/posts", {"step": 1, "faction": "p1", "text": "Рыцарь: сила 3\n" + bad}),
        ("p1", "POST", f"{g}/posts", {"step": 1, "faction": bad, "text": "привет"}),
        ("gm", "POST", f"{g}/invites", {"faction": bad}),
        ("p1", "POST", "/api/join", {"token": bad}),
        ("gm", "POST", "/api/posts/1/annul", {"reason": bad}),
        ("gm", "POST", f"{g}/default", {"reason": bad}),
        ("gm", "POST", f"{g}/steps/1/rolls/0", {"value": 3, "reason": bad}),
        ("gm", "POST", f"{g}/rollback", {"from_step": 1, "reason": bad}),
        ("gm", "POST", f"{g}/steps/1/outcome", {"reason": "р", "texts": {"0": bad}}),
        ("gm", "POST", f"{g}/corrections", {"text": bad, "reason": "р"}),
        ("gm", "POST", f"{g}/corrections", {"text": "х", "reason": bad}),
        ("gm", "POST", f"{g}/takeover", {"faction": "p1", "text": bad, "reason": "р"}),
        ("gm", "POST", f"{g}/seats/reassign", {"faction": bad, "reason": "р"}),
        ("gm", "POST", f"{g}/pause", {"reason": bad}),
        ("gm", "POST", f"{g}/extend", {"minutes": 60, "reason": bad}),
        ("gm", "PUT", "/api/me/webhook", {"url": "https://example.org/" + bad, "events": ["your_turn"]}),
        ("gm", "PUT", "/api/me/webhook", {"url": "https://example.org/", "events": [bad]}),
    ]


@pytest.mark.parametrize("kind", list(BAD_TEXTS))
def test_text_that_cannot_be_stored_is_refused_in_russian_everywhere(bot, db, duel, kind):
    game_id, gm, players = duel
    who = {"gm": gm, "p1": players["p1"], None: {}}
    before = db_snapshot(db)
    for role, method, path, body in _requests(game_id, BAD_TEXTS[kind]):
        response = raw_json(bot, method, path, body, who[role])
        assert response.status_code == 422, (path, body, response.text)
        answer = response.json()
        assert answer["code"] == "unstorable_text" and is_russian(answer["message"]), answer
        assert ("U+0000" if kind == "NUL" else "суррогат") in answer["message"]
    assert db_snapshot(db) == before


def test_bad_text_in_the_address_or_the_query_is_refused(bot, duel):
    game_id, gm, _ = duel
    for path in (f"/api/games/{game_id}/steps/1/posts/p%001", "/api/rulesets/x%00/schema",
                 f"/api/games/{game_id}/steps/1/ruling?reason=%00"):
        response = bot.get(path, headers=gm)
        assert response.status_code == 422 and response.json()["code"] == "unstorable_text", response.text


def test_raw_utf8_surrogate_bytes_are_refused_and_bytes_that_are_not_utf8_are_a_400(bot, db, duel):
    game_id, _, players = duel
    before = db_snapshot(db)
    surrogate = b'{"step": 1, "faction": "p1", "text": "a\xed\xa0\x80b"}'
    response = bot.post(f"/api/games/{game_id}/posts", content=surrogate,
                        headers={**players["p1"], "content-type": "application/json"})
    assert response.status_code == 422 and response.json()["code"] == "unstorable_text"
    broken = b'{"step": 1, "faction": "p1", "text": "a\xffb"}'
    response = bot.post(f"/api/games/{game_id}/posts", content=broken,
                        headers={**players["p1"], "content-type": "application/json"})
    assert response.status_code == 400 and is_russian(response.json()["message"])
    assert db_snapshot(db) == before


def test_documents_refuse_nan_and_absurd_nesting(bot, duel):
    _, gm, _ = duel
    nan = b'{"ruleset_id": "dice_roll_party", "title": "T", "factions": ["A", "B"], "options": {"x": NaN}}'
    response = bot.post("/api/games", content=nan, headers={**gm, "content-type": "application/json"})
    assert response.status_code == 422 and "NaN" in response.json()["message"]
    deep = b'{"document": {"ruleset": "dice_roll_party", "state": ' + b"[" * 200 + b"]" * 200 + b"}}"
    response = bot.post("/api/games/import", content=deep, headers={**gm, "content-type": "application/json"})
    assert response.status_code == 422 and "вложенность" in response.json()["message"]
    deeper = b'{"document": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    response = bot.post("/api/games/import", content=deeper, headers={**gm, "content-type": "application/json"})
    assert response.status_code in (400, 422)


# --- integers -----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", [
    "/api/games/2147483648", "/api/games/99999999999999999999", "/api/games/1/steps/2147483648",
    "/api/games/1/steps/1/posts/p1?x=1".replace("/1/steps/1", "/1/steps/-2147483649"),
    f"/api/archive/games?page={10**18}", f"/api/archive/games/1/steps?page={10**18}",
    "/api/archive/games/2147483648/metrics", "/api/games/1/schedule".replace("/1/", "/2147483648/"),
])
def test_numbers_past_the_database_range_are_a_422(bot, path):
    response = bot.get(path)
    assert response.status_code == 422, response.text
    assert is_russian(response.json()["message"]) and "слишком" in response.json()["message"]


def test_numbers_inside_the_range_but_unknown_are_a_404(bot):
    for path in ("/api/games/2147483647", "/api/games/-5", "/api/archive/games/2147483647/steps?page=2147483647"):
        assert bot.get(path).status_code == 404, path


def test_numbers_in_bodies_are_range_checked(bot, db, duel):
    game_id, gm, players = duel
    before = db_snapshot(db)
    g = f"/api/games/{game_id}"
    for method, path, body, who in [
        ("POST", f"{g}/posts", {"step": 2**40, "faction": "p1", "text": "привет"}, players["p1"]),
        ("POST", f"{g}/rollback", {"from_step": 2**31, "reason": "р"}, gm),
        ("POST", f"{g}/steps/1/rolls/0", {"value": 2**31, "reason": "р"}, gm),
        ("POST", f"{g}/seats/reassign", {"faction": "p1", "reason": "р", "to_user_id": 2**40}, gm),
        ("POST", f"{g}/extend", {"minutes": 10**12, "reason": "р"}, gm),
        ("PUT", f"{g}/schedule", {"grace_minutes": 2**31}, gm),
        ("POST", f"{g}/steps/1/outcome", {"reason": "р", "texts": {str(2**31): "х"}}, gm),
        ("PUT", f"{g}/deadline", {"deadline": "9999-12-31T23:59:59Z"}, gm),
        ("PUT", f"{g}/deadline", {"deadline": "0001-01-01T00:00:00Z"}, gm),
    ]:
        response = bot.request(method, path, json=body, headers=who)
        assert response.status_code == 422, (path, response.text)
        assert is_russian(response.json()["message"])
    assert db_snapshot(db) == before


# --- setup errors -------------------------------------------------------------------------------
@pytest.mark.parametrize("body, words", [
    ({"ruleset_id": "dice_roll_party", "title": "Т", "factions": ["А", "Б", "В"]}, "сторон 3"),
    ({"ruleset_id": "dungeon_keeper", "title": "Т",
      "factions": [{"id": "hero", "name": "Герой"}, {"id": "p2", "name": "Бес"}]}, "hero"),
    ({"ruleset_id": "dungeon_keeper", "title": "Т",
      "factions": [{"id": "a:b", "name": "Герой"}, {"id": "p2", "name": "Бес"}]}, "«:»"),
    ({"ruleset_id": "race", "title": "Т",
      "factions": [{"id": "мастер", "name": "Мастер"}, {"id": "b", "name": "Боря"}]}, "правки мастера"),
    ({"ruleset_id": "race", "title": "Т", "factions": ["А", "Б"], "setup_document": {"state": []}}, "не подходит к"),
])
def test_every_setup_error_is_a_422_with_its_message(bot, db, make_user, body, words):
    make_user("master", "Мастер")
    gm = bearer(bot, "master")
    assert bot.get("/api/me", headers=gm).status_code == 200  # the key's first use is noted before the snapshot
    before = db_snapshot(db)
    response = bot.post("/api/games", headers=gm, json=body)
    assert response.status_code == 422, response.text
    assert words in response.json()["message"] and is_russian(response.json()["message"])
    assert db_snapshot(db) == before


@pytest.mark.parametrize("document", [
    {"format": "letopis-game/1"},
    {"format": "letopis-game/1", "game": [], "document": {}},
    {"format": "letopis-game/1", "game": {"title": 5}, "document": {}},
    {"format": "letopis-game/1", "game": {"title": "Т"}, "document": [], "steps": []},
    {"ruleset": "race", "factions": [{"id": "a", "name": "А"}, {"id": "b", "name": "Б"}], "state": "x"},
    {"ruleset": "race", "factions": "ab"},
    {"ruleset": ["race"], "factions": [{"id": "a", "name": "А"}]},
])
def test_broken_import_documents_are_refused_not_crashed(bot, make_user, document):
    make_user("master", "Мастер")
    response = bot.post("/api/games/import", headers=bearer(bot, "master"), json={"document": document})
    assert response.status_code in (404, 422), response.text
    assert is_russian(response.json()["message"])


# --- a post is kept as typed ----------------------------------------------------------------------
UNUSUAL = ("Рыцарь: сила 3, ловкость 2  \r\n"
           "// тут\u2028разрыв строки, \u00a0неразрывный пробел, \ufeffBOM, é и e\u0301, 👨\u200d👩\u200d👧, "
           "𝔊𝔬𝔱𝔥𝔦𝔠, \t таб, \x7f, \u202eобратно\u202c и [b]жирный[/b]\r"
           "\n")


def test_the_live_check_reads_unusual_but_storable_text(bot, duel):
    game_id, _, players = duel
    check = bot.post(f"/api/games/{game_id}/check", headers=players["p1"], json={"faction": "p1", "text": UNUSUAL})
    assert check.status_code == 200, check.text


def test_a_race_post_is_stored_byte_for_byte(bot, db, race_game):
    from sqlalchemy import text

    game = race_game()
    typed = "// " + UNUSUAL.replace("\r\n", " ").replace("\r", " ").replace("\n", " ").replace("\u2028", " ") + "\nставка 2  "
    response = bot.post(f"/api/games/{game.id}/posts", headers=bearer(bot, "ann"),
                        json={"step": 1, "faction": "a", "text": typed})
    assert response.status_code == 201, response.text
    assert response.json()["sha256"] == hashlib.sha256(typed.encode("utf-8")).hexdigest()
    stored = db.execute(text("SELECT text FROM posts WHERE id = :i"), {"i": response.json()["post_id"]}).scalar()
    assert stored == typed


# --- forms --------------------------------------------------------------------------------------
def test_a_form_with_nul_is_a_400_page_in_russian_and_stores_nothing(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    before = db_snapshot(db)
    response = form_post(client, f"/games/{game.id}/post", {"faction": "a", "text": "ставка 1\x00", "step": "1"},
                         from_page=f"/games/{game.id}/post")
    assert response.status_code == 400
    assert "нулевой символ" in response.text and "<html" in response.text.lower()
    response = form_post(client, f"/games/{game.id}/gm/annul", {"post_id": "1", "reason": "\x00"},
                         from_page=f"/games/{game.id}")
    assert response.status_code == 400
    assert db_snapshot(db) == before


def test_a_form_that_is_not_utf8_is_refused_not_repaired(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    before = db_snapshot(db)
    token = csrf_of(client, f"/games/{game.id}/post")
    body = f"csrftoken={token}&faction=a&step=1&text=%D1%81%ED%A0%80".encode()
    response = client.post(f"/games/{game.id}/post", content=body,
                           headers={"content-type": "application/x-www-form-urlencoded"})
    assert response.status_code == 400 and "UTF-8" in response.text
    assert db_snapshot(db) == before


def test_form_numbers_past_the_range_are_a_russian_error(client, race_game):
    game = race_game()
    log_in(client, "gm")
    response = form_post(client, f"/games/{game.id}/gm/publish", {"step": str(2**40)}, from_page=f"/games/{game.id}/gm")
    assert response.status_code == 422 and "слишком большое число" in response.text
    assert client.get("/archive?page=1000000000000000000").status_code == 422
    assert client.get("/games/2147483648").status_code == 422
