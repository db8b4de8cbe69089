"""The state: JSON round-trip, fast clone that shares nothing mutable, indexes kept by the
mutators, map checks on load, and unit stats with spirits and artifacts."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from rulesets.dungeon_keeper.state import (
    Building,
    Effect,
    MapObject,
    Mine,
    Poison,
    State,
)

from .dk_model_factory import area, blank, put


def _busy_state() -> State:
    s = blank(area(10, 10, 14, 14))
    s.add_building(Building(id="b1", kind="altar", owner="p1", cell=(12, 12), hp=100))
    s.add_mine(Mine(kind="gold", cell=(9, 12), reserve=15))
    s.add_object(MapObject(id="o1", kind="chest", cell=(10, 10)))
    put(s, "p1:i1", "imp", "p1", (10, 10))
    put(s, "p2:m1", "kerub", "p2", (14, 14), effects=[Effect(key="rage", source="spell", category="buff", by="p2",
                                                            until=3, attack=1)],
        poison=Poison(ticks=3, damage=4, by="p1"), artifacts=["sword"], spirits=["life"], capture={"b9": 4},
        history=["bes", "grasdir"])
    return s


def test_json_round_trip_keeps_everything_and_rebuilds_indexes():
    """DK-MAP-02: terrain, buildings, mines, objects and units survive JSON; indexes come back."""
    s = _busy_state()
    data = json.loads(s.model_dump_json())
    again = State.model_validate(data)
    assert again.model_dump(mode="json") == data
    assert again.unit_at((14, 14)).id == "p2:m1"
    assert again.building_at((12, 12)).kind == "altar"
    assert again.mine_at((9, 12)).reserve == 15
    assert [o.id for o in again.objects_at((10, 10))] == ["o1"]
    assert again.terrain((12, 12)) == "B" and again.terrain((9, 12)) == "M"


def test_clone_is_independent_of_the_original():
    s = _busy_state()
    before = s.model_dump(mode="json")
    c = s.clone()
    c.move_unit(c.units["p1:i1"], (11, 11))
    c.units["p2:m1"].artifacts.append("crown")
    c.units["p2:m1"].capture["b9"] = 9
    c.players["p1"].gold += 100
    c.players["p1"].spells.append("rage")
    c.dig((15, 15))
    c.take_from_mine((9, 12), 10)
    c.remove_building("b1")
    c.remove_object("o1")
    assert s.model_dump(mode="json") == before
    assert s.unit_at((10, 10)).id == "p1:i1" and s.unit_at((11, 11)) is None
    assert s.building_at((12, 12)) is not None and s.mine_at((9, 12)).reserve == 15
    assert c.unit_at((11, 11)).id == "p1:i1" and c.building_at((12, 12)) is None


def test_dig_turns_undug_into_empty_DK_IMP_05():
    s = blank()
    assert s.undug(5, 5) and s.solid(5, 5)
    s.dig((5, 5))
    assert s.terrain((5, 5)) == "." and not s.solid(5, 5)


def test_exhausted_mine_becomes_an_empty_cell_DK_MINE_02_DK_GAP_03():
    s = blank()
    s.add_mine(Mine(kind="gold", cell=(5, 5), reserve=15))
    assert s.take_from_mine((5, 5), 10) == 10 and s.mine_at((5, 5)).reserve == 5
    assert s.take_from_mine((5, 5), 10) == 5  # what is left
    assert s.mine_at((5, 5)) is None and s.terrain((5, 5)) == "."
    assert s.mines == []


def test_destroyed_building_leaves_an_empty_cell_DK_GAP_26():
    s = blank()
    s.add_building(Building(id="b1", kind="wall", owner=None, cell=(3, 3), hp=50))
    assert s.solid(3, 3) and not s.undug(3, 3)
    s.remove_building("b1")
    assert s.terrain((3, 3)) == "." and s.building_at((3, 3)) is None


def test_unit_index_follows_moves_and_removals():
    s = blank(area(1, 1, 3, 3))
    u = put(s, "p1:i1", "imp", "p1", (1, 1))
    s.move_unit(u, (2, 2))
    assert s.unit_at((1, 1)) is None and s.unit_at((2, 2)) is u and u.cell == (2, 2)
    s.remove_unit("p1:i1")
    assert s.unit_at((2, 2)) is None and "p1:i1" not in s.units


def test_spirits_and_artifacts_raise_stats_DK_SPIRIT_03_DK_ART_03_to_06():
    s = blank(area(1, 1, 3, 3))
    u = put(s, "p1:m1", "bes", "p1", (1, 1))
    assert (u.max_hp(), u.attack(), u.defence(), u.max_ap()) == (3, 2, 1, 2)
    u.spirits += ["guardian", "valour", "life"]
    assert (u.max_hp(), u.attack(), u.defence()) == (8, 3, 2)
    u.artifacts += ["sword", "armour", "amulet", "crown"]
    assert (u.max_hp(), u.attack(), u.defence(), u.max_ap()) == (18, 5, 4, 3)


def test_effects_change_stats_but_never_below_zero_DK_GAP_30():
    s = blank(area(1, 1, 3, 3))
    imp = put(s, "p1:i1", "imp", "p1", (1, 1))
    imp.effects.append(Effect(key="corruption", source="spell", category="debuff", by="p2", defence=-1))
    imp.effects.append(Effect(key="weakness", source="spell", category="debuff", by="p2", attack=-3))
    assert imp.defence() == 0 and imp.attack() == 0
    assert imp.effect("weakness").attack == -3 and imp.effect("rage") is None


def test_hero_fully_equipped_DK_STAT_17():
    s = blank(area(1, 1, 3, 3))
    hero = put(s, "hero", "hero", None, (2, 2), number=0, artifacts=["sword", "armour", "amulet", "crown"])
    assert (hero.max_ap(), hero.max_hp(), hero.attack(), hero.defence()) == (5, 50, 8, 6)
    assert s.hero() is hero and s.gnome() is None


def test_controller_decides_who_gives_orders_DK_GAP_60():
    s = blank(area(1, 1, 3, 3))
    u = put(s, "p2:m1", "bes", "p2", (1, 1))
    assert u.side == "p2"
    u.controller = "p1"
    assert u.side == "p1" and u.owner == "p2"


def test_map_of_wrong_size_is_refused_in_russian():
    s = blank()
    data = s.model_dump(mode="json")
    data["rows"] = data["rows"][:44]
    with pytest.raises(ValidationError, match="строк 44, а нужно 45"):
        State.model_validate(data)


def test_building_without_its_mark_is_refused():
    s = blank()
    s.add_building(Building(id="b1", kind="altar", owner="p1", cell=(3, 3), hp=100))
    data = s.model_dump(mode="json")
    data["rows"][2] = "#" * 45
    with pytest.raises(ValidationError, match="на 3-3: на карте там не «B»"):
        State.model_validate(data)


def test_unit_inside_rock_is_refused_DK_MOVE_03():
    s = blank(area(1, 1, 2, 2))
    put(s, "p1:i1", "imp", "p1", (1, 1))
    data = s.model_dump(mode="json")
    data["units"]["p1:i1"]["cell"] = [5, 5]
    with pytest.raises(ValidationError, match="стоит на 5-5, а это не пустая клетка"):
        State.model_validate(data)


def test_unknown_map_sign_is_named():
    s = blank()
    data = s.model_dump(mode="json")
    data["rows"][0] = "X" + "#" * 44
    with pytest.raises(ValidationError, match="непонятные знаки 'X'"):
        State.model_validate(data)


def test_concealed_only_with_the_option_DK_GAP_23():
    s = blank(area(1, 1, 2, 2))
    assert not s.concealed((10, 10))
    hidden = blank(area(1, 1, 2, 2), hide_objects_in_rock=True)
    assert hidden.concealed((10, 10))  # deep in the rock
    assert not hidden.concealed((3, 3))  # next to a dug cell
    assert not hidden.concealed((1, 1))  # dug itself


def test_players_and_names():
    s = blank(players=("Ваал", "Лилит", "Мамон"))
    assert s.alive_players() == ["p1", "p2", "p3"]
    s.players["p2"].alive = False
    assert s.alive_players() == ["p1", "p3"]
    assert s.name("p3") == "Мамон" and s.name(None) == "нейтралы"
    assert s.faction_by_name("лилит") == "p2"
    assert s.new_id("b") == "b1" and s.new_id("o") == "o2"
