"""What a unit's order does once it is legal: moving, digging, mining, building, repairing, picking
up, capturing a Source, using runes, the hospital, attacks on units and buildings.

Every function here is called only after `legality` accepted the order against the same `World`;
it spends the unit's ОД, changes the world and writes the chronicle.
"""

from __future__ import annotations

from ...data import DATA
from ...orders import (
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
    object_name,
)
from ...state import EMPTY, Arrow, Building, Unit
from .. import mechanics as m
from ..chronicle import Chronicle
from ..fate import Fate
from ..world import World
from . import combat

REPAIR_HP = DATA.limits.repair_hp
SOURCE = DATA.buildings["source"]
HOSPITAL = DATA.buildings["hospital"]


def spend(w: World, uid: str, n: int) -> Unit:
    """Spend ``n`` ОД; a unit under someone else's control runs up a debt its owner pays at his next
    turn start (DK-ABIL-08, DK-GAP-60)."""
    u = w.mut_unit(uid)
    u.ap = max(u.ap - n, 0)
    if u.controller is not None:
        u.ap_debt += n
    return u


def enters_slow_aura(w: World, u: Unit) -> bool:
    """A unit not yet slowed this turn that steps into an enemy slowing aura loses 1 ОД at once
    (DK-BLD-09, DK-GAP-41)."""
    return not u.slowed and m.in_slow_aura(w, u.cell, u.owner)


def do_move(w: World, ch: Chronicle, fate: Fate, faction: str, o: Move) -> None:
    """Step by step, 1 ОД each (DK-MOVE-01); capture progress ends when the unit leaves its Source
    (DK-GAP-36); an enemy slowing aura takes its ОД on entering (DK-GAP-41)."""
    uid = o.unit
    u = w.unit(uid)
    assert u is not None
    start = u.cell
    slowed_at = None
    slow_towers = bool(w.towers("slow_tower"))  # no tower, no aura to enter
    for cell in o.path:
        spend(w, uid, 1)
        u = w.move_unit(uid, cell)
        if slow_towers and enters_slow_aura(w, u):
            u.slowed = True
            if u.ap > 0:
                spend(w, o.unit, 1)
            slowed_at = cell
        if u.capture:
            for sid in list(u.capture):
                b = w.building(sid)
                if b is None or not _next_to(u.cell, b.cell):
                    del u.capture[sid]
    if w.draws:
        w.add_arrow(Arrow(kind="move", faction=faction, path=(start, *o.path)))
    if ch.on:
        route = " → ".join(cell_text(c) for c in (start, *o.path))
        ch.add("move", "DK-MOVE-01", faction=faction, who=ch.who(u), route=route, ap=len(o.path),
               data={"unit": o.unit, "path": [list(start)] + [list(c) for c in o.path]})
        if slowed_at is not None:
            ch.add("slowed_on_entry", "DK-GAP-41", faction=faction, who=ch.who(u), cell=cell_text(slowed_at),
                   data={"unit": o.unit})


