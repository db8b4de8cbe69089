"""Resolving one step, and replaying a whole game, from posts and seeds alone.

The service resolves every step through `resolve_step`, and `replay` runs the very same function
over the stored history, so anything the server published can be recomputed by anyone who has
the posts and the revealed seeds (`letopis verify`).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from .contract import Faction, Reading, Ruleset
from .dice import Dice
from .events import Event, Roll
from .problems import Problem, has_errors

GM_CORRECTION = "мастер"
"""The faction id of a GM's state correction: its text is patch lines for `Ruleset.correct`, not
orders, so a correction is replayed like any post (and shown under this name in the chronicle)."""


@dataclass(frozen=True)
class Submission:
    """One faction's contribution to a step: the text it posted, or None for the deadline default."""

    faction: str
    text: str | None


@dataclass
class StepResult:
    state: BaseModel
    events: list[Event] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    readings: dict[str, Reading] = field(default_factory=dict)
    refused: dict[str, Reading] = field(default_factory=dict)
    secret_rolls: list[Roll] = field(default_factory=list)  # draws of `Dice.secret`, kept apart

    @property
    def ok(self) -> bool:
        return not self.refused


def resolve_step(
    ruleset: Ruleset,
    state: BaseModel,
    submissions: Iterable[Submission],
    seed: str,
    overrides: Mapping[int, tuple[int, str]] | None = None,
    secret_seed: str | None = None,
) -> StepResult:
    """Apply the submissions in the given order with one `Dice` for the step.

    ``secret_seed`` seeds the step's `Dice.secret` (a hidden-information game passes
    ``step_secret(game_secret, number)``); without it the secret dice derive from ``seed``.
    A submission whose text no longer reads without errors (possible only when a GM changed the
    history) is refused: the result says so and carries the state as it was before the step.
    """
    dice = Dice(seed, overrides, secret_seed)
    current = state
    result = StepResult(state=state)
    for sub in submissions:
        if sub.faction == GM_CORRECTION and sub.text is not None:
            corrected, events, problems = correct_state(ruleset, current, sub.text, dice)
            reading = Reading(problems=problems)
            result.readings[sub.faction] = reading
            if not reading.ok:
                result.refused[sub.faction] = reading
                return StepResult(state=state, refused=result.refused, readings=result.readings)
            current = corrected
            result.events.extend(events)
            continue
        if sub.text is None:
            orders = ruleset.default_orders(current, sub.faction)
        else:
            reading = ruleset.read(sub.text, current, sub.faction)
            result.readings[sub.faction] = reading
            if not reading.ok:
                result.refused[sub.faction] = reading
                return StepResult(state=state, refused=result.refused, readings=result.readings)
            orders = reading.orders
        outcome = ruleset.apply(current, sub.faction, orders, dice)
        current = outcome.state
        result.events.extend(outcome.events)
    result.state = current
    result.rolls = list(dice.rolls)
    result.secret_rolls = dice.secret_rolls
    return result


def correct_state(ruleset: Ruleset, state: BaseModel, text: str,
                  dice: Dice | None = None) -> tuple[BaseModel, list[Event], list[Problem]]:
    """A GM's patch through the ruleset's optional ``correct(state, text)``; nothing applied on errors.
    A ruleset whose ``correct`` takes ``dice`` gets the step's dice (a GM-written turn that rolls,
    e.g. Dungeon Keeper's Hero in ``gm_manual``), so its rolls are as verifiable as any step's."""
    correct = getattr(ruleset, "correct", None)
    if correct is None:
        return state, [], [Problem(line=1, code="correct_unsupported",
                                   message=f"Набор правил «{ruleset.title}» не умеет правку состояния мастером.")]
    takes_dice = "dice" in inspect.signature(correct).parameters
    new_state, events, problems = correct(state, text, dice=dice) if takes_dice else correct(state, text)
    if has_errors(problems):
        return state, [], list(problems)
    return new_state, list(events), list(problems)


def setup_game(ruleset: Ruleset, options: BaseModel, factions: list[Faction], seed: str,
               secret_seed: str | None = None) -> BaseModel:
    """The starting state; the setup seed is revealed at once so the deal can be checked. Shuffles
    through `Dice.secret` use ``secret_seed`` (``step_secret(game_secret, 0)``), revealed later."""
    return ruleset.setup(options, factions, Dice(seed, secret_seed=secret_seed))


@dataclass
class RecordedStep:
    """What storage keeps of a published step, as replay needs it."""

    number: int
    seed: str
    submissions: list[Submission]
    overrides: dict[int, tuple[int, str]] = field(default_factory=dict)
    state_after: dict[str, Any] | None = None
    events: list[dict[str, Any]] | None = None
    secret_seed: str | None = None  # the step's `Dice.secret` seed, once the game's secret is revealed
    secret_rolls: list[dict[str, Any]] | None = None  # stored secret draws, compared when given


@dataclass
class Mismatch:
    step: int
    what: str
    wording: bool = False  # only the Russian sentences differ: what happened is the same


def engine_event(event: dict[str, Any]) -> dict[str, Any]:
    """A stored event as the engine wrote it: a GM's edit of its wording (``data["gm_edit"]``,
    which keeps the engine's text) is undone, so replay checks the engine, not the GM's prose."""
    edit = (event.get("data") or {}).get("gm_edit")
    if not edit:
        return event
    data = {k: v for k, v in event["data"].items() if k != "gm_edit"}
    return {**event, "text": edit["text"], "data": data}


def event_substance(event: dict[str, Any]) -> dict[str, Any]:
    """What happened, of an event: everything but its Russian sentence. The kind, the data, the
    rolls, the clause and who may see it must replay exactly; the sentence is how the chronicle tells
    it, and a later release may tell it better («21 карта» for «21 карт»), so a difference in the
    sentences alone is reported apart (`Mismatch.wording`) rather than as a forged result."""
    return {k: v for k, v in event.items() if k != "text"}


def replay(ruleset: Ruleset, initial: BaseModel, steps: Iterable[RecordedStep]) -> list[Mismatch]:
    """Recompute every step from the initial state; report where stored results differ."""
    problems: list[Mismatch] = []
    state = initial
    for step in steps:
        res = resolve_step(ruleset, state, step.submissions, step.seed, step.overrides, step.secret_seed)
        if not res.ok:
            problems.append(Mismatch(step.number, "пост больше не читается без ошибок"))
            return problems
        if step.events is not None:
            got = [e.model_dump(mode="json") for e in res.events]
            stored = [engine_event(e) for e in step.events]
            if [event_substance(e) for e in got] != [event_substance(e) for e in stored]:
                problems.append(Mismatch(step.number, "события не совпадают с опубликованными"))
            elif got != stored:
                problems.append(Mismatch(step.number, "описания событий написаны иначе, чем их пишет эта версия",
                                         wording=True))
        if step.secret_rolls is not None and [r.model_dump(mode="json") for r in res.secret_rolls] != step.secret_rolls:
            problems.append(Mismatch(step.number, "тайные броски (тасовки, взятые карты) не совпадают с сохранёнными"))
        if step.state_after is not None and res.state.model_dump(mode="json") != step.state_after:
            problems.append(Mismatch(step.number, "состояние после шага не совпадает с сохранённым"))
        state = res.state
    return problems
