"""The round of an epoch: whose turn it is, applying one post, and the automatic phases after the
last pass (TET-GEN-01…03, TET-ACT-01…05).

`apply` takes exactly one order (TET-GAP-27) from the active player. After it, the turn goes
clockwise to the next player who has not passed (TET-ACT-03); when everyone has passed the
action phase ends (TET-ACT-05) and the server runs income (TET-INC), then the creature phase and
the next epoch's initiative (epochs 1–3) or the final scoring (epoch 4, TET-GEN-03).
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Outcome, TurnInfo
from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..data import EPOCHS
from ..messages import render
from ..orders import Pass
from ..state import State
from .actions import perform
from .legality import affordable_kinds, check, check_turn
from .phases import creature_phase, income, initiative, scoring

PHASE_TITLE = "Эпоха {epoch}, фаза действий"


def turn(state: State) -> TurnInfo:
    if state.phase == "over":
        return TurnInfo(phase="over", title="Партия окончена", over=True)
    assert state.active is not None
    name = state.players[state.active].name
    prompt = f"Ход игрока {name}: одно действие или пас."
    if not affordable_kinds(state, state.active):
        prompt += " Ни одно действие сейчас не по карману — остаётся пас."
    return TurnInfo(phase="actions", title=PHASE_TITLE.format(epoch=state.epoch), factions=[state.active],
                    prompt=prompt, default="Пас", deadline_hours=state.options.turn_deadline_hours)


def default_orders(state: State, faction: str) -> list[BaseModel]:
    """A missed deadline is a pass (TET-GAP-28)."""
    return [Pass()]


def next_active(state: State, after: str) -> str | None:
    """The next player clockwise who has not passed (TET-ACT-03); None when all have."""
    n = len(state.order)
    i = state.seat(after)
    for step in range(1, n + 1):
        f = state.order[(i + step) % n]
        if not state.players[f].passed:
            return f
    return None


def apply(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
    """One turn: the order carried out, then the next turn or the end of the action phase."""
    if len(orders) != 1:
        raise ValueError("a turn is exactly one action or a pass (TET-ACT-01, TET-GAP-27)")
    wrong = check_turn(state, faction)
    if wrong:
        raise ValueError(render(wrong[0])[0])
    new = state.clone()
    order = orders[0]
    events: list[Event] = list(new.opening)  # the set-up, once, at the head of step 1 (`setup.setup`)
    new.opening = []
    if isinstance(order, Pass):
        note = "" if affordable_kinds(new, faction) else " (ни на одно действие не хватает монет)"
        new.players[faction].passed = True
        events.append(Event(kind="passed", faction=faction, clause="TET-ACT-04",
                            text=f"{new.players[faction].name} пасует{note}: до конца эпохи не действует."))
    else:
        events.extend(perform(new, faction, order))
    new.turns += 1
    if events and events[-1].kind == "campaign_refused":
        return Outcome(new, events)  # TET-GAP-22: the turn is not used
    following = next_active(new, faction)
    if following is not None:
        new.active = following
        return Outcome(new, events)
    events.extend(end_of_actions(new, dice))
    return Outcome(new, events)


def end_of_actions(state: State, dice: Dice) -> list[Event]:
    """All have passed (TET-ACT-05): income, then the creature phase and the next epoch's
    initiative, or in epoch 4 the winner (TET-GEN-02, TET-GEN-03, TET-CRE-05)."""
    events = [Event(kind="actions_over", clause="TET-ACT-05",
                    text=f"Все спасовали — фаза действий эпохи {state.epoch} окончена.")]
    events.extend(income(state))
    if state.epoch >= EPOCHS:
        events.extend(scoring(state))
        state.phase = "over"
        state.active = None
        return events
    events.extend(creature_phase(state, dice))
    state.epoch += 1
    state.turns = 0
    for p in state.players.values():
        p.passed = False
    events.extend(initiative(state))
    state.active = state.holder
    return events


def check_post(state: State, faction: str, orders: list[BaseModel]) -> list:
    """All violations of a post's orders, the second action being one itself (TET-GAP-27)."""
    from ..messages import Violation
    out: list[Violation] = []
    for i, order in enumerate(orders):
        if i >= 1:
            out.append(Violation(code="one_action", clause="TET-GAP-27", params={"line": i + 1}))
            continue
        out.extend(check(state, faction, order).violations)
    return out
