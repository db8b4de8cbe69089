"""Shooting, pure parts (WG-DEF-SHOOT, WG-VSHOT, WG-MACH, WG-DODGE, WG-GAP-07/08/29/34).

`check_shot` says why a shot is illegal; `to_hit` counts the dice with every modifier;
`classify` reads a roll as a hit, a stray or a clean miss (WG-VSHOT-03..07); `stray_candidates`
lists who a stray shot may hit; `dodge_dice` counts the dodge dice. Modifiers: WG-DEF-SHOOT-05, WG-DEF-SHOOT-06, WG-DEF-SHOOT-08,
WG-DEF-SHOOT-09; no armour save against shots, only the dodge (WG-DEF-SHOOT-11, WG-SAVE-07).
A machine carries the weapons of its army list (WG-MACH-01), each gun a separate weapon with its
own dice, never pooled (WG-MACH-04).
"""

from __future__ import annotations

from letopis.engine.text_words import agree_with

from ..data import Weapon
from ..messages import Violation, dice_count, steps_count, violation
from ..naming import Namer, cap
from ..state import Figure, State
from .artifacts import bonus_mp, detachment_effect
from .geometry import dist, in_melee, line_cells, terrain


def weapon_of(state: State, fig: Figure, key: str | None) -> Weapon | None:
    weapons = state.spec(fig).weapons
    if key is None:
        return weapons[0] if len(weapons) == 1 else None
    return next((w for w in weapons if w.key == key), None)


def check_shot(state: State, shooter: Figure, weapon_key: str | None, target: Figure) -> Violation | None:
    n = Namer(state, shooter.side)
    who = n.figure(shooter.id)
    weapons = state.spec(shooter).weapons
    whose = n.figure(shooter.id, "gen")
    if not weapons:
        return violation("shot.no_weapon", "WG-DEF-SHOOT-01", whose=whose)
    w = weapon_of(state, shooter, weapon_key)
    if w is None:
        if weapon_key is None:
            return violation("shot.which_weapon", "WG-MACH-03", whose=whose, names=", ".join(x.name for x in weapons))
        return violation("shot.unknown_weapon", "WG-MACH-02", whose=whose, weapon=weapon_key)
    if w.key in shooter.fired:
        return violation("shot.fired", "WG-DEF-SHOOT-01", whose=whose, weapon=w.name,
                         fired=agree_with(w.name, "стрелял"))
    if in_melee(state, shooter) or any(dist(shooter.cell, e.cell) <= 1 for e in state.living()  # type: ignore[arg-type]
                                       if e.side != shooter.side):
        return violation("shot.in_melee", "WG-GAP-29", who=who)
    if shooter.kind == "machine" and shooter.moved:
        return violation("shot.machine_moved", "WG-DEF-SHOOT-02", who=who, moved=n.agreeing(shooter.id, "двигался"))
    if target.side == shooter.side:
        return violation("shot.own_target", "WG-DEF-SHOOT-03", whom=n.figure(target.id))
    whom = n.figure(target.id, "gen")
    d = dist(shooter.cell, target.cell)  # type: ignore[arg-type]
    if d > w.range:
        return violation("shot.range", "WG-DEF-SHOOT-03", whom=whom, dist=steps_count(d), weapon=w.name,
                         range=steps_count(w.range))
    if d < w.min_range:
        return violation("shot.min_range", "WG-DEF-SHOOT-03", whom=whom, dist=steps_count(d), weapon=w.name,
                         min=steps_count(w.min_range))
    if state.options.line_of_sight:
        for c in line_cells(shooter.cell, target.cell):  # type: ignore[arg-type]
            t = terrain(state.board, c)
            if t in ("rock", "tower") and not (t == "tower" and terrain(state.board, shooter.cell) == "tower"):  # type: ignore[arg-type]
                return violation("shot.sight", "WG-GAP-03", whom=cap(whom), what={"rock": "скала", "tower": "башня"}[t],
                                 cell=f"{c[0]}-{c[1]}")
    return None


def covered(state: State, shooter: Figure, target: Figure) -> bool:
    """WG-DEF-SHOOT-07: a target in a forest, or on the tower while the shooter is not, is in
    cover — only a 6 hits (the note to 3.4.2.4, WG-VSHOT-03)."""
    t = terrain(state.board, target.cell)  # type: ignore[arg-type]
    return t == "forest" or (t == "tower" and terrain(state.board, shooter.cell) != "tower")  # type: ignore[arg-type]


def to_hit(state: State, shooter: Figure, w: Weapon, target: Figure) -> tuple[int, list[str]]:
    """WG-VSHOT-02, WG-DEF-SHOOT-04..09: the weapon's dice with every modifier, at least 1."""
    n = w.dice
    notes = [f"{w.name}: {dice_count(w.dice)}"]
    half = w.range // 2
    if dist(shooter.cell, target.cell) > half:  # type: ignore[arg-type]
        n -= 1
        notes.append("дальний выстрел −1")
    if shooter.moved or shooter.teleported:
        n -= 1
        notes.append("стрелок двигался −1")
    if target.kind in ("dragon", "machine"):
        n += 1
        notes.append("большая цель +1")
    eye = detachment_effect(state, shooter, "shot_dice")
    if eye:
        n += eye
        notes.append(f"«Орлиный глаз» +{eye}")
    if n < 1:
        notes.append("не меньше 1")
        n = 1
    return n, notes


def classify(values: list[int], cover: bool, in_melee_target: bool) -> str:
    """WG-VSHOT-03..07: «hit» if a hit value shows (5–6, or only 6 in cover), else «stray» when
    the target is in melee and a 1 or 2 shows, else «miss». A hit beats 1s and 2s."""
    hit_values = {6} if cover else {5, 6}
    if any(v in hit_values for v in values):
        return "hit"
    if in_melee_target and any(v in (1, 2) for v in values):
        return "stray"
    return "miss"


def stray_candidates(state: State, shooter: Figure, target: Figure) -> list[str]:
    """WG-GAP-07: figures of the shooter's side and of third sides within 1 step of the target;
    never the target owner's own other figures."""
    out = [f for f in state.living() if f.side != target.side and f.id != shooter.id
           and dist(f.cell, target.cell) <= 1]  # type: ignore[arg-type]
    out.sort(key=lambda f: (state.rank(f.side), f.order))
    return [f.id for f in out]


def dodge_dice(state: State, fig: Figure) -> int:
    """WG-DODGE-01/03, WG-GAP-34: floor(bonus ОМ / 2) dice; none when wounded, for machines,
    or in melee unless `dodge_in_melee` (WG-GAP-08, WG-VSHOT-08)."""
    if fig.wounded or fig.kind == "machine":
        return 0
    if in_melee(state, fig) and not state.options.dodge_in_melee:
        return 0
    return bonus_mp(state, fig) // 2
