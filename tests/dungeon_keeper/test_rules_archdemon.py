"""Archdemon actions and buildings: summoning, numbering, upgrades, Sources and their capture,
alchemy, the armoury and artifacts, spirits, runes, objects, the hospital, towers (DK-BLD, DK-SRC,
DK-UPG, DK-ART, DK-SPIRIT, DK-OBJ, DK-UNIT-01/05..07, DK-GAP-15, 31..51)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rulesets.dungeon_keeper.data import DATA
from rulesets.dungeon_keeper.orders import (
    Alchemy,
    Capture,
    Equip,
    Forge,
    Hospital,
    Pickup,
    RuneExchange,
    RuneUnlock,
    SendSpirit,
    Summon,
    TowerShot,
    UpgradeBuilding,
    UpgradeUnit,
)

from .dk_rules_factory import (
    area,
    attack,
    begin,
    building,
    clauses,
    codes,
    event,
    game,
    kinds,
    label,
    move,
    notes,
    obj,
    run,
    unit,
)

BASE = area(10, 10, 16, 16)


def upgrade(s, u, to):  # type: ignore[no-untyped-def]
    return UpgradeUnit(unit=u.id, who=label(s, u), to=to)


# --- summoning ------------------------------------------------------------------------------------------
def test_summoning_needs_a_circle_and_mana_and_places_clockwise_from_north_DK_BLD_07_DK_GAP_31():
    """DK-BLD-07 / DK-GAP-31: имп 1 mana, бес 3; next to the oldest Круг вызова, the first free cell
    clockwise from north; the new unit acts at once."""
    s = game(BASE)
    assert codes(s, "p1", Summon(unit_kind="imp")) == ["summon.no_circle"]
    building(s, "circle", "p1", (12, 12))
    unit(s, "p1", "imp", (11, 12))
    out = run(s, "p1", Summon(unit_kind="imp"), Summon(unit_kind="bes", count=2))
    st = out.state
    placed = {u.id: (u.cell, u.ap) for u in st.units.values() if u.owner == "p1"}
    assert placed["p1:i2"] == ((11, 13), 2)
    assert placed["p1:m1"] == ((12, 13), 2) and placed["p1:m2"][0] == (13, 13)
    assert st.players["p1"].mana == 100 - 1 - 6


def test_a_named_summoning_cell_must_be_next_to_a_circle_DK_GAP_31():
    """DK-GAP-31."""
    s = game(BASE)
    building(s, "circle", "p1", (12, 12))
    assert codes(s, "p1", Summon(unit_kind="bes", cell=(11, 11))) == []
    assert codes(s, "p1", Summon(unit_kind="bes", cell=(10, 10))) == ["summon.cell"]


def test_summoned_units_act_at_once_unless_the_gm_says_otherwise_DK_GAP_31():
    """DK-GAP-31."""
    s = game(BASE, summoned_act_same_turn=False)
    building(s, "circle", "p1", (12, 12))
    out = run(s, "p1", Summon(unit_kind="bes"))
    assert out.state.units["p1:m1"].ap == 0


def test_circle_of_summoning_price_and_hp_DK_BLD_06():
    """DK-BLD-06."""
    data = DATA.buildings["circle"]
    assert (data.hp, data.gold, data.mana, data.hp_per_gold) == (50, 50, 5, 1)


def test_at_most_twenty_units_DK_UNIT_01():
    """DK-UNIT-01: imps and military units together; checked at every summon."""
    s = game(area(1, 1, 8, 8) + BASE)
    building(s, "circle", "p1", (12, 12))
    cells = [c for c in area(1, 3, 8, 8)][:19]
    for c in cells:
        unit(s, "p1", "imp", c)
    assert codes(s, "p1", Summon(unit_kind="imp")) == []
    assert codes(s, "p1", Summon(unit_kind="imp", count=2)) == ["summon.cap"]
    assert codes(s, "p1", Summon(unit_kind="imp"), Summon(unit_kind="imp")) == ["summon.cap"]


def test_only_imps_and_bes_can_be_summoned_DK_UNIT_06():
    """DK-UNIT-06: every other unit grows from the бес by upgrades."""
    with pytest.raises(ValidationError):
        Summon(unit_kind="kerub")  # type: ignore[arg-type]
    assert {k for k, u in DATA.units.items() if u.summon is not None} == {"imp", "bes"}


def test_numbers_by_category_never_reused_and_kept_through_upgrades_DK_UNIT_07_DK_GAP_15():
    """DK-UNIT-07 / DK-GAP-15: imps and military units count separately; a dead unit's number is not
    given again; бес №1 becomes грасдир №1."""
    s = game(BASE)
    building(s, "circle", "p1", (12, 12))
    building(s, "source", "p1", (13, 13))
    out = run(s, "p1", Summon(unit_kind="imp"), Summon(unit_kind="bes"), Summon(unit_kind="imp"))
    st = out.state
    assert sorted((u.kind, u.number) for u in st.units.values()) == [("bes", 1), ("imp", 1), ("imp", 2)]
    st.remove_unit("p1:i2")
    out2 = run(st, "p1", Summon(unit_kind="imp"), upgrade(st, st.units["p1:m1"], "grasdir"))
    st2 = out2.state
    assert "p1:i3" in st2.units and "p1:i2" not in st2.units
    g_ = st2.units["p1:m1"]
    assert (g_.kind, g_.number, g_.history) == ("grasdir", 1, ["bes"])
    s3 = game(BASE, unit_numbering="single_sequence")
    building(s3, "circle", "p1", (12, 12))
    st3 = run(s3, "p1", Summon(unit_kind="imp"), Summon(unit_kind="bes")).state
    assert sorted(u.number for u in st3.units.values()) == [1, 2]


# --- upgrades ---------------------------------------------------------------------------------------------
def _near_source(**options):  # type: ignore[no-untyped-def]
    s = game(BASE, **options)
    building(s, "source", "p1", (12, 12))
    return s


def test_upgrade_follows_the_tree_DK_UPG_01_DK_IMP_02():
    """DK-UPG-01: бес → грасдир → керуб …; DK-IMP-02: imps are never upgraded."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11))
    i = unit(s, "p1", "imp", (11, 12))
    assert codes(s, "p1", upgrade(s, b, "grasdir")) == []
    assert codes(s, "p1", upgrade(s, b, "kerub")) == ["upgrade.tree"]
    assert codes(s, "p1", upgrade(s, i, "grasdir")) == ["upgrade.imp"]
    tree = {k: u.from_ for k, u in DATA.units.items() if u.from_}
    assert tree == {"priest": "bes", "grasdir": "bes", "kerub": "grasdir", "siege_beast": "bes", "ognevik": "bes",
                    "ifrit": "ognevik", "angutei": "bes", "kadet": "angutei", "succubus": "angutei",
                    "aggel": "kadet", "munglair": "bes", "lich": "munglair", "vampire": "munglair",
                    "yafalen": "vampire"}


