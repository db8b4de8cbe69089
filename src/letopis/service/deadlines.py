"""Deadlines: the GM's pause / resume / extend, the grace period, and the one deadline worker.

The worker (`run_worker`) is called by every app process on a timer; a PostgreSQL advisory lock
lets exactly one of them work at a time, and all its state (deadlines, pauses, what was already
announced, the delivery queue) lives in the database, so a restart loses nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from pydantic import BaseModel
from sqlalchemy import func, literal_column, select
from sqlalchemy.orm import Session

from letopis.db.models import Game, GameSchedule, Step

from . import notify, resolve_delay
from ._common import active_step, audit, load_game, require_gm, require_reason, transactional
from ._common import now as utcnow
from .errors import Conflict, Invalid
from .gm import _apply_default, worker_lock
from .schemas import GameStatus, StepStatus
from .turn_length import MAX_TURN_HOURS

log = logging.getLogger(__name__)

MAX_GRACE_MINUTES = 7 * 24 * 60
MAX_REMINDER_MINUTES = 7 * 24 * 60
MAX_EXTEND_MINUTES = 30 * 24 * 60


class ScheduleOut(BaseModel):
    """A game's deadline settings as the GM desk and the API show them."""

    game_id: int
    paused: bool
    paused_at: datetime | None
    grace_minutes: int
    reminder_minutes: int
    resolve_delay_minutes: int = 0  # «задержка расчёта»: a complete step stays open this long
    step_number: int | None  # the open step, if any
    deadline: datetime | None
    effective_deadline: datetime | None  # deadline + grace: when the default is applied
    resolve_at: datetime | None = None  # every post is in: the step resolves then
    turn_hours: int | None = None  # the turn length every new step gets as its deadline


def schedule_row(db: Session, game_id: int, *, create: bool = False) -> GameSchedule | None:
    row = db.scalars(select(GameSchedule).where(GameSchedule.game_id == game_id)).one_or_none()
    if row is None and create:
        row = GameSchedule(game_id=game_id, paused=False, grace_minutes=0, reminder_minutes=360,
                           updated_at=utcnow())
        db.add(row)
        db.flush()
    return row


def effective_deadline(step: Step | None, row: GameSchedule | None) -> datetime | None:
    if step is None or step.deadline is None or step.status != StepStatus.OPEN.value:
        return None
    return step.deadline + timedelta(minutes=row.grace_minutes if row else 0)


def get_schedule(db: Session, game_id: int) -> ScheduleOut:
    """The game's pause, grace and reminder settings and the open step's deadline (public)."""
    load_game(db, game_id)
    row = schedule_row(db, game_id)
    step = active_step(db, game_id)
    is_open = step is not None and step.status == StepStatus.OPEN.value
    return ScheduleOut(
        game_id=game_id, paused=bool(row and row.paused), paused_at=row.paused_at if row else None,
        grace_minutes=row.grace_minutes if row else 0, reminder_minutes=row.reminder_minutes if row else 360,
        resolve_delay_minutes=row.resolve_delay_minutes if row else 0,
        step_number=step.number if is_open and step else None,
        deadline=step.deadline if is_open and step else None, effective_deadline=effective_deadline(step, row),
        resolve_at=step.resolve_at if is_open and step else None,
        turn_hours=row.turn_hours if row else None,
    )


def _gm_game(db: Session, game_id: int, gm_user_id: int) -> Game:
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    if game.status == GameStatus.OVER.value:
        raise Conflict("Игра окончена: сроки ей больше не нужны.", code="game_over")
    return game


@transactional
def pause_game(db: Session, *, game_id: int, gm_user_id: int, reason: str) -> ScheduleOut:
    """Stop the deadline clock: no default is applied and no reminder sent until resumed."""
    game = _gm_game(db, game_id, gm_user_id)
    reason = require_reason(reason)
    row = schedule_row(db, game_id, create=True)
    assert row is not None
    if row.paused:
        raise Conflict("Игра уже на паузе.", code="already_paused")
    row.paused, row.paused_at, row.updated_at = True, utcnow(), utcnow()
    step = active_step(db, game_id)
    audit(db, game, "pause", actor_id=gm_user_id, reason=reason, step_number=step.number if step else None,
          data={"deadline": step.deadline.isoformat() if step and step.deadline else None})
    db.flush()
    return get_schedule(db, game_id)


