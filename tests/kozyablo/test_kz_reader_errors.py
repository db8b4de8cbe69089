"""Lines that look like orders but cannot be read: an error on the line, under what was typed,
with a Russian hint — never silence, never a guess."""

from __future__ import annotations

import pytest
from kz_reader_support import errors, read, statuses, table

from letopis.engine.contract import LineStatus

NAMES = {"a": "Анна", "b": "Петя", "c": "Вера"}
STATE = table(names=NAMES, hand={"a": ["pozorny_luchnik", "pozorny_klich", "ser_pozorin"]},
              pieces=[("pozorny_mechnik", "a", "crystal-1"), ("shmel", "b", "crystal-1")])


@pytest.mark.parametrize(("text", "typed", "hint"), [
    ("Атакйу в руднике-1", "Атакйу", "Может быть, «атакую»?"),
    ("Пермещаю мечника в шахту-1", "Пермещаю", "Может быть, «перемещаю»?"),
    ("Играюю лучника в шахту-1", "Играюю", "Может быть, «играю»?"),
])
def test_mistyped_order_verb_is_an_error_with_the_verb_it_looks_like(text, typed, hint):
    r = read(text, STATE)
    assert errors(r) == ["read.unreadable_word"]
    p = r.problems[0]
    assert p.message == f"Непонятное слово «{typed}»." and p.hint == hint
    assert text[p.col_start:p.col_end] == typed
    assert statuses(r) == [LineStatus.ERROR]


def test_unknown_card_has_message_hint_columns_and_clause_KZ_DEF_REF_01():
    r = read("Играю «Позорный лучнег» в шахту-1", STATE)
    assert errors(r) == ["read.unknown_card_maybe"]
    p = r.problems[0]
    assert p.message == "Нет такой карты: «Позорный лучнег» — может быть, «Позорный лучник»?"
    assert "Играю «Позорный лучнег» в шахту-1"[p.col_start:p.col_end] == "Позорный лучнег"
    r = read("Играю Шмелище в шахту-1", table(hand={"a": ["shmel"]}))
    p = r.problems[0]
    assert (p.code, p.clause, p.hint) == ("read.unknown_card_maybe", "KZ-DEF-REF-01", "Может быть, «Шмель»?")


def test_play_without_a_sector():
    r = read("Играю лучника", STATE)
    assert errors(r) == ["read.play_where"]
    assert "«Позорный лучник»" in r.problems[0].message


def test_squad_magic_without_a_squad_to_name():
    state = table(hand={"a": ["pozorny_klich"]}, pieces=[("pozorny_mechnik", "a", "gold-1"),
                                                          ("pozorny_luchnik", "a", "crystal-1")])
    assert errors(read("Играю Позорный клич", state)) == ["read.play_target"]


def test_move_needs_a_destination():
    r = read("Перемещаю мечника из рудника-1", STATE)
    assert errors(r) == ["read.move_where"]


def test_move_of_a_piece_not_in_the_named_sector():
    r = read("Перемещаю мечника из шахты-1 в рудник-2", STATE)
    assert errors(r) == ["read.move_not_there"]
    assert "«Кристаллический рудник-1»" in r.problems[0].message


def test_moving_someone_elses_piece():
    r = read("Перемещаю шмеля из рудника-1 в шахту-2", STATE)
    assert errors(r) == ["read.piece_not_own"]


def test_attack_without_a_place_when_it_is_not_clear():
    state = table(names=NAMES, pieces=[("pozorny_mechnik", "a", "crystal-1"), ("shmel", "b", "crystal-1"),
                                       ("pozorny_luchnik", "a", "gold-2"), ("dikiy_gilen", "b", "gold-2")])
    assert errors(read("Атакую!", state)) == ["read.attack_where"]
    one = table(names=NAMES, pieces=[("pozorny_mechnik", "a", "crystal-1"), ("dikiy_gilen", "b", "crystal-1")])
    assert read("Атакую!", one).orders[0].sector == "crystal-1"


def test_whose_capital_with_three_players_KZ_DEF_SECT_01():
    state = table(races=("pozorki", "trutni", "kozly"), names=NAMES, pieces=[("pozorny_mechnik", "a", "gold-1")])
    r = read("Атакую вражескую столицу", state)
    assert errors(r) == ["read.capital_whose"]
    assert "«Улей»" in r.problems[0].message and "«Козлиная гора»" in r.problems[0].message


def test_ability_the_poster_has_no_card_for_KZ_ABIL_01():
    r = read("Жирный трутень регенерирует", STATE)
    assert errors(r) == ["read.piece_missing"]
    r = read("Регенерирую", STATE)
    assert errors(r) == ["read.ability_nobody"]


def test_a_line_refused_keeps_the_rest_of_the_post():
    r = read("Перемещаю шмеля из рудника-1 в шахту-2\nИграю лучника в шахту-1", STATE)
    assert statuses(r) == [LineStatus.ERROR, LineStatus.ORDER]
    assert [o.kind for o in r.orders] == ["play"]