def test_upgrade_only_within_two_cells_of_an_own_source_DK_UPG_02_DK_SRC_05():
    """DK-SRC-05."""
    s = _near_source()
    near = unit(s, "p1", "bes", (14, 14))
    far = unit(s, "p1", "bes", (15, 15))
    assert codes(s, "p1", upgrade(s, near, "priest")) == []
    assert codes(s, "p1", upgrade(s, far, "priest")) == ["upgrade.far"]
    assert clauses(s, "p1", upgrade(s, far, "priest")) == ["DK-UPG-02"]


def test_upgrade_price_in_mana_and_gold_DK_UPG_03():
    """DK-UPG-03."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11))
    out = run(s, "p1", upgrade(s, b, "siege_beast"))
    p = out.state.players["p1"]
    assert (p.mana, p.gold) == (100 - 20, 500 - 30)
    s.players["p1"].gold = 29
    assert codes(s, "p1", upgrade(s, b, "siege_beast")) == ["cost.short"]


def test_rune_branches_need_their_rune_in_the_altar_DK_UPG_04():
    """DK-UPG-04: огневик — Огня, ангутей — Тьмы, мунглайр — Смерти; грасдир, жрец, осадный зверь — nothing."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11))
    for to in ("ognevik", "angutei", "munglair"):
        assert codes(s, "p1", upgrade(s, b, to)) == ["upgrade.rune"], to
    s.players["p1"].runes = ["fire", "dark", "death"]
    for to in ("ognevik", "angutei", "munglair", "grasdir", "priest", "siege_beast"):
        assert codes(s, "p1", upgrade(s, b, to)) == [], to


