"""Applying posts and running the resolution stack until it ends or waits for a decision.

`apply(state, faction, orders, dice)` returns a new state and the events. A post of the expected
player is pushed as a `PostRun`; a decision answer is stored in ``pending.answer`` and the stack
resumes. `run` steps the top frame until the stack is empty (then the phase advances: the next
poster, the shooting phase, the melee phase, healing, the next round) or a decision waits.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Outcome
from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..naming import Namer
from ..orders import ANSWER_KINDS, dump_orders
from ..rules.victory import eliminate
from ..state import MeleePhaseRun, PostRun, State
from . import charge, fights, shots
from .flow import PAUSE, POP, event
from .maneuver import post_step
from .phases import activation_step, end_round, melee_phase_step, start_round

STEPS = {"post": post_step, "shot": shots.step, "charge": charge.step, "fight": fights.step,
         "melee_phase": melee_phase_step, "activation": activation_step}


def expected(state: State) -> str | None:
    """The player whose maneuver, shooting or deployment post is awaited."""
    order = state.order if state.phase in ("maneuver", "shooting") else state.setup_order
    while state.active < len(order) and state.players[order[state.active]].out:
        state.active += 1
    return order[state.active] if state.active < len(order) else None


def apply(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
    s = state.clone()
    out: list[Event] = []
    if s.phase == "over":
        return Outcome(s, out)
    if s.pending is not None:
        if s.pending.faction == faction and orders and all(o.kind in ANSWER_KINDS for o in orders):  # type: ignore[attr-defined]
            s.pending.answer = dump_orders(orders)
            n = Namer(s, faction)
            out.append(event("answer", f"{n.side(faction)} отвечает ({s.pending.decision}): "
                             + " ".join(o.to_text(n) for o in orders), s.pending.decision, faction=faction))  # type: ignore[attr-defined]
        run(s, dice, out)
        return Outcome(s, out)
    if s.phase == "deploy" and s.options.hidden_deployment:
        s.hidden_posts[faction] = dump_orders(orders)
        if all(f in s.hidden_posts for f in s.factions):
            for f in s.setup_order:
                s.stack.insert(0, PostRun(faction=f, orders=s.hidden_posts[f]))
            s.hidden_posts = {}
            s.active = len(s.setup_order) - 1  # the last run ends the phase
            out.append(event("deploy_reveal", "Все расстановки получены и раскрыты.", "WG-DEF-BOARD-05"))
        run(s, dice, out)
        return Outcome(s, out)
    if faction != expected(s):
        return Outcome(s, out)
    s.stack.append(PostRun(faction=faction, orders=dump_orders(orders)))
    run(s, dice, out, post_end=True)
    return Outcome(s, out)


def run(state: State, dice: Dice, out: list[Event], post_end: bool = False) -> None:
    while state.phase != "over":
        if state.pending is not None and state.pending.answer is None:
            return
        if state.stack:
            frame = state.stack[-1]
            result = STEPS[frame.kind](state, frame, dice, out)
            if result == POP:
                if frame.kind == "post":
                    state.active += 1
                for i in range(len(state.stack) - 1, -1, -1):
                    if state.stack[i] is frame:
                        del state.stack[i]
                        break
            out += eliminate(state)
            if result == PAUSE:
                return
            continue
        if not advance(state, dice, out):
            return


def advance(state: State, dice: Dice, out: list[Event]) -> bool:
    """Move the battle on when nothing is in progress; False when it waits for a post."""
    if state.phase == "deploy":
        if state.options.hidden_deployment and state.hidden_posts:
            return False
        if expected(state) is not None:
            return False
        out.append(event("deployed", "Армии расставлены — битва начинается.", "WG-DEF-BOARD-05"))
        start_round(state, out)
        return False
    if state.phase in ("maneuver", "shooting"):
        if expected(state) is not None:
            return False
        if state.phase == "maneuver" and state.options.posting == "phased":
            state.phase = "shooting"
            state.active = 0
            return True
        state.phase = "melee"
        state.stack.append(MeleePhaseRun())
        return True
    if state.phase == "melee":
        end_round(state, dice, out)
        return state.phase == "over"
    return False
