"""Deadlines: grace period, pause / resume / extend, the missed-turn default, the single worker."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.orm import sessionmaker
from support.dbtools import post

from letopis import service
from letopis.service.gm import DEADLINE_LOCK_KEY


def _deadline_in(db, game, gm_id, minutes: float) -> datetime:
    when = datetime.now(UTC) + timedelta(minutes=minutes)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=gm_id)
    return when


def _actions(db, game_id):
    return [(a.action, a.actor_name) for a in service.audit_log(db, game_id)]


def test_missed_deadline_gives_the_default_and_the_log_says_so(db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 2")
    when = _deadline_in(db, game, race_game.gm.id, -1)
    report = service.run_worker(db, now=when + timedelta(seconds=1))
    assert report.ran and report.defaults == [game.id]
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.status == "published" and chron.defaults == ["b"]
    entry = service.audit_log(db, game.id)[-1]
    assert entry.action == "apply_default" and entry.actor_name == "система"
    assert "Срок хода истёк" in entry.reason and entry.data["factions"] == ["b"]


def test_grace_period_delays_the_default(db, race_game):
    game = race_game()
    when = _deadline_in(db, game, race_game.gm.id, -1)
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, grace_minutes=30)
    assert service.run_worker(db, now=when + timedelta(minutes=29)).defaults == []
    assert service.get_game(db, game.id).open_step == 1
    assert service.run_worker(db, now=when + timedelta(minutes=30)).defaults == [game.id]
    assert "отсрочкой 30 мин" in service.audit_log(db, game.id)[-1].reason


def test_pause_stops_the_clock_and_resume_moves_the_deadline(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    when = _deadline_in(db, game, gm, 10)
    paused = service.pause_game(db, game_id=game.id, gm_user_id=gm, reason="Праздники")
    assert paused.paused
    assert service.run_worker(db, now=when + timedelta(days=3)).defaults == []
    with pytest.raises(service.Conflict):
        service.pause_game(db, game_id=game.id, gm_user_id=gm, reason="ещё раз")
    resumed = service.resume_game(db, game_id=game.id, gm_user_id=gm)
    assert not resumed.paused and resumed.deadline is not None and resumed.deadline > when
    assert [a for a, _ in _actions(db, game.id)][-2:] == ["pause", "resume"]
    log = service.audit_log(db, game.id)
    assert log[-2].reason == "Праздники" and log[-1].data["deadline_was"] == when.isoformat()


def test_pause_needs_the_gm_and_a_reason(db, race_game):
    game = race_game()
    with pytest.raises(service.Forbidden):
        service.pause_game(db, game_id=game.id, gm_user_id=race_game.ann.id, reason="хочу")
    with pytest.raises(service.Invalid):
        service.pause_game(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="  ")
    with pytest.raises(service.Conflict):
        service.resume_game(db, game_id=game.id, gm_user_id=race_game.gm.id)
    assert not service.get_schedule(db, game.id).paused


def test_extend_moves_the_deadline_and_is_logged(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    with pytest.raises(service.Conflict):
        service.extend_deadline(db, game_id=game.id, gm_user_id=gm, minutes=60, reason="нет срока")
    when = _deadline_in(db, game, gm, 5)
    out = service.extend_deadline(db, game_id=game.id, gm_user_id=gm, minutes=90, reason="Боря в дороге")
    assert out.deadline == when + timedelta(minutes=90)
    entry = service.audit_log(db, game.id)[-1]
    assert (entry.action, entry.reason, entry.data["minutes"]) == ("extend_deadline", "Боря в дороге", 90)
    with pytest.raises(service.Invalid):
        service.extend_deadline(db, game_id=game.id, gm_user_id=gm, minutes=0, reason="ноль")


def test_schedule_limits(db, race_game):
    game = race_game()
    with pytest.raises(service.Invalid):
        service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, grace_minutes=-1)
    out = service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, grace_minutes=15,
                               reminder_minutes=0)
    assert (out.grace_minutes, out.reminder_minutes) == (15, 0)
    assert service.audit_log(db, game.id)[-1].action == "set_schedule"


def test_worker_skips_while_another_process_holds_the_lock(db, engine, race_game):
    game = race_game()
    when = _deadline_in(db, game, race_game.gm.id, -1)
    with engine.connect() as other:
        assert other.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": DEADLINE_LOCK_KEY}).scalar()
        report = service.run_worker(db, now=when + timedelta(seconds=1))
        assert not report.ran and service.get_game(db, game.id).open_step == 1
        other.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": DEADLINE_LOCK_KEY})
        other.commit()
    assert service.run_worker(db, now=when + timedelta(seconds=1)).ran
    assert service.get_game(db, game.id).open_step == 2


def test_two_concurrent_workers_apply_the_default_exactly_once(db, session_factory, race_game):
    game = race_game()
    when = _deadline_in(db, game, race_game.gm.id, -1)
    barrier = threading.Barrier(2)
    reports, errors = [], []

    def work():
        try:
            with session_factory() as own:
                barrier.wait(5)
                for _ in range(20):
                    reports.append(service.run_worker(own, now=when + timedelta(seconds=1)))
        except Exception as exc:  # noqa: BLE001 (surfaced by the assert below)
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors
    assert sum(r.defaults.count(game.id) for r in reports) == 1
    db.expire_all()
    assert [a for a, _ in _actions(db, game.id)].count("apply_default") == 1
    assert service.get_game(db, game.id).open_step == 2


def test_pause_survives_a_restart(db_url, db, race_game):
    """All worker state is in the database: a fresh engine (a restarted process) sees the pause."""
    from letopis.db.session import normalise_url

    game = race_game()
    when = _deadline_in(db, game, race_game.gm.id, -1)
    service.pause_game(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="Перерыв")
    fresh = create_engine(normalise_url(db_url))
    try:
        with sessionmaker(bind=fresh)() as restarted:
            assert service.run_worker(restarted, now=when + timedelta(hours=1)).defaults == []
            service.resume_game(restarted, game_id=game.id, gm_user_id=race_game.gm.id)
            later = service.get_schedule(restarted, game.id).deadline
            assert service.run_worker(restarted, now=later + timedelta(seconds=1)).defaults == [game.id]
    finally:
        fresh.dispose()