def test_one_upgrade_per_unit_per_turn_any_number_of_units_DK_UPG_05():
    """DK-UPG-05."""
    s = _near_source()
    a = unit(s, "p1", "bes", (11, 11))
    b = unit(s, "p1", "bes", (11, 12))
    assert codes(s, "p1", upgrade(s, a, "grasdir"), upgrade(s, b, "grasdir")) == []
    ga = upgrade(s, a, "grasdir")
    kerub = UpgradeUnit(unit=a.id, who=label(s, a).model_copy(update={"kind": "grasdir"}), to="kerub")
    assert codes(s, "p1", ga, kerub) == ["upgrade.twice"]


def test_upgrade_keeps_damage_place_and_ap_DK_GAP_32():
    """DK-GAP-32: хп = current + (new max − old max); ОД left unchanged this turn; options change both."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11), hp=2, ap=1)
    out = run(s, "p1", upgrade(s, b, "grasdir"))
    g_ = out.state.units[b.id]
    assert (g_.hp, g_.ap, g_.cell, g_.max_ap()) == (9, 1, (11, 11), 4)
    s2 = _near_source(upgrade_heals_fully=True, upgrade_ap_now=True)
    b2 = unit(s2, "p1", "bes", (11, 11), hp=2, ap=1)
    g2 = run(s2, "p1", upgrade(s2, b2, "grasdir")).state.units[b2.id]
    assert (g2.hp, g2.ap) == (10, 3)


def test_a_unit_under_someone_elses_control_is_not_upgraded_DK_GAP_32():
    """DK-GAP-32."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11), controller="p2")
    assert codes(s, "p1", upgrade(s, b, "grasdir")) == ["upgrade.controlled"]


def test_archdemon_actions_cost_no_unit_ap_DK_TURN_04_DK_GAP_34():
    """DK-TURN-04 / DK-GAP-34: only resources limit them."""
    s = _near_source()
    b = unit(s, "p1", "bes", (11, 11), ap=0)
    building(s, "circle", "p1", (14, 14))
    out = run(s, "p1", upgrade(s, b, "grasdir"), Summon(unit_kind="imp"))
    assert out.state.units[b.id].ap == 0 and "p1:i1" in out.state.units


def test_source_upgrade_one_level_a_turn_for_ten_times_its_level_DK_SRC_02_DK_UPG_06_DK_GAP_33():
    """DK-SRC-02: level L → L+1 costs 10·L gold; DK-UPG-06: each building once a turn; DK-GAP-33: only Sources."""
    s = game(BASE)
    src = building(s, "source", "p1", (12, 12))
    other = building(s, "source", "p1", (14, 14), level=9)
    up = UpgradeBuilding(building=src.id, cell=src.cell, level=4)
    out = run(s, "p1", up, UpgradeBuilding(building=other.id, cell=other.cell, level=10))
    st = out.state
    assert st.buildings[src.id].level == 4 and st.buildings[other.id].level == 10
    assert st.players["p1"].gold == 500 - 30 - 90
    assert codes(s, "p1", up, UpgradeBuilding(building=src.id, cell=src.cell, level=5)) == ["upgrade_building.twice"]
    assert codes(s, "p1", UpgradeBuilding(building=src.id, cell=src.cell, level=5)) == ["upgrade_building.level"]
    top = building(s, "source", "p1", (16, 16), level=10)
    assert codes(s, "p1", UpgradeBuilding(building=top.id, cell=top.cell, level=11)) == ["upgrade_building.max"]
    hosp = building(s, "hospital", "p1", (10, 10))
    assert codes(s, "p1", UpgradeBuilding(building=hosp.id, cell=hosp.cell, level=2)) == \
        ["upgrade_building.not_source"]
    assert DATA.buildings["source"].upgrade_gold == (10, 20, 30, 40, 50, 60, 70, 80, 90)


