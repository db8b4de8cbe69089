"""Deck posts (KZ-DEF-SETUP-01): reading a deck list and every violation of KZ-DECK-01..06 and
KZ-CAP-05, each as a problem with its clause on the line that names the card."""

from __future__ import annotations

import pytest
from kz_reader_support import read, table

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.decks import validate
from rulesets.kozyablo.orders import DeckList

SECTORS = ("zolotaya_shakhta", "kristallichesky_rudnik", "istochnik_energii")
SECTORS_LINE = "Сектора: Золотая шахта, Кристаллический рудник, Источник энергии"


def _state():
    state = table(phase="decks")
    for p in state.players.values():
        p.capital = None
    return state


STATE = _state()


def _deck(text: str, faction: str = "a"):
    return read(text, STATE, faction)


def _problems(r, clause=None):
    return [p for p in r.problems if p.is_error and (clause is None or p.clause == clause)]


STARTER = """Столица — Позорище
Сектора: Золотая шахта, Кристальный рудник, Источник энергии
2x Позорный лучник, 2x Позорный мечник
Позорный щитоносец ×2
Позорный следопыт — 2
Позорный рыцарь x2
2 x Сэр Позорин
Сторожевая вышка: 2
2х Позорный щит
Позорный клич 2
две Позорных манёвра"""


def test_deck_post_in_every_card_line_form_KZ_DEF_SETUP_01():
    """«2x Шмель», «Шмель ×2», «Шмель — 2», «Шмель x3», «2 x», «Шмель: 2», «Шмель 2», a count in
    words, several on a line: the starter deck of Позорки, read whole."""
    r = _deck(STARTER)
    assert r.ok, [p.render() for p in r.problems]
    deck = r.orders[0]
    assert deck.capital == "pozorishche" and deck.sectors == SECTORS
    assert dict(deck.cards) == dict(CARDS.starter_deck("pozorki"))
    assert all(ln.status is LineStatus.ORDER for ln in r.lines)


def test_chatter_and_markup_around_a_deck_KZ_DEF_SETUP_01():
    text = ("Вот моя колода :)\n[b]Столица:[/b] «Улей»\n" + SECTORS_LINE + "\n[spoiler]\nШмель ×2\n2x Дикий гилен\n"
            "Оса-жалоносица — 2\nРой x2\n2x Жирный трутень\n2x Королева Жужа\n2x Жук-Отец\n2x Королевское жало\n"
            "2x Гнездо стражей\n2x Пыльца\n2x Роение\n[/spoiler]\nЗЫ: трутни рулят")
    r = _deck(text)
    assert r.ok, [p.render() for p in r.problems]
    assert dict(r.orders[0].cards) == dict(CARDS.starter_deck("trutni"))


def test_deck_size_KZ_DECK_01():
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n3x Позорный лучник\n3x Позорный мечник")
    assert [p.code for p in _problems(r)] == ["deck.size"]
    assert _problems(r)[0].clause == "KZ-DECK-01" and "6 карт" in _problems(r)[0].message
    assert r.orders == []
    big = "\n".join(f"3x {c.name}" for c in CARDS.by_race["pozorki"] if c.type != "hero")
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n" + big)
    assert "deck.size" in [p.code for p in _problems(r, "KZ-DECK-01")]


def test_capital_and_sectors_KZ_DECK_01():
    r = _deck("2x Позорный лучник")
    codes = {p.code for p in _problems(r, "KZ-DECK-01")}
    assert {"deck.no_capital", "deck.sectors_count", "deck.size"} <= codes
    r = _deck("Столица: Позорище\nСтолица: Улей\n" + SECTORS_LINE + "\n" + _body("pozorki"))
    assert [p.code for p in _problems(r)] == ["deck.two_capitals"]


def _body(race: str) -> str:
    return "\n".join(f"{k}x {CARDS.card(c).name}" for c, k in CARDS.starter_deck(race))


def test_copies_KZ_DECK_02():
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n" + _body("pozorki") + "\n2x Позорный лучник")
    bad = _problems(r, "KZ-DECK-02")
    assert [p.code for p in bad] == ["deck.copies"]
    assert "«Позорный лучник» — 4 копии" in bad[0].message
    assert bad[0].line == 3  # the first line naming the card
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n" + _body("pozorki") + "\n3x Позорный лучник")
    assert "«Позорный лучник» — 5 копий" in _problems(r, "KZ-DECK-02")[0].message


def test_one_hero_KZ_DECK_03():
    deck = DeckList(capital="pozorishche", sectors=SECTORS,
                    cards=(*CARDS.starter_deck("pozorki"), ("pakhan", 1)))
    found = validate(deck, CARDS)
    assert "KZ-DECK-03" in {v.clause for v in found}


