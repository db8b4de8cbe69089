"""Legality of unit orders: moves, work of imps, pick-ups, attacks, captures, runes, the hospital
and abilities. Each check appends `Violation`s; the clause ID of the rule is on every one.
"""

from __future__ import annotations

from letopis.engine.declension import counted
from letopis.engine.text import plural

from . import geometry as g
from . import mechanics as m
from .abilities import breath_targets, spell_buffs, stream_targets
from .actions import altar_of, mining_yield, repair_step
from .data import DATA
from .messages import msg
from .orders import (
    Ability,
    Attack,
    AttackBuilding,
    Build,
    Capture,
    Dig,
    Hospital,
    MineOrder,
    Move,
    Pickup,
    Repair,
    RuneExchange,
    RuneUnlock,
    cell_text,
)
from .state import BUILT, EMPTY, MINE, UNDUG, Unit
from .violations import NOTE, WARNING, Violation, actor, ap, name, pay, target, v
from .world import World

A = DATA.abilities
SOURCE = DATA.buildings["source"]
HOSPITAL = DATA.buildings["hospital"]
ABILITY_CLAUSE = {
    "heal": "DK-ABIL-03", "sacrifice": "DK-ABIL-04", "cleanse": "DK-ABIL-05", "fire_breath": "DK-ABIL-06",
    "fire_stream": "DK-ABIL-07", "subjugate": "DK-ABIL-08", "exhaust": "DK-ABIL-09", "fear": "DK-ABIL-10",
    "poison": "DK-ABIL-11", "unbless": "DK-ABIL-12", "death_cloud": "DK-ABIL-13",
}


