"""The post-check endpoint against a bare INSERT+SELECT endpoint, side by side in one run.

Both servers run as uvicorn with one worker on loopback against the same throwaway PostgreSQL
cluster; the same load generator drives both, in alternating slices of one second, so that load
from elsewhere on a shared machine falls on both figures alike.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from letopis.db.embedded import Cluster

from .load import merged, post_load

ROOT = Path(__file__).resolve().parents[1]
SLICES = 6  # alternating slices of load per endpoint


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(port: int, proc: subprocess.Popen) -> None:
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/docs", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("server did not start")


def _serve(target: str, env: dict, factory: bool = False) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    cmd = [sys.executable, "-m", "uvicorn", target, "--host", "127.0.0.1", "--port", str(port),
           "--log-level", "warning", "--no-access-log"]
    if factory:
        cmd.append("--factory")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    _wait(port, proc)
    return proc, port


def _check_scenarios(url: str) -> list[tuple[str, int, str, str]]:
    """(name, game id, faction, post) for each ruleset whose check endpoint is measured."""
    from sqlalchemy.orm import Session

    from letopis import service
    from letopis.db.models import Game
    from letopis.db.session import make_engine
    from letopis.engine import Dice, all_rulesets, get_ruleset

    out = []
    with Session(make_engine(url)) as db:
        service.ensure_demo(db)
        master = service.get_user_by_login(db, "master")
        game = next(g for g in service.list_games(db) if g.ruleset_id == "dice_roll_party")
        drp = get_ruleset("dice_roll_party")
        faction = service.game_page(db, game.id, None).turn.factions[0]
        state = drp.state_from_json(db.get(Game, game.id).state)
        out.append(("drp", game.id, faction, drp.propose(state, faction, Dice("ab" * 32))))
        if "dungeon_keeper" in all_rulesets():
            from . import dk

            dk_ruleset = get_ruleset("dungeon_keeper")
            mid = dk.midgame()
            doc = {**dk_ruleset.export_setup(mid),
                   "factions": [{"id": f, "name": mid.players[f].name} for f in mid.seats]}
            imported = service.import_setup(db, document=doc, gm_user_id=master.id, title="Бенчмарк 8×20")
            stored = dk_ruleset.state_from_json(db.get(Game, imported.id).state)
            faction, text = dk.twenty_line_post(stored)
            out.append(("dk", imported.id, faction, text))
    return out


def run(seconds: float = 6.0, connections: int = 8) -> dict:
    """The bare endpoint and each ruleset's check endpoint, measured one after another."""
    root = Path(tempfile.mkdtemp(prefix="letopis-bench-"))
    os.chmod(root, 0o755)
    cluster = Cluster(root / "pg", fast=True)
    procs: list[subprocess.Popen] = []
    try:
        cluster.init()
        cluster.start()
        cluster.create_database("bench")
        url = cluster.url("bench")
        env = {**os.environ, "DATABASE_URL": url, "LETOPIS_DEMO": "false"}
        subprocess.run([sys.executable, "-m", "letopis.cli", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        scenarios = _check_scenarios(url)
        app_proc, app_port = _serve("letopis.web.app:create_app", env, factory=True)
        procs.append(app_proc)
        bare_proc, bare_port = _serve("bench.bare_app:app", env)
        procs.append(bare_proc)
        token = httpx.post(f"http://127.0.0.1:{app_port}/api/token",
                           json={"login": "master", "password": "demo"}).json()["access_token"]
        auth = {"Authorization": f"Bearer {token}"}
        results: dict[str, dict] = {}
        for name, game_id, faction, text in scenarios:
            body = {"faction": faction, "text": text}
            path = f"/api/games/{game_id}/check"
            probe = httpx.post(f"http://127.0.0.1:{app_port}{path}", json=body, headers=auth, timeout=30)
            probe.raise_for_status()
            assert probe.json()["ok"], probe.json()["problems"][:3]
            # warm both up, then measure side by side in alternating slices (bare, check, check,
            # bare, …): on a shared machine, load from elsewhere then falls on both alike
            post_load(bare_port, "/bare", body, connections=connections, seconds=1.0)
            post_load(app_port, path, body, auth, connections=connections, seconds=1.0)
            bare_runs, check_runs = [], []
            for i in range(SLICES):
                for which in (("bare", "check") if i % 2 == 0 else ("check", "bare")):
                    if which == "bare":
                        bare_runs.append(post_load(bare_port, "/bare", body, connections=connections,
                                                   seconds=seconds / SLICES))
                    else:
                        check_runs.append(post_load(app_port, path, body, auth, connections=connections,
                                                    seconds=seconds / SLICES))
            results[name] = {"bare": merged(bare_runs), "check": merged(check_runs),
                             "post_lines": len(text.splitlines())}
        return results
    finally:
        for p in procs:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)
