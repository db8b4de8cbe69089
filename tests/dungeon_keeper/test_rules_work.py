"""Imps' work: digging, mining, building, repairing; mines and walls (DK-IMP, DK-MINE, DK-BLD-01/03,
DK-MAP-03, DK-GAP-01..03, 37, 39, 44)."""

from __future__ import annotations

import pytest

from rulesets.dungeon_keeper.data import DATA
from rulesets.dungeon_keeper.orders import AttackBuilding, Build, Dig, MineOrder, Repair

from .dk_rules_factory import (
    area,
    building,
    clauses,
    codes,
    game,
    label,
    mine,
    move,
    obj,
    run,
    unit,
)


def dig(s, u, cell):  # type: ignore[no-untyped-def]
    return Dig(unit=u.id, who=label(s, u), cell=cell)


def work(s, u, cell, kind="gold", ap=1):  # type: ignore[no-untyped-def]
    return MineOrder(unit=u.id, who=label(s, u), cell=cell, mine=kind, ap=ap)


def build(s, u, kind, cell):  # type: ignore[no-untyped-def]
    return Build(unit=u.id, who=label(s, u), building=kind, cell=cell)


def repair(s, u, b, ap=1):  # type: ignore[no-untyped-def]
    return Repair(unit=u.id, who=label(s, u), building=b.id, building_kind=b.kind, cell=b.cell, ap=ap)


# --- digging ------------------------------------------------------------------------------------------
def test_an_imp_digs_an_adjacent_undug_cell_for_one_ap_DK_IMP_05():
    """DK-IMP-05: 1 ОД, the undug cell next to the imp becomes empty."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    out = run(s, "p1", dig(s, i, (10, 11)))
    assert out.state.terrain((10, 11)) == "." and out.state.units[i.id].ap == 1
    assert codes(s, "p1", dig(s, i, (10, 12))) == ["work.not_adjacent"]
    assert codes(s, "p1", dig(s, i, (10, 11)), dig(s, i, (10, 11))) == ["dig.empty"]


def test_digging_mining_building_and_repairing_are_imp_work_next_to_the_cell_DK_IMP_09():
    """DK-IMP-09: only imps, and only next to the cell concerned."""
    s = game([(10, 10)])
    b = unit(s, "p1", "bes", (10, 10))
    assert codes(s, "p1", dig(s, b, (10, 11))) == ["work.not_imp"]
    assert clauses(s, "p1", dig(s, b, (10, 11))) == ["DK-IMP-09"]


def test_digging_ignores_the_corner_rule_DK_GAP_19():
    """DK-GAP-19: the corner rule does not apply to digging."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    assert codes(s, "p1", dig(s, i, (11, 11))) == []


def test_mines_and_walls_are_not_dug_DK_GAP_44():
    """DK-GAP-44."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, "gold", (10, 11))
    building(s, "wall", None, (11, 10))
    assert codes(s, "p1", dig(s, i, (10, 11))) == ["dig.mine"]
    assert codes(s, "p1", dig(s, i, (11, 10))) == ["dig.building"]


# --- mining --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind,resource,gain", [("gold", "gold", 10), ("iron", "iron", 10), ("gem", "taldear", 1)])
def test_mining_brings_ten_gold_ten_iron_or_one_taldear_per_ap_DK_IMP_03_DK_MINE_01(kind, resource, gain):
    """DK-IMP-03 / DK-MINE-01: the detailed yields (DK-GAP-01 default)."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, kind, (10, 11))
    before = getattr(s.players["p1"], resource)
    out = run(s, "p1", work(s, i, (10, 11), kind, ap=2))
    assert getattr(out.state.players["p1"], resource) == before + 2 * gain
    assert out.state.units[i.id].ap == 0


@pytest.mark.parametrize("mode,gold,gem", [("five_each", 5, 5), ("five_gold_iron", 5, 1)])
def test_the_contradicting_yield_is_a_gm_option_DK_IMP_04_DK_GAP_01(mode, gold, gem):
    """DK-IMP-04 / DK-GAP-01: «5 units per ОД» as a GM option."""
    s = game([(10, 10)], mining_yield=mode)
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, "gold", (10, 11))
    mine(s, "gem", (11, 10))
    out = run(s, "p1", work(s, i, (10, 11)), work(s, i, (11, 10), "gem"))
    p = out.state.players["p1"]
    assert p.gold == 500 + gold and p.taldear == 10 + gem


