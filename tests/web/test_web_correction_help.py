"""The GM desk's «Правка» shows how to write corrections for the game's own ruleset (issue 12): each
ruleset's `correction_examples`, and a plain note for one without corrections."""

from __future__ import annotations

import html

import pytest
from api.webclient import log_in
from fastapi.testclient import TestClient

from letopis import service
from letopis.engine import Faction, get_ruleset


@pytest.mark.parametrize("ruleset_id", ["kozyablo", "tetranomicon", "dungeon_keeper", "dice_roll_party", "wargame"])
def test_the_desk_shows_the_rulesets_own_correction_examples(db, app, make_user, ruleset_id):
    gm = make_user("gm", "Мастер")
    game = service.create_game(db, ruleset_id=ruleset_id, title="Правка",
                               factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                               gm_user_id=gm.id)
    examples = get_ruleset(ruleset_id).correction_examples
    assert examples
    with TestClient(app) as client:
        log_in(client, "gm")
        page = html.unescape(client.get(f"/games/{game.id}/gm").text)
    assert all(f"«{line}»" in page for line in examples)
    others = {x for r in ("kozyablo", "tetranomicon") if r != ruleset_id for x in get_ruleset(r).correction_examples}
    assert not any(f"«{line}»" in page for line in others)


def test_a_ruleset_without_corrections_says_so(db, app, race_game):
    game = race_game()
    with TestClient(app) as client:
        log_in(client, "gm")
        page = client.get(f"/games/{game.id}/gm").text
    assert "не умеет правку состояния" in page
