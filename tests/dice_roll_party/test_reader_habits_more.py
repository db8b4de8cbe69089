"""More habits of forum writing the Dice Roll Party reader understands (the second strangers' round):
each test names the habit and checks the mechanism that reads it on lines of its own; the corpora
hold the strangers' lines."""

from __future__ import annotations

from test_reader_support import build, defence, errors, orders, read, soak, turn

from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Build,
    Colour,
    Defence,
    Discard,
    Reroll,
    Soak,
    SwapCharacters,
    Transfer,
    Zone,
)


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


# --- pronouns ---------------------------------------------------------------------------------------
def test_a_pronoun_stands_for_the_character_named_before_it_DRP_ATK_01():
    """«он бьёт», «бью им», «бью её Рыцарем»: the nearest character before it whose name agrees."""
    assert orders("Рыцарю 1 синий, он бьёт Молота", turn()) == [
        Add(slot=1, zone=Zone.TIME, count=1), Attack(attacker=1, target=4)]
    assert orders("Переношу 2 синих с Рыцаря на Лучницу, и она атакует Тень", turn()) == [
        Transfer(source=1, target=2, zone=Zone.TIME, lands=Zone.TIME, count=2), Attack(attacker=2, target=1)]
    assert orders("Вихрь слаб — бью его Рыцарем", turn()) == [Attack(attacker=1, target=2)]
    assert orders("Лучнице зелёный и ей же красный в атаку", turn()) == [
        Add(slot=2, zone=Zone.FORM, count=1), Add(slot=2, zone=Zone.ATTACK, count=1)]


def test_a_pronoun_for_a_thing_nearer_to_it_is_no_character_DRP_GEN_05():
    """«Рыцарь поднимает щит и бьёт им Тень»: «им» is the shield; the attack is the Knight's."""
    assert orders("Рыцарь поднимает щит и бьёт им Тень", turn()) == [Attack(attacker=1, target=1)]


def test_a_clause_that_acts_is_never_dropped_beside_another_order_DRP_GEN_05():
    """A clause of a line that names an own character with tokens and reads as nothing is an error
    with a hint, even when the rest of the line reads."""
    r = read("Рыцарю 2 синих, теперь у него 5 — он и бьёт Тень", turn())
    assert r.orders == [Add(slot=1, zone=Zone.TIME, count=2), Attack(attacker=1, target=1)]
    assert [p.code for p in errors("Рыцарь бьёт Тень. Лучнице вроде бы 2.", turn())] == ["read.unreadable_part"]
    assert [p.code for p in errors("Рыцарь 2 синих, Лучница бьёт Тень", turn())] == ["read.other_order"]


# --- negation ---------------------------------------------------------------------------------------
def test_a_boost_said_not_to_be_taken_is_not_bought_DRP_DEF_08():
    """«без контры», «страховку не беру», «контратаки не будет»: named, and not taken."""
    assert orders("Повышаю класс, без контры", defence(), "p2") == [Defence(class_up=1)]
    assert orders("Защита: класс+, превосходство. Страховку не беру.", defence(), "p2") == [
        Defence(class_up=1, superiority=True)]
    assert orders("Рыцарь → Тень, без класса, но со страховкой", turn()) == [Attack(attacker=1, target=1, insurance=True)]


def test_a_word_corrected_with_not_a_but_b_DRP_DEF_05():
    """«не преимущество, а превосходство»: the word taken back is no error."""
    assert orders("Не преимущество, а превосходство", defence(), "p2") == [Defence(superiority=True)]


def test_a_soak_said_not_to_be_paid_is_zero_DRP_DMG_03():
    assert orders("время тратить не буду", soak(), "p2") == [Soak(amount=0)]


# --- corrections ------------------------------------------------------------------------------------
def test_a_correction_replaces_the_part_of_its_shape_DRP_GEN_05():
    """«нет, …», «ой, …», «вернее …»: what follows replaces the last number, tokens, character or
    preposition with its character before it."""
    assert orders("Переношу 1 форму с П4 на П2, ой, на П1", turn()) == [
        Transfer(source=4, target=1, zone=Zone.FORM, lands=Zone.FORM, count=1)]
    assert orders("Добавляю на П1 3 синих, точнее 2 синих", turn()) == [Add(slot=1, zone=Zone.TIME, count=2)]
    assert orders("Рыцарь → Тень, вернее Молот", turn()) == [Attack(attacker=1, target=4)]
    assert orders("Гашу 2, нет, 1", soak(), "p2") == [Soak(amount=1)]


def test_a_sentence_taken_back_gives_way_to_the_next_DRP_GEN_05():
    """«…нельзя. Тогда …», «Отменяю. Лучше …»: the order before is withdrawn, the next one stands."""
    assert orders("Лучнице 2 синих. Отменяю. Лучше Рыцарю 2 синих", turn()) == [Add(slot=1, zone=Zone.TIME, count=2)]


