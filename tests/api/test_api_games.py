"""The JSON API end to end on the «Гонка» test ruleset: create, invite, join, check, submit, refusals,
GM publish / override / annul / default, chronicle, export, verify, OpenAPI."""

from __future__ import annotations

import hashlib
import re
from urllib.parse import urlsplit

import pytest
from api.webclient import bearer

from letopis import service


@pytest.fixture
def gm(bot, make_user):
    make_user("gm", "Мастер")
    return bearer(bot, "gm")


@pytest.fixture
def seated(bot, gm, make_user):
    """A game created and filled through the API: returns (game id, {faction: headers})."""
    created = bot.post("/api/games", headers=gm, json={"ruleset_id": "race", "title": "Гонка по API",
                                                        "factions": ["Аня", "Боря"]})
    assert created.status_code == 201, created.text
    game = created.json()
    assert [f["id"] for f in game["factions"]] == ["p1", "p2"]
    players = {}
    for faction, login, name in (("p1", "ann", "Аня"), ("p2", "bob", "Боря")):
        make_user(login, name)
        invite = bot.post(f"/api/games/{game['id']}/invites", headers=gm, json={"faction": faction})
        assert invite.status_code == 201, invite.text
        assert invite.json()["url"].endswith(f"/join/{invite.json()['token']}")
        headers = bearer(bot, login)
        joined = bot.post("/api/join", headers=headers, json={"token": invite.json()["token"]})
        assert joined.status_code == 200, joined.text
        assert joined.json()["faction"] == faction
        players[faction] = headers
    return game["id"], players


def snapshot(db, game_id):
    """Everything a refused request must leave untouched."""
    db.expire_all()
    exported = service.export_game(db, game_id)
    exported.pop("exported_at", None)
    return exported, [s.model_dump() for s in service.list_steps(db, game_id)]


def test_lists_and_game_view(bot, seated):
    game_id, players = seated
    assert any(r["id"] == "race" for r in bot.get("/api/rulesets").json())
    assert [g["id"] for g in bot.get("/api/games").json()] == [game_id]
    view = bot.get(f"/api/games/{game_id}", headers=players["p1"]).json()
    assert view["viewer"]["faction"] == "p1"
    assert view["can_post"] == ["p1"]
    assert view["step"]["number"] == 1 and len(view["step"]["commitment"]) == 64
    public = bot.get(f"/api/games/{game_id}").json()
    assert public["viewer"]["role"] == "public" and public["can_post"] == []
    assert all(seat["invite_token"] is None for seat in public["seats"])
    schema = bot.get("/api/rulesets/race/schema").json()
    assert schema["properties"]["ruleset"]["const"] == "race"


def _links(header: str) -> dict[str, str]:
    """An RFC 8288 Link header as {rel: path?query}, the query's parameters sorted."""
    out = {}
    for part in header.split(","):
        url, rel = re.fullmatch(r'\s*<([^>]+)>;\s*rel="(\w+)"\s*', part).groups()
        parts = urlsplit(url)
        out[rel] = f"{parts.path}?{'&'.join(sorted(parts.query.split('&')))}"
    return out


def test_games_list_comes_a_page_at_a_time_with_links_and_a_total(bot, db, race_game):
    ids = [race_game().id for _ in range(5)]
    newest_first = ids[::-1]
    # an old bot's request: still an array, every game (up to 100 a page), newest first
    whole = bot.get("/api/games")
    assert [g["id"] for g in whole.json()] == newest_first
    assert whole.headers["X-Total-Count"] == "5"
    assert _links(whole.headers["Link"]) == {"first": "/api/games?page=1&per_page=100",
                                             "last": "/api/games?page=1&per_page=100"}
    first = bot.get("/api/games?per_page=2")
    assert [g["id"] for g in first.json()] == newest_first[:2]
    assert _links(first.headers["Link"]) == {"first": "/api/games?page=1&per_page=2",
                                             "next": "/api/games?page=2&per_page=2",
                                             "last": "/api/games?page=3&per_page=2"}
    # following rel="next" to the end walks every game once
    seen, url = [], "/api/games?per_page=2"
    while url:
        page = bot.get(url)
        assert page.headers["X-Total-Count"] == "5"
        seen += [g["id"] for g in page.json()]
        url = _links(page.headers["Link"]).get("next")
    assert seen == newest_first
    last = bot.get("/api/games?page=3&per_page=2")
    assert _links(last.headers["Link"])["prev"] == "/api/games?page=2&per_page=2"
    assert bot.get("/api/games?page=4&per_page=2").json() == []  # past the end: empty, not an error
    for bad in ("page=0", "per_page=0", "per_page=101", "page=x"):
        refused = bot.get(f"/api/games?{bad}")
        assert refused.status_code == 422 and refused.json()["code"], (bad, refused.text)


