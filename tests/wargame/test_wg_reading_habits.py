"""Habits of forum writing the wargame reader follows (checklist §3, §4), each tested on lines of
its own (not the corpora's): a refusal or a verb reaches only its own subject, role-play and war
cries order nothing, numbers come in words and after the name, a figure may be named only to say
where or why, declines come with reasons, and a decision's answer says of each figure what its own
part says. Scenes are those of the phrasing corpus (`tests/phrasings/scenes_wargame.py`)."""

from __future__ import annotations

import pytest

from letopis.engine.contract import LineStatus
from rulesets.wargame.naming import Namer
from rulesets.wargame.reader import read_post_strict
from tests.phrasings.scenes_wargame import SCENES


def read(scene: str, text: str):
    state, faction = SCENES[scene]()
    reading = read_post_strict(text, state, faction)
    n = Namer(state, faction)
    return reading, [o.to_text(n) for o in reading.orders]


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("shooting", "маг по шаману, лучники не стреляют",
     ["Маг стреляет по шаману.", "Лучник №1 не стреляет.", "Лучник №2 не стреляет."]),
    ("shooting", "лучник №2 молчит, катапульта — по дракону",
     ["Лучник №2 не стреляет.", "Катапульта стреляет по дракону."]),
    ("maneuver", "Капитан на 10-5, маг стоит", ["Капитан идёт на 10-5.", "Маг стоит на месте."]),
    ("maneuver", "мечник №1 не двигается, мечник №2 — на 6-5",
     ["Мечник №1 стоит на месте.", "Мечник №2 идёт на 6-5."]),
])
def test_a_refusal_or_a_hold_is_said_of_its_own_subject_wg_def_shoot_01(scene, line, orders):
    """WG-DEF-SHOOT-01 / WG-DEF-MOVE-05: «…, X не стреляет» (or «X стоит») never cancels the
    order of another figure on the same line."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_two_verbs_of_different_orders_on_one_line_wg_def_tower_02():
    """WG-DEF-TOWER-02: a storm said of one figure does not turn the other's move into a storm."""
    reading, got = read("maneuver", "Капитан идёт на 10-5, мечник №4 лезет на башню с 12-7")
    assert reading.ok, reading.problems
    assert got == ["Капитан идёт на 10-5.", "Мечник №4 идёт на 12-7, штурм башни."]


@pytest.mark.parametrize(("scene", "line"), [
    ("maneuver", "Маг задумчиво глядит на дракона."),
    ("maneuver", "Капитан поправляет шлем и улыбается оркам"),
    ("shooting", "Лучник №1 натягивает тетиву, пальцы дрожат"),
    ("shooting", "Мечник №1 погиб, вечная память."),
    ("maneuver", "Мастер говорил, что у капитана 5 ОМ."),
])
def test_role_play_about_an_own_figure_is_flavour_wg_def_turn_05(scene, line):
    """WG-DEF-TURN-05: a verb outside the order language with no cell and nothing aimed at, or a
    figure's fate told in a turn, orders nothing; the order below it is read as usual."""
    order = "Катапульта стоит." if scene == "maneuver" else "Лучник №2 по шаману."
    reading, got = read(scene, f"{line}\n{order}")
    assert reading.ok, reading.problems
    assert reading.lines[0].status is LineStatus.FLAVOUR
    assert len(got) == 1


def test_a_story_verb_with_a_cell_or_an_aim_is_still_an_order_wg_def_move_05():
    """WG-DEF-MOVE-05: a place is never role-play, nor is a figure aimed at with «в»/«по»."""
    _, got = read("maneuver", "Мечник №2 ковыляет на 6-5")
    assert got == ["Мечник №2 идёт на 6-5."]
    _, got = read("shooting", "Маг шепчет заклинание в шамана")
    assert got == ["Маг стреляет по шаману."]