def test_race_of_the_capital_KZ_DECK_04():
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n" + _body("pozorki") + "\nШмель ×3")
    bad = _problems(r, "KZ-DECK-04")
    assert [p.code for p in bad] == ["deck.race"] and bad[0].line == 13
    assert "«Шмель» — карта расы «Трутни»" in bad[0].message


def test_one_sector_of_each_type_KZ_DECK_05():
    r = _deck("Столица: Позорище\nСектора: Золотая шахта, Золотая шахта, Источник энергии\n" + _body("pozorki"))
    codes = [(p.code, p.clause) for p in _problems(r)]
    assert ("deck.sector_twice", "KZ-DECK-05") in codes
    assert ("deck.sector_missing", "KZ-DECK-05") in codes


def test_capital_special_two_heroes_of_the_hive_KZ_DECK_06_KZ_CAP_05():
    """Улей: two different Трутни heroes are allowed (the starter deck has both); a third hero, or a
    second hero of another race, is not."""
    hive = DeckList(capital="uley", sectors=SECTORS, cards=tuple(CARDS.starter_deck("trutni")))
    assert validate(hive, CARDS) == []
    pozorki = DeckList(capital="pozorishche", sectors=SECTORS,
                       cards=(*CARDS.starter_deck("pozorki"), ("ser_pozorin", 1), ("koroleva_zhuzha", 1)))
    assert "KZ-DECK-03" in {v.clause for v in validate(pozorki, CARDS)}
    hive3 = DeckList(capital="uley", sectors=SECTORS, cards=(("shmel", 3), ("dikiy_gilen", 3), ("roy", 3),
                                                           ("koroleva_zhuzha", 2), ("zhuk_otets", 2), ("pakhan", 2)))
    clauses = {v.clause for v in validate(hive3, CARDS)}
    assert "KZ-DECK-06" in clauses  # three heroes with room for two


def test_capital_special_goat_mountain_takes_zhloby_KZ_DECK_06_KZ_CAP_05():
    """Козлиная гора: Жлобы cards are allowed, but still one hero; Позорки cards are not."""
    mixed = DeckList(capital="kozlinaya_gora", sectors=SECTORS, cards=(
        ("kozel_bodun", 3), ("kozel_koldun", 3), ("zhlob_vyshibala", 3), ("zhlob_latnik", 3), ("podryv", 3)))
    assert validate(mixed, CARDS) == []
    two_heroes = DeckList(capital="kozlinaya_gora", sectors=SECTORS, cards=(*mixed.cards, ("velikiy_kozloduy", 1),
                                                                             ("pakhan", 1)))
    assert {v.code for v in validate(two_heroes, CARDS)} == {"deck.heroes"}
    other = DeckList(capital="kozlinaya_gora", sectors=SECTORS, cards=(*mixed.cards, ("shmel", 1)))
    found = validate(other, CARDS)
    assert [(v.code, v.clause) for v in found] == [("deck.race", "KZ-DECK-06")]


def test_every_violation_is_reported_KZ_DEF_SETUP_01():
    """A deck with many faults reports each one, each with its clause."""
    r = _deck("Столица: Позорище\nСектора: Золотая шахта\n4x Позорный лучник\n2x Шмель\n2x Сэр Позорин\n2x Пахан")
    clauses = [p.clause for p in _problems(r)]
    for clause in ("KZ-DECK-01", "KZ-DECK-02", "KZ-DECK-03", "KZ-DECK-04", "KZ-DECK-05"):
        assert clause in clauses, clauses
    assert r.orders == []


def test_a_typo_in_a_deck_is_read_with_a_note_KZ_DEF_SETUP_01():
    """Issue 9: a name one letter off is accepted with a note saying what it was read as."""
    r = _deck("Столица: Улей\n" + SECTORS_LINE + "\n2x Шмэль\n" + _body("trutni"))
    notes = [p for p in r.problems if p.code == "read.read_as"]
    assert notes and notes[0].line == 3 and "«Шмэль» прочитано как «Шмель»" in notes[0].message
    assert not notes[0].is_error


def test_unknown_card_in_a_deck_suggests_KZ_DEF_SETUP_01():
    r = _deck("Столица: Улей\n" + SECTORS_LINE + "\n2x Шмелище\n" + _body("trutni"))
    bad = [p for p in r.problems if p.code == "read.unknown_card_maybe"]
    assert bad and bad[0].line == 3 and "«Шмель»" in bad[0].message


def test_empty_deck_post_KZ_DEF_SETUP_01():
    r = _deck("Привет, колоду пришлю позже")
    assert [p.code for p in r.problems] == ["deck.empty"] and r.orders == []