def test_the_imp_must_be_next_to_the_mine_it_works_DK_MINE_05():
    """DK-MINE-05."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, "gold", (10, 12))
    assert codes(s, "p1", work(s, i, (10, 12))) == ["work.not_adjacent"]
    assert codes(s, "p1", work(s, i, (12, 12))) == ["mine.none"]


def test_naming_the_wrong_kind_of_mine_is_an_error_DK_MINE_01():
    """DK-MINE-01."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, "iron", (10, 11))
    assert codes(s, "p1", work(s, i, (10, 11), "gold")) == ["mine.kind"]


def test_an_exhausted_mine_becomes_an_empty_cell_at_once_DK_MINE_02_DK_GAP_03():
    """DK-MINE-02 / DK-GAP-03: less than a yield left → what is left; the cell is empty at once and can
    be entered in the same turn; ОД beyond the reserve are an error."""
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    mine(s, "gold", (10, 11), reserve=7)
    out = run(s, "p1", work(s, i, (10, 11)), move(s, i, (10, 11)))
    st = out.state
    assert st.players["p1"].gold == 507 and st.mine_at((10, 11)) is None
    assert st.units[i.id].cell == (10, 11)
    assert codes(s, "p1", work(s, i, (10, 11), ap=2)) == ["mine.too_much"]


def test_imps_of_several_archdemons_work_one_mine_DK_MINE_04():
    """DK-MINE-04."""
    s = game(area(10, 10, 10, 12))
    a = unit(s, "p1", "imp", (10, 10))
    b = unit(s, "p2", "imp", (10, 12))
    mine(s, "gold", (10, 11), reserve=100)
    out = run(s, "p1", work(s, a, (10, 11)))
    nxt = out.state.model_copy(update={"active": "p2"})
    out2 = run(nxt, "p2", work(nxt, b, (10, 11)))
    assert out2.state.mine_at((10, 11)).reserve == 80


