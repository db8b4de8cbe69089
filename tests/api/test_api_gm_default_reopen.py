"""The GM's default (a reason required, the chronicle truthful) and the reopening of a published step
for a corrected post, through the JSON API."""

from __future__ import annotations

from api.webclient import bearer
from support.dbtools import finish_bids, post

from letopis import service


def test_the_default_needs_a_reason_and_the_chronicle_quotes_it(bot, db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 2")
    gm = bearer(bot, "gm")
    for body in ({}, {"reason": ""}, {"reason": "   "}):
        refused = bot.post(f"/api/games/{game.id}/default", headers=gm, json=body)
        assert refused.status_code in (400, 422), refused.text
    assert service.get_game(db, game.id).open_step == 1  # nothing applied
    done = bot.post(f"/api/games/{game.id}/default", headers=gm, json={"reason": "Боря в походе"})
    assert done.status_code == 200, done.text
    step = bot.get(f"/api/games/{game.id}/steps/1").json()
    assert step["notes"] == [("Мастер применил действие по умолчанию (ставка 1) для фракции «Боря»; срока у шага "
                             "не было. Причина: «Боря в походе».")]
    audit = bot.get(f"/api/games/{game.id}/audit").json()
    assert audit[-1]["action"] == "apply_default" and audit[-1]["reason"] == "Боря в походе"


def test_reopen_a_published_step_for_a_corrected_post(bot, db, race_game):
    game = race_game()
    finish_bids(db, game, a=1, b=3)
    gm, ann = bearer(bot, "gm"), bearer(bot, "ann")
    url = f"/api/games/{game.id}/steps/1/reopen"
    body = {"faction": "a", "text": "ставка 2", "reason": "опечатка в ставке", "source": "player"}
    assert bot.post(url, headers=ann, json=body).status_code == 403
    unreadable = bot.post(url, headers=gm, json=body | {"text": "ставка много"})
    assert unreadable.status_code == 422 and unreadable.json()["code"] == "post_has_errors"
    assert unreadable.json()["problems"]
    assert bot.post(url, headers=gm, json=body | {"source": "forum"}).status_code == 422
    done = bot.post(url, headers=gm, json=body)
    assert done.status_code == 200, done.text
    assert done.json()["redone"] == [1] and done.json()["message"].startswith("Мастер пересчитал шаг 1")
    audit = bot.get(f"/api/games/{game.id}/audit").json()  # public, without logging in
    assert audit[-1]["action"] == "reopen_step" and audit[-1]["reason"] == "опечатка в ставке"
    assert bot.get(f"/api/games/{game.id}/verify").json()["ok"] is True


def test_the_gm_resolves_a_step_held_by_the_delay_at_once(bot, db, race_game):
    game = race_game()
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=60)
    url = f"/api/games/{game.id}/resolve-now"
    gm, ann = bearer(bot, "gm"), bearer(bot, "ann")
    post(db, game, "a", "ставка 2")
    early = bot.post(url, headers=gm)  # «b» has not posted: there is no delay to cut short
    assert early.status_code == 409 and early.json()["code"] == "not_waiting", early.text
    post(db, game, "b", "ставка 1")
    held = bot.get(f"/api/games/{game.id}").json()["step"]
    assert held["number"] == 1 and held["status"] == "open" and held["resolve_at"]  # the delay holds it
    assert bot.post(url).status_code == 401
    assert bot.post(url, headers=ann).status_code == 403
    done = bot.post(url, headers=gm)
    assert done.status_code == 200, done.text
    assert done.json()["number"] == 1 and done.json()["status"] == "published" and done.json()["resolve_at"] is None
    assert bot.get(f"/api/games/{game.id}").json()["step"]["number"] == 2
    audit = bot.get(f"/api/games/{game.id}/audit").json()
    assert audit[-1]["action"] == "resolve_now" and audit[-1]["step_number"] == 1
    assert bot.get(f"/api/games/{game.id}/verify").json()["ok"] is True
    assert bot.post(url, headers=gm).status_code == 409  # once
