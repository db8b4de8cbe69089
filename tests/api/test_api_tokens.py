"""API tokens (issue 14): each one a row its owner lists and revokes (API and the settings page);
a revoked or expired token is refused with 401 everywhere — the live check too, whose one
statement checks it; the default lifetime is a week."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from api.webclient import csrf_of, log_in, make_settings
from fastapi.testclient import TestClient
from sqlalchemy import text

from letopis.service import tokens
from letopis.web.app import create_app

GOOD = "secret-pass"


@pytest.fixture(autouse=True)
def _fresh_touch_memory():
    """Token ids start at 1 again in every test: forget when this process last wrote a last use."""
    tokens._touched.clear()


def _issue(client: TestClient, login: str, label: str | None = None) -> tuple[dict[str, str], dict]:
    body = {"login": login, "password": GOOD, **({"label": label} if label else {})}
    answer = client.post("/api/token", json=body)
    assert answer.status_code == 200, answer.text
    data = answer.json()
    return {"Authorization": f"Bearer {data['access_token']}"}, data


def _refused_everywhere(client: TestClient, headers: dict, game) -> None:
    """401 on a route that loads the user, one that takes only the id, and the live check."""
    for answer in (client.get("/api/me", headers=headers),
                   client.get("/api/me/webhook", headers=headers),
                   client.post(f"/api/games/{game.id}/check", headers=headers, json={"faction": "a", "text": "ставка 1"})):
        assert answer.status_code == 401, (answer.request.url, answer.text)
        assert answer.json()["code"] == "bad_token"
        assert answer.headers["WWW-Authenticate"] == "Bearer"


def _accepted_everywhere(client: TestClient, headers: dict, game) -> None:
    assert client.get("/api/me", headers=headers).status_code == 200
    assert client.get("/api/me/webhook", headers=headers).status_code == 200
    check = client.post(f"/api/games/{game.id}/check", headers=headers, json={"faction": "a", "text": "ставка 1"})
    assert check.status_code == 200, check.text


def test_tokens_are_listed_with_labels_and_a_week_of_life(bot, make_user):
    make_user("vera")
    _, first = _issue(bot, "vera", "форумный бот")
    headers, second = _issue(bot, "vera")
    assert first["expires_in"] == 7 * 24 * 3600 and second["token_id"] > first["token_id"]
    listed = bot.get("/api/me/tokens", headers=headers)
    assert listed.status_code == 200
    tokens = listed.json()
    assert [t["id"] for t in tokens] == [second["token_id"], first["token_id"]]  # newest first
    assert tokens[1]["label"] == "форумный бот" and tokens[0]["label"].startswith("Ключ от ")
    # an unnamed key is named by when it was issued, in its owner's zone (Moscow), not in UTC
    issued = datetime.fromisoformat(tokens[0]["created_at"]).astimezone(ZoneInfo("Europe/Moscow"))
    assert tokens[0]["label"] == f"Ключ от {issued:%d.%m.%Y %H:%M}" and "UTC" not in tokens[0]["label"]
    assert all(t["active"] and t["revoked_at"] is None for t in tokens)
    expires = datetime.fromisoformat(tokens[0]["expires_at"])
    assert timedelta(days=6, hours=23) < expires - datetime.now(UTC) <= timedelta(days=7)
    assert tokens[0]["last_used_at"] is not None  # this very request used it
    assert tokens[1]["last_used_at"] is None


def test_the_lifetime_is_a_setting(session_factory, make_user):
    make_user("vera")
    with TestClient(create_app(make_settings(api_token_days=1), session_factory=session_factory)) as c:
        _, data = _issue(c, "vera")
        assert data["expires_in"] == 24 * 3600


def test_a_revoked_token_is_refused_and_the_others_keep_working(bot, race_game, make_user):
    game = race_game()
    doomed, doomed_data = _issue(bot, "ann", "старый бот")
    kept, _ = _issue(bot, "ann", "новый бот")
    _accepted_everywhere(bot, doomed, game)
    revoked = bot.delete(f"/api/me/tokens/{doomed_data['token_id']}", headers=kept)
    assert revoked.status_code == 200
    assert revoked.json()["active"] is False and revoked.json()["revoked_at"] is not None
    _refused_everywhere(bot, doomed, game)
    _accepted_everywhere(bot, kept, game)
    again = bot.delete(f"/api/me/tokens/{doomed_data['token_id']}", headers=kept)  # no change
    assert again.status_code == 200 and again.json()["revoked_at"] == revoked.json()["revoked_at"]
    assert bot.delete(f"/api/me/tokens/{doomed_data['token_id']}", headers=doomed).status_code == 401


def test_a_token_can_revoke_itself(bot, race_game):
    game = race_game()
    headers, data = _issue(bot, "ann")
    assert bot.delete(f"/api/me/tokens/{data['token_id']}", headers=headers).status_code == 200
    _refused_everywhere(bot, headers, game)


def test_another_users_token_cannot_be_revoked_or_listed(bot, race_game):
    game = race_game()
    anns, ann_data = _issue(bot, "ann")
    bobs, _ = _issue(bot, "bob")
    refused = bot.delete(f"/api/me/tokens/{ann_data['token_id']}", headers=bobs)
    assert refused.status_code == 404 and refused.json()["code"] == "token_not_found"
    assert ann_data["token_id"] not in [t["id"] for t in bot.get("/api/me/tokens", headers=bobs).json()]
    assert bot.delete("/api/me/tokens/999999", headers=bobs).status_code == 404
    _accepted_everywhere(bot, anns, game)


def test_an_expired_token_is_refused(bot, race_game, db):
    game = race_game()
    headers, data = _issue(bot, "ann")
    _accepted_everywhere(bot, headers, game)
    db.execute(text("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = :id"),
               {"id": data["token_id"]})
    db.commit()
    _refused_everywhere(bot, headers, game)
    listed = bot.get("/api/me/tokens", headers=_issue(bot, "ann")[0]).json()
    assert next(t for t in listed if t["id"] == data["token_id"])["active"] is False


def test_a_token_of_a_deleted_row_is_refused(bot, race_game, db):
    game = race_game()
    headers, _ = _issue(bot, "ann")
    db.execute(text("DELETE FROM api_tokens"))
    db.commit()
    _refused_everywhere(bot, headers, game)


def test_the_settings_page_lists_tokens_and_revokes_them(client, bot, race_game):
    game = race_game()
    headers, data = _issue(bot, "ann", "бот гильдии")
    log_in(client, "ann")
    page = client.get("/settings/notifications")
    assert page.status_code == 200
    assert "Ключи API" in page.text and "«бот гильдии»" in page.text and "действует 7 дней" in page.text
    assert f'action="/settings/tokens/{data["token_id"]}/revoke"' in page.text
    done = client.post(f"/settings/tokens/{data['token_id']}/revoke",
                       data={"csrftoken": csrf_of(client, "/settings/notifications")}, follow_redirects=True)
    assert done.status_code == 200
    assert "Ключ «бот гильдии» отозван" in done.text and "отозван " in done.text
    _refused_everywhere(bot, headers, game)


def test_the_settings_page_refuses_another_users_token(client, bot, race_game):
    race_game()
    _, data = _issue(bot, "bob")
    log_in(client, "ann")
    refused = client.post(f"/settings/tokens/{data['token_id']}/revoke",
                          data={"csrftoken": csrf_of(client, "/settings/notifications")})
    assert refused.status_code == 404 and "Ключа №" in refused.text


@pytest.mark.parametrize("label", ["x" * 101, "бот\x00"])
def test_a_bad_label_is_refused_in_russian(bot, make_user, label):
    make_user("vera")
    answer = bot.post("/api/token", json={"login": "vera", "password": GOOD, "label": label})
    assert answer.status_code == 422
