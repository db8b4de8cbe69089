"""Shared plumbing of the service: transactions, loading with locks, permissions, conversions."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from pydantic import BaseModel, ValidationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import AuditEntry, Game, Post, Resolution, Seat, Step, User
from letopis.engine.contract import GM, PUBLIC, Faction, Reading, Ruleset, TurnInfo, Viewer, ViewerRole
from letopis.engine.declension import Case, decline_all
from letopis.engine.registry import UnknownRuleset, get_ruleset
from letopis.engine.resolution import GM_CORRECTION

from .errors import Forbidden, Invalid, NotFound
from .inputs import require_storable
from .schemas import GameMode, GameOut, GameStatus, ReadingOut, Role, SeatOut, StepStatus, ViewerOut

P = ParamSpec("P")
R = TypeVar("R")

SYSTEM_NAME = "система"
GM_FACTION_NAME = "Мастер игры"  # how the chronicle names the GM's own "faction" (corrections, the DK Hero)


def now() -> datetime:
    return datetime.now(UTC)


def transactional(fn: Callable[P, R]) -> Callable[P, R]:
    """Run the function in the session's transaction and commit; roll back on any error."""

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        db: Session = args[0]  # type: ignore[assignment]
        try:
            result = fn(*args, **kwargs)
            db.commit()
            return result
        except BaseException:
            db.rollback()
            raise

    return wrapper


# --- rulesets -----------------------------------------------------------------------------------
def ruleset_by_id(ruleset_id: str) -> Ruleset:
    try:
        return get_ruleset(ruleset_id)
    except UnknownRuleset as exc:
        raise NotFound(str(exc), code="unknown_ruleset") from exc


def validation_message(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ())) or "документ"
        parts.append(f"{where}: {err.get('msg', '')}")
    return "; ".join(parts)


def load_state(ruleset: Ruleset, data: dict[str, Any]) -> BaseModel:
    return ruleset.state_from_json(data)


