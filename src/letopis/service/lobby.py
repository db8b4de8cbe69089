"""Lists of games with whose turn it is: the public games list (``/games``) and a user's «Мои игры».

Each row says what a player needs at a glance: the open step, the factions still awaited (with
their players), the deadline. Rows are built for a page of games at a time from four queries
whatever the page holds (the games, their active steps, who has posted in those steps, the seats):
never a query per game, and never one over every step of a game (the active step is found through
the partial index ``ix_steps_game_active``).

«Мои игры» splits a user's games into those that wait for *him* — a seat of his expected in the
open step with no post yet, or, for the GM, a draft waiting for review — and all the others (waiting
for other players, at the GM, paused, finished), which paginate.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from pydantic import BaseModel, Field
from sqlalchemy import ColumnElement, case, func, or_, select
from sqlalchemy.orm import Session

from letopis.db.models import Game, GameSchedule, Post, Seat, Step, User
from letopis.engine.contract import TurnInfo
from letopis.engine.registry import UnknownRuleset, get_ruleset

from ._common import listed
from .schemas import GameStatus, Role, StepStatus

PER_PAGE = 20
MAX_PER_PAGE = 100
MAX_WAITING = 200  # games listed as waiting for the user; a user in more active games sees these first


class AwaitedOut(BaseModel):
    """A faction the open step still waits for."""

    faction: str
    faction_name: str
    player_name: str | None = None  # the user in the seat, when there is one


class GameRowOut(BaseModel):
    """One game in a list: where it stands and whom it waits for."""

    id: int
    title: str
    ruleset_id: str
    ruleset_title: str
    status: GameStatus
    gm_user_id: int
    gm_name: str
    step_number: int | None = None  # the open or draft step
    step_status: StepStatus | None = None
    turn_title: str | None = None
    deadline: datetime | None = None
    paused: bool = False
    awaited: list[AwaitedOut] = Field(default_factory=list)  # open step: factions with no post yet
    result_text: str | None = None  # a finished game's result
    updated_at: datetime
    # filled in «Мои игры» only
    role: Role | None = None
    my_factions: list[str] = Field(default_factory=list)
    my_faction_names: list[str] = Field(default_factory=list)
    must_post: list[str] = Field(default_factory=list)  # the user's factions awaited now
    must_post_names: list[str] = Field(default_factory=list)  # …and their names
    must_review: bool = False  # the user is the GM and a draft waits for him


class GamesPageOut(BaseModel):
    games: list[GameRowOut]
    page: int
    pages: int
    total: int
    per_page: int


class MyTurnsOut(BaseModel):
    """What waits for the user now, soonest deadline first."""

    your_turn: list[GameRowOut] = Field(default_factory=list)  # his post is expected
    review: list[GameRowOut] = Field(default_factory=list)  # as the GM: a draft to review


class MyGamesOut(MyTurnsOut):
    """«Мои игры»: what waits for the user, then a page of his other games."""

    others: GamesPageOut


def list_games_page(db: Session, *, page: int = 1, per_page: int = PER_PAGE) -> GamesPageOut:
    """A page of every game, newest first, each with whose turn it is and the deadline."""
    per_page = max(1, min(per_page, MAX_PER_PAGE))
    total = db.scalar(select(func.count(Game.id))) or 0
    pages = max(1, -(-total // per_page))
    page = max(1, min(page, pages))
    ids = list(db.scalars(select(Game.id).order_by(Game.id.desc()).limit(per_page).offset((page - 1) * per_page)))
    return GamesPageOut(games=game_rows(db, ids), page=page, pages=pages, total=total, per_page=per_page)


def waiting_for(db: Session, *, user_id: int) -> MyTurnsOut:
    """The user's games that wait for him now: a seat of his expected in the open step and not yet
    posted, soonest deadline first; and, as the GM, drafts waiting for his review."""
    mine = _mine(user_id)
    active = db.execute(
        select(Step.id, Step.game_id, Step.status, Step.turn, Game.gm_user_id)
        .join(Game, Game.id == Step.game_id)
        .where(mine, Game.status == GameStatus.ACTIVE.value, Step.status != StepStatus.PUBLISHED.value, listed())
        .order_by(Step.deadline.asc().nulls_last(), Step.game_id.desc()).limit(MAX_WAITING)
    ).all()
    seats = _my_seats(db, user_id, [row.game_id for row in active])
    posted = posted_factions(db, [row.id for row in active if row.status == StepStatus.OPEN.value])
    turn_ids, review_ids = [], []
    for row in active:
        if row.status == StepStatus.OPEN.value:
            held = {f for f, _ in seats.get(row.game_id, ())}
            done = posted.get(row.id, frozenset())
            if any(f in held and f not in done for f in TurnInfo.model_validate(row.turn).factions):
                turn_ids.append(row.game_id)
        elif row.status == StepStatus.DRAFT.value and row.gm_user_id == user_id:
            review_ids.append(row.game_id)
    rows = {r.id: r for r in _for_user(game_rows(db, turn_ids + review_ids), user_id, seats)}
    return MyTurnsOut(your_turn=[rows[i] for i in turn_ids if i in rows],
                      review=[rows[i] for i in review_ids if i in rows])


def my_games(db: Session, *, user_id: int, page: int = 1, per_page: int = PER_PAGE) -> MyGamesOut:
    """«Мои игры»: what waits for the user now (`waiting_for`), then a page of his other games —
    active ones by their last move, finished ones last."""
    per_page = max(1, min(per_page, MAX_PER_PAGE))
    turns = waiting_for(db, user_id=user_id)
    waiting = [r.id for r in turns.your_turn + turns.review]
    where = [_mine(user_id)] + ([Game.id.not_in(waiting)] if waiting else [])
    total = db.scalar(select(func.count(Game.id)).where(*where)) or 0
    pages = max(1, -(-total // per_page))
    page = max(1, min(page, pages))
    finished_last = case((Game.status == GameStatus.OVER.value, 1), else_=0)
    ids = list(db.scalars(select(Game.id).where(*where)
                          .order_by(finished_last, Game.updated_at.desc(), Game.id.desc())
                          .limit(per_page).offset((page - 1) * per_page)))
    others = _for_user(game_rows(db, ids), user_id, _my_seats(db, user_id, ids))
    return MyGamesOut(your_turn=turns.your_turn, review=turns.review,
                      others=GamesPageOut(games=others, page=page, pages=pages, total=total, per_page=per_page))


def _mine(user_id: int) -> ColumnElement[bool]:
    """Games the user masters or holds a seat in."""
    return or_(Game.gm_user_id == user_id, Game.id.in_(select(Seat.game_id).where(Seat.user_id == user_id)))


# --- building rows -------------------------------------------------------------------------------
def game_rows(db: Session, game_ids: list[int]) -> list[GameRowOut]:
    """Rows for these games, in this order: four queries, whatever the number of games or steps."""
    if not game_ids:
        return []
    games = db.execute(
        select(Game.id, Game.title, Game.ruleset_id, Game.status, Game.factions, Game.result, Game.updated_at,
               Game.gm_user_id, User.display_name.label("gm_name"), func.coalesce(GameSchedule.paused, False).label("paused"))
        .join(User, User.id == Game.gm_user_id)
        .outerjoin(GameSchedule, GameSchedule.game_id == Game.id)
        .where(Game.id.in_(game_ids))
    ).all()
    steps = {s.game_id: s for s in db.execute(
        select(Step.id, Step.game_id, Step.number, Step.status, Step.turn, Step.deadline)
        .where(Step.game_id.in_(game_ids), Step.status != StepStatus.PUBLISHED.value, listed())
        .order_by(Step.game_id, Step.number)
    )}
    posted = posted_factions(db, [s.id for s in steps.values() if s.status == StepStatus.OPEN.value])
    players: dict[tuple[int, str], str] = {
        (r.game_id, r.faction_id): r.display_name for r in db.execute(
            select(Seat.game_id, Seat.faction_id, User.display_name).join(User, User.id == Seat.user_id)
            .where(Seat.game_id.in_(game_ids)))
    }
    by_id = {g.id: g for g in games}
    out = []
    for game_id in game_ids:
        g = by_id.get(game_id)
        if g is None:
            continue
        names = {f["id"]: f["name"] for f in g.factions}
        row = GameRowOut(id=g.id, title=g.title, ruleset_id=g.ruleset_id, ruleset_title=_ruleset_title(g.ruleset_id),
                         status=GameStatus(g.status), gm_user_id=g.gm_user_id, gm_name=g.gm_name,
                         paused=bool(g.paused),
                         result_text=(g.result or {}).get("text") or None, updated_at=g.updated_at)
        step = steps.get(game_id)
        if step is not None and g.status == GameStatus.ACTIVE.value:
            turn = TurnInfo.model_validate(step.turn)
            row.step_number, row.step_status, row.turn_title = step.number, StepStatus(step.status), turn.title
            if step.status == StepStatus.OPEN.value:
                row.deadline = step.deadline
                done = posted.get(step.id, frozenset())
                row.awaited = [AwaitedOut(faction=f, faction_name=names.get(f, f), player_name=players.get((game_id, f)))
                               for f in turn.factions if f not in done]
        out.append(row)
    return out


def posted_factions(db: Session, step_ids: Iterable[int]) -> dict[int, frozenset[str]]:
    """Step id → the factions whose post counts in it (their latest revision, not annulled): one
    query for all the steps."""
    ids = list(step_ids)
    if not ids:
        return {}
    newest = func.row_number().over(partition_by=(Post.step_id, Post.faction_id), order_by=Post.revision.desc())
    latest = (select(Post.step_id, Post.faction_id, Post.annulled, newest.label("newest"))
              .where(Post.step_id.in_(ids))).subquery()
    out: dict[int, set[str]] = {}
    for step_id, faction in db.execute(select(latest.c.step_id, latest.c.faction_id)
                                       .where(latest.c.newest == 1, ~latest.c.annulled)):
        out.setdefault(step_id, set()).add(faction)
    return {k: frozenset(v) for k, v in out.items()}


def _my_seats(db: Session, user_id: int, game_ids: list[int]) -> dict[int, list[tuple[str, str]]]:
    """Game id → the user's seats there: (faction id, faction name), in seat order."""
    if not game_ids:
        return {}
    out: dict[int, list[tuple[str, str]]] = {}
    for r in db.execute(select(Seat.game_id, Seat.faction_id, Seat.faction_name)
                        .where(Seat.user_id == user_id, Seat.game_id.in_(game_ids)).order_by(Seat.position)):
        out.setdefault(r.game_id, []).append((r.faction_id, r.faction_name))
    return out


def _for_user(rows: list[GameRowOut], user_id: int, seats: dict[int, list[tuple[str, str]]]) -> list[GameRowOut]:
    """Fill in what the rows mean for this user: his role, his seats, whether he must act now."""
    for row in rows:
        held = seats.get(row.id, [])
        row.my_factions = [f for f, _ in held]
        row.my_faction_names = [n for _, n in held]
        awaited = {a.faction for a in row.awaited}
        row.must_post = [f for f, _ in held if f in awaited]
        row.must_post_names = [n for f, n in held if f in awaited]
        row.role = Role.GM if row.gm_user_id == user_id else Role.PLAYER
        row.must_review = row.role == Role.GM and row.step_status == StepStatus.DRAFT
    return rows


def _ruleset_title(ruleset_id: str) -> str:
    try:
        return get_ruleset(ruleset_id).title
    except UnknownRuleset:
        return ruleset_id
