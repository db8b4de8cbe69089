"""Moving a running forum game into Letopis: each ruleset's example setup document matches the JSON
Schema published at /api/rulesets/{id}/schema and imports into a playable game."""

import json

import jsonschema
import pytest

from letopis import service
from letopis.engine import Dice, all_rulesets

EXAMPLES = sorted((rid, r.package_dir / "examples" / "setup-example.json")
                  for rid, r in all_rulesets().items()
                  if (r.package_dir / "examples" / "setup-example.json").exists())


def test_every_real_ruleset_ships_an_example():
    assert {"dice_roll_party", "dungeon_keeper", "kozyablo"} <= {rid for rid, _ in EXAMPLES}


@pytest.mark.parametrize(("ruleset_id", "path"), EXAMPLES, ids=[rid for rid, _ in EXAMPLES])
def test_example_matches_the_schema_and_imports_into_a_playable_game(db, make_user, ruleset_id, path):
    document = json.loads(path.read_text(encoding="utf-8"))
    ruleset = all_rulesets()[ruleset_id]
    jsonschema.validate(document, ruleset.setup_schema())
    gm = make_user("gm", "Мастер")
    game = service.import_setup(db, document=document, gm_user_id=gm.id, title="С форума")
    page = service.game_page(db, game.id, gm.id)
    assert page.turn.factions and not page.turn.over
    state = ruleset.state_from_json(page.view)
    faction = page.turn.factions[0]
    text = ruleset.propose(state, faction, Dice("cd" * 32))
    assert service.check_post(db, game_id=game.id, faction=faction, text=text).ok
