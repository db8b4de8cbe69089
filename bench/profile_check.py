"""Where one post-check request spends its time, in-process: `python -m bench.profile_check`.

The app and the bare endpoint are called as ASGI applications, one request after another, on one
event loop (no HTTP client or server in the way) against a throwaway PostgreSQL cluster with the
scenarios of the HTTP benchmark. It prints, per scenario, the CPU milliseconds per request of the
check, of the bare endpoint, and of the check's parts measured alone (the reading, the answer),
then with ``--top N`` a cProfile of the check requests sorted by cumulative time.

CPU time (not wall time) is what a request costs a one-worker server, and it is not spoiled by
other processes on a shared machine; the best of several rounds is shown.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import shutil
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from letopis.db.embedded import Cluster

from .http_check import ROOT, _check_scenarios

ROUNDS = 7


def _scope(path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    raw = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
           (b"content-length", str(len(body)).encode())]
    raw += [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
            "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": raw, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "state": {}}


async def _call(app: Any, path: str, body: bytes, headers: dict[str, str]) -> None:
    sent: list[dict] = []
    delivered = False

    async def receive() -> dict:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(_scope(path, body, headers), receive, send)
    if sent[0]["status"] != 200:
        raise RuntimeError(f"{path}: {sent[0]['status']} {sent[1:]}")


async def _cpu_ms(app: Any, path: str, body: bytes, headers: dict[str, str], n: int) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        c0 = time.process_time()
        for _ in range(n):
            await _call(app, path, body, headers)
        best = min(best, (time.process_time() - c0) * 1000 / n)
    return best


def _answer(check_reading: Callable[..., Any], *args: Any) -> bytes:
    return check_reading(*args).model_dump_json()


def _cpu_ms_sync(fn: Callable[[], Any], n: int) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        c0 = time.process_time()
        for _ in range(n):
            fn()
        best = min(best, (time.process_time() - c0) * 1000 / n)
    return best


async def _profile(url: str, scenarios: list, n: int, top: int, only: str | None) -> None:
    import bench.bare_app as bare
    from letopis.service import posts, state_cache
    from letopis.settings import Settings
    from letopis.web.app import create_app
    from letopis.web.security import make_token

    app = create_app(Settings(database_url=url, demo=False), run_deadlines=False)
    from sqlalchemy.orm import Session

    from letopis import service
    from letopis.db.session import make_engine

    with Session(make_engine(url)) as db:  # a token row for the demo master (checked in the statement)
        token_id = service.issue_token(db, user_id=1, days=7).id
    auth = {"Authorization": f"Bearer {make_token(app.state.settings, 1, token_id)}"}
    for name, game_id, faction, text in scenarios:
        if only and name != only:
            continue
        body = json.dumps({"faction": faction, "text": text}).encode()
        path = f"/api/games/{game_id}/check"
        for _ in range(50):  # warm: state cache, prepared statements, lexicons
            await _call(app, path, body, auth)
            await _call(bare.app, "/bare", body, {})
        check_ms = await _cpu_ms(app, path, body, auth, n)
        bare_ms = await _cpu_ms(bare.app, "/bare", body, {}, n)
        sql, params = posts.check_statement(game_id=game_id, faction=faction, user_id=1)
        plan = posts.check_plan(await app.state.read_pool.fetchone(sql, params), game_id=game_id,
                                faction=faction, user_id=1)
        state = state_cache.peek(plan.ruleset, plan.state_key)
        read_ms = _cpu_ms_sync(partial(plan.ruleset.read, text, state, faction), n)
        answer_ms = _cpu_ms_sync(partial(_answer, posts.check_reading, plan, state, text), n)
        print(f"{name} ({len(text.splitlines())} lines), CPU ms per request: check {check_ms:.3f}, "
              f"bare {bare_ms:.3f} (ratio {bare_ms / check_ms:.2f}); of the check: reading {read_ms:.3f}, "
              f"reading and answer {answer_ms:.3f}, the rest (framework, auth, statement) "
              f"{check_ms - answer_ms:.3f}")
        if top:
            prof = cProfile.Profile()
            prof.enable()
            for _ in range(n):
                await _call(app, path, body, auth)
            prof.disable()
            pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="requests per round")
    parser.add_argument("--top", type=int, default=0, help="print a cProfile of the check (this many rows)")
    parser.add_argument("--only", choices=["drp", "dk"])
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
        scenarios = _check_scenarios(url)
        asyncio.run(_profile(url, scenarios, args.n, args.top, args.only))
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
