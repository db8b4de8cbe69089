"""The chronicle: each step as a viewer may see it.

Until a step is published its posts are visible to their own faction and the GM only (orders of a
simultaneous step are secret), its draft resolution to the GM only, and its seed to no one. Events
are those meant for the viewer; in a game with unrevealed secrets (`hidden.Sight`) other factions'
readings, earlier revisions, private steps' posts and secret rolls stay hidden too.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session, defer

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
    ruleset_by_id,
    step_posts,
    turn_of,
    viewer_of,
)
from ._resolve import overrides_from_json
from .default_notes import default_notes, unstop
from .errors import NotFound
from .hidden import Sight, is_revealed, step_secret_seed
from .posted import latest_by_steps
from .schemas import (
    AuditOut,
    PostOut,
    ResolutionOut,
    Role,
    StepChronicle,
    StepHeader,
    StepLink,
    StepStatus,
    ViewerOut,
)

ACTION_TITLES = {
    "import_game": "игра импортирована",
    "publish": "публикация шага",
    "annul_post": "пост аннулирован",
    "override_roll": "бросок задан мастером",
    "apply_default": "приказы по умолчанию",
    "resolve_now": "шаг рассчитан досрочно",
    "set_deadline": "срок хода",
    "pause": "игра на паузе",
    "resume": "пауза снята",
    "extend_deadline": "срок продлён",
    "set_schedule": "настройки сроков",
    "set_turn_length": "срок хода для новых шагов",
}


def step_header(db: Session, game: Game, step: Step) -> StepHeader:
    return step_headers(db, game, [step])[0]


def step_headers(db: Session, game: Game, steps: Sequence[Step]) -> list[StepHeader]:
    """Headers of many steps in two queries whatever their number and their posts' revisions: the
    latest revision of each expected faction's post per step (`posted.latest_by_steps`: whether it
    counts), and the events of each published step's current resolution."""
    ids = [s.id for s in steps]
    posted_by_step = {step_id: {f for f, item in latest.items() if item.counts}
                      for step_id, latest in latest_by_steps(db, ids).items()}
    published_ids = [s.id for s in steps if s.status == StepStatus.PUBLISHED.value]
    events_by_step: dict[int, list] = {}
    if published_ids:
        current = db.execute(select(Resolution.step_id, Resolution.events).where(
            Resolution.id.in_(current_resolution_ids(published_ids))))
        events_by_step = {step_id: events for step_id, events in current}
    out = []
    for step in steps:
        turn = turn_of(step)
        posted = posted_by_step.get(step.id, set())
        published = step.status == StepStatus.PUBLISHED.value
        headlines = [e["text"] for e in events_by_step.get(step.id, ()) if e.get("public", True)]
        out.append(StepHeader(
            number=step.number, status=StepStatus(step.status), turn=turn, commitment=step.commitment,
            seed=step.seed if published else None, deadline=step.deadline, opened_at=step.opened_at,
            published_at=step.published_at, posted=[f for f in turn.factions if f in posted],
            waiting_for=([f for f in turn.factions if f not in posted]
                         if step.status == StepStatus.OPEN.value else []),
            resolve_at=step.resolve_at if step.status == StepStatus.OPEN.value else None,
            headlines=headlines,
        ))
    return out


def current_resolution_ids(step_ids: Sequence[int]):
    """A subquery: the id of each step's current resolution (its newest not superseded)."""
    return (select(func.max(Resolution.id)).where(Resolution.step_id.in_(step_ids), Resolution.superseded.is_(False))
            .group_by(Resolution.step_id).scalar_subquery())


def list_steps(db: Session, game_id: int) -> list[StepHeader]:
    """Every step of the game, oldest first (their states are not loaded: a header does not show them)."""
    game = load_game(db, game_id)
    steps = db.scalars(select(Step).where(Step.game_id == game_id, listed()).order_by(Step.number)
                       .options(defer(Step.state_before))).all()
    return step_headers(db, game, steps)


