"""Carrying out a post: `apply(state, faction, orders, dice) -> Outcome`, dispatched by phase.

- «decks» / «mulligan»: rules/mulligan.py.
- «play», the active player's post: the «в начале хода» cards fire with the post's choices
  (KZ-DEF-TRIG-01, KZ-DEC-10); the capture check (KZ-DEF-WIN-01: a capture stops the declared
  action); the post's [С] uses (KZ-ABIL-03); the one main action (KZ-TURN-03). An action other
  players may answer — an attack (KZ-DEF-REACT-01, KZ-DEC-03..07), a move that draws a retreat
  attack (KZ-DEC-08), a played card or a move with an unused [С] of another player on a card
  involved — is stored in ``state.pending`` and waits for a reaction step; otherwise it resolves
  at once. Then the end of the turn: «в конце хода» cards, temporary magic, the next player in
  turn order, rounds, victory.
- a reaction post: its answer is stored; when the last awaited answer is in, the [С] uses of the
  answers happen (KZ-ABIL-05: after the declaration, before the action), then the action.

The input state is never changed: everything happens on a clone.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Outcome
from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..data import book_for
from ..messages import event
from ..orders import Attack, DeckList, Move, Mulligan, PlayCard, Skip, TriggerChoice, UseAbility, load_orders
from ..refs import TableNamer
from ..state import Pending, State
from . import actions, triggers, victory
from .mulligan import apply_deck, apply_mulligan
from .world import over_garrison, reevaluate_control

DECISION_KINDS = frozenset({"strike", "stay_hidden", "evade", "guard", "decline"})


def apply(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
    s = state.clone()
    events: list[Event] = []
    if s.phase == "decks":
        deck = next((o for o in orders if isinstance(o, DeckList)), None)
        events += apply_deck(s, faction, deck, dice)
    elif s.phase == "mulligan":
        if s.order and s.order[s.active] == faction:
            mull = next((o for o in orders if isinstance(o, Mulligan)), Mulligan())
            events += apply_mulligan(s, faction, mull, dice)
    elif s.phase == "play":
        if s.pending is not None:
            events += _answer(s, faction, orders, dice)
        elif s.order[s.active] == faction:
            events += _main_post(s, faction, orders, dice)
    return Outcome(state=s, events=events)


# --- the active player's post ------------------------------------------------------------------------
def is_free_use(state: State, order: BaseModel) -> bool:
    """A [С] ability use (free, KZ-ABIL-03) rather than a [Д] action (KZ-ABIL-02)."""
    if not isinstance(order, UseAbility) or order.piece not in state.pieces:
        return False
    ability = book_for(state).card(state.pieces[order.piece].card).ability(order.ability)
    return ability is not None and ability.kind == "free"


def split_post(state: State, orders: list[BaseModel]) -> tuple[list[TriggerChoice], list[BaseModel],
                                                               BaseModel | None, list[BaseModel]]:
    """(trigger choices, [С] uses, the main action, decision lines) of a main post."""
    choices = [o for o in orders if isinstance(o, TriggerChoice)]
    free: list[BaseModel] = []
    main: BaseModel | None = None
    extra: list[BaseModel] = []
    for o in orders:
        kind = getattr(o, "kind", "")
        if kind == "trigger":
            continue
        if kind in DECISION_KINDS:
            extra.append(o)
        elif is_free_use(state, o) and main is None:
            free.append(o)
        elif main is None:
            main = o
    return choices, free, main, extra


def _main_post(s: State, faction: str, orders: list[BaseModel], dice: Dice) -> list[Event]:
    choices, free, main, extra = split_post(s, orders)
    events = triggers.start_of_turn(s, faction, choices)
    captured = victory.check_capture(s, faction)
    if captured:
        events += captured
        return events if s.phase == "over" else events + end_turn(s, faction)
    for order in free:
        events += actions.use_ability(s, faction, order)  # type: ignore[arg-type]
    return events + declare(s, faction, main if main is not None else Skip(), extra, dice)


def declare(s: State, faction: str, main: BaseModel, extra: list[BaseModel], dice: Dice) -> list[Event]:
    """The main action is declared: wait for answers, or carry it out and end the turn.

    A player whose every decision in the fight has one legal option is not asked: the server writes
    that option as his answer and says so in the chronicle (issue 9; decisions.sole_answer)."""
    from .combat import fight as combat
    from .decisions import Fight, sole_answers, sole_events
    events: list[Event] = []
    answers = {faction: [o.model_dump(mode="json") for o in extra]} if extra else {}
    waiting: list[str] = []
    kind = "react"
    fight: Fight | None = None
    if isinstance(main, Attack):
        waiting = list(combat.reaction_factions(s, faction, main.sector))
        kind = "attack"
        fight = Fight("attack", faction, main.sector)
    elif isinstance(main, Move) and actions.retreat_due(s, faction, main):
        leavers = [u for u in main.pieces if u in s.pieces]
        waiting = list(combat.retreat_factions(s, faction, main.origin, leavers, main.dest))
        waiting += [f for f in react_factions(s, faction, [main.origin, main.dest]) if f not in waiting]
        kind = "retreat"
        fight = Fight("retreat", faction, main.origin, frozenset(leavers), main.dest)
    elif isinstance(main, (Move, PlayCard)):
        waiting = react_factions(s, faction, involved_sectors(s, main))
    sole = {f: lines for f, lines in sole_answers(s, fight).items() if f not in waiting} if fight else {}
    notes = sole_events(s, sole, fight) if fight else []
    if waiting:
        answers.update({f: [o.model_dump(mode="json") for o in lines] for f, lines in sole.items()})
        s.pending = Pending(kind=kind, active=faction, action=[main.model_dump(mode="json")],
                            waiting=[f for f in s.order if f in waiting], answers=answers)
        names = ", ".join(s.players[f].name for f in s.pending.waiting)
        said = main.to_text(TableNamer(s))  # type: ignore[attr-defined]
        return events + [event("reaction_wait", "KZ-DEF-REACT-01", faction=faction, who=names,
                               active=s.players[faction].name, said=said,
                               data={"waiting": s.pending.waiting, "kind": kind, "action": s.pending.action})] + notes
    given: dict[str, list[BaseModel]] = {faction: extra, **sole}
    return events + carry_out(s, faction, main, given, dice, notes=notes) + end_turn(s, faction)


def involved_sectors(s: State, main: BaseModel) -> list[str]:
    """Sectors whose cards a declared move or played card involves (KZ-DEF-REACT-01)."""
    if isinstance(main, Move):
        return [main.origin, main.dest]
    if isinstance(main, PlayCard):
        out = [x for x in (main.into, main.squad) if x]
        if main.on:
            if main.on.startswith("capital:"):
                out.append(main.on[len("capital:"):])
            elif main.on in s.pieces:
                out.append(s.pieces[main.on].sector)
        return out
    return []


def react_factions(s: State, active: str, sectors: list[str]) -> list[str]:
    """Players other than the active one with an unused [С] ability on a card in these sectors."""
    from .decisions import unused_free_abilities
    return [f for f in s.order if f != active and not s.players[f].eliminated
            and unused_free_abilities(s, f, sectors)]


def carry_out(s: State, faction: str, main: BaseModel, answers: dict[str, list[BaseModel]],
              dice: Dice, notes: list[Event] | None = None) -> list[Event]:
    """The declared action happens (answers given or defaulted). ``notes`` (the choices the server
    made because they were the only ones) go into the fight's account after its first line."""
    from .combat import fight as combat
    events: list[Event] = []
    if isinstance(main, Attack):
        events += combat.resolve_attack(s, faction, main, answers, dice, notes=notes)
        events += reevaluate_control(s)
    elif isinstance(main, Move):
        if actions.retreat_due(s, faction, main):
            events += combat.resolve_retreat(s, faction, main, answers, dice, notes=notes)  # moves the survivors
        else:
            events += actions.perform(s, faction, main)
    else:
        events += actions.perform(s, faction, main)
    return events + victory.check_destroyed(s, faction)


