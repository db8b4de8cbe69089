"""Resolving, publishing and opening steps; always called with the game row locked.

Everything random goes through `engine.resolve_step` with the step's committed seed (and, in a
game with hidden information, the step's secret seed derived from the game's one secret), so that
`verify` recomputes exactly what was published.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from letopis.db.models import Game, Post, Resolution, Snapshot, Step
from letopis.engine.contract import Ruleset, TurnInfo
from letopis.engine.dice import OverrideOutOfRange, commitment, new_seed
from letopis.engine.resolution import StepResult, Submission, resolve_step

from ._common import dump, load_state, now, ruleset_by_id, turn_of
from .errors import Conflict, Invalid
from .hidden import note_reveal, step_secret_seed
from .posted import counted_post_rows
from .schemas import GameMode, GameStatus, StepStatus
from .turn_length import step_deadline


def open_step(db: Session, game: Game, ruleset: Ruleset, state: BaseModel, number: int) -> Step | None:
    """Open step ``number`` from ``state`` with a fresh committed seed, or end the game."""
    turn = ruleset.turn(state)
    if turn.over:
        end_game(game, ruleset, state)
        return None
    seed = new_seed()
    opened = now()
    step = Step(game_id=game.id, number=number, turn=dump(turn), state_before=dump(state), seed=seed,
                commitment=commitment(seed), status=StepStatus.OPEN.value, opened_at=opened,
                deadline=step_deadline(db, game.id, turn, opened))
    db.add(step)
    db.flush()
    return step


def end_game(game: Game, ruleset: Ruleset, state: BaseModel) -> None:
    result = ruleset.result(state)
    game.status = GameStatus.OVER.value
    game.result = dump(result) if result is not None else {}


def overrides_from_json(data: dict[str, Any]) -> dict[int, tuple[int, str]]:
    return {int(k): (int(v[0]), str(v[1])) for k, v in (data or {}).items()}


def overrides_to_json(overrides: dict[int, tuple[int, str]]) -> dict[str, Any]:
    return {str(k): [v, reason] for k, (v, reason) in sorted(overrides.items())}


def collect_submissions(turn: TurnInfo, posts: dict[str, Post], defaults: set[str],
                        cause: dict[str, Any] | None = None) -> tuple[list[Submission], list[dict[str, Any]]]:
    """Submissions in the order TurnInfo lists the factions, and how storage records them (a
    default with its ``cause``: who applied it, why, and whether the deadline had passed)."""
    subs: list[Submission] = []
    record: list[dict[str, Any]] = []
    for faction in turn.factions:
        post = posts.get(faction)
        if post is not None:
            subs.append(Submission(faction, post.text))
            record.append({"faction": faction, "post_id": post.id, "default": False})
        elif faction in defaults:
            subs.append(Submission(faction, None))
            record.append({"faction": faction, "post_id": None, "default": True, **(cause or {})})
        else:
            raise Conflict(f"Фракция «{faction}» ещё не прислала пост.", code="incomplete_step")
    return subs, record


def submissions_from_record(db: Session, record: list[dict[str, Any]]) -> list[Submission]:
    subs = []
    for item in record:
        if item.get("default") or item.get("post_id") is None:
            subs.append(Submission(item["faction"], None))
        else:
            post = db.get(Post, item["post_id"])
            assert post is not None
            subs.append(Submission(item["faction"], post.text))
    return subs


def run(ruleset: Ruleset, state: BaseModel, subs: list[Submission], seed: str,
        overrides: dict[int, tuple[int, str]], secret_seed: str | None = None) -> StepResult:
    try:
        result = resolve_step(ruleset, state, subs, seed, overrides, secret_seed)
    except OverrideOutOfRange as exc:
        raise Invalid(str(exc), code="override_out_of_range") from exc
    if not result.ok:
        problems = [p for reading in result.refused.values() for p in reading.problems]
        who = ", ".join(f"«{f}»" for f in result.refused)
        raise Invalid(
            f"Пост фракции {who} не читается против состояния на момент решения; шаг не решён.",
            code="refused_at_resolution", problems=problems,
        )
    return result


def store_resolution(db: Session, step: Step, result: StepResult, record: list[dict[str, Any]],
                     overrides: dict[int, tuple[int, str]], actor_id: int | None) -> Resolution:
    res = Resolution(
        step_id=step.id, submissions=record, events=[dump(e) for e in result.events],
        rolls=[dump(r) for r in result.rolls], overrides=overrides_to_json(overrides),
        state_after=dump(result.state), secret_rolls=[dump(r) for r in result.secret_rolls],
        created_by=actor_id, created_at=now(),
    )
    db.add(res)
    db.flush()
    return res


def _compute(db: Session, game: Game, step: Step, defaults: set[str],
             cause: dict[str, Any] | None = None) -> tuple[StepResult, list[dict[str, Any]]]:
    ruleset = ruleset_by_id(game.ruleset_id)
    turn = turn_of(step)
    posts = counted_post_rows(db, step.id, turn.factions)
    subs, record = collect_submissions(turn, posts, defaults, cause)
    state = load_state(ruleset, step.state_before)
    return run(ruleset, state, subs, step.seed, {}, step_secret_seed(game, step.number)), record


def trial_resolution(db: Session, game: Game, step: Step) -> None:
    """Resolve a complete step without storing anything: Invalid if its posts will not resolve
    (a post may not read against the state an earlier faction's orders leave). A step held open by
    the resolution delay is tried when it completes, so the post that would break it is refused
    then, as it would be without a delay."""
    _compute(db, game, step, set())


def resolve_open_step(db: Session, game: Game, step: Step, *, actor_id: int | None,
                      defaults: set[str] | None = None, cause: dict[str, Any] | None = None) -> Resolution:
    """Resolve a complete open step; publish it at once in auto mode, else leave a draft."""
    result, record = _compute(db, game, step, defaults or set(), cause)
    res = store_resolution(db, step, result, record, {}, actor_id)
    step.status = StepStatus.DRAFT.value
    step.resolve_at = None
    if game.mode == GameMode.AUTO.value:
        publish(db, game, step, res)
    return res


def publish(db: Session, game: Game, step: Step, res: Resolution) -> Step | None:
    """Reveal the seed, snapshot the state, open the next step (or end the game)."""
    ruleset = ruleset_by_id(game.ruleset_id)
    step.status = StepStatus.PUBLISHED.value
    step.published_at = now()
    db.add(Snapshot(game_id=game.id, step_id=step.id, resolution_id=res.id, state=res.state_after,
                    created_at=now()))
    game.state = res.state_after
    game.updated_at = now()
    state = load_state(ruleset, res.state_after)
    note_reveal(game, ruleset, state)
    return open_step(db, game, ruleset, state, step.number + 1)


def reopen_clock(db: Session, step: Step, turn: TurnInfo) -> None:
    """A step that starts again from a changed state (a roll-back, a corrected roll) opens now and
    gets a fresh deadline from its turn or the game's turn length; without either it keeps the one
    the GM set."""
    step.turn = dump(turn)
    step.opened_at = now()
    step.deadline = step_deadline(db, step.game_id, turn, step.opened_at) or step.deadline


def supersede(res: Resolution) -> None:
    res.superseded = True
    res.superseded_at = now()


def reresolve(db: Session, game: Game, step: Step, old: Resolution,
              overrides: dict[int, tuple[int, str]], actor_id: int) -> Resolution:
    """Recompute a resolved step with new overrides; the old resolution is kept as superseded."""
    ruleset = ruleset_by_id(game.ruleset_id)
    subs = submissions_from_record(db, old.submissions)
    result = run(ruleset, load_state(ruleset, step.state_before), subs, step.seed, overrides,
                 step_secret_seed(game, step.number))
    supersede(old)
    db.flush()
    res = store_resolution(db, step, result, old.submissions, overrides, actor_id)
    if step.status == StepStatus.PUBLISHED.value:
        correct_published(db, game, step, res, ruleset)
    return res


def correct_published(db: Session, game: Game, step: Step, res: Resolution, ruleset: Ruleset) -> None:
    """After a correction of the latest published step: new snapshot, and the next step re-opened."""
    db.add(Snapshot(game_id=game.id, step_id=step.id, resolution_id=res.id, state=res.state_after,
                    created_at=now()))
    game.state = res.state_after
    game.updated_at = now()
    state = load_state(ruleset, res.state_after)
    note_reveal(game, ruleset, state)
    turn = ruleset.turn(state)
    nxt = db.scalars(select(Step).where(Step.game_id == game.id, Step.number == step.number + 1)).one_or_none()
    if turn.over:
        if nxt is not None:  # it has no posts (checked by the caller), so nothing is lost
            db.execute(delete(Step).where(Step.id == nxt.id))
        end_game(game, ruleset, state)
        return
    game.status, game.result = GameStatus.ACTIVE.value, None
    if nxt is None:
        open_step(db, game, ruleset, state, step.number + 1)
    else:  # keep its committed seed: nobody has seen it, and nothing was posted
        reopen_clock(db, nxt, turn)
        nxt.state_before = dump(state)
