"""Where a page of a 200-event step spends its time, in-process: `python -m bench.profile_pages`.

The app and the trivial endpoint are called as ASGI applications, one request after another on
one event loop (no HTTP client or server in the way), against a throwaway PostgreSQL cluster
holding the games of the pages benchmark (`bench.scale.pages`: a 10-step and a 1,000-step game
whose last published step has 200 events). It prints the CPU milliseconds per request of the
trivial JSON endpoint and of each page, as a visitor, as a player and as the GM, and their ratio
to the trivial one (the issue's target for the pages is ≥ 0.2); with ``--top N`` a cProfile of
one page's requests sorted by cumulative time; with ``--cold`` every request misses the rendered
pages' cache (what the first reader after a change pays).

CPU time is what a request costs a one-worker server, and other processes on a shared machine
do not spoil it; the best of several rounds is shown.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from letopis.db.embedded import Cluster

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5


def _scope(method: str, path: str, headers: dict[str, str]) -> dict[str, Any]:
    raw = [(b"host", b"127.0.0.1")] + [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": raw, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "state": {}}


async def call(app: Any, path: str, headers: dict[str, str] | None = None, method: str = "GET") -> tuple[int, bytes]:
    """One request through the ASGI app: (status, body)."""
    sent: list[dict] = []
    delivered = False

    async def receive() -> dict:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(_scope(method, path, headers or {}), receive, send)
    status = sent[0]["status"]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    if status not in (200, 304):
        raise RuntimeError(f"{path}: {status} {body[:300]!r}")
    return status, body


async def cpu_ms(app: Any, path: str, headers: dict[str, str], n: int, before=None) -> float:
    """The best of ``ROUNDS`` rounds of ``n`` requests: CPU milliseconds per request (``before()``
    runs before each request, outside the timing only in spirit: it is meant to be cheap)."""
    best = float("inf")
    for _ in range(ROUNDS):
        c0 = time.process_time()
        for _ in range(n):
            if before is not None:
                before()
            await call(app, path, headers)
        best = min(best, (time.process_time() - c0) * 1000 / n)
    return best


def _games(url: str) -> dict[str, Any]:
    from sqlalchemy.orm import Session

    from letopis.db.session import make_engine

    from . import games
    from .scale import EVENTS, LONG, SHORT

    with Session(make_engine(url)) as db:
        source = games.new_game(db, "dice_roll_party", "Образец")
        games.play(db, source, 8)
        return {"short": games.long_copy(db, source, SHORT, events=EVENTS),
                "long": games.long_copy(db, source, LONG, events=EVENTS),
                "player": games.player(db), "gm": games.gm(db)}


def _auth(app: Any, url: str, user_id: int) -> dict[str, str]:
    from sqlalchemy.orm import Session

    from letopis import service
    from letopis.db.session import make_engine
    from letopis.web.security import make_token

    with Session(make_engine(url)) as db:
        token_id = service.issue_token(db, user_id=user_id, days=7).id
    return {"Authorization": f"Bearer {make_token(app.state.settings, user_id, token_id)}"}


async def _profile(url: str, made: dict[str, Any], n: int, top: int, only: str | None, cold: bool) -> None:
    import bench.bare_app as bare
    from letopis.settings import Settings
    from letopis.web.app import create_app

    from .scale import LONG, SHORT

    app = create_app(Settings(database_url=url, demo=False), run_deadlines=False)
    viewers = {"visitor": {}, "player": _auth(app, url, made["player"]), "gm": _auth(app, url, made["gm"])}
    for _ in range(200):
        await call(bare.app, "/trivial")
    trivial = await cpu_ms(bare.app, "/trivial", {}, n * 10)
    print(f"trivial JSON endpoint: {trivial:.3f} ms CPU per request")
    before = None
    if cold:
        from letopis.web import pagecache

        before = pagecache.clear
    for steps, game_id in ((SHORT, made["short"]), (LONG, made["long"])):
        pages = {"chronicle": f"/games/{game_id}/steps/{steps}", "game": f"/games/{game_id}",
                 "step_json": f"/api/games/{game_id}/steps/{steps}"}
        for name, path in pages.items():
            if only and name != only:
                continue
            for who, headers in viewers.items():
                for _ in range(5):  # warm: prepared statements, the caches
                    await call(app, path, headers)
                ms = await cpu_ms(app, path, headers, n, before)
                print(f"{name} of a {steps}-step game as {who}: {ms:.3f} ms CPU per request, "
                      f"{trivial / ms:.3f}× the trivial endpoint")
                if top and who == "visitor" and steps == LONG:
                    prof = cProfile.Profile(time.process_time)  # CPU, not time spent waiting on PostgreSQL
                    prof.enable()
                    for _ in range(n):
                        if before is not None:
                            before()
                        await call(app, path, headers)
                    prof.disable()
                    pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=100, help="requests per round")
    parser.add_argument("--top", type=int, default=0, help="print a cProfile of each page (this many rows)")
    parser.add_argument("--only", choices=["chronicle", "game", "step_json"])
    parser.add_argument("--cold", action="store_true", help="empty the rendered pages' cache before every request")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="letopis-prof-"))
    os.chmod(root, 0o755)
    cluster = Cluster(root / "pg", fast=True)
    try:
        cluster.init()
        cluster.start()
        cluster.create_database("bench")
        url = cluster.url("bench")
        os.environ["DATABASE_URL"] = url  # bench.bare_app reads it on import
        from letopis.db.migrate import upgrade

        upgrade(url)
        os.chdir(ROOT)
        made = _games(url)
        asyncio.run(_profile(url, made, args.n, args.top, args.only, args.cold))
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
