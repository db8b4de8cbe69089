"""The spectators' archive: every game and step (paged), any past state, charts, rounds, the site feed.

Spectators see what the public sees: only published steps count, states are drawn for the public
viewer, and charts come from the ruleset's `metrics` over the stored states (the first step's
state before it, then each published step's current resolution). Nothing here changes the database.
"""

from __future__ import annotations

import math
from datetime import datetime
from itertools import takewhile
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import Game, Resolution, Step
from letopis.engine.cache import ByteBudgetCache
from letopis.engine.contract import PUBLIC

from ._common import current_resolution, game_out, get_step, listed, load_game, load_state, now, ruleset_by_id
from .chronicle import current_resolution_ids, step_chronicle, step_header
from .errors import Invalid, NotFound
from .schemas import GameOut, StepChronicle, StepHeader, StepStatus

PER_PAGE = 20
MAX_PER_PAGE = 100
SITE_FEED_SIZE = 50
PUBLISHED = StepStatus.PUBLISHED.value

# chart geometry (SVG user units): the picture scales to the page width, so it reads on a phone
CHART_W, CHART_H = 320, 150
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 34, 8, 8, 20
COLOURS = ("#b03a2e", "#1f618d", "#1e8449", "#7d3c98", "#b9770e", "#17202a", "#ca6f1e", "#148f77")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3")

When = Literal["before", "after"]


class PageInfo(BaseModel):
    page: int
    pages: int
    total: int
    per_page: int


class GamesPage(PageInfo):
    games: list[GameOut]


class StepsPage(PageInfo):
    game: GameOut
    steps: list[StepHeader]


class PastState(BaseModel):
    """A game as it stood before or after one step, as the public sees it."""

    game_id: int
    game_title: str
    number: int
    when: When
    title: str  # the step's title (from its turn)
    svg: str | None = None
    summary: list[tuple[str, str]] = Field(default_factory=list)
    metrics: dict[str, dict[str, float]] = Field(default_factory=dict)
    faction_names: dict[str, str] = Field(default_factory=dict)
    published: bool = False  # the state after this step exists (its page may link to it)
    prev_step: int | None = None  # the neighbours whose state is there to see in the same view
    next_step: int | None = None


class SeriesPoint(BaseModel):
    step: int  # 0 is the start of the game (the state before step 1)
    values: dict[str, dict[str, float]]  # faction → label → value


class ChartLine(BaseModel):
    faction: str
    name: str
    colour: str
    dash: str
    points: str  # SVG polyline points
    last: float


class Chart(BaseModel):
    """One label (a resource or a force) over the steps: a line per faction, scaled to the box."""

    label: str
    width: int = CHART_W
    height: int = CHART_H
    lines: list[ChartLine]
    y_max: float
    y_ticks: list[tuple[float, str]]  # (y in SVG units, text)
    x_ticks: list[tuple[float, str]]
    box: tuple[float, float, float, float]  # left, top, right, bottom of the plot area


class Round(BaseModel):
    """Consecutive published steps with the same round number in their state (a Dungeon Keeper
    round, a Dice Roll Party circle); a ruleset without rounds makes each step its own round."""

    game_id: int
    number: int | None  # the round number, if the ruleset keeps one
    steps: list[StepChronicle]


def _page_info(total: int, page: int, per_page: int) -> tuple[int, int, int]:
    if page < 1:
        raise Invalid("Номер страницы начинается с 1.", code="bad_page")
    per_page = max(1, min(per_page, MAX_PER_PAGE))
    pages = max(1, math.ceil(total / per_page))
    return page, pages, per_page


def archive_games(db: Session, *, page: int = 1, per_page: int = PER_PAGE) -> GamesPage:
    """All games, newest first, a page at a time."""
    total = db.scalar(select(func.count(Game.id))) or 0
    page, pages, per_page = _page_info(total, page, per_page)
    games = db.scalars(select(Game).order_by(Game.id.desc()).offset((page - 1) * per_page).limit(per_page)).unique()
    return GamesPage(page=page, pages=pages, total=total, per_page=per_page,
                     games=[game_out(db, g) for g in games])


def archive_steps(db: Session, game_id: int, *, page: int = 1, per_page: int = PER_PAGE) -> StepsPage:
    """The game's steps, oldest first, a page at a time (the open step is listed, not shown)."""
    game = load_game(db, game_id)
    total = db.scalar(select(func.count(Step.id)).where(Step.game_id == game_id, listed())) or 0
    page, pages, per_page = _page_info(total, page, per_page)
    steps = db.scalars(select(Step).where(Step.game_id == game_id, listed()).order_by(Step.number)
                       .offset((page - 1) * per_page).limit(per_page)).all()
    return StepsPage(page=page, pages=pages, total=total, per_page=per_page, game=game_out(db, game),
                     steps=[step_header(db, game, s) for s in steps])


