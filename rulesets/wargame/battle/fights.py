"""One pairwise melee, step by step (WG-DEF-MELEE-07), pausing at each decision:

1. participants (WG-DEF-MELEE-02); 2. dice, one per figure (WG-MELEE-04, WG-GAP-10);
3. scores and difference (WG-MELEE-05..08); 4. damage allocation — WG-DEC-02 by the loser;
5. no-save selection — WG-DEC-03 by the loser; 6. saves in army-list order (WG-SAVE-01);
7. save steps — WG-DEC-04 by the owner; then the damage is applied (WG-DMG-02..04);
8. artifact activation if a commander died (WG-ART-06, WG-DEC-10); the tower is taken if the
besiegers won (WG-TOWER-03, WG-DEC-09); 9. withdrawal — WG-DEC-06, loser first (WG-RETREAT-01, WG-DEF-RETREAT-02, WG-GAP-17).
Distribution follows WG-DMG-07 / WG-GAP-13 / WG-GAP-38; the no-save choice is the loser's
(WG-SAVE-05, WG-SAVE-06, WG-GAP-26); the steps follow WG-GAP-27. Supporters join by WG-MELEE-02;
each pairwise fight is complete before the next, with results carried over (WG-MULTI-04).
"""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.text_words import counted, joined

from ..messages import count_fields, text
from ..naming import Namer, cap, cell_text, points
from ..orders import ByDice, Casualties, NoSave, Step, TowerCells, Withdraw
from ..rules.damage import (
    LETHAL,
    band,
    check_allocation,
    default_lethal,
    fill_lesser,
    lethal_count,
    lethal_sum,
    no_save_count,
    portion_effect,
    single_portion,
)
from ..rules.geometry import dist, neighbours, terrain
from ..rules.participants import participants
from ..rules.randompick import pick
from ..rules.scoring import score
from ..state import ActivationRun, Cell, FightRun, Pending, State
from .flow import AGAIN, POP, ask, dice_text, event, frame_below, take

KIND_TABLE = {"warrior": "воин/маг", "mage": "воин/маг", "machine": "боевая машина", "dragon": "дракон"}


