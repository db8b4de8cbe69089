"""Geometry: directions, distances, the corner rule, line of sight, passability and paths."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesets.dungeon_keeper.map import geometry as g
from rulesets.dungeon_keeper.state import Building, Mine

from .dk_model_factory import area, blank, put


def test_direction_words_and_offsets_DK_GAP_16():
    """Row 1 is north: «вверх» is row − 1, «вправо» is column + 1."""
    assert g.step((10, 10), g.direction_of("вверх")) == (9, 10)
    assert g.step((10, 10), g.direction_of("на юг")) == (11, 10)
    assert g.step((10, 10), g.direction_of("влево")) == (10, 9)
    assert g.step((10, 10), g.direction_of("на восток")) == (10, 11)
    assert g.step((10, 10), g.direction_of("северо-запад")) == (9, 9)
    assert g.direction_of("Вниз–вправо") == "SE"
    assert g.direction_of("куда-нибудь") is None
    assert g.direction_between((10, 10), (7, 13)) == "NE"
    assert g.direction_between((10, 10), (8, 13)) is None


def test_coordinates_row_first_DK_MAP_04():
    assert g.format_cell((37, 15)) == "37-15"
    assert g.step((37, 15), "N") == (36, 15)  # the rulebook's example changes only the row


def test_chebyshev_distance_DK_GAP_17():
    assert g.chebyshev((1, 1), (4, 3)) == 3
    assert g.distance((1, 1), (4, 3), "manhattan") == 5
    assert g.distance((1, 1), (4, 3)) == 3
    assert sorted(g.within((5, 5), 1, 45)) == sorted(g.neighbours((5, 5), 45) + [(5, 5)])
    assert len(list(g.within((5, 5), 2, 45, "manhattan"))) == 13


def test_neighbours_clockwise_from_north_and_clipped():
    assert g.neighbours((5, 5), 45)[0] == (4, 5)
    assert g.neighbours((5, 5), 45)[2] == (5, 6)
    assert sorted(g.neighbours((1, 1), 45)) == [(1, 2), (2, 1), (2, 2)]


def test_diagonal_closed_only_when_both_corners_are_undug_DK_MOVE_02_DK_GAP_19():
    s = blank([(5, 5), (6, 6)])
    assert g.corner_closed(s, (5, 5), (6, 6))
    assert not g.can_step(s, (5, 5), (6, 6), lambda c: True)
    s.dig((5, 6))  # one corner open: the diagonal is open (DK-GAP-19)
    assert not g.corner_closed(s, (5, 5), (6, 6))
    assert g.can_step(s, (5, 5), (6, 6), lambda c: True)


def test_structures_close_corners_only_with_the_option_DK_GAP_19():
    s = blank([(5, 5), (6, 6), (5, 6), (6, 5)])
    s.add_building(Building(id="b1", kind="wall", owner=None, cell=(5, 6), hp=50))
    s.add_mine(Mine(kind="gold", cell=(6, 5), reserve=100))
    assert not g.corner_closed(s, (5, 5), (6, 6))
    assert g.corner_closed(s, (5, 5), (6, 6), structures=True)


def test_orthogonal_steps_ignore_the_corner_rule():
    s = blank([(5, 5), (5, 6)])
    assert g.corners((5, 5), (5, 6)) is None
    assert g.can_step(s, (5, 5), (5, 6), lambda c: True)


def test_undug_buildings_and_mines_cannot_be_entered_DK_MOVE_03_DK_GAP_21_DK_UNIT_04():
    s = blank(area(1, 1, 3, 3))
    s.add_building(Building(id="b1", kind="circle", owner="p1", cell=(2, 2), hp=50))
    s.add_mine(Mine(kind="iron", cell=(1, 3), reserve=100))
    always = lambda c: True
    assert not g.can_step(s, (1, 1), (2, 2), always)  # own building
    assert not g.can_step(s, (1, 2), (1, 3), always)  # mine
    assert not g.can_step(s, (3, 3), (4, 4), always)  # rock
    assert not g.can_step(s, (1, 1), (3, 3), always)  # not adjacent
    assert g.can_step(s, (1, 1), (1, 2), always)


def _passable_for(state, faction):
    """Own units may be passed through, everyone else's block (DK-UNIT-02/03, DK-GEN-04)."""
    def passable(cell):
        return all(u.side == faction for u in state.units_at(cell))
    return passable


def test_paths_pass_own_units_but_not_enemies_or_allies_DK_UNIT_02_DK_UNIT_03_DK_GEN_04():
    s = blank([(1, c) for c in range(1, 8)])  # a one-cell corridor
    put(s, "p1:i1", "imp", "p1", (1, 1))
    put(s, "p1:i2", "imp", "p1", (1, 3), number=2)
    own = g.find_path(s, (1, 1), (1, 5), _passable_for(s, "p1"))
    assert own == [(1, 2), (1, 3), (1, 4), (1, 5)]
    s.players["p1"].allies.append("p2")
    put(s, "p2:i1", "imp", "p2", (1, 4))  # an ally still blocks
    assert g.find_path(s, (1, 1), (1, 5), _passable_for(s, "p1")) is None
    assert g.check_path(s, (1, 1), [(1, 2), (1, 3), (1, 4)], _passable_for(s, "p1")) == 2


