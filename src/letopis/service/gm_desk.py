"""The GM desk beyond publish/annul/override: roll back, edit a draft's outcome, correct the state,
take over a faction, reassign a seat, export a ruling.

Every action is written to the public audit log with who, what, why and when; those that change
the game also leave a public trace in the chronicle (superseded resolutions, a correction step, the
GM as a post's author). Rolling back and correcting keep `letopis verify` green: a correction is a
step of its own whose "post" is the GM's patch (faction `GM_CORRECTION`), replayed like any post.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field
from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import AuditEntry, Game, Post, Resolution, Snapshot, Step
from letopis.engine.contract import Ruleset, TurnInfo
from letopis.engine.dice import Dice, OverrideOutOfRange, commitment, new_seed
from letopis.engine.problems import Problem
from letopis.engine.resolution import GM_CORRECTION, Submission, correct_state, resolve_step

from . import _resolve
from ._common import (
    SYSTEM_NAME,
    active_step,
    audit,
    counted_posts,
    current_resolution,
    dump,
    faction_names,
    get_step,
    load_game,
    load_state,
    load_user,
    now,
    reading_json,
    require_gm,
    require_reason,
    ruleset_by_id,
    seat_for,
    step_posts,
    transactional,
    turn_of,
)
from .chronicle import ACTION_TITLES, step_header
from .errors import Conflict, Invalid
from .hidden import note_reveal, step_secret_seed
from .posts import _open_step_for, receipt
from .schemas import GameStatus, StepHeader, StepStatus

ACTION_TITLES.update({
    "rollback": "откат и пересчёт шагов",
    "edit_outcome": "итог черновика исправлен мастером",
    "correct_state": "правка состояния мастером",
    "take_over": "мастер пишет за фракцию",
    "reassign_seat": "место передано другому игроку",
    "reopen_step": "шаг пересчитан с исправленным постом",
})

RULING_FORMAT = "letopis-ruling/1"
CORRECTION_TURN = TurnInfo(phase="gm_correction", title="Поправка мастера", factions=[GM_CORRECTION],
                           prompt="Строки правки состояния.")


class RollbackOut(BaseModel):
    """What a roll-back did: the steps re-resolved, those whose result changed, where it stopped."""

    from_step: int
    redone: list[int] = Field(default_factory=list)
    changed: list[int] = Field(default_factory=list)
    stopped_at: int | None = None
    problems: list[Problem] = Field(default_factory=list)
    detached: list[int] = Field(default_factory=list)  # ids of later steps set aside (their posts kept)
    message: str = ""


# --- 1. roll back ---------------------------------------------------------------------------------
def _published_from(db: Session, game_id: int, number: int) -> list[Step]:
    return list(db.scalars(select(Step).where(Step.game_id == game_id, Step.number >= number,
                                              Step.status == StepStatus.PUBLISHED.value)
                           .order_by(Step.number)).all())


def _is_correction(record: list[dict[str, Any]]) -> bool:
    return any(item.get("faction") == GM_CORRECTION for item in record)


def _reread(db: Session, game: Game, ruleset: Ruleset, state: BaseModel, step: Step, record: list[dict[str, Any]],
            overrides: dict[int, tuple[int, str]]):
    """Re-run one step from the posts its record names and its seed; (result or None, problems)."""
    subs = _resolve.submissions_from_record(db, record)
    if not _is_correction(record):
        turn = ruleset.turn(state)
        if turn.over or sorted(turn.factions) != sorted(s.faction for s in subs):
            return None, [Problem(line=1, code="turn_changed",
                                  message=f"После пересчёта в шаге {step.number} ходят другие фракции.")]
    try:
        result = resolve_step(ruleset, state, subs, step.seed, overrides, step_secret_seed(game, step.number))
    except OverrideOutOfRange as exc:
        return None, [Problem(line=1, code="override_out_of_range", message=str(exc))]
    if not result.ok:
        return None, [p for reading in result.refused.values() for p in reading.problems]
    return result, []


def _detach(db: Session, steps: list[Step]) -> list[int]:
    """Set later steps aside after a stop: numbered out of the way (−id), drafts without a current
    resolution, so their posts are kept (the GM still sees them) but nothing counts them."""
    ids = []
    for step in steps:
        for res in db.scalars(select(Resolution).where(Resolution.step_id == step.id,
                                                       Resolution.superseded.is_(False))).all():
            _resolve.supersede(res)
        step.number = -step.id
        step.status = StepStatus.DRAFT.value
        step.deadline = None
        ids.append(step.id)
    db.flush()
    return ids


def _replay(db: Session, game: Game, ruleset: Ruleset, steps: list[Step], gm_user_id: int,
            replace: dict[int, list[dict[str, Any]]] | None = None) -> RollbackOut:
    """Re-resolve ``steps`` (published, in order) and the active step after them from their stored
    posts and seeds; ``replace`` gives a step (by id) a new record of submissions, resolved without
    its old roll overrides. Stops at the first step that no longer reads (see `rollback`)."""
    replace = replace or {}
    active = active_step(db, game.id)
    out = RollbackOut(from_step=steps[0].number)
    state = load_state(ruleset, steps[0].state_before)
    chain = steps + ([active] if active is not None else [])
    for i, step in enumerate(chain):
        old = current_resolution(db, step)
        if old is None:  # the open step at the end: it starts from the recomputed state
            _refresh_open(db, step, ruleset, state)
            break
        record = replace.get(step.id, old.submissions)
        overrides = {} if step.id in replace else _resolve.overrides_from_json(old.overrides)
        result, problems = _reread(db, game, ruleset, state, step, record, overrides)
        if result is None:
            out.stopped_at, out.problems = step.number, problems
            _reopen(db, game, ruleset, step, old, state)
            out.detached = _detach(db, chain[i + 1:])
            break
        if not _is_correction(record):
            step.turn = dump(ruleset.turn(state))
        step.state_before = dump(state)
        _resolve.supersede(old)
        db.flush()
        new = _resolve.store_resolution(db, step, result, record, overrides, gm_user_id)
        if new.events != old.events or new.state_after != old.state_after:
            out.changed.append(step.number)
        out.redone.append(step.number)
        state = result.state
        if step.status == StepStatus.PUBLISHED.value:
            db.add(Snapshot(game_id=game.id, step_id=step.id, resolution_id=new.id, state=new.state_after,
                            created_at=now()))
            _set_game_state(game, ruleset, state)
            if ruleset.turn(state).over:
                _resolve.end_game(game, ruleset, state)
                out.detached = _detach(db, chain[i + 1:])
                break
    else:
        if active is None and game.status == GameStatus.OVER.value and not ruleset.turn(state).over:
            _resolve.open_step(db, game, ruleset, state, chain[-1].number + 1)
    return out


@transactional
def rollback(db: Session, *, game_id: int, from_step: int, gm_user_id: int, reason: str) -> RollbackOut:
    """Re-resolve published step ``from_step`` and every later one from their stored posts and seeds.

    Old resolutions are kept as superseded. If a step's posts no longer read (or other factions
    should act there now), the game stops at the last good step: that step is reopened with a
    fresh committed seed (the old one was revealed), its posts kept, and later steps set aside.
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    ruleset = ruleset_by_id(game.ruleset_id)
    steps = _published_from(db, game_id, from_step)
    if not steps or steps[0].number != from_step:
        raise Conflict(f"Шаг {from_step} не опубликован: откатывать нечего.", code="not_published")
    out = _replay(db, game, ruleset, steps, gm_user_id)
    out.message = _rollback_message(out)
    audit(db, game, "rollback", actor_id=gm_user_id, reason=reason, step_number=from_step,
          data=out.model_dump(mode="json", exclude={"message"}) | {"text": out.message})
    if out.stopped_at is not None and out.stopped_at != from_step:
        audit(db, game, "rollback", actor_id=gm_user_id, reason=reason, step_number=out.stopped_at,
              data={"from_step": from_step, "stopped_at": out.stopped_at, "text": out.message})
    db.flush()
    return out