def test_check_reads_line_by_line_and_stores_nothing(bot, db, seated):
    game_id, players = seated
    before = snapshot(db, game_id)
    bad = bot.post(f"/api/games/{game_id}/check", headers=players["p1"],
                   json={"faction": "p1", "text": "// привет\nставка 7"})
    assert bad.status_code == 200
    body = bad.json()
    assert body["ok"] is False
    assert [line["status"] for line in body["lines"]] == ["flavour", "error"]
    assert body["problems"][0]["line"] == 2 and body["problems"][0]["clause"] == "RACE-3"
    good = bot.post(f"/api/games/{game_id}/check", headers=players["p1"],
                    json={"faction": "p1", "text": "ставка 2"}).json()
    assert good["ok"] is True and good["expected"] is True
    other = bot.post(f"/api/games/{game_id}/check", headers=players["p2"], json={"faction": "p1", "text": "x"})
    assert other.status_code == 403
    assert snapshot(db, game_id) == before


def test_submit_gives_a_receipt_and_resolves_when_complete(bot, seated):
    game_id, players = seated
    text = "// Аня думает\nставка 3"
    first = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                     json={"step": 1, "faction": "p1", "text": text})
    assert first.status_code == 201, first.text
    receipt = first.json()
    assert receipt["sha256"] == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert receipt["resolved"] is False and receipt["waiting_for"] == ["p2"]

    second = bot.post(f"/api/games/{game_id}/posts", headers=players["p2"],
                      json={"step": 1, "faction": "p2", "text": "ставка 1"}).json()
    assert second["resolved"] and second["published"] and second["next_step"] == 2

    chronicle = bot.get(f"/api/games/{game_id}/steps/1").json()
    assert chronicle["status"] == "published"
    assert chronicle["seed"] and hashlib.sha256(bytes.fromhex(chronicle["seed"])).hexdigest() == chronicle["commitment"]
    assert {p["sha256"] for p in chronicle["posts"]} >= {receipt["sha256"]}
    assert [s["number"] for s in bot.get(f"/api/games/{game_id}/steps").json()] == [1, 2]


def play_bids(bot, game_id, players, a=3, b=1):
    for faction, amount in (("p1", a), ("p2", b)):
        r = bot.post(f"/api/games/{game_id}/posts", headers=players[faction],
                     json={"step": 1, "faction": faction, "text": f"ставка {amount}"})
        assert r.status_code == 201, r.text


def test_stale_submission_is_refused_with_409_and_changes_nothing(bot, db, seated):
    game_id, players = seated
    play_bids(bot, game_id, players)
    before = snapshot(db, game_id)
    stale = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                     json={"step": 1, "faction": "p1", "text": "бросаю"})
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_step"
    assert "сейчас идёт шаг 2" in stale.json()["message"]
    assert snapshot(db, game_id) == before


@pytest.mark.parametrize("text, status, code", [
    ("абракадабра ☃ <script>alert(1)</script>", 422, None),
    ("", 422, None),
    ("   \n\n  ", 422, None),
    ("// болтовня\n" * 3000, 413, "post_too_large"),  # 36 000 characters: over the post limit
    ("я" * (1024 * 1024), 413, "too_large"),  # a megabyte: stopped before anything reads it
])
def test_bad_posts_answer_in_russian_and_change_nothing(bot, db, seated, text, status, code):
    game_id, players = seated
    before = snapshot(db, game_id)
    response = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                        json={"step": 1, "faction": "p1", "text": text})
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"code", "message", "problems"}
    if code:
        assert body["code"] == code
    assert any("а" <= ch <= "я" for ch in body["message"].lower()), body["message"]
    assert snapshot(db, game_id) == before


def test_garbage_post_names_the_line_and_the_rule(bot, seated):
    game_id, players = seated
    response = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                        json={"step": 1, "faction": "p1", "text": "// привет\nпрыгаю выше всех"})
    assert response.status_code == 422
    problem = response.json()["problems"][0]
    assert problem["line"] == 2 and problem["hint"] and problem["clause"]


def test_only_the_seated_player_may_post(bot, seated):
    game_id, players = seated
    response = bot.post(f"/api/games/{game_id}/posts", headers=players["p2"],
                        json={"step": 1, "faction": "p1", "text": "ставка 1"})
    assert response.status_code == 403
    anonymous = bot.post(f"/api/games/{game_id}/posts", json={"step": 1, "faction": "p1", "text": "ставка 1"})
    assert anonymous.status_code == 401