def test_a_source_brings_its_level_in_mana_DK_SRC_01_DK_GAP_05():
    """DK-SRC-01 / DK-GAP-05: a level-3 Source brings 3 mana at its owner's turn start; neutral ones nothing."""
    s = game(BASE)
    building(s, "source", "p1", (12, 12))
    building(s, "source", "p1", (14, 14), level=5)
    building(s, "source", None, (16, 16), level=7)
    t = begin(s, "p1")
    assert t.state.players["p1"].mana == 100 + 3 + 5


def test_capturing_a_source_takes_ten_ap_of_one_unit_DK_SRC_04_DK_GAP_36():
    """DK-SRC-04 / DK-GAP-36: the counter of one adjacent unit grows over turns; at 10 the Source changes
    hands at once keeping its level; counters of different units never add up."""
    s = game(BASE)
    src = building(s, "source", "p2", (12, 12), level=4)
    g_ = unit(s, "p1", "grasdir", (11, 11))
    other = unit(s, "p1", "grasdir", (13, 13))
    cap = Capture(unit=g_.id, who=label(s, g_), building=src.id, cell=src.cell, ap=4)
    out = run(s, "p1", cap, Capture(unit=other.id, who=label(s, other), building=src.id, cell=src.cell, ap=4))
    st = out.state
    assert st.units[g_.id].capture == {src.id: 4} and st.units[other.id].capture == {src.id: 4}
    assert st.buildings[src.id].owner == "p2"
    st.units[g_.id].capture[src.id] = 8
    st.units[g_.id].ap = 4
    done = run(st, "p1", Capture(unit=g_.id, who=label(st, g_), building=src.id, cell=src.cell, ap=2))
    st2 = done.state
    assert st2.buildings[src.id].owner == "p1" and st2.buildings[src.id].level == 4
    assert st2.units[g_.id].capture == {} and st2.units[other.id].capture == {}
    assert "captured" in kinds(done)
    assert codes(st2, "p1", Capture(unit=other.id, who=label(st2, other), building=src.id, cell=src.cell)) == \
        ["capture.own"]


def test_capture_progress_is_lost_when_the_unit_walks_away_DK_GAP_36():
    """DK-GAP-36."""
    s = game(BASE)
    src = building(s, "source", None, (12, 12))
    g_ = unit(s, "p1", "grasdir", (11, 11), capture={"b9": 3})
    g_.capture = {src.id: 3}
    out = run(s, "p1", move(s, g_, (10, 10)))
    assert out.state.units[g_.id].capture == {}


def test_capture_extra_ap_are_not_spent_DK_GAP_36():
    """DK-GAP-36."""
    s = game(BASE)
    src = building(s, "source", None, (12, 12))
    g_ = unit(s, "p1", "grasdir", (11, 11), capture={})
    g_.capture = {src.id: 8}
    cap = Capture(unit=g_.id, who=label(s, g_), building=src.id, cell=src.cell, ap=4)
    assert codes(s, "p1", cap) == [] and notes(s, "p1", cap) == ["capture.extra"]
    assert run(s, "p1", cap).state.units[g_.id].ap == 2


def test_progress_within_one_turn_only_when_the_gm_says_so_DK_GAP_36():
    """DK-GAP-36."""
    s = game(BASE, capture_progress_persists=False, multi_post_turn=False)
    src = building(s, "source", None, (12, 12))
    g_ = unit(s, "p1", "grasdir", (11, 11))
    out = run(s, "p1", Capture(unit=g_.id, who=label(s, g_), building=src.id, cell=src.cell, ap=4))
    assert out.state.units[g_.id].capture == {}