def _next_to(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def do_dig(w: World, ch: Chronicle, fate: Fate, faction: str, o: Dig) -> None:
    """An undug cell next to the imp becomes empty (DK-IMP-05)."""
    u = spend(w, o.unit, 1)
    w.set_terrain(o.cell, EMPTY)
    if ch.on:
        ch.add("dig", "DK-IMP-05", faction=faction, who=ch.who(u), cell=cell_text(o.cell),
               data={"unit": o.unit, "cell": list(o.cell)})


def mining_yield(w: World, mine_kind: str) -> int:
    """Per ОД, as the GM chose between the two passages of the rulebook (DK-IMP-03/04, DK-GAP-01)."""
    return DATA.mines[mine_kind].yield_[w.options.mining_yield]


def do_mine(w: World, ch: Chronicle, fate: Fate, faction: str, o: MineOrder) -> None:
    """``ap`` times the yield, or what is left (DK-IMP-03, DK-MINE-02, DK-GAP-03)."""
    mine = w.mine_at(o.cell)
    assert mine is not None
    kind = mine.kind
    resource = DATA.mines[kind].resource
    per = mining_yield(w, kind)
    got = 0
    for _ in range(o.ap):
        if w.mine_at(o.cell) is None:
            break
        spend(w, o.unit, 1)
        got += w.take_from_mine(o.cell, per)
    p = w.mut_player(faction)
    setattr(p, resource, getattr(p, resource) + got)
    u = w.unit(o.unit)
    if ch.on and u is not None:
        left = w.mine_at(o.cell)
        tail = f", в шахте осталось {left.reserve}" if left is not None else ", шахта истощена — клетка опустела"
        ch.add("mine", "DK-IMP-03", faction=faction, who=ch.who(u), mine=DATA.mines[kind].forms.acc.lower(),
               cell=cell_text(o.cell), got=got, what=_res_gen(resource), tail=tail,
               data={"unit": o.unit, "resource": resource, "amount": got, "cell": list(o.cell)})


def _res_gen(resource: str) -> str:
    return {"gold": "золота", "iron": "железа", "taldear": "тальдеара", "mana": "маны"}[resource]


def do_build(w: World, ch: Chronicle, fate: Fate, faction: str, o: Build) -> None:
    """Pay and erect the building at full хп on the cell (DK-IMP-06, DK-GAP-37); a wall belongs to
    nobody from the start (DK-BLD-11)."""
    data = DATA.buildings[o.building]
    u = spend(w, o.unit, 1)
    p = w.mut_player(faction)
    p.gold -= data.gold
    p.iron -= data.iron
    p.mana -= data.mana
    owner = None if data.neutral else faction
    b = Building(id=w.new_id("b"), kind=o.building, owner=owner, cell=o.cell, hp=data.hp, ap=data.ap,
                 level=data.start_level if o.building == "source" else None)
    w.add_building(b)
    if ch.on:
        ch.add("build", "DK-IMP-06", faction=faction, who=ch.who(u), what=data.forms.acc,
               cell=cell_text(o.cell), price=price_text(data.gold, data.iron, data.mana),
               data={"unit": o.unit, "building": b.id, "kind": o.building, "cell": list(o.cell)})


def price_text(gold: int = 0, iron: int = 0, mana: int = 0, taldear: int = 0) -> str:
    parts = []
    if gold:
        parts.append(f"{gold} золота")
    if iron:
        parts.append(f"{iron} железа")
    if taldear:
        parts.append(f"{taldear} тальдеара")
    if mana:
        parts.append(f"{mana} маны")
    return ", ".join(parts) or "бесплатно"


def repair_step(b: Building, gold: int) -> tuple[int, int]:
    """(хп restored, gold paid) for one ОД of repair (DK-IMP-07, DK-GAP-39)."""
    per = DATA.buildings[b.kind].hp_per_gold
    missing = b.max_hp() - b.hp
    restore = min(REPAIR_HP, missing, gold * per)
    price = -(-restore // per)
    return restore, price


def do_repair(w: World, ch: Chronicle, fate: Fate, faction: str, o: Repair) -> None:
    total_hp = total_gold = 0
    for _ in range(o.ap):
        b = w.building(o.building)
        assert b is not None
        restore, price = repair_step(b, w.player(faction).gold)
        if restore <= 0:
            break
        spend(w, o.unit, 1)
        w.mut_building(o.building).hp += restore
        w.mut_player(faction).gold -= price
        total_hp += restore
        total_gold += price
    u = w.unit(o.unit)
    b = w.building(o.building)
    if ch.on and u is not None and b is not None:
        ch.add("repair", "DK-IMP-07", faction=faction, who=ch.who(u), what=ch.bld(b, "acc"), hp=total_hp,
               gold=total_gold, now=b.hp, max=b.max_hp(),
               data={"unit": o.unit, "building": o.building, "hp": total_hp, "gold": total_gold})


def do_pickup(w: World, ch: Chronicle, fate: Fate, faction: str, o: Pickup) -> None:
    """1 ОД: an artifact goes to the store, a chest or crystal is opened at once (contents rolled
    unless the setup fixed them), a rune is carried by the unit (DK-UNIT-05, DK-OBJ-01..04, DK-GAP-47..49)."""
    u = spend(w, o.unit, 1)
    obj = w.remove_object(o.object)
    p = w.mut_player(faction)
    rolls = []
    what = object_name(obj.kind, obj.item, "acc")
    gain = ""
    res_key = "res:" + faction
    if obj.kind == "artifact" and obj.item:
        p.store.append(obj.item)
        gain = "на склад"
    elif obj.kind == "rune" and obj.item:
        u.runes.append(obj.item)
        gain = "несёт её к Алтарю"
    elif obj.kind == "chest":
        spec = DATA.objects["chest"]
        gold, r1 = _contents(w, fate, obj.gold, spec.gold, "сундук: золото", res_key)
        tal, r2 = _contents(w, fate, obj.taldear, spec.taldear, "сундук: тальдеар", res_key)
        rolls = [r1, r2]
        p.gold += gold
        p.taldear += tal
        gain = f"в сундуке {gold} золота и {tal} тальдеара"
    elif obj.kind == "crystal":
        mana, r1 = _contents(w, fate, obj.mana, DATA.objects["crystal"].mana, "кристалл маны", res_key)
        rolls = [r1]
        p.mana += mana
        gain = f"кристалл даёт {mana} маны"
    if ch.on:
        ch.add("pickup", "DK-UNIT-05", faction=faction, rolls=rolls, who=ch.who(u), what=what,
               cell=cell_text(obj.cell), gain=gain,
               data={"unit": o.unit, "object": obj.id, "kind": obj.kind, "item": obj.item})


def _contents(w: World, fate: Fate, fixed: int | None, span: tuple[int, int] | None, purpose: str,
              about: str):
    if w.options.object_contents == "fixed_in_setup" and fixed is not None:
        return fixed, None
    if span is None:
        return 0, None
    return fate.between(span[0], span[1], purpose, about=(about,))


def do_capture(w: World, ch: Chronicle, fate: Fate, faction: str, o: Capture) -> None:
    """ОД go into this unit's own counter; at 10 the Source changes hands at once, keeping its level,
    and every counter on it resets (DK-SRC-04, DK-GAP-36)."""
    need = SOURCE.capture_ap
    u = w.unit(o.unit)
    assert u is not None
    have = u.capture.get(o.building, 0)
    spent = min(o.ap, need - have)
    u = spend(w, o.unit, spent)
    u.capture[o.building] = have + spent
    b = w.building(o.building)
    assert b is not None
    done = u.capture[o.building] >= need
    if ch.on:
        ch.add("capture", "DK-SRC-04", faction=faction, who=ch.who(u), what=ch.bld(b, "acc"), ap=spent,
               progress=u.capture[o.building], need=need,
               data={"unit": o.unit, "building": o.building, "progress": u.capture[o.building]})
    if done:
        old = b.owner
        w.mut_building(o.building).owner = faction
        for other in list(w.iter_units()):
            if o.building in other.capture:
                del w.mut_unit(other.id).capture[o.building]
        if ch.on:
            ch.add("captured", "DK-SRC-04", faction=faction, who=ch.player(faction), what=ch.bld(b, "acc"),
                   former="нейтральный" if old is None else f"бывший {ch.player(old)}",
                   data={"building": o.building, "from": old, "to": faction})


def altar_of(w: World, faction: str) -> Building | None:
    p = w.player(faction)
    b = w.building(p.altar)
    if b is None:
        b = next(iter(w.buildings_of(faction, "altar")), None)
    return b


def do_rune_unlock(w: World, ch: Chronicle, fate: Fate, faction: str, o: RuneUnlock) -> None:
    """The rune goes into the Altar for good and opens its branch and spells (DK-OBJ-02, DK-UPG-04)."""
    u = spend(w, o.unit, 1)
    u.runes.remove(o.rune)
    w.mut_player(faction).runes.append(o.rune)
    if ch.on:
        ch.add("rune_unlock", "DK-OBJ-02", faction=faction, who=ch.who(u), rune=DATA.runes[o.rune].forms.acc,
               data={"unit": o.unit, "rune": o.rune})


def do_rune_exchange(w: World, ch: Chronicle, fate: Fate, faction: str, o: RuneExchange) -> None:
    u = spend(w, o.unit, 1)
    u.runes.remove(o.rune)
    mana = DATA.runes[o.rune].exchange_mana
    w.mut_player(faction).mana += mana
    if ch.on:
        ch.add("rune_exchange", "DK-OBJ-02", faction=faction, who=ch.who(u),
               rune=DATA.runes[o.rune].forms.acc, mana=mana, data={"unit": o.unit, "rune": o.rune, "mana": mana})


def do_hospital(w: World, ch: Chronicle, fate: Fate, faction: str, o: Hospital) -> None:
    """2 хп per ОД up to max хп (DK-BLD-13, DK-GAP-42)."""
    u = spend(w, o.unit, o.ap)
    gained = combat.heal(w, ch, o.unit, HOSPITAL.heal_per_ap * o.ap, "hospital", "DK-BLD-13",
                         quiet=True)
    if ch.on:
        ch.add("hospital", "DK-BLD-13", faction=faction, who=ch.who(u), ap=o.ap, hp=gained, now=u.hp,
               data={"unit": o.unit, "hp": gained})


def do_attack(w: World, ch: Chronicle, fate: Fate, faction: str, o: Attack) -> None:
    """``ap`` attacks in a row, each 1 ОД; attacks after the attacker or the target died are not
    made and cost nothing (DK-COMBAT-01, DK-GAP-11, DK-GAP-28)."""
    for i in range(o.ap):
        a = w.unit(o.unit)
        t = w.unit(o.target)
        if a is None or t is None:
            if ch.on:
                ch.add("attack_left", "DK-GAP-11", faction=faction, left=o.ap - i,
                       why="атакующий погиб" if a is None else "цель уже погибла",
                       data={"unit": o.unit, "left": o.ap - i})
            return
        spend(w, o.unit, 1)
        combat.attack_unit(w, ch, fate, o.unit, o.target, o.then)


def do_attack_building(w: World, ch: Chronicle, fate: Fate, faction: str, o: AttackBuilding) -> None:
    for i in range(o.ap):
        if w.unit(o.unit) is None or w.building(o.building) is None:
            if ch.on:
                ch.add("attack_left", "DK-GAP-11", faction=faction, left=o.ap - i,
                       why="атакующий погиб" if w.unit(o.unit) is None else "здание уже разрушено",
                       data={"unit": o.unit, "left": o.ap - i})
            return
        spend(w, o.unit, 1)
        combat.attack_building(w, ch, o.unit, o.building)
