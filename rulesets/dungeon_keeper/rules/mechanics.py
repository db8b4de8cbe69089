"""Small rule formulas every other module shares: damage, halving, chances with Удача, durations,
who is an enemy, distances under the GM's metric, what a unit stands next to.
"""

from __future__ import annotations

from ..data import DATA
from ..map import geometry as g
from ..state import Building, Cell, Unit

KILL_MANA = DATA.limits.kill_mana


def damage(attack: int, defence: int) -> int:
    """атака − защита, but never less than 1 (DK-COMBAT-06)."""
    return max(attack - defence, 1)


def halve(value: int, rounding: str) -> int:
    """Half of a damage, not below 1 (DK-COMBAT-04, DK-ABIL-06, DK-GAP-25)."""
    half = value // 2 if rounding == "down" else (value + 1) // 2
    return max(half, 1)


def chance_of(world, unit: Unit, base: int) -> int:
    """A chance of the unit's own ability or buff, raised by Удача (DK-SPELL-15, DK-GAP-71)."""
    if unit.effect("luck") is None:
        return base
    if world.options.luck_mode == "plus_points":
        return min(100, base + DATA.spells["luck"].luck)
    return min(100, base * 6 // 5)


def until_next_turn(world, faction: str | None, enabled: bool = True, turns: int = 1) -> int | None:
    """When an effect placed now by ``faction`` ends: the start of that faction's next turn (or
    ``turns`` turns later); None = lasts until removed."""
    if not enabled or faction is None or faction not in world.players:
        return None
    return world.player(faction).turns + turns


def is_enemy(unit: Unit, faction: str | None) -> bool:
    """Anything not given orders by ``faction`` is an enemy: allies, the Hero and the gnome
    included (DK-GAP-22). A unit ``faction`` controls by Подчинение counts as its own."""
    return unit.side != faction


def dist(world, a: Cell, b: Cell) -> int:
    """Distance for ranges and radii under the GM's metric (DK-GAP-17)."""
    if world.options.distance_metric == "manhattan":
        return abs(a[0] - b[0]) + abs(a[1] - b[1])
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def structures_close(world) -> bool:
    return world.options.corner_blockers == "undug_and_structures"


def corner_open(world, a: Cell, b: Cell) -> bool:
    """False when a diagonal a→b is closed by the corner rule (DK-MOVE-02, DK-GAP-19)."""
    return not g.corner_closed(world, a, b, structures_close(world))


def sees(world, a: Cell, b: Cell) -> bool:
    """Line of sight (DK-COMBAT-07, DK-GAP-18); the GM may switch it off (``los = none``)."""
    if world.options.los == "none":
        return not g.adjacent(a, b) or corner_open(world, a, b)
    return g.line_of_sight(world, a, b, structures_close(world))


def building_defence(world, b: Building) -> int:
    if b.kind == "circle":
        return world.options.circle_defence
    return DATA.buildings[b.kind].defence


def in_slow_aura(world, cell: Cell, faction: str | None) -> bool:
    """Is ``cell`` within the aura of a Замедляющая башня not owned by ``faction`` (DK-BLD-09,
    DK-GAP-41)? Towers of registered allies do not count when the GM allows it (DK-GAP-22)."""
    towers = world.towers("slow_tower") if hasattr(world, "towers") else [
        b for b in world.buildings.values() if b.kind == "slow_tower"]
    if not towers:
        return False
    radius = DATA.buildings["slow_tower"].aura
    allies = _allies(world, faction)
    for b in towers:
        if (b.owner != faction and b.owner is not None and b.owner not in allies
                and dist(world, b.cell, cell) <= radius):
            return True
    return False


def allied(world, a: str | None, b: str | None) -> bool:
    """Two archdemons are allies when either has registered the other (DK-GEN-04)."""
    if a is None or b is None or a == b or a not in world.players or b not in world.players:
        return False
    return b in world.player(a).allies or a in world.player(b).allies


def _allies(world, faction: str | None) -> frozenset[str]:
    """Allies spared by auras and towers — only with ``registered_alliances`` (DK-GAP-22)."""
    if faction is None or not world.options.registered_alliances or faction not in world.players:
        return frozenset()
    return frozenset(f for f in world.players if allied(world, faction, f))


def hostile_for_aura(world, owner: str | None, unit: Unit) -> bool:
    """Auras and towers hit every unit not owned by ``owner`` (registered allies spared when the GM
    allows it, DK-GAP-22)."""
    if unit.owner == owner:
        return False
    return unit.owner is None or unit.owner not in _allies(world, owner)


def debuffs(unit: Unit) -> list:
    return [e for e in unit.effects if e.category == "debuff"]


def buffs(unit: Unit) -> list:
    return [e for e in unit.effects if e.category == "buff"]