def dump(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json")


def turn_of(step: Step) -> TurnInfo:
    return TurnInfo.model_validate(step.turn)


# --- loading ------------------------------------------------------------------------------------
def load_game(db: Session, game_id: int, *, lock: bool = False) -> Game:
    """The game row; with ``lock`` it is locked (SELECT … FOR UPDATE) until the transaction ends.

    Objects the session loaded earlier are expired first (sessions keep them across commits), so
    everything read after this comes fresh from the database — after the lock, when locking.
    """
    if not (db.new or db.dirty or db.deleted):
        db.expire_all()
    stmt = select(Game).where(Game.id == game_id)
    if lock:
        stmt = stmt.with_for_update(of=Game).execution_options(populate_existing=True)
    game = db.scalars(stmt).unique().one_or_none()
    if game is None:
        raise NotFound(f"Игра №{game_id} не найдена.", code="game_not_found")
    return game


def load_user(db: Session, user_id: int) -> User:
    user = db.get(User, user_id)
    if user is None:
        raise NotFound(f"Пользователь №{user_id} не найден.", code="user_not_found")
    return user


def get_step(db: Session, game_id: int, number: int) -> Step:
    step = db.scalars(select(Step).where(Step.game_id == game_id, Step.number == number)).one_or_none()
    if step is None:
        raise NotFound(f"В игре №{game_id} нет шага {number}.", code="step_not_found")
    return step


def listed():
    """The steps of the game proper. A stopped roll-back sets later steps aside under negative
    numbers (−id): they stay stored for the GM desk, but no listing, count or feed shows them."""
    return Step.number > 0


def active_step(db: Session, game_id: int) -> Step | None:
    """The step accepting posts or waiting as a draft (there is at most one)."""
    return db.scalars(
        select(Step).where(Step.game_id == game_id, Step.status != StepStatus.PUBLISHED.value, listed())
        .order_by(Step.number.desc()).limit(1)
    ).one_or_none()


def last_published_step(db: Session, game_id: int) -> Step | None:
    return db.scalars(
        select(Step).where(Step.game_id == game_id, Step.status == StepStatus.PUBLISHED.value)
        .order_by(Step.number.desc()).limit(1)
    ).one_or_none()


def step_posts(db: Session, step: Step) -> list[Post]:
    return list(db.scalars(select(Post).where(Post.step_id == step.id).order_by(Post.id)).unique())


def counted_posts(posts: list[Post]) -> dict[str, Post]:
    """The post that counts for each faction among all of a step's revisions: its latest one,
    unless the GM annulled it or its player withdrew it (`posted.latest_posts` answers the same
    without reading every revision)."""
    latest: dict[str, Post] = {}
    for post in posts:
        if post.faction_id not in latest or post.revision > latest[post.faction_id].revision:
            latest[post.faction_id] = post
    return {f: p for f, p in latest.items() if p.counts}


def current_resolution(db: Session, step: Step) -> Resolution | None:
    return db.scalars(
        select(Resolution).where(Resolution.step_id == step.id, Resolution.superseded.is_(False))
        .order_by(Resolution.id.desc()).limit(1)
    ).one_or_none()


def seats(db: Session, game_id: int) -> list[Seat]:
    return list(db.scalars(select(Seat).where(Seat.game_id == game_id).order_by(Seat.position)).unique())


def seat_for(db: Session, game_id: int, faction: str) -> Seat:
    seat = db.scalars(select(Seat).where(Seat.game_id == game_id, Seat.faction_id == faction)).unique().one_or_none()
    if seat is None:
        raise Invalid(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    return seat


def faction_names(game: Game) -> dict[str, str]:
    """Faction id → name, with the GM's correction "faction" named for readers, not by its id."""
    return {GM_CORRECTION: GM_FACTION_NAME} | {f["id"]: f["name"] for f in game.factions}


def names_list(game: Game, factions: list[str]) -> str:
    names = faction_names(game)
    return ", ".join(f"«{names.get(f, f)}»" for f in factions)


def names_in(game: Game, factions: list[str], case: Case) -> str:
    """The factions' names in one case, joined as a sentence joins them: «от Анны и Бориса»."""
    names = faction_names(game)
    return decline_all([names.get(f, f) for f in factions], case)


# --- who is looking -----------------------------------------------------------------------------
def is_gm(db: Session, game: Game, user_id: int | None) -> bool:
    if user_id is None:
        return False
    if game.gm_user_id == user_id:
        return True
    user = db.get(User, user_id)
    return bool(user and user.is_admin)


def require_gm(db: Session, game: Game, user_id: int | None) -> User:
    if user_id is None or not is_gm(db, game, user_id):
        raise Forbidden("Это может сделать только мастер этой игры.", code="not_gm")
    return load_user(db, user_id)


def viewer_of(db: Session, game: Game, user_id: int | None) -> tuple[ViewerOut, Viewer]:
    """The viewer's role and seats, and the engine `Viewer` that `view`/`draw` take."""
    held = [s.faction_id for s in seats(db, game.id) if user_id is not None and s.user_id == user_id]
    return viewer_for(user_id, gm=is_gm(db, game, user_id), held=held)


def viewer_for(user_id: int | None, *, gm: bool, held: list[str]) -> tuple[ViewerOut, Viewer]:
    """Who a viewer is to a game, from whether they are its GM (or an admin) and the seats they hold
    in seat order: the one rule of `viewer_of` and of the rendered pages' cache key (`page_key`)."""
    if gm:
        return ViewerOut(user_id=user_id, role=Role.GM, faction=held[0] if held else None, factions=held), GM
    if held:
        return (ViewerOut(user_id=user_id, role=Role.PLAYER, faction=held[0], factions=held),
                Viewer(role=ViewerRole.PLAYER, faction=held[0]))
    return ViewerOut(user_id=user_id), PUBLIC


# --- conversions --------------------------------------------------------------------------------
def reading_json(reading: Reading) -> dict[str, Any]:
    return {
        "ok": reading.ok,
        "lines": [line.model_dump(mode="json") for line in reading.lines],
        "problems": [p.model_dump(mode="json") for p in reading.problems],
        "orders": reading.orders_json(),
    }


def reading_out(data: dict[str, Any]) -> ReadingOut:
    return ReadingOut.model_validate(data)


def seat_out(seat: Seat, *, show_token: bool = False) -> SeatOut:
    return SeatOut(
        faction=seat.faction_id,
        faction_name=seat.faction_name,
        user_id=seat.user_id,
        player_name=seat.user.display_name if seat.user else None,
        invite_token=seat.invite_token if show_token else None,
    )


def game_out(db: Session, game: Game) -> GameOut:
    ruleset_title = game.ruleset_id
    hidden = False
    try:
        ruleset = get_ruleset(game.ruleset_id)
        ruleset_title, hidden = ruleset.title, bool(getattr(ruleset, "hidden_information", False))
    except UnknownRuleset:
        pass
    revealed = game.secret_revealed_at is not None
    active = active_step(db, game.id)
    published = db.scalar(
        select(func.count(Step.id)).where(Step.game_id == game.id, Step.status == StepStatus.PUBLISHED.value)
    )
    return GameOut(
        id=game.id,
        title=game.title,
        ruleset_id=game.ruleset_id,
        ruleset_title=ruleset_title,
        mode=GameMode(game.mode),
        status=GameStatus(game.status),
        gm_user_id=game.gm_user_id,
        gm_name=game.gm.display_name,
        factions=[Faction.model_validate(f) for f in game.factions],
        options=game.options,
        open_step=active.number if active and active.status == StepStatus.OPEN.value else None,
        draft_step=active.number if active and active.status == StepStatus.DRAFT.value else None,
        steps_published=published or 0,
        imported=game.setup_seed is None,
        created_at=game.created_at,
        hidden_information=hidden,
        secret_commitment=game.secret_commitment,
        secret_seed=game.secret_seed if revealed else None,
        secrets_revealed=revealed,
    )


def audit(
    db: Session,
    game: Game,
    action: str,
    *,
    actor_id: int | None,
    reason: str | None = None,
    step_number: int | None = None,
    data: dict[str, Any] | None = None,
) -> AuditEntry:
    entry = AuditEntry(game_id=game.id, action=action, actor_id=actor_id, reason=reason or None,
                       step_number=step_number, data=data or {}, created_at=now())
    db.add(entry)
    return entry


def require_reason(reason: str | None) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("Укажите причину: действия мастера видны всем вместе с причиной.", code="reason_required")
    if len(reason) > 2000:
        raise Invalid("Причина слишком длинная (не больше 2000 знаков).", code="reason_too_long")
    require_storable(reason, "Причина")
    return reason
