"""The turn length through the API (``PUT /api/games/{id}/turn-length``) and the «Сроки» page."""

from __future__ import annotations

from datetime import datetime, timedelta

from api.webclient import bearer, form_post, log_in
from support.dbtools import finish_bids

from letopis import service


def test_the_gm_sets_the_turn_length_and_new_steps_inherit_it(bot, db, race_game):
    game = race_game()
    gm = bearer(bot, "gm")
    assert bot.get(f"/api/games/{game.id}/schedule").json()["turn_hours"] is None
    answer = bot.put(f"/api/games/{game.id}/turn-length", headers=gm, json={"hours": 48})
    assert answer.status_code == 200, answer.text
    assert answer.json()["turn_hours"] == 48
    assert bot.get(f"/api/games/{game.id}/schedule").json()["turn_hours"] == 48
    finish_bids(db, game)
    step = bot.get(f"/api/games/{game.id}/steps/2").json()
    assert step["status"] == "open"
    assert datetime.fromisoformat(step["deadline"]) - datetime.fromisoformat(step["opened_at"]) == timedelta(hours=48)
    off = bot.put(f"/api/games/{game.id}/turn-length", headers=gm, json={"hours": None})
    assert off.status_code == 200 and off.json()["turn_hours"] is None


def test_refusals_are_typed_and_change_nothing(bot, race_game):
    game = race_game()
    ann = bearer(bot, "ann")
    refused = bot.put(f"/api/games/{game.id}/turn-length", headers=ann, json={"hours": 24})
    assert refused.status_code == 403 and refused.json()["code"] == "not_gm"
    gm = bearer(bot, "gm")
    too_long = bot.put(f"/api/games/{game.id}/turn-length", headers=gm, json={"hours": 1000})
    assert too_long.status_code == 422 and too_long.json()["code"] == "bad_turn_length"
    assert "от 1 до 720 часов" in too_long.json()["message"]
    garbage = bot.put(f"/api/games/{game.id}/turn-length", headers=gm, json={"hours": "сутки"})
    assert garbage.status_code == 422
    anonymous = bot.put(f"/api/games/{game.id}/turn-length", json={"hours": 24})
    assert anonymous.status_code == 401
    assert bot.get(f"/api/games/{game.id}/schedule").json()["turn_hours"] is None


def test_the_schedule_page_sets_the_turn_length(client, db, race_game):
    game = race_game()
    page = f"/games/{game.id}/gm/schedule"
    log_in(client, "gm")
    shown = client.get(page)
    assert "Срок хода" in shown.text and "новые шаги открываются без срока" in shown.text
    saved = form_post(client, f"/games/{game.id}/gm/turn-length", {"hours": "48"}, from_page=page)
    assert saved.status_code == 200 and "Срок хода: 48 ч (2 сут.). Его получит каждый новый шаг." in saved.text
    assert "Сейчас: <strong>48 ч</strong>" in saved.text
    assert service.get_schedule(db, game.id).turn_hours == 48
    bad = form_post(client, f"/games/{game.id}/gm/turn-length", {"hours": "двое суток"}, from_page=page)
    assert bad.status_code == 422 and "Срок хода: нужно целое число" in bad.text
    assert 'value="двое суток"' in bad.text  # the field as typed
    cleared = form_post(client, f"/games/{game.id}/gm/turn-length", {"hours": ""}, from_page=page)
    assert "Срок хода снят" in cleared.text and service.get_schedule(db, game.id).turn_hours is None
