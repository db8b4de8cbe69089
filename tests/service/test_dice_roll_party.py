"""The service with the real Dice Roll Party ruleset: a duel played by `propose`d posts.

These check the service's contract with a full ruleset (SINGLE, REACTION and setup steps, hidden
nothing, real dice), not the rules themselves; those have their own tests under tests/dice_roll_party.
"""

import pytest
from support.dbtools import db_snapshot

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

DUELISTS = [Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")]


@pytest.fixture
def duel(db, make_user):
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Дуэль", factions=DUELISTS,
                               gm_user_id=gm.id)
    players = {"anna": anna.id, "boris": boris.id}
    for faction, user_id in players.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user_id)
    return game, players, gm


def _play(db, game, players, dice, max_steps):
    ruleset = get_ruleset("dice_roll_party")
    for _ in range(max_steps):
        page = service.game_page(db, game.id, game.gm_user_id)  # the GM's view is the whole state
        if page.game.status == "over":
            return page
        state = ruleset.state_from_json(page.view)
        for faction in page.turn.factions:
            text = ruleset.propose(state, faction, dice)
            out = service.submit_post(db, game_id=game.id, step_number=page.step.number, faction=faction,
                                      text=text, user_id=players[faction])
            assert out.sha256 and out.reading.ok
    return service.game_page(db, game.id)


def test_a_duel_played_by_proposed_posts_verifies(db, duel):
    game, players, _ = duel
    page = _play(db, game, players, Dice("ab" * 32), max_steps=30)
    steps = service.list_steps(db, game.id)
    assert sum(s.status == "published" for s in steps) >= 6
    assert page.svg and page.summary
    assert service.verify_game(db, game.id).ok
    doc = service.export_game(db, game.id)
    assert service.verify_export(doc).ok


def test_garbage_is_refused_with_russian_problems_and_nothing_changes(db, duel):
    game, players, _ = duel
    page = service.game_page(db, game.id)
    faction = page.turn.factions[0]
    check = service.check_post(db, game_id=game.id, faction=faction, text="Сбегаю в магазин за хлебом. П9 атакует П17")
    assert not check.ok and check.problems
    before = db_snapshot(db)
    with pytest.raises(service.Invalid) as err:
        service.submit_post(db, game_id=game.id, step_number=page.step.number, faction=faction,
                            text="П9 атакует П17 и улетает на Марс", user_id=players[faction])
    assert err.value.problems and all(p.message for p in err.value.problems)
    assert db_snapshot(db) == before


def test_export_import_continues_a_duel(db, duel):
    game, players, gm = duel
    _play(db, game, players, Dice("ef" * 32), max_steps=5)
    doc = service.export_game(db, game.id)
    copy = service.import_setup(db, document=doc, gm_user_id=gm.id)
    assert service.game_page(db, copy.id).turn == service.game_page(db, game.id).turn
    assert service.export_game(db, copy.id)["state"] == doc["state"]
