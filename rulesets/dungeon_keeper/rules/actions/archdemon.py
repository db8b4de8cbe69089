"""Archdemon actions once legal (they cost no unit ОД, DK-GAP-34): summoning, upgrades of units and
Sources, alchemy, crafting, equipping, sending spirits.
"""

from __future__ import annotations

import re

from letopis.engine.text import plural

from ... import refs
from ...data import DATA
from ...map import geometry as g
from ...orders import (
    Alchemy,
    Equip,
    Forge,
    SendSpirit,
    Summon,
    UpgradeBuilding,
    UpgradeUnit,
    cell_text,
)
from ...state import EMPTY, Building, Cell, Unit
from ..chronicle import Chronicle, mana_ru
from ..fate import Fate
from ..world import World

_DIGITS = re.compile(r"(\d+)$")
SOURCE = DATA.buildings["source"]


def age(b: Building) -> tuple[int, str]:
    """Buildings by age: ids end with their creation number («b12»)."""
    found = _DIGITS.search(b.id)
    return (int(found.group(1)) if found else 0, b.id)


def circles(w: World, faction: str) -> list[Building]:
    """The player's Круги вызова, oldest first (DK-GAP-31)."""
    return sorted(w.buildings_of(faction, "circle"), key=age)


def free_for_unit(w: World, cell: Cell) -> bool:
    """An empty cell a new or moving unit may end on (DK-GAP-20)."""
    if not w.inside(cell) or w.terrain(cell) != EMPTY:
        return False
    return w.options.stacking or not w.unit_ids_at(cell)


def summon_cells(w: World, faction: str, o: Summon) -> list[Cell] | None:
    """Where the new units appear: the named cell, else free cells clockwise from north around the
    oldest circle (then the next circles); None when there is no room (DK-GAP-31)."""
    own = circles(w, faction)
    if o.cell is not None:
        ok = free_for_unit(w, o.cell) and any(g.adjacent(o.cell, c.cell) for c in own)
        return [o.cell] if ok else None
    out: list[Cell] = []
    for c in own:
        for cell in g.neighbours(c.cell, w.size):
            if cell not in out and free_for_unit(w, cell):
                out.append(cell)
                if len(out) == o.count:
                    return out
    return None


def do_summon(w: World, ch: Chronicle, fate: Fate, faction: str, o: Summon) -> None:
    """Pay mana; each new unit gets the next number of its sequence and, by default, its full ОД at
    once (DK-BLD-07, DK-UNIT-07, DK-GAP-15, DK-GAP-31)."""
    data = DATA.units[o.unit_kind]
    cells = summon_cells(w, faction, o)
    assert cells is not None
    p = w.mut_player(faction)
    names = []
    for cell in cells:
        p.mana -= data.summon or 0
        number, uid = _take_number(w, faction, o.unit_kind)
        u = Unit.model_construct(id=uid, kind=o.unit_kind, owner=faction, number=number, seq=w.next_seq,
                                 cell=cell, hp=data.hp, ap=data.ap if w.options.summoned_act_same_turn else 0)
        w.next_seq += 1
        w.add_unit(u)
        names.append(f"{data.forms.nom} №{number} на {cell_text(cell)}")
    if ch.on:
        n = len(cells)
        ch.add("summon", "DK-BLD-07", faction=faction, who=ch.player(faction), n=f"{n} " if n > 1 else "",
               what=plural(n, data.forms.acc, data.forms.gen, data.forms.gen_pl or data.forms.gen),
               mana=mana_ru(n * (data.summon or 0)), where=", ".join(names),
               data={"kind": o.unit_kind, "cells": [list(c) for c in cells]})


def _take_number(w: World, faction: str, kind: str) -> tuple[int, str]:
    p = w.mut_player(faction)
    single = w.options.unit_numbering == "single_sequence"
    if single or refs.category_of(kind) == "imp":
        number = p.next_imp
        p.next_imp += 1
    else:
        number = p.next_military
        p.next_military += 1
    return number, refs.unit_id(faction, kind, number, w.options.unit_numbering)


def next_unit_id(w: World, faction: str, kind: str, k: int = 0) -> str:
    """The id the ``k``-th next summoned unit of ``kind`` will get (for proposing posts)."""
    p = w.player(faction)
    single = w.options.unit_numbering == "single_sequence"
    number = (p.next_imp if single or refs.category_of(kind) == "imp" else p.next_military) + k
    return refs.unit_id(faction, kind, number, w.options.unit_numbering)


