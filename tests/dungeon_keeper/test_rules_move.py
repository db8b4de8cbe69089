"""Movement: steps, the corner rule, passability through own, enemy and allied units and buildings,
occupancy, distances, slowing auras on entry (DK-MOVE, DK-UNIT-02..04, DK-GEN-04, DK-GAP-16..22, 41)."""

from __future__ import annotations

from .dk_rules_factory import (
    ability,
    area,
    attack,
    building,
    clauses,
    codes,
    game,
    kinds,
    mine,
    move,
    run,
    unit,
)

ROOM = area(10, 10, 14, 14)


def test_a_step_to_any_of_eight_neighbours_costs_one_ap_DK_MOVE_01():
    """DK-MOVE-01: one cell in any direction, diagonals included, 1 ОД a step."""
    s = game(ROOM)
    g_ = unit(s, "p1", "grasdir", (12, 12))
    out = run(s, "p1", move(s, g_, (11, 11), (10, 12), (11, 13)))
    u = out.state.units[g_.id]
    assert u.cell == (11, 13) and u.ap == 1
    assert out.state.arrows[0].kind == "move" and out.state.arrows[0].path[0] == (12, 12)
    assert codes(s, "p1", move(s, g_, (12, 14))) == ["move.not_adjacent"]


def test_a_unit_cannot_spend_more_ap_than_it_has_DK_TURN_03():
    """DK-TURN-03: a unit's actions cannot cost more than its ОД."""
    s = game(ROOM)
    b = unit(s, "p1", "bes", (12, 12))
    assert codes(s, "p1", move(s, b, (12, 13), (12, 14), (13, 14))) == ["move.no_ap"]
    assert clauses(s, "p1", move(s, b, (12, 13), (12, 14), (13, 14))) == ["DK-TURN-03"]
    e = unit(s, "p2", "kerub", (11, 14))
    assert codes(s, "p1", move(s, b, (12, 13)), move(s, b, (12, 14)), attack(s, b, e)) == ["ap.short"]


def test_corner_rule_closes_a_diagonal_between_two_undug_cells_DK_MOVE_02_DK_GAP_19():
    """DK-MOVE-02 / DK-GAP-19: closed only when both corner cells are undug; one dug corner opens it."""
    s = game([(10, 10), (11, 11)])
    b = unit(s, "p1", "bes", (10, 10))
    assert codes(s, "p1", move(s, b, (11, 11))) == ["move.corner"]
    s.dig((10, 11))
    assert codes(s, "p1", move(s, b, (11, 11))) == []


def test_structures_close_corners_only_when_the_gm_says_so_DK_GAP_19():
    """DK-GAP-19."""
    s = game([(10, 10), (11, 11), (10, 11)], corner_blockers="undug_and_structures")
    b = unit(s, "p1", "bes", (10, 10))
    building(s, "wall", None, (10, 11))
    assert codes(s, "p1", move(s, b, (11, 11))) == ["move.corner"]
    s2 = game([(10, 10), (11, 11), (10, 11)])
    b2 = unit(s2, "p1", "bes", (10, 10))
    building(s2, "wall", None, (10, 11))
    assert codes(s2, "p1", move(s2, b2, (11, 11))) == []


def test_undug_cells_buildings_and_mines_cannot_be_entered_DK_MOVE_03_DK_GAP_21_DK_UNIT_04_DK_BLD_01():
    """DK-MOVE-03 / DK-GAP-21: rock, mines and buildings block; DK-UNIT-04 / DK-BLD-01: one's own
    buildings too."""
    s = game(area(10, 10, 10, 12))
    b = unit(s, "p1", "bes", (10, 11))
    building(s, "hospital", "p1", (10, 12))
    mine(s, "gold", (10, 10))
    assert codes(s, "p1", move(s, b, (11, 11))) == ["move.undug"]
    assert codes(s, "p1", move(s, b, (10, 12))) == ["move.building"]
    assert clauses(s, "p1", move(s, b, (10, 12))) == ["DK-UNIT-04"]
    assert codes(s, "p1", move(s, b, (10, 10))) == ["move.mine"]


