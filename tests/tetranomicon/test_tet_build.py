"""Building (TET-BLD-*, TET-MAP-01/05, TET-GAP-13/14/16/26): the checks and the supply arithmetic."""

from __future__ import annotations

from tet_support import army, codes, game, lay, play, put, quote, trophy

from rulesets.tetranomicon.orders import Build, LayRoute, Source
from rulesets.tetranomicon.rules.legality import check


def test_one_action_builds_one_building_or_lays_one_route():
    """TET-BLD-01: the action is either a building or a route, never both in one order."""
    s = game()
    lay(s, "p2", "У1")
    s2, ev = play(s, "p1", Build(building="farm", castle="severgrad"))
    assert [e.kind for e in ev] == ["built"] and len(s2.buildings) == 1 and s2.routes == s.routes


def test_build_pays_and_places_on_a_free_tower():
    """TET-BLD-02: pay, put the token on the tower; a tower holds one building of anyone."""
    s = game()
    lay(s, "p2", "У1")
    s2, _ = play(s, "p1", Build(building="farm", castle="severgrad", tower=1))
    assert s2.players["p1"].coins == 6 and s2.building_at("severgrad", 1).owner == "p1"
    s2.active = "p2"
    assert codes(s2, "p2", Build(building="farm", castle="severgrad", tower=1)) == ["tower_taken"]


def test_tower_terrain_must_match():
    """TET-BLD-03: a farm needs a plain tower."""
    s = game()
    lay(s, "p2", "У1")
    assert codes(s, "p1", Build(building="farm", castle="severgrad", tower=3)) == ["wrong_terrain"]
    v = check(s, "p1", Build(building="farm", castle="severgrad", tower=3)).violations[0]
    assert v.clause == "TET-BLD-03" and "лес" in v.message and "на равнине" in v.message


def test_no_tower_named_takes_the_lowest_free_matching_one():
    """TET-GAP-16: the lowest-numbered free tower of the terrain; none free → error."""
    s = game()
    lay(s, "p2", "У1")
    put(s, "p2", "farm", "severgrad", 1)
    q = quote(s, "p1", Build(building="farm", castle="severgrad"))
    assert q.tower == 2 and q.tower_chosen
    put(s, "p3", "farm", "severgrad", 2)
    assert codes(s, "p1", Build(building="farm", castle="severgrad")) == ["no_free_tower"]


def test_no_building_in_a_monster_castle():
    """TET-BLD-04 and TET-MAP-05: a castle with a trophy is held by monsters."""
    s = game()
    lay(s, "p1", "У2")
    assert "monsters_in_castle" in codes(s, "p1", Build(building="farm", castle="kamenets", tower=3))


def test_empty_castle_needs_a_laid_route():
    """TET-BLD-05: nobody built there yet → a laid route (anyone's) must join it to another castle."""
    s = game()
    assert codes(s, "p1", Build(building="farm", castle="severgrad")) == ["castle_not_connected"]
    lay(s, "p3", "У1")
    assert codes(s, "p1", Build(building="farm", castle="severgrad")) == []
    # a castle someone has built in needs no route
    s2 = game()
    put(s2, "p2", "farm", "ozyorsk", 1)
    assert codes(s2, "p1", Build(building="farm", castle="ozyorsk")) == []


def test_own_buildings_per_castle_at_most_the_epoch_number():
    """TET-BLD-06: epoch 1 → one own building per castle; others' buildings do not count."""
    s = game()
    lay(s, "p1", "У1")
    put(s, "p1", "farm", "severgrad", 1)
    put(s, "p2", "farm", "severgrad", 2)
    assert codes(s, "p1", Build(building="sawmill", castle="severgrad")) == ["castle_limit"]
    assert codes(s, "p3", Build(building="sawmill", castle="severgrad")) == ["not_your_turn"]
    s.active = "p3"
    lay(s, "p3", "У3")
    assert codes(s, "p3", Build(building="farm", castle="rechnoy_brod")) == []
    s.active = "p1"
    s.epoch = 2
    assert codes(s, "p1", Build(building="sawmill", castle="severgrad")) == []


def test_prerequisites_by_standard_level():
    """TET-BLD-07, TET-GAP-26: лесопилка needs a ферма; каменоломня needs all three lower kinds;
    a ферма needs nothing; income levels do not matter."""
    s = game()
    lay(s, "p1", "У1", "У3")
    assert codes(s, "p1", Build(building="sawmill", castle="rechnoy_brod")) == ["prerequisite_missing"]
    put(s, "p1", "farm", "severgrad", 1)
    assert codes(s, "p1", Build(building="sawmill", castle="rechnoy_brod")) == []
    s.epoch = 4
    put(s, "p1", "sawmill", "rechnoy_brod", 2)
    v = check(s, "p1", Build(building="quarry", castle="dubrava")).violations
    assert [(x.code, x.params["source"]) for x in v] == [("prerequisite_missing", "mine")]
    put(s, "p1", "mine", "severgrad", 4)
    q = quote(s, "p1", Build(building="quarry", castle="dubrava"))
    assert [(leg.building, leg.castle) for leg in q.legs] == [
        ("farm", "severgrad"), ("sawmill", "rechnoy_brod"), ("mine", "severgrad")]