def do_upgrade_unit(w: World, ch: Chronicle, fate: Fate, faction: str, o: UpgradeUnit) -> None:
    """Pay mana and gold; the unit keeps its place, number, damage taken, ОД left this turn, spirits,
    artifacts and effects (DK-UPG-01..05, DK-GAP-32)."""
    new = DATA.units[o.to]
    p = w.mut_player(faction)
    p.mana -= new.upgrade_mana or 0
    p.gold -= new.upgrade_gold or 0
    p.upgraded_units.append(o.unit)
    u = w.mut_unit(o.unit)
    old_kind = u.kind
    old_max, old_ap = u.max_hp(), u.max_ap()
    u.history = u.history + [old_kind]
    u.kind = o.to
    if w.options.upgrade_heals_fully:
        u.hp = u.max_hp()
    else:
        u.hp = u.hp + (u.max_hp() - old_max)
    if w.options.upgrade_ap_now:
        u.ap = max(0, u.ap + u.max_ap() - old_ap)
    if ch.on:
        ch.add("upgrade_unit", "DK-UPG-01", faction=faction, who=DATA.units[old_kind].forms.nom,
               number=u.number, owner=ch.player(faction), to=new.forms.gen, mana=new.upgrade_mana or 0,
               gold=new.upgrade_gold or 0, data={"unit": o.unit, "from": old_kind, "to": o.to})


def do_upgrade_building(w: World, ch: Chronicle, fate: Fate, faction: str, o: UpgradeBuilding) -> None:
    """A Source goes up one level for 10 × its level in gold (DK-SRC-02, DK-UPG-06)."""
    b = w.mut_building(o.building)
    price = SOURCE.upgrade_price(b.level or 1) or 0
    w.mut_player(faction).gold -= price
    w.mut_player(faction).upgraded_buildings.append(o.building)
    b.level = (b.level or 1) + 1
    if ch.on:
        ch.add("upgrade_source", "DK-SRC-02", faction=faction, who=ch.player(faction), cell=cell_text(b.cell),
               level=b.level, gold=price, data={"building": o.building, "level": b.level})


def do_alchemy(w: World, ch: Chronicle, fate: Fate, faction: str, o: Alchemy) -> None:
    """Mana into goods at the laboratory's rates (DK-BLD-12, DK-GAP-43)."""
    p = w.mut_player(faction)
    p.mana -= o.mana
    setattr(p, o.resource, getattr(p, o.resource) + o.amount)
    if ch.on:
        what = {"gold": "золота", "iron": "железа", "taldear": "тальдеара"}[o.resource]
        ch.add("alchemy", "DK-BLD-12", faction=faction, who=ch.player(faction), mana=mana_ru(o.mana, "acc"),
               amount=o.amount,
               what=what, data={"resource": o.resource, "amount": o.amount, "mana": o.mana})


def do_forge(w: World, ch: Chronicle, fate: Fate, faction: str, o: Forge) -> None:
    """The artifact goes to the store (DK-ART-01, DK-ART-03..06, DK-GAP-46)."""
    art = DATA.artifacts[o.artifact]
    p = w.mut_player(faction)
    p.gold -= art.gold
    p.iron -= art.iron
    p.taldear -= art.taldear
    p.store.append(o.artifact)
    if ch.on:
        ch.add("forge", "DK-ART-01", faction=faction, who=ch.player(faction), what=art.forms.acc,
               price=_price(art.gold, art.iron, art.taldear), data={"artifact": o.artifact})


def _price(gold: int, iron: int, taldear: int) -> str:
    from .units import price_text
    return price_text(gold=gold, iron=iron, taldear=taldear)


def do_equip(w: World, ch: Chronicle, fate: Fate, faction: str, o: Equip) -> None:
    """For good; Амулет adds 10 хп now, Корона 1 ОД now (DK-ART-02, DK-GAP-45)."""
    art = DATA.artifacts[o.artifact]
    p = w.mut_player(faction)
    p.store.remove(o.artifact)
    u = w.mut_unit(o.unit)
    u.artifacts = u.artifacts + [o.artifact]
    u.hp += art.hp
    u.ap += art.ap
    if ch.on:
        ch.add("equip", "DK-ART-02", faction=faction, who=ch.player(faction), what=art.forms.acc,
               whom=ch.who(u, "acc"), data={"unit": o.unit, "artifact": o.artifact})


def do_spirit(w: World, ch: Chronicle, fate: Fate, faction: str, o: SendSpirit) -> None:
    """A spirit binds to the unit for good; Дух жизни adds 5 хп now (DK-SPIRIT-02..04, DK-GAP-51)."""
    spirit = DATA.spirits[o.spirit]
    p = w.mut_player(faction)
    p.spirits.remove(o.spirit if o.spirit in p.spirits else "any")
    u = w.mut_unit(o.unit)
    u.spirits = u.spirits + [o.spirit]
    u.hp += spirit.hp
    if ch.on:
        ch.add("spirit", "DK-SPIRIT-02", faction=faction, who=ch.player(faction), what=spirit.forms.acc,
               whom=ch.who(u, "dat"), data={"unit": o.unit, "spirit": o.spirit})