@pytest.mark.parametrize("race", ["pozorki", "trutni", "kozly", "zhloby"])
def test_starter_decks_are_legal_KZ_DATA_07(race):
    deck = CARDS.decks[race]
    assert validate(DeckList(capital=deck.capital, sectors=deck.sectors, cards=tuple(deck.cards.items())), CARDS) == []


def test_deck_post_with_headings_units_and_totals_KZ_DEF_SETUP_01():
    """Headings («Существа:», «Герой:»), list markers, «2 шт.», «(2)» and «Итого: 20 карт» are fine."""
    text = ("Моя колода (Позорки):\nСтолица: Позорище\n" + SECTORS_LINE + "\nСущества:\n- Позорный лучник - 2 шт.\n"
            "- Позорный мечник (2)\n- Позорный щитоносец x2 шт\n- Позорный следопыт ×2\n- Позорный рыцарь — 2\n"
            "Герой: Сэр Позорин x2\nАртефакт: Позорный щит 2\nПостройки: Сторожевая вышка 2\nМагия: Позорный клич 2\n"
            "События: Позорный манёвр 2\nИтого: 20 карт")
    r = _deck(text)
    assert r.ok, [p.render() for p in r.problems]
    assert dict(r.orders[0].cards) == dict(CARDS.starter_deck("pozorki"))


# --- chatter around a deck list ---------------------------------------------------------------------------
BODY = "\n".join(f"{name} ×2" for name in (
    "Позорный лучник", "Позорный мечник", "Позорный щитоносец", "Позорный следопыт", "Позорный рыцарь", "Сэр Позорин",
    "Позорный щит", "Сторожевая вышка", "Позорный клич", "Позорный манёвр"))


@pytest.mark.parametrize("chatter", [
    "Позорные, вперёд!! :D", "Ну что, трутни, страшно?", "Ой, лучников можно только три. Исправила:",
    "Позорное войско собирается под знамёна Позорища!", "Лучники у меня любимые (мечники тоже)",
])
def test_chatter_that_names_cards_or_a_side_adds_nothing_to_the_deck_KZ_DEF_SETUP_01(chatter):
    """A side named as a whole («Позорные», «трутни») is no card; a card named inside a remark (a
    piece of a line with words a deck list does not use) is no deck line."""
    r = _deck(chatter + "\nСтолица: Позорище\n" + SECTORS_LINE + "\n" + BODY)
    assert r.ok, [p.render() for p in r.problems]
    assert dict(r.orders[0].cards)["pozorny_luchnik"] == 2 and r.lines[0].status is LineStatus.FLAVOUR


def test_a_card_in_a_remark_beside_a_deck_line_keeps_the_line():
    r = _deck("Столица: Позорище\n" + SECTORS_LINE + "\n" + BODY.replace("Позорный лучник ×2",
                                                                         "Позорный лучник ×2 (люблю лучников)"))
    assert r.ok and dict(r.orders[0].cards)["pozorny_luchnik"] == 2


@pytest.mark.parametrize("sectors", ["Сектора стандарт", "сектора обычные", "Столица Позорище | сектора как обычно",
                                     "Сектора: шахта рудник источник", "сектора шахта, рудник, источник"])
def test_the_standard_sectors_and_sectors_without_commas_KZ_DECK_05(sectors):
    r = _deck("Столица: Позорище\n" + sectors + "\n" + BODY)
    assert r.ok, [p.render() for p in r.problems]
    assert set(r.orders[0].sectors) == set(SECTORS) and len(r.orders[0].sectors) == 3


def test_a_capital_named_only_in_a_remark_is_the_deck_s_when_no_line_names_one():
    r = _deck("Позорки идут под знамёнами Позорища!\n" + SECTORS_LINE + "\n" + BODY)
    assert r.ok and r.orders[0].capital == "pozorishche"


def test_a_list_after_a_colon_in_a_sentence_is_the_deck_not_a_remark_KZ_DEF_SETUP_01():
    """«…, а карты такие: три лучника, …»: the words before the colon introduce the list; the first
    card after it is counted like the others."""
    body = "два лучника, два мечника, " + ", ".join(
        part for part in ("два щитоносца", "два следопыта", "два рыцаря", "два сэра позорина", "два щита",
                          "два клича", "два манёвра", "две вышки"))
    r = _deck("вот мой список: столица Позорище, сектора как обычно, а карты у меня вот какие: " + body + ", всё")
    assert r.ok, [p.render() for p in r.problems]
    assert dict(r.orders[0].cards)["pozorny_luchnik"] == 2