@pytest.mark.parametrize("cry", [
    "Всем привет! Синие держат строй.",
    "Синие не отступят ни на шаг!",
    "Мечники, в бой! За Короля!",
    "Королевство, вперёд!",
])
def test_a_war_cry_or_the_army_named_as_a_whole_is_flavour_wg_def_move_05(cry):
    """WG-DEF-MOVE-05: a side named as a whole, or figures called by name in an exclamation with no
    place, cheer; the orders below name figures and cells."""
    reading, got = read("maneuver", f"{cry}\nМечник №1 — на 6-5")
    assert reading.ok, reading.problems
    assert reading.lines[0].status is LineStatus.FLAVOUR
    assert got == ["Мечник №1 идёт на 6-5."]


def test_a_called_hold_is_still_a_hold_wg_def_move_05():
    _, got = read("maneuver", "Лучники, стоять!")
    assert got == ["Лучник №1 стоит на месте.", "Лучник №2 стоит на месте."]


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("shooting", "лучник номер два по шаману", ["Лучник №2 стреляет по шаману."]),
    ("shooting", "лучник второй по шаману", ["Лучник №2 стреляет по шаману."]),
    ("maneuver", "мечник 3-й идёт на 6-5", ["Мечник №3 идёт на 6-5."]),
    ("maneuver", "Мечник №1 второй раз идёт на 5-5", ["Мечник №1 идёт на 5-5."]),
    ("shooting", "Лучник №1 по вождю, №2 по шаману", ["Лучник №1 стреляет по вождю.", "Лучник №2 стреляет по шаману."]),
])
def test_numbers_in_words_ordinals_after_the_name_and_bare_numbers_wg_def_army_03(scene, line, orders):
    """WG-DEF-ARMY-03: «номер два», «второй» after the name (agreeing with it), «3-й»; a bare «№2»
    is of the type named last that has a second figure, not of the Вождь just shot at."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_list_of_numbers_before_a_dash_is_no_range_wg_def_board_05():
    """WG-DEF-BOARD-05: «лучники 1, 2 — 10-1, 11-1» lists two archers; «2 — 10» is no range of ten."""
    _, got = read("deploy", "лучники 1, 2 — 10-1, 11-1")
    assert got[:2] == ["Лучник №1 — 10-1.", "Лучник №2 — 11-1."]


def test_an_ordinal_that_agrees_with_nothing_is_no_figure_wg_def_army_03():
    """«Рыцарь идёт на 8-7 первым» («as the first»): the Рыцарь has no «first» to pick."""
    reading, got = read("maneuver", "Рыцарь идёт на 8-7 первым, с ходу")
    assert reading.ok and got == ["Рыцарь идёт на 8-7, атака с ходу."]


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("maneuver", "Капитан встаёт возле катапульты на 14-3", ["Капитан идёт на 14-3."]),
    ("maneuver", "Маг к рыцарю, на 7-3", ["Маг идёт на 7-3."]),
    ("maneuver", "Рыцарь рядом с мечником №1 идёт на 8-6", ["Рыцарь идёт на 8-6."]),
    ("maneuver", "Маг следом за капитаном на 9-4", ["Маг идёт на 9-4."]),
    ("shooting", "Лучник №1 — по шаману (маг прикроет, он рядом с капитаном)", ["Лучник №1 стреляет по шаману."]),
])
def test_a_figure_named_to_say_where_or_in_an_aside_is_no_actor_wg_def_move_05(scene, line, orders):
    """WG-DEF-MOVE-05: an own figure after «к», «возле» says where; figures in brackets remark."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_mixed_group_of_shooters_wg_def_shoot_01():
    """WG-DEF-SHOOT-01: «лучники 1-2, кап и катапульта — по …»: every figure listed shoots."""
    _, got = read("shooting", "лучники 1-2, маг и катапульта — по шаману")
    assert got == ["Лучник №1 стреляет по шаману.", "Лучник №2 стреляет по шаману.", "Маг стреляет по шаману.",
                   "Катапульта стреляет по шаману."]


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("tower_cells", "№2 на 12-8, №1 на 13-8", ["На башню: мечник №2 на 12-8, мечник №1 на 13-8."]),
    ("stray", "Во второго", ["Шальное попадание: мечник №2."]),
    ("nosave", "Без спаса №1", ["Без спас-броска: орк №1."]),
])
def test_a_bare_number_in_a_decision_names_the_figure_asked_about_wg_dec_01(scene, line, orders):
    """WG-DEC-01/03/09: «№2», «второго» alone mean the one candidate with that number."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_the_wounded_one_of_a_type_wg_def_shoot_03():
    """WG-DEF-SHOOT-03: «в раненого орка» is the one wounded орк (and still asked when two are)."""
    state, faction = SCENES["shooting"]()
    state.figures["p2:orc-2"].wounded = True
    reading = read_post_strict("Лучник №1 добивает раненого орка", state, faction)
    assert [(o.figure, o.target) for o in reading.orders] == [("p1:archer-1", "p2:orc-2")]
    state.figures["p2:orc-3"].wounded = True
    reading = read_post_strict("Лучник №1 добивает раненого орка", state, faction)
    assert not reading.ok and reading.problems[0].clause == "WG-DEF-ARMY-03"


@pytest.mark.parametrize(("line", "orders"), [
    ("Мечник №1 стоит дальше. Значит, в мечника №2", ["Шальное попадание: мечник №2."]),
    ("в мечника №1, а мечник №2 пусть живёт", ["Шальное попадание: мечник №1."]),
])
def test_a_stray_victim_beside_a_figure_told_about_wg_dec_01(line, orders):
    """WG-DEC-01: the candidate aimed at is the victim; another figure named is told about."""
    reading, got = read("stray", line)
    assert reading.ok, reading.problems
    assert got == orders


def test_two_stray_victims_aimed_at_are_asked_about_wg_dec_01():
    reading, _ = read("stray", "в мечника №1 или в мечника №2")
    [p] = reading.problems
    assert p.clause == "WG-DEC-01" and "мечники №1 и №2" in p.message


@pytest.mark.parametrize("line", ["Маг не стреляет: шаман прикрыт орком", "Маг молчит — боится попасть в мечника"])
def test_a_figure_named_beside_a_refusal_says_why_wg_def_shoot_01(line):
    """WG-DEF-SHOOT-01: only the subject of «не стреляет» refuses; a figure named after it is a reason."""
    reading, got = read("shooting", line)
    assert reading.ok, reading.problems
    assert got == ["Маг не стреляет."]


@pytest.mark.parametrize("line", ["Мечник №2 идёт на 6-6, далее по обстановке", "Мечник №2 на 6-6, а дальше посмотрим"])
def test_further_with_no_place_is_no_continuation_wg_def_charge_04(line):
    """WG-DEF-CHARGE-04: «дальше», «далее» continue a charge only towards a cell."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == ["Мечник №2 идёт на 6-6."]