def public_state_json(db: Session, game: Game, step_number: int, when: When = "after") -> tuple[Step, dict]:
    """The stored state before or after a step, if the public may see it: the state after a step
    exists once it is published; the state before any step is public (it is the board its players
    saw)."""
    if when not in ("before", "after"):
        raise Invalid("Состояние бывает «до» или «после» шага.", code="bad_when")
    step = get_step(db, game.id, step_number)
    if step.number < 1:  # set aside by a stopped roll-back: not part of the public game
        raise NotFound(f"В игре №{game.id} нет шага {step_number}.", code="step_not_found")
    if when == "before":
        return step, step.state_before
    res = current_resolution(db, step) if step.status == PUBLISHED else None
    if res is None:
        raise NotFound(f"Шаг {step_number} ещё не опубликован: состояния после него нет.",
                       code="step_not_published")
    return step, res.state_after


def state_at(db: Session, *, game_id: int, step_number: int, when: When = "after") -> PastState:
    """The board, summary and metrics before or after a step, as the public sees them."""
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    step, data = public_state_json(db, game, step_number, when)
    state = load_state(ruleset, data)
    statuses = dict(db.execute(select(Step.number, Step.status).where(Step.game_id == game_id, listed())).all())
    # the state after a step exists once it is published, the state before it as soon as it opens
    shown = {n for n, status in statuses.items() if when == "before" or status == PUBLISHED}
    return PastState(
        game_id=game.id, game_title=game.title, number=step.number, when=when,
        title=step.turn.get("title", ""), svg=ruleset.draw(state, PUBLIC),
        summary=[tuple(p) for p in ruleset.summary(state, PUBLIC)], metrics=ruleset.metrics(state),
        faction_names={f["id"]: f["name"] for f in game.factions},
        published=statuses.get(step.number) == PUBLISHED,
        prev_step=step.number - 1 if step.number - 1 in shown else None,
        next_step=step.number + 1 if step.number + 1 in shown else None,
    )


# A published state's metrics never change: the state after a step is its resolution's (a GM's
# correction adds a new resolution, it does not rewrite one) and the state before a step is fixed
# while the step keeps its opening moment. So the chart of a long game reads each state once per
# process; later views fetch only the ids. A point is a few hundred bytes: 4 MB hold ~10,000 steps.
METRICS_BUDGET = 4 << 20
_metrics: ByteBudgetCache[tuple, dict[str, dict[str, float]]] = ByteBudgetCache(
    "service.metrics", METRICS_BUDGET, size=lambda values: 200 + 120 * sum(len(v) for v in values.values()))


def metric_series(db: Session, game_id: int) -> list[SeriesPoint]:
    """The ruleset's metrics at the start and after each published step, in step order."""
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    rows = db.execute(select(Step.id, Step.number, Step.status, Step.opened_at)
                      .where(Step.game_id == game_id, listed()).order_by(Step.number)).all()
    if not rows:
        return []
    published = list(takewhile(lambda r: r.status == PUBLISHED, rows))
    # a resolution is named by its id and its creation moment, so that a database emptied and
    # refilled under a running process (ids restart) never shows another game's chart
    current = {step_id: (res_id, created) for step_id, res_id, created in db.execute(
        select(Resolution.step_id, Resolution.id, Resolution.created_at).where(
            Resolution.id.in_(current_resolution_ids([r.id for r in published]))))} if published else {}
    first = rows[0]
    keys = [(0, (ruleset.id, "before", first.id, first.opened_at))]
    keys += [(r.number, (ruleset.id, "after", *current[r.id])) for r in published if r.id in current]
    missing = [key for _, key in keys if key not in _metrics]
    if missing:
        states: dict[tuple, dict] = {}
        before = [key for key in missing if key[1] == "before"]
        if before:
            states[before[0]] = db.scalar(select(Step.state_before).where(Step.id == first.id))
        after = {key[2]: key for key in missing if key[1] == "after"}
        for chunk in _chunks(list(after), 100):
            for res_id, state in db.execute(select(Resolution.id, Resolution.state_after)
                                            .where(Resolution.id.in_(chunk))):
                states[after[res_id]] = state
        for key, state in states.items():
            _metrics.put(key, ruleset.metrics(load_state(ruleset, state)))
    points = []
    for number, key in keys:
        values = _metrics.get(key)
        if values is None:  # too big to keep: computed again
            data = (db.scalar(select(Step.state_before).where(Step.id == first.id)) if key[1] == "before"
                    else db.scalar(select(Resolution.state_after).where(Resolution.id == key[2])))
            values = ruleset.metrics(load_state(ruleset, data))
        points.append(SeriesPoint(step=number, values=values))
    return points if any(p.values for p in points) else []


