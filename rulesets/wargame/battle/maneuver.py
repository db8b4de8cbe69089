"""Carrying out a post line by line (WG-DEF-MOVE-08, WG-DEF-SHOOT-13, WG-DEF-TURN-03/04): each
line against the board as the previous lines left it. A line that became illegal because of an
earlier line's dice (a charge melee) is skipped with a note; the reader refuses lines that are
illegal when written."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..naming import Namer, cap, cell_text
from ..orders import Charge, Continue, Deploy, Hold, Move, NoShooting, Shoot, Storm, Teleport, load_orders
from ..rules.paths import Mover
from ..state import ChargeRun, PostRun, ShotRun, State
from .flow import AGAIN, POP, event
from .moves import charge_eligible, check_movement, check_teleport, path_text, tower_targets


def movement(state: State, faction: str, order, dice: Dice, out: list[Event]) -> None:
    """Move, Charge, Continue or Storm; a charge that ends in contact pushes its check."""
    n = Namer(state)
    fig = state.figures.get(order.figure)
    bad, path = check_movement(state, faction, order)
    if bad is not None and not bad.warning:
        out.append(event("line_skipped", f"Строка «{order.to_text(Namer(state, faction))}» не выполнена: {bad.message}",
                         bad.clause, faction=faction))
        return
    assert fig is not None and path is not None and fig.cell is not None
    start = fig.cell
    dest = fig.cell if (isinstance(order, Storm) and order.dest is None) else tuple(order.dest)
    continuation = isinstance(order, Continue)
    spent = path.cost or 0
    fig.cell = dest
    if dest != start:
        fig.moved = True
    fig.done = True
    if continuation:
        fig.om_left = path.left
    else:
        fig.om_spent += spent
    contact = path.contact or Mover(state, fig).in_contact(dest)
    word = "продолжает: " if continuation else ""
    text = (f"{cap(n.figure(fig.id))}: {word}{path_text(start, path)} ({spent} ОМ, осталось {path.left})"
            if dest != start else f"{cap(n.figure(fig.id))} остаётся на {cell_text(start)}")
    if contact:
        text += " — вступает в контакт с врагом"
    clause = "WG-DEF-CHARGE-04" if continuation else "WG-DEF-MOVE-05"
    if isinstance(order, Storm):
        targets = tower_targets(state, fig, dest)
        fig.om_spent = fig.om_spent + path.left
        fig.storming = True
        text += f"; штурм башни ({path.left} ОМ): вызывает на бой {n.listing([t.id for t in targets], 'acc')}"
        clause = "WG-DEF-TOWER-02"
    out.append(event("move", text + ".", clause, faction=faction, figure=fig.id, path=[list(start), *map(list, path.cells)],
                     cost=spent, left=path.left))
    charging = isinstance(order, Charge) or (continuation and order.charge) or \
        (state.options.auto_charge and not isinstance(order, Storm) and charge_eligible(state, faction))
    if charging and contact:
        fig.om_left = path.left
        state.stack.append(ChargeRun(faction=faction, figure=fig.id))
    elif contact:
        fig.om_left = None  # WG-DEF-MOVE-04: leftover ОМ are lost


def teleport(state: State, faction: str, order: Teleport, dice: Dice, out: list[Event]) -> None:
    n = Namer(state)
    bad = check_teleport(state, faction, order)
    if bad is not None:
        out.append(event("line_skipped", f"Строка «{order.to_text(Namer(state, faction))}» не выполнена: {bad.message}",
                         bad.clause, faction=faction))
        return
    mage, fig = state.figures[order.mage], state.figures[order.figure]
    start = fig.cell
    fig.cell = tuple(order.dest)
    fig.moved = fig.teleported = fig.done = True
    mage.teleport_used = mage.done = True
    contact = Mover(state, fig).in_contact(fig.cell)
    who = "себя" if fig.id == mage.id else n.figure(fig.id, "acc")
    out.append(event("teleport", f"{cap(n.figure(mage.id))} телепортирует {who}: {cell_text(start)} → {cell_text(fig.cell)}"
                     + (" — прямо в контакт с врагом." if contact else "."), "WG-DEF-ABIL-01", faction=faction,
                     figure=fig.id, to=list(fig.cell)))
    if contact and (order.charge or state.options.auto_charge):
        state.stack.append(ChargeRun(faction=faction, figure=fig.id, teleport=True))


def deploy(state: State, faction: str, order: Deploy, out: list[Event]) -> None:
    from .deployment import check_deploy
    bad = check_deploy(state, faction, order)
    if bad is not None:
        out.append(event("line_skipped", f"Расстановка «{order.to_text(Namer(state, faction))}» не выполнена: {bad.message}",
                         bad.clause, faction=faction))
        return
    state.figures[order.figure].cell = tuple(order.cell)


def post_step(state: State, pr: PostRun, dice: Dice, out: list[Event]) -> str:
    """The next line of the post; the post ends the poster's turn in this phase."""
    if pr.next >= len(pr.orders):
        return POP
    order = load_orders([pr.orders[pr.next]])[0]
    pr.next += 1
    n = Namer(state)
    if isinstance(order, Deploy):
        deploy(state, pr.faction, order, out)
    elif isinstance(order, Continue):
        if pr.charge_figure == order.figure and pr.charge_won:
            movement(state, pr.faction, order, dice, out)
        else:
            out.append(event("continue_skipped", f"«{order.to_text(Namer(state, pr.faction))}» — не выполняется: "
                             "атака с ходу не выиграна.", "WG-DEF-CHARGE-04", faction=pr.faction))
            fig = state.figures.get(order.figure)
            if fig is not None:
                fig.om_left = None
    elif isinstance(order, (Move, Charge, Storm)):
        movement(state, pr.faction, order, dice, out)
    elif isinstance(order, Teleport):
        teleport(state, pr.faction, order, dice, out)
    elif isinstance(order, Hold):
        if order.figure is not None:
            state.figures[order.figure].done = True
            out.append(event("hold", f"{cap(n.figure(order.figure))} стоит на месте.", "WG-DEF-MOVE-06",
                             faction=pr.faction))
    elif isinstance(order, Shoot):
        state.stack.append(ShotRun(faction=pr.faction, shooter=order.figure, weapon=_weapon_key(state, order),
                                   target=order.target))
    elif isinstance(order, NoShooting):
        pass
    return AGAIN


def _weapon_key(state: State, order: Shoot) -> str:
    if order.weapon is not None:
        return order.weapon
    weapons = state.spec(state.figures[order.figure]).weapons
    return weapons[0].key if weapons else ""
