"""«Тетраномикон: демо» (issue 10): four players, proposed posts through `submit_post`, left open in
the middle of epoch 2's action phase with buildings, routes and cards in play; the chronicle
verifies and the game page carries the picture."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from letopis import service
from letopis.engine.registry import all_rulesets
from letopis.service.demo import TETRANOMICON_DEMO


def test_tetranomicon_demo_is_left_in_the_middle_of_epoch_two(db):
    if "tetranomicon" not in all_rulesets():
        return
    service.ensure_demo(db, games=(TETRANOMICON_DEMO,))
    (game,) = service.list_games(db)
    assert (game.title, game.ruleset_id, game.mode, game.status) == ("Тетраномикон: демо", "tetranomicon", "auto",
                                                                     "active")
    assert [s.player_name for s in service.list_seats(db, game.id)] == ["Анна", "Борис", "Вера", "Глеб"]
    steps = service.list_steps(db, game.id)
    assert steps[-1].status == "open" and steps[-1].turn.title == "Эпоха 2, фаза действий"
    page = service.game_page(db, game.id)
    view = page.view
    assert view["epoch"] == 2 and view["turns"] >= 4
    assert view["buildings"] and view["routes"]
    assert any(view["creature_pool"]) and any(view["artifact_pool"])
    # cards in the players' hands too, unless none was proposed: then it stops before the epoch ends
    owned = any(p["creatures"] or p["artifacts"] for p in view["players"].values())
    assert owned or sum(p["passed"] for p in view["players"].values()) >= 2
    assert view["supply"] is None  # the trophy supply stays secret on the public page
    ET.fromstring(page.svg)
    assert "эпоха 2" in page.svg
    assert service.verify_game(db, game.id).ok
    published = [s for s in steps if s.status == "published"]
    chron = service.step_chronicle(db, game_id=game.id, step_number=published[-1].number)
    assert chron.posts and all(len(p.sha256) == 64 for p in chron.posts)
