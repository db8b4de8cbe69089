"""The GM desk: roll back, edit a draft's outcome, correct the state, take over, reassign, rulings."""

import re

import pytest
from sqlalchemy import select
from support.dbtools import db_snapshot, finish_bids, post
from support.race import Race

from letopis import service
from letopis.db.models import Resolution, Step
from letopis.engine import registry
from letopis.engine.events import Event
from letopis.engine.problems import Problem
from letopis.engine.registry import register
from letopis.engine.resolution import GM_CORRECTION, Submission, resolve_step


class FixableRace(Race):
    """«Гонка» with the optional `correct`: lines «a +3» / «b -2» move a runner."""

    id = "race_fix"

    def correct(self, state, text):
        new = state.model_copy(deep=True)
        events, problems = [], []
        for n, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            m = re.fullmatch(r"\s*(\w+)\s*([+-]\d+)\s*", line)
            if not m or m.group(1) not in new.positions:
                problems.append(Problem(line=n, code="bad_patch", message="Не понимаю строку правки."))
                continue
            faction, delta = m.group(1), int(m.group(2))
            new.positions[faction] = max(0, new.positions[faction] + delta)
            events.append(Event(kind="gm_correction", text=f"{new.name(faction)}: {delta:+d} клеток.",
                                faction=faction))
        return (state, [], problems) if problems else (new, events, problems)


@pytest.fixture(autouse=True)
def _fixable_race():
    """Registered only while these tests run (the conformance suite iterates every ruleset)."""
    register(FixableRace())
    yield
    registry._extra.pop(FixableRace.id, None)


def _game(db, race_game, ruleset="race", mode="auto"):
    game = race_game(mode=mode)
    if ruleset != "race":
        from letopis.db.models import Game
        row = db.get(Game, game.id)
        row.ruleset_id = ruleset
        db.commit()
    return game


def _play_round(db, game):
    finish_bids(db, game)  # step 1
    post(db, game, "b", "бросаю")  # step 2
    post(db, game, "a", "пас")  # step 3


def test_rollback_without_changes_keeps_results_and_verifies(db, race_game):
    game = _game(db, race_game)
    _play_round(db, game)
    before = service.game_page(db, game.id).view
    out = service.rollback(db, game_id=game.id, from_step=2, gm_user_id=race_game.gm.id, reason="проверка")
    assert out.redone == [2, 3] and out.changed == [] and out.stopped_at is None
    assert service.game_page(db, game.id).view == before
    chron = service.step_chronicle(db, game_id=game.id, step_number=2)
    assert len(chron.superseded) == 1  # the old resolution is kept
    assert any(a.action == "rollback" and a.reason == "проверка" for a in chron.gm_actions)
    assert "откатил" in chron.gm_actions[-1].data["text"]
    assert service.game_page(db, game.id).game.open_step == 4
    assert service.verify_game(db, game.id).ok


def test_rollback_re_resolves_with_fixed_rules_and_reports_changes(db, race_game, monkeypatch):
    game = _game(db, race_game)
    _play_round(db, game)
    original = Race.apply

    def fixed(self, state, faction, orders, dice):  # a "bug fix" that changes the wording
        out = original(self, state, faction, orders, dice)
        for e in out.events:
            if e.kind == "move":
                e.text = e.text.replace("продвигается", "бежит")
        return out

    monkeypatch.setattr(Race, "apply", fixed)
    out = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="исправлена ошибка")
    assert out.redone == [1, 2, 3] and out.changed == [2]
    assert "бежит" in service.step_chronicle(db, game_id=game.id, step_number=2).events[0].text
    assert service.verify_game(db, game.id).ok


def test_rollback_stops_at_the_first_step_that_no_longer_reads(db, race_game, monkeypatch):
    game = _game(db, race_game)
    _play_round(db, game)
    original = Race.read

    def strict(self, text, state, faction):
        reading = original(self, text, state, faction)
        if "бросаю" in text:
            reading.problems.append(Problem(line=1, code="banned", message="Бросать больше нельзя."))
        return reading

    monkeypatch.setattr(Race, "read", strict)
    revealed = service.step_chronicle(db, game_id=game.id, step_number=2).seed
    out = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="новое правило")
    assert out.redone == [1] and out.stopped_at == 2 and out.problems[0].code == "banned"
    assert len(out.detached) == 2  # step 3 and the open step 4, their posts kept
    page = service.game_page(db, game.id)
    assert page.game.open_step == 2 and page.game.steps_published == 1
    step2 = db.scalars(select(Step).where(Step.game_id == game.id, Step.number == 2)).one()
    assert step2.status == "open" and step2.seed != revealed  # a fresh committed seed
    assert [p.text for p in service.step_chronicle(db, game_id=game.id, step_number=2,
                                                   viewer_user_id=race_game.gm.id).posts] == ["бросаю"]
    assert service.verify_game(db, game.id).ok
    entries = [e for e in service.audit_log(db, game.id) if e.action == "rollback"]
    assert {e.step_number for e in entries} == {1, 2}


