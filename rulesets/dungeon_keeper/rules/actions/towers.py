"""The Боевая башня: up to 3 shots a turn at the nearest enemy units in reach and in sight
(DK-BLD-08, DK-GAP-40). Towers never attack buildings and are immune to spells (DK-BLD-02).
"""

from __future__ import annotations

from ...data import DATA
from ...map import geometry as g
from ...orders import TowerShot, cell_text
from ...state import Arrow, Building, Unit
from .. import mechanics as m
from ..chronicle import Chronicle
from ..fate import Fate
from ..world import World
from . import combat

TOWER = DATA.buildings["battle_tower"]


def targets_in_reach(w: World, tower: Building) -> list[Unit]:
    """Enemy units within reach and in sight of the tower, nearest first (ties in map order)."""
    out = []
    owner = tower.owner
    for cell in g.within(tower.cell, TOWER.reach, w.size, w.options.distance_metric):
        for u in w.units_at(cell):
            if m.is_enemy(u, owner) and m.hostile_for_aura(w, owner, u) and m.sees(w, tower.cell, u.cell):
                out.append(u)
    out.sort(key=lambda u: m.dist(w, tower.cell, u.cell))
    return out


def allowed_targets(w: World, tower: Building) -> list[Unit]:
    """Units the tower may shoot now: the nearest ones, or any in reach when the GM allows it."""
    found = targets_in_reach(w, tower)
    if not found or w.options.tower_targeting == "any_in_reach":
        return found
    best = m.dist(w, tower.cell, found[0].cell)
    return [u for u in found if m.dist(w, tower.cell, u.cell) == best]


def shoot(w: World, ch: Chronicle, fate: Fate, tower_id: str, target_id: str | None) -> bool:
    """One shot: 1 ОД of the tower; damage max(8 − защита, 1), no halving, no retaliation, may be
    dodged; a kill is credited to the tower's owner. False when there is nobody to shoot."""
    tower = w.building(tower_id)
    assert tower is not None
    rolls = []
    if target_id is None:
        choices = allowed_targets(w, tower)
        if not choices:
            return False
        pick, roll = fate.pick([u.id for u in choices], "цель башни", about=tuple(u.id for u in choices))
        rolls.append(roll)
        target_id = pick
    t = w.unit(target_id)
    if t is None:
        return False
    w.mut_building(tower_id).ap -= 1
    w.add_arrow(Arrow(kind="shot", faction=tower.owner, path=(tower.cell, t.cell)))
    if ch.on:
        ch.add("tower_shot", "DK-BLD-08", faction=tower.owner, rolls=rolls, tower=cell_text(tower.cell),
               whom=ch.who(t, "dat"), data={"tower": tower_id, "target": target_id})
    if combat.dodges(w, ch, fate, t, None):
        return True
    dfn = t.defence()
    dmg = m.damage(TOWER.attack, dfn)
    tm = w.mut_unit(target_id)
    tm.hp -= dmg
    if ch.on:
        rest = f"остаётся {tm.hp} хп" if tm.hp > 0 else "смертельный выстрел"
        ch.add("tower_hit", "DK-GAP-40", faction=tower.owner, whom=ch.who(tm), dmg=dmg, att=TOWER.attack,
               dfn=dfn, rest=rest, data={"tower": tower_id, "target": target_id, "damage": dmg})
    if tm.hp <= 0:
        combat.kill(w, ch, target_id, tower.owner, "DK-COMBAT-11")
    return True


def do_tower_shot(w: World, ch: Chronicle, fate: Fate, faction: str, o: TowerShot) -> None:
    for i in range(o.ap):
        if o.target is not None and w.unit(o.target) is None:
            if ch.on:
                ch.add("shots_left", "DK-GAP-11", faction=faction, left=o.ap - i, data={"tower": o.tower})
            return
        if not shoot(w, ch, fate, o.tower, o.target):
            if ch.on:
                ch.add("shots_left", "DK-GAP-11", faction=faction, left=o.ap - i, data={"tower": o.tower})
            return


def autofire(w: World, ch: Chronicle, fate: Fate, faction: str) -> None:
    """With ``tower_autofire`` unused shots go at the nearest enemies at the end of the turn (DK-GAP-40)."""
    for b in list(w.buildings_of(faction, "battle_tower")):
        while (cur := w.building(b.id)) is not None and cur.ap > 0:
            if not shoot(w, ch, fate, b.id, None):
                break

