"""Carrying out a post: the same checks and effects as the reader's simulation, plus the dice.

`apply` never changes its input. Phase 1 lines run in the written order; a draw (reroll,
emergency) is rolled at once, and the first later line the draw made illegal stops the post there,
everything before it standing (DRP-GAP-12). An attack is paid and rolled, then waits for the
defender (DRP-DEF-10); a defence is paid, rolled and settled (effects.settle_fight).
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Outcome
from letopis.engine.copying import clone
from letopis.engine.dice import Dice
from letopis.engine.events import Event, Roll

from ..data import DATA
from ..options import seat_of
from ..orders import COLOUR_RU, Attack, Build, Colour, Defence, Emergency, Reroll, Skip
from ..state import Auction, SideRoll, State
from . import mechanics as m
from .effects import (
    attack_cost,
    defence_cost,
    discards_ru,
    end_turn,
    event,
    perform,
    settle_fight,
    start_play,
)
from .legality import build_complete, check

_DRAW_COLOURS = (Colour.RED, Colour.BLUE, Colour.GREEN)


def apply(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[State]:
    """Carry out one faction's orders in order on a copy of ``state``; a line that is illegal when
    its turn comes stops the rest (after a draw that is the rules, DRP-GAP-12; otherwise the post
    was not read against this state, and the chronicle says so)."""
    s = clone(state)
    events: list[Event] = []
    drew = False
    built = False
    for order in orders:
        violations = check(s, faction, order, forced=isinstance(order, Skip))
        if violations:
            if not (isinstance(order, Skip) and drew and s.active != faction):  # the turn already ended
                v = violations[0]
                events.append(event("stopped" if drew else "refused", v.clause, faction=faction,
                                    order=order.to_text(), why=v.message,  # type: ignore[attr-defined]
                                    data={"code": v.code, "after_draw": drew}))
            break
        perform(s, faction, order, events)
        if isinstance(order, (Reroll, Emergency)):
            _draw(s, faction, order, dice, events)
            drew = True
        elif isinstance(order, Attack):
            _roll_attack(s, faction, order, dice, events)
            _sole_defence(s, dice, events)
        elif isinstance(order, Defence):
            _roll_defence(s, faction, order, dice, events)
        elif isinstance(order, Build):
            built = True
    if built:
        _after_build(s, faction, dice, events)
    return Outcome(state=s, events=events)


# --- draws -------------------------------------------------------------------------------------------
def draw_tokens(s: State, n: int, dice: Dice, purpose: str) -> tuple[list[Colour], list[Roll]]:
    """Draw ``n`` tokens uniformly from the bag as it is now (a multiset; DRP-TOK-05, DRP-GAP-10)."""
    drawn: list[Colour] = []
    rolls: list[Roll] = []
    for _ in range(n):
        roll = dice.roll(s.bag.total, purpose)
        rolls.append(roll)
        k = roll.value
        for colour in _DRAW_COLOURS:
            have = s.bag.get(colour)
            if k <= have:
                break
            k -= have
        s.bag.put(colour, -1)
        drawn.append(colour)
    return drawn, rolls


def _draw(s: State, faction: str, order: Reroll | Emergency, dice: Dice, events: list[Event]) -> None:
    """Draw into storage, publicly (DRP-RES-09, DRP-RES-12, DRP-TOK-08); an emergency that brings
    no time skips the turn (DRP-RES-13)."""
    player = s.player(faction)
    emergency = isinstance(order, Emergency)
    drawn, rolls = draw_tokens(s, order.count, dice, "экстренный обмен" if emergency else "добор из мешка")
    for colour in drawn:
        player.storage.put(colour, 1)
    s.draw_pending = 0
    text = ", ".join(COLOUR_RU[c] for c in drawn)
    data = {"drawn": [c.value for c in drawn], "count": order.count}
    kind, clause = ("emergency", "DRP-RES-12") if emergency else ("reroll", "DRP-RES-09")
    events.append(event(kind, clause, faction=faction, rolls=rolls, who=player.name, count=order.count,
                        discards=discards_ru(s, faction, order.discards), drawn=text, data=data))
    if emergency and player.time_anywhere() == 0 and s.active == faction:
        events.append(event("emergency_no_time", "DRP-RES-13", faction=faction, who=player.name))
        end_turn(s, events)


# --- fights ------------------------------------------------------------------------------------------
def roll_side(dice: Dice, potential: int, class_up: int, superiority: bool, insurance: bool,
              purpose: str) -> tuple[SideRoll, list[Roll]]:
    """One side's roll: die by class (+class up), twice with superiority keeping the higher, insurance
    floor at the potential; class 0 rolls nothing and counts 1 (DRP-CLASS-02, DRP-DICE-02,
    DRP-ATK-03..06, DRP-DEF-03..05, DRP-GAP-16, DRP-GAP-30)."""
    cls = m.rolled_class(potential, class_up)
    if cls == 0:
        kept = DATA.dice.no_class_result
        return SideRoll(sides=0, rolls=[], kept=kept, final=max(kept, potential) if insurance else kept), []
    sides = m.die(cls)
    rolls = [dice.roll(sides, purpose) for _ in range(2 if superiority else 1)]
    kept = max(r.value for r in rolls)
    final = max(kept, potential) if insurance else kept
    return SideRoll(sides=sides, rolls=[r.value for r in rolls], kept=kept, final=final), rolls


def side_text(potential: int, class_up: int, superiority: bool, insurance: bool, r: SideRoll, what: str) -> str:
    """«класс атаки 3, класс+ → d10, 1d10 → 7» — how the chronicle shows one side's roll."""
    base = m.klass(potential)
    parts = [f"класс {what} {base}" if base else f"класса {what} нет"]
    if class_up:
        parts.append(f"класс+ → d{r.sides}")
    if r.sides:
        shown = " и ".join(str(v) for v in r.rolls)
        parts.append(f"1d{r.sides} → {shown}" + (f", берётся {r.kept}" if superiority else ""))
    else:
        parts.append(f"кубик не бросается, результат {r.kept}")
    if insurance and r.final > r.kept:
        parts.append(f"страховка поднимает до {r.final}")
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def _roll_attack(s: State, faction: str, o: Attack, dice: Dice, events: list[Event]) -> None:
    a = s.attack
    assert a is not None
    roll, rolls = roll_side(dice, a.potential, o.class_up, o.superiority, o.insurance, "атака")
    a.roll = roll
    text = side_text(a.potential, o.class_up, o.superiority, o.insurance, roll, "атаки")
    if a.advantage:
        text += "; преимущество аспекта (+1 урона при попадании)"
    events.append(event("attack", "DRP-ATK-08", faction=faction, rolls=rolls, who=s.name(faction),
                        attacker=s.label(faction, a.attacker_slot), target=s.label(a.target, a.target_slot),
                        owner=s.name(a.target), dice=text, final=roll.final, cost=attack_cost(o),
                        data={"attacker": a.attacker_slot, "target": a.target_slot, "target_faction": a.target,
                              "sides": roll.sides, "rolls": roll.rolls, "final": roll.final,
                              "advantage": a.advantage, "cost": attack_cost(o)}))


