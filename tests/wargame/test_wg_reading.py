"""The wargame reader on the ways players write (issue 11, checklist §3 and §4): unit headers,
ordinals, cells «x:y», other players' figures, machines with two guns, and everyday decision
answers. Scenes are those of the phrasing corpus (`tests/phrasings/scenes_wargame.py`)."""

from __future__ import annotations

from letopis.engine.contract import LineStatus
from rulesets.wargame.naming import Namer
from rulesets.wargame.reader import read_post_strict
from rulesets.wargame.reading.words import fixed_word
from tests.phrasings.scenes_wargame import SCENES


def read(scene: str, text: str):
    state, faction = SCENES[scene]()
    reading = read_post_strict(text, state, faction)
    n = Namer(state, faction)
    return reading, [o.to_text(n) for o in reading.orders]


def clauses(reading) -> set[str | None]:
    return {p.clause for p in reading.problems if p.is_error}


def test_deploy_ordinal_alone_and_colon_cell_wg_def_board_05():
    """WG-DEF-BOARD-05: «третий — 7-2» takes the type named before it; «11:2» is a cell."""
    reading, _ = read("deploy", "Второй мечник — 5-2, третий — 7-2\nлучник №2 — 11:2")
    assert [(o.figure, tuple(o.cell)) for o in reading.orders] == [
        ("p1:swordsman-2", (5, 2)), ("p1:swordsman-3", (7, 2)), ("p1:archer-2", (11, 2))]


def test_deploy_enemy_figure_is_an_error_wg_def_board_05():
    reading, _ = read("deploy", "Орк №1 — 5-2")
    assert "WG-DEF-BOARD-05" in clauses(reading)
    assert reading.lines[0].status is LineStatus.ERROR


def test_unit_header_gives_the_actor_wg_def_move_05():
    """WG-DEF-MOVE-05: the lines under «[b]Мечник №2[/b]» or «Мечник №2:» are his orders."""
    for header in ("[b]Мечник №2[/b]", "Мечник №2:"):
        _, orders = read("maneuver", f"{header}\nна 6-6")
        assert orders == ["Мечник №2 идёт на 6-6."]


def test_rest_hold_and_continuation_on_one_line_wg_def_charge_04():
    """WG-DEF-CHARGE-04: «…, если победит — …» continues the charge; «…, остальные стоят» holds."""
    _, orders = read("maneuver", "Рыцарь на 8-7 с ходу, если победит — идёт на 9-7")
    assert orders == ["Рыцарь идёт на 8-7, атака с ходу.", "Если победит — Рыцарь идёт на 9-7."]
    _, orders = read("maneuver", "Мечник №2 на 6-6, остальные стоят")
    assert orders == ["Мечник №2 идёт на 6-6.", "Остальные стоят на месте."]


def test_restated_position_is_the_start_wg_def_move_08():
    _, orders = read("maneuver", "Рыцарь стоял на 8-5, теперь идёт на 8-6")
    assert orders == ["Рыцарь идёт на 8-6."]


def test_other_players_figure_is_an_error_wg_def_turn_05():
    """WG-DEF-TURN-05: an order for someone else's figure is refused on its line, never flavour."""
    for scene, text in (("maneuver", "Орк №1 идёт на 8-7"), ("maneuver_horde", "Рыцарь идёт на 8-6"),
                        ("shooting", "Шаман стреляет по рыцарю")):
        reading, _ = read(scene, text)
        assert "WG-DEF-TURN-05" in clauses(reading), text
    reading, _ = read("maneuver", "Паладин идёт на 8-6")
    assert "WG-DEF-ARMY-03" in clauses(reading)


def test_chatter_about_the_state_is_flavour_wg_def_turn_05():
    reading, _ = read("maneuver", "Было 4 ОМ у рыцаря, потратил 2, осталось 2.\nРыцарь идёт на 8-6")
    assert reading.lines[0].status is LineStatus.FLAVOUR and reading.ok
    reading, _ = read("shooting", "Капитан сцепился с орком №2, эх.\nЛучник №1 стреляет по шаману")
    assert reading.lines[0].status is LineStatus.FLAVOUR and reading.ok


def test_machine_guns_wg_mach_03_and_wg_mach_02():
    """WG-MACH-03: each gun of UNL-2 shoots on its own; WG-MACH-02: only a machine's own guns."""
    _, orders = read("shooting", "UNL-2 из обеих пушек по орку №1")
    assert orders == ["UNL-2: пушка А стреляет по орку №1.", "UNL-2: пушка Б стреляет по орку №1."]
    _, orders = read("shooting", "Пушкой Б с UNL-2 стреляю по вожаку, пушкой А — по орку №1")
    assert orders == ["UNL-2: пушка Б стреляет по вожаку.", "UNL-2: пушка А стреляет по орку №1."]
    reading, _ = read("shooting", "Катапульта: пушка Б по дракону")
    assert "WG-MACH-02" in clauses(reading)


def test_storm_from_a_cell_wg_def_tower_02():
    _, orders = read("maneuver", "Четвёртый мечник штурмует башню с 13-7")
    assert orders == ["Мечник №4 идёт на 13-7, штурм башни."]


