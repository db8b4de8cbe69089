"""GM actions: publish a draft, annul a post, override a roll, apply the deadline default.

Every action is written to the public audit log with who, what, why and when.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection, Engine, func, select, text
from sqlalchemy.orm import Session

from letopis.db.models import AuditEntry, Game, Post, Step

from . import _resolve
from ._common import (
    active_step,
    audit,
    counted_posts,
    current_resolution,
    get_step,
    last_published_step,
    load_game,
    require_gm,
    require_reason,
    ruleset_by_id,
    step_posts,
    transactional,
    turn_of,
    viewer_of,
)
from ._common import (
    now as utcnow,
)
from .chronicle import audit_out, step_header
from .errors import Conflict, Invalid, NotFound
from .hidden import Sight
from .posted import latest_posts, waiting_for
from .schemas import AuditOut, GameStatus, StepHeader, StepStatus

log = logging.getLogger(__name__)

# a deadline is a date a step can really reach: pauses, grace and reminders add and subtract minutes
EARLIEST_DEADLINE = datetime(2000, 1, 1, tzinfo=UTC)
LATEST_DEADLINE = timedelta(days=5 * 366)
DEADLINE_LOCK_KEY = 0x4C65746F  # "Leto": one deadline runner at a time across all app processes


@contextmanager
def worker_lock(bind: Engine | Connection) -> Iterator[bool]:
    """Whether this process got the scheduled work's advisory lock (it holds it inside the block).

    The lock is transaction-scoped (``pg_try_advisory_xact_lock``) on a connection of its own, held
    open in a transaction for the round: it is released when the round ends or the connection dies,
    never left behind, and it works through a connection pooler in transaction mode (PgBouncer
    pins a server connection for a transaction only, so a session-level lock would stay on a server
    connection that other clients then share, and its unlock could land on another one)."""
    with bind.connect() as conn, conn.begin():
        yield bool(conn.execute(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": DEADLINE_LOCK_KEY}).scalar())


@transactional
def publish_step(db: Session, *, game_id: int, step_number: int, gm_user_id: int) -> StepHeader:
    """Publish a draft resolution (review mode) and open the next step."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    step = get_step(db, game_id, step_number)
    if step.status != StepStatus.DRAFT.value:
        state = "уже опубликован" if step.status == StepStatus.PUBLISHED.value else "ещё не решён"
        raise Conflict(f"Шаг {step_number} {state}: публиковать нечего.", code="not_a_draft")
    res = current_resolution(db, step)
    if res is None:
        raise Conflict(f"У шага {step_number} нет решения.", code="not_a_draft")
    _resolve.publish(db, game, step, res)
    audit(db, game, "publish", actor_id=gm_user_id, step_number=step_number, data={"resolution_id": res.id})
    db.flush()
    return step_header(db, game, step)


def mark_annulled(post: Post, gm_user_id: int, reason: str) -> None:
    """The post stops counting; it stays stored and shown struck out, with the GM's reason."""
    post.annulled, post.annul_reason, post.annulled_by, post.annulled_at = True, reason, gm_user_id, utcnow()


