"""Bad input never gives a 500 or an English page: JSON under /api, a Russian page elsewhere."""

from __future__ import annotations

import pytest
from api.webclient import bearer


def is_russian(text: str) -> bool:
    return any("а" <= ch <= "я" for ch in text.lower())


@pytest.mark.parametrize("path, status, code", [
    ("/api/games/999", 404, "game_not_found"),
    ("/api/games/abc", 422, "validation"),
    ("/api/games/1/steps/x", 422, "validation"),
    ("/api/rulesets/no-such-ruleset/schema", 404, "unknown_ruleset"),
    ("/api/nothing-here", 404, "not_found"),
])
def test_api_errors_are_json_in_russian(bot, path, status, code):
    response = bot.get(path)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code and is_russian(body["message"]) and body["problems"] == []


def test_validation_message_names_the_field(bot):
    body = bot.get("/api/games/abc").json()
    assert "номер игры: нужно целое число" in body["message"]


@pytest.mark.parametrize("path, status", [
    ("/games/999", 404),
    ("/games/abc", 422),
    ("/games/999/steps/1", 404),
    ("/rules/no-such-ruleset", 404),
    ("/no/such/page", 404),
])
def test_page_errors_are_russian_html(client, path, status):
    response = client.get(path)
    assert response.status_code == status
    assert response.headers["content-type"].startswith("text/html")
    assert '<html lang="ru">' in response.text and is_russian(response.text)
    assert "Not Found" not in response.text


def test_wrong_method_is_answered_in_russian(bot, client):
    assert bot.delete("/api/games").status_code == 405
    assert is_russian(bot.delete("/api/games").json()["message"])
    page = client.put("/")
    assert page.status_code == 405 and is_russian(page.text)


@pytest.mark.parametrize("body, content_type", [
    (b"{not json", "application/json"),
    (b"[]", "application/json"),
    (b'{"step": "one", "faction": 5}', "application/json"),
    (b"\xff\xfe\x00garbage", "application/json"),
])
def test_malformed_api_bodies_are_422(bot, make_user, body, content_type):
    make_user("vera")
    headers = {**bearer(bot, "vera"), "content-type": content_type}
    response = bot.post("/api/games/1/posts", content=body, headers=headers)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "validation" and is_russian(response.json()["message"])


def test_oversized_body_is_413_before_anything_reads_it(bot, client):
    big = "я" * (600 * 1024)
    api = bot.post("/api/token", json={"login": big, "password": "x"})
    assert api.status_code == 413
    assert api.json()["code"] == "too_large" and "Слишком большой запрос" in api.json()["message"]
    page = client.post("/login", data={"login": big, "password": "x"})
    assert page.status_code == 413
    assert "Слишком большой запрос" in page.text


def test_oversized_body_without_length_is_counted(bot):
    def chunks():
        for _ in range(40):
            yield b"x" * (32 * 1024)

    response = bot.post("/api/token", content=chunks(), headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["code"] == "too_large"
