"""How posts name cards, copies, owners, sectors and capitals (KZ-DEF-REF-01/02, KZ-GAP-43/44,
KZ-DEF-SECT-01, KZ-GAP-05/06).

What a name *means* is tested here with a checker that accepts every order (the legal versions of
whole posts are in test_reader_posts.py). Seats: a = Анна (Позорки, the poster), b = Петя
(Трутни), c = Вера (Козлы).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.orders import Attack, Move, PlayCard, TargetPick

NAMES = {"a": "Анна", "b": "Петя", "c": "Вера"}


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    monkeypatch.setattr(reader, "Checker", LaxChecker)


def _one(text, state, faction="a"):
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    assert len(r.orders) == 1, r.orders
    return r.orders[0]


# --- card names in any case, quotes, ё/е, word order, short forms (KZ-DEF-REF-01) ------------------------
HAND = table(races=("pozorki", "trutni", "kozly"), names=NAMES,
             hand={"a": ["pozorny_mechnik", "kozel_bodun", "cherny_kozel", "koroleva_zhuzha", "velikiy_kozloduy"]})


@pytest.mark.parametrize("name", [
    "Позорного мечника", "позорного мечника", "ПОЗОРНОГО МЕЧНИКА", "«Позорный мечник»", "\"Позорный мечник\"",
    "„Позорный мечник“", "мечника позорного", "мечник позорный", "мечника", "Мечник",
])
def test_card_names_any_case_quotes_order_and_short_form_KZ_DEF_REF_01(name):
    assert _one(f"Играю {name} в шахту-1", HAND) == PlayCard(card="pozorny_mechnik", into="gold-1")


@pytest.mark.parametrize(("name", "card"), [
    ("Козла-бодуна", "kozel_bodun"), ("козёл-бодун", "kozel_bodun"), ("козел бодун", "kozel_bodun"),
    ("бодуна", "kozel_bodun"), ("Чёрного козла", "cherny_kozel"), ("черного козла", "cherny_kozel"),
    ("Королеву Жужу", "koroleva_zhuzha"), ("Жужу", "koroleva_zhuzha"),
    ("Великого Козлодуя", "velikiy_kozloduy"), ("Козлодуя", "velikiy_kozloduy"),
])
def test_inflected_hyphenated_and_e_yo_names_KZ_DEF_REF_01(name, card):
    """Declined names the dictionary does not know («Козлодуя», «Жужу»), hyphenated names with the
    first part declined («Козла-бодуна»), and ё written as е."""
    assert _one(f"Играю {name} в шахту-1", HAND).card == card


def test_short_form_must_be_unique_where_used_KZ_DEF_REF_01():
    """«козла» fits both Козёл-бодун and Чёрный козёл in the hand: ambiguous, with the options."""
    r = read("Играю козла в шахту-1", HAND)
    assert errors(r) == ["read.card_ambiguous"]
    assert "Козёл-бодун" in r.problems[0].message and "Чёрный козёл" in r.problems[0].message


def test_a_name_one_letter_off_is_read_with_a_note_KZ_DEF_REF_01():
    """Issue 9: a typo of one or two letters is accepted, with a note that says what it was read as."""
    state = table(hand={"a": ["shmel"]})
    r = read("Играю Шмэль в шахту-1", state)
    assert r.ok and r.orders == [PlayCard(card="shmel", into="gold-1")]
    assert [(p.code, p.message) for p in r.problems] == [("read.read_as", "«Шмэль» прочитано как «Шмель».")]
    assert (r.problems[0].col_start, r.problems[0].col_end) == (6, 11)


def test_unknown_card_suggests_the_nearest_name_KZ_DEF_REF_01():
    """A name too far from any card is an error with a hint: «Нет такой карты: … — может быть, «Шмель»?»."""
    state = table(hand={"a": ["shmel"]})
    r = read("Играю Шмелище в шахту-1", state)
    assert errors(r) == ["read.unknown_card_maybe"]
    assert r.problems[0].message == "Нет такой карты: «Шмелище» — может быть, «Шмель»?"


# --- copies and owners (KZ-DEF-REF-01, KZ-GAP-44) --------------------------------------------------------
MIRROR = table(races=("trutni", "trutni"), names=NAMES, hand={"a": ["ogenny_plevok", "pyltsa"]}, pieces=[
    ("shmel", "a", "gold-1"), ("shmel", "a", "gold-1"), ("shmel", "b", "gold-1"), ("shmel", "b", "gold-2"),
    ("dikiy_gilen", "a", "gold-1"), ("dikiy_gilen", "b", "gold-1")])


def test_copies_are_numbered_per_owner_KZ_GAP_44():
    """«Шмель №2» is the poster's second Шмель in order of entering play."""
    assert _one("Перемещаю Шмеля №2 из шахты-1 в рудник-1", MIRROR) == Move(
        pieces=(uid(MIRROR, "shmel", "a", 2),), origin="gold-1", dest="crystal-1")
    assert _one("Перемещаю второго шмеля из шахты-1 в рудник-1", MIRROR).pieces == (uid(MIRROR, "shmel", "a", 2),)