# --- attacks told as a story or with no verb ---------------------------------------------------------
def test_a_role_play_verb_of_moving_at_an_enemy_is_an_attack_DRP_ATK_01():
    """«прыгает на», «мчится на», «пойдёт на»: an attack with an enemy to go at; a story without one."""
    assert orders("Рыцарь мчится на Молота со страховкой", turn()) == [Attack(attacker=1, target=4, insurance=True)]
    assert read("Рыцарь бежит в лес", turn()).orders == []
    assert [p.code for p in read("Рыцарь бежит в лес", turn()).problems] == ["post.no_orders"]


def test_a_look_or_a_place_beside_an_enemy_is_no_order_DRP_GEN_05():
    """«косится на Тень», «думает о Вихре», «взлетает над Тенью»: flavour, no error."""
    for line in ("Рыцарь косится на Тень, ждёт.\nРыцарь → Тень", "Рыцарь взлетает над Тенью.\nРыцарь → Тень",
                 "Страж думает о Вихре.\nРыцарь → Тень"):
        assert orders(line, turn()) == [Attack(attacker=1, target=1)]


def test_an_order_after_a_dash_or_in_a_table_row_is_read_with_no_verb_DRP_ATK_01():
    """«Рыцарь — в Молота», «Лучница мстит — стрела в Вихря!», «Лучница | атака | Вихрь»."""
    assert orders("Рыцарь — в Молота, класс+", turn()) == [Attack(attacker=1, target=4, class_up=1)]
    assert orders("Лучница мстит — стрела в Вихря!", turn()) == [Attack(attacker=2, target=2)]
    assert orders("Лучница | атака | Вихрь", turn()) == [Attack(attacker=2, target=2)]


def test_two_enemies_in_one_attack_are_asked_about_DRP_ATK_01():
    assert [p.code for p in errors("Рыцарь бьёт Вихря и Тень", turn())] == ["read.two_targets"]
    assert [p.clause for p in errors("Тень атакует Вихря", turn())] == ["DRP-ATK-01"]


# --- tables -------------------------------------------------------------------------------------------
def test_table_rows_read_in_every_step_DRP_GEN_05():
    """A header names the columns; each row reads as a line: a unit, what it does, its target, a
    soak, a sheet. The header row is flavour."""
    r = read("Персонаж | приказ | цель\nРыцарь | +2 синих |\nЛучница | атака | Тень", turn())
    assert r.ok and r.orders == [Add(slot=1, zone=Zone.TIME, count=2), Attack(attacker=2, target=1)]
    assert r.lines[0].status == "flavour"
    assert orders("№ | В | А | З | Ф\n1 | 3 | 4 | 2 | 3\n2 | 4 | 2 | 2 | 4", build()) == [
        Build(slot=1, time=3, attack=4, defence=2, form=3), Build(slot=2, time=4, attack=2, defence=2, form=4)]
    assert orders("П3 | 5 | 1 | 1 | 5 | Тролль", build()) == [Build(slot=3, time=5, attack=1, defence=1, form=5,
                                                                  name="Тролль")]
    assert orders("Усиления | гашение\nстраховка | 1", defence(), "p2") == [Defence(insurance=True, presoak=1)]


# --- builds -------------------------------------------------------------------------------------------
def test_several_builds_on_one_line_DRP_SETUP_02():
    """«Первый 3/4/2/3, второй 4/2/2/4», «1: 3-4-2-3, 2: 4-2-2-4»: each slot opens a build of its own."""
    assert orders("Первый 3/4/2/3, второй 4/2/2/4", build()) == [
        Build(slot=1, time=3, attack=4, defence=2, form=3), Build(slot=2, time=4, attack=2, defence=2, form=4)]
    assert orders("1: 3-4-2-3, 2: 4-2-2-4", build()) == [
        Build(slot=1, time=3, attack=4, defence=2, form=3), Build(slot=2, time=4, attack=2, defence=2, form=4)]


def test_sheets_with_other_separators_and_words_cut_short_DRP_SETUP_03():
    """«3\\4\\2\\3», «2-5-1-4», «врем 3 … форм 3», «Пресонаж 3» (a slip, noted)."""
    assert orders("П4: 4\\2\\2\\4", build()) == [Build(slot=4, time=4, attack=2, defence=2, form=4)]
    r = read("Пресонаж 3 — врем 3 атк 4 защ 2 форм 3", build())
    assert r.orders == [Build(slot=3, time=3, attack=4, defence=2, form=3)]
    assert {p.code for p in r.problems} == {"read.read_as"}


def test_all_the_reds_said_to_go_one_way_DRP_GAP_14():
    """«(2 в атаку, остальные в защиту)», «красных 4 все в атаку»."""
    assert orders("П2: синих 4, красных 5 (2 в атаку, остальные в защиту), зелёных 3", build()) == [
        Build(slot=2, time=4, attack=2, defence=3, form=3)]
    assert orders("П3 — В3, красных 4 все в атаку, Ф5", build()) == [Build(slot=3, time=3, attack=4, defence=0, form=5)]