def test_a_subjugated_unit_cannot_capture_DK_GAP_36():
    """DK-GAP-36."""
    s = game(BASE)
    src = building(s, "source", None, (12, 12))
    e = unit(s, "p2", "grasdir", (11, 11), controller="p1")
    assert codes(s, "p1", Capture(unit=e.id, who=label(s, e), building=src.id, cell=src.cell)) == \
        ["capture.controlled"]


# --- laboratory, armoury, artifacts, spirits ---------------------------------------------------------------
def test_alchemy_turns_mana_into_goods_at_the_laboratory_DK_BLD_12_DK_GAP_43():
    """DK-BLD-12 / DK-GAP-43: 1 mana → 1 gold, 3 → 1 iron, 100 → 1 тальдеар; an own laboratory."""
    s = game(BASE)
    assert codes(s, "p1", Alchemy(resource="gold", amount=5)) == ["alchemy.no_lab"]
    building(s, "laboratory", "p1", (12, 12))
    s.players["p1"].mana = 120
    out = run(s, "p1", Alchemy(resource="gold", amount=5), Alchemy(resource="iron", amount=2),
              Alchemy(resource="taldear", amount=1))
    p = out.state.players["p1"]
    assert (p.mana, p.gold, p.iron, p.taldear) == (120 - 5 - 6 - 100, 505, 102, 11)
    assert codes(s, "p1", Alchemy(resource="taldear", amount=2)) == ["cost.short"]


@pytest.mark.parametrize("art,iron,gold,tal", [("sword", 10, 25, 1), ("armour", 25, 25, 1), ("amulet", 5, 30, 1),
                                               ("crown", 10, 100, 1)])
def test_the_armoury_crafts_artifacts_into_the_store_DK_ART_01_DK_BLD_10_DK_GAP_46(art, iron, gold, tal):
    """DK-ART-01 / DK-ART-03..06 / DK-BLD-10 / DK-GAP-46: priced in iron, gold and тальдеар; to the store."""
    s = game(BASE)
    assert codes(s, "p1", Forge(artifact=art)) == ["forge.no_armoury"]
    building(s, "armoury", "p1", (12, 12))
    p = run(s, "p1", Forge(artifact=art)).state.players["p1"]
    assert p.store == [art] and (100 - p.iron, 500 - p.gold, 10 - p.taldear) == (iron, gold, tal)


def test_equipping_from_the_store_for_good_DK_ART_02_DK_GAP_45():
    """DK-ART-02 / DK-GAP-45: any own unit anywhere; one of each kind; Амулет +10 хп now, Корона +1 ОД now;
    Меч +2 атака, Броня +2 защита (DK-ART-03..06)."""
    s = game(BASE)
    s.players["p1"].store = ["sword", "armour", "amulet", "crown", "sword"]
    i = unit(s, "p1", "imp", (12, 12))
    eq = [Equip(artifact=a, unit=i.id, who=label(s, i)) for a in ("sword", "armour", "amulet", "crown")]
    out = run(s, "p1", *eq)
    u = out.state.units[i.id]
    assert (u.attack(), u.defence(), u.hp, u.max_hp(), u.ap, u.max_ap()) == (3, 2, 11, 11, 3, 3)
    assert out.state.players["p1"].store == ["sword"]
    again = Equip(artifact="sword", unit=i.id, who=label(s, i))
    assert codes(s, "p1", eq[0], again) == ["equip.twice"]
    assert codes(s, "p1", Equip(artifact="crown", unit=i.id, who=label(s, i)), eq[3]) == ["equip.not_in_store"]
    foe = unit(s, "p2", "bes", (14, 14), controller="p1")
    assert codes(s, "p1", Equip(artifact="sword", unit=foe.id, who=label(s, foe))) == ["equip.not_own"]


def test_equipping_near_the_armoury_is_a_gm_option_DK_GAP_45():
    """DK-GAP-45."""
    s = game(BASE, equip_near_armoury=True, artifact_limit="unlimited")
    s.players["p1"].store = ["sword", "sword"]
    building(s, "armoury", "p1", (12, 12))
    near = unit(s, "p1", "bes", (12, 13))
    far = unit(s, "p1", "bes", (15, 15))
    assert codes(s, "p1", Equip(artifact="sword", unit=near.id, who=label(s, near)),
                 Equip(artifact="sword", unit=near.id, who=label(s, near))) == []
    assert codes(s, "p1", Equip(artifact="sword", unit=far.id, who=label(s, far))) == ["equip.far"]


