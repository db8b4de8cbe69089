"""A GM extends the card set without Python: a new card is a few TOML lines in a card file of the
ruleset folder, chosen by the game option `card_file` (KZ-GAP-01)."""

from __future__ import annotations

import uuid

import pytest

from rulesets.kozyablo.data import PACKAGE_DIR, CardFileError, load_cards
from rulesets.kozyablo.orders import DeckList
from rulesets.kozyablo.rules.decks import validate

NEW_CARD = """
[cards.pozorny_kopeyshchik]
name = "Позорный копейщик"
race = "pozorki"
type = "creature"
level = 2
attack = 2
life = 3
speed = 3
props = { armour = 1 }
"""


@pytest.fixture
def extended():
    name = f"cards-test-{uuid.uuid4().hex[:8]}.toml"
    path = PACKAGE_DIR / name
    path.write_text((PACKAGE_DIR / "cards.toml").read_text(encoding="utf-8") + NEW_CARD, encoding="utf-8")
    try:
        yield name
    finally:
        path.unlink()


def test_a_new_card_in_a_gm_card_file_is_playable_KZ_GAP_01(extended):
    """KZ-GAP-01: the option card_file loads another card set; a deck may hold the new card."""
    book = load_cards(extended)
    card = book.card("pozorny_kopeyshchik")
    assert (card.name, card.level, card.attack, card.life, card.speed) == ("Позорный копейщик", 2, 2, 3, 3)
    assert card.props["armour"] == 1
    starter = dict(book.starter_deck("pozorki"))
    starter["pozorny_kopeyshchik"] = 2
    deck = DeckList(capital="pozorishche", sectors=tuple(s.id for s in book.sectors),
                    cards=tuple(starter.items()))
    assert validate(deck, book) == []
    with pytest.raises(KeyError):
        load_cards("cards.toml").card("pozorny_kopeyshchik")


def test_a_missing_card_file_is_a_russian_error_KZ_GAP_01():
    """KZ-GAP-01: a card file outside the ruleset folder or missing is refused in Russian."""
    with pytest.raises(CardFileError, match="не найден"):
        load_cards("нет-такого.toml")
    with pytest.raises(CardFileError, match="не найден"):
        load_cards("../lexicon.toml")
