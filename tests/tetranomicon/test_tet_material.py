"""The game material as data (TET-GAP-01, -02, -05): the default board, decks and trophy supply,
validation with Russian errors naming the entry, and a larger board from a TOML file only."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from tet_support import dice, factions

from rulesets.tetranomicon.data import (
    DATA_DIR,
    STANDARD_LEVEL,
    TERRAIN_OF,
    MaterialError,
    load_material,
)
from rulesets.tetranomicon.data.loading import load_board_def, load_decks_def
from rulesets.tetranomicon.options import Options
from rulesets.tetranomicon.orders import Pass
from rulesets.tetranomicon.rules.flow import apply
from rulesets.tetranomicon.rules.legality import legal_orders
from rulesets.tetranomicon.rules.setup import setup

BIG = str(Path(__file__).parent / "data" / "big_board.toml")


def test_default_board_is_the_small_tetranomicon():
    """TET-GAP-01: 8 castles, 27 towers (9 of each terrain), 12 segments, the listed neighbours."""
    m = load_material()
    assert m.board.name == "Малый Тетраномикон"
    assert len(m.castles) == 8 and len(m.segments) == 12
    assert Counter(t for c in m for t in c.towers) == {"plain": 9, "forest": 9, "mountains": 9}
    expected = {"severgrad": {"rechnoy_brod", "kamenets"},
                "rechnoy_brod": {"severgrad", "dubrava", "ozyorsk"},
                "kamenets": {"severgrad", "dubrava", "tumanny_pereval"},
                "dubrava": {"rechnoy_brod", "kamenets", "ozyorsk", "chernolesye"},
                "ozyorsk": {"rechnoy_brod", "dubrava", "chernolesye", "yuzhnaya_zastava"},
                "chernolesye": {"dubrava", "ozyorsk", "tumanny_pereval", "yuzhnaya_zastava"},
                "tumanny_pereval": {"kamenets", "chernolesye"},
                "yuzhnaya_zastava": {"ozyorsk", "chernolesye"}}
    assert {c: set(n) for c, n in m.neighbours.items()} == expected
    assert m.monster_castles() == ["kamenets", "chernolesye", "tumanny_pereval", "yuzhnaya_zastava"]
    assert m.castle("dubrava").towers == ("forest", "forest", "plain", "mountains")
    assert m.segments["У7"].kind == "river" and m.segments["У5"].kind == "road"
    assert m.find_castle("К3") == "kamenets" and m.find_castle("перевал") == "tumanny_pereval"
    assert m.find_castle("Озерск") == "ozyorsk"  # ё/е


def test_castles_have_three_or_four_towers_with_a_terrain():
    """TET-MAP-02: each castle has 3 or 4 towers, each one building place with a terrain."""
    for castle in load_material():
        assert 3 <= len(castle.towers) <= 4


def test_terrain_decides_the_building_and_its_standard_level():
    """TET-MAP-03: равнина → ферма (1), лес → лесопилка (2), горы → рудник (3) / каменоломня (4)."""
    assert TERRAIN_OF == {"farm": "plain", "sawmill": "forest", "mine": "mountains", "quarry": "mountains"}
    assert STANDARD_LEVEL == {"farm": 1, "sawmill": 2, "mine": 3, "quarry": 4}


def test_eight_decks_as_in_the_checklist():
    """TET-GAP-05: six creatures and five artifacts per epoch, with costs, swords and properties."""
    m = load_material()
    for e in range(1, 5):
        assert len(m.creature_deck(e)) == 6 and len(m.artifact_deck(e)) == 5
    griffin = m.creatures["C1-4"]
    assert (griffin.name, griffin.cost, griffin.swords, griffin.discounts) == ("Грифон", 4, 2, ("campaign",))
    titan = m.creatures["C4-3"]
    assert (titan.cost, titan.swords, titan.discounts) == (10, 7, ())
    lotsia = m.artifacts["A2-2"]
    assert lotsia.cost == 6 and [(c.kind, c.route) for c in lotsia.conditions] == [("routes", "water"), ("routes", "land")]
    assert m.artifacts["A4-1"].name == "Тетраномикон" and m.artifacts["A4-1"].cost == 12


def test_trophy_supply_is_sixteen_tokens():
    """TET-GAP-02: levels 1×3, 2×4, 3×4, 4×3, 5×2."""
    assert Counter(load_material().trophies.supply()) == {1: 3, 2: 4, 3: 4, 4: 3, 5: 2}


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_bad_board_fails_in_russian_naming_the_entry(tmp_path):
    text = (DATA_DIR / "board.toml").read_text(encoding="utf-8")
    bad = text.replace('towers = ["plain", "forest", "forest"]', 'towers = ["plain", "болото", "forest"]')
    with pytest.raises(MaterialError) as err:
        load_board_def(_write(tmp_path, bad))
    assert "Речной Брод" in str(err.value) and "rechnoy_brod" in str(err.value) and "башня" in str(err.value)
    bad = text.replace('between = ["dubrava", "ozyorsk"]', 'between = ["dubrava", "atlantida"]')
    with pytest.raises(MaterialError, match="У12: нет замка с id «atlantida»"):
        load_material(_write(tmp_path, bad))


def test_russian_terrain_words_are_accepted(tmp_path):
    text = (DATA_DIR / "board.toml").read_text(encoding="utf-8")
    path = _write(tmp_path, text.replace('towers = ["plain", "forest", "forest"]', 'towers = ["равнина", "лес", "лес"]')
                  .replace('kind = "river"', 'kind = "река"', 1))
    m = load_material(path)
    assert m.castle("rechnoy_brod").towers == ("plain", "forest", "forest")


def test_bad_deck_names_the_card(tmp_path):
    path = _write(tmp_path, '[[creatures]]\nid = "X"\nepoch = 1\nname = "Кот"\ncost = -1\nswords = 1\n'
                            'discounts = ["fly"]\n[[artifacts]]\nid = "Y"\nepoch = 5\nname = "Шар"\ncost = 1\n')
    with pytest.raises(MaterialError) as err:
        load_decks_def(path)
    msg = str(err.value)
    assert "существо «Кот» (X) → стоимость: должно быть не меньше 0" in msg
    assert "свойства" in msg and "артефакт «Шар» (Y) → эпоха: должно быть не больше 4" in msg


def test_missing_file_is_a_russian_error():
    with pytest.raises(MaterialError, match="файл «nope.toml» не найден"):
        load_material("nope.toml")


def test_a_larger_board_loads_from_toml_and_a_game_plays_on_it():
    """TET-GAP-01 (`board` option): a 20-castle board from a TOML file, no Python changed; four
    epochs of random legal play end with a winner."""
    m = load_material(BIG)
    assert len(m.castles) == 20 and len(m.segments) == 31
    state = setup(Options(board=BIG), factions(3), dice("big"))
    assert set(state.trophies) == {"c3", "c8", "c12", "c14", "c18", "c20"}
    rng = random.Random(7)
    step = 0
    kinds = set()
    while state.phase != "over":
        f = state.active
        legal = legal_orders(state, f)
        order = rng.choice(legal) if legal and rng.random() < 0.9 else Pass()
        kinds.add(order.kind)
        state = apply(state, f, [order], dice("big", step)).state
        step += 1
    assert state.winners and len(state.scores) == 3
    assert {"build", "route"} <= kinds
    assert any(b.castle not in load_material().castles for b in state.buildings)
