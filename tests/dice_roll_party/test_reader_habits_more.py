"""More habits of forum writing the Dice Roll Party reader understands (the second strangers' round):
each test names the habit and checks the mechanism that reads it on lines of its own; the corpora
hold the strangers' lines."""

from __future__ import annotations

from test_reader_support import errors, orders, turn

from rulesets.dice_roll_party.orders import Add, Attack, Colour, Discard, Reroll, SwapCharacters, Zone


# --- clauses never lose an item ---------------------------------------------------------------------
def test_a_short_form_ending_the_line_keeps_its_dot_DRP_RES_08():
    """«зел.», «Мол.»: a word cut short at the end of a clause is still part of it."""
    assert orders("П4 +1 син.", turn()) == [Add(slot=4, zone=Zone.TIME, count=1)]
    assert orders("Лучн. → Тен.", turn()) == [Attack(attacker=2, target=1)]


# --- two orders on one line, joined by a bare comma or «и» ------------------------------------------
def test_an_add_before_a_comma_is_an_order_of_its_own_DRP_RES_08():
    """«Лучнице 2 зелёных, Лучница бьёт Вихря»: the add is read, not swallowed by the attack."""
    assert orders("Лучнице 2 зелёных, Лучница бьёт Вихря", turn()) == [
        Add(slot=2, zone=Zone.FORM, count=2), Attack(attacker=2, target=2)]
    assert orders("Добавляю Рыцарю 2 синих, Лучнице 1 зелёный", turn()) == [
        Add(slot=1, zone=Zone.TIME, count=2), Add(slot=2, zone=Zone.FORM, count=1)]


def test_an_add_before_a_skip_is_judged_with_it_DRP_GAP_20():
    """«Кладу зелёный Рыцарю и пропускаю ход»: the skip is judged after the add, not alone."""
    assert [p.clause for p in errors("Кладу зелёный Рыцарю и пропускаю ход", turn())] == ["DRP-GAP-20"]


def test_talk_before_an_order_is_cut_off_DRP_GEN_05():
    """«Если лимита хватит, …», «Страж отдыхает, …»: talk with no order of its own before a comma
    leaves the order after it whole."""
    assert orders("Ладно, раз так, Рыцарю 2 синих", turn()) == [Add(slot=1, zone=Zone.TIME, count=2)]
    assert orders("Страж отдыхает, Лучнице 1 синий и Лучница бьёт Вихря", turn()) == [
        Add(slot=2, zone=Zone.TIME, count=1), Attack(attacker=2, target=2)]
    assert orders("Рыцарь вздыхает и идёт на Тень", turn()) == [Attack(attacker=1, target=1)]


def test_objects_of_one_order_are_not_cut_apart_DRP_RES_09():
    """«2 красных и 1 зелёный из хранилища», «синий П1 ↔ красный П3, на П3 — в атаку»: joints that
    list what one order moves."""
    r = orders("Сбрасываю 2 красных и 1 зелёный из хранилища, добираю 3", turn())
    assert r == [Reroll(discards=(Discard(colour=Colour.RED, count=2), Discard(colour=Colour.GREEN, count=1)))]
    assert orders("Обмен между П1 и П2: синий П1 ↔ красный (атака) П2, на П1 — в защиту", turn()) == [
        SwapCharacters(a=1, a_zone=Zone.TIME, b=2, b_zone=Zone.ATTACK, a_lands=Zone.TIME, b_lands=Zone.DEFENCE)]
