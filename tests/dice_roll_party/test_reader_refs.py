"""Checklist §3.2: how characters, colours, numbers and boosts are referred to, in every variant."""

from __future__ import annotations

import pytest
from test_reader_support import build, defence, errors, orders, read, soak, turn

from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Defence,
    Discard,
    Reroll,
    Shift,
    SwapStorage,
    Transfer,
    Zone,
)

RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")  # «Рыцарь», «Лучница», «Страж», unnamed
P2_ATTACKS_P1 = [Attack(attacker=2, target=1)]


@pytest.mark.parametrize("text", [
    "П2 атакует П1", "П 2 атакует П 1", "перс. 2 атакует П1", "Персонаж №2 атакует П1", "персонаж 2 атакует П1",
    "#2 атакует П1", "2-й атакует П1 соперника", "Второй атакует первого", "P2 атакует П1",
    "Лучница атакует Тень", "Лучницей атакую Тень", "Атакую Тень Лучницей",
])
def test_own_character_by_slot_number_ordinal_or_inflected_name(text):
    assert orders(text, turn(mine=RICH)) == P2_ATTACKS_P1


@pytest.mark.parametrize("text", [
    "П3 бьёт П1 соперника", "П3 бьёт П1 противника", "П3 бьёт П1 врага", "П3 бьёт вражеского П1",
    "П3 бьёт вражеский П1", "П3 бьёт П1 Бориса", "П3 бьёт его П1", "П3 бьёт вражеского персонажа №1",
    "П3 бьёт Тень", "П3 бьёт Тень Бориса",
])
def test_opponents_character_every_way(text):
    assert orders(text, turn(mine=RICH)) == [Attack(attacker=3, target=1)]


@pytest.mark.parametrize("text", ["П3 → П1", "П3 -> П1", "П3 > П1", "П3 => П1", "П3 —> П1", "Атака: П3 → П1",
                                  "[b]Атака:[/b] П3 → П1"])
def test_arrow_forms_DRP_ATK_01(text):
    assert orders(text, turn(mine=RICH)) == [Attack(attacker=3, target=1)]


@pytest.mark.parametrize("text", ["Атакую П1 врага своим П3", "Атакую П1 противника своим П3",
                                  "Своим П3 атакую П1 соперника", "Стражем атакую П1", "Атакую первого третьим"])
def test_word_order_varies_DRP_ATK_01(text):
    """DRP-ATK-01: the attacker is one's own character, the target the opponent's, whatever the order."""
    assert orders(text, turn(mine=RICH)) == [Attack(attacker=3, target=1)]


def test_same_name_on_both_sides_is_settled_by_the_marker():
    s = turn(mine=RICH, names=("Рыцарь", "Лучница", "Страж", None), their_names=("Рыцарь", None, None, None))
    assert orders("Лучница бьёт Рыцаря соперника", s) == P2_ATTACKS_P1
    assert orders("Своим Рыцарем бью Рыцаря Бориса", s) == [Attack(attacker=1, target=1)]


def test_a_name_two_of_my_characters_share_is_ambiguous():
    s = turn(mine=RICH, names=("Рыцарь", "Рыцарь", None, None))
    [problem] = errors("Рыцарь атакует П1", s)
    assert (problem.code, problem.kind) == ("read.char_ambiguous", "ambiguous")


def test_the_attacker_may_go_unnamed_when_only_one_can_attack_DRP_ATK_01():
    s = turn(mine=("0/4/2/6", "3/2/2/5", "0/6/0/6", "0/1/1/10"))
    r = read("Атакую П1 соперника", s)
    assert r.ok and r.orders == [Attack(attacker=2, target=1)]
    assert [p.code for p in r.problems] == ["read.attacker_inferred"]


def test_an_unnamed_attacker_among_several_is_ambiguous_DRP_ATK_01():
    [problem] = errors("Атакую П1 соперника", turn(mine=RICH))
    assert (problem.code, problem.kind, problem.clause) == ("read.attacker_ambiguous", "ambiguous", "DRP-ATK-01")


