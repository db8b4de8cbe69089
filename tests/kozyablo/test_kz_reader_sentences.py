"""How the Kozyablo reader takes a sentence apart (the second strangers' round): each mechanism
tested with lines of its own, not the corpus lines that showed it.

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, orders, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.data import book_for
from rulesets.kozyablo.orders import Attack, Move, PlayCard, TargetPick


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    """What a line says, whatever the rules make of it (the corpora check the rules too)."""
    monkeypatch.setattr(reader, "Checker", LaxChecker)


FIGHT = table(hand={"a": ["pozorny_rytsar"]}, pieces=[
    ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
    ("shmel", "b", "gold-1"), ("dikiy_gilen", "b", "gold-1")])


# --- brackets ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["(шмель → гилен)", "(мечник → гилен)", "(з->ао)", "( → )", "(лучник, стреляй!)"])
def test_a_clause_wholly_in_brackets_never_breaks_the_reader(text):
    """A remark in brackets is dropped from a target list; a line that is nothing but the bracketed
    part has nothing else to read, so the part is the list (it used to raise IndexError)."""
    read(text, FIGHT)


def test_a_target_list_wholly_in_brackets_is_the_list_KZ_DEF_CMB_03():
    assert orders("Атакую в шахте-1: (мечник → гилен)", FIGHT) == [Attack(sector="gold-1", picks=(
        TargetPick(striker=uid(FIGHT, "pozorny_mechnik", "a"), targets=(uid(FIGHT, "dikiy_gilen", "b"),)),))]


def test_a_bracketed_remark_beside_a_target_list_stays_a_remark_KZ_DEF_CMB_03():
    assert orders("Атакую в шахте-1: лучник → шмель (у гилена там 5 жизней)", FIGHT) == [Attack(
        sector="gold-1", picks=(TargetPick(striker=uid(FIGHT, "pozorny_luchnik", "a"),
                                           targets=(uid(FIGHT, "shmel", "b"),)),))]
    assert errors(read("(лучник → шмель)", FIGHT)) == ["read.pick_no_attack"]


# --- a sector's number said in words ------------------------------------------------------------------
ROAD = table(hand={"a": ["pozorny_rytsar"]}, pieces=[("pozorny_shchitonosets", "a", "crystal-1")])
ROAD_BOOK = book_for(ROAD)


@pytest.mark.parametrize(("text", "expected"), [
    ("Щитоносец идёт из рудника один в шахту два", Move),
    ("Рыцаря в шахту два", PlayCard),
    ("выставляю рыцаря в золотую шахту один, пусть сторожит", PlayCard),
])
def test_a_sector_number_in_words_after_its_name_KZ_DEF_SECT_01(text, expected):
    got = orders(text, ROAD)
    assert [type(o) for o in got] == [expected]
    dest = got[0].dest if expected is Move else got[0].into
    assert dest == ("gold-2" if "два" in text else "gold-1")


def test_a_number_word_before_a_card_counts_the_card_not_the_sector_KZ_DEF_SECT_01():
    """«в шахте-1 два шмеля»: «два» counts what follows it; only a number word with no name after
    it is the sector's number."""
    from rulesets.kozyablo.reader_words import words_for

    words = words_for(ROAD_BOOK)
    place = next(it for it in words.scan("в шахту два шмеля") if it.kind == "name")
    assert place.number is None
    place = next(it for it in words.scan("в шахту два, к шмелю") if it.kind == "name")
    assert place.number == 2


def test_moving_out_of_a_sector_the_creature_is_not_in_is_refused_by_the_move_rule_KZ_MOVE_01():
    r = read("Перевожу щитоносца из шахты-1 в шахту-2", ROAD)
    assert errors(r) == ["read.move_not_there"]
    assert r.problems[0].clause == "KZ-MOVE-01"
