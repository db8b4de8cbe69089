"""Posts: the live check and the submission of a post (which may resolve the step).

A post is read against the state the step opened from. A refused post leaves no trace; an
accepted one is stored as a new revision with the SHA-256 of its exact text (the receipt).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy import text as sql
from sqlalchemy.orm import Session

from letopis.db.models import ApiToken, Game, Seat, Step, User
from letopis.engine.contract import Reading, Ruleset, TurnInfo
from letopis.engine.events import Event
from letopis.settings import get_settings

from . import _resolve, resolve_delay, state_cache
from ._common import (
    active_step,
    faction_names,
    load_game,
    load_state,
    names_list,
    now,
    reading_json,
    ruleset_by_id,
    transactional,
    turn_of,
)
from .errors import Conflict, Forbidden, Invalid, NotFound, TooLarge, Unauthorized
from .hidden import Sight
from .posted import LATEST_ROWS, Latest, waiting_for
from .schemas import CheckOut, GameStatus, ReadingOut, StepStatus, SubmitOut


def receipt(text: str) -> str:
    """SHA-256 (hex) of the post's exact UTF-8 text: the player's proof of what was sent."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _limit_size(text: str) -> None:
    limit = get_settings().max_post_chars
    if len(text) > limit:
        raise TooLarge(f"Пост слишком длинный: {len(text)} знаков, а можно не больше {limit}. "
                       "Сократите его или разбейте на части.", code="post_too_large")


def _read(ruleset: Ruleset, text: str, state_json: dict[str, Any], faction: str) -> Reading:
    return ruleset.read(text, load_state(ruleset, state_json), faction)


def _check_out(reading: Reading, **extra: Any) -> CheckOut:
    # the reading's own line and problem models go in as they are: no dump to dicts and re-validation
    return CheckOut(ok=reading.ok, lines=reading.lines, problems=reading.problems, orders=reading.orders_json(),
                    **extra)


def _check_statement() -> tuple[str, dict[str, Any]]:
    """The live check's one question, compiled once to psycopg's SQL with its fixed parameters: the
    game, its open (or draft) step, whether the user holds the faction's seat or is an admin, and
    whether the API token the request came with (if any) is still valid — not revoked, not expired:
    a primary-key probe inside the same statement, so checking it costs no round trip."""
    from sqlalchemy import Integer, bindparam, case, true
    from sqlalchemy.dialects import postgresql

    user = bindparam("user_id")
    token = bindparam("token_id", type_=Integer)
    seated = (select(Seat.id).where(Seat.game_id == Game.id, Seat.faction_id == bindparam("faction"),
                                    Seat.user_id == user).exists())
    admin = select(User.is_admin).where(User.id == user).scalar_subquery()
    token_ok = case((token.is_(None), true()),
                    else_=select(ApiToken.id).where(ApiToken.id == token, ApiToken.user_id == user,
                                                    ApiToken.revoked_at.is_(None),
                                                    ApiToken.expires_at > func.now()).exists())
    stmt = (select(Game.id, Game.ruleset_id, Game.gm_user_id, Game.factions, Game.updated_at,
                   Step.id, Step.number, Step.status, Step.turn, Step.opened_at, seated, admin, token_ok)
            .outerjoin(Step, (Step.game_id == Game.id) & (Step.status != StepStatus.PUBLISHED.value))
            .where(Game.id == bindparam("game_id")).order_by(Step.number.desc()).limit(1))
    compiled = stmt.compile(dialect=postgresql.psycopg.dialect())
    fixed = {k: v for k, v in compiled.params.items() if k not in ("user_id", "faction", "game_id", "token_id")}
    return str(compiled), fixed


_STATE_OF_STEP = "SELECT state_before FROM steps WHERE id = %(id)s AND opened_at = %(at)s"
_STATE_OF_GAME = "SELECT state FROM games WHERE id = %(id)s AND updated_at = %(at)s"
_CHECK_SQL: tuple[str, dict[str, Any]] | None = None
TOKEN_REFUSED = "Ключ доступа отозван, устарел или неверен. Получите новый: POST /api/token."
INLINE_READ_CHARS = 2_000  # a post this short is read on the event loop (about 2 ms at most)
_MOVED = Conflict("Состояние игры как раз меняется. Проверьте пост ещё раз через секунду.", code="state_changing")