def test_spirits_bind_to_own_units_one_of_each_kind_DK_SPIRIT_02_DK_SPIRIT_03_DK_SPIRIT_04_DK_GAP_51():
    """DK-SPIRIT-02 / DK-SPIRIT-03 / DK-SPIRIT-04 / DK-GAP-51: +1 защита, +1 атака, +5 хп (now); at most one of each kind."""
    s = game(BASE)
    s.players["p1"].spirits = ["any", "any", "any", "any"]
    b = unit(s, "p1", "bes", (12, 12), hp=2)
    send = [SendSpirit(spirit=k, unit=b.id, who=label(s, b)) for k in ("guardian", "valour", "life")]
    out = run(s, "p1", *send)
    u = out.state.units[b.id]
    assert (u.attack(), u.defence(), u.hp, u.max_hp()) == (3, 2, 7, 8)
    assert out.state.players["p1"].spirits == ["any"]
    assert codes(s, "p1", send[0], send[0]) == ["spirit.twice"]
    s.players["p1"].spirits = []
    assert codes(s, "p1", send[0]) == ["spirit.none"]
    s.players["p1"].spirits = ["any"]
    foe = unit(s, "p2", "bes", (14, 14))
    assert codes(s, "p1", SendSpirit(spirit="life", unit=foe.id, who=label(s, foe))) == ["spirit.not_own"]


def test_spirits_live_as_long_as_their_unit_DK_SPIRIT_02():
    """DK-SPIRIT-02."""
    s = game(BASE)
    k = unit(s, "p1", "kerub", (12, 12))
    b = unit(s, "p2", "bes", (12, 13), spirits=["life"], hp=1)
    out = run(s, "p1", attack(s, k, b))
    assert b.id not in out.state.units
    assert out.state.objects_at((12, 13)) == [] and out.state.players["p2"].spirits == []


# --- objects and runes -----------------------------------------------------------------------------------
def test_picking_up_costs_one_ap_from_the_own_or_an_adjacent_cell_DK_UNIT_05_DK_GAP_47_DK_OBJ_04():
    """DK-UNIT-05 / DK-GAP-47 / DK-OBJ-04: artifacts lying about go to the store (DK-ART-01)."""
    s = game(BASE)
    b = unit(s, "p1", "bes", (12, 12))
    here = obj(s, "artifact", (12, 12), item="sword")
    near = obj(s, "artifact", (13, 13), item="crown")
    far = obj(s, "artifact", (15, 15), item="armour")
    take = [Pickup(unit=b.id, who=label(s, b), object=o.id, object_kind="artifact", item=o.item, cell=o.cell)
            for o in (here, near, far)]
    out = run(s, "p1", take[0], take[1])
    assert out.state.players["p1"].store == ["sword", "crown"] and out.state.units[b.id].ap == 0
    assert codes(s, "p1", take[2]) == ["pickup.far"]


def test_a_chest_holds_50_to_300_gold_and_1_to_3_taldear_rolled_DK_OBJ_01_DK_GAP_48():
    """DK-OBJ-01 / DK-GAP-48: rolled when taken (each roll shown); fixed contents under ``fixed_in_setup``."""
    s = game(BASE)
    i = unit(s, "p1", "imp", (12, 12))
    c = obj(s, "chest", (12, 13), gold=77, taldear=2)
    take = Pickup(unit=i.id, who=label(s, i), object=c.id, object_kind="chest", cell=c.cell)
    out = run(s, "p1", take, rolls=(251, 3))
    p = out.state.players["p1"]
    assert (p.gold, p.taldear) == (500 + 300, 10 + 3)
    ev = event(out, "pickup")
    assert [r.sides for r in ev.rolls] == [251, 3]
    s2 = game(BASE, object_contents="fixed_in_setup")
    i2 = unit(s2, "p1", "imp", (12, 12))
    c2 = obj(s2, "chest", (12, 13), gold=77, taldear=2)
    out2 = run(s2, "p1", Pickup(unit=i2.id, who=label(s2, i2), object=c2.id, object_kind="chest", cell=c2.cell))
    assert (out2.state.players["p1"].gold, out2.state.players["p1"].taldear) == (577, 12)