def test_the_target_may_go_unnamed_when_one_is_left_DRP_TURN_05():
    s = turn(mine=RICH, theirs=(None, "2/3/3/4", None, None))
    r = read("Бью своим П2", s)
    assert r.ok and r.orders == [Attack(attacker=2, target=2)]


# --- colours, roles, numbers ------------------------------------------------------------------------
@pytest.mark.parametrize("text, zone, count", [
    ("Добавляю 2 синих на П1", Zone.TIME, 2),
    ("Добавляю 2 син. на П1", Zone.TIME, 2),
    ("Добавляю два синих на П1", Zone.TIME, 2),
    ("Добавляю пару синих на П1", Zone.TIME, 2),
    ("Добавляю 2 времени на П1", Zone.TIME, 2),
    ("Добавляю три зелёных на П1", Zone.FORM, 3),
    ("Добавляю 3 зеленых на П1", Zone.FORM, 3),
    ("Добавляю 3 зел. на П1", Zone.FORM, 3),
    ("Добавляю 1 форму на П1", Zone.FORM, 1),
    ("Добавляю красный в атаку на П1", Zone.ATTACK, 1),
    ("Добавляю 2 кр. в защиту на П1", Zone.DEFENCE, 2),
    ("Добавляю 2 красн. в защиту на П1", Zone.DEFENCE, 2),
    ("Добавляю одну атаку на П1", Zone.ATTACK, 1),
    ("Добавляю 1 потенциал защиты на П1", Zone.DEFENCE, 1),
    ("Кладу двух синих на П1", Zone.TIME, 2),
    ("Добавить: хранилище → П1, синий ×2", Zone.TIME, 2),
])
def test_colours_roles_and_numbers(text, zone, count):
    assert orders(text, turn(mine=RICH)) == [Add(slot=1, zone=zone, count=count)]


def test_several_tokens_in_one_line_make_several_orders():
    assert orders("Добавляю 2 синих и 1 зелёный на П3", turn(mine=RICH)) == [
        Add(slot=3, zone=Zone.TIME, count=2), Add(slot=3, zone=Zone.FORM, count=1)]


@pytest.mark.parametrize("text", ["Перекладываю у П1 2 красных в защиту", "Перекладываю 2 красных у П1 из атаки в защиту",
                                  "П1: атака → защита, 2 шт.", "Сдвигаю у П1 два токена из атаки в защиту"])
def test_shift_variants_DRP_RES_05(text):
    assert orders(text, turn(mine=RICH)) == [Shift(slot=1, source=Zone.ATTACK, count=2)]


@pytest.mark.parametrize("text", ["Переношу 1 форму с П4 на П2", "Перемещаю зелёный с П4 на П2", "Двигаю зел. с П4 на П2",
                                  "П4 → П2: 1 форма", "Передаю П2 один зелёный от П4", "Переношу 1 зелёный с П4 на П2."])
def test_transfer_variants_DRP_RES_07(text):
    assert orders(text, turn(mine=RICH)) == [Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM)]


def test_transfer_of_red_keeps_or_names_its_zone_DRP_GAP_14():
    """DRP-GAP-14: a transferred red token lands in its own zone unless the post names the other."""
    s = turn(mine=("3/4/0/3", "5/3/2/2", "3/3/3/3", "4/1/1/6"))
    assert orders("Переношу красный с П1 на П2", s) == [
        Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.ATTACK)]
    assert orders("Переношу 1 атаку с П1 на П2 в защиту", s) == [
        Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.DEFENCE)]


def test_swap_with_storage_variants_DRP_RES_06():
    s = turn(mine=RICH)
    assert orders("Меняю 2 зелёных у П4 на 2 синих из хранилища", s) == [
        SwapStorage(slot=4, give=Zone.FORM, take=Zone.TIME, count=2)]
    assert orders("Меняю у П1 зелёный на красный в атаку из хранилища", s) == [
        SwapStorage(slot=1, give=Zone.FORM, take=Zone.ATTACK, count=1)]


