"""The figures of issue 13 «fast where it matters at scale», each measured side by side in one run
against a throwaway PostgreSQL cluster (one uvicorn worker per app process, loopback only):

- `submit`: storing a post (check + a new revision) across 50 games at once against the bare
  INSERT+SELECT endpoint, sync and async (the ratio takes the faster), and against itself in steps
  that already hold 1,000 revisions of the post;
- `pages`: the chronicle page, the game page and the step JSON of a 200-event step in a 10-step and
  a 1,000-step game, against a trivial JSON endpoint;
- `memory`: one worker's resident memory after serving 100 active games of all rulesets (game page,
  live check and step JSON of each);
- `memory_workers`: the same served by `letopis serve --workers 2`, each worker's RSS, PSS and USS;
- `two_processes`: the check and submit endpoints served by two app processes against one
  PostgreSQL, against one process.

`python -m bench.scale [submit|pages|memory|memory_workers|two_processes]` prints one benchmark's figures.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
from sqlalchemy.orm import Session

from letopis import service
from letopis.db.session import make_engine
from letopis.engine import all_rulesets

from . import games
from .load import Request, load, side_by_side
from .stack import bearer, children, database, memory_mb, rss_mb, servers

CONNECTIONS = 8
GAMES = 50
REVISIONS = 1_000
EVENTS = 200
SHORT, LONG = 10, 1_000
MEMORY_GAMES = 100


def _loads(requests: dict[str, list[Request]], connections: int = CONNECTIONS) -> dict[str, Callable[[float], dict]]:
    return {name: (lambda s, reqs=reqs: load(reqs, connections=connections, seconds=s))
            for name, reqs in requests.items()}


def _submit_games(db: Session, count: int, revisions: int) -> list[tuple[int, int, str]]:
    """``count`` new Dice Roll Party games in their first step (both players post at once), where
    the first player has posted ``revisions`` revisions and the second nothing yet: (game, step, post)."""
    user_id = games.player(db)
    out = []
    for i in range(count):
        game_id = games.new_game(db, "dice_roll_party", f"Отправка {revisions}-{i}")
        number, post = games.proposal(db, game_id, "p1")
        service.submit_post(db, game_id=game_id, step_number=number, faction="p1", text=post, user_id=user_id)
        if revisions > 1:
            games.pile_revisions(db, game_id, "p1", revisions)
        out.append((game_id, number, post))
    return out


def _post_requests(port: int, auth: dict, made: list[tuple[int, int, str]]) -> list[Request]:
    return [Request(port, f"/api/games/{g}/posts", {"step": n, "faction": "p1", "text": post}, auth)
            for g, n, post in made]


def _bare_requests(port: int, made: list[tuple[int, int, str]]) -> dict[str, list[Request]]:
    return {"bare": [Request(port, "/bare", {"faction": "p1", "text": post}) for _, _, post in made],
            "bare_async": [Request(port, "/bare_async", {"faction": "p1", "text": post}) for _, _, post in made]}


def _revisions(url: str, made: list[tuple[int, int, str]]) -> list[int]:
    from sqlalchemy import text

    with Session(make_engine(url)) as db:
        return [db.scalar(text("SELECT max(revision) FROM posts WHERE game_id = :g AND faction_id = 'p1'"),
                          {"g": g}) for g, _, _ in made]


def submit(seconds: float = 6.0) -> dict:
    """Submit across 50 games against the bare endpoints, and in steps of 1 vs 1,000 revisions."""
    with database() as (url, env), servers(env) as procs:
        with Session(make_engine(url)) as db:
            fresh = _submit_games(db, GAMES, 1)
            piled = _submit_games(db, GAMES, REVISIONS)
        _, app = procs.app()
        _, bare = procs.bare()
        auth = bearer(app, games.PLAYER, games.PASSWORD)
        figs = side_by_side(_loads({**_bare_requests(bare, fresh), "submit": _post_requests(app, auth, fresh),
                                    "submit_1000": _post_requests(app, auth, piled)}),
                            seconds=seconds, slices=6)
        figs["revisions"] = {"fresh_max": max(_revisions(url, fresh)), "piled_min": min(_revisions(url, piled))}
        return figs


def _page_requests(port: int, game_id: int, step: int) -> dict[str, Request]:
    return {"chronicle": Request(port, f"/games/{game_id}/steps/{step}", method="GET"),
            "game": Request(port, f"/games/{game_id}", method="GET"),
            "step_json": Request(port, f"/api/games/{game_id}/steps/{step}", method="GET")}


def pages(seconds: float = 4.0) -> dict:
    """The three pages of a 200-event step in a 10-step and a 1,000-step game, and a trivial endpoint."""
    with database() as (url, env), servers(env) as procs:
        with Session(make_engine(url)) as db:
            source = games.new_game(db, "dice_roll_party", "Образец")
            games.play(db, source, 8)
            short = games.long_copy(db, source, SHORT, events=EVENTS)
            long = games.long_copy(db, source, LONG, events=EVENTS)
        _, app = procs.app()
        _, bare = procs.bare()
        requests: dict[str, list[Request]] = {"trivial": [Request(bare, "/trivial", method="GET")]}
        for steps, game_id in ((SHORT, short), (LONG, long)):
            for name, req in _page_requests(app, game_id, steps).items():
                probe = httpx.get(f"http://127.0.0.1:{app}{req.path}", timeout=60)
                probe.raise_for_status()
                requests[f"{name}_{steps}"] = [req]
        return side_by_side(_loads(requests), seconds=seconds * len(requests) / 7, slices=4)


def _memory_games(db: Session, per_ruleset: int) -> list[tuple[int, str, int]]:
    """``per_ruleset`` games of every ruleset, two steps played: (game, faction to check, latest step)."""
    from letopis.service._common import active_step

    made = []
    for ruleset_id in sorted(all_rulesets()):
        for i in range(per_ruleset):
            game_id = games.new_game(db, ruleset_id, f"Память {ruleset_id} {i}")
            games.play(db, game_id, 2)
            step = active_step(db, game_id)
            faction = step.turn["factions"][0] if step.turn["factions"] else "p1"
            made.append((game_id, faction, step.number))
    return made


def memory(count: int = MEMORY_GAMES, **server_env: str) -> dict:
    """One fresh worker's RSS after serving ``count`` active games of every ruleset (and after a
    second round over the same games, to show whether it levels off)."""
    with database() as (url, env), servers(env) as procs:
        with Session(make_engine(url)) as db:
            made = _memory_games(db, max(1, count // len(all_rulesets())))
            posts = {g: games.proposal(db, g, faction, "memory")[1] for g, faction, _ in made}
        proc, app = procs.app(**server_env)
        auth = bearer(app, games.PLAYER, games.PASSWORD)
        out = {"games": len(made), "rss_started_mb": round(rss_mb(proc.pid), 1)}
        with httpx.Client(base_url=f"http://127.0.0.1:{app}", timeout=120, headers=auth) as client:
            for round_ in ("", "_second_round"):
                for game_id, faction, number in made:
                    for r in (client.get(f"/games/{game_id}"),
                              client.post(f"/api/games/{game_id}/check", json={"faction": faction, "text": posts[game_id]}),
                              client.get(f"/api/games/{game_id}/steps/{number}")):
                        r.raise_for_status()
                out[f"rss_after{round_}_mb"] = round(rss_mb(proc.pid), 1)
                out[f"anon_after{round_}_mb"] = round(rss_mb(proc.pid, "RssAnon"), 1)
                if not round_:
                    mem = memory_mb(proc.pid)
                    out["pss_after_mb"], out["uss_after_mb"] = mem["pss"], mem["uss"]
        return out


def memory_workers(workers: int = 2, count: int = MEMORY_GAMES) -> dict:
    """`letopis serve --workers N` (the app loaded and warmed in gunicorn's master, the workers forked
    from it) after serving ``count`` active games of every ruleset, the requests spread over the
    workers (a new connection each, from four threads): RSS, PSS and USS of every worker and of the
    master (`stack.memory_mb`). PSS is the figure to add up: N workers take about N × PSS."""
    with database() as (url, env), servers(env) as procs:
        with Session(make_engine(url)) as db:
            made = _memory_games(db, max(1, count // len(all_rulesets())))
            posts = {g: games.proposal(db, g, faction, "memory")[1] for g, faction, _ in made}
        master, port = procs.prefork(workers)
        auth = bearer(port, games.PLAYER, games.PASSWORD)
        pids = children(master.pid)
        started = {pid: memory_mb(pid) for pid in pids}

        def serve_game(game: tuple[int, str, int]) -> None:
            game_id, faction, number = game
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120, headers=auth,
                              limits=httpx.Limits(max_keepalive_connections=0)) as client:
                for r in (client.get(f"/games/{game_id}"),
                          client.post(f"/api/games/{game_id}/check", json={"faction": faction, "text": posts[game_id]}),
                          client.get(f"/api/games/{game_id}/steps/{number}")):
                    r.raise_for_status()

        with ThreadPoolExecutor(4) as pool:
            list(pool.map(serve_game, made))
        after = {pid: memory_mb(pid) for pid in pids}
        out: dict = {"games": len(made), "workers": workers, "master": memory_mb(master.pid)}
        for kind in ("rss", "pss", "uss"):
            out[f"worker_{kind}_started_mb"] = max(m[kind] for m in started.values())
            out[f"worker_{kind}_after_mb"] = max(m[kind] for m in after.values())
        out["worker_pss_sum_after_mb"] = round(sum(m["pss"] for m in after.values()), 1)
        out["per_worker"] = [{"pid": pid, "started": started[pid], "after": after[pid]} for pid in pids]
        return out


def two_processes(seconds: float = 6.0) -> dict:
    """Check and submit through one app process, and spread over two, against one PostgreSQL."""
    with database() as (url, env), servers(env) as procs:
        with Session(make_engine(url)) as db:
            made = _submit_games(db, GAMES, 1)
        _, one = procs.app()
        _, two = procs.app()
        auth = bearer(one, games.PLAYER, games.PASSWORD)

        def checks(port: int) -> list[Request]:
            return [Request(port, f"/api/games/{g}/check", {"faction": "p1", "text": post}, auth) for g, _, post in made]

        def spread(reqs_one: list[Request], reqs_two: list[Request]) -> list[Request]:
            return [r for pair in zip(reqs_one, reqs_two, strict=True) for r in pair]

        requests = {"check_one": checks(one), "check_two": spread(checks(one), checks(two)),
                    "submit_one": _post_requests(one, auth, made),
                    "submit_two": spread(_post_requests(one, auth, made), _post_requests(two, auth, made))}
        # warm long enough for the second process's first reads (lexicons, the morphology dictionary)
        return side_by_side(_loads(requests), seconds=seconds, slices=6, warm=3.0)


BENCHMARKS = {"submit": submit, "pages": pages, "memory": memory, "memory_workers": memory_workers,
              "two_processes": two_processes}


if __name__ == "__main__":
    for name in sys.argv[1:] or list(BENCHMARKS):
        figs = BENCHMARKS[name]()
        print(name, json.dumps(figs, indent=1, default=str))