@transactional
def resume_game(db: Session, *, game_id: int, gm_user_id: int, reason: str = "") -> ScheduleOut:
    """Restart the clock; the open step's deadline moves on by as long as the pause lasted."""
    game = _gm_game(db, game_id, gm_user_id)
    row = schedule_row(db, game_id)
    if row is None or not row.paused:
        raise Conflict("Игра не на паузе.", code="not_paused")
    moment = utcnow()
    paused_for = moment - (row.paused_at or moment)
    step = active_step(db, game_id)
    old = step.deadline if step else None
    if step is not None and step.status == StepStatus.OPEN.value and step.deadline is not None:
        # a step opened during the pause (its deadline from the turn length) lost only that part
        step.deadline = step.deadline + (moment - max(row.paused_at or moment, step.opened_at))
    row.paused, row.paused_at, row.updated_at = False, None, moment
    audit(db, game, "resume", actor_id=gm_user_id, reason=(reason or "").strip() or None,
          step_number=step.number if step else None,
          data={"paused_seconds": int(paused_for.total_seconds()),
                "deadline_was": old.isoformat() if old else None,
                "deadline": step.deadline.isoformat() if step and step.deadline else None})
    db.flush()
    return get_schedule(db, game_id)


@transactional
def extend_deadline(db: Session, *, game_id: int, gm_user_id: int, minutes: int, reason: str) -> ScheduleOut:
    """Move the open step's deadline later by ``minutes``."""
    game = _gm_game(db, game_id, gm_user_id)
    reason = require_reason(reason)
    if not 1 <= minutes <= MAX_EXTEND_MINUTES:
        raise Invalid(f"Продлить можно на 1…{MAX_EXTEND_MINUTES} минут.", code="bad_extension")
    step = active_step(db, game_id)
    if step is None or step.status != StepStatus.OPEN.value:
        raise Conflict("Сейчас нет открытого шага, чей срок можно продлить.", code="no_open_step")
    if step.deadline is None:
        raise Conflict(f"У шага {step.number} нет срока: назначьте его.", code="no_deadline")
    old = step.deadline
    step.deadline = old + timedelta(minutes=minutes)
    audit(db, game, "extend_deadline", actor_id=gm_user_id, reason=reason, step_number=step.number,
          data={"minutes": minutes, "deadline_was": old.isoformat(), "deadline": step.deadline.isoformat()})
    db.flush()
    return get_schedule(db, game_id)


@transactional
def set_schedule(db: Session, *, game_id: int, gm_user_id: int, grace_minutes: int | None = None,
                 reminder_minutes: int | None = None, resolve_delay_minutes: int | None = None) -> ScheduleOut:
    """Set the grace period (minutes after the deadline before the default), the reminder lead
    time (minutes before the deadline; 0 turns reminders off) and the resolution delay (minutes a
    complete step stays open after its last post; 0 resolves at once). A step already waiting out
    the delay resolves no later than the new delay allows, never later than it was told."""
    game = _gm_game(db, game_id, gm_user_id)
    row = schedule_row(db, game_id, create=True)
    assert row is not None
    changed = {}
    if grace_minutes is not None:
        if not 0 <= grace_minutes <= MAX_GRACE_MINUTES:
            raise Invalid(f"Отсрочка — от 0 до {MAX_GRACE_MINUTES} минут.", code="bad_grace")
        changed["grace_minutes"] = [row.grace_minutes, grace_minutes]
        row.grace_minutes = grace_minutes
    if reminder_minutes is not None:
        if not 0 <= reminder_minutes <= MAX_REMINDER_MINUTES:
            raise Invalid(f"Напоминание — за 0…{MAX_REMINDER_MINUTES} минут до срока.", code="bad_reminder")
        changed["reminder_minutes"] = [row.reminder_minutes, reminder_minutes]
        row.reminder_minutes = reminder_minutes
    if resolve_delay_minutes is not None:
        if not 0 <= resolve_delay_minutes <= resolve_delay.MAX_RESOLVE_DELAY_MINUTES:
            raise Invalid(f"Задержка расчёта — от 0 до {resolve_delay.MAX_RESOLVE_DELAY_MINUTES} минут.",
                          code="bad_resolve_delay")
        changed["resolve_delay_minutes"] = [row.resolve_delay_minutes, resolve_delay_minutes]
        row.resolve_delay_minutes = resolve_delay_minutes
        step = active_step(db, game_id)
        if step is not None and step.resolve_at is not None:
            step.resolve_at = min(step.resolve_at, utcnow() + timedelta(minutes=resolve_delay_minutes))
    row.updated_at = utcnow()
    audit(db, game, "set_schedule", actor_id=gm_user_id, data=changed)
    db.flush()
    return get_schedule(db, game_id)