def _set_game_state(game: Game, ruleset: Ruleset, state: BaseModel) -> None:
    game.state = dump(state)
    game.status, game.result = GameStatus.ACTIVE.value, None
    game.updated_at = now()
    note_reveal(game, ruleset, state)


def _refresh_open(db: Session, step: Step, ruleset: Ruleset, state: BaseModel) -> None:
    """The open step keeps its (unrevealed) seed and its posts; it now starts from ``state``, and
    its clock starts again."""
    step.state_before = dump(state)
    _resolve.reopen_clock(db, step, ruleset.turn(state))


def _reopen(db: Session, game: Game, ruleset: Ruleset, step: Step, old: Resolution, state: BaseModel) -> None:
    _resolve.supersede(old)
    if step.status == StepStatus.PUBLISHED.value:  # its seed is public now: commit to a fresh one
        step.seed = new_seed()
        step.commitment = commitment(step.seed)
    step.status = StepStatus.OPEN.value
    step.published_at = None
    step.deadline = None
    _refresh_open(db, step, ruleset, state)
    _set_game_state(game, ruleset, state)


def _rollback_message(out: RollbackOut) -> str:
    parts = [f"Мастер откатил игру к шагу {out.from_step} и пересчитал шаги по сохранённым постам и семенам."]
    if out.redone:
        parts.append("Пересчитаны шаги: " + ", ".join(map(str, out.redone)) + ".")
    parts.append("Итог изменился в шагах: " + ", ".join(map(str, out.changed)) + "." if out.changed
                 else "Итоги не изменились.")
    if out.stopped_at is not None:
        why = out.problems[0].message if out.problems else ""
        parts.append(f"Шаг {out.stopped_at} больше не читается ({why}); он открыт заново, посты сохранены.")
    return " ".join(parts)