def test_access_over_laid_routes_of_anyone_through_any_castle():
    """TET-BLD-08, TET-GAP-13: the supply travels over laid routes of any owner, through any
    castle, monster-held ones too; no route, no access."""
    s = game()
    put(s, "p1", "farm", "severgrad", 1)
    lay(s, "p2", "У2")  # Северград – Каменец (monsters)
    lay(s, "p3", "У5")  # Каменец – Дубрава
    q = quote(s, "p1", Build(building="sawmill", castle="dubrava"))
    assert q.legs[0].segments == ("У5", "У2") and q.surcharge == 2
    s.routes.pop("У5")
    lay(s, "p3", "У3")  # Речной Брод – Дубрава, but Речной Брод is cut off from Северград
    assert codes(s, "p1", Build(building="sawmill", castle="dubrava")) == ["no_access"]


def test_building_cost_four_plus_one_per_foreign_route():
    """TET-BLD-09: 4 coins + 1 for each route not the builder's on the way to the sources."""
    s = game()
    put(s, "p1", "farm", "severgrad", 1)
    lay(s, "p1", "У1")  # own: free
    lay(s, "p2", "У3")  # foreign: +1
    q = quote(s, "p1", Build(building="sawmill", castle="dubrava"))
    assert (q.base, q.surcharge, q.total, q.left) == (4, 1, 5, 5)
    assert q.charged == (("У3", "p2"),)


def test_server_picks_the_cheapest_source_and_a_named_source_is_used():
    """TET-GAP-14: sources left open → the cheapest; a named source → the cheapest path to it."""
    s = game()
    put(s, "p1", "farm", "severgrad", 1)
    put(s, "p1", "farm", "ozyorsk", 1)
    lay(s, "p2", "У1", "У3")  # Северград → Речной Брод → Дубрава: 2 foreign
    lay(s, "p1", "У12")  # Озёрск – Дубрава: own
    q = quote(s, "p1", Build(building="sawmill", castle="dubrava"))
    assert q.legs[0].castle == "ozyorsk" and not q.legs[0].named and q.total == 4
    named = Build(building="sawmill", castle="dubrava", sources=(Source(building="farm", castle="severgrad"),))
    q = quote(s, "p1", named)
    assert q.legs[0].castle == "severgrad" and q.legs[0].named and q.total == 6
    bad = Build(building="sawmill", castle="dubrava", sources=(Source(building="farm", castle="rechnoy_brod"),))
    assert codes(s, "p1", bad) == ["source_missing"]
    extra = Build(building="farm", castle="dubrava", sources=(Source(building="sawmill", castle="severgrad"),))
    assert "source_not_needed" in codes(s, "p1", extra)


def test_shared_routes_count_once_or_per_path():
    """TET-GAP-14: `union` counts each foreign route once over all supply paths; `per_path` each path."""
    s = game()
    s.epoch = 3
    put(s, "p1", "farm", "severgrad", 1)
    put(s, "p1", "sawmill", "severgrad", 3)
    lay(s, "p2", "У1", "У3")
    order = Build(building="mine", castle="dubrava", tower=4)
    q = quote(s, "p1", order)
    assert q.surcharge == 2 and q.total == 6
    s2 = game(surcharge_mode="per_path")
    s2.epoch = 3
    s2.buildings, s2.routes = list(s.buildings), dict(s.routes)
    q2 = quote(s2, "p1", order)
    assert q2.surcharge == 4 and q2.total == 8


def test_union_mode_finds_the_cheapest_shared_tree():
    """TET-GAP-14 (union): a farm and a sawmill, reachable by separate cheap roads or both
    along one shared foreign road; the server finds the tree with the fewest foreign routes."""
    s = game()
    s.epoch = 3
    for c in ("kamenets", "tumanny_pereval"):
        s.trophies.pop(c)
    put(s, "p1", "farm", "severgrad", 1)
    put(s, "p1", "sawmill", "severgrad", 3)
    lay(s, "p2", "У2", "У5")  # Северград – Каменец – Дубрава
    lay(s, "p3", "У1", "У3")  # Северград – Речной Брод – Дубрава
    q = quote(s, "p1", Build(building="mine", castle="dubrava"))
    assert q.surcharge == 2 and len({leg.segments for leg in q.legs}) == 1


def test_creature_discounts_reduce_the_building():
    """TET-ACT-07 with TET-GAP-05: Лесной Дух −1 to ферма/лесопилка, Древень −1 to any building."""
    s = game()
    lay(s, "p1", "У1")
    army(s, "p1", "C1-1", "C3-4")
    q = quote(s, "p1", Build(building="farm", castle="severgrad"))
    assert q.total == 2 and [d.creature for d in q.discounts] == ["C1-1", "C3-4"]


def test_route_then_build_in_play():
    s = game()
    s, _ = play(s, "p1", LayRoute(segment="У1"), 1)
    s, ev = play(s, "p2", Build(building="farm", castle="rechnoy_brod"), 2)
    assert "Речной Брод, башня 1" in ev[0].text
    trophy(s, "dubrava", 1)
    assert "monsters_in_castle" in codes(s, "p3", Build(building="farm", castle="dubrava"))
