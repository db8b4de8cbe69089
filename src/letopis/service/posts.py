"""Posts: the live check, the receipt's digest, and which step a post may be sent to.

A post is read against the state the step opened from. A refused post leaves no trace; an
accepted one is stored (`submit.submit_post`) as a new revision with the SHA-256 of its exact text.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import ApiToken, Game, Seat, Step, User
from letopis.engine.contract import Reading, Ruleset, TurnInfo
from letopis.settings import get_settings

from . import state_cache
from ._common import (
    active_step,
    load_state,
    names_in,
    ruleset_by_id,
    turn_of,
)
from .errors import Conflict, Forbidden, Invalid, NotFound, TooLarge, Unauthorized
from .schemas import CheckOut, GameStatus, StepStatus


def receipt(text: str) -> str:
    """SHA-256 (hex) of the post's exact UTF-8 text: the player's proof of what was sent."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def limit_size(text: str) -> None:
    """TooLarge for a post over the site's limit (checked before anything is read)."""
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
    limit_size(text)
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
    limit_size(text)
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


class GameSides(Protocol):
    """What the refusals need of a game row: its status and its factions."""

    status: str
    factions: list[dict[str, Any]]


@dataclass(frozen=True)
class OpenStep:
    """The open (or draft) step's row as a submit reads it, without its state."""

    id: int
    number: int
    status: str
    turn_info: TurnInfo
    opened_at: datetime
    deadline: datetime | None
    resolve_at: datetime | None


def refuse_unless_open(game: GameSides, step: Step | OpenStep | None, step_number: int, faction: str) -> None:
    """The Conflict that says why a post for ``step_number`` is not taken now, if any."""
    if game.status == GameStatus.OVER.value:
        raise Conflict("Игра окончена: посты больше не принимаются.", code="game_over")
    if step is None:
        raise Conflict("Сейчас нет открытого шага.", code="no_open_step")
    turn = step.turn_info if isinstance(step, OpenStep) else turn_of(step)
    if step.number != step_number:
        raise Conflict(
            f"Пост написан к шагу {step_number}, а сейчас идёт шаг {step.number} («{turn.title}»). "
            "Обновите страницу: состояние изменилось. Текст поста не потерян.", code="stale_step")
    if step.status == StepStatus.DRAFT.value:
        raise Conflict(f"Шаг {step.number} уже решён и ждёт проверки мастера; посты к нему не принимаются.",
                       code="step_in_review")
    if faction not in turn.factions:
        raise Conflict(f"В шаге {step.number} («{turn.title}») ждём пост от {names_in(game, turn.factions, 'gen')}, "
                       f"а не от {names_in(game, [faction], 'gen')}.", code="not_your_turn")


def _open_step_for(db: Session, game: Game, step_number: int, faction: str) -> Step:
    """The open step the post is for, or a Conflict naming the step that is open now."""
    step = active_step(db, game.id) if game.status != GameStatus.OVER.value else None
    refuse_unless_open(game, step, step_number, faction)
    assert step is not None
    return step