# --- 2. edit a draft's outcome --------------------------------------------------------------------
@transactional
def edit_outcome(db: Session, *, game_id: int, step_number: int, gm_user_id: int, reason: str,
                 texts: dict[int, str] | None = None, annul: list[int] | None = None) -> StepHeader:
    """Rewrite events' sentences or mark events annulled in a draft, with a reason.

    Only the chronicle's wording changes, never the state (use `correct` for that): each touched
    event keeps the engine's own text in ``data["gm_edit"]``, so `verify` still checks the engine.
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    step = get_step(db, game_id, step_number)
    if step.status != StepStatus.DRAFT.value:
        raise Conflict(f"Шаг {step_number} не черновик: итог правится только до публикации.", code="not_a_draft")
    res = current_resolution(db, step)
    assert res is not None
    texts, annul = dict(texts or {}), set(annul or [])
    events = [dict(e, data=dict(e.get("data") or {})) for e in res.events]
    for index in set(texts) | annul:
        if not 0 <= index < len(events):
            raise Invalid(f"В черновике шага {step_number} нет события №{index} (событий: {len(events)}, "
                          "номера с 0).", code="no_such_event")
    for index, new_text in texts.items():
        if not new_text.strip():
            raise Invalid(f"Новый текст события №{index} пустой.", code="empty_event_text")
    for index in sorted(set(texts) | annul):
        event = events[index]
        original = event["data"].get("gm_edit", {}).get("text", event["text"])
        text = texts.get(index, event["text"]).strip()
        if index in annul:
            text = f"[Отменено мастером] {text}"
        event["data"]["gm_edit"] = {"text": original, "reason": reason, "annulled": index in annul}
        event["text"] = text
    _resolve.supersede(res)
    db.flush()
    new = Resolution(step_id=step.id, submissions=res.submissions, events=events, rolls=res.rolls,
                     overrides=res.overrides, state_after=res.state_after, created_by=gm_user_id,
                     created_at=now())
    db.add(new)
    db.flush()
    audit(db, game, "edit_outcome", actor_id=gm_user_id, reason=reason, step_number=step_number,
          data={"texts": {str(k): v for k, v in texts.items()}, "annulled": sorted(annul),
                "resolution_id": new.id, "superseded_id": res.id})
    db.flush()
    return step_header(db, game, step)


# --- 3. correct the state -------------------------------------------------------------------------
def _preview_dice(game: Game, step: Step | None) -> Dice | None:
    """The dice a correction previewed now would get: in a game with a secret seed, the open step's
    own (public and secret) seeds, so hidden draws come out as they will; else none (the ruleset
    previews with its own fixed dice, as before)."""
    if step is None or not game.secret_seed:
        return None
    return Dice(step.seed, secret_seed=step_secret_seed(game, step.number))


def check_correction(db: Session, *, game_id: int, text: str, gm_user_id: int) -> list[Problem]:
    """The problems a correction would have against the current state; changes nothing."""
    game = load_game(db, game_id)
    require_gm(db, game, gm_user_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    step = active_step(db, game_id)
    base = step.state_before if step is not None else game.state
    _, _, problems = correct_state(ruleset, load_state(ruleset, base), text, _preview_dice(game, step))
    return problems


class CorrectionLine(BaseModel):
    """One line of a GM's correction as the live check shows it: what it changes, or its problems."""

    line: int
    text: str
    changes: list[str] = Field(default_factory=list)
    problems: list[Problem] = Field(default_factory=list)


