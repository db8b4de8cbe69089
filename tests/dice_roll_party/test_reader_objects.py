"""The Dice Roll Party reader, issue 9's last gaps: verbs decided by their objects, unit headers,
group actors, the handicap and auction as players say them, and chatter that must stay chatter
(each test names the clause it checks)."""

from __future__ import annotations

import pytest
from test_reader_support import errors, orders, read

from letopis.engine.text import normalise
from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Bid,
    Build,
    Handicap,
    Pass,
    Shift,
    Soak,
    Transfer,
    Zone,
)
from rulesets.dice_roll_party.reader import context_from_state
from rulesets.dice_roll_party.reader_words import analyse
from rulesets.dice_roll_party.reading.frames import BOOST, verb_reading
from tests.phrasings.scenes_dice_roll_party import SCENES


def scene(name: str):  # type: ignore[no-untyped-def]
    return SCENES[name]()


# --- verbs whose meaning depends on their objects (issue 9, kind 7) -----------------------------------
def test_going_at_an_enemy_is_an_attack_DRP_ATK_01():
    state, me = scene("turn_named")
    assert orders("Рыцарь идёт на Тень", state, me) == [Attack(attacker=1, target=1)]


def test_changing_a_red_between_attack_and_defence_is_a_shift_DRP_RES_05():
    state, me = scene("turn")
    assert orders("Меняю у П1 красный из атаки в защиту", state, me) == [Shift(slot=1, source=Zone.ATTACK, count=1)]


def test_laying_a_token_onto_another_character_is_a_transfer_DRP_RES_07():
    state, me = scene("turn")
    assert orders("Перекладываю синий с П2 на П3", state, me) == [
        Transfer(source=2, target=3, zone=Zone.TIME, lands=Zone.TIME, count=1)]


@pytest.mark.parametrize("text", ["П2 атакует П1 соперника, добавляю 2 урона",
                                  "П2 атакует П1 соперника и добавит 2 урона"])
def test_adding_damage_in_an_attack_is_its_boost_DRP_ATK_04(text):
    state, me = scene("turn")
    assert orders(text, state, me) == [Attack(attacker=2, target=1, damage=2)]


def test_a_token_taken_from_the_enemy_is_never_an_attack_DRP_RES_07():
    """A transfer only moves tokens between one's own characters (DRP-RES-07)."""
    state, me = scene("turn_named")
    [p] = errors("Переношу 1 форму с Тени на Рыцаря.", state, me)
    assert p.clause == "DRP-RES-07"


def test_two_readings_that_fit_equally_are_an_error_naming_both():
    state, me = scene("turn_named")
    r = read("Добавляю Рыцарю синий, 2 урона", state, me)
    [p] = [p for p in r.problems if p.is_error]
    assert p.code == "read.verb_ambiguous" and not r.orders
    assert "усиление атаки уроном или добавление из хранилища" in p.message


def test_the_verb_reading_keeps_the_verbs_own_kind_while_it_fits():
    state, me = scene("turn")
    ctx = context_from_state(state, me)
    items = analyse(normalise("Переношу красный из атаки П1 в защиту П2"), ctx)
    assert verb_reading(items, ctx, "v_transfer", "transfer").kind == "transfer"
    items = analyse(normalise("добавляю три урона"), ctx)
    assert verb_reading(items, ctx, "v_add", "add").kind == BOOST


# --- attacking one's own, soaking with another (more specific errors) ---------------------------------
@pytest.mark.parametrize(("scene_name", "text"), [("turn", "П2 атакует свой П1"),
                                                  ("turn_named", "Рыцарь атакует Лучницу")])
def test_attacking_ones_own_character_DRP_TURN_05(scene_name, text):
    state, me = scene(scene_name)
    [p] = errors(text, state, me)
    assert p.clause == "DRP-TURN-05"


@pytest.mark.parametrize(("scene_name", "text"), [("soak", "Гашу 1 временем П4"), ("counter_soak", "Лучница гасит 1")])
def test_soaking_with_another_character_DRP_GAP_19(scene_name, text):
    state, me = scene(scene_name)
    [p] = errors(text, state, me)
    assert p.clause == "DRP-GAP-19" and "Гашу 1 урона временем" in (p.hint or "")


def test_accepting_the_counter_is_no_soak_DRP_GAP_29():
    state, me = scene("counter_soak")
    assert orders("Ну ладно, принимаю контру", state, me) == [Soak(amount=0)]


def test_class_up_twice_DRP_GAP_15():
    state, me = scene("turn")
    [p] = errors("П2 → П1 соперника, повышаю класс дважды", state, me)
    assert p.clause == "DRP-GAP-15"


# --- unit headers (issue 9, kind 4) ---------------------------------------------------------------
@pytest.mark.parametrize(("header", "line", "expected"), [
    ("Рыцарь:", "атакую Тень, класс+", [Attack(attacker=1, target=1, class_up=1)]),
    ("[b]Рыцарь[/b]", "→ Вихрь, страхуюсь", [Attack(attacker=1, target=2, insurance=True)]),
    ("[b]Лучница[/b]:", "2 синих из хранилища", [Add(slot=2, zone=Zone.TIME, count=2)]),
])
def test_a_unit_header_gives_the_lines_below_it_their_actor_DRP_ATK_01_DRP_RES_06(header, line, expected):
    state, me = scene("turn_named")
    assert orders(f"{header}\n{line}", state, me) == expected


def test_a_blank_line_ends_a_unit_header():
    state, me = scene("turn_named")
    r = read("Рыцарь:\n\n+1 синий", state, me)
    assert not r.orders


