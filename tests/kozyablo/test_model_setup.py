"""Setup and the opening of the table: order, sectors, shuffle, the first six cards."""

from __future__ import annotations

import json
from collections import Counter

from kz_model_factory import SEED, dice, factions, new_game, opened

from letopis.engine.dice import Dice
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.options import Options
from rulesets.kozyablo.setup import open_table, seat_race, setup, starter_deck_list


def test_setup_seats_players_in_the_deck_phase():
    state = setup(Options(), factions(3), dice())
    assert state.phase == "decks" and state.factions == ["a", "b", "c"]
    assert {f: p.name for f, p in state.players.items()} == {"a": "Анна", "b": "Борис", "c": "Вера"}
    assert all(not p.hand and not p.deck and p.race is None for p in state.players.values())
    assert state.sectors == {} and state.order == []


def test_default_deck_by_seat_KZ_DATA_07():
    """KZ-DATA-07: the deadline default deck by seat."""
    state = setup(Options(races=("zhloby",)), factions(3), dice())
    assert [seat_race(state, f) for f in state.factions] == ["zhloby", "trutni", "kozly"]
    deck = starter_deck_list(state, "b")
    assert deck.capital == "uley" and dict(deck.cards) == dict(CARDS.starter_deck("trutni"))
    assert [CARDS.card(s).sector_kind for s in deck.sectors] == ["gold", "crystal", "mana"]


def test_race_order_is_fixed_KZ_ORDER_01_02():
    """KZ-ORDER-01, KZ-ORDER-02: order by the capital's race."""
    state, events = opened("zhloby", "kozly", "trutni", "pozorki")
    assert [state.players[f].race for f in state.order] == ["pozorki", "trutni", "kozly", "zhloby"]
    assert state.order == ["d", "c", "b", "a"]
    # KZ-ORDER-02: the race comes from the capital card, not from the seat
    assert all(state.players[f].race == CARDS.card(state.players[f].capital).race for f in state.order)
    order_event = next(e for e in events if e.kind == "turn_order")
    assert order_event.data["order"] == state.order and order_event.clause == "KZ-ORDER-01"
    assert "1. Глеб (Позорки)" in order_event.text
    assert not any(e.kind == "order_lot" for e in events)


def test_same_race_lot_with_public_dice_KZ_ORDER_03_KZ_DEC_02():
    """KZ-ORDER-03, KZ-DEC-02: a lot with public dice."""
    state = new_game("trutni", "trutni", "pozorki")
    d = Dice(SEED, overrides={0: (2, "тест"), 1: (5, "тест")})
    events = open_table(state, d)
    assert state.order == ["c", "b", "a"]  # Позорки first, then Борис (5) before Анна (2)
    lot = [e for e in events if e.kind == "order_lot"]
    assert len(lot) == 1 and lot[0].clause == "KZ-ORDER-03"
    assert [r.value for r in lot[0].rolls] == [2, 5] and not any(r.secret for r in lot[0].rolls)
    assert lot[0].data["rolls"] == {"a": 2, "b": 5}
    assert [r.purpose for r in d.rolls] == ["жребий: Анна", "жребий: Борис"]  # ordinary, public dice


def test_lot_ties_are_rerolled_KZ_DEC_02():
    """KZ-DEC-02: ties are re-rolled among the tied."""
    state = new_game("kozly", "kozly", "kozly")
    d = Dice(SEED, overrides={0: (4, "т"), 1: (4, "т"), 2: (1, "т"), 3: (6, "т"), 4: (3, "т")})
    events = open_table(state, d)
    lots = [e for e in events if e.kind == "order_lot"]
    assert len(lots) == 2
    assert "перебрасывают" in lots[0].text and lots[0].data["rolls"] == {"a": 4, "b": 4, "c": 1}
    assert lots[1].data["rolls"] == {"a": 6, "b": 3}  # only the tied two roll again
    assert state.order == ["a", "b", "c"]


def test_capitals_and_sectors_put_down_neutral_KZ_SETUP_01_02():
    """KZ-SETUP-01, KZ-SETUP-02: capital and three sectors, all neutral."""
    state, events = opened("pozorki", "trutni")
    assert len(state.sectors) == 8
    for number, faction in enumerate(state.order, 1):
        mine = sorted(s.id for s in state.sectors.values() if s.put_by == faction)
        assert mine == sorted([f"gold-{number}", f"crystal-{number}", f"mana-{number}", f"capital-{number}"])
        assert state.players[faction].capital_sector == f"capital-{number}"
        assert state.sectors[f"capital-{number}"].card == state.players[faction].capital
    assert all(s.controller is None for s in state.sectors.values())  # KZ-SETUP-02, own sectors too
    laid = [e for e in events if e.kind == "table_laid"]
    assert len(laid) == 2 and "«Улей»" in laid[1].text and "ничьи" in laid[1].text


def test_six_cards_drawn_KZ_SETUP_03():
    """KZ-SETUP-03: six cards each, public count, private names."""
    state, events = opened("pozorki", "trutni")
    for faction in state.order:
        player = state.players[faction]
        size = sum(player.deck_list.values())
        assert len(player.hand) == 6 and len(player.deck) == size - 6
        assert Counter(player.hand + player.deck) == Counter(player.deck_list)
        public = next(e for e in events if e.kind == "cards_drawn" and e.faction == faction)
        assert public.public and public.data == {"count": 6, "deck": size - 6}
        assert public.text.endswith("берёт 6 карт.")
        private = next(e for e in events if e.kind == "cards_drawn_private" and e.faction == faction)
        assert not private.public and private.data["cards"] == player.hand
    assert state.phase == "mulligan" and state.active == 0


def test_shuffle_uses_the_secret_dice_KZ_DEF_SETUP_02_KZ_GAP_13():
    """KZ-DEF-SETUP-02, KZ-GAP-13: decks shuffled with the secret dice."""
    state, events = opened("pozorki", "trutni", seed=SEED)
    again, _ = opened("pozorki", "trutni", seed=SEED)
    other, _ = opened("pozorki", "trutni", seed="cd" * 32)
    first = state.order[0]
    # reproducible from the seed (so `letopis verify` can recompute it) and seed-dependent
    assert state.players[first].hand + state.players[first].deck == again.players[first].hand + again.players[first].deck
    assert state.players[first].hand + state.players[first].deck != other.players[first].hand + other.players[first].deck
    listed = [c for c, n in state.players[first].deck_list.items() for _ in range(n)]
    assert state.players[first].hand + state.players[first].deck != listed  # really shuffled
    # the shuffle draws only from the secret dice: the public dice has no rolls (no lot here)
    d = dice()
    open_table(new_game("pozorki", "trutni"), d)
    assert d.rolls == [] and d.secret_rolls and all(r.secret for r in d.secret_rolls)
    assert {r.purpose for r in d.secret_rolls} == {"колода: Анна", "колода: Борис"}
    # a different secret seed alone changes the order; the public seed alone does not decide it
    d2 = Dice(SEED, secret_seed="ef" * 32)
    s2 = new_game("pozorki", "trutni")
    open_table(s2, d2)
    assert s2.players[first].hand + s2.players[first].deck != state.players[first].hand + state.players[first].deck
    # no public event names a card in a hand or the deck order
    for e in events:
        if e.public:
            blob = e.text + json.dumps(e.data, ensure_ascii=False)
            for faction in state.order:
                for card in set(state.players[faction].hand + state.players[faction].deck):
                    assert card not in blob and CARDS.card(card).name not in blob
            assert not any(r.secret for r in e.rolls)
