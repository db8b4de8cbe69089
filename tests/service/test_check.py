"""The live check's hot path: who may check, and the per-process state cache never goes stale."""

import pytest
from sqlalchemy import select
from support.dbtools import finish_bids, post

from letopis import service
from letopis.db.models import Step
from letopis.engine import get_ruleset
from letopis.service import state_cache


def test_check_is_for_the_seat_the_gm_or_an_admin(db, race_game, make_user):
    game = race_game()
    ok = service.check_post(db, game_id=game.id, faction="a", text="ставка 2", user_id=race_game.ann.id)
    assert ok.ok and ok.expected
    assert service.check_post(db, game_id=game.id, faction="b", text="ставка 2", user_id=race_game.gm.id).ok
    with pytest.raises(service.Forbidden):
        service.check_post(db, game_id=game.id, faction="b", text="ставка 2", user_id=race_game.ann.id)
    stranger = make_user("eve", "Ева")
    with pytest.raises(service.Forbidden):
        service.check_post(db, game_id=game.id, faction="a", text="ставка 2", user_id=stranger.id)
    admin = make_user("root", "Админ")
    service.set_admin(db, user_id=admin.id, is_admin=True)
    assert service.check_post(db, game_id=game.id, faction="a", text="ставка 2", user_id=admin.id).ok


def test_check_refuses_unknown_games_and_factions(db, race_game):
    game = race_game()
    with pytest.raises(service.NotFound):
        service.check_post(db, game_id=game.id + 100, faction="a", text="ставка 2")
    with pytest.raises(service.Invalid):
        service.check_post(db, game_id=game.id, faction="zz", text="ставка 2")


def test_check_follows_the_step_and_a_re_resolved_state(db, race_game, monkeypatch):
    """The cache key changes whenever the stored state does: a new step, or a GM override that
    re-opens the next step from a corrected state — the check always reads the stored state."""
    state_cache.clear()
    ruleset = get_ruleset("race")
    seen = []
    real_read = type(ruleset).read

    def spy(self, text, state, faction):
        seen.append(state.model_dump(mode="json"))
        return real_read(self, text, state, faction)

    monkeypatch.setattr(type(ruleset), "read", spy)

    def stored_state(number):
        return db.scalar(select(Step.state_before).where(Step.game_id == game.id, Step.number == number))

    game = race_game()
    assert service.check_post(db, game_id=game.id, faction="a", text="ставка 2").step_number == 1
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    assert service.check_post(db, game_id=game.id, faction="a", text="пас").step_number == 3
    assert seen[-1] == stored_state(3)
    service.check_post(db, game_id=game.id, faction="a", text="пас")  # served from the cache
    assert seen[-1] == stored_state(3)

    roll = service.step_chronicle(db, game_id=game.id, step_number=2).rolls[0]
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0,
                          value=6 if roll.value != 6 else 1, gm_user_id=race_game.gm.id, reason="проверка")
    db.expire_all()
    corrected = stored_state(3)
    assert corrected != seen[-1]
    assert service.check_post(db, game_id=game.id, faction="a", text="пас").ok
    assert seen[-1] == corrected
