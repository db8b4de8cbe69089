"""Habits of forum writing the Kozyablo reader must know, each tested as a mechanism with lines of
its own (the strangers' corpora test them as written): a card said in the dative is whom an order
goes to, not who acts (KZ-DEF-REF-02); a card played on a target still in the hand.

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.orders import Move, PlayCard


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    monkeypatch.setattr(reader, "Checker", LaxChecker)


def _one(text, state, faction="a"):
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    assert len(r.orders) == 1, r.orders
    return r.orders[0]


# --- a card in the dative is whom the order goes to (KZ-DEF-REF-02) ------------------------------------
HELPER = table(hand={"a": ["pozorny_rytsar", "pozorny_shchit"]},
               pieces=[("pozorny_mechnik", "a", "gold-1"), ("ser_pozorin", "a", "capital-1")])


@pytest.mark.parametrize("text", [
    "Рыцаря — в шахту-1, к мечнику", "Рыцарь в шахту-1, мечнику на помощь", "рыцаря в шахту-1 на подмогу мечнику",
])
def test_a_card_in_the_dative_is_not_the_one_moved_KZ_DEF_REF_02(text):
    """The мечник on the table is where the рыцарь goes, not a second reading of the line: the
    рыцарь is only in the hand, so the line plays it."""
    assert _one(text, HELPER) == PlayCard(card="pozorny_rytsar", into="gold-1")


def test_a_moved_card_keeps_its_dative_companion_out_of_the_move_KZ_DEF_REF_02():
    state = table(pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "crystal-1")])
    assert _one("Лучник — в шахту-1, к мечнику", state) == Move(
        pieces=(uid(state, "pozorny_luchnik", "a"),), origin="crystal-1", dest="gold-1")


def test_the_dative_is_the_recipient_of_a_card_played_on_a_target():
    assert _one("Щит — Сэру Позорину", HELPER) == PlayCard(card="pozorny_shchit",
                                                            on=uid(HELPER, "ser_pozorin", "a"))


def test_a_card_in_both_places_stays_ambiguous_beside_a_dative_KZ_DEF_REF_02():
    state = table(hand={"a": ["pozorny_mechnik"]},
                  pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "crystal-1")])
    r = read("Мечника в рудник-1, к лучнику", state)
    assert errors(r) == ["read.play_or_move"]


# --- a card played on a target that is still in the hand ---------------------------------------------------
@pytest.mark.parametrize(("text", "clause"), [
    ("Позорный щит — на Сэра Позорина", "KZ-ART-01"), ("Играю щит на Позорина", "KZ-ART-01"),
    ("Позорный клич — на рыцаря", "KZ-MAG-01"),
])
def test_a_target_still_in_the_hand_is_an_error_not_chatter(text, clause):
    state = table(hand={"a": ["ser_pozorin", "pozorny_shchit", "pozorny_rytsar", "pozorny_klich"]})
    r = read(text, state)
    assert errors(r) == ["read.target_in_hand"]
    assert r.problems[0].clause == clause and "ещё в руке" in r.problems[0].message