def test_reroll_from_storage_and_characters_DRP_RES_09():
    s = turn(mine=RICH)
    assert orders("Сбрасываю в мешок 1 синий с П1, 1 зелёный из хранилища, добираю 2", s) == [
        Reroll(discards=(Discard(slot=1, zone=Zone.TIME), Discard(colour="green")))]


# --- boosts ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("words, boosts", [
    ("класс+", {"class_up": 1}), ("+класс", {"class_up": 1}), ("повышаю класс", {"class_up": 1}),
    ("дайс выше", {"class_up": 1}), ("+2 урона", {"damage": 2}), ("урон +2", {"damage": 2}),
    ("2 времени в урон", {"damage": 2}), ("+1 к урону", {"damage": 1}), ("страховка", {"insurance": True}),
    ("подстраховка", {"insurance": True}), ("страхую", {"insurance": True}), ("подстраховываюсь", {"insurance": True}),
    ("превосходство", {"superiority": True}), ("два броска", {"superiority": True}),
    ("кидаю дважды", {"superiority": True}), ("класс+, страховка, урон +1", {"class_up": 1, "insurance": True, "damage": 1}),
])
def test_attack_boost_synonyms_DRP_ATK_07(words, boosts):
    s = turn(mine=("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6"))
    assert orders(f"П2 атакует П1: {words}", s) == [Attack(attacker=2, target=1, **boosts)]


@pytest.mark.parametrize("words, boosts", [
    ("контра", {"counter": True}), ("контратака", {"counter": True}), ("класс+", {"class_up": 1}),
    ("страхую", {"insurance": True}), ("кидаю дважды", {"superiority": True}),
])
def test_defence_boost_synonyms_DRP_DEF_08(words, boosts):
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders(f"Защита: {words}", s, "p2") == [Defence(**boosts)]


def test_counterattack_said_as_a_verb_DRP_DEF_06():
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders("Контратакую!", s, "p2") == [Defence(counter=True)]


def test_absorption_is_accepted_with_a_note_DRP_GAP_18():
    """DRP-GAP-18 (a): absorption is automatic; naming it is accepted with a note."""
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    r = read("Защита: поглощение, страховка", s, "p2")
    assert r.ok and r.orders == [Defence(insurance=True, absorb_named=True)]
    [n] = r.problems
    assert (n.severity, n.code, n.clause) == ("note", "read.absorb_note", "DRP-GAP-18")


def test_advantage_in_a_boost_list_suggests_superiority_DRP_ATK_06():
    """«преимущество» is the aspect term; in a boosts list it is an error with a hint."""
    [problem] = errors("П2 атакует П1: класс+, преимущество", turn(mine=RICH))
    assert problem.code == "read.advantage" and problem.hint == "может быть, «превосходство»?"
    assert problem.clause == "DRP-ATK-06"
    [problem] = errors("Защита: преимущество", defence(), "p2")
    assert problem.hint == "может быть, «превосходство»?"


def test_opponents_named_in_the_genitive_with_several_opponents_DRP_GAP_27():
    """DRP-GAP-27: «П2 атакует П3 Веры Павловны» names whose character is attacked."""
    s = turn(mine=RICH, third=("3/3/3/3",) * 4)
    s.players["p3"].name = "Вера Павловна"
    assert orders("П2 атакует П3 Веры Павловны", s) == [Attack(attacker=2, target=3, target_faction="p3")]
    s.players["p3"].name = "Dark_Knight"
    assert orders("П2 атакует П3 Dark_knight", s) == [Attack(attacker=2, target=3, target_faction="p3")]
    assert orders("П2 атакует П3 Бориса", s) == [Attack(attacker=2, target=3, target_faction="p2")]


