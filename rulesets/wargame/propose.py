"""Random legal posts written as players write them (`Ruleset.propose`), for the conformance suite,
the demo and the property tests.

Each post is built from orders that the rules' checkers accept against the board as the lines
above leave it, then written line by line in one of several voices (the canonical line, an arrow
line, a dash line, a line with chatter or BBCode around it). The whole post is read back; a line
whose voice does not read back to the same order falls back to its canonical text, so a proposal
is always read to exactly the orders it was built from.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.dice import Dice

from .battle.moves import charge_eligible, check_movement, check_teleport, own_figure
from .naming import Namer, cap, cell_text
from .orders import (
    ActivateArtifact,
    ByDice,
    Casualties,
    Charge,
    Decline,
    Deploy,
    FightFirst,
    Hold,
    Move,
    NoSave,
    NoShooting,
    Shoot,
    Step,
    Stray,
    Teleport,
    TowerCells,
    Withdraw,
)
from .reader import BY_DICE, DECLINE_FOR, Checker, _check_answer, default_answer, read_post_strict, step_of
from .rules.geometry import dist, on_board, terrain
from .rules.paths import figure_om
from .rules.shooting import check_shot
from .state import State

CHATTER = ("За Короля!!!", "Вперёд, ребята!", "Ну, держитесь :)", "(офф: завтра отвечу позже)", "Удачи всем!")


def _pick(dice: Dice, items: list, purpose: str = "предложение"):
    return items[dice.roll(len(items), purpose).value - 1] if len(items) > 1 else items[0]


def _chance(dice: Dice, percent: int) -> bool:
    return dice.roll(100, "предложение").value <= percent


def propose(state: State, faction: str, dice: Dice) -> str:
    step, bad = step_of(state, faction)
    if bad is not None or step is None:
        return "Пусть решит кубик."
    if step.startswith("WG-DEC"):
        return _decision(state, faction, step, dice)
    if step == "deploy":
        orders = _deployment(state, faction, dice)
    elif step == "shooting":
        orders = _shots(state, faction, dice)
    else:
        orders = _maneuver(state, faction, dice)
        if step == "merged":
            orders += _shots(state, faction, dice, after=orders)
    return _write(state, faction, orders, dice)


# --- building orders ------------------------------------------------------------------------------------
def _deployment(state: State, faction: str, dice: Dice) -> list[BaseModel]:
    from .battle.deployment import zone_of
    zone = zone_of(state, faction)
    figs = [f for f in sorted(state.figures.values(), key=lambda f: f.order) if f.side == faction and f.alive
            and f.cell is None]
    if zone is None:
        return []
    (x1, y1), (x2, y2) = zone.corner, zone.opposite
    cells = [(x, y) for y in range(min(y1, y2), max(y1, y2) + 1) for x in range(min(x1, x2), max(x1, x2) + 1)
             if state.at((x, y)) is None and terrain(state.board, (x, y)) != "rock"]
    out = []
    for f in figs:
        if not cells:
            break
        c = _pick(dice, cells)
        cells.remove(c)
        out.append(Deploy(figure=f.id, cell=c))
    return out


def _maneuver(state: State, faction: str, dice: Dice) -> list[BaseModel]:
    sim = state.clone()
    out: list[BaseModel] = []
    figs = [f for f in sim.living(faction)]
    enemies = [e for e in sim.living() if e.side != faction]
    for fig in figs:
        if fig.done or not _chance(dice, 75):
            continue
        mage_ability = "teleport" in sim.spec(fig).abilities and not fig.teleport_used
        if mage_ability and _chance(dice, 15):
            order = _teleport(sim, faction, fig, dice)
            if order is not None:
                _apply(sim, order)
                out.append(order)
                continue
        om = figure_om(sim, fig) - fig.om_spent
        if om <= 0:
            continue
        # lean towards the enemy so that battles end
        near = min(enemies, key=lambda e: dist(e.cell, fig.cell)) if enemies else None
        cells = [(x, y) for x in range(fig.cell[0] - om, fig.cell[0] + om + 1)
                 for y in range(fig.cell[1] - om, fig.cell[1] + om + 1)
                 if on_board(sim.board, (x, y)) and (x, y) != fig.cell]
        if near is not None and _chance(dice, 70):
            cells.sort(key=lambda c: dist(c, near.cell))
            cells = cells[:6]
        for _ in range(6):
            if not cells:
                break
            c = _pick(dice, cells)
            cells.remove(c)
            order: BaseModel = Move(figure=fig.id, dest=c)
            bad, path = check_movement(sim, faction, order)
            if bad is not None:
                continue
            if path is not None and path.contact and charge_eligible(sim, faction) and _chance(dice, 60):
                order = Charge(figure=fig.id, dest=c)
                if check_movement(sim, faction, order)[0] is not None:
                    order = Move(figure=fig.id, dest=c)
            _apply(sim, order)
            out.append(order)
            break
    if not out:
        out.append(Hold())
    return out


def _teleport(sim: State, faction: str, mage, dice: Dice) -> Teleport | None:
    near = [f for f in sim.living(faction) if f.kind == "warrior" and dist(f.cell, mage.cell) <= 1 and not f.done]
    whom = _pick(dice, [mage, *near])
    for _ in range(8):
        x = mage.cell[0] + dice.roll(17, "предложение").value - 9
        y = mage.cell[1] + dice.roll(17, "предложение").value - 9
        t = Teleport(mage=mage.id, figure=whom.id, dest=(x, y))
        if on_board(sim.board, (x, y)) and check_teleport(sim, faction, t) is None:
            return t
    return None


def _apply(sim: State, order: BaseModel) -> None:
    if isinstance(order, Teleport):
        mage, fig = sim.figures[order.mage], sim.figures[order.figure]
        fig.cell = tuple(order.dest)
        fig.moved = fig.teleported = fig.done = True
        mage.teleport_used = mage.done = True
        return
    fig = sim.figures[order.figure]  # type: ignore[attr-defined]
    _, path = check_movement(sim, fig.side, order)
    fig.cell = tuple(order.dest)  # type: ignore[attr-defined]
    fig.done = fig.moved = True
    fig.om_spent += (path.cost or 0) if path else 0


def _shots(state: State, faction: str, dice: Dice, after: list[BaseModel] | None = None) -> list[BaseModel]:
    sim = state.clone()
    for o in after or []:
        if not isinstance(o, Hold):
            _apply(sim, o)
    out: list[BaseModel] = []
    for fig in sim.living(faction):
        for w in sim.spec(fig).weapons:
            targets = [e for e in sim.living() if e.side != faction and check_shot(sim, fig, w.key, e) is None]
            if targets and _chance(dice, 80):
                t = _pick(dice, targets)
                several = len(sim.spec(fig).weapons) > 1
                out.append(Shoot(figure=fig.id, target=t.id, weapon=w.key if several else None))
                fig.fired.append(w.key)
    return out or ([] if after else [NoShooting()])


# --- writing ----------------------------------------------------------------------------------------
def _voice(order: BaseModel, state: State, n: Namer, dice: Dice) -> str:
    canonical = order.to_text(n)  # type: ignore[attr-defined]
    r = dice.roll(6, "предложение").value
    if isinstance(order, Move) and order.via == ():
        fig = state.figures[order.figure]
        who = cap(n.figure(order.figure))
        if r == 1 and fig.cell:
            return f"{who}: {cell_text(fig.cell)} → {cell_text(order.dest)}"
        if r == 2:
            return f"{who} — на {cell_text(order.dest)}"
        if r == 3:
            return f"[b]{who}[/b] двигается на клетку {cell_text(order.dest)}!"
    if isinstance(order, Deploy):
        who = cap(n.figure(order.figure))
        if r == 1:
            return f"{who} на {cell_text(order.cell)}"
        if r == 2:
            return f"{who}: ({order.cell[0]},{order.cell[1]})"
    if isinstance(order, Shoot) and order.weapon is None:
        who = cap(n.figure(order.figure))
        if r == 1:
            return f"{who} → {n.figure(order.target)}"
        if r == 2:
            return f"{who}: выстрел по {n.figure(order.target, 'dat')}"
    if isinstance(order, Charge) and r == 1:
        return f"{cap(n.figure(order.figure))} идёт на {cell_text(order.dest)} — с ходу!"
    return canonical


def _write(state: State, faction: str, orders: list[BaseModel], dice: Dice) -> str:
    n = Namer(state, faction)
    lines = [_voice(o, state, n, dice) for o in orders]
    if _chance(dice, 25):
        lines.insert(0, _pick(dice, list(CHATTER)))
    post = "\n".join(lines)
    got = read_post_strict(post, state, faction)
    if got.ok and [o.model_dump() for o in got.orders] == [o.model_dump() for o in orders]:
        return post
    post = "\n".join(o.to_text(n) for o in orders)  # type: ignore[attr-defined]
    got = read_post_strict(post, state, faction)
    if got.ok and [o.model_dump() for o in got.orders] == [o.model_dump() for o in orders]:
        return post
    # the safe fallback of each step
    step = step_of(state, faction)[0]
    if step == "shooting":
        return "Не стреляем."
    if step == "deploy":
        from .battle.deployment import default_deployment
        return "\n".join(o.to_text(n) for o in default_deployment(state, faction))
    return "Все стоят на месте."


def _decision(state: State, faction: str, step: str, dice: Dice) -> str:
    p = state.pending
    assert p is not None
    n = Namer(state, faction)
    tries: list[list[BaseModel]] = []
    if step == "WG-DEC-01":
        tries.append([Stray(victim=_pick(dice, p.figures))])
    elif step == "WG-DEC-02":
        figs = list(p.figures)
        lethal = []
        for _ in range(p.count):
            f = _pick(dice, [x for x in figs if x not in lethal])
            lethal.append(f)
        tries.append([Casualties(lethal=tuple(lethal), lesser=tuple(x for x in figs if x not in lethal))])
        tries.append([Casualties(lethal=tuple(lethal))])
    elif step == "WG-DEC-03":
        figs = list(p.figures)
        chosen = []
        for _ in range(p.count):
            chosen.append(_pick(dice, [x for x in figs if x not in chosen]))
        tries.append([NoSave(figures=tuple(chosen))])
    elif step in ("WG-DEC-04", "WG-DEC-05", "WG-DEC-06"):
        cls = Withdraw if step == "WG-DEC-06" else Step
        moves = []
        taken: set = set()
        for f, cells in p.cells.items():
            free = [tuple(c) for c in cells if tuple(c) not in taken]
            if free and _chance(dice, 50):
                c = _pick(dice, free)
                taken.add(c)
                moves.append(cls(figure=f, cell=c))
        if moves:
            tries.append(moves)
    elif step == "WG-DEC-09" and p.figures and p.cells:
        free = [tuple(c) for c in next(iter(p.cells.values()))]
        if _chance(dice, 50):
            free.reverse()
        tries.append([TowerCells(moves=tuple(zip(p.figures, free)))])  # type: ignore[arg-type]
    elif step == "WG-DEC-07" and p.choices:
        tries.append([FightFirst(opponent=_pick(dice, list(p.choices)))])
    elif step == "WG-DEC-10" and p.choices:
        tries.append([ActivateArtifact(artifact=_pick(dice, list(p.choices)))])
    elif step == "WG-DEC-12" and p.figures:
        fig = state.figures[p.figures[0]]
        if fig.cell is not None:
            from .orders import Continue
            for _ in range(6):
                c = (fig.cell[0] + dice.roll(3, "предложение").value - 2, fig.cell[1] + dice.roll(3, "предложение").value - 2)
                if c != fig.cell and on_board(state.board, c):
                    tries.append([Continue(figure=fig.id, dest=c)])
                    break
    simple: list[BaseModel] = [ByDice()] if step in BY_DICE else []
    if step in DECLINE_FOR:
        simple = [Decline(what=DECLINE_FOR[step])]  # type: ignore[arg-type]
    if _chance(dice, 30) and simple:
        tries.insert(0, simple)
    tries.append(simple or default_answer(state, faction))
    for orders in tries:
        if not orders or _check_answer(orders, state, faction, step) is not None:
            continue
        post = _answer_text(orders, n, dice, step)
        got = read_post_strict(post, state, faction)
        if got.ok and [o.model_dump() for o in got.orders] == [o.model_dump() for o in orders]:
            return post
        post = " ".join(o.to_text(n) for o in orders)  # type: ignore[attr-defined]
        got = read_post_strict(post, state, faction)
        if got.ok and [o.model_dump() for o in got.orders] == [o.model_dump() for o in orders]:
            return post
    return "На ваше усмотрение."


def _answer_text(orders: list[BaseModel], n: Namer, dice: Dice, step: str) -> str:
    if len(orders) == 1 and isinstance(orders[0], ByDice):
        return _pick(dice, ["Пусть решит кубик.", "Случайно.", "Кидаю кубик.", "Пусть решит кубик."])
    if len(orders) == 1 and isinstance(orders[0], Decline):
        return _pick(dice, [orders[0].to_text(n), "Нет.", orders[0].to_text(n)])
    return "\n".join(o.to_text(n) for o in orders)  # type: ignore[attr-defined]


__all__ = ["Checker", "own_figure", "propose"]
