"""Every page and JSON answer about a game that a viewer can fetch, for the secrecy tests: each
returns {path: text} so a test can search all of them for a hidden card."""

from __future__ import annotations

import html
import json

from fastapi.testclient import TestClient


def step_numbers(client: TestClient, game_id: int, headers: dict | None = None) -> list[int]:
    return [s["number"] for s in client.get(f"/api/games/{game_id}/steps", headers=headers or {}).json()]


def pages(client: TestClient, game_id: int, factions: tuple[str, ...] = ("a", "b")) -> dict[str, str]:
    """The HTML pages, feeds and BBCode of a game (errors included, as text)."""
    paths = [f"/games/{game_id}", f"/games/{game_id}/feed.atom", "/feed.atom", "/", "/archive",
             f"/archive/games/{game_id}", f"/games/{game_id}/post"]
    paths += [f"/games/{game_id}/aid?faction={f}" for f in factions]  # the post page's reference panel
    for step in step_numbers(client, game_id):
        paths += [f"/games/{game_id}/steps/{step}", f"/games/{game_id}/steps/{step}/bbcode",
                  f"/archive/games/{game_id}/steps/{step}/state?when=before",
                  f"/archive/games/{game_id}/steps/{step}/state?when=after",
                  f"/archive/games/{game_id}/steps/{step}/round", f"/archive/games/{game_id}/steps/{step}/round.bbcode"]
        paths += [f"/games/{game_id}/steps/{step}/posts/{f}" for f in factions]
    out = {}
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 303, 401, 403, 404), (path, response.status_code)
        out[path] = html.unescape(response.text)
    return out


def answers(bot: TestClient, game_id: int, headers: dict | None,
            factions: tuple[str, ...] = ("a", "b")) -> dict[str, str]:
    """Every JSON answer about the game this caller can fetch (errors included, as text)."""
    paths = [f"/api/games/{game_id}", f"/api/games/{game_id}/steps", f"/api/games/{game_id}/audit",
             f"/api/games/{game_id}/export", f"/api/games/{game_id}/verify", f"/api/games/{game_id}/seats",
             f"/api/archive/games/{game_id}/steps", f"/api/archive/games/{game_id}/metrics", "/api/archive/games",
             "/api/games"]
    paths += [f"/api/games/{game_id}/aid?faction={f}" for f in factions]
    for n in step_numbers(bot, game_id, headers):
        paths += [f"/api/games/{game_id}/steps/{n}", f"/api/archive/games/{game_id}/steps/{n}/state?when=before",
                  f"/api/archive/games/{game_id}/steps/{n}/state?when=after"]
        paths += [f"/api/games/{game_id}/steps/{n}/posts/{f}" for f in factions]
    out = {}
    for path in paths:
        response = bot.get(path, headers=headers or {})
        assert response.status_code in (200, 401, 403, 404), (path, response.text)
        out[path] = json.dumps(response.json(), ensure_ascii=False)
    return out