class CorrectionCheck(BaseModel):
    """A correction read against the current state; nothing stored. ``changes`` holds what could not
    be tied to one line (a ruleset whose patch acts as a whole, e.g. a Hero turn's ending)."""

    ok: bool
    lines: list[CorrectionLine]
    changes: list[str] = Field(default_factory=list)
    problems: list[Problem] = Field(default_factory=list)


def _line_changes(ruleset: Ruleset, state: BaseModel, lines: list[str],
                  dice_for: Callable[[], Dice | None] = lambda: None) -> dict[int, list[str]] | None:
    """Each line's own events, found by reading growing prefixes of the patch; None when a prefix
    does not extend the previous one's events (the patch only makes sense whole)."""
    out: dict[int, list[str]] = {}
    before: list[str] = []
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        _, events, problems = correct_state(ruleset, state, "\n".join(lines[:n]), dice_for())
        texts = [e.text for e in events]
        if any(p.is_error for p in problems) or texts[:len(before)] != before:
            return None
        out[n] = texts[len(before):]
        before = texts
    return out


def preview_correction(db: Session, *, game_id: int, text: str, gm_user_id: int) -> CorrectionCheck:
    """The GM desk's live check of correction lines: per line what it will change or the problem."""
    problems = check_correction(db, game_id=game_id, text=text, gm_user_id=gm_user_id)
    lines = text.splitlines()
    by_line: dict[int, list[Problem]] = {}
    general: list[Problem] = []
    for p in problems:
        (by_line.setdefault(p.line, []) if p.line and 1 <= p.line <= len(lines) else general).append(p)
    ok = not any(p.is_error for p in problems)
    changes: dict[int, list[str]] = {}
    whole: list[str] = []
    if ok and text.strip():
        game = load_game(db, game_id)
        ruleset = ruleset_by_id(game.ruleset_id)
        step = active_step(db, game_id)
        state = load_state(ruleset, step.state_before if step is not None else game.state)
        _, events, _ = correct_state(ruleset, state, text, _preview_dice(game, step))
        split = _line_changes(ruleset, state, lines, lambda: _preview_dice(game, step))
        if split is not None and [t for n in sorted(split) for t in split[n]] == [e.text for e in events]:
            changes = split
        else:
            whole = [e.text for e in events]
    return CorrectionCheck(
        ok=ok, changes=whole, problems=general,
        lines=[CorrectionLine(line=n, text=raw, changes=changes.get(n, []), problems=by_line.get(n, []))
               for n, raw in enumerate(lines, start=1) if raw.strip() or by_line.get(n)])


