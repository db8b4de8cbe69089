"""One shot of one weapon (WG-DEF-SHOOT, WG-VSHOT, WG-MACH, WG-DODGE): to-hit dice with every
modifier, hit / stray / clean miss, the stray victim (WG-DEC-01), the dodge and its step
(WG-DEC-05), the damage roll on the table, and an artifact earned by killing a commander."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..messages import dice_count, points_count, text
from ..naming import Namer, cap, cell_text
from ..orders import Stray
from ..rules.artifacts import on_death
from ..rules.damage import portion_effect, single_portion
from ..rules.geometry import in_melee, neighbours, terrain
from ..rules.randompick import pick
from ..rules.shooting import check_shot, classify, covered, dodge_dice, stray_candidates, to_hit, weapon_of
from ..state import ActivationRun, Pending, ShotRun, State
from .fights import KIND_TABLE, _do_steps
from .flow import AGAIN, POP, ask, dice_text, event, take


def step(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    return {"roll": _roll, "stray": _stray, "dodge_step": _dodge_step, "damage": _damage}[sr.stage](state, sr, dice, out)


def _roll(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    shooter, target = state.figures[sr.shooter], state.figures[sr.target]
    if not shooter.alive or not target.alive or target.cell is None:
        out.append(event("shot_skipped", f"Выстрел {n.figure(sr.shooter, 'gen')} не состоялся: цели или стрелка "
                         "уже нет.", "WG-DEF-SHOOT-13"))
        return POP
    bad = check_shot(state, shooter, sr.weapon, target)
    if bad is not None:
        out.append(event("shot_skipped", f"Выстрел не состоялся: {bad.message}", bad.clause))
        return POP
    w = weapon_of(state, shooter, sr.weapon)
    assert w is not None
    shooter.fired.append(w.key)
    who, whom = cap(n.figure(shooter.id)), n.figure(target.id, "dat")
    if w.real and state.options.real_shooting == "gm_entered":
        out.append(event("shot_gm", f"{who}: {w.name} (реальная стрельба) по {whom} — результат вносит мастер.",
                         "WG-GAP-04", shooter=shooter.id, target=target.id))
        return POP
    count, notes = to_hit(state, shooter, w, target)
    cover = covered(state, shooter, target)
    sr.in_melee = in_melee(state, target)
    rolls = [dice.roll(6, f"стрельба: {n.figure(shooter.id)}") for _ in range(count)]
    values = [r.value for r in rolls]
    result = classify(values, cover, sr.in_melee)
    need = "только 6 (укрытие)" if cover else "5 или 6"
    where = " (цель в рукопашной)" if sr.in_melee else ""
    head = (f"{who} стреляет по {whom}{where}: {', '.join(notes)} — {dice_count(count)}, попадание на {need}: "
            f"{dice_text(values)}")
    clause = "WG-VSHOT-07" if sr.in_melee else "WG-DEF-SHOOT-04"
    if result == "hit":
        out.append(event("shot", head + " — попадание!", clause, rolls, shooter=shooter.id, target=target.id,
                         dice=values, result=result))
        sr.victim = target.id
        return _dodge(state, sr, dice, out)
    if result == "miss":
        out.append(event("shot", head + " — промах.", "WG-VSHOT-06" if sr.in_melee else "WG-DEF-SHOOT-04", rolls,
                         shooter=shooter.id, target=target.id, dice=values, result=result))
        return POP
    sr.stray = True
    cands = stray_candidates(state, shooter, target)
    out.append(event("shot", head + " — шальное попадание!", "WG-VSHOT-04", rolls, shooter=shooter.id,
                     target=target.id, dice=values, result=result, candidates=cands))
    if not cands:
        out.append(event("stray_none", "Рядом с целью нет ни своих, ни третьей стороны — никто не задет.", "WG-GAP-07"))
        return POP
    if len(cands) == 1:
        sr.victim = cands[0]
        out.append(event("stray_victim", f"Шальной выстрел задевает {n.figure(cands[0], 'acc')}.", "WG-VSHOT-05"))
        sr.stage = "damage"
        return AGAIN
    sr.stage = "stray"
    return AGAIN


def _stray(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    target = state.figures[sr.target]
    cands = stray_candidates(state, state.figures[sr.shooter], target)
    answer = take(state, "WG-DEC-01")
    if answer is None:
        return ask(state, Pending(decision="WG-DEC-01", faction=target.side, figures=cands,
                                  prompt=text("ask.stray", options=n.listing(cands, last="или")),
                                  default=text("default.random")))
    chosen = next((o.victim for o in answer if isinstance(o, Stray) and o.victim in cands), None)
    if chosen is None:
        chosen, rolls = pick(dice, cands, "случайный выбор: шальное попадание")
        out.append(event("stray_victim", f"Кубик выбирает жертву шального выстрела: {dice_text([r.value for r in rolls])} — "
                         f"{n.figure(chosen)}.", "WG-DEF-RANDOM-01", rolls))
    else:
        out.append(event("stray_victim", f"{n.side(target.side)} решает: шальной выстрел задевает "
                         f"{n.figure(chosen, 'acc')}.", "WG-VSHOT-05"))
    sr.victim = chosen
    sr.stage = "damage"
    return AGAIN


def _dodge(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    fig = state.figures[sr.victim]  # type: ignore[index]
    count = dodge_dice(state, fig)
    if count <= 0:
        if in_melee(state, fig) and not state.options.dodge_in_melee and fig.kind != "machine" and not fig.wounded \
                and dodge_dice(state.model_copy(update={"options": state.options.model_copy(update={"dodge_in_melee": True})}), fig):
            out.append(event("no_dodge", f"{cap(n.figure(fig.id))} в рукопашной — ни спас-броска, ни уворота.",
                             "WG-VSHOT-08"))
        elif fig.wounded and state.spec(fig).bonus_mp >= 2:
            out.append(event("no_dodge", f"{cap(n.figure(fig.id))} {n.agreeing(fig.id, 'ранен')} и увернуться не может.",
                             "WG-DODGE-03"))
        sr.stage = "damage"
        return AGAIN
    rolls = [dice.roll(6, f"уворот: {n.figure(fig.id)}") for _ in range(count)]
    ok = any(r.value == 6 for r in rolls)
    out.append(event("dodge", f"{cap(n.figure(fig.id))} пытается увернуться ({dice_count(count)}): "
                     f"{dice_text([r.value for r in rolls])}"
                     + (f" — {n.agreeing(fig.id, 'увернулся')}!" if ok else " — не вышло."), "WG-DODGE-01", rolls,
                     figure=fig.id, dodged=ok))
    if not ok:
        sr.stage = "damage"
        return AGAIN
    sr.stage = "dodge_step"
    return AGAIN


def dodge_cells(state: State, fid: str):
    """WG-DEF-STEP-01: after a dodge, any free adjacent cell."""
    fig = state.figures[fid]
    return [c for c in neighbours(state.board, fig.cell) if state.at(c) is None and terrain(state.board, c) != "rock"]


def _dodge_step(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    fig = state.figures[sr.victim]  # type: ignore[index]
    cells = {fig.id: dodge_cells(state, fig.id)}
    if not cells[fig.id]:
        return POP
    answer = take(state, "WG-DEC-05")
    if answer is None:
        n = Namer(state)
        return ask(state, Pending(decision="WG-DEC-05", faction=fig.side, figures=[fig.id], cells=cells,
                                  prompt=text("ask.dodge_step", who=n.figure(fig.id),
                                              options=", ".join(cell_text(c) for c in cells[fig.id])),
                                  default=text("default.stay")))
    _do_steps(state, answer, cells, out, "WG-DODGE-02")
    return POP


def _damage(state: State, sr: ShotRun, dice: Dice, out: list[Event]) -> str:
    n = Namer(state)
    fig = state.figures[sr.victim]  # type: ignore[index]
    roll = dice.roll(6, f"урон: {n.figure(fig.id)}")
    pts = max(0, roll.value - 3)
    name = cap(n.figure(fig.id))
    one = single_portion(state, fig, pts * 2)
    if one is None:
        out.append(event("shot_damage", f"Бросок на урон по {n.figure(fig.id, 'dat')}: {roll.value} — "
                         f"{points_count(pts)} урона, по таблице ({KIND_TABLE[fig.kind]}) без последствий.",
                         "WG-DEF-SHOOT-10",
                         [roll], figure=fig.id, die=roll.value))
        return POP
    lethal, portion = one
    cell = fig.cell
    outcome = portion_effect(state, fig, portion, lethal)
    out.append(event("shot_damage", f"Бросок на урон по {n.figure(fig.id, 'dat')}: {roll.value} — {points_count(pts)} урона, "
                     f"по таблице ({KIND_TABLE[fig.kind]}): {name} {outcome}.", "WG-DEF-SHOOT-10", [roll],
                     figure=fig.id, die=roll.value, outcome=outcome, cell=list(cell) if cell else None))
    if not fig.alive:
        fig.cell = None
        lost = on_death(state, fig)
        if lost:
            out.append(event("artifact_off", f"Артефакт «{n.artifact(lost)}» угас вместе с хранителем.", "WG-ART-03"))
        if state.spec(fig).commander and state.options.artifact_activation == "tradition":
            _credit(state, sr, fig, out)
    return POP


def _credit(state: State, sr: ShotRun, fig, out: list[Event]) -> None:
    """WG-ART-06/07, WG-GAP-22: who earns an artifact for this commander, chosen or at random."""
    shooter = state.figures[sr.shooter]
    w = weapon_of(state, shooter, sr.weapon)
    magic = bool(w and w.magic)
    if shooter.side == fig.side:  # friendly fire, a stray hit included
        if state.options.friendly_fire_credit == "none":
            out.append(event("artifact_none", "Командир погиб от своих — артефакт никому не достаётся.", "WG-GAP-22"))
            return
        credited = state.figures[sr.target].side
        if credited == fig.side:
            return
        state.stack.append(ActivationRun(faction=credited, random=True, reason="дружественный огонь"))
        return
    n = Namer(state)
    how = "магией" if magic else "выстрелом"
    state.stack.append(ActivationRun(faction=shooter.side, random=magic,
                                     reason=f"{n.figure(fig.id)} {n.agreeing(fig.id, 'убит')} {how}"))
