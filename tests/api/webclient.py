"""The app on the test database, and helpers that act as a browser (forms, CSRF) or as a bot (bearer).

Built on the shared fixtures of tests/conftest.py (``session_factory``, ``race_game``, ``make_user``);
the conftests of tests/api, tests/web and tests/browser import it.
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from letopis.settings import Settings
from letopis.web.app import create_app

TEST_SECRET = "test-secret-for-the-web-layer"
CSRF_RE = re.compile(r'name="csrftoken" value="([^"]+)"')


def make_settings(**overrides) -> Settings:
    values = {"secret_key": TEST_SECRET, "environment": "development", "demo": False,
              "database_url": None}
    values.update(overrides)
    return Settings(**values)


@pytest.fixture
def app(session_factory):
    return create_app(make_settings(), session_factory=session_factory)


@pytest.fixture
def client(app):
    with TestClient(app) as c:
        yield c


@pytest.fixture
def bot(app):
    """A second client with no cookies at all (a script using the JSON API)."""
    with TestClient(app) as c:
        yield c


def csrf_of(client: TestClient, path: str = "/login") -> str:
    """The CSRF token a page's forms carry (and the cookie it pairs with)."""
    page = client.get(path)
    match = CSRF_RE.search(page.text)
    assert match, f"no CSRF field on {path}"
    return match.group(1)


def form_post(client: TestClient, path: str, data: dict, *, from_page: str | None = None, **kw):
    """Submit a form the way a browser does: take the token from the page, post it back."""
    token = csrf_of(client, from_page or path)
    return client.post(path, data={"csrftoken": token, **data}, **kw)


def log_in(client: TestClient, login: str, password: str = "secret-pass") -> None:
    response = form_post(client, "/login", {"login": login, "password": password, "next": "/"},
                         follow_redirects=False)
    assert response.status_code == 303, response.text


def bearer(client: TestClient, login: str, password: str = "secret-pass") -> dict[str, str]:
    response = client.post("/api/token", json={"login": login, "password": password})
    assert response.status_code == 200, response.text
    return {"Authorization": f"Bearer {response.json()['access_token']}"}


def seated_duel(bot: TestClient, make_user, *, title: str, options: dict | None = None) -> tuple[int, dict, dict]:
    """A Dice Roll Party game created by GM «master» through the API, with «anna» (p1) and «boris»
    (p2) joined by invite links; returns the game id, the GM's and each faction's bearer headers."""
    make_user("master", "Мастер")
    gm = bearer(bot, "master")
    body = {"ruleset_id": "dice_roll_party", "title": title, "factions": ["Анна", "Борис"]}
    if options:
        body["options"] = options
    created = bot.post("/api/games", headers=gm, json=body)
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    players = {}
    for faction, login, name in (("p1", "anna", "Анна"), ("p2", "boris", "Борис")):
        make_user(login, name)
        token = bot.post(f"/api/games/{game_id}/invites", headers=gm, json={"faction": faction}).json()["token"]
        players[faction] = bearer(bot, login)
        assert bot.post("/api/join", headers=players[faction], json={"token": token}).status_code == 200
    return game_id, gm, players
