"""A GM's own setup document (DK-GAP-04): the documented example imports, an exported state
imports back, and every mistake is reported at once in Russian."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from letopis.engine import get_ruleset
from rulesets.dungeon_keeper.setup import SetupError, import_setup

EXAMPLE = Path(__file__).resolve().parents[2] / "rulesets" / "dungeon_keeper" / "examples" / "setup-example.json"


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_example_document_imports_mid_game():
    s = import_setup(example())
    assert s.round == 7 and s.active == "p2" and s.order == ["p1", "p2"]
    baal = s.players["p1"]
    assert (baal.gold, baal.mana, baal.iron, baal.taldear) == (85, 12, 10, 1)
    assert baal.store == ["sword"] and baal.spells == ["rage"] and baal.runes == ["fire"] and baal.spirits == ["any"]
    assert s.buildings[baal.altar].cell == (10, 10)
    assert s.building_at((11, 15)).hp == 80 and s.building_at((11, 15)).kind == "armoury"
    assert s.building_at((23, 22)).owner is None  # walls are neutral (DK-BLD-11)
    assert s.building_at((23, 24)).level == 5 and s.building_at((23, 24)).owner is None
    assert s.mine_at((38, 36)).reserve == 100  # default contents (DK-GAP-02)
    assert s.mine_at((8, 10)).reserve == 60
    kerub = s.units["p1:m1"]
    assert kerub.kind == "kerub" and kerub.hp == 17 and kerub.history == ["bes", "grasdir"]
    assert kerub.max_hp() == 20 and kerub.defence() == 4  # дух-защитник
    assert s.units["p2:m1"].max_hp() == 22  # ангутей with an amulet
    assert baal.next_imp == 4 and baal.next_military == 3  # numbers never reused (DK-GAP-15)
    assert {o.kind for o in s.objects.values()} == {"chest", "rune", "crystal", "artifact"}
    assert s.terrain((15, 6)) == "%"  # earth is undug too (DK-MAP-02)


def test_exported_state_imports_back():
    ruleset = get_ruleset("dungeon_keeper")
    s = import_setup(example())
    doc = json.loads(json.dumps(ruleset.export_setup(s)))
    again = ruleset.import_setup(doc)
    assert again.model_dump(mode="json") == s.model_dump(mode="json")


def _errors(doc: dict) -> list[str]:
    with pytest.raises(SetupError) as info:
        import_setup(doc)
    assert str(info.value).startswith("Настройка не принята")
    return info.value.errors


def test_every_problem_is_listed_at_once():
    doc = example()
    doc["buildings"].append({"kind": "altar", "owner": "p1", "cell": "40-40"})  # a second altar
    doc["units"].append({"owner": "p1", "kind": "драконище", "cell": "9-11"})
    doc["units"].append({"owner": "p9", "kind": "imp", "cell": "9-11"})
    doc["mines"].append({"kind": "gold", "cell": "50-3"})
    errors = _errors(doc)
    text = "\n".join(errors)
    assert "второй Алтарь у «Ваал»" in text
    assert "нет юнита «драконище»" in text
    assert "владелец «p9»" in text
    assert "клетка 50-3 вне карты" in text
    assert len(errors) >= 4


def test_unit_in_rock_is_refused_DK_MOVE_03():
    doc = example()
    doc["units"].append({"owner": "p1", "kind": "imp", "cell": "1-1"})
    assert any("не пустая клетка" in e for e in _errors(doc))


def test_two_units_on_one_cell_DK_GAP_20():
    doc = example()
    doc["units"].append({"owner": "p1", "kind": "imp", "cell": "9-10"})
    assert any("уже стоит юнит" in e for e in _errors(doc))


def test_duplicate_number_DK_GAP_15():
    doc = example()
    doc["units"].append({"owner": "p1", "kind": "imp", "number": 3, "cell": "9-9"})
    assert any("номер 3 уже занят" in e for e in _errors(doc))


def test_living_player_needs_an_altar_DK_GEN_02():
    doc = example()
    doc["buildings"] = [b for b in doc["buildings"] if not (b["kind"] == "altar" and b["owner"] == "p2")]
    assert any("нет Алтаря" in e for e in _errors(doc))


def test_bad_map_is_described():
    doc = example()
    doc["map"] = doc["map"][:10]
    assert any("нужен список из 45 строк" in e for e in _errors(doc))
    doc = example()
    doc["map"][3] = "#" * 44 + "Z"
    assert any("непонятные знаки 'Z'" in e for e in _errors(doc))


def test_bad_cells_and_numbers_are_described():
    doc = example()
    doc["objects"].append({"kind": "chest", "cell": "сорок-два"})
    doc["players"][0]["gold"] = -5
    doc["units"][0]["hp"] = 9
    text = "\n".join(_errors(doc))
    assert "пишите «ряд-столбец»" in text
    assert "players[1].gold: нужно целое число не меньше 0" in text
    assert "не больше 1 хп" in text


def test_wrong_ruleset_and_bad_options():
    assert "для другой игры" in _errors({"ruleset": "dice_roll_party"})[0]
    doc = example()
    doc["options"] = {"mining_yield": "всё сразу"}
    assert any(e.startswith("options.mining_yield") for e in _errors(doc))


def test_wall_owner_is_dropped_with_a_message_DK_BLD_11():
    doc = example()
    doc["buildings"].append({"kind": "стена", "owner": "p1", "cell": "11-19"})
    assert any("всегда нейтральна" in e for e in _errors(doc))


def test_source_level_is_bounded_DK_SRC_02():
    doc = example()
    doc["buildings"].append({"kind": "source", "cell": "11-18", "level": 11})
    assert any("не выше 10" in e for e in _errors(doc))


def test_hero_gets_his_equipment_DK_STAT_17():
    doc = example()
    doc["units"].append({"kind": "Герой", "cell": "23-23"})
    s = import_setup(doc)
    hero = s.units["hero"]
    assert hero.owner is None and hero.hp == 50 and hero.attack() == 8


def test_import_does_not_change_the_document():
    doc = example()
    before = copy.deepcopy(doc)
    import_setup(doc)
    assert doc == before


def test_bad_exported_state_is_a_setup_error():
    doc = {"ruleset": "dungeon_keeper", "state": {"rows": []}}
    errors = _errors(doc)
    assert errors


def test_turn_not_started_begins_with_income_DK_GAP_10():
    """Without ``turn.started`` the active archdemon's turn begins when the game opens: Лилит's
    level-3 Source pays 3 mana, then her three units' upkeep (1 + 2 + 1) is paid."""
    doc = example()
    doc["turn"]["started"] = False
    raw = import_setup(doc)
    assert raw.turn_no == 0
    begun = get_ruleset("dungeon_keeper").import_setup(doc)
    assert begun.turn_no == 1 and begun.players["p2"].mana == 7 + 3 - 4


def test_started_turn_keeps_the_documents_numbers():
    s = get_ruleset("dungeon_keeper").import_setup(example())
    assert s.turn_no == 1 and s.players["p2"].mana == 7
    assert s.units["p1:m1"].ap == 1 and s.units["p1:i1"].ap == 2