def test_a_gold_mine_holds_one_hundred_DK_MINE_03():
    """DK-MINE-03."""
    assert DATA.mines["gold"].contents == 100
    s = game([(10, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    m = mine(s, "gold", (10, 11))
    out = run(s, "p1", work(s, i, (10, 11), ap=2))
    assert m.reserve == 100 and out.state.mine_at((10, 11)).reserve == 80


# --- building -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind,gold,iron,mana", [
    ("circle", 50, 0, 5), ("battle_tower", 50, 10, 0), ("slow_tower", 50, 10, 0), ("armoury", 100, 0, 0),
    ("wall", 25, 0, 0), ("laboratory", 50, 0, 0), ("hospital", 50, 0, 0)])
def test_an_imp_builds_on_an_adjacent_empty_cell_for_the_price_DK_IMP_06_DK_GAP_37(kind, gold, iron, mana):
    """DK-IMP-06 / DK-GAP-37: 1 ОД, the listed price, full хп at once (DK-BLD-06..13)."""
    s = game([(10, 10), (10, 11)])
    i = unit(s, "p1", "imp", (10, 10))
    out = run(s, "p1", build(s, i, kind, (10, 11)))
    st = out.state
    b = st.building_at((10, 11))
    assert b is not None and b.kind == kind and b.hp == DATA.buildings[kind].hp
    p = st.players["p1"]
    assert (500 - p.gold, 100 - p.iron, 100 - p.mana) == (gold, iron, mana)
    assert st.terrain((10, 11)) == "B" and st.units[i.id].ap == 1


def test_a_wall_belongs_to_nobody_from_the_start_DK_BLD_11_DK_GAP_44():
    """DK-BLD-11 / DK-GAP-44: neutral; it blocks everyone; anyone may attack it (no reward) and any imp
    repair it."""
    s = game([(10, 10), (10, 11), (10, 12)])
    i = unit(s, "p1", "imp", (10, 10))
    out = run(s, "p1", build(s, i, "wall", (10, 11)))
    w = out.state.building_at((10, 11))
    assert w.owner is None
    st = out.state
    k = unit(st, "p2", "kerub", (10, 12))
    nxt = st.model_copy(update={"active": "p2"})
    hit = run(nxt, "p2", AttackBuilding(unit=k.id, who=label(nxt, k, "p2"), building=w.id, building_kind="wall",
                                       cell=w.cell))
    assert hit.state.buildings[w.id].hp == 50 - 4 and hit.state.players["p2"].mana == 100
    assert codes(st, "p1", repair(st, st.units[i.id], hit.state.buildings[w.id])) == ["repair.full"]


def test_buildings_only_on_empty_cells_without_units_objects_or_mines_DK_MAP_03_DK_GAP_37():
    """DK-MAP-03: only on empty (dug) cells; DK-GAP-37: no unit, object or mine on it."""
    s = game(area(10, 10, 11, 11))
    i = unit(s, "p1", "imp", (10, 10))
    unit(s, "p1", "imp", (10, 11))
    obj(s, "chest", (11, 11))
    mine(s, "gold", (9, 10))
    assert codes(s, "p1", build(s, i, "wall", (10, 11))) == ["build.unit"]
    assert codes(s, "p1", build(s, i, "wall", (11, 11))) == ["build.object"]
    assert codes(s, "p1", build(s, i, "wall", (9, 11))) == ["build.not_empty"]
    assert codes(s, "p1", build(s, i, "wall", (9, 10))) == ["build.not_empty"]
    assert clauses(s, "p1", build(s, i, "wall", (9, 11))) == ["DK-MAP-03"]


def test_no_second_altar_and_no_new_sources_DK_BLD_04_DK_SRC_03():
    """DK-BLD-04, DK-SRC-03."""
    s = game(area(10, 10, 10, 11))
    i = unit(s, "p1", "imp", (10, 10))
    assert codes(s, "p1", build(s, i, "altar", (10, 11))) == ["build.altar"]
    assert codes(s, "p1", build(s, i, "source", (10, 11))) == ["build.source"]


def test_a_building_that_cannot_be_paid_is_illegal_DK_ECON_04():
    """DK-ECON-04."""
    s = game(area(10, 10, 10, 11), resources=False)
    i = unit(s, "p1", "imp", (10, 10))
    assert codes(s, "p1", build(s, i, "armoury", (10, 11))) == ["cost.short"]
    assert codes(s, "p1", build(s, i, "hospital", (10, 11))) == []
    assert codes(s, "p1", build(s, i, "circle", (10, 11))) == []


# --- repairs ------------------------------------------------------------------------------------------
def test_repair_restores_ten_hp_per_ap_for_gold_DK_IMP_07_DK_GAP_39_DK_BLD_03():
    """DK-IMP-07 / DK-GAP-39 / DK-BLD-03: min(10, missing, affordable) per ОД; 1 gold per хп, walls 2 хп
    per gold; the Altar too."""
    s = game(area(1, 1, 3, 3) + [(10, 10), (10, 11)])
    i = unit(s, "p1", "imp", (3, 3))
    altar = s.buildings[s.players["p1"].altar]  # type: ignore[index]
    altar.hp = 75
    out = run(s, "p1", repair(s, i, altar, ap=2))
    assert out.state.buildings[altar.id].hp == 95 and out.state.players["p1"].gold == 480
    s2 = game([(10, 10), (10, 11)])
    j = unit(s2, "p1", "imp", (10, 10))
    w = building(s2, "wall", None, (10, 11), hp=33)
    out2 = run(s2, "p1", repair(s2, j, w))
    assert out2.state.buildings[w.id].hp == 43 and out2.state.players["p1"].gold == 495


def test_repair_limits_DK_GAP_39():
    """DK-GAP-39: nothing to repair, no gold, an enemy building, or more ОД than needed are errors;
    with little gold the imp restores what the gold pays for."""
    s = game([(10, 10), (10, 11), (11, 10)])
    i = unit(s, "p1", "imp", (10, 10))
    h = building(s, "hospital", "p1", (10, 11), hp=45)
    enemy = building(s, "hospital", "p2", (11, 10), hp=10)
    assert codes(s, "p1", repair(s, i, h, ap=2)) == ["repair.too_much"]
    assert codes(s, "p1", repair(s, i, enemy)) == ["repair.not_own"]
    s.players["p1"].gold = 3
    out = run(s, "p1", repair(s, i, h))
    assert out.state.buildings[h.id].hp == 48 and out.state.players["p1"].gold == 0
    s.players["p1"].gold = 0
    assert codes(s, "p1", repair(s, i, h)) == ["repair.no_gold"]
    full = building(s, "laboratory", "p1", (9, 10))
    assert codes(s, "p1", repair(s, i, full)) == ["repair.full"]