def test_a_mana_crystal_gives_10_to_50_mana_DK_OBJ_03_DK_GAP_48():
    """DK-OBJ-03, DK-GAP-48."""
    s = game(BASE)
    i = unit(s, "p1", "imp", (12, 12))
    c = obj(s, "crystal", (12, 13))
    out = run(s, "p1", Pickup(unit=i.id, who=label(s, i), object=c.id, object_kind="crystal", cell=c.cell), rolls=(1,))
    assert out.state.players["p1"].mana == 110


def test_a_rune_is_carried_to_the_altar_then_unlocks_or_is_traded_DK_OBJ_02_DK_GAP_49():
    """DK-OBJ-02 / DK-GAP-49: take 1 ОД, carry, use next to the own Altar 1 ОД: open the branch or 10 mana;
    a school already open can only be traded."""
    s = game(area(1, 1, 4, 4))
    b = unit(s, "p1", "grasdir", (4, 4))
    r = obj(s, "rune", (3, 3), item="fire")
    r2 = obj(s, "rune", (4, 3), item="dark")
    take = Pickup(unit=b.id, who=label(s, b), object=r.id, object_kind="rune", item="fire", cell=r.cell)
    take2 = Pickup(unit=b.id, who=label(s, b), object=r2.id, object_kind="rune", item="dark", cell=r2.cell)
    use = RuneUnlock(unit=b.id, who=label(s, b), rune="fire")
    assert codes(s, "p1", take, use) == ["rune.far"]
    out = run(s, "p1", take, take2, move(s, b, (3, 3)), RuneUnlock(unit=b.id, who=label(s, b), rune="fire"))
    st = out.state
    assert st.players["p1"].runes == ["fire"] and st.units[b.id].runes == ["dark"]
    st.units[b.id].ap = 2
    trade = run(st, "p1", RuneExchange(unit=b.id, who=label(st, b), rune="dark"))
    assert trade.state.players["p1"].mana == 110 and trade.state.units[b.id].runes == []
    st.units[b.id].runes = ["fire"]
    assert codes(st, "p1", RuneUnlock(unit=b.id, who=label(st, b), rune="fire")) == ["rune.already"]
    assert codes(st, "p1", RuneUnlock(unit=b.id, who=label(st, b), rune="death")) == ["rune.not_carried"]


# --- the hospital -------------------------------------------------------------------------------------------
def test_the_hospital_heals_two_hp_per_ap_next_to_it_DK_BLD_13_DK_GAP_42():
    """DK-BLD-13 / DK-GAP-42: own Госпиталь, adjacent, 2 хп per ОД, partial last step is a warning,
    ОД at full хп an error."""
    s = game(BASE)
    h = building(s, "hospital", "p1", (12, 12))
    k = unit(s, "p1", "kerub", (12, 13), hp=15)
    heal = Hospital(unit=k.id, who=label(s, k), building=h.id, cell=h.cell, ap=3)
    out = run(s, "p1", heal)
    assert out.state.units[k.id].hp == 20 and out.state.units[k.id].ap == 0
    assert notes(s, "p1", heal) == ["hospital.partial"]
    too_much = Hospital(unit=k.id, who=label(s, k), building=h.id, cell=h.cell, ap=3)
    s.units[k.id].hp = 17
    assert codes(s, "p1", too_much) == ["hospital.too_much"]
    enemy = building(s, "hospital", "p2", (14, 14))
    b = unit(s, "p1", "bes", (14, 15), hp=1)
    assert codes(s, "p1", Hospital(unit=b.id, who=label(s, b), building=enemy.id, cell=enemy.cell)) == \
        ["hospital.not_own"]


