"""The JSON API of withdrawing and replacing a post and of the resolution delay, as a bot uses it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from api.webclient import bearer, seated_duel
from sqlalchemy import func, select

from letopis import service
from letopis.db.models import Post


def _post(bot, game_id, headers, faction, text, step=1):
    return bot.post(f"/api/games/{game_id}/posts", headers=headers, json={"step": step, "faction": faction, "text": text})


def test_withdraw_and_replace_through_the_api(bot, db, race_game):
    game = race_game()
    ann, bob = bearer(bot, "ann"), bearer(bot, "bob")
    sent = _post(bot, game.id, ann, "a", "ставка 1")
    assert sent.status_code == 201
    post_id = sent.json()["post_id"]

    receipt = bot.get(f"/api/posts/{post_id}", headers=ann)
    assert receipt.status_code == 200
    body = receipt.json()
    assert body["standing"] == "counts" and body["can_withdraw"] and body["waiting_for"] == ["b"]
    assert bot.get(f"/api/posts/{post_id}", headers=bob).status_code == 403  # his orders are secret
    assert bot.get(f"/api/posts/{post_id}").status_code == 401

    refused = bot.post(f"/api/posts/{post_id}/withdraw", headers=bob)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_seat"
    done = bot.post(f"/api/posts/{post_id}/withdraw", headers=ann)
    assert done.status_code == 200
    out = done.json()
    assert out["waiting_for"] == ["a", "b"] and out["revision"] == 1 and "отозван" in out["message"]
    again = bot.post(f"/api/posts/{post_id}/withdraw", headers=ann)
    assert again.status_code == 409 and again.json()["code"] == "already_withdrawn"
    assert bot.get(f"/api/posts/{post_id}", headers=ann).json()["standing"] == "withdrawn"

    fixed = _post(bot, game.id, ann, "a", "ставка 3")
    assert fixed.status_code == 201 and fixed.json()["revision"] == 2
    last = _post(bot, game.id, bob, "b", "ставка 2")
    assert last.json()["published"] and last.json()["resolve_at"] is None
    late = bot.post(f"/api/posts/{fixed.json()['post_id']}/withdraw", headers=ann)
    assert late.status_code == 409 and late.json()["code"] == "step_published"
    assert bot.get(f"/api/posts/{post_id}", headers=ann).json()["step_status"] == "published"
    missing = bot.post("/api/posts/999999/withdraw", headers=ann)
    assert missing.status_code == 404 and missing.json()["code"] == "post_not_found"
    db.expire_all()
    assert db.scalar(select(func.count(Post.id))) == 3  # nothing deleted


def test_the_resolution_delay_through_the_api(bot, make_user, db):
    game_id, gm, players = seated_duel(bot, make_user, title="Дуэль с задержкой")
    schedule = bot.get(f"/api/games/{game_id}/schedule").json()
    assert schedule["resolve_delay_minutes"] == 0  # a duel resolves at once by default
    changed = bot.put(f"/api/games/{game_id}/schedule", headers=gm, json={"resolve_delay_minutes": 15})
    assert changed.status_code == 200 and changed.json()["resolve_delay_minutes"] == 15
    bad = bot.put(f"/api/games/{game_id}/schedule", headers=gm, json={"resolve_delay_minutes": 100_000})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_resolve_delay"
    assert bot.put(f"/api/games/{game_id}/schedule", headers=players["p1"],
                   json={"resolve_delay_minutes": 0}).status_code == 403

    from letopis.engine.dice import Dice
    from letopis.engine.registry import get_ruleset

    ruleset = get_ruleset("dice_roll_party")
    page = bot.get(f"/api/games/{game_id}").json()
    state = ruleset.state_from_json(page["view"])
    before = datetime.now(UTC)
    answers = {}
    for faction in page["turn"]["factions"]:
        text = ruleset.propose(state, faction, Dice("ab" * 32))
        answers[faction] = _post(bot, game_id, players[faction], faction, text, step=page["step"]["number"])
    last = answers[page["turn"]["factions"][-1]].json()
    assert not last["resolved"] and last["waiting_for"] == []
    due = datetime.fromisoformat(last["resolve_at"])
    assert before + timedelta(minutes=15) <= due <= datetime.now(UTC) + timedelta(minutes=15)
    step = bot.get(f"/api/games/{game_id}").json()["step"]
    assert step["status"] == "open" and step["resolve_at"] == last["resolve_at"]
    assert bot.get(f"/api/games/{game_id}/schedule").json()["resolve_at"] == last["resolve_at"]

    report = service.run_worker(db, now=due)
    assert report.resolved == [game_id]
    assert bot.get(f"/api/games/{game_id}").json()["step"]["number"] == page["step"]["number"] + 1


def test_a_new_game_gets_the_delay_its_gm_chooses(bot, make_user):
    make_user("master", "Мастер")
    gm = bearer(bot, "master")
    body = {"ruleset_id": "dungeon_keeper", "title": "Четверо", "factions": ["Анна", "Борис", "Вера", "Глеб"]}
    party = bot.post("/api/games", headers=gm, json=body)
    assert party.status_code == 201
    assert bot.get(f"/api/games/{party.json()['id']}/schedule").json()["resolve_delay_minutes"] == 10
    quick = bot.post("/api/games", headers=gm, json={**body, "title": "Быстрая", "resolve_delay_minutes": 0})
    assert bot.get(f"/api/games/{quick.json()['id']}/schedule").json()["resolve_delay_minutes"] == 0
    wrong = bot.post("/api/games", headers=gm, json={**body, "resolve_delay_minutes": -5})
    assert wrong.status_code == 422 and wrong.json()["code"] == "bad_resolve_delay"


def test_withdrawal_is_documented_in_openapi(bot):
    spec = bot.get("/api/openapi.json").json()
    withdraw = spec["paths"]["/api/posts/{post_id}/withdraw"]["post"]
    assert "withdraw" in withdraw["description"].lower() or "отозв" in withdraw["description"].lower()
    assert {"403", "404", "409"} <= set(withdraw["responses"])
    assert "resolve_at" in spec["components"]["schemas"]["SubmitOut"]["properties"]
    assert "resolve_delay_minutes" in spec["components"]["schemas"]["GameCreate"]["properties"]
    assert "/api/posts/{post_id}" in spec["paths"]