_SINGLE_BOOSTS = (Defence(class_up=1), Defence(insurance=True), Defence(superiority=True), Defence(counter=True))


def sole_defence(s: State) -> bool:
    """D5 has one legal answer: no defence boost is allowed or affordable now (a target with 0 time
    most often, DRP-DEF-02). Any legal combination contains a single boost that is legal alone, so
    the single boosts decide it. A later soak (D6) is still its own decision."""
    a = s.attack
    if s.phase != "defence" or a is None or a.roll is None or a.defence is not None:
        return False
    return all(check(s, a.target, boost) for boost in _SINGLE_BOOSTS)


def _sole_defence(s: State, dice: Dice, events: list[Event]) -> None:
    """The defender with nothing to choose defends without boosts at once, said in the chronicle
    (issue 9); the rest is as if he had written «Защищаюсь без усилений.»."""
    if not sole_defence(s):
        return
    a = s.attack
    assert a is not None
    c = s.char(a.target, a.target_slot)
    assert c is not None
    kind = "sole_defence_no_time" if c.time == 0 else "sole_defence"
    events.append(event(kind, "DRP-DEF-02", faction=a.target, who=s.name(a.target),
                        char=s.label(a.target, a.target_slot), data={"slot": a.target_slot, "sole": True}))
    answer = Defence()
    perform(s, a.target, answer, events)
    _roll_defence(s, a.target, answer, dice, events)


