"""Legality of archdemon orders: summons, upgrades, research and casting, alchemy, crafting,
equipping, spirits, tower shots (DK-GAP-34: no unit ОД, only resources and the stated conditions).
"""

from __future__ import annotations

from letopis.engine.declension import counted

from . import mechanics as m
from .archdemon import circles, summon_cells
from .data import DATA
from .messages import msg
from .orders import (
    Alchemy,
    Cast,
    Equip,
    Forge,
    Research,
    SendSpirit,
    Summon,
    TowerShot,
    UpgradeBuilding,
    UpgradeUnit,
    cell_text,
)
from .towers import allowed_targets, targets_in_reach
from .violations import NOTE, WARNING, Violation, name, pay, target, v
from .world import World

SOURCE = DATA.buildings["source"]
SPELL_CLAUSE = {
    "speed": "DK-SPELL-04", "slow": "DK-SPELL-05", "rage": "DK-SPELL-06", "weakness": "DK-SPELL-07",
    "iron_skin": "DK-SPELL-08", "corruption": "DK-SPELL-09", "healing": "DK-SPELL-10", "dispel": "DK-SPELL-11",
    "berserk": "DK-SPELL-12", "magic_absorb": "DK-SPELL-13", "ghost": "DK-SPELL-14", "luck": "DK-SPELL-15",
}
RUNE_GEN = {k: r.forms.gen for k, r in DATA.runes.items()}


def units_owned(w: World, faction: str) -> int:
    return sum(1 for u in w.iter_units() if u.owner == faction)


def check_summon(w: World, f: str, o: Summon, out: list[Violation]) -> None:
    """A Круг вызова, the mana, the 20-unit cap, a free cell next to a circle (DK-BLD-07, DK-UNIT-01,
    DK-UNIT-06, DK-GAP-31)."""
    if not circles(w, f):
        out.append(v("summon.no_circle", "DK-BLD-07", msg("hint.build_circle")))
        return
    data = DATA.units[o.unit_kind]
    if data.summon is None:
        out.append(v("summon.kind", "DK-UNIT-06"))
        return
    have = units_owned(w, f)
    cap = DATA.limits.units
    if have + o.count > cap:
        out.append(v("summon.cap", "DK-UNIT-01", have=counted(have, "юнит", "юнита", "юнитов"), n=o.count, cap=cap))
    pay(w, f, out, "DK-BLD-07", mana=data.summon * o.count)
    if summon_cells(w, f, o) is None:
        if o.cell is not None:
            out.append(v("summon.cell", "DK-GAP-31", msg("hint.summon_cell"), cell=cell_text(o.cell)))
        else:
            out.append(v("summon.no_room", "DK-GAP-31", n=o.count))


def check_upgrade_unit(w: World, f: str, o: UpgradeUnit, out: list[Violation]) -> None:
    """The tree, runes in the Altar, within 2 of an own Source, the price, once a turn (DK-UPG-01..05,
    DK-SRC-05, DK-IMP-02, DK-GAP-32)."""
    u = target(w, o.unit, o.who, out)
    if u is None:
        return
    if u.owner != f:
        out.append(v("upgrade.not_own", "DK-GAP-60", who=name(o.who, "acc")))
        return
    if u.controller is not None:
        out.append(v("upgrade.controlled", "DK-GAP-32", who=name(o.who)))
        return
    if not u.data.military:
        out.append(v("upgrade.imp", "DK-IMP-02"))
        return
    new = DATA.units[o.to]
    if new.from_ != u.kind:
        options = [DATA.units[k].forms.gen for k in DATA.upgrades_of(u.kind)]
        hint = msg("hint.upgrade_to", to=", ".join(options)) if options else msg("hint.upgrade_none")
        out.append(v("upgrade.tree", "DK-UPG-01", hint, who=name(o.who, "acc"), to=new.forms.gen))
        return
    if o.unit in w.player(f).upgraded_units:
        out.append(v("upgrade.twice", "DK-UPG-05", who=name(o.who)))
    sources = w.buildings_of(f, "source")
    rng = SOURCE.upgrade_range
    if not any(m.dist(w, b.cell, u.cell) <= rng for b in sources):
        out.append(v("upgrade.far", "DK-UPG-02", who=name(o.who), range=rng))
    missing = [r for r in new.runes if r not in w.player(f).runes]
    if missing:
        out.append(v("upgrade.rune", "DK-UPG-04", to=new.forms.gen, rune=", ".join(RUNE_GEN[r] for r in missing)))
    pay(w, f, out, "DK-UPG-03", mana=new.upgrade_mana or 0, gold=new.upgrade_gold or 0)


