"""The chronicle: each step as a viewer may see it.

Until a step is published its posts are visible to their own faction and the GM only (orders of a
simultaneous step are secret), its draft resolution to the GM only, and its seed to no one.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import AuditEntry, Game, Post, Resolution, Step, User
from letopis.engine.contract import Ruleset, TurnInfo, Viewer
from letopis.engine.events import Event, Roll

from ._common import (
    SYSTEM_NAME,
    counted_posts,
    current_resolution,
    faction_names,
    get_step,
    listed,
    load_game,
    load_state,
    reading_out,
    ruleset_by_id,
    step_posts,
    turn_of,
    viewer_of,
)
from ._resolve import overrides_from_json
from .errors import NotFound
from .schemas import AuditOut, PostOut, ResolutionOut, Role, StepChronicle, StepHeader, StepStatus, ViewerOut

ACTION_TITLES = {
    "import_game": "игра импортирована",
    "publish": "публикация шага",
    "annul_post": "пост аннулирован",
    "override_roll": "бросок задан мастером",
    "apply_default": "приказы по умолчанию",
    "set_deadline": "срок хода",
    "pause": "игра на паузе",
    "resume": "пауза снята",
    "extend_deadline": "срок продлён",
    "set_schedule": "отсрочка и напоминания",
}


def step_header(db: Session, game: Game, step: Step) -> StepHeader:
    turn = turn_of(step)
    posted = counted_posts(step_posts(db, step))
    published = step.status == StepStatus.PUBLISHED.value
    headlines: list[str] = []
    if published:
        res = current_resolution(db, step)
        if res is not None:
            headlines = [e["text"] for e in res.events if e.get("public", True)]
    return StepHeader(
        number=step.number, status=StepStatus(step.status), turn=turn, commitment=step.commitment,
        seed=step.seed if published else None, deadline=step.deadline, opened_at=step.opened_at,
        published_at=step.published_at, posted=[f for f in turn.factions if f in posted],
        waiting_for=[f for f in turn.factions if f not in posted] if step.status == StepStatus.OPEN.value else [],
        headlines=headlines,
    )


def list_steps(db: Session, game_id: int) -> list[StepHeader]:
    """Every step of the game, oldest first."""
    game = load_game(db, game_id)
    steps = db.scalars(select(Step).where(Step.game_id == game_id, listed()).order_by(Step.number)).all()
    return [step_header(db, game, s) for s in steps]


def audit_out(entry: AuditEntry) -> AuditOut:
    return AuditOut(
        id=entry.id, created_at=entry.created_at, actor_id=entry.actor_id,
        actor_name=entry.actor.display_name if entry.actor else SYSTEM_NAME, action=entry.action,
        action_title=ACTION_TITLES.get(entry.action, entry.action), step_number=entry.step_number,
        reason=entry.reason, data=entry.data or {},
    )


def _visible_event(event: Event, viewer: ViewerOut) -> bool:
    return event.public or viewer.role is Role.GM or (event.faction is not None and event.faction in viewer.factions)


def _roll_visible(roll: Roll, events: list[Event]) -> bool:
    return any(roll.index == r.index for e in events for r in e.rolls)


def resolution_out(db: Session, res: Resolution) -> ResolutionOut:
    creator = db.get(User, res.created_by) if res.created_by else None
    return ResolutionOut(
        id=res.id, events=[Event.model_validate(e) for e in res.events],
        rolls=[Roll.model_validate(r) for r in res.rolls], overrides=overrides_from_json(res.overrides),
        defaults=[s["faction"] for s in res.submissions if s.get("default")], superseded=res.superseded,
        created_at=res.created_at, created_by=creator.display_name if creator else SYSTEM_NAME,
    )


def _post_out(post: Post, counted: bool, names: dict[str, str], number: int) -> PostOut:
    return PostOut(
        id=post.id, step_number=number, faction=post.faction_id, faction_name=names.get(post.faction_id, post.faction_id),
        revision=post.revision, text=post.text, sha256=post.sha256, author_id=post.author_id,
        author_name=post.author.display_name if post.author else None, created_at=post.created_at,
        annulled=post.annulled, annul_reason=post.annul_reason, counted=counted, reading=reading_out(post.reading),
    )


def _draw(ruleset: Ruleset, state_json: dict, viewer: Viewer) -> tuple[str | None, list[tuple[str, str]]]:
    state = load_state(ruleset, state_json)
    return ruleset.draw(state, viewer), [tuple(p) for p in ruleset.summary(state, viewer)]


def step_chronicle(db: Session, *, game_id: int, step_number: int, viewer_user_id: int | None = None) -> StepChronicle:
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    step = get_step(db, game_id, step_number)
    viewer_out, viewer = viewer_of(db, game, viewer_user_id)
    gm = viewer_out.role is Role.GM
    if step.number < 1 and not gm:  # set aside by a stopped roll-back: the GM desk's only
        raise NotFound(f"В игре №{game_id} нет шага {step_number}.", code="step_not_found")
    published = step.status == StepStatus.PUBLISHED.value
    names = faction_names(game)
    turn: TurnInfo = turn_of(step)

    posts = step_posts(db, step)
    counted = {p.id for p in counted_posts(posts).values()}
    position = {f["id"]: i for i, f in enumerate(game.factions)}
    visible_posts = [p for p in posts if published or gm or p.faction_id in viewer_out.factions]
    visible_posts.sort(key=lambda p: (position.get(p.faction_id, 99), p.revision))

    res = current_resolution(db, step)
    show_resolution = res is not None and (published or gm)
    events: list[Event] = []
    rolls: list[Roll] = []
    resolution = None
    svg_after, summary_after = None, []
    if show_resolution and res is not None:
        resolution = resolution_out(db, res)
        events = [e for e in resolution.events if _visible_event(e, viewer_out)]
        rolls = resolution.rolls if gm else [r for r in resolution.rolls if _roll_visible(r, events)]
        svg_after, summary_after = _draw(ruleset, res.state_after, viewer)
    svg_before, summary_before = _draw(ruleset, step.state_before, viewer)

    notes = []
    if resolution is not None:
        for faction in resolution.defaults:
            default = f": {turn.default}" if turn.default else ""
            notes.append(f"Фракция «{names.get(faction, faction)}» не прислала пост к сроку — "
                         f"применён приказ по умолчанию{default}.")
        for index, (value, reason) in sorted(resolution.overrides.items()):
            notes.append(f"Мастер задал бросок №{index} равным {value}. Причина: {reason}")

    superseded = []
    if published or gm:
        old = db.scalars(select(Resolution).where(Resolution.step_id == step.id, Resolution.superseded.is_(True))
                         .order_by(Resolution.id)).all()
        superseded = [resolution_out(db, r) for r in old]
        if not gm:
            for r in superseded:
                r.events = [e for e in r.events if _visible_event(e, viewer_out)]
    gm_actions = db.scalars(select(AuditEntry).where(AuditEntry.game_id == game.id,
                                                     AuditEntry.step_number == step.number)
                            .order_by(AuditEntry.id)).unique().all()
    for entry in gm_actions:  # a roll-back's summary (steps redone, results changed) is public
        if entry.action == "rollback" and (entry.data or {}).get("text"):
            notes.append(entry.data["text"] + (f" Причина: {entry.reason}" if entry.reason else ""))
    numbers = db.scalars(select(Step.number).where(Step.game_id == game.id, listed())).all()
    return StepChronicle(
        game_id=game.id, game_title=game.title, ruleset_id=game.ruleset_id, number=step.number,
        status=StepStatus(step.status), turn=turn, commitment=step.commitment,
        seed=step.seed if published else None, deadline=step.deadline, opened_at=step.opened_at,
        published_at=step.published_at,
        posts=[_post_out(p, p.id in counted, names, step.number) for p in visible_posts],
        resolution=resolution, events=events, rolls=rolls,
        defaults=resolution.defaults if resolution else [], notes=notes,
        svg_before=svg_before, svg_after=svg_after, summary_before=summary_before, summary_after=summary_after,
        gm_actions=[audit_out(a) for a in gm_actions], superseded=superseded,
        prev_step=step.number - 1 if step.number - 1 in numbers else None,
        next_step=step.number + 1 if step.number + 1 in numbers else None,
    )