def _chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]


def _nice_max(value: float) -> float:
    """The axis top: 1, 2 or 5 times a power of ten, at least the largest value."""
    if value <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(value))
    for m in (1, 2, 5, 10):
        if m * power >= value:
            return float(m * power)
    return float(10 * power)


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}".replace(".", ",")


def charts(series: list[SeriesPoint], names: dict[str, str]) -> list[Chart]:
    """One chart per label, a line per faction, x by step, y from 0 to a round maximum."""
    if not series:
        return []
    labels: list[str] = []
    factions: list[str] = []
    for point in series:
        for faction, values in point.values.items():
            if faction not in factions:
                factions.append(faction)
            labels += [label for label in values if label not in labels]
    left, top = PAD_LEFT, PAD_TOP
    right, bottom = CHART_W - PAD_RIGHT, CHART_H - PAD_BOTTOM
    last_step = series[-1].step or 1

    def x_of(step: int) -> float:
        return round(left + (right - left) * step / last_step, 1)

    out = []
    for label in labels:
        top_value = _nice_max(max((p.values.get(f, {}).get(label, 0.0) for p in series for f in factions), default=0.0))

        def y_of(value: float, top_value: float = top_value) -> float:
            return round(bottom - (bottom - top) * value / top_value, 1)

        lines = []
        for i, faction in enumerate(factions):
            pts = [(p.step, p.values[faction][label]) for p in series if label in p.values.get(faction, {})]
            if not pts:
                continue
            lines.append(ChartLine(faction=faction, name=names.get(faction, faction), colour=COLOURS[i % len(COLOURS)],
                                   dash=DASHES[i % len(DASHES)], points=" ".join(f"{x_of(s)},{y_of(v)}" for s, v in pts),
                                   last=pts[-1][1]))
        x_steps = sorted({0, last_step, *(s for s in range(0, last_step + 1, max(1, math.ceil(last_step / 5))))})
        out.append(Chart(label=label, lines=lines, y_max=top_value,
                         y_ticks=[(y_of(v), _fmt(v)) for v in (0.0, top_value / 2, top_value)],
                         x_ticks=[(x_of(s), str(s)) for s in x_steps], box=(left, top, right, bottom)))
    return out


def game_charts(db: Session, game_id: int) -> list[Chart]:
    game = load_game(db, game_id)
    return charts(metric_series(db, game_id), {f["id"]: f["name"] for f in game.factions})


def _round_key(step: Step) -> int | None:
    value = step.state_before.get("round") if isinstance(step.state_before, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def round_of(db: Session, *, game_id: int, step_number: int) -> Round:
    """The published steps of the round that holds this step, each as the public chronicle."""
    step = get_step(db, game_id, step_number)
    if step.status != PUBLISHED:
        raise NotFound(f"Шаг {step_number} ещё не опубликован.", code="step_not_published")
    key = _round_key(step)
    numbers = [step.number]
    if key is not None:
        steps = db.scalars(select(Step).where(Step.game_id == game_id, Step.status == PUBLISHED)
                           .order_by(Step.number)).all()
        by_number = {s.number: s for s in steps}
        first = step.number
        while first - 1 in by_number and _round_key(by_number[first - 1]) == key:
            first -= 1
        last = step.number
        while last + 1 in by_number and _round_key(by_number[last + 1]) == key:
            last += 1
        numbers = list(range(first, last + 1))
    return Round(game_id=game_id, number=key,
                 steps=[step_chronicle(db, game_id=game_id, step_number=n) for n in numbers])


class FeedItem(BaseModel):
    game: GameOut
    step: StepHeader


def site_feed(db: Session, *, limit: int = SITE_FEED_SIZE) -> tuple[list[FeedItem], datetime]:
    """The latest published steps of every game, newest first, and when the site last changed."""
    rows = db.scalars(select(Step).where(Step.status == PUBLISHED, Step.published_at.is_not(None))
                      .order_by(Step.published_at.desc(), Step.id.desc()).limit(limit)).all()
    games: dict[int, tuple[Game, GameOut]] = {}
    items = []
    for step in rows:
        if step.game_id not in games:
            game = load_game(db, step.game_id)
            games[step.game_id] = (game, game_out(db, game))
        game, out = games[step.game_id]
        items.append(FeedItem(game=out, step=step_header(db, game, step)))
    updated = rows[0].published_at if rows else db.scalar(select(func.max(Game.created_at)))
    return items, updated or now()
