"""The Dice Roll Party reader on the engine's reading core (issue 9): everyday answers, names and
words as players misspell them, compound lines and repeats, verbless frames, no silent drops."""

from __future__ import annotations

import pytest
from test_reader_support import defence, errors, orders, read, soak, turn

from rulesets.dice_roll_party.orders import Add, Attack, Defence, Shift, Soak, Transfer, Zone

RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")  # «Рыцарь», «Лучница», «Страж», unnamed


@pytest.mark.parametrize("text", ["без наворотов", "нет", "пусть так", "никаких добавок", "Обычная защита",
                                  "Без усилений, просто кидаю", "пусть решит кубик", "на ваше усмотрение"])
def test_everyday_answers_to_the_defence_are_no_boosts_DRP_DEF_02(text):
    assert orders(text, defence(), "p2") == [Defence()]


@pytest.mark.parametrize("text", ["нет", "пусть так", "Без гашения", "Принимаю", "на ваше усмотрение"])
def test_everyday_answers_to_a_soak_pay_nothing_DRP_GAP_29(text):
    assert orders(text, soak(), "p2") == [Soak(amount=0)]


def test_a_random_answer_is_the_default_with_a_note_DRP_DEF_02():
    r = read("пусть решит кубик", defence(), "p2")
    assert r.ok and [p.clause for p in r.problems] == ["DRP-DEF-02"]


@pytest.mark.parametrize("text", ["Лучнеца атакует Тень", "«Лучница» атакует «Тень»", "Лучньица атакует Тень"])
def test_names_misspelt_or_quoted_are_read(text):
    r = read(text, turn(mine=RICH))
    assert r.ok and r.orders == [Attack(attacker=2, target=1)]


def test_a_past_tense_verb_after_a_character_is_an_order():
    assert orders("П2 атаковала П1 соперника", turn(mine=RICH)) == [Attack(attacker=2, target=1)]


def test_a_compound_line_gives_every_order_in_turn():
    assert orders("Добавляю 2 синих на П3, затем П3 атакует П1 соперника", turn(mine=RICH)) == [
        Add(slot=3, zone=Zone.TIME, count=2), Attack(attacker=3, target=1)]
    assert orders("Переношу 1 синий с П2 на П3, и П3 атакует П4 соперника", turn(mine=RICH)) == [
        Transfer(source=2, target=3, zone=Zone.TIME, lands=Zone.TIME, count=1), Attack(attacker=3, target=4)]


def test_two_attacks_on_one_line_DRP_ATK_01():
    [p] = errors("П2 атакует П1 соперника, а потом П1 атакует П4 соперника", turn(mine=RICH))
    assert p.clause == "DRP-ATK-01"


def test_a_repeat_multiplies_the_count():
    assert orders("Добавляю синий на П3 два раза", turn(mine=RICH)) == [Add(slot=3, zone=Zone.TIME, count=2)]


@pytest.mark.parametrize("text, order", [
    ("Лучницей по Вихрю", Attack(attacker=2, target=2)),
    ("У П2 один красный из защиты в атаку", Shift(slot=2, source=Zone.DEFENCE, count=1)),
    ("П2 +1 форма", Add(slot=2, zone=Zone.FORM, count=1)),
])
def test_verbless_turn_lines_are_read_by_their_frame(text, order):
    assert orders(text, turn(mine=RICH)) == [order]


def test_a_line_naming_an_enemy_in_the_wrong_step_is_an_error_not_a_story_DRP_GEN_03():
    [p] = errors("Вихрь атакует Рыцаря", defence(), "p2")
    assert p.clause == "DRP-GEN-03"


def test_a_restated_state_stays_flavour():
    r = read("У П2 5 времени, у П4 — 4.\nП2 → П1 соперника", turn(mine=RICH))
    assert r.ok and r.orders == [Attack(attacker=2, target=1)]