@transactional
def correct(db: Session, *, game_id: int, text: str, gm_user_id: int, reason: str) -> StepHeader:
    """Apply a validated patch to the state as a published step of its own (a GM correction).

    The open step (no posts yet) becomes the correction step: its post is the GM's patch, its seed
    is revealed like any step's, and the next step opens from the corrected state. Nothing is
    applied if any line has an error (Invalid with the problems, line by line).
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    if not text.strip():
        raise Invalid("Правка пустая: напишите строки правки.", code="empty_correction")
    ruleset = ruleset_by_id(game.ruleset_id)
    step = active_step(db, game_id)
    if game.status == GameStatus.OVER.value or step is None:
        raise Conflict("Игра окончена: править нечего.", code="game_over")
    if step.status != StepStatus.OPEN.value:
        raise Conflict(f"Шаг {step.number} ждёт проверки мастера: сначала опубликуйте его.", code="step_in_review")
    if step_posts(db, step):
        raise Conflict(f"К шагу {step.number} уже есть посты: правьте состояние до первого поста шага "
                       "(или откатите шаг).", code="step_has_posts")
    state = load_state(ruleset, step.state_before)
    _, _, problems = correct_state(ruleset, state, text)
    if any(p.is_error for p in problems):
        raise Invalid("Правка не применена: в ней есть ошибки.", code="correction_has_errors", problems=problems)
    step.turn = dump(CORRECTION_TURN)
    post = Post(game_id=game.id, step_id=step.id, faction_id=GM_CORRECTION, revision=1, text=text,
                sha256=receipt(text), author_id=gm_user_id, created_at=now(),
                reading={"ok": True, "lines": [], "problems": [p.model_dump(mode="json") for p in problems],
                         "orders": []})
    db.add(post)
    db.flush()
    subs = [Submission(GM_CORRECTION, text)]
    record = [{"faction": GM_CORRECTION, "post_id": post.id, "default": False}]
    result = _resolve.run(ruleset, state, subs, step.seed, {}, step_secret_seed(game, step.number))
    res = _resolve.store_resolution(db, step, result, record, {}, gm_user_id)
    _resolve.publish(db, game, step, res)
    audit(db, game, "correct_state", actor_id=gm_user_id, reason=reason, step_number=step.number,
          data={"text": text, "post_id": post.id, "resolution_id": res.id,
                "events": [e["text"] for e in res.events]})
    db.flush()
    return step_header(db, game, step)


# --- 4. take over a faction, reassign a seat ------------------------------------------------------
@transactional
def take_over(db: Session, *, game_id: int, faction: str, text: str, gm_user_id: int, reason: str) -> StepHeader:
    """The GM posts for a faction in the open step (a missed turn); the post's author is the GM,
    which the chronicle shows, and the step resolves as usual when it is complete."""
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    if not text.strip():
        raise Invalid("Пост пустой: напишите приказы.", code="empty_post")
    ruleset = ruleset_by_id(game.ruleset_id)
    seat_for(db, game_id, faction)
    step = active_step(db, game_id)
    if step is None:
        raise Conflict("Сейчас нет открытого шага.", code="no_open_step")
    step = _open_step_for(db, game, step.number, faction)
    post = gm_post(db, game, ruleset, step, faction, text, gm_user_id)
    audit(db, game, "take_over", actor_id=gm_user_id, reason=reason, step_number=step.number,
          data={"faction": faction, "faction_name": faction_names(game).get(faction, faction),
                "post_id": post.id, "revision": post.revision, "sha256": post.sha256})
    turn = turn_of(step)
    posted = counted_posts(step_posts(db, step))
    if all(f in posted for f in turn.factions):
        _resolve.resolve_open_step(db, game, step, actor_id=gm_user_id)
    db.flush()
    return step_header(db, game, step)


def gm_post(db: Session, game: Game, ruleset: Ruleset, step: Step, faction: str, text: str, gm_user_id: int) -> Post:
    """A post the GM writes for a faction (its next revision in ``step``), read against the state
    the step starts from; Invalid with the problems, nothing stored, if it does not read."""
    reading = ruleset.read(text, load_state(ruleset, step.state_before), faction)
    if not reading.ok:
        raise Invalid("В посте есть ошибки; ничего не сохранено.", code="post_has_errors", problems=reading.problems)
    revision = 1 + max((p.revision for p in step_posts(db, step) if p.faction_id == faction), default=0)
    post = Post(game_id=game.id, step_id=step.id, faction_id=faction, revision=revision, text=text,
                sha256=receipt(text), author_id=gm_user_id, reading=reading_json(reading), created_at=now())
    db.add(post)
    db.flush()
    return post


class SeatChange(BaseModel):
    faction: str
    from_user_id: int | None
    to_user_id: int | None
    invite_token: str | None = None


@transactional
def reassign_seat(db: Session, *, game_id: int, faction: str, gm_user_id: int, reason: str,
                  to_user_id: int | None = None) -> SeatChange:
    """Give a seat to another player: directly (``to_user_id``) or by a fresh invite link.

    With an invite the seat is emptied at once and the old player's link stops working.
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    if game.status == GameStatus.OVER.value:
        raise Conflict("Игра уже окончена.", code="game_over")
    seat = seat_for(db, game_id, faction)
    before = seat.user_id
    if to_user_id is not None:
        load_user(db, to_user_id)
        if to_user_id == before:
            raise Conflict(f"Место «{seat.faction_name}» уже у этого игрока.", code="same_player")
    seat.user_id = to_user_id
    seat.joined_at = now() if to_user_id is not None else None
    seat.invite_token = None if to_user_id is not None else secrets.token_urlsafe(18)
    step = active_step(db, game_id)  # the change shows on the chronicle of the step it happened in
    audit(db, game, "reassign_seat", actor_id=gm_user_id, reason=reason,
          step_number=step.number if step is not None else None,
          data={"faction": faction, "faction_name": seat.faction_name, "from_user": before,
                "to_user": to_user_id, "by_invite": to_user_id is None})
    db.flush()
    return SeatChange(faction=faction, from_user_id=before, to_user_id=to_user_id, invite_token=seat.invite_token)


