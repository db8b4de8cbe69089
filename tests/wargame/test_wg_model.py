"""The model: data files validated with Russian errors, the state's JSON round trip, options,
and every order's canonical text (checklist §3)."""

from __future__ import annotations

import pytest
from wg_support import battle

from rulesets.wargame.data import DataFileError, load_army, load_map
from rulesets.wargame.naming import Namer
from rulesets.wargame.options import Options
from rulesets.wargame.orders import (
    ActivateArtifact,
    ByDice,
    Casualties,
    Charge,
    Continue,
    Decline,
    Deploy,
    FightFirst,
    Hold,
    Move,
    NoSave,
    NoShooting,
    PlayCard,
    Shoot,
    Step,
    Storm,
    Stray,
    Teleport,
    TowerCells,
    Withdraw,
    dump_orders,
    load_orders,
)
from rulesets.wargame.state import State


def test_default_armies_match_the_checklist_WG_DEF_ARMY_01_WG_DEF_ARMY_02():
    """WG-DEF-ARMY-01, WG-DEF-ARMY-02, WG-GAP-05, WG-GAP-23: both default armies as TOML."""
    k, h = load_army("kingdom.toml"), load_army("horde.toml")
    assert [(f.name, f.count) for f in k.figure] == [("Рыцарь", 1), ("Мечник", 4), ("Маг", 1), ("Капитан", 1),
                                                     ("Лучник", 3), ("Катапульта", 1)]
    cat = k.spec("catapult")
    assert cat.kind == "machine" and cat.capacity == 3 and cat.weapons[0].real and cat.weapons[0].min_range == 3
    assert k.spec("captain").melee_bonus_h == 1 and k.spec("captain").bonus_mp == 1
    assert [(f.name, f.count) for f in h.figure] == [("Вождь", 1), ("Орк", 4), ("Шаман", 1), ("Вожак", 1),
                                                     ("Всадник", 3), ("Дракон", 1)]
    dragon = h.spec("dragon")
    assert dragon.flies and dragon.lives == 2 and dragon.melee_bonus_h == 4 and dragon.detachment is None
    assert {a.name for a in k.artifact} | {a.name for a in h.artifact} == {
        "Знамя доблести", "Орлиный глаз", "Кровавый тотем", "Волчья шкура"}


def test_default_map_WG_DEF_BOARD_05():
    m = load_map()
    rows = m.terrain_rows()
    assert (m.width, m.height) == (24, 16)
    assert rows[7][11:13] == "tt" and rows[8][11:13] == "tt"
    assert rows[11][3:5] == "hh" and rows[3][18:20] == "ff"
    assert {z.seat: (z.corner, z.opposite) for z in m.zone} == {
        1: ("1-1", "24-3"), 2: ("1-14", "24-16"), 3: ("1-5", "3-12"), 4: ("22-5", "24-12")}


def test_bad_army_file_names_the_entry(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('key = "x"\nname = "X"\n[[figure]]\ntype = "orc"\nname = "Орк"\nacc = "орка"\ndat = "орку"\n'
                   'plural = "орки"\nkind = "warrior"\nmelee_bonus = 0.3\n', encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_army(str(bad))
    assert "фигура «Орк»" in str(err.value) and "0,5" in str(err.value)


def test_bad_map_cell_is_reported(tmp_path):
    bad = tmp_path / "map.toml"
    bad.write_text('name = "М"\nwidth = 5\nheight = 5\n[[area]]\nterrain = "hill"\ncells = ["9-9"]\n', encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        load_map(str(bad))
    assert "9-9 за краем поля 5×5" in str(err.value)


def test_missing_file_is_a_russian_error():
    with pytest.raises(DataFileError, match="не найден"):
        load_army("нет-такого.toml")


def test_options_defaults_from_the_gaps():
    o = Options()
    assert o.decision_deadline_hours == 48 and o.round_limit == 12 and not o.hidden_deployment
    assert o.base_mp == {"warrior": 4, "mage": 4, "machine": 2, "dragon": 6}
    assert (o.posting, o.support_mode, o.wounded_halving, o.multi_order) == ("phased", "pyramid", "total", "lexicographic")
    assert not o.magic_cards and not o.dodge_in_melee and not o.auto_charge and not o.charge_melee_repeats


def test_state_round_trips_through_json():
    s = battle(3)
    again = State.model_validate_json(s.model_dump_json())
    assert again == s
    assert again.figures["p1:swordsman-2"].number == 2


def test_canonical_texts_of_every_order():
    s = battle(2)
    n = Namer(s, "p1")
    cases = [
        (Deploy(figure="p1:swordsman-1", cell=(5, 2)), "Мечник №1 — 5-2."),
        (Move(figure="p1:swordsman-2", dest=(6, 6)), "Мечник №2 идёт на 6-6."),
        (Move(figure="p2:pack_leader", dest=(9, 13), via=((7, 12),)), "Вожак идёт на 9-13 через 7-12."),
        (Hold(figure="p1:catapult"), "Катапульта стоит на месте."),
        (Hold(), "Остальные стоят на месте."),
        (Charge(figure="p1:knight", dest=(8, 8)), "Рыцарь идёт на 8-8, атака с ходу."),
        (Continue(figure="p1:knight", dest=(9, 7)), "Если победит — Рыцарь идёт на 9-7."),
        (Teleport(mage="p1:mage", figure="p1:swordsman-3", dest=(12, 10)), "Маг телепортирует мечника №3 на 12-10."),
        (Teleport(mage="p2:shaman", figure="p2:shaman", dest=(10, 4), charge=True),
         "Шаман телепортируется на 10-4, атака с ходу."),
        (Storm(figure="p1:swordsman-1", dest=(12, 7)), "Мечник №1 идёт на 12-7, штурм башни."),
        (Shoot(figure="p1:archer-1", target="p2:orc-3"), "Лучник №1 стреляет по орку №3."),
        (NoShooting(), "Не стреляем."),
        (Stray(victim="p1:swordsman-4"), "Шальное попадание: мечник №4."),
        (Casualties(lethal=("p2:orc-1", "p2:orc-3"), lesser=("p2:orc-2",)), "Убиты: орк №1, орк №3. Ранен: орк №2."),
        (NoSave(figures=("p2:orc-3", "p2:orc-4")), "Без спас-броска: орк №3, орк №4."),
        (Step(figure="p2:orc-1", cell=(8, 7)), "Орк №1 шагает на 8-7."),
        (Withdraw(figure="p1:swordsman-2", cell=(8, 6)), "Мечник №2 отходит на 8-6."),
        (TowerCells(moves=(("p1:swordsman-1", (12, 8)), ("p1:swordsman-2", (13, 8)))),
         "На башню: мечник №1 на 12-8, мечник №2 на 13-8."),
        (ActivateArtifact(artifact="banner"), "Активирую артефакт «Знамя доблести»."),
        (PlayCard(card="Каменная кожа"), "Играю карту «Каменная кожа»."),
        (ByDice(), "Пусть решит кубик."),
        (Decline(what="step"), "Никто не двигается."),
        (Decline(what="withdraw"), "Никто не отходит."),
    ]
    for order, expected in cases:
        assert order.to_text(n) == expected
    assert load_orders(dump_orders([o for o, _ in cases])) == [o for o, _ in cases]


def test_colours_with_three_players_WG_DEF_ARMY_03():
    s = battle(3)
    n = Namer(s, "p1")
    assert Shoot(figure="p1:archer-1", target="p2:orc-3").to_text(n) == "Лучник №1 стреляет по орку №3 Красных."
    assert FightFirst(opponent="p3").to_text(n) == "Первый бой — с Зелёными."
