"""More habits of forum writing the wargame reader follows (checklist §3, §4), each on lines of its
own (not the corpora's): a list typed on one line, choices ranked by «сначала»/«потом», …
Scenes are those of the phrasing corpus (`tests/phrasings/scenes_wargame.py`)."""

from __future__ import annotations

import pytest

from rulesets.wargame.naming import Namer
from rulesets.wargame.reader import read_post_strict
from tests.phrasings.scenes_wargame import SCENES


def read(scene: str, text: str):
    state, faction = SCENES[scene]()
    reading = read_post_strict(text, state, faction)
    n = Namer(state, faction)
    return reading, [o.to_text(n) for o in reading.orders]


@pytest.mark.parametrize(("line", "orders"), [
    ("1) ранен вождь 2) убит орк №1 3) убит орк №2", ["Убиты: орк №1, орк №2. Ранен: вождь."]),
    ("1) убит орк №2 2) ранен орк №1 3) убит вождь", ["Убиты: орк №2, вождь. Ранен: орк №1."]),
])
def test_a_numbered_list_on_one_line_gives_each_item_its_own_fate_wg_dec_02(line, orders):
    """WG-DEC-02: «1) … 2) … 3) …» typed on one line: each item says its own figure's fate."""
    reading, got = read("casualties", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize("line", ["Бориса потом, первым Веру", "Сначала Вера, Борис позже",
                                  "Красные потом, сначала зелёные", "С Верой. Борис позже"])
def test_the_opponent_said_to_come_later_is_not_the_first_wg_dec_07(line):
    """WG-DEC-07: of two opponents named, the one said to come later («потом», «позже») is fought
    second, the one marked «сначала»/«первым» first."""
    reading, got = read("fight_first", line)
    assert reading.ok, reading.problems
    assert got == ["Первый бой — с Зелёными."]


@pytest.mark.parametrize(("line", "orders"), [
    ("Капитан орёт: «Вперёд, за короля!»\nМаг стоит.", ["Маг стоит на месте."]),
    ("Маг шепчет: «Держитесь, братья»\nКатапульта стоит.", ["Катапульта стоит на месте."]),
    ("Капитан кричит: «Лучники, стоять!»", ["Лучник №1 стоит на месте.", "Лучник №2 стоит на месте."]),
    ("Рыцарь рявкает: «В атаку!» и идёт на 8-6", ["Рыцарь идёт на 8-6."]),
])
def test_what_a_figure_says_is_told_unless_it_names_own_figures_or_a_cell_wg_def_turn_05(line, orders):
    """WG-DEF-TURN-05: words said in quotes after «X кричит:» order nothing, unless they name the
    poster's figures or a cell; then the one who shouts them is no actor of that order."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("line", "orders"), [
    ("Капитан отдыхает, маг бьёт баклуши", ["Капитан стоит на месте.", "Маг стоит на месте."]),
    ("Мечник №4 сидит в засаде", ["Мечник №4 стоит на месте."]),
    ("Катапульта прохлаждается", ["Катапульта стоит на месте."]),
    ("Лучник №1 курит в сторонке", ["Лучник №1 стоит на месте."]),
])
def test_idling_said_as_of_people_is_a_hold_wg_def_move_05(line, orders):
    """WG-DEF-MOVE-05: «отдыхает», «сидит в засаде», «курит в сторонке» keep a figure where it is."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_hold_word_in_the_past_with_nobody_named_tells_what_was_wg_def_move_05():
    """WG-DEF-MOVE-05: «Мы долго ждали этого момента» is no «остальные стоят»."""
    reading, got = read("maneuver", "Мы долго ждали этого момента.\nРыцарь на 8-6.")
    assert reading.ok, reading.problems
    assert got == ["Рыцарь идёт на 8-6."]


@pytest.mark.parametrize(("post", "orders"), [
    ("Лучник №1 по шаману. Лучник №2 туда же", ["Лучник №1 стреляет по шаману.", "Лучник №2 стреляет по шаману."]),
    ("Катапульта по вождю, маг по нему же", ["Катапульта стреляет по вождю.", "Маг стреляет по вождю."]),
    ("Лучник №2 по шаману\nЛучник №1 — в ту же цель", ["Лучник №2 стреляет по шаману.", "Лучник №1 стреляет по шаману."]),
])
def test_a_target_by_reference_is_the_one_shot_at_before_wg_def_shoot_03(post, orders):
    """WG-DEF-SHOOT-03: «туда же», «по нему же», «в ту же цель» name the target of the shot before."""
    reading, got = read("shooting", post)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_target_by_reference_with_none_before_is_refused_wg_def_shoot_03():
    reading, got = read("shooting", "Лучники туда же")
    assert not got and {p.clause for p in reading.problems} == {"WG-DEF-SHOOT-03"}


def test_each_figure_named_shoots_with_the_weapon_named_after_them_wg_def_shoot_01():
    """WG-DEF-SHOOT-01: «Лучники 1 и 2 стреляют из луков» is two shots, not the first archer's."""
    reading, got = read("shooting", "Лучники 1 и 2 стреляют из луков по шаману")
    assert reading.ok, reading.problems
    assert got == ["Лучник №1 стреляет по шаману.", "Лучник №2 стреляет по шаману."]


@pytest.mark.parametrize(("line", "orders"), [
    ("капитан на десять-пять", ["Капитан идёт на 10-5."]),
    ("Рыцарь идёт на восемь-6", ["Рыцарь идёт на 8-6."]),
])
def test_a_cell_in_number_words_wg_def_move_05(line, orders):
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("line", "orders"), [
    ("меч. 2 на 6-5", ["Мечник №2 идёт на 6-5."]),
    ("кап. на 10-5", ["Капитан идёт на 10-5."]),
    ("меч. №1 стоит, луч. 2 на 12-3", ["Мечник №1 стоит на месте.", "Лучник №2 идёт на 12-3."]),
])
def test_a_name_cut_short_with_a_full_stop_keeps_its_number_and_sentence_wg_def_army_03(line, orders):
    """WG-DEF-ARMY-03: «луч. 2» is archer №2, and the full stop of «кап.» ends no sentence."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("line", "numbers"), [
    ("мечники со второго по четвёртый стоят", [2, 3, 4]),
    ("мечники с 1-го по 3-й стоят", [1, 2, 3]),
    ("все четыре мечника стоят", [1, 2, 3, 4]),
    ("Все 4 мечника стоят", [1, 2, 3, 4]),
])
def test_figures_by_a_range_in_words_or_a_count_wg_def_army_03(line, numbers):
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == [f"Мечник №{k} стоит на месте." for k in numbers]


def test_a_count_that_is_not_all_of_them_asks_which_wg_def_army_03():
    """WG-DEF-ARMY-03: «все три мечника» of four names no three of them."""
    reading, got = read("maneuver", "все три мечника стоят")
    assert not got and {p.clause for p in reading.problems} == {"WG-DEF-ARMY-03"}


@pytest.mark.parametrize("line", ["Второй на 13-8, первый на 12-8", "первый - 12-8, второй - 13-8"])
def test_a_bare_ordinal_before_a_place_names_the_candidate_wg_def_tower_03(line):
    """WG-DEF-TOWER-03: «первый» (also the word of «сначала») before a cell names figure №1."""
    reading, got = read("tower_cells", line)
    assert reading.ok, reading.problems
    assert sorted(got[0].removeprefix("На башню: ").rstrip(".").split(", ")) == \
        ["мечник №1 на 12-8", "мечник №2 на 13-8"]


def test_a_teleport_told_as_a_story_wg_def_abil_01():
    """WG-DEF-ABIL-01: the mage who «растворяется в воздухе и возникает на 10-6» teleports."""
    reading, got = read("maneuver", "Маг растворяется в воздухе и возникает на 10-6")
    assert reading.ok, reading.problems
    assert got == ["Маг телепортируется на 10-6."]


def test_one_who_cannot_teleport_vanishing_only_walks_wg_def_move_05():
    """WG-DEF-MOVE-05: a swordsman who «исчезает в тумане, уходя на 5-5» walks there; no mage
    teleports him unasked."""
    reading, got = read("maneuver", "Мечник №1 исчезает в тумане, уходя на 5-5")
    assert reading.ok, reading.problems
    assert got == ["Мечник №1 идёт на 5-5."]


@pytest.mark.parametrize("post", ["Рыцарь с ходу на 8-7\nПотом рыцарь на 9-6", "Рыцарь атакует с ходу 8-7, дальше 9-6",
                                  "Рыцарь с ходу 8-7. Затем на 9-6"])
def test_a_move_after_a_charge_said_to_come_then_is_its_continuation_wg_def_charge_04(post):
    """WG-DEF-CHARGE-04: the figure that charged moves again only if it wins, so «затем»,
    «потом», «дальше» after its charge (its name said again or not) write the continuation."""
    reading, got = read("maneuver", post)
    assert reading.ok, reading.problems
    assert got == ["Рыцарь идёт на 8-7, атака с ходу.", "Если победит — Рыцарь идёт на 9-6."]


@pytest.mark.parametrize(("post", "orders"), [
    ("Если вождь жив, катапульта бьёт в него", ["Катапульта стреляет по вождю."]),
    ("Маг по шаману, катапульта по нему", ["Маг стреляет по шаману.", "Катапульта стреляет по шаману."]),
])
def test_a_condition_on_the_enemy_and_a_pronoun_for_him_wg_def_shoot_03(post, orders):
    """WG-DEF-SHOOT-03: «если вождь жив, …» is the rules' to check; «по нему», «в него» name the
    enemy named before (the condition's, or the last shot's)."""
    reading, got = read("shooting", post)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_subject_after_a_leading_word_and_a_gerund_part_wg_def_charge_01():
    """WG-DEF-CHARGE-01: in one long sentence, «…, поэтому мечник №1 выходит на 5-5, а рыцарь с ходу
    врубается в орка, встав на 8-7» charges with the knight alone: «поэтому» leads into a subject,
    and the gerund «встав» tells how the knight charges, not another order."""
    reading, got = read("maneuver", "Пора в бой, поэтому мечник №1 выходит на 5-5, а рыцарь с ходу врубается "
                                    "в орка №1, встав на 8-7, за Короля!")
    assert reading.ok, reading.problems
    assert got == ["Мечник №1 идёт на 5-5.", "Рыцарь идёт на 8-7, атака с ходу."]


@pytest.mark.parametrize("chatter", ["Сколько можно стоять!", "Надоело стоять.", "Хватит стоять."])
def test_a_hold_infinitive_another_word_governs_is_talk_wg_def_move_05(chatter):
    """WG-DEF-MOVE-05: «сколько можно стоять» is no «остальные стоят»."""
    reading, got = read("maneuver", f"{chatter} Рыцарь на 8-6")
    assert reading.ok, reading.problems
    assert got == ["Рыцарь идёт на 8-6."]


def test_a_sad_smile_before_the_orders_hides_no_figure_wg_def_move_05():
    """WG-DEF-MOVE-05: «это же башня( Тогда так: …»: the «(» is a smile, not a bracket that would
    make every figure after it an aside."""
    reading, got = read("maneuver", "Эх, 12-8 это же башня( Тогда так: капитан идёт на 10-5 и будет ждать")
    assert reading.ok, reading.problems
    assert got == ["Капитан идёт на 10-5."]


@pytest.mark.parametrize(("line", "orders"), [
    ("Рыцарь на 8-6 и стоит там", ["Рыцарь идёт на 8-6."]),
    ("Капитан идёт на 10-5 и будет ждать", ["Капитан идёт на 10-5."]),
    ("Рыцарь стоит на 8-5 и ждёт", ["Рыцарь стоит на месте."]),
])
def test_a_hold_after_a_figure_goes_to_a_cell_is_where_it_stays_wg_def_move_05(line, orders):
    """WG-DEF-MOVE-05: «идёт на 10-5 и будет ждать» is the move; waiting is what it does there."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("maneuver", "Рыцарь на 8-6, ой, 8-7", ["Рыцарь идёт на 8-7."]),
    ("maneuver", "Мечник №1 на 5-5, нет, мечник №2 на 6-5", ["Мечник №2 идёт на 6-5."]),
    ("maneuver", "Рыцарь на 8-6. Нет, лучше стоит", ["Рыцарь стоит на месте."]),
    ("maneuver", "Мечник №1 стоит, нет, идёт на 5-5", ["Мечник №1 идёт на 5-5."]),
    ("shooting", "Катапульта по вождю, ой, по шаману", ["Катапульта стреляет по шаману."]),
    ("casualties", "Убиты вождь и орк №1, ой, орк №2", ["Убиты: вождь, орк №2. Ранен: орк №1."]),
])
def test_a_correction_inside_the_line_replaces_what_it_corrects_wg_def_turn_04(scene, line, orders):
    """WG-DEF-TURN-04: «…, нет, лучше …», «…, ой, …»: what follows the marker replaces the part of
    its shape before it (a cell, a figure, the order of the figure named last)."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("maneuver", "Мечник №4 никуда не идёт", ["Мечник №4 стоит на месте."]),
    ("maneuver", "Рыцарь идёт на 8-6, но не атакует", ["Рыцарь идёт на 8-6."]),
    ("shooting", "Стрельбы сегодня не будет", ["Не стреляем."]),
    ("shooting", "Лучник №1 не будет стрелять", ["Лучник №1 не стреляет."]),
])
def test_an_action_said_not_to_happen_wg_def_move_05(scene, line, orders):
    """WG-DEF-MOVE-05 / WG-DEF-SHOOT-01: a movement said not to happen is a hold, a shot said not to
    happen is «не стреляет», an attack said not to happen adds nothing."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_no_one_withdraws_said_as_a_negated_move_wg_dec_06():
    reading, got = read("withdraw", "Орки никуда не уходят — здесь им и место.")
    assert reading.ok, reading.problems
    assert got == ["Никто не отходит."]