# --- answers -------------------------------------------------------------------------------------------
def _answer(s: State, faction: str, orders: list[BaseModel], dice: Dice) -> list[Event]:
    pending = s.pending
    assert pending is not None
    if faction not in pending.waiting or faction in pending.answers:
        return []
    pending.answers[faction] = [o.model_dump(mode="json") for o in orders]
    events: list[Event] = []
    if all(isinstance(o, BaseModel) and getattr(o, "kind", "") == "decline" for o in orders) and orders:
        events.append(event("react_pass", "KZ-DEC-03", faction=faction, who=s.players[faction].name,
                            data={"faction": faction}))
    if any(f not in pending.answers for f in pending.waiting):
        return events
    return events + _resolve_pending(s, dice)


def _resolve_pending(s: State, dice: Dice) -> list[Event]:
    pending = s.pending
    assert pending is not None
    s.pending = None
    main = load_orders(pending.action)[0]
    active = pending.active
    events: list[Event] = []
    answers: dict[str, list[BaseModel]] = {}
    for f in s.order:
        if f not in pending.answers:
            continue
        rest = []
        for o in load_orders(pending.answers[f]):
            if isinstance(o, UseAbility) and f != active:
                piece = s.pieces.get(o.piece)
                if piece is not None and piece.owner == f:
                    events += actions.use_ability(s, f, o)  # KZ-ABIL-05
            else:
                rest.append(o)
        answers[f] = rest
    events += carry_out(s, active, main, answers, dice)
    if s.phase == "over":
        return events
    return events + end_turn(s, active)


# --- the end of a turn -----------------------------------------------------------------------------------
def end_turn(s: State, faction: str) -> list[Event]:
    """«В конце хода», temporary magic, the next player, a new round, the round limit."""
    events = triggers.end_of_turn(s, faction)
    events += reevaluate_control(s)
    events += victory.check_destroyed(s, faction)
    if s.phase == "over":
        return events
    s.players[faction].turns_taken += 1
    return events + advance(s)


def advance(s: State) -> list[Event]:
    """The next player still in the game opens his turn (KZ-DEF-TURN-01); a new round after the
    last one in turn order (KZ-DEF-WIN-04 checks the limit)."""
    n = len(s.order)
    i = s.active
    for _ in range(n):
        i = (i + 1) % n
        if i == 0:
            s.round += 1
        if not s.players[s.order[i]].eliminated:
            break
    events = victory.round_limit(s)
    if s.phase == "over":
        return events
    s.active = i
    nxt = s.order[i]
    s.players[nxt].garrison_due = over_garrison(s, nxt)
    events.append(event("turn_start", "KZ-DEF-TURN-01", faction=nxt, round=s.round, who=s.players[nxt].name,
                        data={"faction": nxt, "round": s.round}))
    return events + triggers.open_turn(s, nxt)
