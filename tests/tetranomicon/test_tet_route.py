"""Routes (TET-RTE-*, TET-MAP-01/04, TET-GAP-25/32)."""

from __future__ import annotations

from tet_support import army, codes, game, lay, play, put, quote

from rulesets.tetranomicon.orders import LayRoute
from rulesets.tetranomicon.rules.legality import check


def test_routes_only_on_existing_segments():
    """TET-MAP-01: a route lies on a segment between neighbouring castles."""
    s = game()
    assert codes(s, "p1", LayRoute(segment="У99")) == ["unknown_segment"]


def test_laying_a_route_pays_and_puts_the_token_with_the_segment_side():
    """TET-RTE-01, TET-MAP-04: river → water route, road → land route."""
    s = game()
    s2, ev = play(s, "p1", LayRoute(segment="У1"))
    assert s2.routes == {"У1": "p1"} and s2.players["p1"].coins == 6
    assert "водный маршрут Северград — Речной Брод" in ev[0].text
    assert quote(s2, "p2", LayRoute(segment="У2")).route == "land"


def test_one_route_per_segment():
    """TET-RTE-02."""
    s = game()
    lay(s, "p2", "У1")
    assert codes(s, "p1", LayRoute(segment="У1")) == ["segment_taken"]


def test_route_cost_four_minus_busy_castles():
    """TET-RTE-03: −1 for each joined castle with 3 or 4 buildings of anyone → 4, 3 or 2."""
    s = game()
    assert quote(s, "p1", LayRoute(segment="У3")).total == 4
    for t, who in ((1, "p2"), (2, "p3"), (3, "p4")):
        put(s, who, "farm" if t == 1 else "sawmill", "rechnoy_brod", t)
    q = quote(s, "p1", LayRoute(segment="У3"))
    assert q.total == 3 and q.busy == ("rechnoy_brod",)
    for t, who in ((1, "p1"), (2, "p2"), (3, "p3")):
        put(s, who, "sawmill" if t < 3 else "farm", "dubrava", t)
    assert quote(s, "p1", LayRoute(segment="У3")).total == 2


def test_route_discounts_by_kind():
    """TET-ACT-07 for routes: Речной Змей only on water, Вьючный Голем only on land, Владыка Бурь on both."""
    s = game()
    army(s, "p1", "C1-2", "C1-6", "C2-3")
    assert quote(s, "p1", LayRoute(segment="У1")).total == 2  # river: Змей + Владыка
    assert quote(s, "p1", LayRoute(segment="У2")).total == 2  # road: Голем + Владыка


def test_route_belongs_to_who_laid_it():
    """TET-RTE-04: ownership decides the surcharges (see the build and campaign tests)."""
    s = game()
    s2, _ = play(s, "p1", LayRoute(segment="У4"))
    assert s2.routes_of("p1") == ["У4"] and s2.routes_of("p2") == []


def test_routes_may_lead_to_monster_castles():
    """TET-GAP-25: any empty segment, with no adjacency requirement."""
    s = game()
    assert codes(s, "p1", LayRoute(segment="У9")) == []  # Туманный Перевал – Чернолесье, both held


def test_naming_the_wrong_side_is_an_error_with_a_hint():
    """TET-GAP-32: «водный» on a road → error; the side comes from the segment."""
    s = game()
    v = check(s, "p1", LayRoute(segment="У2", route="water")).violations
    assert [x.code for x in v] == ["wrong_route_kind"]
    assert "дорога" in v[0].message and v[0].hint and "другой" in v[0].hint
    assert codes(s, "p1", LayRoute(segment="У2", route="land")) == []
