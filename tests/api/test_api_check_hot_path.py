"""The live check's hot path (POST /api/games/{id}/check): its own pool of autocommit connections
gets over connections the server dropped, and a long post (read in a worker thread, not on the
event loop) reads exactly as it would if it were short."""

from __future__ import annotations

import time

from api.webclient import bearer
from sqlalchemy import text

from letopis.service import posts
from letopis.web.readpool import APPLICATION_NAME

LIVE = "SELECT count(*) FROM pg_stat_activity WHERE application_name = :name"


def test_check_gets_over_dropped_connections(bot, db, race_game):
    game = race_game()
    headers = bearer(bot, "ann")
    url = f"/api/games/{game.id}/check"
    assert bot.post(url, headers=headers, json={"faction": "a", "text": "ставка 2"}).json()["ok"] is True
    killed = db.execute(text("SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                             "WHERE application_name = :name) AS t"), {"name": APPLICATION_NAME}).scalar()
    assert killed >= 1
    deadline = time.monotonic() + 5
    while db.execute(text(LIVE), {"name": APPLICATION_NAME}).scalar() and time.monotonic() < deadline:
        time.sleep(0.02)
    again = bot.post(url, headers=headers, json={"faction": "a", "text": "ставка 2"})
    assert again.status_code == 200, again.text
    assert again.json()["ok"] is True
    refused = bot.post(url, headers=headers, json={"faction": "b", "text": "ставка 2"})
    assert refused.status_code == 403  # rights are still checked on the fresh connection


def test_a_long_post_reads_like_a_short_one(bot, race_game):
    game = race_game()
    headers = bearer(bot, "ann")
    url = f"/api/games/{game.id}/check"
    filler = "// " + "думаю " * 20
    lines = [filler] * (posts.INLINE_READ_CHARS // len(filler) + 2)
    for text_ in ("ставка 2", "ставка 9"):
        long = "\n".join([*lines, text_])
        assert len(long) > posts.INLINE_READ_CHARS
        short = bot.post(url, headers=headers, json={"faction": "a", "text": text_}).json()
        read = bot.post(url, headers=headers, json={"faction": "a", "text": long}).json()
        assert read["ok"] is short["ok"]
        assert [line["status"] for line in read["lines"]] == ["flavour"] * len(lines) + [short["lines"][0]["status"]]
        assert [(p["code"], p["line"]) for p in read["problems"]] == [
            (p["code"], p["line"] + len(lines)) for p in short["problems"]]
