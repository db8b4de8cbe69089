"""Submitting a post: a few short statements whatever the step's history (issue 13).

The game row is locked; one statement reads the poster's seat, the open step and the schedule; the
post is read against the parsed state the live check already cached; one statement inserts it
while reading each expected faction's latest revision (`posted.LATEST_ROWS`). Only the post that
completes the step loads its posts and resolves it — at once, or, with the game's resolution delay,
after a trial that proves it will resolve, when the deadline worker's moment comes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from sqlalchemy import text as sql
from sqlalchemy.orm import Session

from letopis.db.models import Step
from letopis.engine.contract import Ruleset, TurnInfo
from letopis.engine.events import Event

from . import _resolve, resolve_delay, state_cache
from ._common import active_step, load_game, names_in, now, reading_json, ruleset_by_id, transactional
from .errors import Forbidden, Invalid, NotFound
from .hidden import Sight
from .posted import LATEST_ROWS, Latest, waiting_for
from .posts import OpenStep, limit_size, receipt, refuse_unless_open
from .schemas import GameStatus, ReadingOut, StepStatus, SubmitOut

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


def _lock_game(db: Session, game_id: int) -> _Locked:
    row = db.execute(_LOCK_GAME, {"game_id": game_id}).one_or_none()
    if row is None:
        raise NotFound(f"Игра №{game_id} не найдена.", code="game_not_found")
    return _Locked(game_id, *row)


def _state_of(db: Session, ruleset: Ruleset, step: OpenStep) -> BaseModel:
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
    limit_size(text)
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
    step = None if step_id is None else OpenStep(step_id, number, status, TurnInfo.model_validate(turn_json),
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
        out.message = f"Пост принят (версия {revision}). Ждём пост от {names_in(game, waiting, 'gen')}."
        return out
    due = resolve_delay.resolve_moment(created, delay_minutes=delay, deadline=deadline, grace_minutes=grace,
                                       paused=paused)
    if due is not None:
        return _hold(db, game, step, out, due)
    return _resolve_now(db, game_id, step.id, faction, out)


def _hold(db: Session, game: _Locked, step: OpenStep, out: SubmitOut, due: datetime) -> SubmitOut:
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