def test_own_units_are_passed_through_but_not_stood_on_DK_UNIT_02_DK_GAP_20():
    """DK-UNIT-02: through own units; DK-GAP-20: one unit per cell unless ``stacking``."""
    s = game(ROOM)
    g_ = unit(s, "p1", "grasdir", (12, 10))
    unit(s, "p1", "imp", (12, 11))
    unit(s, "p1", "imp", (12, 13))
    assert codes(s, "p1", move(s, g_, (12, 11), (12, 12))) == []
    assert codes(s, "p1", move(s, g_, (12, 11))) == ["move.occupied"]
    s2 = game(ROOM, stacking=True)
    g2 = unit(s2, "p1", "grasdir", (12, 10))
    unit(s2, "p1", "imp", (12, 11))
    assert codes(s2, "p1", move(s2, g2, (12, 11))) == []


def test_enemy_units_block_the_way_DK_UNIT_03():
    """DK-UNIT-03."""
    s = game(ROOM)
    g_ = unit(s, "p1", "grasdir", (12, 10))
    unit(s, "p2", "imp", (12, 11))
    assert codes(s, "p1", move(s, g_, (12, 11), (12, 12))) == ["move.enemy"]


def test_allies_units_block_like_enemies_DK_GEN_04_DK_GAP_22():
    """DK-GEN-04 / DK-GAP-22: no passing through an ally's units; an ally is otherwise an enemy."""
    s = game(ROOM)
    s.players["p1"].allies = ["p2"]
    g_ = unit(s, "p1", "grasdir", (12, 10))
    ally = unit(s, "p2", "imp", (12, 11))
    assert codes(s, "p1", move(s, g_, (12, 11), (12, 12))) == ["move.ally"]
    assert clauses(s, "p1", move(s, g_, (12, 11), (12, 12))) == ["DK-GEN-04"]
    assert codes(s, "p1", attack(s, g_, ally)) == []


def test_rows_count_from_the_north_edge_DK_GAP_16():
    """DK-GAP-16: «вверх/север» is row − 1: a stream to the north burns the cell above."""
    s = game(area(8, 10, 10, 10))
    f = unit(s, "p1", "ifrit", (10, 10))
    k = unit(s, "p2", "kerub", (9, 10))
    out = run(s, "p1", ability(s, f, "fire_stream", direction="N"))
    assert out.state.units[k.id].hp == 18


def test_distance_is_chebyshev_unless_the_gm_chooses_manhattan_DK_GAP_17():
    """DK-GAP-17: a diagonal counts 1, so (10,10)–(13,13) is 3; under Manhattan it is 6."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    t = unit(s, "p2", "bes", (13, 13))
    assert codes(s, "p1", attack(s, a, t)) == []
    s2 = game(ROOM, distance_metric="manhattan")
    a2 = unit(s2, "p1", "angutei", (10, 10))
    t2 = unit(s2, "p2", "bes", (13, 13))
    assert codes(s2, "p1", attack(s2, a2, t2)) == ["attack.out_of_reach"]


def test_entering_an_enemy_slowing_aura_costs_one_ap_once_DK_GAP_41_DK_BLD_09():
    """DK-GAP-41 / DK-BLD-09: a unit that was outside loses 1 ОД on first entering an enemy aura (radius 3)."""
    s = game(area(10, 10, 10, 20))
    building(s, "slow_tower", "p2", (10, 20))
    g_ = unit(s, "p1", "grasdir", (10, 15))
    out = run(s, "p1", move(s, g_, (10, 16), (10, 17)))
    u = out.state.units[g_.id]
    assert u.ap == 4 - 2 - 1 and u.slowed
    assert "slowed_on_entry" in kinds(out)
    s1 = game(area(10, 10, 10, 20))
    building(s1, "slow_tower", "p2", (10, 20))
    b = unit(s1, "p1", "bes", (10, 15))
    assert codes(s1, "p1", move(s1, b, (10, 16), (10, 17))) == []  # entering on the last step is fine
    imp = unit(s1, "p1", "imp", (10, 16))
    assert codes(s1, "p1", move(s1, imp, (10, 17)), move(s1, imp, (10, 18))) == ["move.no_ap"]
    own = game(area(10, 10, 10, 20))
    building(own, "slow_tower", "p1", (10, 20))
    g2 = unit(own, "p1", "grasdir", (10, 15))
    assert run(own, "p1", move(own, g2, (10, 16), (10, 17))).state.units[g2.id].ap == 2


def test_slowed_on_the_way_leaves_too_few_ap_for_the_rest_DK_BLD_09():
    """DK-BLD-09."""
    s = game(area(10, 10, 10, 20))
    building(s, "slow_tower", "p2", (10, 20))
    b = unit(s, "p1", "kerub", (10, 15))
    assert codes(s, "p1", move(s, b, (10, 16), (10, 17), (10, 18))) == ["move.slowed"]