# --- 5. export a ruling ---------------------------------------------------------------------------
def export_ruling(db: Session, *, game_id: int, step_number: int, gm_user_id: int, reason: str = "") -> dict[str, Any]:
    """A regression case: the state before, the posts, the engine's own result (no GM overrides),
    the GM's result, and why. tests/rulings/ loads such files and re-checks the engine result."""
    game = load_game(db, game_id)
    require_gm(db, game, gm_user_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    step = get_step(db, game_id, step_number)
    if step.status != StepStatus.PUBLISHED.value:
        raise Conflict(f"Шаг {step_number} не опубликован: его семя ещё секрет.", code="not_published")
    res = current_resolution(db, step)
    assert res is not None
    posts = {p.id: p for p in step_posts(db, step)}
    submissions = [{"faction": s["faction"], "default": bool(s.get("default")),
                    "text": posts[s["post_id"]].text if s.get("post_id") in posts else None,
                    "sha256": posts[s["post_id"]].sha256 if s.get("post_id") in posts else None}
                   for s in res.submissions]
    subs = [Submission(s["faction"], None if s["default"] else s["text"]) for s in submissions]
    secret_seed = step_secret_seed(game, step.number)
    engine = resolve_step(ruleset, load_state(ruleset, step.state_before), subs, step.seed, secret_seed=secret_seed)
    entries = db.scalars(select(AuditEntry).where(AuditEntry.game_id == game_id,
                                                  AuditEntry.step_number == step_number)
                         .order_by(AuditEntry.id)).unique().all()
    reasons = [{"action": e.action, "by": e.actor.display_name if e.actor else SYSTEM_NAME,
                "reason": e.reason, "at": e.created_at.isoformat()} for e in entries]
    return {
        "format": RULING_FORMAT,
        "ruleset": game.ruleset_id,
        "game": {"id": game.id, "title": game.title},
        "step": step_number,
        "turn": step.turn,
        "seed": step.seed,
        "secret_seed": secret_seed,  # the step's Dice.secret seed (hidden-information games; GM only)
        "state_before": step.state_before,
        "submissions": submissions,
        "engine_result": {"ok": engine.ok, "events": [dump(e) for e in engine.events],
                          "rolls": [dump(r) for r in engine.rolls], "state_after": dump(engine.state),
                          "secret_rolls": [dump(r) for r in engine.secret_rolls]},
        "gm_result": {"overrides": res.overrides, "events": res.events, "rolls": res.rolls,
                      "state_after": res.state_after, "secret_rolls": res.secret_rolls},
        "reason": (reason or "").strip() or "; ".join(r["reason"] for r in reasons if r["reason"]),
        "gm_actions": reasons,
    }
