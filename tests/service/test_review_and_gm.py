"""Review mode and the GM's tools: publish, override a roll, annul a post, defaults, deadlines, audit."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from support.dbtools import db_snapshot, finish_bids, post

from letopis import service
from letopis.db.models import Resolution, Snapshot, Step


def test_review_mode_leaves_a_draft_until_the_gm_publishes(db, race_game):
    game = race_game(mode="review")
    post(db, game, "a", "ставка 1")
    out = post(db, game, "b", "ставка 3")
    assert out.resolved and not out.published and out.events == [] and "проверки мастера" in out.message
    page = service.game_page(db, game.id)
    assert page.game.draft_step == 1 and page.game.open_step is None and page.can_post == []
    assert page.view["phase"] == "bid"  # the public state is still the published one

    # the draft is the GM's alone
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert public.status == "draft" and public.resolution is None and public.events == [] and public.seed is None
    assert public.posts == []
    gm_view = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id)
    assert gm_view.resolution is not None and gm_view.seed is None
    assert [e.kind for e in gm_view.events] == ["bid", "bid", "bids_open"]

    with pytest.raises(service.Conflict) as err:  # no posts while the draft waits
        post(db, game, "a", "ставка 2", step=1)
    assert err.value.code == "step_in_review"
    with pytest.raises(service.Forbidden):
        service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.ann.id)

    header = service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    assert header.status == "published" and header.seed is not None
    assert service.game_page(db, game.id).game.open_step == 2
    with pytest.raises(service.Conflict):
        service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    [entry] = service.audit_log(db, game.id)
    assert entry.action == "publish" and entry.actor_name == "Мастер" and entry.step_number == 1
    assert service.verify_game(db, game.id).ok


def _move_roll(db, game):
    """Bids then Боря's move: returns the published move step's chronicle."""
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    return service.step_chronicle(db, game_id=game.id, step_number=2)


def test_override_of_the_latest_published_roll_re_resolves_and_marks_it(db, race_game):
    game = race_game()
    before = _move_roll(db, game)
    [roll] = before.rolls
    value = 6 if roll.value != 6 else 1
    pos_before = service.game_page(db, game.id).view["positions"]["b"]

    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=value,
                          gm_user_id=race_game.gm.id, reason="кубик упал со стола")
    after = service.step_chronicle(db, game_id=game.id, step_number=2)
    [new_roll] = after.rolls
    assert new_roll.overridden and new_roll.value == value and new_roll.natural == roll.value
    assert new_roll.reason == "кубик упал со стола"
    assert after.events[0].rolls[0].overridden
    assert any("кубик упал со стола" in note for note in after.notes)
    assert [r.id for r in after.superseded] == [before.resolution.id]  # the old one is kept
    assert service.game_page(db, game.id).view["positions"]["b"] == pos_before - roll.value + value
    # the next step was re-opened from the corrected state, with the same committed seed
    nxt = service.step_chronicle(db, game_id=game.id, step_number=3)
    assert nxt.status == "open"
    assert db.scalar(select(func.count(Snapshot.id))) == 3  # steps 1, 2 and the corrected 2
    [entry] = service.audit_log(db, game.id)
    assert entry.action == "override_roll" and entry.reason == "кубик упал со стола"
    assert entry.data["value"] == value and entry.data["was"] == roll.value
    assert service.verify_game(db, game.id).ok


def test_override_on_a_draft_keeps_it_a_draft(db, race_game):
    game = race_game(mode="review")
    finish_bids(db, game)
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    post(db, game, "b", "бросаю")
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=2,
                          gm_user_id=race_game.gm.id, reason="проверка")
    chron = service.step_chronicle(db, game_id=game.id, step_number=2, viewer_user_id=race_game.gm.id)
    assert chron.status == "draft" and chron.rolls[0].value == 2 and chron.rolls[0].overridden
    assert len(chron.superseded) == 1
    service.publish_step(db, game_id=game.id, step_number=2, gm_user_id=race_game.gm.id)
    assert service.game_page(db, game.id).view["positions"]["b"] == 2 + 3
    assert service.verify_game(db, game.id).ok


def test_override_that_wins_the_game_closes_the_next_step(db, race_game):
    game = race_game(goal=9, sides=6)
    _move_roll(db, game)  # b moves d6+3: 4..9
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=6,
                          gm_user_id=race_game.gm.id, reason="победа")
    page = service.game_page(db, game.id)
    assert page.game.status == "over" and page.result.winners == ["b"] and page.step is None
    assert [s.number for s in service.list_steps(db, game.id)] == [1, 2]
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=1,
                          gm_user_id=race_game.gm.id, reason="передумал")
    page = service.game_page(db, game.id)
    assert page.game.status == "active" and page.result is None and page.game.open_step == 3
    assert service.verify_game(db, game.id).ok


def test_override_refusals(db, race_game):
    game = race_game()
    _move_roll(db, game)
    gm = race_game.gm.id
    cases = [
        ({"step_number": 2, "roll_index": 5, "value": 1, "reason": "x"}, service.Invalid, "no_such_roll"),
        ({"step_number": 2, "roll_index": 0, "value": 7, "reason": "x"}, service.Invalid, "override_out_of_range"),
        ({"step_number": 2, "roll_index": 0, "value": 1, "reason": "  "}, service.Invalid, "reason_required"),
        ({"step_number": 1, "roll_index": 0, "value": 1, "reason": "x"}, service.Conflict, "step_not_latest"),
        ({"step_number": 3, "roll_index": 0, "value": 1, "reason": "x"}, service.Conflict, "step_open"),
    ]
    before = db_snapshot(db)
    for kwargs, error, code in cases:
        with pytest.raises(error) as err:
            service.override_roll(db, game_id=game.id, gm_user_id=gm, **kwargs)
        assert err.value.code == code
    with pytest.raises(service.Forbidden):
        service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=1,
                              gm_user_id=race_game.bob.id, reason="хочу")
    assert db_snapshot(db) == before


def test_next_step_posts_block_override_of_the_latest_published(db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")  # step 2 published, step 3 (answer) open
    finish = post(db, game, "a", "толкаю")  # step 3 published (it has a roll), step 4 open
    assert finish.published
    post(db, game, "a", "ставка 1")  # step 4 now has a post
    with pytest.raises(service.Conflict) as err:
        service.override_roll(db, game_id=game.id, step_number=3, roll_index=0, value=6,
                              gm_user_id=race_game.gm.id, reason="поздно")
    assert err.value.code == "next_step_has_posts" and "шаг 3 менять поздно" in err.value.message


def test_annul_in_an_open_simultaneous_step_makes_the_faction_post_again(db, race_game):
    game = race_game()
    first = post(db, game, "a", "ставка 3")
    header = service.annul_post(db, post_id=first.post_id, gm_user_id=race_game.gm.id, reason="ставка вне правил клуба")
    assert header.waiting_for == ["a", "b"] and header.posted == []
    assert not post(db, game, "b", "ставка 1").resolved  # still waiting for «a»
    assert post(db, game, "a", "ставка 2").resolved
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    annulled = next(p for p in chron.posts if p.id == first.post_id)
    assert annulled.annulled and annulled.annul_reason == "ставка вне правил клуба" and not annulled.counted
    [entry] = service.audit_log(db, game.id)
    assert entry.action == "annul_post" and entry.data["faction"] == "a"
    assert service.verify_game(db, game.id).ok


def test_annul_discards_a_draft(db, race_game):
    game = race_game(mode="review")
    post(db, game, "a", "ставка 1")
    out = post(db, game, "b", "ставка 3")
    assert out.resolved and not out.published
    header = service.annul_post(db, post_id=out.post_id, gm_user_id=race_game.gm.id, reason="опечатка")
    assert header.status == "open" and header.waiting_for == ["b"]
    assert db.scalar(select(func.count(Resolution.id)).where(Resolution.superseded.is_(True))) == 1
    redo = post(db, game, "b", "ставка 2")
    assert redo.resolved and not redo.published
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    assert service.game_page(db, game.id).view["bids"] == {}  # public view hides the bids
    assert service.game_page(db, game.id, race_game.gm.id).view["bids"] == {"a": 1, "b": 2}
    assert service.verify_game(db, game.id).ok


def test_annul_refusals(db, race_game):
    game = race_game()
    out = finish_bids(db, game)
    with pytest.raises(service.Conflict) as err:
        service.annul_post(db, post_id=out.post_id, gm_user_id=race_game.gm.id, reason="поздно")
    assert err.value.code == "step_published"
    with pytest.raises(service.NotFound):
        service.annul_post(db, post_id=999, gm_user_id=race_game.gm.id, reason="нет")
    with pytest.raises(service.Forbidden):
        service.annul_post(db, post_id=out.post_id, gm_user_id=race_game.ann.id, reason="не нравится")


def test_apply_default_resolves_for_the_silent_factions_and_the_chronicle_says_so(db, race_game):
    game = race_game()
    post(db, game, "b", "ставка 2")
    with pytest.raises(service.Forbidden):
        service.apply_default(db, game_id=game.id, gm_user_id=race_game.bob.id)
    header = service.apply_default(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="Аня молчит неделю")
    assert header.status == "published"
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.defaults == ["a"]
    assert chron.notes == [("Мастер применил действие по умолчанию (ставка 1) для фракции «Аня»; срока у шага не "
                           "было. Причина: «Аня молчит неделю».")]  # no deadline passed: none is claimed
    page = service.game_page(db, game.id, race_game.gm.id)
    assert page.view["bids"] == {"a": 1, "b": 2} and page.view["mover"] == "b"
    [entry] = service.audit_log(db, game.id)
    assert entry.action == "apply_default" and entry.reason == "Аня молчит неделю" and entry.data["factions"] == ["a"]
    assert service.verify_game(db, game.id).ok


def test_apply_default_when_everyone_posted_or_the_game_is_over(db, race_game):
    game = race_game(mode="review")
    finish_bids(db, game)
    with pytest.raises(service.Conflict):
        service.apply_default(db, game_id=game.id, gm_user_id=race_game.gm.id)


def test_deadlines_apply_defaults_once_due(db, race_game, session_factory):
    game = race_game()
    soon = datetime.now(UTC) + timedelta(hours=1)
    header = service.set_deadline(db, game_id=game.id, deadline=soon, gm_user_id=race_game.gm.id)
    assert header.deadline == soon
    with pytest.raises(service.Invalid):
        service.set_deadline(db, game_id=game.id, deadline=datetime(2030, 1, 1), gm_user_id=race_game.gm.id)
    with pytest.raises(service.Forbidden):
        service.set_deadline(db, game_id=game.id, deadline=soon, gm_user_id=race_game.ann.id)
    assert service.run_due_deadlines(db) == []  # not yet
    assert service.run_due_deadlines(db, now=soon + timedelta(seconds=1)) == [game.id]
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.status == "published" and chron.defaults == ["a", "b"]
    actions = [(a.action, a.actor_name) for a in service.audit_log(db, game.id)]
    assert actions == [("set_deadline", "Мастер"), ("apply_default", "система")]
    assert service.run_due_deadlines(db, now=soon + timedelta(days=1)) == []  # step 2 has no deadline


def test_deadline_runner_yields_to_another_process_holding_the_lock(db, race_game, engine):
    from sqlalchemy import text

    from letopis.service.gm import DEADLINE_LOCK_KEY

    game = race_game()
    past = datetime.now(UTC) - timedelta(minutes=1)
    service.set_deadline(db, game_id=game.id, deadline=past, gm_user_id=race_game.gm.id)
    with engine.connect() as other:
        other.execute(text("SELECT pg_advisory_lock(:k)"), {"k": DEADLINE_LOCK_KEY})
        assert service.run_due_deadlines(db) == []
        other.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": DEADLINE_LOCK_KEY})
    assert service.run_due_deadlines(db) == [game.id]


def test_gm_actions_by_an_admin(db, race_game, make_user):
    game = race_game()
    admin = make_user("root", "Админ")
    service.set_admin(db, user_id=admin.id)
    post(db, game, "a", "ставка 1")
    service.apply_default(db, game_id=game.id, gm_user_id=admin.id, reason="админ помог")
    assert service.audit_log(db, game.id)[0].actor_name == "Админ"
    assert db.scalar(select(func.count(Step.id))) == 2
