"""Where one post-check request spends its time, in-process: `python -m bench.profile_check`.

The app runs in this process (httpx.ASGITransport on one event loop, the sync endpoint in the
threadpool as under uvicorn) against a throwaway PostgreSQL cluster with the same scenarios as the
HTTP benchmark. It prints the mean milliseconds per request of the check endpoint and of the same
read done directly, then a cProfile of the check requests (``--top N`` rows by cumulative time).
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

import httpx

from letopis.db.embedded import Cluster

from .http_check import ROOT, _check_scenarios


async def _timed(client: httpx.AsyncClient, path: str, body: dict, headers: dict, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        r = await client.post(path, json=body, headers=headers)
        r.raise_for_status()
    return (time.perf_counter() - t0) * 1000 / n


async def _profile(url: str, scenarios: list, n: int, top: int, only: str | None, endpoint_only: bool) -> None:
    from letopis.engine import get_ruleset
    from letopis.settings import Settings
    from letopis.web.app import create_app

    app = create_app(Settings(database_url=url, demo=False), run_deadlines=False)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        r = await client.post("/api/token", json={"login": "master", "password": "demo"})
        auth = {"Authorization": f"Bearer {r.json()['access_token']}"}
        for name, game_id, faction, text in scenarios:
            if only and name != only:
                continue
            body = {"faction": faction, "text": text}
            path = f"/api/games/{game_id}/check"
            await _timed(client, path, body, auth, 50)  # warm: state cache, pools, lexicons
            ms = await _timed(client, path, body, auth, n)
            ruleset = get_ruleset("dungeon_keeper" if name == "dk" else "dice_roll_party")
            from letopis.service import state_cache

            state = next(iter(v for k, v in state_cache._cache.items() if k[0] == ruleset.id))
            t0 = time.perf_counter()
            for _ in range(n):
                ruleset.read(text, state, faction)
            read_ms = (time.perf_counter() - t0) * 1000 / n
            print(f"{name}: check request {ms:.3f} ms, of which reading {read_ms:.3f} ms "
                  f"({len(text.splitlines())} lines)")
            from types import SimpleNamespace

            from letopis.web import api
            from letopis.web.security import read_token

            uid = read_token(app.state.settings, auth["Authorization"][7:])
            req = SimpleNamespace(app=app)
            check_in = api.CheckIn(faction=faction, text=text)
            t0 = time.perf_counter()
            for _ in range(n):
                api.check(game_id, check_in, req, uid)
            endpoint_ms = (time.perf_counter() - t0) * 1000 / n
            print(f"{name}: endpoint body alone (same thread) {endpoint_ms:.3f} ms")
            prof = cProfile.Profile()
            prof.enable()
            if endpoint_only:
                for _ in range(n):
                    api.check(game_id, check_in, req, uid)
            else:
                await _timed(client, path, body, auth, n)
            prof.disable()
            stats = pstats.Stats(prof).sort_stats("cumulative")
            stats.print_stats(top)
            stats.sort_stats("tottime").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=500, help="requests per measurement")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--only", choices=["drp", "dk"])
    parser.add_argument("--endpoint", action="store_true",
                        help="profile the endpoint function alone (the threadpool part), not the whole request")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="letopis-prof-"))
    os.chmod(root, 0o755)
    cluster = Cluster(root / "pg", fast=True)
    try:
        cluster.init()
        cluster.start()
        cluster.create_database("bench")
        url = cluster.url("bench")
        from letopis.db.migrate import upgrade

        upgrade(url)
        os.chdir(ROOT)
        scenarios = _check_scenarios(url)
        asyncio.run(_profile(url, scenarios, args.n, args.top, args.only, args.endpoint))
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
