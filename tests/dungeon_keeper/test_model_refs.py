"""Unit numbering and references (DK-UNIT-07, DK-GAP-15)."""

from __future__ import annotations

from rulesets.dungeon_keeper import refs

from .dk_model_factory import area, blank, put


def test_numbers_per_category_and_never_reused_DK_GAP_15_DK_UNIT_07():
    s = blank()
    assert refs.take_number(s, "p1", "imp") == (1, "p1:i1")
    assert refs.take_number(s, "p1", "imp") == (2, "p1:i2")
    assert refs.take_number(s, "p1", "bes") == (1, "p1:m1")
    assert refs.next_number(s, "p1", "imp") == 3
    assert refs.take_number(s, "p2", "imp") == (1, "p2:i1")
    # a dead imp's number is never handed out again: the counter only grows
    assert refs.take_number(s, "p1", "imp") == (3, "p1:i3")


def test_single_sequence_numbering_DK_GAP_15():
    s = blank(unit_numbering="single_sequence")
    assert refs.take_number(s, "p1", "imp") == (1, "p1:u1")
    assert refs.take_number(s, "p1", "bes") == (2, "p1:u2")
    assert refs.next_number(s, "p1", "imp") == 3


def test_labels_name_the_owner_only_for_others():
    s = blank(area(1, 1, 3, 3))
    mine = put(s, "p1:m2", "bes", "p1", (1, 1), number=2)
    theirs = put(s, "p2:m2", "bes", "p2", (1, 2), number=2)
    hero = put(s, "hero", "hero", None, (1, 3), number=0)
    assert refs.unit_text(s, mine, "p1", capital=True) == "Бес №2"
    assert refs.unit_text(s, theirs, "p1", "acc") == "беса №2 (Лилит)"
    assert refs.unit_text(s, hero, "p1", "acc") == "Героя"


def test_kind_words_in_any_case_and_alias_DK_GAP_78():
    assert refs.kind_of_word("импа") == "imp"
    assert refs.kind_of_word("Бесов") == "bes"
    assert refs.kind_of_word("кадёта") == "kadet"
    assert refs.kind_of_word("осадному зверю") == "siege_beast"
    assert refs.kind_of_word("гнома") == "gnome"
    assert refs.kind_of_word("юнит") is None


def test_owner_names_in_any_case():
    s = blank(players=("Ваал", "Лилия", "Игорь"))
    assert refs.owner_of_word(s, "Ваала") == "p1"
    assert refs.owner_of_word(s, "ваалу") == "p1"
    assert refs.owner_of_word(s, "Лилии") == "p2"
    assert refs.owner_of_word(s, "Игоря") == "p3"
    assert refs.owner_of_word(s, "мой", poster="p3") == "p3"
    assert refs.owner_of_word(s, "Астарот") is None


def _setup_units():
    s = blank(area(1, 1, 5, 5))
    put(s, "p1:i1", "imp", "p1", (1, 1))
    put(s, "p1:i3", "imp", "p1", (1, 2), number=3)
    put(s, "p1:m2", "grasdir", "p1", (2, 2), number=2, history=["bes"])
    put(s, "p2:m2", "bes", "p2", (3, 3), number=2)
    put(s, "p2:i1", "imp", "p2", (4, 4))
    put(s, "hero", "hero", None, (5, 5), number=0)
    return s


def test_find_own_unit_by_kind_and_number():
    s = _setup_units()
    (m,) = refs.find_units(s, "p1", kind="imp", number=3)
    assert m.unit.id == "p1:i3" and not m.former
    assert [x.unit.id for x in refs.find_units(s, "p1", kind="imp")] == ["p1:i1", "p1:i3"]
    assert refs.find_units(s, "p1", kind="imp", number=7) == []


def test_former_kind_still_finds_the_unit_with_a_flag_DK_GAP_15():
    s = _setup_units()
    (m,) = refs.find_units(s, "p1", kind="bes", number=2)
    assert m.unit.id == "p1:m2" and m.former


def test_enemy_units_by_owner_or_cell():
    s = _setup_units()
    (m,) = refs.find_units(s, "p1", kind="bes", number=2, owner="p2")
    assert m.unit.id == "p2:m2"
    (m,) = refs.find_units(s, "p1", kind="imp", cell=(4, 4))
    assert m.unit.id == "p2:i1"
    (m,) = refs.find_units(s, "p1", cell=(3, 3))
    assert m.unit.id == "p2:m2"
    both = refs.find_units(s, "p1", kind="imp", number=1, any_owner=True)
    assert [x.unit.id for x in both] == ["p1:i1", "p2:i1"]  # own first: the reader lists candidates


def test_hero_and_gnome_by_kind_alone():
    s = _setup_units()
    (m,) = refs.find_units(s, "p1", kind="hero")
    assert m.unit.id == "hero"
    assert refs.find_units(s, "p1", kind="gnome") == []


def test_subjugated_unit_answers_to_its_controller_DK_GAP_60():
    s = _setup_units()
    s.units["p2:m2"].controller = "p1"
    ids = [m.unit.id for m in refs.find_units(s, "p1", kind="bes")]
    assert "p2:m2" in ids