def test_a_story_verb_with_an_enemy_is_asked_about_not_guessed_wg_def_shoot_01():
    """WG-DEF-SHOOT-01: «Лучник №1 ненавидит шамана» names a target, but its verb is no order:
    an error asks what was meant; «добивает орка №2» is a shot (an order word)."""
    reading, got = read("shooting", "Лучник №1 ненавидит шамана")
    [p] = reading.problems
    assert p.code == "read.foreign_verb" and "«ненавидит»" in p.message and not got
    _, got = read("shooting", "Лучник №1 добивает орка №2")
    assert got == ["Лучник №1 стреляет по орку №2."]


@pytest.mark.parametrize("line", [
    "Мечник №4 с 12-5 на 13-7 и штурм",
    "Мечник №4 штурмует: 12-5 → 12-6 → 13-7",
    "Мечник №4 штурмует башню с 13-7 (идёт туда с 12-5)",
])
def test_a_storm_written_from_where_it_stands_to_where_it_storms_from_wg_def_tower_02(line):
    """WG-DEF-TOWER-02: the figure's own cell (or the one before an arrow) is where it starts, the
    last cell where it storms from, any between a waypoint."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got in (["Мечник №4 идёт на 13-7, штурм башни."], ["Мечник №4 идёт на 13-7 через 12-6, штурм башни."])


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("shooting", "Не стреляю, стрел мало", ["Не стреляем."]),
    ("shooting", "Хм, пас", ["Не стреляем."]),
    ("continue", "Дальше не пойдём, хватит", ["Без продолжения."]),
    ("card", "Приберегу карты на потом", ["Карт не играю."]),
])
def test_a_decline_said_with_a_reason_or_in_other_words_wg_def_shoot_01(scene, line, orders):
    """WG-DEF-SHOOT-01, WG-DEC-12, WG-DEC-13: a refusal with a reason beside it, «хватит», keeping
    the cards: each declines; none is chatter or a card named «приберегу»."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("scene", "line"), [("stray_other", "Шальная в мечника №1"),
                                             ("casualties_other", "Убиты орки №1 и №2, ранен вождь")])
