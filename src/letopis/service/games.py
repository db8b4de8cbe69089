"""Games: creation from a ruleset, the game page, seats and invitations."""

from __future__ import annotations

import secrets
from functools import lru_cache
from typing import Any, Literal

from pydantic import ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session, defer

from letopis.db.models import Game, GameSchedule, Post, Seat, Step
from letopis.engine.contract import Faction, Result, Viewer, ViewerRole
from letopis.engine.declension import counted
from letopis.engine.dice import new_seed, step_secret
from letopis.engine.registry import all_rulesets
from letopis.engine.resolution import GM_CORRECTION, setup_game

from . import _resolve, resolve_delay
from ._common import (
    active_step,
    dump,
    game_out,
    is_gm,
    load_game,
    load_state,
    load_user,
    now,
    require_gm,
    ruleset_by_id,
    seat_out,
    seats,
    transactional,
    turn_of,
    validation_message,
    viewer_of,
)
from .chronicle import step_header, step_headers
from .errors import Conflict, Invalid, NotFound
from .hidden import new_game_secret, note_reveal
from .inputs import check_name, require_document, require_storable
from .option_fields import describe_errors
from .posted import latest_posts
from .schemas import (
    GameMode,
    GameOut,
    GamePage,
    GameStatus,
    OwnPostOut,
    RulesetOut,
    SeatOut,
    StepStatus,
    ViewerOut,
)

MAX_TITLE = 200


def _registered() -> dict[str, Any]:
    from letopis.engine import registry

    return {**all_rulesets(), **getattr(registry, "_extra", {})}


def list_rulesets() -> list[RulesetOut]:
    """Every registered ruleset with its options' defaults and JSON schema."""
    return [_ruleset_out(rid, ruleset) for rid, ruleset in sorted(_registered().items())]


@lru_cache(maxsize=64)
def _ruleset_out(rid: str, ruleset: Any) -> RulesetOut:
    """A ruleset's description never changes while the process runs; its JSON schema is costly."""
    options = ruleset.default_options()
    return RulesetOut(
        id=rid, title=ruleset.title, aliases=list(ruleset.aliases), min_factions=ruleset.min_factions,
        max_factions=ruleset.max_factions, default_options=options.model_dump(mode="json"),
        options_schema=ruleset.Options.model_json_schema(),
    )


# What a ruleset's setup may raise on input it cannot take; each becomes a 422 with its message.
SETUP_ERRORS = (ValidationError, LookupError, TypeError, ValueError, AttributeError)