@dataclass(frozen=True)
class CheckPlan:
    """What the live check's one statement tells: the state to read against, and the answer's frame."""

    ruleset: Ruleset
    state_key: tuple  # the key in `state_cache`
    state_sql: str  # fetches that state, but only while it is still that version
    state_params: dict[str, Any]
    base: dict[str, Any]  # game_id, step_number, faction, turn_title, expected


def check_statement(*, game_id: int, faction: str, user_id: int | None,
                    token_id: int | None = None) -> tuple[str, dict[str, Any]]:
    """The live check's one question (psycopg SQL and its parameters); ``token_id``: the API token
    the request came with, checked in the same statement."""
    global _CHECK_SQL
    if _CHECK_SQL is None:
        _CHECK_SQL = _check_statement()
    sql, fixed = _CHECK_SQL
    return sql, {**fixed, "game_id": game_id, "faction": faction, "user_id": user_id, "token_id": token_id}


def check_plan(row: tuple | None, *, game_id: int, faction: str, user_id: int | None) -> CheckPlan:
    """The answer to `check_statement` checked: the game exists, has the faction, and the user may
    check its posts (its player, the GM or an admin) — a check reads the live state, which in
    hidden-information games is that faction's secret. A revoked or expired API token is
    `Unauthorized` (for a game that does not exist the answer is 404 either way)."""
    if row is None:
        raise NotFound(f"Игра №{game_id} не найдена.", code="game_not_found")
    (game_id, ruleset_id, gm_user_id, factions, updated_at,
     step_id, step_number, step_status, turn_json, opened_at, seated, admin, token_ok) = row
    if not token_ok:
        raise Unauthorized(TOKEN_REFUSED, code="bad_token")
    if not any(f["id"] == faction for f in factions):
        raise Invalid(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    if user_id is not None and not (gm_user_id == user_id or seated or admin):
        raise Forbidden("Проверять посты может только игрок этой стороны или мастер.", code="not_your_seat")
    if step_id is not None:
        key, sql, params = ("step", step_id, opened_at), _STATE_OF_STEP, {"id": step_id, "at": opened_at}
    else:
        key, sql, params = ("game", game_id, updated_at), _STATE_OF_GAME, {"id": game_id, "at": updated_at}
    turn = TurnInfo.model_validate(turn_json) if turn_json is not None else None
    expected = bool(step_status == StepStatus.OPEN.value and turn and faction in turn.factions)
    base = {"game_id": game_id, "step_number": step_number, "faction": faction,
            "turn_title": turn.title if turn else "", "expected": expected}
    return CheckPlan(ruleset_by_id(ruleset_id), key, sql, params, base)


def check_reading(plan: CheckPlan, state: BaseModel, text: str) -> CheckOut:
    """Read the post against the planned state: the answer of the live check."""
    if not text.strip():
        return CheckOut(ok=False, message="Пост пустой: напишите приказы.", **plan.base)
    reading = plan.ruleset.read(text, state, plan.base["faction"])
    errors = sum(1 for p in reading.problems if p.is_error)
    if errors:
        message = f"Ошибок: {errors}. Исправьте отмеченные строки."
    elif not plan.base["expected"]:
        message = "Пост читается без ошибок, но сейчас эта фракция не ходит."
    else:
        message = "Пост читается без ошибок."
    return _check_out(reading, message=message, **plan.base)


def check_post(db: Session, *, game_id: int, faction: str, text: str, user_id: int | None = None) -> CheckOut:
    """Read a post against the game's current state; stores nothing.

    With ``user_id`` it also checks that this user may post for ``faction`` (see `check_plan`). It
    runs on the session's own connection (and transaction, if one is open).
    """
    return check_post_on(db.connection().connection.driver_connection, game_id=game_id, faction=faction,
                         text=text, user_id=user_id)


def check_post_on(conn: Any, *, game_id: int, faction: str, text: str, user_id: int | None = None,
                  token_id: int | None = None) -> CheckOut:
    """``check_post`` on a bare psycopg connection: one prepared question (no ORM, no transaction
    needed) and the parsed state from the per-process cache; only a cache miss costs a second
    statement, which fetches the state only if it is still the version the first one saw."""
    _limit_size(text)
    for _ in range(3):
        sql, params = check_statement(game_id=game_id, faction=faction, user_id=user_id, token_id=token_id)
        plan = check_plan(_fetch_one(conn, sql, params), game_id=game_id, faction=faction, user_id=user_id)
        state = state_cache.peek(plan.ruleset, plan.state_key)
        if state is None:
            found = _fetch_one(conn, plan.state_sql, plan.state_params)
            if found is None:  # a step opened between the two statements: ask again
                continue
            state = state_cache.store(plan.ruleset, plan.state_key, found[0])
        return check_reading(plan, state, text)
    raise _MOVED


async def check_post_async(
    fetchone: Callable[[str, dict[str, Any]], Awaitable[tuple | None]],
    offload: Callable[..., Awaitable[Any]],
    *, game_id: int, faction: str, text: str, user_id: int | None = None, token_id: int | None = None,
) -> CheckOut:
    """``check_post_on`` for an event loop, the live check's hot path: the statements are awaited
    (``fetchone(sql, params)``), and a post up to `INLINE_READ_CHARS` is read in place — a thread
    hop costs more than such a read; parsing a state and reading a longer post go through
    ``offload(fn, *args)`` (a worker thread) so the loop never stalls."""
    _limit_size(text)
    for _ in range(3):
        sql, params = check_statement(game_id=game_id, faction=faction, user_id=user_id, token_id=token_id)
        plan = check_plan(await fetchone(sql, params), game_id=game_id, faction=faction, user_id=user_id)
        state = state_cache.peek(plan.ruleset, plan.state_key)
        if state is None:
            found = await fetchone(plan.state_sql, plan.state_params)
            if found is None:
                continue
            state = await offload(state_cache.store, plan.ruleset, plan.state_key, found[0])
        if len(text) <= INLINE_READ_CHARS:
            return check_reading(plan, state, text)
        return await offload(check_reading, plan, state, text)
    raise _MOVED


def _fetch_one(conn: Any, sql: str, params: dict[str, Any]) -> tuple | None:
    with conn.cursor() as cur:
        cur.execute(sql, params)
        return cur.fetchone()


def check_text(*, ruleset_id: str, state: dict[str, Any], faction: str, text: str) -> CheckOut:
    """Read a post against a given state without a database (``letopis check --setup``)."""
    ruleset = ruleset_by_id(ruleset_id)
    if not text.strip():
        return CheckOut(ok=False, faction=faction, message="Пост пустой: напишите приказы.")
    reading = _read(ruleset, text, state, faction)
    turn = ruleset.turn(load_state(ruleset, state))
    errors = sum(1 for p in reading.problems if p.is_error)
    return _check_out(reading, faction=faction, turn_title=turn.title, expected=faction in turn.factions,
                      message=f"Ошибок: {errors}." if errors else "Пост читается без ошибок.")


def refuse_unless_open(game: Game | _Locked, step: Step | _OpenStep | None, step_number: int, faction: str) -> None:
    """The Conflict that says why a post for ``step_number`` is not taken now, if any."""
    if game.status == GameStatus.OVER.value:
        raise Conflict("Игра окончена: посты больше не принимаются.", code="game_over")
    if step is None:
        raise Conflict("Сейчас нет открытого шага.", code="no_open_step")
    turn = step.turn_info if isinstance(step, _OpenStep) else turn_of(step)
    if step.number != step_number:
        raise Conflict(
            f"Пост написан к шагу {step_number}, а сейчас идёт шаг {step.number} («{turn.title}»). "
            "Обновите страницу: состояние изменилось. Текст поста не потерян.", code="stale_step")
    if step.status == StepStatus.DRAFT.value:
        raise Conflict(f"Шаг {step.number} уже решён и ждёт проверки мастера; посты к нему не принимаются.",
                       code="step_in_review")
    if faction not in turn.factions:
        raise Conflict(f"В шаге {step.number} («{turn.title}») ждём пост от {names_list(game, turn.factions)}, "
                       f"а не от «{faction_names(game).get(faction, faction)}».", code="not_your_turn")


def _open_step_for(db: Session, game: Game, step_number: int, faction: str) -> Step:
    """The open step the post is for, or a Conflict naming the step that is open now."""
    step = active_step(db, game.id) if game.status != GameStatus.OVER.value else None
    refuse_unless_open(game, step, step_number, faction)
    assert step is not None
    return step


# --- submitting: a few short statements whatever the step's history --------------------------------
_LOCK_GAME = sql("SELECT ruleset_id, status, factions FROM games WHERE id = :game_id FOR UPDATE")
# After the lock (a statement of its own, so that it sees what the previous holder committed): the
# poster's seat, the open or draft step, the schedule. The step is the top of the (game_id, number)
# index, however many steps the game has published.
_SUBMIT_CONTEXT = sql("""
SELECT seat.id, seat.user_id, seat.faction_name,
       step.id, step.number, step.status, step.turn, step.opened_at, step.deadline, step.resolve_at,
       COALESCE(sch.resolve_delay_minutes, 0), COALESCE(sch.grace_minutes, 0), COALESCE(sch.paused, false)
FROM (SELECT CAST(:game_id AS integer) AS id) AS g
LEFT JOIN seats AS seat ON seat.game_id = g.id AND seat.faction_id = :faction
LEFT JOIN LATERAL (
    SELECT id, number, status, turn, opened_at, deadline, resolve_at FROM steps
    WHERE game_id = g.id AND status <> 'published' AND number > 0
    ORDER BY number DESC LIMIT 1
) AS step ON true
LEFT JOIN game_schedules AS sch ON sch.game_id = g.id
""")
# The insert and the step's bookkeeping in one statement: every expected faction's latest revision
# (`posted.LATEST_ROWS`, as it was before this post), and the post stored as its faction's next one.
_INSERT_POST = sql(f"""
WITH latest AS ({LATEST_ROWS}),
inserted AS (
    INSERT INTO posts (game_id, step_id, faction_id, revision, text, sha256, author_id, reading, created_at, annulled)
    SELECT :game_id, :step_id, faction, COALESCE(max(revision), 0) + 1, :text, :sha256, :author_id,
           CAST(:reading AS jsonb), :created_at, false
    FROM latest WHERE faction = CAST(:faction AS text) GROUP BY faction
    RETURNING id, revision
)
SELECT latest.faction, latest.id, latest.revision, latest.annulled, latest.withdrawn, inserted.id, inserted.revision
FROM latest CROSS JOIN inserted ORDER BY latest.position
""")
_SET_RESOLVE_AT = sql("UPDATE steps SET resolve_at = :at WHERE id = :step_id")


@dataclass(frozen=True)
class _Locked:
    """The game row as a submit needs it (locked until the transaction ends)."""

    id: int
    ruleset_id: str
    status: str
    factions: list[dict[str, Any]]


@dataclass(frozen=True)
class _OpenStep:
    """The open (or draft) step's row, without its state."""

    id: int
    number: int
    status: str
    turn_info: TurnInfo
    opened_at: datetime
    deadline: datetime | None
    resolve_at: datetime | None


def _lock_game(db: Session, game_id: int) -> _Locked:
    row = db.execute(_LOCK_GAME, {"game_id": game_id}).one_or_none()
    if row is None:
        raise NotFound(f"Игра №{game_id} не найдена.", code="game_not_found")
    return _Locked(game_id, *row)


def _state_of(db: Session, ruleset: Ruleset, step: _OpenStep) -> BaseModel:
    """The step's parsed ``state_before`` from the per-process cache the live check fills (the same
    key), fetched and parsed only on a miss. The game lock keeps the step from changing meanwhile."""
    key = ("step", step.id, step.opened_at)
    state = state_cache.peek(ruleset, key)
    if state is None:
        data = db.execute(sql("SELECT state_before FROM steps WHERE id = :id"), {"id": step.id}).scalar_one()
        state = state_cache.store(ruleset, key, data)
    return state


@transactional
def submit_post(
    db: Session, *, game_id: int, step_number: int, faction: str, text: str, user_id: int
) -> SubmitOut:
    """Store a new revision of a faction's post; resolve the step when it is complete (after the
    game's resolution delay, if it has one).

    Refused with nothing changed: TooLarge, Invalid (empty, or errors — with the problems),
    Forbidden (not this faction's player), Conflict (not the open step, or the faction is not
    expected now). Its cost does not depend on the step's history: the game row is locked, one
    statement reads the seat, step and schedule, the post is read against the cached state, and
    one statement inserts it while reading each expected faction's latest revision; the step is
    resolved (its posts loaded) only when this post completes it.
    """
    _limit_size(text)
    if not text.strip():
        raise Invalid("Пост пустой: напишите приказы.", code="empty_post")
    game = _lock_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    (seat_id, seat_user, seat_name, step_id, number, status, turn_json, opened_at, deadline, resolve_at,
     delay, grace, paused) = db.execute(_SUBMIT_CONTEXT, {"game_id": game_id, "faction": faction}).one()
    if seat_id is None:
        raise Invalid(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    if seat_user != user_id:
        raise Forbidden(f"Вы не играете за фракцию «{seat_name}» в этой игре.", code="not_your_seat")
    step = None if step_id is None else _OpenStep(step_id, number, status, TurnInfo.model_validate(turn_json),
                                                  opened_at, deadline, resolve_at)
    refuse_unless_open(game, step, step_number, faction)
    assert step is not None
    reading = ruleset.read(text, _state_of(db, ruleset, step), faction)
    if not reading.ok:
        errors = sum(1 for p in reading.problems if p.is_error)
        raise Invalid(f"В посте ошибок: {errors}. Исправьте отмеченные строки и отправьте снова; "
                      "ничего не сохранено.", code="post_has_errors", problems=reading.problems)
    stored = reading_json(reading)
    created, sha256 = now(), receipt(text)
    rows = db.execute(_INSERT_POST, {
        "factions": step.turn_info.factions, "step_id": step.id, "game_id": game_id, "faction": faction,
        "text": text, "sha256": sha256, "author_id": user_id, "reading": json.dumps(stored, ensure_ascii=False),
        "created_at": created}).all()
    assert rows, "the faction is expected in the step (refuse_unless_open), so its revision is inserted"
    post_id, revision = rows[0][5], rows[0][6]
    latest = {f: Latest(f, pid, rev or 0, bool(annulled), bool(withdrawn))
              for f, pid, rev, annulled, withdrawn, _, _ in rows}
    latest[faction] = Latest(faction, post_id, revision, annulled=False, withdrawn=False)
    waiting = waiting_for(latest)
    out = SubmitOut(post_id=post_id, game_id=game_id, step_number=step.number, faction=faction,
                    revision=revision, sha256=sha256, created_at=created,
                    reading=ReadingOut(ok=reading.ok, lines=reading.lines, problems=reading.problems,
                                       orders=stored["orders"]),
                    waiting_for=waiting)
    if waiting:
        if step.resolve_at is not None:  # cannot stay due with a faction missing (kept consistent)
            db.execute(_SET_RESOLVE_AT, {"at": None, "step_id": step.id})
        out.message = f"Пост принят (версия {revision}). Ждём пост от {names_list(game, waiting)}."
        return out
    due = resolve_delay.resolve_moment(created, delay_minutes=delay, deadline=deadline, grace_minutes=grace,
                                       paused=paused)
    if due is not None:
        return _hold(db, game, step, out, due)
    return _resolve_now(db, game_id, step.id, faction, out)


def _hold(db: Session, game: _Locked, step: _OpenStep, out: SubmitOut, due: datetime) -> SubmitOut:
    """The step is complete but the delay holds it open: check now that it will resolve (a post may
    read against the state an earlier faction's orders leave), then set the moment."""
    full = load_game(db, game.id, lock=True)
    row = db.get(Step, step.id)
    assert row is not None
    _resolve.trial_resolution(db, full, row)
    db.execute(_SET_RESOLVE_AT, {"at": due, "step_id": step.id})
    out.resolve_at = due
    minutes = resolve_delay.minutes_left(due, out.created_at)
    again = "перенесён" if step.resolve_at is not None else "назначен"
    out.message = (f"Пост принят (версия {out.revision}). Все посты собраны; расчёт шага {step.number} {again} "
                   f"через {minutes} мин. До тех пор пост можно исправить или отозвать.")
    return out


def _resolve_now(db: Session, game_id: int, step_id: int, faction: str, out: SubmitOut) -> SubmitOut:
    game = load_game(db, game_id, lock=True)  # the ORM rows, only now (the lock is ours already)
    step = db.get(Step, step_id)
    assert step is not None
    res = _resolve.resolve_open_step(db, game, step, actor_id=None)
    out.resolved = True
    out.published = step.status == StepStatus.PUBLISHED.value
    if out.published:
        # the faction's own and public events, with no secret rolls (shuffles stay secret until the reveal)
        out.events = Sight(factions=frozenset({faction}), secret=True).events(
            Event.model_validate(e) for e in res.events)
        nxt = active_step(db, game.id)
        out.next_step = nxt.number if nxt else None
        out.game_over = game.status == GameStatus.OVER.value
        out.message = ("Пост принят, шаг решён и опубликован. Игра окончена." if out.game_over
                       else f"Пост принят, шаг {step.number} решён и опубликован.")
    else:
        out.message = f"Пост принят, шаг {step.number} решён и ждёт проверки мастера."
    return out
