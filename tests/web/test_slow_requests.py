"""Every request slower than `slow_request_seconds` is logged with its route, method, status and
input size (issue 14); fast ones are not, and the text sent is never in the log."""

from __future__ import annotations

import asyncio
import logging

from api.webclient import make_settings
from fastapi import Request
from fastapi.testclient import TestClient

from letopis.web.app import create_app


def _app(session_factory, threshold: float):
    app = create_app(make_settings(slow_request_seconds=threshold), session_factory=session_factory)

    @app.post("/api/slow/{n}")
    async def slow(n: int, request: Request) -> dict:
        await request.body()
        await asyncio.sleep(n / 10)
        return {"n": n}

    return app


def test_a_slow_request_is_logged_with_route_method_status_and_size(session_factory, caplog):
    with TestClient(_app(session_factory, threshold=0.4)) as c, caplog.at_level(logging.WARNING, "letopis.web.slow"):
        assert c.post("/api/slow/6?x=12", content=b"secret post " * 100).status_code == 200
        assert c.post("/api/slow/0", content=b"quick").status_code == 200
        assert c.get("/api/games/77777").status_code == 404
    slow = [r for r in caplog.records if r.name == "letopis.web.slow"]
    assert len(slow) == 1, [r.getMessage() for r in slow]
    record = slow[0]
    message = record.getMessage()
    assert message.startswith("slow request: POST /api/slow/{n} → 200 in ")
    assert "body 1200 bytes, query 4 bytes" in message
    assert (record.route, record.method, record.status, record.body_bytes) == ("/api/slow/{n}", "POST", 200, 1200)
    assert record.seconds >= 0.4
    assert "secret" not in message


def test_a_slow_refusal_and_an_unknown_path_are_logged_too(session_factory, caplog):
    with TestClient(_app(session_factory, threshold=0.000001)) as c, \
            caplog.at_level(logging.WARNING, "letopis.web.slow"):
        c.get("/no/such/page")
        c.post("/api/games/1/check", json={"faction": "a", "text": "x"})  # 401: not logged in
    messages = [r.getMessage() for r in caplog.records if r.name == "letopis.web.slow"]
    assert any(m.startswith("slow request: GET /no/such/page → 404") for m in messages), messages
    assert any(m.startswith("slow request: POST /api/games/{game_id}/check → 401") for m in messages), messages


def test_the_default_threshold_is_a_second_and_zero_turns_it_off(session_factory, caplog):
    assert make_settings().slow_request_seconds == 1.0
    with TestClient(_app(session_factory, threshold=0)) as c, caplog.at_level(logging.WARNING, "letopis.web.slow"):
        assert c.post("/api/slow/1").status_code == 200
    assert not [r for r in caplog.records if r.name == "letopis.web.slow"]