@pytest.mark.parametrize("line", ["Без спас-броска орк №1 — вождь у нас крепкий, выдержит",
                                  "Орк №1 без спаса, вождя щит прикроет"])
def test_a_reason_after_the_answer_names_no_more_figures_wg_dec_03(line):
    """WG-DEC-03: a part that says something else of its figures with a verb of its own gives the
    reason, not more figures without a save."""
    reading, got = read("nosave", line)
    assert reading.ok, reading.problems
    assert got == ["Без спас-броска: орк №1."]


@pytest.mark.parametrize("line", ["Юзаем орлиный глаз", "Применяю знамя"])
def test_the_artifact_chosen_in_players_words_wg_dec_10(line):
    reading, got = read("artifact", line)
    assert reading.ok, reading.problems
    assert got and got[0].startswith("Активирую артефакт")


def test_a_group_named_by_the_tower_it_holds_wg_def_move_05():
    """WG-DEF-MOVE-05: «мои на башне стоят» holds the poster's figures on the tower's cells."""
    reading, got = read("maneuver_horde", "Мои на башне стоят")
    assert reading.ok, reading.problems
    assert got == ["Орк №3 стоит на месте.", "Орк №4 стоит на месте."]


@pytest.mark.parametrize("post", ["Убиты:\nвождь\nорк №2\nРанен:\nорк №1", "Вождь | убит\nОрк №2 | убит\nОрк №1 | ранен",
                                  "[list]\n[*]вождь — убит\n[*]орк №2 — [b]убит[/b]\n[*]орк №1 — ранен\n[/list]"])