# --- towers --------------------------------------------------------------------------------------------
def shot(s, tower, t=None, ap=1):  # type: ignore[no-untyped-def]
    if t is None:
        return TowerShot(tower=tower.id, cell=tower.cell, ap=ap)
    return TowerShot(tower=tower.id, cell=tower.cell, ap=ap, target=t.id, whom=label(s, t))


def test_battle_tower_three_shots_at_the_nearest_enemies_DK_BLD_08_DK_GAP_40():
    """DK-BLD-08 / DK-GAP-40: up to 3 shots a turn, reach 3 and sight, the nearest enemy only,
    damage max(8 − защита, 1), no retaliation."""
    s = game(BASE)
    t = building(s, "battle_tower", "p1", (12, 12))
    near = unit(s, "p2", "kerub", (12, 14))
    far = unit(s, "p2", "kerub", (15, 15))
    unit(s, "p1", "kerub", (12, 13))
    out = run(s, "p1", shot(s, t, near, ap=2))
    st = out.state
    assert st.units[near.id].hp == 20 - 2 * 5 and st.buildings[t.id].ap == 1
    assert codes(s, "p1", shot(s, t, far)) == ["tower.not_nearest"]
    assert codes(s, "p1", shot(s, t, ap=3), shot(s, t)) == ["tower.no_shots"]
    out2 = run(s, "p1", shot(s, t, ap=3))
    assert out2.state.units[near.id].hp == 20 - 15
    assert DATA.buildings["battle_tower"].attack == 8


def test_tower_may_shoot_anyone_in_reach_under_the_gm_option_DK_GAP_40():
    """DK-GAP-40."""
    s = game(BASE, tower_targeting="any_in_reach")
    t = building(s, "battle_tower", "p1", (12, 12))
    unit(s, "p2", "kerub", (12, 14))
    far = unit(s, "p2", "kerub", (15, 15))
    assert codes(s, "p1", shot(s, t, far)) == []
    away = unit(s, "p2", "kerub", (16, 16))
    assert codes(s, "p1", shot(s, t, away)) == ["tower.out_of_reach"]


def test_tower_shots_return_at_the_owners_turn_start_DK_BLD_08():
    """DK-BLD-08."""
    s = game(BASE)
    t = building(s, "battle_tower", "p1", (12, 12), ap=0)
    unit(s, "p2", "kerub", (12, 14))
    assert codes(s, "p1", shot(s, t)) == ["tower.no_shots"]
    assert begin(s, "p1").state.buildings[t.id].ap == 3


def test_unordered_shots_fire_by_themselves_only_under_autofire_DK_GAP_40():
    """DK-GAP-40."""
    s = game(BASE, tower_autofire=True, multi_post_turn=False)
    building(s, "battle_tower", "p1", (12, 12))
    k = unit(s, "p2", "kerub", (12, 14))
    out = run(s, "p1")
    assert out.state.units[k.id].hp == 20 - 15
    s2 = game(BASE, multi_post_turn=False)
    building(s2, "battle_tower", "p1", (12, 12))
    k2 = unit(s2, "p2", "kerub", (12, 14))
    assert run(s2, "p1").state.units[k2.id].hp == 20


def test_slowing_tower_takes_one_ap_at_the_turn_start_not_adding_up_DK_BLD_09_DK_GAP_41():
    """DK-BLD-09 / DK-GAP-41: radius 3, no sight; several towers take only 1; stacks with Замедление."""
    from rulesets.dungeon_keeper.state import Effect

    s = game(BASE)
    building(s, "slow_tower", "p1", (12, 12))
    building(s, "slow_tower", "p1", (13, 16))
    k = unit(s, "p2", "kerub", (14, 14))
    slow = unit(s, "p2", "kerub", (15, 15), effects=[Effect(key="slow", source="spell", category="debuff",
                                                              by="p1", until=5)])
    out = begin(s, "p2")
    assert out.state.units[k.id].ap == 2 and out.state.units[slow.id].ap == 1
    assert "ap_loss" in kinds(out)