def test_path_must_not_end_on_a_unit_DK_GAP_20():
    s = blank([(1, c) for c in range(1, 5)])
    put(s, "p1:i1", "imp", "p1", (1, 1))
    put(s, "p1:i2", "imp", "p1", (1, 3), number=2)
    free = lambda c: not s.units_at(c)
    assert g.find_path(s, (1, 1), (1, 3), _passable_for(s, "p1"), stop_ok=free) is None
    assert g.find_path(s, (1, 1), (1, 4), _passable_for(s, "p1"), stop_ok=free) == [(1, 2), (1, 3), (1, 4)]


def test_path_respects_corners_and_limit():
    s = blank([(1, 1), (2, 2), (1, 2)])
    path = g.find_path(s, (1, 1), (2, 2), lambda c: True)
    assert path == [(2, 2)]  # diagonal open through (1, 2)
    s2 = blank([(1, 1), (2, 2)])
    assert g.find_path(s2, (1, 1), (2, 2), lambda c: True) is None
    s3 = blank([(1, c) for c in range(1, 10)])
    assert g.find_path(s3, (1, 1), (1, 9), lambda c: True, limit=3) is None
    assert g.distances_from(s3, (1, 1))[(1, 9)] == 8


def test_line_of_sight_blocked_by_rock_and_buildings_not_units_DK_COMBAT_07_DK_GAP_18():
    s = blank([(5, c) for c in range(1, 10)])
    assert g.line_of_sight(s, (5, 1), (5, 4))
    put(s, "p2:i1", "imp", "p2", (5, 2))
    assert g.line_of_sight(s, (5, 1), (5, 4))  # units do not block
    s.add_building(Building(id="b1", kind="wall", owner=None, cell=(5, 3), hp=50))
    assert not g.line_of_sight(s, (5, 1), (5, 4))
    assert not g.line_of_sight(s, (5, 5), (7, 5))  # rock in between


def test_line_through_a_corner_needs_both_cells_blocked_DK_GAP_18():
    dug = [(1, 1), (2, 2), (3, 3), (1, 2)]
    s = blank(dug)
    # (1,1) → (3,3) crosses the corner between (1,2) and (2,1): one open cell keeps it visible.
    steps = g.sight_line((1, 1), (3, 3))
    assert steps[0] == ((1, 2), (2, 1)) and steps[1] == ((2, 2),)
    # the last corner (2,3)/(3,2) is fully rock → blocked
    assert not g.line_of_sight(s, (1, 1), (3, 3))
    s.dig((2, 3))
    assert g.line_of_sight(s, (1, 1), (3, 3))


def test_adjacent_target_visible_except_across_a_closed_corner_DK_MOVE_02():
    s = blank([(5, 5), (6, 6)])
    assert not g.line_of_sight(s, (5, 5), (6, 6))
    s.dig((6, 5))
    assert g.line_of_sight(s, (5, 5), (6, 6))
    assert g.line_of_sight(s, (5, 5), (5, 6))  # orthogonal neighbour, even inside rock


def _brute_sight_line(a, b):
    """Cells whose interior the segment between centres crosses (exact rationals), ends excluded,
    and the corner points it passes exactly through."""
    (r0, c0), (r1, c1) = a, b
    cells = set()
    corners = set()
    # Boundary crossings happen at multiples of 1/(2·dr) and 1/(2·dc); sampling on a grid of
    # 1/(8·dr·dc) hits every corner exactly and has a sample inside every crossed cell.
    steps = 8 * max(1, abs(r1 - r0)) * max(1, abs(c1 - c0))
    for i in range(1, steps):
        t = Fraction(i, steps)
        r = r0 + (r1 - r0) * t
        c = c0 + (c1 - c0) * t
        # cell (R, C) spans [R-0.5, R+0.5]
        rr, cc = r + Fraction(1, 2), c + Fraction(1, 2)
        if rr.denominator == 1 and cc.denominator == 1:
            corners.add((int(rr), int(cc)))
            continue
        if rr.denominator == 1 or cc.denominator == 1:
            continue
        cells.add((int(rr // 1), int(cc // 1)))
    cells.discard(a)
    cells.discard(b)
    return cells, corners


def _on_line(quad, a, b):
    """Of the four cells at a corner, the two the segment passes between are off its line; the two
    it runs from and to (diagonally) are the ones its direction points through."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    # cells whose centre lies on the same side sign as the direction's diagonal are the in-line pair
    r_min, c_min = min(x[0] for x in quad), min(x[1] for x in quad)
    if (dr > 0) == (dc > 0):
        return {(r_min, c_min), (r_min + 1, c_min + 1)}
    return {(r_min, c_min + 1), (r_min + 1, c_min)}


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 12), st.integers(1, 12))
def test_supercover_matches_exact_geometry_DK_GAP_18(r0, c0, r1, c1):
    a, b = (r0, c0), (r1, c1)
    singles = {x[0] for x in g.sight_line(a, b) if len(x) == 1}
    pairs = {frozenset(x) for x in g.sight_line(a, b) if len(x) == 2}
    cells, corners = _brute_sight_line(a, b)
    assert singles == cells
    # every exact corner crossing shows up as the pair of cells the line skirts there
    expected = set()
    for (R, C) in corners:  # corner point between rows R-1/R and columns C-1/C
        quad = {(R - 1, C - 1), (R - 1, C), (R, C - 1), (R, C)}
        expected.add(frozenset(quad - {x for x in quad if x in cells or x in (a, b)} - _on_line(quad, a, b)))
    assert pairs == expected


def test_ray_stops_at_the_edge():
    assert g.ray((2, 2), "NW", 2, 45) == [(1, 1)]
    assert g.ray((10, 10), "E", 2, 45) == [(10, 11), (10, 12)]
