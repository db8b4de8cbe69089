"""«Битвы FANTASY: демо» (issue 11): anna and boris, proposed posts through `submit_post`, the
armies deployed and sent at each other, left in round 2 with a melee stopped for a decision; the
chronicle verifies and the game page carries the picture with the melee and the question."""

from __future__ import annotations

import hashlib
import itertools
import types
import xml.etree.ElementTree as ET

from letopis import service
from letopis.engine.registry import all_rulesets
from letopis.service.demo import WARGAME_DEMO


def test_wargame_demo_is_left_in_round_two_with_a_melee_decision(db, monkeypatch):
    if "wargame" not in all_rulesets():
        return
    # Every step's dice come from a fresh seed; a fixed sequence makes the battle the same in every
    # run, so a failure here is reproducible rather than one unlucky battle.
    counter = itertools.count()
    fixed = types.SimpleNamespace(token_hex=lambda n: hashlib.sha256(b"%d" % next(counter)).hexdigest()[: 2 * n])
    monkeypatch.setattr("letopis.engine.dice.secrets", fixed)
    service.ensure_demo(db, games=(WARGAME_DEMO,))
    (game,) = service.list_games(db)
    assert (game.title, game.ruleset_id, game.mode, game.status) == ("Битвы FANTASY: демо", "wargame", "auto", "active")
    assert [s.player_name for s in service.list_seats(db, game.id)] == ["Анна", "Борис"]
    steps = service.list_steps(db, game.id)
    last = steps[-1]
    assert last.status == "open" and last.turn.post_kind == "decision"
    assert last.turn.title.startswith("Ход 2, ") and "решение (WG-DEC-" in last.turn.title
    assert last.turn.deadline_hours == 48 and last.turn.default
    page = service.game_page(db, game.id)
    view = page.view
    assert view["round"] == 2 and view["pending"]["faction"] in ("anna", "boris")
    assert any(f["kind"] == "fight" for f in view["stack"])
    root = ET.fromstring(page.svg)
    assert root.tag.endswith("svg")
    assert "Ждём ответа" in page.svg and "бой 1" in page.svg
    assert service.verify_game(db, game.id).ok
    published = [s for s in steps if s.status == "published"]
    titles = [s.turn.title for s in published]
    assert titles[0].startswith("Расстановка") and any(t.startswith("Ход 1, маневр") for t in titles)
    chron = service.step_chronicle(db, game_id=game.id, step_number=published[-1].number)
    assert chron.posts and all(len(p.sha256) == 64 for p in chron.posts)