# --- terse and loose phrasings players use -----------------------------------------------------------
@pytest.mark.parametrize("text, order", [
    ("+1 синий на П2", Add(slot=2, zone=Zone.TIME)),
    ("Синий на П2", Add(slot=2, zone=Zone.TIME)),
    ("П2: +2 синих из хранилища", Add(slot=2, zone=Zone.TIME, count=2)),
    ("2 синих из хранилища на П3", Add(slot=3, zone=Zone.TIME, count=2)),
    ("Из хранилища на П2: 2 синих", Add(slot=2, zone=Zone.TIME, count=2)),
    ("Фаза 1: добавляю 1 синий на П2.", Add(slot=2, zone=Zone.TIME)),
    ("Переношу с П4 на П2 1 форму", Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM)),
    ("Сдвиг у П3: 1 из атаки в защиту", Shift(slot=3, source=Zone.ATTACK)),
    ("Реролл: 2 красных из хранилища", Reroll(discards=(Discard(colour="red", count=2),))),
    ("Бью Лучницей по Вихрю", Attack(attacker=2, target=2)),
    ("Атакую П1 соперника персонажем 2", Attack(attacker=2, target=1)),
    ("П2 атакует П1 (класс+, страховка)", Attack(attacker=2, target=1, class_up=1, insurance=True)),
    ("П2 атакует П1 на 2 урона", Attack(attacker=2, target=1, damage=2)),
])
def test_loose_phrasings(text, order):
    assert orders(text, turn(mine=RICH)) == [order]


def test_first_person_attack_names_only_the_target():
    """«Атакую П1»: with a first-person verb the one reference is the target (DRP-ATK-01)."""
    s = turn(mine=("0/4/2/6", "3/2/2/5", "0/6/0/6", "0/1/1/10"))
    assert orders("Атакую П1, урон +2", s) == [Attack(attacker=2, target=1, damage=2)]


@pytest.mark.parametrize("text, order", [
    ("Защищаюсь. Страховка и контра.", Defence(insurance=True, counter=True)),
    ("Страховка, контратака", Defence(insurance=True, counter=True)),
    ("Беру класс+ и страховку", Defence(class_up=1, insurance=True)),
    ("Защита: класс+ и превосходство, гашу 1 если пробьёт", Defence(class_up=1, superiority=True, presoak=1)),
])
def test_loose_defences(text, order):
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders(text, s, "p2") == [order]


@pytest.mark.parametrize("text, amount", [("Гашу одним временем", 1), ("Не гашу", 0), ("1", 1),
                                          ("Закрываю 1 урона временем", 1), ("Плачу временем: 2", 2)])
def test_loose_soaks(text, amount):
    from rulesets.dice_roll_party.orders import Soak

    assert orders(text, soak(), "p2") == [Soak(amount=amount)]


@pytest.mark.parametrize("text, name", [
    ("1) В3 А4 З2 Ф3 Рыцарь", "Рыцарь"), ("П1: время 3, атака 4, защита 2, форма 3 (Тень)", "Тень"),
    ("Слот 1: 3/4/2/3 — Молот", "Молот"), ("П1 «Искра»: В3 А4 З2 Ф3", "Искра"),
    ("Персонаж 1 Страж: время 3, атака 4, защита 2, форма 3", "Страж"), ("П1 — 3/4/2/3", None),
])
def test_names_beside_sheets_DRP_SETUP_03(text, name):
    from rulesets.dice_roll_party.orders import Build

    assert orders(text, build()) == [Build(slot=1, time=3, attack=4, defence=2, form=3, name=name)]


@pytest.mark.parametrize("text, order_text", [("2 времени", "Ставлю 2 времени."), ("Ставлю 0.", "Ставлю 0 времени."),
                                              ("Пасую", "Пас."), ("Поднимаю до 2", "Ставлю 2 времени.")])
def test_loose_bids_DRP_GAP_06(text, order_text):
    from test_reader_support import auction

    [order] = orders(text, auction())
    assert order.to_text() == order_text