def test_unnumbered_copy_is_ambiguous_KZ_GAP_44():
    r = read("Перемещаю шмеля из шахты-1 в рудник-1", MIRROR)
    assert errors(r) == ["read.piece_ambiguous"]
    assert "«Шмель №1»" in r.problems[0].message and "«Шмель №2»" in r.problems[0].message
    assert r.problems[0].clause == "KZ-DEF-REF-01"


@pytest.mark.parametrize("target", ["Шмеля Пети", "«Шмель (Петя)»", "«Шмель» (Петя)", "вражеского Шмеля",
                                    "трутневского шмеля Пети", "Шмеля противника"])
def test_owner_forms_in_a_mirror_match_KZ_GAP_44(target):
    """«Шмель Пети», «Шмель (Петя)», «вражеский Шмель»: the owner picks the piece (and Петя has one
    Шмель in the attacked sector)."""
    order = _one(f"Атакую в шахте-1: гилен → {target}", MIRROR)
    assert order == Attack(sector="gold-1", picks=(
        TargetPick(striker=uid(MIRROR, "dikiy_gilen", "a"), targets=(uid(MIRROR, "shmel", "b", 1),)),))


def test_a_target_prefers_the_enemy_copy_KZ_GAP_44():
    """«гилен → гилен»: the striker is the poster's, the target the enemy's."""
    order = _one("Атакую в шахте-1: гилен → гилен", MIRROR)
    assert order.picks[0].targets == (uid(MIRROR, "dikiy_gilen", "b"),)


def test_magic_on_own_or_enemy_copy_by_its_target_KZ_GAP_44():
    """Огненный плевок hits an enemy creature, Пыльца heals one's own: «Шмеля №1» resolves by that."""
    state = table(races=("trutni", "kozly"), names=NAMES, hand={"a": ["ogenny_plevok", "pyltsa"]}, pieces=[
        ("shmel", "a", "gold-1"), ("shmel", "b", "gold-2")])
    assert _one("Огненный плевок в шмеля", state).on == uid(state, "shmel", "b")
    assert _one("Пыльцу на шмеля", state).on == uid(state, "shmel", "a")


# --- sectors and capitals (KZ-DEF-SECT-01, KZ-GAP-05) -----------------------------------------------------
SECT = table(races=("pozorki", "trutni", "kozly"), names=NAMES, hand={"a": ["pozorny_mechnik"]})


