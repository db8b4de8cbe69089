"""The Kozyablo reader on the shared reading core (issue 9): everyday answers, verbless frames,
compound lines, names with typos, «снимаю» decided by its objects, no silent drops."""

from __future__ import annotations

import pytest
from kz_reader_support import errors, read

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.orders import Decline, DrawCard, Move, Mulligan, PlayCard
from tests.phrasings.scenes_kozyablo import SCENES


def scene(name):
    return SCENES[name]()


@pytest.mark.parametrize("text", ["без наворотов", "пусть так", "нет", "пусть решит кубик", "на ваше усмотрение",
                                  "Никаких добавок!", "Без наворотов, бьём как получится", "Не применяю"])
def test_everyday_answers_leave_a_combat_to_its_defaults_KZ_DEC_03(text):
    state, me = scene("defend")
    r = read(text, state, me)
    assert r.ok and r.orders == [Decline(what="react")], [p.render() for p in r.problems]


def test_an_everyday_answer_keeps_the_hand_in_the_mulligan_KZ_DEC_01():
    state, me = scene("mulligan")
    assert read("пусть так", state, me).orders == [Mulligan()]


def test_a_post_of_chatter_names_the_step_and_an_example_from_the_own_hand_KZ_DEC_03():
    state, me = scene("defend")
    r = read("Ну-ну, посмотрим", state, me)
    assert errors(r) == ["post.no_orders"] and r.problems[0].clause == "KZ-DEC-03"
    assert "«Позорный мечник» бьёт" in r.problems[0].hint


def test_arrow_to_a_sector_is_a_move_KZ_MOVE_01():
    state, me = scene("main")
    r = read("Щитоносец ⇒ Источник-1", state, me)
    assert r.ok and [type(o) for o in r.orders] == [Move]


def test_two_pieces_to_a_sector_move_one_in_hand_and_on_table_is_ambiguous_KZ_DEF_REF_02():
    state, me = scene("main")
    for text in ("Мечник — в рудник-1", "Мечник и лучник — в рудник-1"):
        r = read(text, state, me)
        assert errors(r) == ["read.play_or_move"] and r.problems[0].clause == "KZ-DEF-REF-02", text


def test_a_verbless_strike_in_a_combat_KZ_DEC_04():
    state, me = scene("defend")
    r = read("Мечник и щитоносец — оба по гилену", state, me)
    assert r.ok and len(r.orders) == 2


def test_the_second_clause_of_a_compound_line_is_a_second_action_KZ_DEF_TURN_01():
    state, me = scene("main")
    r = read("Играю лучника в источник-1, затем атакую в шахте-1", state, me)
    assert [(p.code, p.clause) for p in r.problems if p.is_error] == [("read.second_action", "KZ-DEF-TURN-01")]
    assert r.orders == [PlayCard(card="pozorny_luchnik", into="mana-1")]


def test_a_typo_in_a_name_is_read_with_a_note_KZ_DEF_REF_01():
    state, me = scene("kozly")
    r = read("Слово Литаро на латника", state, me)
    assert r.ok and len(r.orders) == 1
    assert [p.code for p in r.problems] == ["read.read_as"] and "Литаро" in r.problems[0].message


def test_snimayu_is_decided_by_its_objects_or_lists_both_readings_KZ_DEF_REF_02():
    state, me = scene("main")
    assert read("Снимаю верхнюю карту с колоды", state, me).orders == [DrawCard()]
    assert [type(o) for o in read("Снимаю следопыта с шахты и ставлю в источник-1", state, me).orders] == [Move]
    r = read("Снимаю лучника", state, me)
    assert errors(r) == ["read.two_readings"] and " или " in r.problems[0].message


def test_restating_the_table_stays_flavour():
    state, me = scene("trutni")
    r = read("У меня в шахте-2 шмель и трутень, у Анны — щитоносец в столице.\nБеру карту", state, me)
    assert r.ok and r.lines[0].status is LineStatus.FLAVOUR
