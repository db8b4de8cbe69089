"""The post-check endpoint against a bare INSERT+SELECT endpoint, side by side in one run.

Both servers run as uvicorn with one worker on loopback against the same throwaway PostgreSQL
cluster; the same load generator drives them, in alternating slices of one second, so that load
from elsewhere on a shared machine falls on every figure alike. The bare endpoint is measured both
ways the stack allows (sync in the threadpool, async on the event loop); ratios take the faster.
"""

from __future__ import annotations

import httpx

from .load import post_load, side_by_side
from .stack import ROOT, bearer, database, servers

__all__ = ["ROOT", "run"]
SLICES = 6  # alternating slices of load per endpoint


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
    """The bare endpoints (sync and async) and each ruleset's check endpoint, side by side."""
    with database() as (url, env), servers(env) as procs:
        scenarios = _check_scenarios(url)
        _, app_port = procs.app()
        _, bare_port = procs.bare()
        auth = bearer(app_port, "master", "demo")
        results: dict[str, dict] = {}
        for name, game_id, faction, text in scenarios:
            body = {"faction": faction, "text": text}
            path = f"/api/games/{game_id}/check"
            probe = httpx.post(f"http://127.0.0.1:{app_port}{path}", json=body, headers=auth, timeout=30)
            probe.raise_for_status()
            assert probe.json()["ok"], probe.json()["problems"][:3]

            def slice_of(port: int, route: str, headers: dict | None = None, body: dict = body):
                return lambda s: post_load(port, route, body, headers, connections=connections, seconds=s)

            figs = side_by_side({"bare": slice_of(bare_port, "/bare"), "bare_async": slice_of(bare_port, "/bare_async"),
                                 "check": slice_of(app_port, path, auth)}, seconds=seconds, slices=SLICES, warm=1.0)
            results[name] = {**figs, "post_lines": len(text.splitlines())}
        return results
