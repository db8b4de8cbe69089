"""Where a submit spends its CPU, in-process: `python -m bench.profile_submit [--top N]`.

The games of `bench.scale.submit` (50 Dice Roll Party games in their first step) are made in a
throwaway cluster; the app and the bare endpoint (`bench.bare_app`: one INSERT and one SELECT)
are called as ASGI applications one request after another, and the CPU milliseconds per request
of each are printed, with their ratio (the issue's target for submit is ≥ 0.7× the bare endpoint);
with ``--top N`` a cProfile (CPU time) of the submits.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import time

from .profile_memory import _post
from .profile_pages import _auth
from .stack import database

ROUNDS = 3


async def _cpu_ms(app, requests: list[tuple[str, dict, str]], n: int) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        c0 = time.process_time()
        for i in range(n):
            path, headers, body = requests[i % len(requests)]
            await _post(app, path, headers, body)
        best = min(best, (time.process_time() - c0) * 1000 / n)
    return best


async def _run(url: str, made: list, user: int, n: int, top: int) -> None:
    os.environ["DATABASE_URL"] = url  # the bare app connects on import
    import bench.bare_app as bare
    from letopis.settings import Settings
    from letopis.web.app import create_app

    app = create_app(Settings(database_url=url, demo=False), run_deadlines=False)
    auth = _auth(app, url, user)
    posts = [(f"/api/games/{g}/posts", auth, json.dumps({"step": s, "faction": "p1", "text": t})) for g, s, t in made]
    bares = [("/bare", {}, json.dumps({"faction": "p1", "text": t})) for _, _, t in made]
    for reqs, target in ((bares, bare.app), (posts, app)):
        for path, headers, body in reqs[:10]:  # warm
            await _post(target, path, headers, body)
    bare_ms = await _cpu_ms(bare.app, bares, n)
    submit_ms = await _cpu_ms(app, posts, n)
    print(f"bare INSERT+SELECT: {bare_ms:.3f} ms CPU per request")
    print(f"submit: {submit_ms:.3f} ms CPU per request, {bare_ms / submit_ms:.3f}× the bare endpoint")
    if top:
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        for i in range(n):
            await _post(app, *posts[i % len(posts)])
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(top)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=200, help="requests per round")
    parser.add_argument("--top", type=int, default=0, help="print a cProfile of the submits (this many rows)")
    args = parser.parse_args()
    from sqlalchemy.orm import Session

    from letopis.db.session import make_engine

    from . import games
    from .scale import GAMES, _submit_games

    with database() as (url, _env):
        with Session(make_engine(url)) as db:
            made = _submit_games(db, GAMES, 1)
            user = games.player(db)
        asyncio.run(_run(url, made, user, args.n, args.top))


if __name__ == "__main__":
    main()