def test_casualties_laid_out_over_lines_wg_dec_02(post):
    """WG-DEC-02: a table, a [list] or headings over lists: each line says its own figure's fate, a
    heading («Убиты:») the fate of the lines under it."""
    reading, got = read("casualties", post)
    assert reading.ok, reading.problems
    assert got == ["Убиты: вождь, орк №2. Ранен: орк №1."]


def test_a_designation_keeps_its_capitals_in_canonical_text_wg_mach_03():
    """WG-MACH-03: «UNL-2» is written as the army list writes it, never «Unl-2» or «unl-2»;
    common nouns still go lower case inside a sentence."""
    from rulesets.wargame.naming import cap, common_noun
    assert common_noun("UNL-2") == "UNL-2" and cap(common_noun("Рыцарь")) == "Рыцарь"
    assert common_noun("Боевой маг") == "боевой маг"
    _, got = read("shooting", "UNL-2 из пушки Б по вожаку")
    assert got == ["UNL-2: пушка Б стреляет по вожаку."]


@pytest.mark.parametrize(("line", "orders"), [
    ("Катапульта ждёт, лучник №1 по шаману", ["Катапульта не стреляет.", "Лучник №1 стреляет по шаману."]),
    ("Стрельбы не будет — маг отдыхает", ["Не стреляем."]),
    ("Стрелять некому — лучники перезаряжаются. Пас.", ["Не стреляем."]),
])
def test_idle_in_the_shooting_phase_and_a_reason_after_a_dash_wg_def_shoot_01(line, orders):
    """WG-DEF-SHOOT-01: a figure that waits in the shooting phase does not shoot; what follows a dash
    after «не стреляем» says why, and «не стреляем» of the whole army covers it."""
    reading, got = read("shooting", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("line", "orders"), [
    ("Рыцарь не идёт на 8-6, а идёт на 8-7", ["Рыцарь идёт на 8-7."]),
    ("Рыцарь идёт не на 8-6, а на 8-7", ["Рыцарь идёт на 8-7."]),
    ("Рыцарь не стоит, а идёт на 8-6", ["Рыцарь идёт на 8-6."]),
    ("Мечник №1 не двигается, а мечник №2 идёт на 6-5", ["Мечник №1 стоит на месте.", "Мечник №2 идёт на 6-5."]),
])
def test_not_this_but_that_wg_def_move_05(line, orders):
    """WG-DEF-MOVE-05: «не A, а B» said of one figure orders B; said of two figures, each his own."""
    reading, got = read("maneuver", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize(("line", "orders"), [
    ("Лучник №1 стреляет не по шаману, а по вождю", ["Лучник №1 стреляет по вождю."]),
    ("Катапульта не по вождю, а по шаману", ["Катапульта стреляет по шаману."]),
    ("Стрелять не будем", ["Не стреляем."]),
])
def test_not_this_target_but_that_wg_def_shoot_03(line, orders):
    """WG-DEF-SHOOT-03: «не по шаману, а по вождю» shoots at the chief; it is no refusal to shoot."""
    reading, got = read("shooting", line)
    assert reading.ok, reading.problems
    assert got == orders


def test_a_hold_said_not_to_happen_asks_where_to_wg_def_move_05():
    """WG-DEF-MOVE-05: «Капитан не стоит на месте» is no hold; it is a move that names no cell."""
    reading, got = read("maneuver", "Капитан не стоит на месте")
    assert not got and {p.code for p in reading.problems} == {"read.no_dest"}
