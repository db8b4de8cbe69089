"""The Kozyablo reader reads the lines the phrasing corpus found hard (issue 9): mulligan phrasings,
target lists as players write them, compound and conditional lines, spelling slips of an order
verb, and errors that carry the most specific clause."""

from __future__ import annotations

import pytest
from kz_reader_support import errors, read

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.orders import Attack, DrawCard, Move, Mulligan, PlayCard, Strike, UseAbility
from tests.phrasings.scenes_kozyablo import SCENES


def scene(name):
    return SCENES[name]()


def clauses(r):
    return [p.clause for p in r.problems if p.is_error]


# --- mulligan (KZ-DEF-MULL-01, KZ-MULL-01) ------------------------------------------------------------
@pytest.mark.parametrize(("text", "n"), [("Меняю всю руку", 6), ("Замешиваю обратно оба клича", 2),
                                         ("Меняю Позорный клич ×2", 2), ("Замешать героя и щит", 2)])
def test_mulligan_phrasings_KZ_DEF_MULL_01(text, n):
    state, me = scene("mulligan")
    r = read(text, state, me)
    assert r.ok and isinstance(r.orders[0], Mulligan) and len(r.orders[0].cards) == n


def test_a_mulligan_of_a_card_not_in_hand_is_KZ_MULL_01_and_a_story_is_flavour():
    state, me = scene("mulligan")
    assert clauses(read("Меняю Шмеля", state, me)) == ["KZ-MULL-01"]
    r = read("Ох, два клича и ни одного существа толком...\nМеняю оба клича.", state, me)
    assert r.ok and r.lines[0].status is LineStatus.FLAVOUR and len(r.orders[0].cards) == 2


# --- targets (KZ-DEF-CMB-03, KZ-DEC-04) -----------------------------------------------------------------
@pytest.mark.parametrize("text", ["Атакую в шахте-1: мечник и лучник — оба по гилену",
                                  "В шахте-1 атакую: мечник — по гилену Бориса, лучник — по гилену",
                                  "Атакую в шахте-1: мечник рубит гилена, лучник тоже"])
def test_target_lists_as_players_write_them_KZ_DEF_CMB_03(text):
    state, me = scene("main")
    r = read(text, state, me)
    assert r.ok and len(r.orders) == 1 and len(r.orders[0].picks) == 2


def test_we_strike_declares_the_attack_or_strikes_with_all_KZ_DEF_CMB_03_KZ_DEC_04():
    state, me = scene("main")
    assert read("Бьём трутней в шахте-1!", state, me).orders == [Attack(sector="gold-1")]
    state, me = scene("defend")
    r = read("Лучник → шмель, остальные по гилену", state, me)
    assert r.ok and len(r.orders) == 4 and all(isinstance(o, Strike) for o in r.orders)


def test_one_target_named_twice_is_KZ_DEF_AREA_01():
    state, me = scene("swarm")
    assert clauses(read("Рой бьёт лучника и лучника", state, me)) == ["KZ-DEF-AREA-01"]


def test_a_target_line_problem_is_shown_on_the_target_line_KZ_FLY_01():
    state, me = scene("main")
    r = read("Атакую в шахте-1.\nследопыт — в шмеля", state, me)
    assert [(p.line, p.clause) for p in r.problems if p.is_error] == [(2, "KZ-FLY-01")]
    assert r.lines[0].status is LineStatus.ERROR


def test_a_protected_target_carries_its_protection_clause_KZ_WPROT_01():
    state, me = scene("defend")
    assert clauses(read("Лучник бьёт рой", state, me)) == ["KZ-WPROT-01"]


# --- compound, conditional, pronoun ----------------------------------------------------------------------
def test_a_free_ability_then_a_strike_and_a_pronoun_KZ_ABIL_01_KZ_MOVE_01():
    state, me = scene("siege")
    r = read("Щитоносец смыкает щиты, мечник → гилен", state, me)
    assert r.ok and [type(o) for o in r.orders] == [UseAbility, Strike]
    state, me = scene("main")
    r = read("Щитоносец смыкает щиты, а потом перемещаю его в шахту-1", state, me)
    assert r.ok and [type(o) for o in r.orders] == [UseAbility, Move]


def test_a_condition_is_not_an_order_KZ_EVADE_01():
    state, me = scene("defend")
    r = read("Если по следопыту ударят — уклоняюсь, скидываю Позорный клич", state, me)
    assert r.ok and len(r.orders) == 1
    assert clauses(read("Следопыт уклоняется, сбрасываю Шмеля", state, me)) == ["KZ-EVADE-01"]


def test_two_moves_in_a_line_are_two_actions_KZ_DEF_TURN_01():
    state, me = scene("main")
    r = read("Перемещаю мечника из шахты-1 в рудник-1, а щитоносца из рудника-1 в источник-1", state, me)
    assert clauses(r) == ["KZ-DEF-TURN-01"]


# --- clauses of errors (issue 9, kind 10) -------------------------------------------------------------
@pytest.mark.parametrize(("scene_name", "text", "clause"), [
    ("main", "Перемещаю Шмеля в источник-1", "KZ-MOVE-01"),
    ("kozly", "Огненный плевок в козла-бодуна", "KZ-MAG-01"),
    ("main", "Позорный клич на отряд Бориса в шахте-1", "KZ-MAG-01"),
    ("retreat", "Пыльца на гилена", "KZ-DEF-TURN-03"),
    ("main", "Атакую в шахте-1: лучник стреляет по Шмелю №2", "KZ-DEF-CMB-05"),
    ("main", "Позорный манёвр: следопыт в Улей", "KZ-PLAY-02"),
    ("hero", "Играю Сэра Позорина в источник-1", "KZ-DEF-PLAY-01"),
    ("main", "Атакую в руднике-1", "KZ-DEF-ATK-01"),
])
def test_errors_carry_the_most_specific_clause(scene_name, text, clause):
    state, me = scene(scene_name)
    assert clause in clauses(read(text, state, me))


# --- spelling slips and short forms ------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "kind"), [("Аттакую в шахте-1", Attack), ("Беру карут", DrawCard),
                                            ("Играю Поз. лучника в ист. энергии-1", PlayCard)])
def test_a_spelling_slip_is_read_with_a_note(text, kind):
    state, me = scene("main")
    r = read(text, state, me)
    assert r.ok and [type(o) for o in r.orders] == [kind]
    assert any(p.code == "read.read_as" and not p.is_error for p in r.problems)


@pytest.mark.parametrize("text", ["Дообор", "Добро", "В «Источник энергии-2»."])
def test_an_order_with_a_typo_or_without_its_verb_is_never_flavour(text):
    state, me = scene("main")
    r = read(text, state, me)
    assert errors(r) and r.lines[0].status is LineStatus.ERROR


def test_a_typo_of_the_mulligan_verb_is_an_error_not_flavour_KZ_DEF_MULL_01():
    state, me = scene("mulligan")
    r = read("Отавляю руку.", state, me)
    assert errors(r) == ["read.unreadable_word"]
    assert read("Осставляю руку.", state, me).orders == [Mulligan()]


def test_a_list_under_a_heading_is_one_order_KZ_MOVE_01():
    state, me = scene("main")
    r = read("Перемещение:\n- из шахты-1\n- мечник, лучник\n- в рудник-1", state, me)
    assert r.ok and [type(o) for o in r.orders] == [Move] and len(r.orders[0].pieces) == 2
