"""The post page's reference panel in the service: only the faction's player, the GM or an admin
may see it (a roster holds the faction's own secrets); it is read against the state posts are read
against; examples are only for a faction the step waits for, and are computed once per state; a
ruleset that fails to list never takes the page down."""

import pytest
from support.dbtools import db_snapshot, finish_bids

from letopis import service
from letopis.engine import get_ruleset
from letopis.engine.contract import RosterEntry, RosterGroup
from letopis.service import aid as aid_module


def test_the_player_gets_his_board_and_examples_that_read(db, race_game):
    game = race_game()
    aid = service.player_aid(db, game_id=game.id, faction="a", user_id=race_game.ann.id)
    assert aid.faction == "a" and aid.expected
    assert aid.svg and aid.svg.startswith("<svg")
    assert aid.roster == []  # «Гонка» lists nothing
    assert aid.examples and all(x.startswith("ставка ") for x in aid.examples)
    for line in aid.examples:
        assert service.check_post(db, game_id=game.id, faction="a", text=line, user_id=race_game.ann.id).ok


def test_only_the_seat_the_gm_or_an_admin(db, race_game, make_user):
    game = race_game()
    stranger = make_user("eve", "Ева")
    before = db_snapshot(db)
    with pytest.raises(service.Forbidden):
        service.player_aid(db, game_id=game.id, faction="b", user_id=race_game.ann.id)
    with pytest.raises(service.Forbidden):
        service.player_aid(db, game_id=game.id, faction="a", user_id=stranger.id)
    with pytest.raises(service.Invalid):
        service.player_aid(db, game_id=game.id, faction="zz", user_id=race_game.gm.id)
    with pytest.raises(service.NotFound):
        service.player_aid(db, game_id=game.id + 100, faction="a", user_id=race_game.gm.id)
    assert db_snapshot(db) == before
    assert service.player_aid(db, game_id=game.id, faction="b", user_id=race_game.gm.id).expected
    admin = make_user("root", "Админ")
    service.set_admin(db, user_id=admin.id, is_admin=True)
    assert service.player_aid(db, game_id=game.id, faction="a", user_id=admin.id).faction == "a"


def test_no_examples_for_a_faction_the_step_does_not_wait_for(db, race_game):
    game = race_game()
    finish_bids(db, game)  # «b» bid higher: only «b» posts the move step
    waiting = service.player_aid(db, game_id=game.id, faction="b", user_id=race_game.bob.id)
    idle = service.player_aid(db, game_id=game.id, faction="a", user_id=race_game.ann.id)
    assert waiting.expected and waiting.examples == ["бросаю"]
    assert not idle.expected and idle.examples == [] and idle.svg


def test_examples_are_computed_once_per_state(db, race_game, monkeypatch):
    aid_module._examples.clear()
    ruleset = get_ruleset("race")
    calls = []
    real = type(ruleset).examples

    def counting(self, state, faction):
        calls.append(faction)
        return real(self, state, faction)

    monkeypatch.setattr(type(ruleset), "examples", counting)
    game = race_game()
    first = service.player_aid(db, game_id=game.id, faction="a", user_id=race_game.ann.id)
    again = service.player_aid(db, game_id=game.id, faction="a", user_id=race_game.ann.id)
    assert first.examples == again.examples and calls == ["a"]
    finish_bids(db, game)
    service.player_aid(db, game_id=game.id, faction="b", user_id=race_game.bob.id)
    assert calls == ["a", "b"]  # a new step, a new state: computed afresh


def test_a_failing_roster_leaves_the_rest_of_the_panel(db, race_game, monkeypatch, caplog):
    ruleset = get_ruleset("race")

    def broken(self, state, faction):
        raise RuntimeError("bug")

    monkeypatch.setattr(type(ruleset), "roster", broken)
    game = race_game()
    aid = service.player_aid(db, game_id=game.id, faction="a", user_id=race_game.ann.id)
    assert aid.roster == [] and aid.svg and aid.examples
    assert "race.roster failed" in caplog.text


def test_the_game_page_lists_a_players_own_forces_only(db, race_game, monkeypatch):
    ruleset = get_ruleset("race")

    def listed(self, state, faction):
        return [RosterGroup(title="Фишка", entries=[RosterEntry(name=f"Фишка {faction}")])]

    monkeypatch.setattr(type(ruleset), "roster", listed, raising=False)
    game = race_game()
    assert service.game_page(db, game.id, race_game.ann.id).roster[0].entries[0].name == "Фишка a"
    assert service.game_page(db, game.id, race_game.bob.id).roster[0].entries[0].name == "Фишка b"
    assert service.game_page(db, game.id, race_game.gm.id).roster == []
    assert service.game_page(db, game.id).roster == []
