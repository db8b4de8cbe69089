"""Carrying out an archdemon's post: his orders in the written order, then the end of his turn, the
next archdemon's turn start (or the neutral phase and a new round) — all in one step.

`apply` never changes its input: it works on a copy-on-write `World` and commits a new state.
Each order is checked again against the state reached by the orders above it (DK-GEN-06,
DK-GAP-11): a line that has become impossible because of an earlier roll (the target died, the
subjugation failed) is skipped with a note and spends nothing; so is a line with an error
(DK-GAP-12). The events carry Russian sentences, the dice, clause IDs and data for the picture's
arrows (the state's ``arrows`` hold this step's moves, attacks, shots, abilities and spells).
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Outcome
from letopis.engine.declension import decline
from letopis.engine.dice import Dice

from . import hero_manual
from .chronicle import Chronicle
from .effects import perform
from .fate import Fate
from .legality import ensure_started, violations
from .state import State
from .turnflow import advance, end_turn
from .world import World


def apply(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
    w = World(state)
    w.arrows = []
    ch = Chronicle(w)
    fate = Fate(dice)
    ensure_started(w, ch, fate)
    if w.phase == "neutral" and w.options.hero_mode == "gm_manual" and faction == hero_manual.GM:
        hero_manual.auto(w, ch, fate)  # the GM missed his deadline: the Hero acts by the rules (DK-GAP-75)
        return Outcome(state=w.commit(), events=ch.events)
    if w.phase == "over" or w.active != faction:
        if ch.on and orders:
            ch.add("not_your_turn", "DK-TURN-01", who=decline(w.name(faction), "gen"), data={"faction": faction})
        return Outcome(state=w.commit(), events=ch.events)
    rolled = False
    ended = False
    for order in orders:
        errors = [x for x in violations(w, faction, order, ended) if x.is_error]
        if errors:
            kind = "skipped" if rolled else "refused"
            ch.add(kind, errors[0].clause, faction=faction, order=order.to_text(),  # type: ignore[attr-defined]
                   why=errors[0].message, data={"order": order.model_dump(mode="json"), "code": errors[0].code})
            continue
        if order.kind == "end_turn":  # type: ignore[attr-defined]
            ended = True
            continue
        before = len(dice.rolls)
        perform(w, ch, fate, faction, order)
        rolled = rolled or len(dice.rolls) > before
        if w.phase == "over":
            break
    if w.phase != "over" and (ended or not w.options.multi_post_turn):
        end_turn(w, ch, fate, faction)
        advance(w, ch, fate, faction)
    return Outcome(state=w.commit(), events=ch.events)
