"""«Задержка расчёта»: a step whose last expected post has arrived stays open a few minutes, so
that a slip can still be withdrawn or replaced; then the deadline worker resolves it.

The step keeps the moment in ``steps.resolve_at``. A replacement during the wait starts it again
from that post, a withdrawal (or the GM's annulment) cancels it — the step waits for that faction
again. The wait never runs past the step's deadline (with the grace period): a post arriving after
the deadline resolves the step at once. A pause does not hold it: every order is in, and without a
delay the step would have resolved already.
"""

from __future__ import annotations

import logging
import math
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import Game, GameSchedule, Step

from . import _resolve
from ._common import audit, load_game, require_gm, transactional, turn_of
from .chronicle import step_header
from .errors import Conflict, ServiceError
from .posted import latest_posts, waiting_for
from .schemas import GameStatus, StepHeader, StepStatus

log = logging.getLogger(__name__)

MAX_RESOLVE_DELAY_MINUTES = 24 * 60
DUEL_DELAY_MINUTES = 0  # two sides: nobody else waits on a slip, so no delay unless the GM asks
PARTY_DELAY_MINUTES = 10  # three or more: one player's slip would cost everyone a step


def default_delay(faction_count: int) -> int:
    """The delay a new game gets when its GM does not choose one."""
    return DUEL_DELAY_MINUTES if faction_count <= 2 else PARTY_DELAY_MINUTES


def resolve_moment(moment: datetime, *, delay_minutes: int, deadline: datetime | None, grace_minutes: int,
                   paused: bool) -> datetime | None:
    """When a step completed at ``moment`` resolves; None means at once (no delay, or the deadline
    with its grace has passed). While the game is paused the deadline does not bound the wait."""
    if delay_minutes <= 0:
        return None
    due = moment + timedelta(minutes=delay_minutes)
    if deadline is not None and not paused:
        hard = deadline + timedelta(minutes=grace_minutes)
        if hard <= moment:
            return None
        due = min(due, hard)
    return due


def minutes_left(due: datetime, moment: datetime) -> int:
    """Whole minutes until ``due``, rounded up (at least 1 while it is still ahead)."""
    return max(1, math.ceil((due - moment).total_seconds() / 60))


# --- the worker -----------------------------------------------------------------------------------
def resolve_due_steps(db: Session, moment: datetime) -> list[int]:
    """Resolve every open step whose delay has passed; returns the games touched. Call under the
    deadline worker's advisory lock (one process at a time)."""
    due = db.scalars(
        select(Step.game_id).join(Game, Game.id == Step.game_id)
        .where(Step.resolve_at.is_not(None), Step.resolve_at <= moment, Step.status == StepStatus.OPEN.value,
               Game.status == GameStatus.ACTIVE.value)
        .order_by(Step.resolve_at)
    ).all()
    db.rollback()
    done = []
    for game_id in due:
        try:
            if _resolve_one(db, game_id, moment):
                done.append(game_id)
        except ServiceError as exc:  # the posts no longer read (e.g. a roll-back changed the state)
            log.warning("delayed resolution of game %s refused: %s", game_id, exc.message)
            _give_up(db, game_id)
        except Exception:  # one broken game must not stop the others
            log.exception("delayed resolution failed for game %s", game_id)
    return done


@transactional
def _resolve_one(db: Session, game_id: int, moment: datetime) -> bool:
    game = load_game(db, game_id, lock=True)
    step = _open_step(db, game_id)
    if step is None or step.resolve_at is None or step.resolve_at > moment:
        return False  # resolved, withdrawn from or replaced meanwhile
    return _resolve_waiting(db, game, step, actor_id=None)


def _resolve_waiting(db: Session, game: Game, step: Step, *, actor_id: int | None) -> bool:
    """Resolve a step the delay holds, as the worker does when the moment comes (the GM's
    «рассчитать сейчас» goes the same way); False if a post has stopped counting meanwhile."""
    if waiting_for(latest_posts(db, step.id, turn_of(step).factions)):
        step.resolve_at = None  # a post stopped counting without cancelling the wait: wait for it
        return False
    _resolve.resolve_open_step(db, game, step, actor_id=actor_id)
    return True


# --- the GM ---------------------------------------------------------------------------------------
@transactional
def resolve_now(db: Session, *, game_id: int, gm_user_id: int) -> StepHeader:
    """«Рассчитать сейчас»: the GM ends the resolution delay of the open step early. The step is
    resolved exactly as the worker would resolve it when the wait ran out (published at once in
    auto mode, a draft for review otherwise); the audit log records who cut the wait and when it
    would have ended. Refused when no step is waiting (nothing to cut short) or the game is over."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    if game.status != GameStatus.ACTIVE.value:
        raise Conflict("Игра окончена: рассчитывать нечего.", code="game_over")
    step = _open_step(db, game_id)
    if step is None or step.resolve_at is None:
        raise Conflict("Сейчас ни один шаг не ждёт расчёта: рассчитать сразу можно только шаг, "
                       "все посты которого собраны и который держит задержка расчёта.", code="not_waiting")
    due = step.resolve_at
    if not _resolve_waiting(db, game, step, actor_id=gm_user_id):
        raise Conflict(f"Шаг {step.number} снова ждёт поста: один из постов больше не засчитан.",
                       code="not_waiting")
    audit(db, game, "resolve_now", actor_id=gm_user_id, step_number=step.number,
          data={"resolve_at": due.isoformat()})
    db.flush()
    return step_header(db, game, step)


@transactional
def _give_up(db: Session, game_id: int) -> None:
    """The step cannot be resolved from its posts: it stays open (the GM sees why in the log)
    and the worker stops retrying it every round."""
    load_game(db, game_id, lock=True)
    step = _open_step(db, game_id)
    if step is not None:
        step.resolve_at = None


def _open_step(db: Session, game_id: int) -> Step | None:
    return db.scalars(select(Step).where(Step.game_id == game_id, Step.status == StepStatus.OPEN.value,
                                         Step.number > 0).order_by(Step.number.desc()).limit(1)).one_or_none()


def schedule_delay(db: Session, game_id: int) -> int:
    """The game's resolution delay in minutes (0 without a schedule row)."""
    return db.scalar(select(GameSchedule.resolve_delay_minutes).where(GameSchedule.game_id == game_id)) or 0