def test_mistyped_order_words_keep_their_meaning():
    assert fixed_word("сттреляем") == "стреляем"
    _, orders = read("maneuver", "Маг телепартирует мечника №3 на 12-10")
    assert orders == ["Маг телепортирует мечника №3 на 12-10."]


def test_swapped_letters_and_a_wrong_vowel_keep_an_order_word():
    """An inflected verb is far by letters from the lexicon's infinitive, so a swap or a wrong vowel
    in it is repaired to a form the dictionary knows (a property test found «Не стрелеям.» read as
    flavour)."""
    assert fixed_word("стрелеям") == "стреляем"
    assert fixed_word("атакеум") == "атакуем"
    assert fixed_word("отсутпаем") == "отступаем"
    assert fixed_word("двигаюсь") == "двигаюсь"  # a known word is never changed
    assert read("shooting", "Не стрелеям.")[1] == read("shooting", "Не стреляем.")[1] != []


def test_decision_answers_wg_dec_05_06_09_12():
    """WG-DEC-05: the one dodging figure acts unnamed; WG-DEC-06: «все орки» are those in the melee;
    WG-DEC-09: «на ваше усмотрение» is the default (the nearest cells), «пусть решит кубик» the
    dice; WG-DEC-12: a plain move after the win."""
    assert read("dodge_step", "Отпрыгивает на 4-4")[1] == ["Всадник №1 шагает на 4-4."]
    assert read("withdraw", "Все орки назад: 7-10, 8-10, 9-10")[1] == [
        "Орк №1 отходит на 7-10.", "Орк №2 отходит на 8-10.", "Орк №3 отходит на 9-10."]
    assert read("tower_cells", "На ваше усмотрение")[1] == ["По умолчанию."]
    assert read("tower_cells", "Пусть решит кубик")[1] == ["Пусть решит кубик."]
    assert read("continue", "Рыцарь → 8-9")[1] == ["Рыцарь идёт на 8-9."]
    assert read("continue", "Оставляю рыцаря как есть")[1] == ["Без продолжения."]


def test_decision_errors_name_the_specific_clause():
    """WG-DMG-05, WG-SAVE-04, WG-SAVE-05, WG-GAP-07, WG-MULTI-01, WG-DEF-TOWER-03."""
    for scene, text, clause in (("casualties", "Убиты все трое", "WG-DMG-05"),
                                ("nosave", "Оба без спас-броска", "WG-SAVE-04"),
                                ("nosave", "Без спас-броска рыцарь", "WG-SAVE-05"),
                                ("stray", "Шальное попадание: рыцарь", "WG-GAP-07"),
                                ("fight_first", "Первый бой — с Жёлтыми", "WG-MULTI-01"),
                                ("tower_cells", "Мечник №1 на 12-9, мечник №2 на 13-8", "WG-DEF-TOWER-03")):
        reading, _ = read(scene, text)
        assert clause in clauses(reading), (text, reading.problems)
    assert read("fight_first", "Сначала рубим орков")[1] == ["Первый бой — с Красными."]


def test_a_sigh_over_the_group_in_a_casualty_step_is_chatter_WG_DEC_02():
    """«Эх, не повезло моим всадникам!» under the answer is chatter, not a second answer naming all
    the riders (issue 9: only an order line is read as an order)."""
    from rulesets.wargame.reader import read_post_strict
    from tests.phrasings.scenes_wargame import SCENES

    state, faction = SCENES["casualties"]()
    reading = read_post_strict("Эх, не повезло моим всадникам!", state, faction)
    assert [x.status.value for x in reading.lines] == ["flavour"]
    assert [p.code for p in reading.problems] == ["post.no_orders"]


def test_a_line_read_again_names_the_figures_of_its_own_battle_wg_def_army_03():
    """WG-DEF-ARMY-03: what the words of a line say is remembered by its text, which figures and
    sides they name is not: the same line read again in a battle where a figure has died and the
    colours were dealt the other way names that battle's figures and sides."""
    from letopis.engine.text_norm import normalise
    from rulesets.wargame.reading.words import Scanner, vocabulary

    line = normalise("Лучник №1 стреляет по красному орку №1, все лучники — по оркам Зелёных, "
                     "капитан — по орку №2 Веры; бьёмся с зелёными")

    def named(state):
        return [it.figs or it.value for it in Scanner(state, "p1", vocabulary(state)).scan(line)
                if it.kind in ("fig", "side")]

    state, _ = SCENES["shooting_three"]()
    assert named(state) == [("p1:archer-1",), ("p2:orc-1",), ("p1:archer-1", "p1:archer-2", "p1:archer-3"),
                            ("p3:orc-1", "p3:orc-2", "p3:orc-3", "p3:orc-4"), ("p1:captain",), ("p3:orc-2",), "p3"]
    other = state.clone()
    other.players["p2"].colour, other.players["p3"].colour = "green", "red"
    other.figures["p1:archer-2"].alive = False
    assert named(other) == [("p1:archer-1",), ("p3:orc-1",), ("p1:archer-1", "p1:archer-3"),
                            ("p2:orc-1", "p2:orc-2", "p2:orc-3", "p2:orc-4"), ("p1:captain",), ("p3:orc-2",), "p2"]
    assert named(state)[1] == ("p2:orc-1",)
