"""The game's turn length (set once on «Сроки»): every step opened afterwards — by a resolution, a
correction, a roll-back, a deadline default — is due that long after it opens; a step whose turn
sets its own deadline keeps it; the GM's one-off deadline of a step still works."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from support.dbtools import finish_bids, post
from support.race import Race

from letopis import service
from letopis.db.models import Game
from letopis.engine import registry
from letopis.engine.events import Event


class WindowRace(Race):
    """«Гонка» whose answer step (a reaction) closes two hours after it opens."""

    id = "race_window"

    def turn(self, state):
        info = super().turn(state)
        return info.model_copy(update={"deadline_hours": 2}) if info.phase == "answer" else info


@pytest.fixture
def window_race():
    ruleset = WindowRace()
    registry.register(ruleset)
    yield ruleset
    registry._extra.pop(ruleset.id, None)


def _open(db, game):
    page = service.game_page(db, game.id)
    return page.step


def _due_after(step) -> timedelta:
    return step.deadline - step.opened_at


def test_set_once_it_is_the_deadline_of_every_new_step(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    assert _open(db, game).deadline is None  # no turn length yet: no deadline, as before
    schedule = service.set_turn_length(db, game_id=game.id, gm_user_id=gm, hours=48)
    assert schedule.turn_hours == 48
    assert _open(db, game).deadline is None  # the open step keeps its own (none)
    finish_bids(db, game)  # resolution → step 2 opens
    step = _open(db, game)
    assert step.number == 2 and _due_after(step) == timedelta(hours=48)
    post(db, game, "b", "бросаю")  # step 3 opens
    assert _due_after(_open(db, game)) == timedelta(hours=48)
    entry = service.audit_log(db, game.id)[0]
    assert entry.action == "set_turn_length" and entry.data == {"turn_hours": 48, "was": None}
    assert entry.action_title == "срок хода для новых шагов"


def test_a_step_with_its_own_deadline_keeps_it(db, race_game, window_race):
    game = race_game()
    db.get(Game, game.id).ruleset_id = window_race.id
    db.commit()
    service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=24)
    finish_bids(db, game)
    assert _due_after(_open(db, game)) == timedelta(hours=24)  # «бросок»: the game's turn length
    post(db, game, "b", "бросаю")
    answer = _open(db, game)
    assert answer.turn.phase == "answer" and _due_after(answer) == timedelta(hours=2)  # its own window


def test_a_deadline_default_opens_the_next_step_with_the_turn_length(db, race_game):
    game = race_game()
    service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=12)
    when = datetime.now(UTC) - timedelta(minutes=1)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=race_game.gm.id)  # the one-off deadline
    assert service.run_worker(db, now=when + timedelta(seconds=1), deliver=False).defaults == [game.id]
    step = _open(db, game)
    assert step.number == 2 and _due_after(step) == timedelta(hours=12)


class PatchRace(Race):
    """«Гонка» whose GM moves runners by lines «a +3»."""

    id = "race_patch_turns"

    def correct(self, state, text):
        new = state.model_copy(deep=True)
        runner, amount = text.split()
        new.positions[runner] += int(amount)
        return new, [Event(kind="gm_correction", text=f"{new.name(runner)}: {int(amount):+d} клеток.")], []


@pytest.fixture
def patch_race():
    ruleset = PatchRace()
    registry.register(ruleset)
    yield ruleset
    registry._extra.pop(ruleset.id, None)


def test_a_correction_opens_the_next_step_with_the_turn_length(db, race_game, patch_race):
    game = race_game()
    db.get(Game, game.id).ruleset_id = patch_race.id
    db.commit()
    service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=6)
    header = service.correct(db, game_id=game.id, text="a +2", gm_user_id=race_game.gm.id, reason="потерянный ход")
    assert header.number == 1
    step = _open(db, game)
    assert step.number == 2 and _due_after(step) == timedelta(hours=6)


def test_a_roll_back_restarts_the_open_step_s_clock(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    finish_bids(db, game)  # step 1 published, step 2 open
    service.set_turn_length(db, game_id=game.id, gm_user_id=gm, hours=36)
    before = _open(db, game)
    assert before.deadline is None
    service.rollback(db, game_id=game.id, from_step=1, gm_user_id=gm, reason="пересчёт по жалобе")
    after = _open(db, game)
    assert after.number == 2 and _due_after(after) == timedelta(hours=36)


def test_bounds_and_the_gm_only(db, race_game):
    game = race_game()
    with pytest.raises(service.Forbidden):
        service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.ann.id, hours=24)
    for bad in (0, -5, 721):
        with pytest.raises(service.Invalid) as exc:
            service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=bad)
        assert exc.value.code == "bad_turn_length"
    assert service.get_schedule(db, game.id).turn_hours is None
    service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=720)
    service.set_turn_length(db, game_id=game.id, gm_user_id=race_game.gm.id, hours=None)
    assert service.get_schedule(db, game.id).turn_hours is None
    assert [a.data for a in service.audit_log(db, game.id)] == [{"turn_hours": 720, "was": None},
                                                                {"turn_hours": None, "was": 720}]
    finish_bids(db, game)
    assert _open(db, game).deadline is None  # taken off: steps open without a deadline again


def test_a_step_opened_during_a_pause_loses_only_the_time_it_was_paused(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    service.set_turn_length(db, game_id=game.id, gm_user_id=gm, hours=48)
    service.pause_game(db, game_id=game.id, gm_user_id=gm, reason="Праздники")
    finish_bids(db, game)  # step 2 opens during the pause, due in 48 h
    opened = _open(db, game)
    resumed = service.resume_game(db, game_id=game.id, gm_user_id=gm)
    shift = resumed.deadline - opened.deadline
    assert timedelta(0) <= shift < timedelta(minutes=1)  # not the whole pause, only since it opened