@transactional
def set_turn_length(db: Session, *, game_id: int, gm_user_id: int, hours: int | None) -> ScheduleOut:
    """Set the turn length (None: none): every step opened from now on — by a resolution, a
    correction, a roll-back or a deadline default — is due ``hours`` after it opens, unless its
    turn sets its own deadline (a reaction window). The open step keeps its deadline."""
    game = _gm_game(db, game_id, gm_user_id)
    if hours is not None and not 1 <= hours <= MAX_TURN_HOURS:
        raise Invalid(f"Срок хода — от 1 до {MAX_TURN_HOURS} часов (30 суток).", code="bad_turn_length")
    row = schedule_row(db, game_id, create=True)
    assert row is not None
    if row.turn_hours == hours:
        return get_schedule(db, game_id)
    before, row.turn_hours, row.updated_at = row.turn_hours, hours, utcnow()
    step = active_step(db, game_id)
    audit(db, game, "set_turn_length", actor_id=gm_user_id, step_number=step.number if step else None,
          data={"turn_hours": hours, "was": before})
    db.flush()
    return get_schedule(db, game_id)


# --- the worker ---------------------------------------------------------------------------------
@dataclass
class WorkerReport:
    """What one worker round did (``ran`` False: another process holds the lock)."""

    ran: bool = False
    resolved: list[int] = field(default_factory=list)  # games whose step's resolution delay ran out
    defaults: list[int] = field(default_factory=list)  # games whose step got the default
    queued: int = 0  # notifications enqueued
    delivered: int = 0  # delivery attempts that succeeded
    failed: int = 0  # delivery attempts that failed


def run_worker(db: Session, *, now: datetime | None = None, deliver: bool = True) -> WorkerReport:
    """One round: resolve steps whose resolution delay ran out, apply missed deadlines, queue
    announcements and reminders, deliver webhooks.

    Safe to call from every app process at once: only the holder of the advisory lock
    (`gm.worker_lock`) works; the others return ``ran=False`` at once.
    """
    moment = now or utcnow()
    report = WorkerReport()
    with worker_lock(db.get_bind()) as got:
        if not got:
            return report
        report.ran = True
        db.rollback()
        report.resolved = resolve_delay.resolve_due_steps(db, moment)
        report.defaults = apply_missed_deadlines(db, moment)
        report.queued = notify.enqueue_announcements(db, moment)
        if deliver:
            report.delivered, report.failed = notify.deliver_due(db, moment)
    return report


def apply_missed_deadlines(db: Session, moment: datetime) -> list[int]:
    """Give the default to factions that missed a deadline (after the grace period) in games not
    paused; returns the games touched. A step that every faction has posted to and that only waits
    out its resolution delay is not late. Call under the worker's lock."""
    grace = func.coalesce(GameSchedule.grace_minutes, 0) * literal_column("interval '1 minute'")
    due = db.scalars(
        select(Step.game_id).join(Game, Game.id == Step.game_id)
        .outerjoin(GameSchedule, GameSchedule.game_id == Step.game_id)
        .where(Step.status == StepStatus.OPEN.value, Step.deadline.is_not(None), Step.deadline + grace <= moment,
               Step.resolve_at.is_(None),
               Game.status == GameStatus.ACTIVE.value, func.coalesce(GameSchedule.paused, False).is_(False))
        .order_by(Step.deadline)
    ).all()
    db.rollback()
    done = []
    for game_id in due:
        try:
            if _deadline_one(db, game_id, moment):
                done.append(game_id)
        except Exception:  # one broken game must not stop the others
            log.exception("deadline default failed for game %s", game_id)
    return done


@transactional
def _deadline_one(db: Session, game_id: int, moment: datetime) -> bool:
    game = load_game(db, game_id, lock=True)
    step = active_step(db, game_id)
    row = schedule_row(db, game_id)
    due = effective_deadline(step, row)
    if step is None or due is None or due > moment or (row is not None and row.paused) or step.resolve_at:
        return False  # someone posted, or the GM paused or moved the deadline meanwhile
    grace = row.grace_minutes if row else 0
    # no clock time in the stored sentence: pages show the deadline and the entry's own time in each
    # reader's zone, and the JSON has the deadline in UTC (the audit entry's data)
    reason = f"Срок хода истёк (с отсрочкой {grace} мин)." if grace else "Срок хода истёк."
    _apply_default(db, game, actor_id=None, reason=reason, moment=moment)
    return True