def test_review_mode_publish_by_the_gm_only(bot, make_user, seated, gm):
    _, players = seated
    created = bot.post("/api/games", headers=gm, json={"ruleset_id": "race", "title": "С проверкой",
                                                        "factions": ["Аня", "Боря"], "mode": "review"})
    review_id = created.json()["id"]
    for faction in ("p1", "p2"):
        token = bot.post(f"/api/games/{review_id}/invites", headers=gm, json={"faction": faction}).json()["token"]
        bot.post("/api/join", headers=players[faction], json={"token": token})
    play_bids(bot, review_id, players)
    assert bot.get(f"/api/games/{review_id}/steps/1").json()["status"] == "draft"
    refused = bot.post(f"/api/games/{review_id}/steps/1/publish", headers=players["p1"])
    assert refused.status_code == 403
    published = bot.post(f"/api/games/{review_id}/steps/1/publish", headers=gm)
    assert published.status_code == 200, published.text
    assert published.json()["status"] == "published"
    audit = bot.get(f"/api/games/{review_id}/audit").json()
    assert any(entry["action"] == "publish" for entry in audit)


def test_override_marks_the_roll_and_keeps_the_reason(bot, seated, gm):
    game_id, players = seated
    play_bids(bot, game_id, players)
    moved = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                     json={"step": 2, "faction": "p1", "text": "бросаю"})
    assert moved.status_code == 201 and moved.json()["published"]
    refused = bot.post(f"/api/games/{game_id}/steps/2/rolls/0", headers=players["p1"],
                       json={"value": 6, "reason": "хочу"})
    assert refused.status_code == 403
    impossible = bot.post(f"/api/games/{game_id}/steps/2/rolls/0", headers=gm,
                          json={"value": 99, "reason": "опечатка"})
    assert impossible.status_code in (409, 422)
    assert any("а" <= ch <= "я" for ch in impossible.json()["message"])
    done = bot.post(f"/api/games/{game_id}/steps/2/rolls/0", headers=gm,
                    json={"value": 6, "reason": "бросали вживую"})
    assert done.status_code == 200, done.text
    roll = bot.get(f"/api/games/{game_id}/steps/2").json()["rolls"][0]
    assert roll["value"] == 6 and roll["overridden"] and roll["reason"] == "бросали вживую"
    no_reason = bot.post(f"/api/games/{game_id}/steps/2/rolls/0", headers=gm, json={"value": 5, "reason": ""})
    assert no_reason.status_code == 422
    assert no_reason.json()["code"] == "validation"


def test_annul_and_default(bot, seated, gm):
    game_id, players = seated
    posted = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                      json={"step": 1, "faction": "p1", "text": "ставка 2"}).json()
    annulled = bot.post(f"/api/posts/{posted['post_id']}/annul", headers=gm, json={"reason": "не тот игрок"})
    assert annulled.status_code == 200, annulled.text
    assert set(annulled.json()["waiting_for"]) == {"p1", "p2"}
    assert bot.get(f"/api/games/{game_id}/steps/1").json()["posts"] == []  # secret until resolved
    post = bot.get(f"/api/games/{game_id}/steps/1", headers=gm).json()["posts"][0]
    assert post["annulled"] and post["annul_reason"] == "не тот игрок"

    defaulted = bot.post(f"/api/games/{game_id}/default", headers=gm, json={"reason": "срок вышел"})
    assert defaulted.status_code == 200, defaulted.text
    step = bot.get(f"/api/games/{game_id}/steps/1").json()
    assert step["status"] == "published" and set(step["defaults"]) == {"p1", "p2"}


def test_deadline_export_and_verify(bot, seated, gm):
    game_id, players = seated
    set_deadline = bot.put(f"/api/games/{game_id}/deadline", headers=gm,
                           json={"deadline": "2030-01-02T18:00:00Z"})
    assert set_deadline.status_code == 200, set_deadline.text
    assert set_deadline.json()["deadline"].startswith("2030-01-02T18:00")
    play_bids(bot, game_id, players)
    hidden = bot.get(f"/api/games/{game_id}/export", headers=players["p1"])
    assert hidden.status_code == 403 and hidden.json()["code"] == "export_forbidden"
    exported = bot.get(f"/api/games/{game_id}/export", headers=gm)
    assert exported.status_code == 200 and exported.json()["steps"][0]["seed"]
    verified = bot.get(f"/api/games/{game_id}/verify").json()
    assert verified["ok"] is True and verified["steps_checked"] >= 1


def test_openapi_and_docs_load(bot):
    spec = bot.get("/api/openapi.json")
    assert spec.status_code == 200
    paths = spec.json()["paths"]
    for path in ("/api/token", "/api/games", "/api/games/{game_id}/posts", "/api/games/{game_id}/check",
                 "/api/games/{game_id}/steps/{step_number}", "/api/rulesets/{ruleset_id}/schema"):
        assert path in paths
    assert "ErrorOut" in spec.json()["components"]["schemas"]
    docs = bot.get("/docs")
    assert docs.status_code == 200 and "openapi.json" in docs.text
    assert "cdn" not in docs.text.lower()  # Swagger UI comes from a wheel: the docs work offline
    assert spec.json()["openapi"].startswith("3.1")
    bundle = bot.get("/static/docs/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and "/static/docs/swagger-ui-bundle.js" in docs.text
    assert bot.get("/static/docs/swagger-ui.css").status_code == 200