def _roll_defence(s: State, faction: str, o: Defence, dice: Dice, events: list[Event]) -> None:
    a = s.attack
    assert a is not None
    c = s.char(faction, a.target_slot)
    assert c is not None
    roll, rolls = roll_side(dice, c.defence, o.class_up, o.superiority, o.insurance, "защита")
    a.defence_roll = roll
    cost = defence_cost(o)
    paid = f" Потрачено времени: {cost}." if cost else ""
    events.append(event("defence", "DRP-DEF-08", faction=faction, rolls=rolls, who=s.name(faction),
                        target=s.label(faction, a.target_slot),
                        dice=side_text(c.defence, o.class_up, o.superiority, o.insurance, roll, "защиты"),
                        final=roll.final, paid=paid,
                        data={"sides": roll.sides, "rolls": roll.rolls, "final": roll.final, "cost": cost}))
    settle_fight(s, events)


# --- builds and the first move ----------------------------------------------------------------------
def _after_build(s: State, faction: str, dice: Dice, events: list[Event]) -> None:
    """Record a build; reveal when allowed (DRP-GAP-03); when all are in, decide the first move."""
    player = s.player(faction)
    sheets = ", ".join(f"П{i} {c.sheet()}" + (f" «{c.name}»" if c.name else "")
                       for i, c in enumerate(player.build, 1) if c is not None)
    if s.options.sealed_builds:
        events.append(event("build_sealed", "DRP-GAP-03", faction=faction, public=False, who=player.name,
                            slots=sheets))
        if all(build_complete(s.player(f)) for f in s.seats):
            reveal = []
            for f in s.seats:
                _reveal(s, f)
                reveal.append(f"{s.name(f)}: " + ", ".join(
                    f"{s.label(f, i)} {c.sheet()}" for i, c in s.player(f).living()) + ".")
            events.append(event("builds_revealed", "DRP-GAP-03", sheets=" ".join(reveal)))
    elif build_complete(player):
        _reveal(s, faction)
        events.append(event("build", "DRP-SETUP-02", faction=faction, who=player.name, sheets=sheets))
    if all(s.player(f).built for f in s.seats):
        _first_move(s, dice, events)


def _reveal(s: State, faction: str) -> None:
    player = s.player(faction)
    used = player.build_usage()
    for colour in Colour:
        player.storage.put(colour, -used.get(colour))  # the rest stays in storage (DRP-SETUP-04)
    player.slots = list(player.build)
    player.build = [None] * len(player.build)


def roll_off(s: State, contenders: list[str], dice: Dice, events: list[Event]) -> str:
    """1d20 each, highest wins, ties among the highest roll again (DRP-GAP-04, decision D2)."""
    first = True
    while True:
        rolls = {f: dice.roll(DATA.dice.first_move_sides, f"первый ход: {s.name(f)}") for f in contenders}
        text = ", ".join(f"{s.name(f)} {r.label()}" for f, r in rolls.items())
        events.append(event("first_roll" if first else "first_reroll", "DRP-GAP-04", rolls=list(rolls.values()),
                            results=text, data={f: r.value for f, r in rolls.items()}))
        top = max(r.value for r in rolls.values())
        contenders = [f for f, r in rolls.items() if r.value == top]
        if len(contenders) == 1:
            return contenders[0]
        first = False


def _first_move(s: State, dice: Dice, events: list[Event]) -> None:
    """Simple: the agreed seat or a roll-off; auction: open the bidding (DRP-FIRST-01..04)."""
    o = s.options
    if o.first_move == "simple":
        first = seat_of(o.first_player, s.seats) or roll_off(s, list(s.seats), dice, events)
        events.append(event("first_player", "DRP-FIRST-02", faction=first, who=s.name(first)))
        start_play(s, first, events)
        return
    opener = seat_of(o.auction_opener, s.seats) or roll_off(s, list(s.seats), dice, events)
    i = s.seats.index(opener)
    order = s.seats[i:] + s.seats[:i]
    s.phase = "auction"
    s.active = None
    s.auction = Auction(bidders=order, turn=opener)
    events.append(event("auction_open", "DRP-GAP-06", faction=opener, who=s.name(opener)))