def test_an_answer_to_someone_elses_decision_is_out_of_turn_wg_def_turn_05(scene, line):
    """WG-DEF-TURN-05: the post is refused as out of turn, naming whose decision waits."""
    reading, got = read(scene, line)
    [p] = reading.problems
    assert p.clause == "WG-DEF-TURN-05" and "Борис" in p.message and not got


@pytest.mark.parametrize("line", [
    "Вождь: ранен. Орки №1 и №2 — убиты",
    "Орк №1 падает, орк №2 тоже, вождь жив",
    "Вождя прикрывают телохранители: гибнут орки №1 и №2, а вождь, хромая, отходит",
])
def test_what_each_part_says_of_its_figures_wg_dmg_06(line):
    """WG-DMG-06: a word of fate rules its part and the bare parts after it; a part that says
    something else of its figure (alive, holding on, covered) names it as not killed."""
    reading, got = read("casualties", line)
    assert reading.ok, reading.problems
    assert got == ["Убиты: орк №1, орк №2. Ранен: вождь."]


def test_one_said_unhurt_whom_the_damage_wounds_wg_dmg_05():
    """WG-DMG-05: lost by 5, the third figure takes a wound; «вождь невредим» is refused."""
    reading, _ = read("casualties", "Убиты орки №1 и №2, вождь невредим")
    [p] = reading.problems
    assert p.clause == "WG-DMG-05" and p.message.startswith("Вождь ранен, а не цел")


def test_a_figure_from_outside_the_fight_named_with_a_fate_wg_dmg_06():
    reading, _ = read("casualties", "Гибнут рыцарь и орк №1, ранен вождь")
    [p] = reading.problems
    assert p.clause == "WG-DMG-06" and "«рыцарь»" in p.message


@pytest.mark.parametrize(("line", "artifact"), [("Знамя!", "Знамя доблести"), ("Беру орлиный глаз", "Орлиный глаз"),
                                                ("Поднимаю знамя", "Знамя доблести")])
def test_an_artifact_by_its_head_noun_wg_dec_10(line, artifact):
    """WG-DEC-10: a name of several words is called by its noun («глаз» for «Орлиный глаз»)."""
    reading, got = read("artifact", line)
    assert reading.ok, reading.problems
    assert got == [f"Активирую артефакт «{artifact}»."]


def test_the_story_of_an_artifact_is_not_the_choice_wg_dec_10():
    """WG-DEC-10: «глаз у него острый» tells a story; the answer is the line that chooses."""
    reading, got = read("artifact", "Капитан щурится, глаз у него острый.\nЗнамя доблести!")
    assert reading.ok and reading.lines[0].status is LineStatus.FLAVOUR
    assert got == ["Активирую артефакт «Знамя доблести»."]


def test_a_continuation_that_charges_again_wg_def_charge_04():
    """WG-DEF-CHARGE-04: asked for a continuation, «на 9-9 — и снова атака с ходу» is a continuation
    that charges (here refused by the rules: nobody to charge from 9-9), never a plain move."""
    reading, got = read("continue", "Рыцарь — шаг на 9-9, и снова атака с ходу!")
    assert not got and {p.clause for p in reading.problems} == {"WG-DEF-CHARGE-02"}