def latest_published(db: Session, game_id: int, limit: int) -> list[StepHeader]:
    """The game's latest ``limit`` published steps, newest first (a feed)."""
    game = load_game(db, game_id)
    steps = db.scalars(select(Step).where(Step.game_id == game_id, listed(), Step.status == StepStatus.PUBLISHED.value,
                                          Step.published_at.is_not(None))
                       .order_by(Step.number.desc()).limit(limit).options(defer(Step.state_before))).all()
    return step_headers(db, game, steps)


def step_links(db: Session, game_id: int, limit: int) -> tuple[list[StepLink], int]:
    """The latest ``limit`` steps of the game as links (number, status, title), oldest first, and
    how many earlier steps are left out (the game page lists these; the archive pages them all)."""
    title = Step.turn["title"].astext
    rows = db.execute(select(Step.number, Step.status, title).where(Step.game_id == game_id, listed())
                      .order_by(Step.number.desc()).limit(limit + 1)).all()
    shown = rows[:limit]
    earlier = shown[-1][0] - 1 if len(rows) > limit else 0  # listed steps are numbered 1, 2, … with no gaps
    return [StepLink(number=n, status=StepStatus(st), title=t or "") for n, st, t in reversed(shown)], earlier


def audit_out(entry: AuditEntry, sight: Sight | None = None) -> AuditOut:
    """An audit entry; with a `Sight`, its data as that viewer may see it (no card names)."""
    data = entry.data or {}
    return AuditOut(
        id=entry.id, created_at=entry.created_at, actor_id=entry.actor_id,
        actor_name=entry.actor.display_name if entry.actor else SYSTEM_NAME, action=entry.action,
        action_title=ACTION_TITLES.get(entry.action, entry.action), step_number=entry.step_number,
        reason=entry.reason, data=sight.audit_data(entry.action, data) if sight is not None else data,
    )


def resolution_out(db: Session, res: Resolution, sight: Sight | None = None) -> ResolutionOut:
    """A resolution; with a `Sight`, only the events, rolls and secret rolls that viewer may see."""
    creator = db.get(User, res.created_by) if res.created_by else None
    events = [Event.model_validate(e) for e in res.events]
    rolls = [Roll.model_validate(r) for r in res.rolls]
    secret_rolls = [Roll.model_validate(r) for r in res.secret_rolls or []]
    if sight is not None:
        events = sight.events(events)
        rolls, secret_rolls = sight.rolls(rolls, events), sight.secret_rolls(secret_rolls)
    return ResolutionOut(
        id=res.id, events=events, rolls=rolls, secret_rolls=secret_rolls, overrides=overrides_from_json(res.overrides),
        defaults=[s["faction"] for s in res.submissions if s.get("default")], superseded=res.superseded,
        created_at=res.created_at, created_by=creator.display_name if creator else SYSTEM_NAME,
    )


def _post_out(post: Post, counted: bool, names: dict[str, str], number: int, sight: Sight) -> PostOut:
    return PostOut(
        id=post.id, step_number=number, faction=post.faction_id, faction_name=names.get(post.faction_id, post.faction_id),
        revision=post.revision, text=post.text, sha256=post.sha256, author_id=post.author_id,
        author_name=post.author.display_name if post.author else None, created_at=post.created_at,
        annulled=post.annulled, annul_reason=post.annul_reason, withdrawn_at=post.withdrawn_at, counted=counted,
        reading=sight.reading(post.faction_id, post.reading),
    )


def _draw(ruleset: Ruleset, state_json: dict, viewer: Viewer) -> tuple[str | None, list[tuple[str, str]]]:
    state = load_state(ruleset, state_json)
    return ruleset.draw(state, viewer), [tuple(p) for p in ruleset.summary(state, viewer)]


def reader_zone(db: Session, user_id: int | None) -> str | None:
    """The time zone a viewer reads times in (None for a visitor: the default)."""
    user = db.get(User, user_id) if user_id is not None else None
    return user.time_zone if user is not None else None


