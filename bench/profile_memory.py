"""Where a worker's memory goes while it serves the memory benchmark's games, in-process:
`python -m bench.profile_memory`.

The games of `bench.scale.memory` (100 active games of every ruleset) are made in a throwaway
cluster; a fresh process then creates the app and serves each game's page, a live check and its
step JSON as ASGI calls (as `bench.profile_pages` does), printing its resident memory after start,
after the first request, and after the games — with the modules that serving imported (their count
and the largest packages) and what the byte-budget caches hold. ``--warm`` first loads what
`letopis serve --workers N` loads in its master (`web.prefork.warm`): the modules still imported
while serving are those the warm-up misses.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from .stack import database

ROOT = Path(__file__).resolve().parents[1]


def _rss(field: str = "VmRSS") -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


async def _serve(url: str, made: list, posts: dict, auth_user: int, warm: bool) -> None:
    from letopis.settings import Settings
    from letopis.web.app import create_app

    from .profile_pages import _auth, call

    app = create_app(Settings(database_url=url, demo=False), run_deadlines=False)
    if warm:  # as `letopis serve --workers N` does in the master before forking
        from letopis.web.prefork import warm as warm_app

        warm_app()
    auth = _auth(app, url, auth_user)
    before = set(sys.modules)
    print(f"started: {_rss():.1f} MB (anon {_rss('RssAnon'):.1f})")
    for i, (game_id, faction, number) in enumerate(made):
        await call(app, f"/games/{game_id}", auth)
        body = json.dumps({"faction": faction, "text": posts[str(game_id)]})
        await _post(app, f"/api/games/{game_id}/check", auth, body)
        await call(app, f"/api/games/{game_id}/steps/{number}", auth)
        if i == 0:
            print(f"after one game: {_rss():.1f} MB (anon {_rss('RssAnon'):.1f})")
    print(f"after {len(made)} games: {_rss():.1f} MB (anon {_rss('RssAnon'):.1f})")
    new = sorted(set(sys.modules) - before)
    print(f"modules imported while serving: {len(new)}; by package:",
          Counter(name.split(".")[0] for name in new).most_common(12))
    from letopis.engine.cache import budgets

    for name, budget, held, entries in budgets():
        if held:
            print(f"  cache {name}: {held / 2**20:.1f} of {budget / 2**20:.0f} MB, {entries} entries")


async def _post(app, path: str, headers: dict, body: str) -> None:
    sent: list[dict] = []
    raw = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]
    raw += [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": raw,
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 80), "state": {}}
    done = False

    async def receive() -> dict:
        nonlocal done
        if done:
            await asyncio.sleep(3600)
        done = True
        return {"type": "http.request", "body": body.encode(), "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    await app(scope, receive, send)
    if not 200 <= sent[0]["status"] < 300:
        raise RuntimeError(f"{path}: {sent[0]['status']}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        spec = json.loads(Path(sys.argv[2]).read_text())
        asyncio.run(_serve(spec["url"], spec["made"], spec["posts"], spec["user"], "--warm" in sys.argv))
        return
    from sqlalchemy.orm import Session

    from letopis.db.session import make_engine

    from . import games
    from .scale import MEMORY_GAMES, _memory_games

    with database() as (url, env):
        with Session(make_engine(url)) as db:
            from letopis.engine import all_rulesets

            made = _memory_games(db, max(1, MEMORY_GAMES // len(all_rulesets())))
            posts = {str(g): games.proposal(db, g, faction, "memory")[1] for g, faction, _ in made}
            user = games.player(db)
        spec = Path(os.environ.get("TMPDIR", "/tmp")) / f"letopis-memory-{os.getpid()}.json"
        spec.write_text(json.dumps({"url": url, "made": made, "posts": posts, "user": user}))
        try:
            subprocess.run([sys.executable, "-m", "bench.profile_memory", "--serve", str(spec),
                            *(["--warm"] if "--warm" in sys.argv else [])], cwd=ROOT, env=env, check=True)
        finally:
            spec.unlink()


if __name__ == "__main__":
    main()