def test_rollback_of_an_unpublished_step_is_refused(db, race_game):
    game = _game(db, race_game)
    with pytest.raises(service.Conflict):
        service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="x")
    with pytest.raises(service.Forbidden):
        service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.ann.id, reason="x")


def test_edit_outcome_of_a_draft_is_public_and_verify_checks_the_engine(db, race_game):
    game = _game(db, race_game, mode="review")
    finish_bids(db, game)
    gm = race_game.gm.id
    with pytest.raises(service.Invalid):
        service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=gm, reason="", texts={2: "x"})
    with pytest.raises(service.Invalid):
        service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=gm, reason="опечатка", texts={9: "x"})
    service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=gm, reason="слишком сухо",
                         texts={2: "Ставки вскрыты, Боря рвётся вперёд."}, annul=[0])
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=gm)
    chron = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=gm)
    assert chron.events[2].text == "Ставки вскрыты, Боря рвётся вперёд."
    assert chron.events[2].data["gm_edit"]["reason"] == "слишком сухо"
    assert chron.events[0].text.startswith("[Отменено мастером]")
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert any(a.action == "edit_outcome" and a.reason == "слишком сухо" for a in public.gm_actions)
    assert len(public.superseded) == 1
    assert service.verify_game(db, game.id).ok
    with pytest.raises(service.Conflict):  # published: no more edits
        service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=gm, reason="ещё", texts={2: "y"})


def test_correct_state_is_a_published_step_that_verify_replays(db, race_game):
    game = _game(db, race_game, ruleset="race_fix")
    gm = race_game.gm.id
    snap = db_snapshot(db)
    with pytest.raises(service.Invalid) as err:
        service.correct(db, game_id=game.id, text="a +3\nнечто", gm_user_id=gm, reason="жалоба")
    assert [p.line for p in err.value.problems] == [2]
    assert db_snapshot(db) == snap  # nothing applied on any error
    assert service.check_correction(db, game_id=game.id, text="a +3", gm_user_id=gm) == []
    header = service.correct(db, game_id=game.id, text="a +3\nb +1", gm_user_id=gm, reason="потерянный ход")
    assert header.number == 1 and header.status == "published" and header.seed
    page = service.game_page(db, game.id)
    assert page.view["positions"] == {"a": 3, "b": 1} and page.game.open_step == 2
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.posts[0].faction == GM_CORRECTION and chron.posts[0].author_name == "Мастер"
    assert [e.text for e in chron.events] == ["Аня: +3 клеток.", "Боря: +1 клеток."]
    assert chron.gm_actions[-1].action == "correct_state" and chron.gm_actions[-1].reason == "потерянный ход"
    assert service.verify_game(db, game.id).ok
    # a roll-back replays the correction step too
    finish_bids(db, game)
    out = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=gm, reason="проверка")
    assert out.redone == [1, 2] and out.stopped_at is None
    assert service.verify_game(db, game.id).ok


def test_correct_refused_after_posts_and_for_rulesets_without_it(db, race_game):
    game = _game(db, race_game)
    with pytest.raises(service.Invalid) as err:
        service.correct(db, game_id=game.id, text="a +3", gm_user_id=race_game.gm.id, reason="x")
    assert err.value.problems[0].code == "correct_unsupported"


def test_correct_refused_when_the_step_has_posts(db, race_game):
    game = _game(db, race_game, ruleset="race_fix")
    post(db, game, "a", "ставка 2")
    with pytest.raises(service.Conflict) as err:
        service.correct(db, game_id=game.id, text="a +3", gm_user_id=race_game.gm.id, reason="x")
    assert err.value.code == "step_has_posts"


