"""How the Kozyablo reader takes a sentence apart (the second strangers' round): each mechanism
tested with lines of its own, not the corpus lines that showed it.

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import errors, orders, read, table, uid

from rulesets.kozyablo.orders import Attack, TargetPick

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