def _adjacent(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _worker(u: Unit, o, what: str, out: list[Violation]) -> bool:
    """Digging, mining, building and repairing are imp work (DK-IMP-09)."""
    if not u.data.works:
        out.append(v("work.not_imp", "DK-IMP-09", who=name(o.who), what=what))
        return False
    return True


def _near(u: Unit, cell, o, what: str, out: list[Violation], clause: str = "DK-IMP-09") -> bool:
    if not _adjacent(u.cell, cell):
        out.append(v("work.not_adjacent", clause, who=name(o.who), what=what, cell=cell_text(cell),
                     at=cell_text(u.cell)))
        return False
    return True


# --- moves ----------------------------------------------------------------------------------------
def check_move(w: World, f: str, o: Move, out: list[Violation]) -> None:
    """Step by step: adjacent cells (DK-MOVE-01), empty ground (DK-MOVE-03, DK-GAP-21), no building
    (DK-UNIT-04), the corner rule (DK-MOVE-02), through own units only (DK-UNIT-02/03, DK-GEN-04),
    ending on a free cell (DK-GAP-20); a slowing aura entered on the way takes 1 ОД (DK-GAP-41)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    here = u.cell
    left = u.ap
    slowed = u.slowed
    path = o.path
    last = len(path) - 1
    stacking = w.options.stacking
    slow_towers = bool(w.towers("slow_tower"))  # no tower, no aura to enter
    me = u.id
    rows = w.rows
    for i, cell in enumerate(path):
        if left < 1:
            out.append(v("move.no_ap", "DK-TURN-03", who=name(o.who), cell=cell_text(cell), have=u.ap,
                         need=len(path), steps=plural(len(path), "шага", "шагов", "шагов")))
            return
        if here == cell or abs(here[0] - cell[0]) > 1 or abs(here[1] - cell[1]) > 1:  # not adjacent
            out.append(v("move.not_adjacent", "DK-MOVE-01", msg("hint.move_steps"), who=name(o.who),
                         a=cell_text(here), b=cell_text(cell)))
            return
        t = rows[cell[0] - 1][cell[1] - 1]  # w.terrain(cell)
        if t in UNDUG:
            out.append(v("move.undug", "DK-MOVE-03", msg("hint.dig_first"), cell=cell_text(cell)))
            return
        if t == BUILT:
            out.append(v("move.building", "DK-UNIT-04", msg("hint.go_around"), cell=cell_text(cell)))
            return
        if t == MINE:
            out.append(v("move.mine", "DK-GAP-21", cell=cell_text(cell)))
            return
        if here[0] != cell[0] and here[1] != cell[1] and not m.corner_open(w, here, cell):
            out.append(v("move.corner", "DK-MOVE-02", msg("hint.corner"), a=cell_text(here), b=cell_text(cell)))
            return
        for oid in w.unit_ids_at(cell):
            if oid == me:
                continue
            other = w.unit(oid)
            if other is None:
                continue
            if other.side != f:
                if m.allied(w, f, other.owner):
                    out.append(v("move.ally", "DK-GEN-04", about=(other.id,), cell=cell_text(cell),
                                 owner=w.name(other.owner)))
                else:
                    out.append(v("move.enemy", "DK-UNIT-03", about=(other.id,), cell=cell_text(cell)))
                return
            if i == last and not stacking:
                out.append(v("move.occupied", "DK-GAP-20", msg("hint.pass_through"), about=(other.id,),
                             cell=cell_text(cell)))
                return
        left -= 1
        if not slowed and slow_towers and m.in_slow_aura(w, cell, u.owner):
            slowed = True
            left = max(left - 1, 0)
            if i < last and left < last - i:
                out.append(v("move.slowed", "DK-BLD-09", who=name(o.who), cell=cell_text(cell)))
                return
        here = cell


# --- imp work -----------------------------------------------------------------------------------------
def check_dig(w: World, f: str, o: Dig, out: list[Violation]) -> None:
    u = actor(w, f, o.unit, o.who, out)
    if u is None or not _worker(u, o, "копать", out) or not _near(u, o.cell, o, "вскопать", out, "DK-IMP-05"):
        return
    t = w.terrain(o.cell)
    if t == MINE:
        out.append(v("dig.mine", "DK-IMP-05", msg("hint.mine_it"), cell=cell_text(o.cell)))
    elif t == EMPTY:
        out.append(v("dig.empty", "DK-IMP-05", cell=cell_text(o.cell)))
    elif t == BUILT:
        out.append(v("dig.building", "DK-GAP-44", cell=cell_text(o.cell)))
    ap(u, 1, o.who, out)


def check_mine(w: World, f: str, o: MineOrder, out: list[Violation]) -> None:
    """Next to the mine, the named kind, no more ОД than the reserve needs (DK-IMP-03, DK-MINE-05, DK-GAP-03)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None or not _worker(u, o, "добывать", out):
        return
    mine = w.mine_at(o.cell)
    if mine is None:
        out.append(v("mine.none", "DK-MINE-05", cell=cell_text(o.cell)))
        return
    if not _near(u, o.cell, o, "добывать из шахты", out, "DK-MINE-05"):
        return
    if mine.kind != o.mine:
        out.append(v("mine.kind", "DK-MINE-01", msg("hint.mine_kind", mine=DATA.mines[mine.kind].forms.acc.lower()),
                     cell=cell_text(o.cell), said=DATA.mines[o.mine].name.lower(),
                     real=DATA.mines[mine.kind].name.lower()))
        return
    per = mining_yield(w, mine.kind)
    enough = -(-mine.reserve // per)
    if o.ap > enough:
        out.append(v("mine.too_much", "DK-GAP-03", reserve=mine.reserve, need=enough))
    ap(u, o.ap, o.who, out)


# The clause that states each building's price: a refusal for want of money names it (issue 9, kind 10).
BUILDING_CLAUSE = {"circle": "DK-BLD-06", "battle_tower": "DK-BLD-08", "slow_tower": "DK-BLD-09",
                   "armoury": "DK-BLD-10", "wall": "DK-BLD-11", "laboratory": "DK-BLD-12", "hospital": "DK-BLD-13"}


def check_build(w: World, f: str, o: Build, out: list[Violation]) -> None:
    """An imp next to an empty cell without units, objects or mines; a buildable kind; the price in
    full (DK-IMP-06, DK-MAP-03, DK-GAP-37, DK-BLD-04, DK-SRC-03, DK-ECON-04)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None or not _worker(u, o, "строить", out) or not _near(u, o.cell, o, "строить", out, "DK-IMP-06"):
        return
    data = DATA.buildings[o.building]
    if not data.buildable:
        code, clause = ("build.altar", "DK-BLD-04") if o.building == "altar" else ("build.source", "DK-SRC-03")
        out.append(v(code, clause))
        return
    c = cell_text(o.cell)
    if w.terrain(o.cell) != EMPTY:
        out.append(v("build.not_empty", "DK-MAP-03", cell=c))
        return
    here = w.unit_ids_at(o.cell)
    if here:
        out.append(v("build.unit", "DK-GAP-37", about=tuple(here), cell=c))
    if w.objects_at(o.cell):
        out.append(v("build.object", "DK-GAP-37", msg("hint.pick_up_first"), cell=c))
    pay(w, f, out, BUILDING_CLAUSE.get(o.building, "DK-ECON-04"), gold=data.gold, iron=data.iron, mana=data.mana)
    ap(u, 1, o.who, out)


def check_repair(w: World, f: str, o: Repair, out: list[Violation]) -> None:
    """Own buildings or neutral walls, damaged, with gold; 10 хп per ОД (DK-IMP-07, DK-GAP-39)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None or not _worker(u, o, "чинить", out):
        return
    b = w.building(o.building)
    if b is None or b.cell != tuple(o.cell):
        out.append(v("repair.none", "DK-IMP-07", cell=cell_text(o.cell)))
        return
    if not _near(u, b.cell, o, "чинить", out, "DK-IMP-07"):
        return
    data = DATA.buildings[b.kind]
    if data.indestructible:
        out.append(v("repair.source", "DK-GAP-05"))
        return
    if b.owner != f and not (b.owner is None and b.kind == "wall"):
        out.append(v("repair.not_own", "DK-GAP-39", what=data.forms.acc.lower()))
        return
    if b.hp >= b.max_hp():
        out.append(v("repair.full", "DK-GAP-39", what=data.name))
        return
    gold = w.player(f).gold
    if gold <= 0:
        out.append(v("repair.no_gold", "DK-GAP-39", about=("res:" + f,)))
        return
    hp = b.hp
    for i in range(o.ap):
        fake = b.model_copy(update={"hp": hp})
        restore, price = repair_step(fake, gold)
        if restore <= 0:
            why = "здание будет целым" if hp >= b.max_hp() else "золото кончится"
            out.append(v("repair.too_much", "DK-GAP-39", about=("res:" + f,), useful=i, why=why))
            break
        hp += restore
        gold -= price
    ap(u, o.ap, o.who, out)


# --- objects, Sources, runes, the hospital -----------------------------------------------------------
def check_pickup(w: World, f: str, o: Pickup, out: list[Violation]) -> None:
    """From the unit's cell or the next one, 1 ОД (DK-UNIT-05, DK-ART-07, DK-GAP-47)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    obj = w.object(o.object)
    if obj is None or obj.cell != tuple(o.cell):
        out.append(v("pickup.none", "DK-UNIT-05", about=(o.object,), cell=cell_text(o.cell)))
        return
    if obj.cell != u.cell and not _adjacent(u.cell, obj.cell):
        out.append(v("pickup.far", "DK-GAP-47", who=name(o.who), cell=cell_text(obj.cell),
                     at=cell_text(u.cell)))
        return
    ap(u, 1, o.who, out)


def check_capture(w: World, f: str, o: Capture, out: list[Violation]) -> None:
    """One unit next to a neutral or enemy Source piles up 10 ОД (DK-SRC-04, DK-GAP-36)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    if u.controller is not None:
        out.append(v("capture.controlled", "DK-GAP-60", who=name(o.who)))
        return
    b = w.building(o.building)
    if b is None or b.kind != "source" or b.cell != tuple(o.cell):
        out.append(v("capture.not_source", "DK-SRC-04", cell=cell_text(o.cell)))
        return
    if b.owner == f:
        out.append(v("capture.own", "DK-GAP-36"))
        return
    if not _adjacent(u.cell, b.cell):
        out.append(v("work.not_adjacent", "DK-SRC-04", who=name(o.who), what="захватывать Источник",
                     cell=cell_text(b.cell), at=cell_text(u.cell)))
        return
    need = SOURCE.capture_ap - u.capture.get(b.id, 0)
    spend = min(o.ap, need)
    if o.ap > need:
        out.append(v("capture.extra", "DK-GAP-36", severity=WARNING, need=need, ap=o.ap))
    ap(u, spend, o.who, out)


def _rune_checks(w: World, f: str, o, out: list[Violation]) -> Unit | None:
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return None
    if u.controller is not None:
        out.append(v("rune.controlled", "DK-GAP-60", who=name(o.who)))
        return None
    if o.rune not in u.runes:
        out.append(v("rune.not_carried", "DK-OBJ-02", who=name(o.who), rune=DATA.runes[o.rune].forms.acc))
        return None
    altar = altar_of(w, f)
    if altar is None or not _adjacent(u.cell, altar.cell):
        out.append(v("rune.far", "DK-OBJ-02", who=name(o.who),
                     cell=cell_text(altar.cell) if altar else "—"))
        return None
    ap(u, 1, o.who, out)
    return u


def check_rune_unlock(w: World, f: str, o: RuneUnlock, out: list[Violation]) -> None:
    """A rune of a school already open can only be traded (DK-OBJ-02, DK-GAP-49)."""
    if _rune_checks(w, f, o, out) is not None and o.rune in w.player(f).runes:
        out.append(v("rune.already", "DK-GAP-49", msg("hint.exchange_rune"), rune=DATA.runes[o.rune].name))


def check_rune_exchange(w: World, f: str, o: RuneExchange, out: list[Violation]) -> None:
    _rune_checks(w, f, o, out)


def check_hospital(w: World, f: str, o: Hospital, out: list[Violation]) -> None:
    """Own Госпиталь, next to it, 2 хп per ОД, not at full хп (DK-BLD-13, DK-GAP-42)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    b = w.building(o.building)
    if b is None or b.kind != "hospital" or b.cell != tuple(o.cell):
        out.append(v("hospital.none", "DK-BLD-13", cell=cell_text(o.cell)))
        return
    if b.owner != f:
        out.append(v("hospital.not_own", "DK-GAP-42"))
        return
    if not _adjacent(u.cell, b.cell):
        out.append(v("work.not_adjacent", "DK-BLD-13", who=name(o.who), what="лечиться в Госпитале",
                     cell=cell_text(b.cell), at=cell_text(u.cell)))
        return
    missing = u.max_hp() - u.hp
    if missing <= 0:
        out.append(v("hospital.full", "DK-GAP-42", about=(u.id,), who=name(o.who)))
        return
    per = HOSPITAL.heal_per_ap
    useful = -(-missing // per)
    if o.ap > useful:
        out.append(v("hospital.too_much", "DK-GAP-42", about=(u.id,), missing=missing, useful=useful))
        return
    if o.ap * per > missing:
        out.append(v("hospital.partial", "DK-GAP-42", severity=WARNING, missing=missing))
    ap(u, o.ap, o.who, out)


# --- attacks ---------------------------------------------------------------------------------------
def _reach(w: World, u: Unit, cell, o, out: list[Violation]) -> bool:
    """Melee: the next cell, not across a closed corner (DK-COMBAT-02, DK-MOVE-02); ranged: within
    reach and in sight (DK-COMBAT-04, DK-COMBAT-07)."""
    c = cell_text(cell)
    if u.data.ranged:
        d = m.dist(w, u.cell, cell)
        if d > u.data.reach:
            out.append(v("attack.out_of_reach", "DK-COMBAT-04", who=name(o.who), cell=c, dist=d,
                         reach=u.data.reach))
            return False
        if not m.sees(w, u.cell, cell):
            clause = "DK-MOVE-02" if g.adjacent(u.cell, cell) else "DK-COMBAT-07"
            out.append(v("attack.no_los", clause, who=name(o.who), cell=c))
            return False
        return True
    if not g.adjacent(u.cell, cell):
        out.append(v("attack.not_adjacent", "DK-COMBAT-02", who=name(o.who), cell=c,
                     at=cell_text(u.cell)))
        return False
    if not m.corner_open(w, u.cell, cell):
        out.append(v("attack.corner", "DK-MOVE-02", cell=c))
        return False
    return True


def check_attack(w: World, f: str, o: Attack, out: list[Violation]) -> None:
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    t = target(w, o.target, o.whom, out, u.id)
    if t is None:
        return
    if not m.is_enemy(t, f):
        out.append(v("attack.own", "DK-COMBAT-01", whom=name(o.whom, "acc")))
        return
    if not _reach(w, u, t.cell, o, out):
        _with_hint(out, _attack_hint(w, f, u, o))
        return
    ap(u, o.ap, o.who, out)
    if o.then is not None:
        _check_then(w, f, u, o, out)
    if o.ap > 1 and not out:
        per = _expected(w, u, t)
        if per * (o.ap - 1) >= t.hp:
            out.append(v("attack.overkill", "DK-GAP-11", severity=NOTE, whom=name(o.whom, "nom")))


# --- what the player could write instead (issue 9, kind 10) ----------------------------------------
_FEW = 4  # legal choices listed in a hint only when there are this many or fewer


def _with_hint(out: list[Violation], hint: str | None) -> None:
    """Give the last violation a hint when it has none."""
    if hint and out and out[-1].hint is None:
        last = out[-1]
        out[-1] = Violation(last.code, last.message, hint, last.clause, last.severity, last.about)


def _unit_list(w: World, f: str, units: list[Unit], origin, case: str = "acc") -> str | None:
    """«бес №1 (Лилит) на 25-26, имп №1 (Лилит) на 24-25», nearest first; None when too many."""
    if not units or len(units) > _FEW:
        return None
    units = sorted(units, key=lambda t: (g.chebyshev(origin, t.cell), t.cell))
    return ", ".join(f"{_label(w, f, t).text(case)} на {cell_text(t.cell)}" for t in units)  # type: ignore[arg-type]


def _label(w: World, f: str, t: Unit):
    from .orders import Label

    owner = w.name(t.owner) if t.owner is not None and t.owner != f else None
    return Label(kind=t.kind, number=t.number or 0, owner=owner)


def _attack_hint(w: World, f: str, u: Unit, o) -> str | None:
    """Whom the attacker can strike from where he stands, if few; or that he can strike nobody."""
    probe: list[Violation] = []
    hits = [t for t in w.iter_units() if t.id != u.id and t.cell is not None and m.is_enemy(t, f)
            and _reach(w, u, t.cell, o, probe)]
    who = name(o.who)
    if not hits:
        return msg("hint.no_attack_targets", who=who)
    listed = _unit_list(w, f, hits, u.cell)
    return msg("hint.attack_targets", who=who, targets=listed) if listed else None


def _ability_hint(w: World, f: str, u: Unit, o: Ability, spec) -> str | None:
    """The units an ability could be used on from here, if few."""
    rng = _ability_range(w, o)
    fits = [t for t in w.iter_units() if t.cell is not None
            and (m.is_enemy(t, f) if spec.target == "enemy" else t.side == f and (t.id != u.id or o.ability != "sacrifice"))
            and m.dist(w, u.cell, t.cell) <= rng]
    listed = _unit_list(w, f, fits, u.cell, "gen")
    return msg("hint.ability_targets", ability=spec.name, targets=listed) if listed else None


def _check_then(w: World, f: str, u: Unit, o: Attack, out: list[Violation]) -> None:
    """The second target of an extra attack: only with ``zeal_retarget``; an enemy the attacker
    could strike from where he stands (DK-GAP-63)."""
    if not w.options.zeal_retarget:
        out.append(v("attack.then_off", "DK-GAP-63"))
        return
    t2 = target(w, o.then, o.then_whom, out, u.id)  # type: ignore[arg-type]
    if t2 is None:
        return
    if not m.is_enemy(t2, f):
        out.append(v("attack.own", "DK-COMBAT-01", whom=name(o.then_whom, "acc")))
        return
    reach: list[Violation] = []
    if not _reach(w, u, t2.cell, o, reach):
        out.append(v("attack.then_reach", "DK-GAP-63", whom=name(o.then_whom, "acc"), why=reach[0].message))
        return
    if not u.has_ability("zeal") and (u.effect("berserk") is None or u.data.ranged):
        out.append(v("attack.then_useless", "DK-GAP-63", severity=WARNING, who=name(o.who, "gen")))


def _expected(w: World, u: Unit, t: Unit) -> int:
    dmg = m.damage(u.attack(), t.defence())
    if u.data.ranged and g.adjacent(u.cell, t.cell):
        dmg = m.halve(dmg, w.options.half_rounding)
    return dmg


def check_attack_building(w: World, f: str, o: AttackBuilding, out: list[Violation]) -> None:
    """Any building but Sources and one's own Altar (DK-COMBAT-10, DK-SRC-03, DK-GAP-26)."""
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    b = w.building(o.building)
    if b is None or b.cell != tuple(o.cell):
        out.append(v("attack_building.none", "DK-COMBAT-10", cell=cell_text(o.cell)))
        return
    data = DATA.buildings[b.kind]
    if data.indestructible:
        out.append(v("attack_building.source", "DK-SRC-03"))
        return
    if b.owner == f and b.kind == "altar":
        out.append(v("attack_building.own_altar", "DK-GAP-26"))
        return
    if b.owner == f and not w.options.may_attack_own_buildings:
        out.append(v("attack_building.own", "DK-GAP-26"))
        return
    if not _reach(w, u, b.cell, o, out):
        return
    ap(u, o.ap, o.who, out)


# --- abilities ---------------------------------------------------------------------------------------
def check_ability(w: World, f: str, o: Ability, out: list[Violation]) -> None:
    u = actor(w, f, o.unit, o.who, out)
    if u is None:
        return
    spec = A[o.ability]
    clause = ABILITY_CLAUSE.get(o.ability, "DK-GEN-08")
    if not u.has_ability(o.ability):
        out.append(v("ability.unknown", clause, who=name(o.who, "gen"), ability=spec.name))
        return
    if spec.target in ("own", "enemy"):
        if not _ability_target(w, f, u, o, spec, clause, out):
            if out and out[-1].code in ("ability.not_enemy", "ability.not_own", "ability.out_of_range"):
                _with_hint(out, _ability_hint(w, f, u, o, spec))
            return
    elif spec.target == "cell":
        _cloud_target(w, f, u, o, spec, out)
    elif spec.target == "around":
        targets = breath_targets(w, u, f)
        _area_notes(f, targets, out)
    elif spec.target == "direction" and o.direction is not None:
        _area_notes(f, stream_targets(w, u, o.direction, f), out)
    ap(u, o.ap, o.who, out)


def _area_notes(f: str, targets: list[Unit], out: list[Violation]) -> None:
    if not targets:
        out.append(v("area.nobody", "DK-GAP-55", severity=WARNING))
    elif any(t.side == f for t in targets):
        out.append(v("area.friendly", "DK-GAP-55", severity=WARNING, n=sum(1 for t in targets if t.side == f)))


def _ability_range(w: World, o: Ability) -> int:
    if o.ability == "cleanse":
        return w.options.cleanse_range
    return A[o.ability].range


def _needs_los(w: World, hostile: bool) -> bool:
    mode = w.options.ability_los
    return mode == "all" or (mode == "hostile_only" and hostile)


def _ability_target(w: World, f: str, u: Unit, o: Ability, spec, clause: str, out: list[Violation]) -> bool:
    """Range, the corner rule, sight for hostile ones (DK-GAP-52), and whom each may target."""
    assert o.target is not None
    t = target(w, o.target, o.whom, out, u.id)
    if t is None:
        return False
    if spec.target == "enemy" and not m.is_enemy(t, f):
        out.append(v("ability.not_enemy", clause, ability=spec.name, whom=name(o.whom)))
        return False
    if spec.target == "own" and t.side != f:
        # whom Лечение and Очищение may target is DK-GAP-54's default, not the abilities' own text
        out.append(v("ability.not_own", "DK-GAP-54" if o.ability in ("heal", "cleanse") else clause,
                     ability=spec.name, whom=name(o.whom)))
        return False
    rng = _ability_range(w, o)
    d = m.dist(w, u.cell, t.cell)
    if o.ability == "sacrifice":
        if t.id == u.id:
            out.append(v("sacrifice.self", "DK-GAP-53"))
            return False
        allowed = t.owner == f and t.controller is None
        if t.controller == f and t.owner != f and w.options.sacrifice_controlled_units:
            allowed = True
        if not allowed:
            out.append(v("sacrifice.not_own", "DK-GAP-53", whom=name(o.whom)))
            return False
    if d > rng:
        out.append(v("ability.out_of_range", clause, ability=spec.name, whom=name(o.whom, "nom"),
                     dist=d, range=rng))
        return False
    if d == 1 and not m.corner_open(w, u.cell, t.cell):
        out.append(v("attack.corner", "DK-GAP-19", cell=cell_text(t.cell)))
        return False
    if d > 1 and _needs_los(w, spec.hostile) and not m.sees(w, u.cell, t.cell):
        out.append(v("ability.no_los", "DK-GAP-52", ability=spec.name, whom=name(o.whom, "nom")))
        return False
    _specific(w, f, u, t, o, out)
    return True


def _specific(w: World, f: str, u: Unit, t: Unit, o: Ability, out: list[Violation]) -> None:
    about = (t.id,)
    if o.ability == "heal" and t.hp >= t.max_hp():
        out.append(v("heal.full", "DK-ABIL-03", severity=WARNING, whom=name(o.whom, "nom")))
    elif o.ability == "cleanse" and not m.debuffs(t) and t.poison is None:
        out.append(v("cleanse.nothing", "DK-GAP-54", severity=WARNING, whom=name(o.whom, "gen")))
    elif o.ability == "subjugate" and t.controller is not None:
        out.append(v("subjugate.already", "DK-GAP-60", about=about, whom=name(o.whom, "nom")))
    elif o.ability == "exhaust" and t.effect("exhaust") is not None and not w.options.exhaustion_stacks:
        out.append(v("exhaust.again", "DK-GAP-57", about=about, whom=name(o.whom, "nom")))
    elif o.ability == "unbless":
        buffs = spell_buffs(t)
        if o.buff is not None and t.effect(o.buff) is None:
            out.append(v("unbless.no_such", "DK-GAP-62", about=about, whom=name(o.whom, "gen"),
                         buff=DATA.spells[o.buff].forms.gen))
        elif not buffs:
            out.append(v("unbless.nothing", "DK-GAP-62", severity=WARNING, whom=name(o.whom, "gen")))


def _cloud_target(w: World, f: str, u: Unit, o: Ability, spec, out: list[Violation]) -> None:
    """A cell within 3 and in sight that holds an enemy (DK-ABIL-13, DK-GAP-56)."""
    assert o.cell is not None
    c = cell_text(o.cell)
    d = m.dist(w, u.cell, o.cell)
    if d > spec.range:
        out.append(v("cloud.far", "DK-ABIL-13", cell=c, dist=d, range=counted(spec.range, "клетку", "клетки", "клеток")))
        return
    if d >= 1 and _needs_los(w, True) and not m.sees(w, u.cell, o.cell):
        out.append(v("cloud.no_los", "DK-GAP-56", cell=c))
        return
    here = w.units_at(o.cell)
    if not any(m.is_enemy(t, f) for t in here):
        gone = tuple(uid for uid in w.base._units_by_cell.get(w.index(o.cell), ()))
        out.append(v("cloud.empty", "DK-GAP-56", about=gone, cell=c))