def test_take_over_posts_for_a_faction_publicly(db, race_game):
    game = _game(db, race_game)
    post(db, game, "a", "ставка 2")
    with pytest.raises(service.Forbidden):
        service.take_over(db, game_id=game.id, faction="b", text="ставка 1", gm_user_id=race_game.ann.id,
                          reason="x")
    with pytest.raises(service.Invalid):
        service.take_over(db, game_id=game.id, faction="b", text="ставка 9", gm_user_id=race_game.gm.id,
                          reason="Боря пропал")
    header = service.take_over(db, game_id=game.id, faction="b", text="ставка 1", gm_user_id=race_game.gm.id,
                               reason="Боря пропал")
    assert header.status == "published"
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    by_b = next(p for p in chron.posts if p.faction == "b")
    assert by_b.author_name == "Мастер"
    entry = next(a for a in chron.gm_actions if a.action == "take_over")
    assert entry.reason == "Боря пропал" and entry.data["faction"] == "b"
    assert service.verify_game(db, game.id).ok


def test_reassign_seat_directly_and_by_invite(db, race_game, make_user):
    game = _game(db, race_game)
    vera = make_user("vera", "Вера")
    gm = race_game.gm.id
    change = service.reassign_seat(db, game_id=game.id, faction="b", gm_user_id=gm, reason="Боря ушёл",
                                   to_user_id=vera.id)
    assert change.from_user_id == race_game.bob.id and change.to_user_id == vera.id
    post(db, game, "b", "ставка 2", user_id=vera.id)
    change = service.reassign_seat(db, game_id=game.id, faction="a", gm_user_id=gm, reason="Аня ушла")
    assert change.invite_token and change.to_user_id is None
    dan = make_user("dan", "Даня")
    service.join_by_invite(db, token=change.invite_token, user_id=dan.id)
    assert service.seat_of(db, game_id=game.id, user_id=dan.id).faction == "a"
    entries = [e for e in service.audit_log(db, game.id) if e.action == "reassign_seat"]
    assert [e.reason for e in entries] == ["Боря ушёл", "Аня ушла"] and entries[1].data["by_invite"]
    with pytest.raises(service.Invalid):
        service.reassign_seat(db, game_id=game.id, faction="a", gm_user_id=gm, reason="", to_user_id=dan.id)


def test_export_ruling_holds_engine_and_gm_results(db, race_game):
    game = _game(db, race_game)
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    roll = service.step_chronicle(db, game_id=game.id, step_number=2).rolls[0]
    value = 1 if roll.value != 1 else 2
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=value,
                          gm_user_id=race_game.gm.id, reason="кубик укатился")
    case = service.export_ruling(db, game_id=game.id, step_number=2, gm_user_id=race_game.gm.id)
    assert case["reason"] == "кубик укатился" and case["gm_result"]["rolls"][0]["value"] == value
    assert case["engine_result"]["rolls"][0]["value"] == roll.value
    ruleset = Race()
    state = ruleset.state_from_json(case["state_before"])
    again = resolve_step(ruleset, state, [Submission(s["faction"], s["text"]) for s in case["submissions"]],
                         case["seed"])
    assert again.state.model_dump(mode="json") == case["engine_result"]["state_after"]


def test_a_gm_who_plays_acts_publicly(db, race_game, make_user):
    """Every GM action on a game where the GM holds a seat is in the public audit and chronicle."""
    game = _game(db, race_game)
    gm = race_game.gm.id
    service.reassign_seat(db, game_id=game.id, faction="b", gm_user_id=gm, reason="сам сыграю", to_user_id=gm)
    finish_bids(db, game)  # «b» (the GM) moves next
    post(db, game, "b", "бросаю")
    roll = service.step_chronicle(db, game_id=game.id, step_number=2).rolls[0]
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=6 if roll.value != 6 else 5,
                          gm_user_id=gm, reason="перекат")
    public = service.step_chronicle(db, game_id=game.id, step_number=2)  # a spectator
    assert [a.action for a in public.gm_actions] == ["override_roll"] and public.gm_actions[0].actor_name == "Мастер"
    assert any("перекат" in n for n in public.notes)
    assert [e.action for e in service.audit_log(db, game.id)] == ["reassign_seat", "override_roll"]
    assert db.scalars(select(Resolution).where(Resolution.superseded.is_(True))).all()