def check_upgrade_building(w: World, f: str, o: UpgradeBuilding, out: list[Violation]) -> None:
    """Only own Sources, one level at a time up to 10, once a turn (DK-SRC-02, DK-UPG-06, DK-GAP-33)."""
    b = w.building(o.building)
    if b is None or b.cell != tuple(o.cell):
        out.append(v("upgrade_building.none", "DK-SRC-02", cell=cell_text(o.cell)))
        return
    if b.kind != "source":
        out.append(v("upgrade_building.not_source", "DK-GAP-33"))
        return
    if b.owner != f:
        out.append(v("upgrade_building.not_own", "DK-SRC-02"))
        return
    level = b.level or 1
    price = SOURCE.upgrade_price(level)
    if price is None:
        out.append(v("upgrade_building.max", "DK-GAP-05", level=level))
        return
    if o.level != level + 1:
        out.append(v("upgrade_building.level", "DK-SRC-02", msg("hint.next_level", level=level + 1), level=level,
                     want=o.level))
        return
    if b.id in w.player(f).upgraded_buildings:
        out.append(v("upgrade_building.twice", "DK-UPG-06"))
    pay(w, f, out, "DK-SRC-02", gold=price)


def check_research(w: World, f: str, o: Research, out: list[Violation]) -> None:
    """Paid once in mana; the runes some spells need must be in the Altar (DK-SPELL-01, DK-SPELL-12..15)."""
    spell = DATA.spells[o.spell]
    p = w.player(f)
    if o.spell in p.spells:
        out.append(v("research.known", "DK-SPELL-01", spell=spell.name))
        return
    missing = [r for r in spell.runes if r not in p.runes]
    if missing:
        out.append(v("research.rune", SPELL_CLAUSE[o.spell], spell=spell.name,
                     rune=", ".join(RUNE_GEN[r] for r in missing)))
    pay(w, f, out, "DK-SPELL-01", mana=spell.research)


def check_cast(w: World, f: str, o: Cast, out: list[Violation]) -> None:
    """Researched first; the cast price; any unit anywhere, own or enemy as the spell says; the same
    spell twice on one unit is an error (DK-SPELL-01..03, DK-COMBAT-08, DK-GAP-69, DK-GAP-70)."""
    spell = DATA.spells[o.spell]
    clause = SPELL_CLAUSE[o.spell]
    if o.spell not in w.player(f).spells:
        out.append(v("cast.unknown", "DK-SPELL-01", msg("hint.research_first", spell=spell.name), spell=spell.name))
        return
    t = target(w, o.target, o.whom, out)
    if t is None:
        return
    if spell.target == "own" and t.side != f:
        out.append(v("cast.not_own", "DK-GAP-70", spell=spell.name, whom=name(o.whom)))
        return
    if spell.target == "enemy" and not m.is_enemy(t, f):
        out.append(v("cast.not_enemy", "DK-GAP-70", spell=spell.name, whom=name(o.whom)))
        return
    if not spell.instant and t.effect(o.spell) is not None:
        out.append(v("cast.again", "DK-SPELL-02", about=(t.id,), spell=spell.name, whom=name(o.whom, "nom")))
        return
    if o.spell == "healing" and t.hp >= t.max_hp():
        out.append(v("heal.full", clause, severity=WARNING, whom=name(o.whom, "nom")))
    pay(w, f, out, clause, mana=spell.cast)


def check_alchemy(w: World, f: str, o: Alchemy, out: list[Violation]) -> None:
    """An own laboratory; whole units at its rates (DK-BLD-12, DK-GAP-43)."""
    if not w.buildings_of(f, "laboratory"):
        out.append(v("alchemy.no_lab", "DK-BLD-12"))
        return
    pay(w, f, out, "DK-GAP-43", mana=o.mana)


# The clause that states each artifact's price (issue 9, kind 10: the most specific clause).
ARTIFACT_CLAUSE = {"sword": "DK-ART-03", "armour": "DK-ART-04", "amulet": "DK-ART-05", "crown": "DK-ART-06"}


