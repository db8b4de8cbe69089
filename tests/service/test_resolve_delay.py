"""«Задержка расчёта»: a complete step stays open for the game's delay after its last post; the
deadline worker resolves it then; a replacement restarts the wait, a withdrawal or an annulment
cancels it; the wait never outlasts the deadline."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select
from support.dbtools import db_snapshot, post

from letopis import service
from letopis.db.models import Resolution
from letopis.engine.contract import Faction
from letopis.service import submit as submit_module
from letopis.service.resolve_delay import resolve_moment

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch):
    """The moment a submit believes it is (the delay is measured from the last post)."""
    box = {"now": T0}
    monkeypatch.setattr(submit_module, "now", lambda: box["now"])

    def set_to(minutes: float) -> datetime:
        box["now"] = T0 + timedelta(minutes=minutes)
        return box["now"]

    return set_to


def delayed_game(db, race_game, minutes=5):
    game = race_game()
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=minutes)
    return game


def header(db, game):
    return service.game_page(db, game.id).step


def resolutions(db) -> int:
    db.expire_all()
    return db.scalar(select(func.count(Resolution.id)))


def test_duels_resolve_at_once_and_larger_games_wait_ten_minutes_by_default(db, make_user):
    gm = make_user("gm")
    duel = service.create_game(db, ruleset_id="race", title="Дуэль", gm_user_id=gm.id,
                               factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")])
    assert service.get_schedule(db, duel.id).resolve_delay_minutes == 0
    party = service.create_game(db, ruleset_id="dungeon_keeper", title="Подземелье", gm_user_id=gm.id,
                                factions=[Faction(id=f"p{i}", name=name) for i, name in
                                          enumerate(("Аня", "Боря", "Вера"), start=1)])
    assert service.get_schedule(db, party.id).resolve_delay_minutes == 10
    assert service.game_page(db, party.id).resolve_delay_minutes == 10
    chosen = service.create_game(db, ruleset_id="race", title="С задержкой", gm_user_id=gm.id,
                                 factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")],
                                 resolve_delay_minutes=3)
    assert service.get_schedule(db, chosen.id).resolve_delay_minutes == 3
    with pytest.raises(service.Invalid) as err:
        service.create_game(db, ruleset_id="race", title="Слишком", gm_user_id=gm.id, resolve_delay_minutes=-1,
                            factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")])
    assert err.value.code == "bad_resolve_delay"


def test_the_last_post_starts_the_delay_and_the_worker_resolves_the_step_after_it(db, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    post(db, game, "a", "ставка 2")
    last = post(db, game, "b", "ставка 1")
    assert not last.resolved and last.waiting_for == [] and last.resolve_at == T0 + timedelta(minutes=5)
    assert "расчёт шага 1 назначен через 5 мин" in last.message and "исправить или отозвать" in last.message
    step = header(db, game)
    assert step.status == "open" and step.resolve_at == last.resolve_at and step.waiting_for == []
    assert service.get_schedule(db, game.id).resolve_at == last.resolve_at
    report = service.run_worker(db, now=T0 + timedelta(minutes=4, seconds=59))
    assert report.ran and report.resolved == [] and resolutions(db) == 0
    report = service.run_worker(db, now=T0 + timedelta(minutes=5))
    assert report.resolved == [game.id] and report.defaults == []
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chronicle.status == "published" and chronicle.resolution.created_by == "система"
    assert header(db, game).number == 2 and header(db, game).resolve_at is None
    assert service.run_worker(db, now=T0 + timedelta(hours=1)).resolved == []  # exactly once
    assert resolutions(db) == 1 and service.verify_game(db, game.id).ok


def test_a_replacement_during_the_delay_restarts_it_and_counts(db, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 2")
    clock(3)
    again = post(db, game, "a", "// передумала\nставка 3")
    assert again.resolve_at == T0 + timedelta(minutes=8) and "перенесён через 5 мин" in again.message
    assert service.run_worker(db, now=T0 + timedelta(minutes=6)).resolved == []
    assert service.run_worker(db, now=T0 + timedelta(minutes=8)).resolved == [game.id]
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    used = {s["faction"]: s["post_id"] for s in service.export_game(db, game.id)["steps"][0]["resolutions"][0]
            ["submissions"]}
    assert used["a"] == again.post_id
    assert service.game_page(db, game.id).view["mover"] == "a"  # her 3 beat his 2
    assert [p.revision for p in chronicle.posts if p.faction == "a" and p.counted] == [2]


def test_a_withdrawal_during_the_delay_cancels_it_until_a_new_post(db, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    mine = post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 2")
    out = service.withdraw_post(db, post_id=mine.post_id, user_id=race_game.ann.id)
    assert out.resolution_cancelled and out.waiting_for == ["a"] and "Расчёт шага отменён" in out.message
    assert header(db, game).resolve_at is None and header(db, game).waiting_for == ["a"]
    assert service.run_worker(db, now=T0 + timedelta(days=1)).resolved == [] and resolutions(db) == 0
    clock(20)
    fixed = post(db, game, "a", "ставка 3")
    assert fixed.resolve_at == T0 + timedelta(minutes=25) and "назначен" in fixed.message
    assert service.run_worker(db, now=T0 + timedelta(minutes=25)).resolved == [game.id]


def test_a_gm_annulment_during_the_delay_cancels_it(db, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    post(db, game, "a", "ставка 1")
    his = post(db, game, "b", "ставка 2")
    service.annul_post(db, post_id=his.post_id, gm_user_id=race_game.gm.id, reason="Пост не его")
    assert header(db, game).resolve_at is None and header(db, game).waiting_for == ["b"]
    assert service.run_worker(db, now=T0 + timedelta(hours=1)).resolved == [] and resolutions(db) == 0


def test_the_delay_never_outlasts_the_deadline(db, race_game, clock):
    game = delayed_game(db, race_game, minutes=30)
    service.set_deadline(db, game_id=game.id, deadline=T0 + timedelta(minutes=10), gm_user_id=race_game.gm.id)
    clock(0)
    post(db, game, "a", "ставка 1")
    last = post(db, game, "b", "ставка 2")
    assert last.resolve_at == T0 + timedelta(minutes=10)
    # the deadline passes while every post is in: the worker resolves the step, no default is given
    report = service.run_worker(db, now=T0 + timedelta(minutes=10))
    assert report.resolved == [game.id] and report.defaults == []
    assert service.step_chronicle(db, game_id=game.id, step_number=1).defaults == []


def test_a_last_post_after_the_deadline_resolves_at_once(db, race_game, clock):
    game = delayed_game(db, race_game, minutes=30)
    service.set_deadline(db, game_id=game.id, deadline=T0 - timedelta(minutes=1), gm_user_id=race_game.gm.id)
    clock(0)
    post(db, game, "a", "ставка 1")
    assert post(db, game, "b", "ставка 2").published


def test_resolve_moment():
    at = T0
    assert resolve_moment(at, delay_minutes=0, deadline=None, grace_minutes=0, paused=False) is None
    assert resolve_moment(at, delay_minutes=7, deadline=None, grace_minutes=0, paused=False) == at + timedelta(minutes=7)
    soon = at + timedelta(minutes=3)
    assert resolve_moment(at, delay_minutes=7, deadline=soon, grace_minutes=0, paused=False) == soon
    assert resolve_moment(at, delay_minutes=7, deadline=soon, grace_minutes=2, paused=False) == soon + timedelta(
        minutes=2)
    assert resolve_moment(at, delay_minutes=7, deadline=soon, grace_minutes=0, paused=True) == at + timedelta(minutes=7)
    assert resolve_moment(at, delay_minutes=7, deadline=at, grace_minutes=0, paused=False) is None


def test_the_gm_changes_the_delay_on_the_schedule(db, race_game, clock):
    game = race_game()
    gm = race_game.gm.id
    out = service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=45)
    assert out.resolve_delay_minutes == 45
    entry = service.audit_log(db, game.id)[-1]
    assert entry.action == "set_schedule" and entry.data["resolve_delay_minutes"] == [0, 45]
    for bad in (-1, 24 * 60 + 1):
        before = db_snapshot(db)
        with pytest.raises(service.Invalid) as err:
            service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=bad)
        assert err.value.code == "bad_resolve_delay" and db_snapshot(db) == before
    with pytest.raises(service.Forbidden):
        service.set_schedule(db, game_id=game.id, gm_user_id=race_game.ann.id, resolve_delay_minutes=0)
    # a step already waiting resolves no later than the shorter delay allows
    clock(0)
    post(db, game, "a", "ставка 1")
    assert post(db, game, "b", "ставка 2").resolve_at == T0 + timedelta(minutes=45)
    service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=0)
    waiting_until = header(db, game).resolve_at
    assert waiting_until <= datetime.now(UTC)
    assert service.run_worker(db, now=datetime.now(UTC)).resolved == [game.id]


def test_two_workers_resolve_a_delayed_step_exactly_once(db, session_factory, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 2")
    barrier = threading.Barrier(2)
    reports, errors = [], []

    def work():
        try:
            with session_factory() as own:
                barrier.wait(5)
                for _ in range(10):
                    reports.append(service.run_worker(own, now=T0 + timedelta(minutes=6), deliver=False))
        except Exception as exc:  # noqa: BLE001 (surfaced by the assert below)
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors
    assert sum(r.resolved.count(game.id) for r in reports) == 1 and resolutions(db) == 1


def test_the_gm_resolves_a_waiting_step_now_as_the_worker_would_and_the_log_says_so(db, race_game, clock):
    game = delayed_game(db, race_game, minutes=30)
    clock(0)
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 2")
    out = service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    assert out.number == 1 and out.status == "published" and out.resolve_at is None
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chronicle.status == "published" and chronicle.resolution.created_by == "Мастер"
    assert service.game_page(db, game.id).view["mover"] == "b"  # his 2 beat her 1
    assert header(db, game).number == 2 and resolutions(db) == 1
    assert service.verify_game(db, game.id).ok  # the same resolution the posts and the seed give
    entry = service.audit_log(db, game.id)[-1]
    assert (entry.action, entry.action_title, entry.step_number, entry.actor_name) == (
        "resolve_now", "шаг рассчитан досрочно", 1, "Мастер")
    assert entry.data["resolve_at"] == (T0 + timedelta(minutes=30)).isoformat()
    assert service.run_worker(db, now=T0 + timedelta(hours=1)).resolved == [] and resolutions(db) == 1


def test_resolving_now_in_review_mode_leaves_a_draft(db, race_game, clock):
    game = race_game(mode="review")
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=5)
    clock(0)
    post(db, game, "a", "ставка 3")
    post(db, game, "b", "ставка 2")
    out = service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    assert out.status == "draft" and header(db, game).status == "draft" and resolutions(db) == 1
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    assert service.verify_game(db, game.id).ok


def test_resolve_now_is_refused_to_players_and_when_nothing_waits(db, race_game, clock):
    game = delayed_game(db, race_game)
    clock(0)
    post(db, game, "a", "ставка 1")
    before = db_snapshot(db)
    with pytest.raises(service.Conflict) as err:  # «b» has not posted: the step waits for a post, not a delay
        service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    assert err.value.code == "not_waiting" and "ни один шаг не ждёт расчёта" in err.value.message
    post(db, game, "b", "ставка 2")
    waiting = db_snapshot(db)
    with pytest.raises(service.Forbidden):
        service.resolve_now(db, game_id=game.id, gm_user_id=race_game.ann.id)
    assert db_snapshot(db) == waiting and before != waiting
    with pytest.raises(service.NotFound):
        service.resolve_now(db, game_id=game.id + 1000, gm_user_id=race_game.gm.id)
    service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    with pytest.raises(service.Conflict) as again:  # the next step has no posts yet
        service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    assert again.value.code == "not_waiting" and resolutions(db) == 1
