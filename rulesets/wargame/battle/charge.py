"""«Атака с ходу» (WG-CHARGE, WG-DEF-CHARGE): the check right after the move line, magic cards
after the result (WG-DEC-13, only with `magic_cards`), the melee at once on a 6, and the
continuation with the remaining ОМ when it is won (WG-CHARGE-06, WG-DEC-12).
The check is optional (WG-CHARGE-02); its dice are 1 (maneuver) or 2 (teleport) plus the
outnumbering of all participants (WG-CHARGE-03, WG-GAP-36); on a 6 the melee runs in full and the
post goes on (WG-DEF-CHARGE-03)."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..messages import dice_count, text
from ..naming import Namer, cap
from ..orders import Continue, Decline, Move, PlayCard, load_orders
from ..rules.geometry import contact
from ..rules.participants import group_of, participants
from ..state import ChargeRun, FightRun, Pending, State
from .flow import AGAIN, POP, ask, dice_text, event, frame_below, take


def step(state: State, cr: ChargeRun, dice: Dice, out: list[Event]) -> str:
    return {"roll": _roll, "cards": _cards, "fight": _fight, "after": _after}[cr.stage](state, cr, dice, out)


def _roll(state: State, cr: ChargeRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    fig = state.figures[cr.figure]
    enemies = [e for e in state.living() if contact(state, fig, e)]
    if not fig.alive or not enemies:
        return POP
    cr.enemy = min({e.side for e in enemies}, key=state.rank)
    group = group_of(state, fig)
    taking = participants(state, group, [cr.faction, cr.enemy])
    own, other = len(taking[cr.faction]), len(taking[cr.enemy])
    base = 2 if cr.teleport else 1
    count = base + max(0, own - other)
    rolls = [dice.roll(6, f"атака с ходу: {n.figure(fig.id)}") for _ in range(count)]
    cr.six = any(r.value == 6 for r in rolls)
    how = f"{'телепортация' if cr.teleport else 'маневр'} — {dice_count(base)}"
    extra = f", перевес {own} против {other}: +{own - other}" if own > other else ""
    out.append(event("charge_check", f"{cap(n.figure(fig.id))} — атака с ходу ({how}{extra}): "
                     f"{dice_text([r.value for r in rolls])} — " +
                     ("шестёрка! Бой прямо сейчас." if cr.six else "шестёрки нет, бой — в фазе рукопашной."),
                     "WG-CHARGE-04" if cr.six else "WG-DEF-CHARGE-05", rolls, figure=fig.id, dice=[r.value for r in rolls],
                     count=count))
    if state.options.magic_cards:
        cr.cards_queue = [cr.faction, cr.enemy]
        cr.stage = "cards"
    else:
        cr.stage = "fight" if cr.six else "after"
    return AGAIN


def _cards(state: State, cr: ChargeRun, dice: Dice, out: list[Event]) -> str:
    """WG-CHARGE-05, WG-DEC-13: both players may play a card «когда сочтете нужным»; the GM
    applies its effect by override (WG-GAP-20)."""
    n = Namer(state)
    while cr.cards_queue:
        who = cr.cards_queue[0]
        answer = take(state, "WG-DEC-13")
        if answer is None:
            result = "шестёрка, бой сейчас" if cr.six else "шестёрки нет"
            return ask(state, Pending(decision="WG-DEC-13", faction=who, prompt=text("ask.card", result=result),
                                      default=text("default.card")))
        cr.cards_queue.pop(0)
        cards = [o.card for o in answer if isinstance(o, PlayCard)]
        for c in cards:
            state.players[who].cards_played.append(c)
            out.append(event("card", f"{n.side(who)} играет карту «{c}» — действие применяет мастер.", "WG-CHARGE-05",
                             faction=who, card=c))
        if not cards:
            out.append(event("card", f"{n.side(who)} карт не играет.", "WG-CHARGE-05", faction=who))
    cr.stage = "fight" if cr.six else "after"
    return AGAIN


def _fight(state: State, cr: ChargeRun, dice: Dice, out: list[Event]) -> str:
    fig = state.figures[cr.figure]
    cr.stage = "after"
    if not fig.alive or cr.enemy is None:
        return AGAIN
    sides = sorted([cr.faction, cr.enemy], key=state.rank)
    state.stack.append(FightRun(sides=sides, pool=group_of(state, fig), cause="charge", charger=cr.faction))
    return AGAIN


def _after(state: State, cr: ChargeRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    fig = state.figures[cr.figure]
    post = frame_below(state, cr, "post")
    if not cr.six:
        fig.om_left = None  # WG-DEF-CHARGE-05
        if post is not None:
            post.charge_figure, post.charge_won = fig.id, False
        return POP
    won = bool(cr.won) and fig.alive
    if post is not None:
        post.charge_figure, post.charge_won = fig.id, won
    if not won:
        fig.om_left = None
        return POP
    left = fig.om_left or 0
    follows = False
    if post is not None and post.next < len(post.orders):
        nxt = load_orders([post.orders[post.next]])[0]
        follows = isinstance(nxt, Continue) and nxt.figure == fig.id
    if follows or left <= 0:
        return POP
    answer = take(state, "WG-DEC-12")
    if answer is None:
        return ask(state, Pending(decision="WG-DEC-12", faction=cr.faction, figures=[fig.id], om=left,
                                  prompt=text("ask.continue", who=n.figure(fig.id), om=left),
                                  default=text("default.continue")))
    moves = [o for o in answer if isinstance(o, (Move, Continue)) and o.figure == fig.id]
    if not moves or any(isinstance(o, Decline) for o in answer):
        fig.om_left = None
        out.append(event("continue_none", f"{cap(n.figure(fig.id))} остаётся на месте после боя.", "WG-CHARGE-06"))
        return POP
    from .maneuver import movement
    order = moves[0]
    cont = Continue(figure=order.figure, dest=order.dest, via=order.via,
                    charge=bool(getattr(order, "charge", False)))
    state.stack.remove(cr)
    movement(state, cr.faction, cont, dice, out)
    return AGAIN