def step_chronicle(db: Session, *, game_id: int, step_number: int, viewer_user_id: int | None = None,
                   viewer_as: tuple[ViewerOut, Viewer] | None = None) -> StepChronicle:
    """A step as one viewer may see it: ``viewer_user_id``'s view (`viewer_of`), or the given
    ``viewer_as`` (the rendered pages' cache renders for the viewer its key names)."""
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    step = get_step(db, game_id, step_number)
    viewer_out, viewer = viewer_as if viewer_as is not None else viewer_of(db, game, viewer_user_id)
    gm = viewer_out.role is Role.GM
    if step.number < 1 and not gm:  # set aside by a stopped roll-back: the GM desk's only
        raise NotFound(f"В игре №{game_id} нет шага {step_number}.", code="step_not_found")
    published = step.status == StepStatus.PUBLISHED.value
    names = faction_names(game)
    turn: TurnInfo = turn_of(step)
    sight = Sight.of(viewer_out, game, ruleset)

    posts = step_posts(db, step)
    counted = {p.id for p in counted_posts(posts).values()}
    position = {f["id"]: i for i, f in enumerate(game.factions)}
    visible_posts = [p for p in posts if sight.sees_post(p.faction_id, published=published, counted=p.id in counted,
                                                         private_step=turn.private)]
    visible_posts.sort(key=lambda p: (position.get(p.faction_id, 99), p.revision))

    res = current_resolution(db, step)
    show_resolution = res is not None and (published or gm)
    events: list[Event] = []
    rolls: list[Roll] = []
    secret_rolls: list[Roll] = []
    resolution = None
    svg_after, summary_after = None, []
    if show_resolution and res is not None:
        resolution = resolution_out(db, res, sight)
        events, rolls, secret_rolls = resolution.events, resolution.rolls, resolution.secret_rolls
        svg_after, summary_after = _draw(ruleset, res.state_after, viewer)
    svg_before, summary_before = _draw(ruleset, step.state_before, viewer)

    notes = []
    if resolution is not None and res is not None:
        notes.extend(default_notes(res.submissions, turn, names, reader_zone(db, viewer_out.user_id)))
        for index, (value, reason) in sorted(resolution.overrides.items()):
            notes.append(f"Мастер задал бросок №{index} равным {value}. Причина: {reason}")

    superseded = []
    if published or gm:
        old = db.scalars(select(Resolution).where(Resolution.step_id == step.id, Resolution.superseded.is_(True))
                         .order_by(Resolution.id)).all()
        superseded = [resolution_out(db, r, sight) for r in old]
    gm_actions = db.scalars(select(AuditEntry).where(AuditEntry.game_id == game.id,
                                                     AuditEntry.step_number == step.number)
                            .order_by(AuditEntry.id)).unique().all()
    for entry in gm_actions:  # a roll-back's or a reopening's summary (steps redone, results changed) is public
        if entry.action in ("rollback", "reopen_step") and (entry.data or {}).get("text"):
            notes.append(entry.data["text"] + (f" Причина: «{unstop(entry.reason)}»." if entry.reason else ""))
    numbers = set(db.scalars(select(Step.number).where(Step.game_id == game.id, listed(),
                                                       Step.number.in_((step.number - 1, step.number + 1)))))
    return StepChronicle(
        game_id=game.id, game_title=game.title, ruleset_id=game.ruleset_id, number=step.number,
        status=StepStatus(step.status), turn=turn, commitment=step.commitment,
        seed=step.seed if published else None, deadline=step.deadline, opened_at=step.opened_at,
        published_at=step.published_at,
        posts=[_post_out(p, p.id in counted, names, step.number, sight) for p in visible_posts],
        resolution=resolution, events=events, rolls=rolls, secret_rolls=secret_rolls,
        secret_seed=step_secret_seed(game, step.number) if published and is_revealed(game) else None,
        defaults=resolution.defaults if resolution else [], notes=notes,
        svg_before=svg_before, svg_after=svg_after, summary_before=summary_before, summary_after=summary_after,
        gm_actions=[audit_out(a, sight) for a in gm_actions], superseded=superseded,
        prev_step=step.number - 1 if step.number - 1 in numbers else None,
        next_step=step.number + 1 if step.number + 1 in numbers else None,
    )