@pytest.mark.parametrize(("place", "sid"), [
    ("шахту-1", "gold-1"), ("шахту 1", "gold-1"), ("шахту №1", "gold-1"), ("Золотую шахту №1", "gold-1"),
    ("З.шахту-1", "gold-1"), ("з. шахту-2", "gold-2"), ("«Золотая шахта-3»", "gold-3"), ("шахту #2", "gold-2"),
    ("рудник-2", "crystal-2"), ("Кристальный рудник 2", "crystal-2"), ("Кристаллический рудник-1", "crystal-1"),
    ("источник-1", "mana-1"), ("Источник энергии №1", "mana-1"), ("источник энергии 3", "mana-3"),
    ("Позорище", "capital-1"), ("Улей", "capital-2"), ("Козлиную гору", "capital-3"), ("столицу", "capital-1"),
    ("мою столицу", "capital-1"), ("столицу Пети", "capital-2"), ("столицу Позорок", "capital-1"),
    ("столицу Трутней", "capital-2"), ("столицу Козлов", "capital-3"), ("столицу Веры", "capital-3"),
])
def test_sector_names_KZ_DEF_SECT_01(place, sid):
    """Every way §2.3 lists to name a sector; «Кристальный рудник» is an alias (KZ-GAP-05)."""
    assert _one(f"Играю мечника в {place}", SECT) == PlayCard(card="pozorny_mechnik", into=sid)


def test_crystal_mine_alias_KZ_GAP_05():
    """«Кристальный рудник» and plain «рудник» are the one card «Кристаллический рудник»."""
    for place in ("Кристальный рудник-2", "рудник-2", "Кристаллический рудник-2"):
        assert _one(f"Играю мечника в {place}", SECT).into == "crystal-2"


def test_sector_without_number_is_ambiguous_KZ_DEF_SECT_01():
    r = read("Играю мечника в шахту", SECT)
    assert errors(r) == ["read.sector_ambiguous"]
    assert "«Золотая шахта-1»" in r.problems[0].message and r.problems[0].clause == "KZ-DEF-SECT-01"


def test_missing_sector_number_KZ_DEF_SECT_01():
    r = read("Играю мечника в шахту-7", SECT)
    assert errors(r) == ["read.sector_missing"]


# --- «X — в Y» without a verb (KZ-DEF-REF-02, KZ-GAP-43) -------------------------------------------------
def test_hand_only_means_play_KZ_DEF_REF_02():
    state = table(hand={"a": ["pozorny_mechnik"]})
    assert _one("Позорный мечник — в шахту-1", state) == PlayCard(card="pozorny_mechnik", into="gold-1")


def test_table_only_means_move_KZ_DEF_REF_02():
    state = table(pieces=[("pozorny_mechnik", "a", "gold-1")])
    assert _one("Мечник — в рудник-2", state) == Move(pieces=(uid(state, "pozorny_mechnik", "a"),), origin="gold-1",
                                                      dest="crystal-2")


def test_hand_and_table_is_ambiguous_KZ_GAP_43():
    state = table(hand={"a": ["pozorny_mechnik"]}, pieces=[("pozorny_mechnik", "a", "gold-1")])
    r = read("Мечник — в рудник-2", state)
    assert errors(r) == ["read.play_or_move"]
    assert r.problems[0].clause == "KZ-DEF-REF-02"
    assert "Сыграть из руки или переместить?" in r.problems[0].hint


# --- «эффект» is «событие» (KZ-GAP-06) -------------------------------------------------------------------
def test_effect_is_the_event_type_KZ_GAP_06():
    state = table(races=("zhloby", "trutni"), names=NAMES, hand={"a": ["podryv", "kolchuga"]},
                  pieces=[("gnezdo_strazhey", "b", "capital-2"), ("zhlob_vyshibala", "a", "gold-1")])
    r = read("Играю эффект «Подрыв» по Гнезду стражей", state)
    assert r.ok and not r.problems
    r = read("Играю событие «Подрыв» по Гнезду стражей", state)
    assert r.ok and not r.problems
    r = read("Играю эффект «Кольчуга» на вышибалу", state)  # Кольчуга is magic: said as an event
    assert "read.type_mismatch" in [p.code for p in r.problems]
    assert next(p for p in r.problems if p.code == "read.type_mismatch").clause == "KZ-GAP-06"