def check_forge(w: World, f: str, o: Forge, out: list[Violation]) -> None:
    """An own Оружейная and the price in gold, iron and тальдеар (DK-BLD-10, DK-ART-03..06, DK-GAP-46)."""
    if not w.buildings_of(f, "armoury"):
        out.append(v("forge.no_armoury", "DK-BLD-10"))
        return
    art = DATA.artifacts[o.artifact]
    pay(w, f, out, ARTIFACT_CLAUSE.get(o.artifact, "DK-ART-01"), gold=art.gold, iron=art.iron, taldear=art.taldear)


def _own_unit(w: World, f: str, uid: str, label, code: str, clause: str, out: list[Violation], case: str = "acc"):
    """The poster's own unit an archdemon's order is for; ``case`` is the one ``code``'s sentence
    names another's in («а не беса №1», «а не бесу №1»)."""
    u = target(w, uid, label, out)
    if u is None:
        return None
    if u.owner != f or u.controller is not None:
        out.append(v(code, clause, who=name(label, case)))
        return None
    return u


def check_equip(w: World, f: str, o: Equip, out: list[Violation]) -> None:
    """From the store onto an own unit, one of each kind (DK-ART-02, DK-GAP-45)."""
    art = DATA.artifacts[o.artifact]
    if o.artifact not in w.player(f).store:
        out.append(v("equip.not_in_store", "DK-ART-02", msg("hint.forge_first"), what=art.forms.gen))
        return
    u = _own_unit(w, f, o.unit, o.who, "equip.not_own", "DK-GAP-45", out)
    if u is None:
        return
    if w.options.artifact_limit == "one_per_kind" and o.artifact in u.artifacts:
        out.append(v("equip.twice", "DK-GAP-45", who=name(o.who, "gen"), what=art.forms.nom))
    if w.options.equip_near_armoury and not any(_adjacent(b.cell, u.cell) for b in w.buildings_of(f, "armoury")):
        out.append(v("equip.far", "DK-GAP-45", who=name(o.who)))


def _adjacent(a, b) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def check_spirit(w: World, f: str, o: SendSpirit, out: list[Violation]) -> None:
    """A spirit from the retinue to an own unit, at most one of each kind (DK-SPIRIT-02..04, DK-GAP-50/51)."""
    spirit = DATA.spirits[o.spirit]
    pool = w.player(f).spirits
    if o.spirit not in pool and "any" not in pool:
        out.append(v("spirit.none", "DK-SPIRIT-01", msg("hint.sacrifice"), what=spirit.forms.gen,
                     about=("res:" + f,)))
        return
    u = _own_unit(w, f, o.unit, o.who, "spirit.not_own", "DK-GAP-51", out, case="dat")
    if u is None:
        return
    if o.spirit in u.spirits:
        out.append(v("spirit.twice", "DK-SPIRIT-04", who=name(o.who, "gen"), what=spirit.forms.nom))


def check_tower_shot(w: World, f: str, o: TowerShot, out: list[Violation]) -> None:
    """An own Боевая башня with shots left, at an enemy unit in reach and sight — the nearest one
    (DK-BLD-08, DK-GAP-40)."""
    b = w.building(o.tower)
    if b is None or b.kind != "battle_tower" or b.cell != tuple(o.cell):
        out.append(v("tower.none", "DK-BLD-08", cell=cell_text(o.cell)))
        return
    if b.owner != f:
        out.append(v("tower.not_own", "DK-BLD-08"))
        return
    if o.ap > b.ap:
        out.append(v("tower.no_shots", "DK-BLD-08", have=b.ap, need=o.ap))
        return
    if o.target is None:
        if not allowed_targets(w, b):
            out.append(v("tower.nobody", "DK-BLD-08", cell=cell_text(b.cell)))
        return
    t = target(w, o.target, o.whom, out)
    if t is None:
        return
    if not m.is_enemy(t, f):
        out.append(v("tower.own", "DK-BLD-08", whom=name(o.whom, "dat")))
        return
    if t.id not in {x.id for x in targets_in_reach(w, b)}:
        out.append(v("tower.out_of_reach", "DK-BLD-08", whom=name(o.whom, "nom"),
                     cell=cell_text(b.cell)))
        return
    if t.id not in {x.id for x in allowed_targets(w, b)}:
        out.append(v("tower.not_nearest", "DK-GAP-40", about=(t.id,), whom=name(o.whom, "nom")))
        return
    if o.ap > 1 and m.damage(DATA.buildings["battle_tower"].attack, t.defence()) * (o.ap - 1) >= t.hp:
        out.append(v("attack.overkill", "DK-GAP-11", severity=NOTE, whom=name(o.whom, "nom")))