@transactional
def annul_post(db: Session, *, post_id: int, gm_user_id: int, reason: str) -> StepHeader:
    """Annul a post of the open or draft step; a draft is discarded and the step waits again."""
    post = db.get(Post, post_id)
    if post is None:
        raise NotFound(f"Пост №{post_id} не найден.", code="post_not_found")
    game = load_game(db, post.game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    db.refresh(post)
    step = db.get(Step, post.step_id)
    assert step is not None
    if step.status == StepStatus.PUBLISHED.value:
        raise Conflict(f"Шаг {step.number} уже опубликован: его посты не аннулируются. "
                       "Исправьте результат переопределением броска.", code="step_published")
    if post.annulled:
        raise Conflict(f"Пост №{post_id} уже аннулирован.", code="already_annulled")
    was_counted = counted_posts(step_posts(db, step)).get(post.faction_id) is post
    mark_annulled(post, gm_user_id, reason)
    if was_counted:
        step.resolve_at = None  # a delayed resolution waits for that faction again
    discarded = None
    if step.status == StepStatus.DRAFT.value and was_counted:
        res = current_resolution(db, step)
        if res is not None:
            _resolve.supersede(res)
            discarded = res.id
        step.status = StepStatus.OPEN.value
    audit(db, game, "annul_post", actor_id=gm_user_id, reason=reason, step_number=step.number,
          data={"post_id": post.id, "faction": post.faction_id, "revision": post.revision,
                "draft_discarded": discarded})
    db.flush()
    return step_header(db, game, step)


@transactional
def override_roll(
    db: Session,
    *,
    game_id: int,
    step_number: int,
    roll_index: int,
    value: int,
    gm_user_id: int,
    reason: str,
) -> StepHeader:
    """Set roll ``roll_index`` of a step to ``value`` and re-resolve the step.

    Allowed on a draft, or on the latest published step while the next step has no posts (the
    next step is then re-opened from the corrected state). The old resolution is kept.
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    step = get_step(db, game_id, step_number)
    if step.status == StepStatus.OPEN.value:
        raise Conflict(f"Шаг {step_number} ещё не решён: бросков пока нет.", code="step_open")
    if step.status == StepStatus.PUBLISHED.value:
        latest = last_published_step(db, game_id)
        if latest is None or latest.id != step.id:
            raise Conflict(f"Шаг {step_number} уже не последний опубликованный: после него игра ушла вперёд.",
                           code="step_not_latest")
        nxt = db.scalars(select(Step).where(Step.game_id == game_id, Step.number == step_number + 1)).one_or_none()
        if nxt is not None and db.scalar(select(func.count(Post.id)).where(Post.step_id == nxt.id)):
            raise Conflict(f"К шагу {step_number + 1} уже есть посты: шаг {step_number} менять поздно.",
                           code="next_step_has_posts")
    res = current_resolution(db, step)
    if res is None:
        raise Conflict(f"У шага {step_number} нет решения.", code="no_resolution")
    if not 0 <= roll_index < len(res.rolls):
        raise Invalid(f"В шаге {step_number} нет броска №{roll_index} (бросков: {len(res.rolls)}, "
                      f"номера с 0).", code="no_such_roll")
    roll = res.rolls[roll_index]
    if not 1 <= value <= roll["sides"]:
        raise Invalid(f"Бросок №{roll_index} — это 1d{roll['sides']}: значение {value} невозможно.",
                      code="override_out_of_range")
    overrides = _resolve.overrides_from_json(res.overrides)
    overrides[roll_index] = (value, reason)
    new = _resolve.reresolve(db, game, step, res, overrides, gm_user_id)
    audit(db, game, "override_roll", actor_id=gm_user_id, reason=reason, step_number=step_number,
          data={"index": roll_index, "value": value, "was": roll["value"], "natural": roll.get("natural"),
                "sides": roll["sides"], "resolution_id": new.id, "superseded_id": res.id})
    db.flush()
    return step_header(db, game, step)


def _apply_default(db: Session, game: Game, *, actor_id: int | None, reason: str, moment: datetime) -> StepHeader:
    """Resolve the open step with the default for every faction that has not posted.

    What the chronicle and the audit log say comes from here, so it is true: who applied the
    default (the deadline runner, or the GM with his reason), and whether the deadline had passed
    at ``moment`` — a GM acting early is never reported as a missed deadline.
    """
    step = active_step(db, game.id)
    if game.status == GameStatus.OVER.value or step is None:
        raise Conflict("Игра окончена: ждать некого.", code="game_over")
    if step.status != StepStatus.OPEN.value:
        raise Conflict(f"Шаг {step.number} уже решён и ждёт проверки мастера.", code="step_in_review")
    turn = turn_of(step)
    missing = waiting_for(latest_posts(db, step.id, turn.factions))
    if not missing:
        raise Conflict("Все фракции этого шага уже прислали посты.", code="nobody_missing")
    if actor_id is not None:
        reason = require_reason(reason)
    cause = {"by": "gm" if actor_id is not None else "deadline",
             "deadline": step.deadline.isoformat() if step.deadline else None,
             "deadline_passed": step.deadline is not None and step.deadline <= moment}
    if actor_id is not None:
        cause["reason"] = reason
    _resolve.resolve_open_step(db, game, step, actor_id=actor_id, defaults=set(missing), cause=cause)
    audit(db, game, "apply_default", actor_id=actor_id, reason=reason, step_number=step.number,
          data={"factions": missing, "default": turn.default, **{k: v for k, v in cause.items() if k != "reason"}})
    db.flush()
    return step_header(db, game, step)


@transactional
def apply_default(db: Session, *, game_id: int, gm_user_id: int, reason: str = "") -> StepHeader:
    """The GM gives the factions that have not posted in the open step the ruleset's default
    orders, with a reason everyone sees (before the deadline, the chronicle says the GM did it and
    why; after it, that the deadline had passed). The reason is required."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    return _apply_default(db, game, actor_id=gm_user_id, reason=reason, moment=utcnow())


@transactional
def set_deadline(db: Session, *, game_id: int, deadline: datetime | None, gm_user_id: int) -> StepHeader:
    """Set (or clear) the open step's deadline."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    step = active_step(db, game_id)
    if step is None or step.status != StepStatus.OPEN.value:
        raise Conflict("Сейчас нет открытого шага, которому можно назначить срок.", code="no_open_step")
    if deadline is not None and deadline.tzinfo is None:
        raise Invalid("Срок должен быть указан с часовым поясом.", code="naive_deadline")
    if deadline is not None and not EARLIEST_DEADLINE <= deadline <= utcnow() + LATEST_DEADLINE:
        raise Invalid("Срок: не раньше 2000 года и не дальше чем через пять лет.", code="bad_deadline")
    step.deadline = deadline
    audit(db, game, "set_deadline", actor_id=gm_user_id, step_number=step.number,
          data={"deadline": deadline.isoformat() if deadline else None})
    db.flush()
    return step_header(db, game, step)


def audit_log(db: Session, game_id: int, viewer_user_id: int | None = None) -> list[AuditOut]:
    """Every GM action in the game, oldest first (public; in a game with unrevealed secrets the
    entries' data keep only what cannot name a card, except for the GM)."""
    game = load_game(db, game_id)
    viewer, _ = viewer_of(db, game, viewer_user_id)
    sight = Sight.of(viewer, game, ruleset_by_id(game.ruleset_id))
    entries = db.scalars(select(AuditEntry).where(AuditEntry.game_id == game_id).order_by(AuditEntry.id)).unique()
    return [audit_out(e, sight) for e in entries]


def run_due_deadlines(db: Session, *, now: datetime | None = None) -> list[int]:
    """Apply defaults to every open step past its deadline; returns the games touched.

    Several app processes may call this; a PostgreSQL advisory lock lets one of them run it.
    """
    moment = now or utcnow()
    with worker_lock(db.get_bind()) as got:
        if not got:
            return []
        due = db.scalars(
            select(Step.game_id).join(Game, Game.id == Step.game_id)
            .where(Step.status == StepStatus.OPEN.value, Step.deadline.is_not(None), Step.deadline <= moment,
                   Step.resolve_at.is_(None), Game.status == GameStatus.ACTIVE.value)
            .order_by(Step.deadline)
        ).all()
        db.rollback()
        done = []
        for game_id in due:
            try:
                _deadline_one(db, game_id, moment)
                done.append(game_id)
            except Exception:  # one broken game must not stop the others
                log.exception("deadline default failed for game %s", game_id)
        return done


@transactional
def _deadline_one(db: Session, game_id: int, moment: datetime) -> None:
    game = load_game(db, game_id, lock=True)
    step = active_step(db, game_id)
    if (step is None or step.status != StepStatus.OPEN.value or step.deadline is None or step.deadline > moment
            or step.resolve_at is not None):
        return  # someone posted or the GM moved the deadline meanwhile
    _apply_default(db, game, actor_id=None, reason="Срок хода истёк.", moment=moment)