# --- group actors (issue 9, kind 3) ------------------------------------------------------------------
def test_everyone_gets_one_DRP_RES_06():
    state, me = scene("turn")
    assert orders("Добавляю всем по зелёному", state, me) == [Add(slot=s, zone=Zone.FORM, count=1) for s in (1, 2, 3, 4)]


def test_both_listed_characters_shift_DRP_RES_05():
    state, me = scene("turn")
    assert orders("Перекладываю у П1 и П2 по красному из атаки в защиту", state, me) == [
        Shift(slot=1, source=Zone.ATTACK, count=1), Shift(slot=2, source=Zone.ATTACK, count=1)]


def test_one_time_from_each_of_three_is_one_handicap_DRP_FIRST_05():
    state, me = scene("handicap")
    assert orders("Снимаю по одному времени с П1, П2 и П4", state, me) == [Handicap(takes=((1, 1), (2, 1), (4, 1)))]


# --- setup, auction and handicap as players say them ----------------------------------------------------
def test_the_handicap_said_as_arrows_or_storage_DRP_FIRST_05():
    state, me = scene("handicap")
    assert orders("П1 → хранилище: 2 синих; П4 → хранилище: 1 синий", state, me) == [Handicap(takes=((1, 2), (4, 1)))]
    assert orders("Убираю в хранилище 3 синих с четвёртого", state, me) == [Handicap(takes=((4, 3),))]


def test_auction_words_DRP_GAP_06():
    state, me = scene("auction_open")
    assert orders("Даю фору в 1 время.", state, me) == [Bid(amount=1)]
    state, me = scene("auction_answer")
    assert orders("Не перебиваю, ходи первым.", state, me) == [Pass()]


@pytest.mark.parametrize(("text", "slot", "name"), [
    ("Первый, «Рыцарь»: 3 синих, 4 красных в атаку, 2 красных в защиту, 3 зелёных", 1, "Рыцарь"),
    ("«Лучница» (П2) — 4/2/2/4", 2, "Лучница"),
    ("Ну, П2: 6/2/1/3", 2, None),
    ("П3: 1/2/4/5 — как-то так.", 3, None),
    ("П2: 3/4/2/3 Рыцарь", 2, "Рыцарь"),
])
def test_build_lines_and_their_names_DRP_SETUP_03(text, slot, name):
    state, me = scene("build")
    [order] = orders(text, state, me)
    assert isinstance(order, Build) and order.slot == slot and order.name == name


@pytest.mark.parametrize(("scene_name", "text"), [("build", "Остальных двоих выставлю позже, думаю ещё."),
                                                  ("handicap", "Ладно, плачу за первый ход."),
                                                  ("auction_open", "Хм, сколько же поставить...")])
def test_talk_before_play_is_flavour_DRP_GEN_05(scene_name, text):
    state, me = scene(scene_name)
    r = read(text + "\n" + {"build": "П1: 3/4/2/3", "handicap": "Снимаю время: 3 с П1.",
                            "auction_open": "Ставлю 1."}[scene_name], state, me)
    assert r.ok and r.lines[0].status == "flavour"


def test_a_misspelt_skip_that_is_a_real_word_is_an_error_not_flavour():
    state, me = scene("turn_zero_time")
    [p] = errors("Попускаю ход.", state, me)
    assert p.code == "read.unreadable_word" and "пропускаю" in (p.hint or "")
    assert orders("Скип.", state, me) == orders("Пропускаю ход.", state, me)


@pytest.mark.parametrize("text", ["Лучн. атакует Тень", "Лучн. → Тень"])
def test_a_name_cut_short_with_a_dot_is_read_with_a_note_DRP_ATK_01(text):
    state, me = scene("turn_named")
    r = read(text, state, me)
    assert r.ok and r.orders == [Attack(attacker=2, target=1)]
    assert [p.code for p in r.problems] == ["read.read_as"] and "Лучница" in r.problems[0].message


@pytest.mark.parametrize(("scene_name", "text"), [("defence", "Вихрь 2 синих"), ("turn_named", "у Лучницы в атаку"),
                                                  ("handicap", "П2 по Вихрю")])
def test_an_own_character_with_an_amount_or_a_target_is_never_flavour_DRP_GEN_05(scene_name, text):
    state, me = scene(scene_name)
    r = read(text, state, me)
    assert r.lines[0].status == "error" and [p for p in r.problems if p.is_error and p.line == 1]


@pytest.mark.parametrize("text", ["у Лучницы 2 синих", "Лучница стреляет без промаха."])
def test_what_a_character_has_or_does_in_a_story_stays_flavour_DRP_GEN_05(text):
    state, me = scene("turn_named")
    r = read(text + "\nРыцарь атакует Тень", state, me)
    assert r.ok and r.lines[0].status == "flavour"


def test_a_line_whose_verb_says_something_else_is_asked_not_read_as_an_attack_DRP_ATK_01():
    """«Рыцарь смотрит на Тень» names an own character and an enemy, but its verb is no order: it is
    an error asking what was meant, never a silent attack (issue 9, kinds 1 and 7)."""
    from tests.phrasings.scenes_dice_roll_party import SCENES

    state, faction = SCENES["turn_named"]()
    for text in ("Рыцарь смотрит на Тень", "Рыцарь ненавидит Тень"):
        reading = read(text, state, faction)
        assert not reading.orders and any(p.is_error and p.line == 1 for p in reading.problems), text
    assert [o.to_text() for o in read("Рыцарь → Тень", state, faction).orders] == [
        "П1 атакует П1 соперника без усилений."]