def _setup_detail(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return validation_message(exc)
    if isinstance(exc, KeyError):
        return f"нет поля {exc.args[0]!r}" if exc.args else "нет нужного поля"
    return str(exc).rstrip(".") or type(exc).__name__


def _check_factions(ruleset: Any, factions: list[Faction]) -> list[Faction]:
    factions = [f if isinstance(f, Faction) else Faction.model_validate(f) for f in factions]
    clean = []
    for f in factions:
        fid, name = f.id.strip(), f.name.strip()
        if not fid or not name or len(fid) > 64 or len(name) > 100:
            raise Invalid("У каждой фракции должны быть код (до 64 знаков) и имя (до 100 знаков).",
                          code="bad_faction")
        require_storable(fid, "Код фракции")
        if fid == GM_CORRECTION:
            raise Invalid(f"Код фракции «{GM_CORRECTION}» занят: так подписаны правки мастера. "
                          "Выберите другой.", code="bad_faction")
        name = check_name(name, f"Имя фракции «{fid}»", code="bad_faction")
        clean.append(Faction(id=fid, name=name))
    if len({f.id for f in clean}) != len(clean):
        raise Invalid("Коды фракций повторяются.", code="bad_faction")
    if not ruleset.min_factions <= len(clean) <= ruleset.max_factions:
        low, high = ruleset.min_factions, ruleset.max_factions
        # «играют 2 фракции», «играют от 2 до 6 фракций» (after «до» the genitive plural)
        span = counted(low, "фракция", "фракции", "фракций") if low == high else f"от {low} до {high} фракций"
        raise Invalid(f"В «{ruleset.title}» играют {span}, а указано {len(clean)}.", code="faction_count")
    return clean


@transactional
def create_game(
    db: Session,
    *,
    ruleset_id: str,
    title: str,
    factions: list[Faction],
    gm_user_id: int,
    options: dict[str, Any] | None = None,
    mode: Literal["auto", "review"] = "auto",
    setup_document: dict[str, Any] | None = None,
    resolve_delay_minutes: int | None = None,
) -> GameOut:
    """Set a game up (from a fresh setup seed, or from a setup document) and open step 1.

    ``resolve_delay_minutes`` («задержка расчёта»): how long a complete step stays open after its
    last post; None gives the default for the number of sides (`resolve_delay.default_delay`).
    """
    return _create_game(db, ruleset_id=ruleset_id, title=title, factions=factions, gm_user_id=gm_user_id,
                        options=options, mode=mode, setup_document=setup_document,
                        resolve_delay_minutes=resolve_delay_minutes)


def _create_game(db: Session, *, ruleset_id: str, title: str, factions: list[Faction], gm_user_id: int,
                 options: dict[str, Any] | None, mode: str, setup_document: dict[str, Any] | None,
                 resolve_delay_minutes: int | None = None) -> GameOut:
    ruleset = ruleset_by_id(ruleset_id)
    load_user(db, gm_user_id)
    title = (title or "").strip()
    if not title or len(title) > MAX_TITLE:
        raise Invalid(f"Название игры: от 1 до {MAX_TITLE} знаков.", code="bad_title")
    require_storable(title, "Название игры")
    require_document(options or {}, "Параметры игры")
    if setup_document is not None:
        require_document(setup_document, "Документ настройки")
    if mode not in (GameMode.AUTO.value, GameMode.REVIEW.value):
        raise Invalid("Режим игры: «auto» (сразу публиковать) или «review» (после проверки мастером).",
                      code="bad_mode")
    factions = _check_factions(ruleset, factions)
    delay = resolve_delay.default_delay(len(factions)) if resolve_delay_minutes is None else resolve_delay_minutes
    if not 0 <= delay <= resolve_delay.MAX_RESOLVE_DELAY_MINUTES:
        raise Invalid(f"Задержка расчёта — от 0 до {resolve_delay.MAX_RESOLVE_DELAY_MINUTES} минут.",
                      code="bad_resolve_delay")
    try:
        opts = ruleset.Options.model_validate(options or {})
    except ValidationError as exc:
        raise Invalid("Неверные параметры игры: " + "; ".join(describe_errors(ruleset, exc)) + ".",
                      code="bad_options") from exc
    seed: str | None = None
    secret, secret_commitment = new_game_secret(ruleset)  # shuffles: only its SHA-256 is public
    if setup_document is not None:
        try:
            state = ruleset.import_setup(setup_document)
        except SETUP_ERRORS as exc:
            raise Invalid(f"Документ настройки не подходит к «{ruleset.title}»: {_setup_detail(exc)}",
                          code="bad_setup_document") from exc
    else:
        seed = new_seed()
        try:
            state = setup_game(ruleset, opts, factions, seed, step_secret(secret, 0) if secret else None)
        except SETUP_ERRORS as exc:  # the ruleset refuses these sides: three in a duel, a reserved code…
            raise Invalid(f"Игру «{ruleset.title}» с такими сторонами не начать: {_setup_detail(exc)}.",
                          code="bad_setup") from exc
    game = Game(
        ruleset_id=ruleset.id, title=title, options=opts.model_dump(mode="json"),
        factions=[f.model_dump(mode="json") for f in factions], mode=mode, status=GameStatus.ACTIVE.value,
        gm_user_id=gm_user_id, setup_seed=seed, setup_document=setup_document,
        initial_state=dump(state), state=dump(state), created_at=now(), updated_at=now(),
        secret_seed=secret, secret_commitment=secret_commitment,
    )
    note_reveal(game, ruleset, state)
    db.add(game)
    db.flush()
    for i, f in enumerate(factions):
        db.add(Seat(game_id=game.id, position=i, faction_id=f.id, faction_name=f.name))
    db.add(GameSchedule(game_id=game.id, paused=False, grace_minutes=0, reminder_minutes=360,
                        resolve_delay_minutes=delay, updated_at=now()))
    _resolve.open_step(db, game, ruleset, state, 1)
    db.flush()
    return game_out(db, game)


def get_game(db: Session, game_id: int) -> GameOut:
    return game_out(db, load_game(db, game_id))


def list_games(db: Session) -> list[GameOut]:
    """Every game, newest first."""
    games = db.scalars(select(Game).order_by(Game.id.desc())).unique().all()
    return [game_out(db, g) for g in games]


def game_page(db: Session, game_id: int, viewer_user_id: int | None = None,
              viewer_as: tuple[ViewerOut, Viewer] | None = None) -> GamePage:
    """Everything the game page shows, as this viewer may see it: ``viewer_user_id``'s view
    (`viewer_of`), or the given ``viewer_as`` (the rendered pages' cache renders for the viewer its
    key names)."""
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    viewer_out, viewer = viewer_as if viewer_as is not None else viewer_of(db, game, viewer_user_id)
    state = load_state(ruleset, game.state)
    step = active_step(db, game.id)
    turn = turn_of(step) if step else None
    can_post: list[str] = []
    if step is not None and step.status == StepStatus.OPEN.value and turn is not None:
        can_post = [f for f in turn.factions if f in viewer_out.factions]
    own = own_posts(db, step, can_post) if step is not None and can_post else []
    recent_steps = db.scalars(
        select(Step).where(Step.game_id == game.id, Step.status == StepStatus.PUBLISHED.value)
        .order_by(Step.number.desc()).limit(5).options(defer(Step.state_before))
    ).all()
    show_tokens = viewer_out.role.value == "gm"
    return GamePage(
        game=game_out(db, game),
        turn=turn,
        step=step_header(db, game, step) if step else None,
        seats=[seat_out(s, show_token=show_tokens) for s in seats(db, game.id)],
        viewer=viewer_out,
        can_post=can_post,
        own_posts=own,
        resolve_delay_minutes=resolve_delay.schedule_delay(db, game.id),
        view=ruleset.view(state, viewer),
        svg=ruleset.draw(state, viewer),
        summary=[tuple(p) for p in ruleset.summary(state, viewer)],
        roster=ruleset.roster(state, viewer.faction) if viewer.role is ViewerRole.PLAYER and viewer.faction else [],
        result=Result.model_validate(game.result) if game.result else None,
        recent=step_headers(db, game, recent_steps),
    )


def own_posts(db: Session, step: Step, factions: list[str]) -> list[OwnPostOut]:
    """The latest revision of each of these factions in the step (the viewer's own seats)."""
    ids = [item.post_id for item in latest_posts(db, step.id, factions).values() if item.post_id is not None]
    rows = db.scalars(select(Post).where(Post.id.in_(ids))).unique().all() if ids else []
    by_faction = {p.faction_id: p for p in rows}
    return [OwnPostOut(post_id=p.id, faction=p.faction_id, revision=p.revision, text=p.text, sha256=p.sha256,
                       created_at=p.created_at, counts=p.counts, withdrawn_at=p.withdrawn_at, annulled=p.annulled)
            for f in factions if (p := by_faction.get(f)) is not None]


def list_seats(db: Session, game_id: int, viewer_user_id: int | None = None) -> list[SeatOut]:
    """Seats in faction order; invite tokens only for the GM."""
    game = load_game(db, game_id)
    show = is_gm(db, game, viewer_user_id)
    return [seat_out(s, show_token=show) for s in seats(db, game_id)]


@transactional
def invite_link_token(db: Session, *, game_id: int, faction: str, by_user_id: int) -> str:
    """A fresh invite token for a seat (the GM's link ``/join/{token}``); the old one stops working."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, by_user_id)
    seat = next((s for s in seats(db, game_id) if s.faction_id == faction), None)
    if seat is None:
        raise NotFound(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    seat.invite_token = secrets.token_urlsafe(18)
    return seat.invite_token


@transactional
def join_by_invite(db: Session, *, token: str, user_id: int) -> SeatOut:
    """Take the seat the token names; Conflict if someone else holds it already."""
    load_user(db, user_id)
    seat = db.scalars(select(Seat).where(Seat.invite_token == (token or "").strip())).unique().one_or_none()
    if seat is None:
        raise NotFound("Приглашение не найдено или уже заменено новым. Попросите у мастера свежую ссылку.",
                       code="invite_not_found")
    game = load_game(db, seat.game_id, lock=True)
    db.refresh(seat)
    if seat.user_id is not None and seat.user_id != user_id:
        raise Conflict(f"Место фракции «{seat.faction_name}» уже занято.", code="seat_taken")
    if game.status == GameStatus.OVER.value:
        raise Conflict("Игра уже окончена.", code="game_over")
    seat.user_id = user_id
    seat.joined_at = now()
    db.flush()
    db.refresh(seat)
    return seat_out(seat)


def seats_of(db: Session, *, game_id: int, user_id: int) -> list[SeatOut]:
    return [seat_out(s) for s in seats(db, game_id) if s.user_id == user_id]


def seat_of(db: Session, *, game_id: int, user_id: int) -> SeatOut | None:
    """The (first) seat this user holds in the game, if any."""
    held = seats_of(db, game_id=game_id, user_id=user_id)
    return held[0] if held else None