def step(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    return STAGES[fr.stage](state, fr, dice, out)


def _figs(state: State, ids):
    return [state.figures[i] for i in ids]


# --- 1–3: participants, dice, scores ---------------------------------------------------------------
def _start(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    exclude = set() if state.options.charge_melee_repeats or fr.cause == "charge" else \
        {f.id for f in state.figures.values() if f.charge_fought}
    fr.participants = participants(state, fr.pool, fr.sides, exclude)
    n = Namer(state)
    a, b = fr.sides
    if not fr.participants[a] or not fr.participants[b]:
        out.append(event("melee_skipped", f"Бой {n.side(a)} — {n.side(b)} не состоялся: у одной из сторон не "
                         "осталось участников.", "WG-MULTI-03"))
        return POP
    for s in fr.sides:
        other = b if s == a else a
        for f in _figs(state, fr.participants[s]):
            if f.storming and any(terrain(state.board, e.cell) == "tower" and dist(f.cell, e.cell) <= 1
                                  for e in _figs(state, fr.participants[other])):
                fr.challengers.append(f.id)
    cells = [state.figures[f].cell for s in fr.sides for f in fr.participants[s]]
    where = cell_text(min(cells, key=lambda c: (c[1], c[0])))
    head = (f"Схватка у {where}: {n.side(a)} — {n.listing(fr.participants[a])}; "
            f"{n.side(b)} — {n.listing(fr.participants[b])}.")
    if fr.challengers:
        stay = "остаются" if len(fr.challengers) > 1 else "остаётся"
        head += f" Штурм башни: {n.listing(fr.challengers)} {stay} внизу."
    out.append(event("melee", head, "WG-MELEE-01", sides=fr.sides, participants=fr.participants,
                     cause=fr.cause))
    lines, rolls = [], []
    for s in fr.sides:
        other = b if s == a else a
        own, enemies = _figs(state, fr.participants[s]), _figs(state, fr.participants[other])
        besieged = any(c in fr.participants[other] for c in fr.challengers)  # WG-TOWER-04
        parts_text = []
        total = 0
        for f in own:
            r = dice.roll(6, f"рукопашная: {n.figure(f.id)}")
            rolls.append(r)
            sc = score(state, f, r.value, own, enemies, besieged)
            total += sc.total
            bonus = "".join(f" + {points(v)} ({label})" for label, v in sc.parts)
            line = f"{cap(n.figure(f.id))}: кубик {r.value}{bonus}"
            if sc.halved:
                line += f" = {points(sc.raw)}, ранен — половина: {points(sc.total)}"
            elif sc.parts:
                line += f" = {points(sc.total)}"
            parts_text.append(line)
        fr.totals[s] = total
        lines.append(f"{n.side(s)}: " + "; ".join(parts_text) + f". Итого {points(total)}.")
    fr.diff = abs(fr.totals[a] - fr.totals[b])
    if fr.totals[a] == fr.totals[b]:
        fr.loser = None
        verdict = "Ничья — никто не пострадал."
    else:
        fr.loser = a if fr.totals[a] < fr.totals[b] else b
        verdict = f"Разница {points(fr.diff)} — проигрывает {n.side(fr.loser)}."
    out.append(event("melee_dice", " ".join(lines) + " " + verdict, "WG-MELEE-05", rolls,
                     totals=fr.totals, diff=fr.diff, loser=fr.loser))
    if fr.loser is None or fr.diff < 2:
        if fr.loser is not None:
            out.append(event("damage_none", f"Разница {points(fr.diff)} — по таблице урона «0–0,5»: никто не "
                             "пострадал.", "WG-DMG-01"))
        fr.stage = "retreat"
    else:
        fr.stage = "allocate"
    return AGAIN


# --- 4: damage allocation (WG-DEC-02) ------------------------------------------------------------
def _allocate(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    assert fr.loser is not None
    n = Namer(state)
    figs = _figs(state, fr.participants[fr.loser])
    if len(figs) == 1:
        one = single_portion(state, figs[0], fr.diff)
        if one is None:
            fr.stage = "retreat"
            out.append(event("damage_none", f"Разница {points(fr.diff)}: по таблице урона ({KIND_TABLE[figs[0].kind]}, "
                             f"«{band(fr.diff)}») {n.figure(figs[0].id)} не {n.agreeing(figs[0].id, 'пострадал')}.",
                             "WG-DMG-04"))
            return AGAIN
        lethal, portion = one
        fr.lethal = [figs[0].id] if lethal else []
        fr.lesser = {} if lethal else {figs[0].id: portion}
        fr.stage = "nosave"
        return AGAIN
    count = lethal_count(figs, fr.diff)
    lethal0 = default_lethal(state, figs, fr.diff)
    lesser0 = fill_lesser(state, figs, lethal0, fr.diff)
    forced = count == len(figs) or (count == 0 and len(lesser0) in (0, len(figs)))
    if forced:
        fr.lethal, fr.lesser = lethal0, lesser0
    else:
        answer = take(state, "WG-DEC-02")
        if answer is None:
            rest = fr.diff - lethal_sum(state, lethal0)
            return ask(state, Pending(
                decision="WG-DEC-02", faction=fr.loser, figures=[f.id for f in figs], count=count,
                prompt=casualty_question(n, [f.id for f in figs], fr.diff, count, len(lesser0), rest),
                default=text("default.casualties")))
        chosen = next((o for o in answer if isinstance(o, Casualties)), None)
        bad = None if chosen is None else check_allocation(state, figs, fr.diff, list(chosen.lethal), list(chosen.lesser))
        if chosen is not None and bad is None:
            fr.lethal = list(chosen.lethal)
            fr.lesser = fill_lesser(state, figs, fr.lethal, fr.diff, list(chosen.lesser))
            out.append(event("casualties_chosen", f"{n.side(fr.loser)} распределяет урон по своему выбору.",
                             "WG-DMG-06", faction=fr.loser))
        else:
            if chosen is not None:
                out.append(event("answer_invalid", f"Распределение {n.side(fr.loser)} не подходит к правилу "
                                 f"(смертельный урон {text('dec.lethal_count.short', **count_fields(count, 0))})"
                                 " — решает кубик.", "WG-DEF-DMG-01"))
            _random_allocation(state, fr, figs, count, dice, out)
    lines = []
    if fr.lethal:
        lines.append(f"смертельный урон — {n.listing(fr.lethal)}")
    if fr.lesser:
        lines.append(f"ранения — {n.listing(list(fr.lesser))}")
    out.append(event("allocation", f"Распределение урона ({points(fr.diff)}): " + "; ".join(lines) + ".",
                     "WG-DMG-05", lethal=fr.lethal, lesser=fr.lesser))
    fr.stage = "nosave"
    return AGAIN


def casualty_question(n: Namer, fids: list[str], diff: int, lethal: int, lesser: int, rest: int) -> str:
    """WG-DEC-02 as the loser is asked it: «Схватка проиграна с разницей 5: 2 смертельные доли и
    1 ранение (после смертельных долей остаётся 1). Кто из всадников №1, №2 и №3 убит, а кто ранен?»"""
    portions = []
    if lethal:
        portions.append(counted(lethal, "смертельная доля", "смертельные доли", "смертельных долей"))
    if lesser:
        portions.append(counted(lesser, "ранение", "ранения", "ранений"))
    which = "both" if lethal and lesser else "lethal" if lethal else "lesser"
    return text("ask.casualties", diff=points(diff), portions=" и ".join(portions), rest=points(rest),
                question=text(f"ask.casualties.{which}", options=n.listing(fids, "gen")))


def _random_allocation(state: State, fr: FightRun, figs, count: int, dice: Dice, out: list[Event]) -> None:
    """WG-DEC-02 default: random picks (WG-DEF-RANDOM-01), lethal portions first."""
    from ..rules.randompick import canonical
    lethal: list[str] = []
    rest = fr.diff
    rolls = []
    for _ in range(count):
        pool = [f.id for f in figs if f.id not in lethal]
        cheapest = min(LETHAL[state.figures[f].kind] for f in pool)
        pool = canonical(state, [f for f in pool if LETHAL[state.figures[f].kind] == cheapest])
        chosen, r = pick(dice, pool, "случайный выбор: смертельный урон")
        rolls += r
        lethal.append(chosen)
        rest -= cheapest
    order: list[str] = []
    pool = canonical(state, [f.id for f in figs if f.id not in lethal])
    while pool:
        chosen, r = (pool[0], []) if len(pool) == 1 else pick(dice, pool, "случайный выбор: ранение")
        rolls += r
        order.append(chosen)
        pool.remove(chosen)
    fr.lethal = lethal
    fr.lesser = fill_lesser(state, figs, lethal, fr.diff, order)
    who = "кто убит, а кто ранен" if lethal and fr.lesser else "кто убит" if lethal else "кто ранен"
    out.append(event("random_pick", f"Кубик решает, {who}: {dice_text([r.value for r in rolls])}.",
                     "WG-DEF-RANDOM-01", rolls))


# --- 5: who gets no save (WG-DEC-03) -------------------------------------------------------------
def _may_save(state: State, fid: str) -> bool:
    f = state.figures[fid]
    return f.kind in ("warrior", "mage") or state.options.saves_for_machines_and_dragons


def _nosave(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    assert fr.loser is not None
    n = Namer(state)
    damaged = [f for f in [*fr.lethal, *fr.lesser] if _may_save(state, f)]
    count = no_save_count(fr.diff, lethal_sum(state, fr.lethal))
    if count and damaged:
        if count >= len(damaged):
            fr.denied = list(damaged)
        else:
            answer = take(state, "WG-DEC-03")
            if answer is None:
                return ask(state, Pending(decision="WG-DEC-03", faction=fr.loser, figures=damaged, count=count,
                                          prompt=text("ask.nosave", count=count, options=n.listing(damaged, "gen"),
                                                      stay=count_fields(count, 0)["stay"]),
                                          default=text("default.random")))
            chosen = next((o for o in answer if isinstance(o, NoSave)), None)
            if chosen is not None and len(set(chosen.figures)) == count and set(chosen.figures) <= set(damaged):
                fr.denied = list(chosen.figures)
            else:
                from ..rules.randompick import canonical
                pool, rolls = canonical(state, damaged), []
                while len(fr.denied) < count:
                    f, r = pick(dice, pool, "случайный выбор: без спас-броска")
                    rolls += r
                    fr.denied.append(f)
                    pool.remove(f)
                out.append(event("random_pick", f"Кубик решает, кто остаётся без спас-броска: "
                                 f"{dice_text([r.value for r in rolls])}.", "WG-DEF-RANDOM-01", rolls))
        out.append(event("no_save", f"Разница {points(fr.diff)}, смертельного урона {points(lethal_sum(state, fr.lethal))}: "
                         f"без спас-броска {count_fields(count, 0)['stay']} {n.listing(fr.denied)}.", "WG-SAVE-04",
                         denied=fr.denied))
    fr.stage = "saves"
    return AGAIN


# --- 6–7: saves and the steps after them (WG-DEC-04) -----------------------------------------------
def _saves(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    for fid in sorted([*fr.lethal, *fr.lesser], key=lambda f: state.figures[f].order):
        fig = state.figures[fid]
        armour = state.spec(fig).armour
        if fid in fr.denied or not _may_save(state, fid) or armour <= 0:
            continue
        rolls = [dice.roll(6, f"спас-бросок: {n.figure(fid)}") for _ in range(armour)]
        ok = any(r.value == 6 for r in rolls)
        if ok:
            fr.saved.append(fid)
        out.append(event("save", f"Спас-бросок: {n.figure(fid)} (броня {armour}) — {dice_text([r.value for r in rolls])} — "
                         + ("броня выдержала!" if ok else "не спасла."), "WG-SAVE-01", rolls, figure=fid, saved=ok))
    fr.stage = "steps"
    return AGAIN


def step_cells(state: State, fig, enemies) -> list[Cell]:
    """WG-DEF-STEP-01 (after a save) and WG-DEF-RETREAT-01: free adjacent cells not closer to any
    enemy participant than the figure stands now."""
    out = []
    taken = state.occupied_cells()
    for c in neighbours(state.board, fig.cell):
        if c in taken or terrain(state.board, c) == "rock":
            continue
        if all(dist(c, e.cell) >= dist(fig.cell, e.cell) for e in enemies if e.alive):
            out.append(c)
    return out


def _steps(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    if fr.saved and fr.loser is not None:
        other = next(s for s in fr.sides if s != fr.loser)
        enemies = _figs(state, fr.participants[other])
        cells = {f: step_cells(state, state.figures[f], enemies) for f in fr.saved}
        cells = {f: c for f, c in cells.items() if c}
        if cells:
            answer = take(state, "WG-DEC-04")
            if answer is None:
                n = Namer(state)
                return ask(state, Pending(decision="WG-DEC-04", faction=fr.loser, figures=list(cells), cells=cells,
                                          prompt=text("ask.save_step", who=n.listing(list(cells)),
                                                      saves="Спас-броски удались" if len(cells) > 1
                                                      else "Спас-бросок удался",
                                                      may="могут" if len(cells) > 1 else "может",
                                                      options="; ".join(f"{n.figure(f)}: " + ", ".join(cell_text(c) for c in cs)
                                                                        for f, cs in cells.items())),
                                          default=text("default.stay")))
            _do_steps(state, answer, cells, out, "WG-SAVE-02")
    fr.stage = "apply"
    return AGAIN


def _do_steps(state: State, answer, cells: dict[str, list[Cell]], out: list[Event], clause: str) -> None:
    n = Namer(state)
    moved = False
    for o in answer:
        if isinstance(o, (Step, Withdraw)) and o.figure in cells and tuple(o.cell) in cells[o.figure] \
                and state.at(tuple(o.cell)) is None:
            fig = state.figures[o.figure]
            verb = "отходит" if isinstance(o, Withdraw) else "шагает"
            out.append(event("step", f"{cap(n.figure(fig.id))} {verb} с {cell_text(fig.cell)} на {cell_text(o.cell)}.",
                             clause, figure=fig.id, to=list(o.cell)))
            fig.cell = tuple(o.cell)
            moved = True
    if not moved:
        out.append(event("step", "Фигуры остаются на местах.", clause))


# --- applying the damage, artifacts, the tower ------------------------------------------------------
def _apply(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    from ..rules.artifacts import on_death
    n = Namer(state)
    winner = next(s for s in fr.sides if s != fr.loser)
    for fid in sorted([*fr.lethal, *fr.lesser], key=lambda f: state.figures[f].order):
        fig = state.figures[fid]
        if fid in fr.saved:
            continue
        lethal = fid in fr.lethal
        portion = LETHAL[fig.kind] if lethal else fr.lesser[fid]
        name = cap(n.figure(fid))
        on_tower = terrain(state.board, fig.cell) == "tower"
        cell = fig.cell
        outcome = portion_effect(state, fig, portion, lethal)
        clause = {"warrior": "WG-DMG-02", "mage": "WG-DMG-02", "machine": "WG-DMG-03", "dragon": "WG-DMG-04"}[fig.kind]
        out.append(event("damage", f"{name}: {'смертельный урон' if lethal else 'урон'} {points(portion)} "
                         f"(таблица урона, {KIND_TABLE[fig.kind]}) — {outcome}.", clause,
                         figure=fid, portion=portion, lethal=lethal, outcome=outcome))
        if not fig.alive:
            fr.killed.append(fid)
            lost = on_death(state, fig)
            if lost:
                out.append(event("artifact_off", f"Артефакт «{n.artifact(lost)}» угас вместе с хранителем.", "WG-ART-03"))
            if on_tower and fr.challengers:
                fr.freed.append(cell)
                out.append(event("thrown_down", f"Тело {n.figure(fid, 'gen')} сброшено с башни.",
                                 "WG-TOWER-03"))
            fig.cell = None
            if state.spec(fig).commander and fr.loser is not None and \
                    state.options.artifact_activation == "tradition":
                state.stack.append(ActivationRun(faction=winner,
                                                 reason=f"{n.agreeing(fid, 'убит')} {n.figure(fid)}"))
    fr.stage = "tower"
    return AGAIN


def _tower(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    winner = next(s for s in fr.sides if s != fr.loser) if fr.loser else None
    climbers = [f for f in fr.challengers if state.figures[f].alive and state.figures[f].side == winner]
    free = [c for c in fr.freed if state.at(c) is None]
    if climbers and free:
        pairs = None
        if len(climbers) > 1 or len(free) > 1:
            answer = take(state, "WG-DEC-09")
            if answer is None:
                n = Namer(state)
                return ask(state, Pending(decision="WG-DEC-09", faction=winner, figures=climbers,
                                          cells={f: free for f in climbers},
                                          prompt=text("ask.tower", who=n.listing(climbers, "gen"),
                                                      cells="освобождённые клетки" if len(free) > 1
                                                      else "освобождённую клетку",
                                                      options=joined([cell_text(c) for c in free])),
                                          default=text("default.tower")))
            chosen = next((o for o in answer if isinstance(o, TowerCells)), None)
            if chosen is not None:
                got = [(f, tuple(c)) for f, c in chosen.moves]
                if len({f for f, _ in got}) == len(got) == len({c for _, c in got}) and \
                        all(f in climbers and c in free for f, c in got) and len(got) == min(len(climbers), len(free)):
                    pairs = got
            if pairs is None:
                pairs = tower_cells(state, climbers, free, dice, out, at_random=any(isinstance(o, ByDice) for o in answer))
        if pairs is None:
            pairs = tower_cells(state, climbers, free, dice, out, at_random=False)
        n = Namer(state)
        for f, c in pairs:
            out.append(event("tower_taken", f"{cap(n.figure(f))} поднимается на башню: {cell_text(c)}.", "WG-TOWER-03",
                             figure=f, to=list(c)))
            state.figures[f].cell = c
    for f in fr.challengers:
        state.figures[f].storming = False
    fr.stage = "retreat"
    return AGAIN


def tower_cells(state: State, climbers: list[str], free: list[Cell], dice: Dice, out: list[Event], *,
                at_random: bool) -> list[tuple[str, Cell]]:
    """WG-DEC-09 without the winner's choice. By default (WG-DEF-TOWER-03: at the deadline, or «на
    ваше усмотрение») each challenger, in army-list order, takes the nearest freed cell; where
    several are equally near, a die picks one. «Пусть решит кубик» has a die pick among all the
    cells left. Cells are listed row by row (WG-DEF-RANDOM-01); every roll is in the chronicle."""
    n = Namer(state)
    left = sorted(free, key=lambda c: (c[1], c[0]))
    pairs: list[tuple[str, Cell]] = []
    rolls = []
    for f in sorted(climbers, key=lambda f: state.figures[f].order):
        if not left:
            break
        here = state.figures[f].cell
        closest = min(dist(c, here) for c in left)  # type: ignore[arg-type]
        pool = left if at_random else [c for c in left if dist(c, here) == closest]  # type: ignore[arg-type]
        if len(pool) == 1:
            c = pool[0]
        else:
            c, r = pick(dice, pool, f"клетка башни: {n.figure(f)}")
            rolls += r
        left.remove(c)
        pairs.append((f, c))
    if rolls:
        what = "клетки башни" if at_random else "клетки башни из равноудалённых"
        out.append(event("random_pick", f"Кубик выбирает {what}: {dice_text([r.value for r in rolls])}.",
                         "WG-DEF-RANDOM-01", rolls))
    return pairs


# --- 9: withdrawal (WG-DEC-06) ----------------------------------------------------------------------
def _retreat(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    a, b = fr.sides
    alive = {s: [f for f in fr.participants[s] if state.figures[f].alive] for s in fr.sides}
    if not alive[a] or not alive[b]:
        fr.stage = "done"
        return AGAIN
    if not fr.retreat_queue:  # built on the first visit; a pause always leaves it non-empty
        queue = [fr.loser, next(s for s in fr.sides if s != fr.loser)] if fr.loser else list(fr.sides)
        fr.retreat_queue = [s for s in queue if s]
    while fr.retreat_queue:
        s = fr.retreat_queue[0]
        other = b if s == a else a
        enemies = _figs(state, alive[other])
        cells = {f: step_cells(state, state.figures[f], enemies) for f in alive[s] if state.figures[f].cell}
        cells = {f: c for f, c in cells.items() if c}
        if not cells:
            fr.retreat_queue.pop(0)
            continue
        answer = take(state, "WG-DEC-06")
        if answer is None:
            n = Namer(state)
            return ask(state, Pending(decision="WG-DEC-06", faction=s, figures=list(cells), cells=cells,
                                      prompt=text("ask.withdraw", options="; ".join(
                                          f"{n.figure(f)}: " + ", ".join(cell_text(c) for c in cs) for f, cs in cells.items())),
                                      default=text("default.withdraw")))
        fr.retreat_queue.pop(0)
        _do_steps(state, answer, cells, out, "WG-RETREAT-01")
    fr.stage = "done"
    return AGAIN


def _done(state: State, fr: FightRun, dice: Dice, out: list[Event]) -> str:
    if fr.cause == "charge":
        for s in fr.sides:
            for f in fr.participants.get(s, []):
                state.figures[f].charge_fought = True
        charge = frame_below(state, fr, "charge")
        if charge is not None:
            charge.won = fr.loser is not None and fr.loser != fr.charger
    return POP


STAGES = {"start": _start, "allocate": _allocate, "nosave": _nosave, "saves": _saves, "steps": _steps,
          "apply": _apply, "tower": _tower, "retreat": _retreat, "done": _done}
