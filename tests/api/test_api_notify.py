"""API and pages for webhooks («Уведомления»), the GM's deadline controls and post receipts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from api.webclient import bearer, form_post, log_in, make_settings
from support.dbtools import post

from letopis import service
from letopis.web.app import create_app


@pytest.fixture
def app(session_factory):
    """These tests save webhooks on 127.0.0.1, so this app allows private addresses explicitly."""
    return create_app(make_settings(webhook_allow_private=True), session_factory=session_factory)


def test_webhook_api_round_trip(bot, race_game):
    race_game()
    auth = bearer(bot, "ann")
    assert bot.get("/api/me/webhook", headers=auth).json() is None
    bad = bot.put("/api/me/webhook", headers=auth, json={"url": "gopher://127.0.0.1/", "events": ["your_turn"]})
    assert bad.status_code == 422 and bad.json()["code"] == "webhook_url_scheme"
    ok = bot.put("/api/me/webhook", headers=auth,
                 json={"url": "http://127.0.0.1:9/hook", "events": ["your_turn", "deadline_soon"]})
    assert ok.status_code == 200 and ok.json()["events"] == ["deadline_soon", "your_turn"]
    assert len(ok.json()["secret"]) == 32
    assert bot.get("/api/me/deliveries", headers=auth).json() == []
    assert bot.delete("/api/me/webhook", headers=auth).status_code == 204
    assert bot.get("/api/me/webhook", headers=auth).json() is None
    assert bot.get("/api/me/webhook").status_code == 401


def test_gm_pause_extend_schedule_via_api(bot, db, race_game):
    game = race_game()
    gm, ann = bearer(bot, "gm"), bearer(bot, "ann")
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) + timedelta(hours=1),
                         gm_user_id=race_game.gm.id)
    assert bot.post(f"/api/games/{game.id}/pause", headers=ann, json={"reason": "x"}).status_code == 403
    assert bot.post(f"/api/games/{game.id}/pause", headers=gm, json={"reason": "Отпуск"}).json()["paused"]
    assert not bot.post(f"/api/games/{game.id}/resume", headers=gm, json={}).json()["paused"]
    before = bot.get(f"/api/games/{game.id}/schedule").json()["deadline"]
    after = bot.post(f"/api/games/{game.id}/extend", headers=gm, json={"minutes": 60, "reason": "Просьба"}).json()
    assert datetime.fromisoformat(after["deadline"]) - datetime.fromisoformat(before) == timedelta(hours=1)
    out = bot.put(f"/api/games/{game.id}/schedule", headers=gm, json={"grace_minutes": 45}).json()
    assert out["grace_minutes"] == 45 and out["effective_deadline"] is not None
    actions = [a["action"] for a in bot.get(f"/api/games/{game.id}/audit").json()]
    assert actions[-4:] == ["pause", "resume", "extend_deadline", "set_schedule"]


def test_post_history_api_is_secret_until_published(bot, db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1")
    post(db, game, "a", "ставка 2")
    path = f"/api/games/{game.id}/steps/1/posts/a"
    assert bot.get(path).status_code == 403
    mine = bot.get(path, headers=bearer(bot, "ann")).json()
    assert [r["revision"] for r in mine["revisions"]] == [1, 2] and not mine["frozen"]
    post(db, game, "b", "ставка 1")
    public = bot.get(path).json()
    assert public["frozen"] and all(r["frozen_sha256"] == r["sha256"] for r in public["revisions"])


def test_receipt_page_shows_hashes_and_an_escaped_diff(client, db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1\n// <script>alert(1)</script>")
    post(db, game, "a", "ставка 3\n// <script>alert(1)</script>")
    post(db, game, "b", "ставка 2")
    page = client.get(f"/games/{game.id}/steps/1/posts/a")
    assert page.status_code == 200
    assert "Квитанция" in page.text and "Редакция 2" in page.text and "заморожены" in page.text
    history = service.post_history(db, game_id=game.id, step_number=1, faction="a")
    assert history.revisions[1].frozen_sha256 in page.text
    assert "<script>" not in page.text and "&lt;script&gt;" in page.text
    assert 'class="diff-text diff-add">ставка 3<' in page.text
    step_page = client.get(f"/games/{game.id}/steps/1").text
    assert f'/games/{game.id}/steps/1/posts/a#rev-2' in step_page


def test_notifications_settings_page(client, race_game):
    race_game()
    log_in(client, "ann")
    page = client.get("/settings/notifications")
    assert page.status_code == 200 and "Уведомления" in page.text
    bad = form_post(client, "/settings/notifications", {"url": "ftp://x", "events": ["your_turn"], "enabled": "1"})
    assert bad.status_code == 422 and "http://" in bad.text
    ok = form_post(client, "/settings/notifications",
                   {"url": "https://127.0.0.1:9/hook", "events": ["step_published"], "enabled": "1"},
                   follow_redirects=False)
    assert ok.status_code == 303
    again = client.get("/settings/notifications").text
    assert "https://127.0.0.1:9/hook" in again and "X-Letopis-Signature" in again


def test_gm_schedule_page_pauses_and_extends(client, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) + timedelta(hours=2),
                         gm_user_id=race_game.gm.id)
    log_in(client, "gm")
    path = f"/games/{game.id}/gm/schedule"
    assert "Поставить на паузу" in client.get(path).text
    r = form_post(client, f"/games/{game.id}/gm/pause", {"reason": "Праздники"}, from_page=path,
                  follow_redirects=False)
    assert r.status_code == 303
    assert "Снять паузу" in client.get(path).text
    r = form_post(client, f"/games/{game.id}/gm/extend", {"hours": "два", "reason": "x"}, from_page=path)
    assert r.status_code == 422 and "целое число" in r.text
    form_post(client, f"/games/{game.id}/gm/resume", {"reason": ""}, from_page=path)
    form_post(client, f"/games/{game.id}/gm/extend", {"hours": "24", "reason": "Ждём"}, from_page=path)
    assert [a.action for a in service.audit_log(db, game.id)][-3:] == ["pause", "resume", "extend_deadline"]


def test_schedule_page_is_for_the_gm_only(client, race_game):
    game = race_game()
    log_in(client, "ann")
    assert client.get(f"/games/{game.id}/gm/schedule").status_code == 403
