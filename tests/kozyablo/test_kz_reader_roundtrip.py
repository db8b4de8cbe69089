"""Every order kind's canonical text (`to_text(TableNamer)`) reads back to the same order.

The texts are what the server itself prints (proposals, the live check, the GM's corrections), so
a round trip must hold for every kind, for numbered copies and for enemy pieces with their owner.
The checker accepts everything here: reading is tested, not legality (the property test in
tests/properties/test_kz_reader_properties.py does it for random legal orders with the real rules).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.orders import (
    Attack,
    Decline,
    DrawCard,
    Evade,
    Guard,
    Move,
    Mulligan,
    PlayCard,
    Skip,
    StayHidden,
    Strike,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from rulesets.kozyablo.refs import TableNamer
from rulesets.kozyablo.setup import starter_deck_list
from rulesets.kozyablo.state import Pending

NAMES = {"a": "Анна", "b": "Петя", "c": "Вера", "d": "Глеб"}


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    monkeypatch.setattr(reader, "Checker", LaxChecker)


MAIN = table(races=("pozorki", "trutni", "kozly", "zhloby"), names=NAMES, hand={"a": [
    "shmel", "storozhevaya_vyshka", "pozorny_shchit", "ogenny_plevok", "pozorny_klich", "podryv", "pozorny_manevr",
    "roenie", "pyltsa", "ser_pozorin"]}, pieces=[
    ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"), ("pozorny_mechnik", "a", "gold-1"),
    ("shmel", "b", "crystal-1"), ("dikiy_gilen", "b", "crystal-1"), ("pozorny_mechnik", "a", "crystal-1"),
    ("roy", "a", "crystal-1"), ("ser_pozorin", "a", "capital-1"), ("kozel_zombi", "c", "mana-3"),
    ("gnezdo_strazhey", "b", "capital-2"), ("gnezdo_strazhey", "a", "capital-1"), ("zhirny_truten", "a", "mana-1"),
    ("kozel_ten", "a", "gold-2"), ("pozorny_shchitonosets", "a", "gold-2"), ("shmel", "a", "capital-1"),
    ("shmel", "b", "capital-4"), ("shmel", "a", "capital-4"), ("shmel", "b", "capital-4")])


def u(card, owner="a", n=1, state=MAIN):
    return uid(state, card, owner, n)


MAIN_ORDERS = [
    PlayCard(card="shmel", into="gold-2"), PlayCard(card="storozhevaya_vyshka", into="capital-1"),
    PlayCard(card="ser_pozorin", into="capital-1"),
    PlayCard(card="pozorny_shchit", on=u("ser_pozorin")), PlayCard(card="ogenny_plevok", on=u("kozel_zombi", "c")),
    PlayCard(card="pozorny_klich", squad="gold-1"), PlayCard(card="podryv", on=u("gnezdo_strazhey", "b")),
    PlayCard(card="podryv", on="capital:capital-2"),
    PlayCard(card="pozorny_manevr", on=u("pozorny_luchnik"), into="mana-2"),
    PlayCard(card="roenie"), PlayCard(card="pyltsa", on=u("shmel")),
    DrawCard(), Skip(),
    Move(pieces=(u("pozorny_mechnik", n=2), u("pozorny_luchnik")), origin="gold-1", dest="crystal-2"),
    Move(pieces=(u("pozorny_mechnik", n=1), u("pozorny_mechnik", n=2), u("pozorny_luchnik")), origin="gold-1",
         dest="capital-1"),
    Move(pieces=(u("shmel"),), origin="capital-1", dest="capital-4"),
    Attack(sector="crystal-1"),
    Attack(sector="crystal-1", picks=(
        TargetPick(striker=u("pozorny_mechnik", n=3), targets=(u("dikiy_gilen", "b"),)),
        TargetPick(striker=u("roy"), targets=(u("shmel", "b"), u("dikiy_gilen", "b"))))),
    Attack(sector="capital-4", picks=(TargetPick(striker=u("shmel", n=2), targets=("capital:capital-4",)),)),
    Attack(sector="capital-4", picks=(TargetPick(striker=u("shmel", n=2), targets=(u("shmel", "b", 2),)),)),
    Attack(sector="crystal-1", picks=(TargetPick(striker=u("roy"), targets=()),)),
    UseAbility(piece=u("zhirny_truten"), ability="regeneratsiya"),
    UseAbility(piece=u("kozel_ten"), ability="ukhod_v_ten"),
    UseAbility(piece=u("pozorny_shchitonosets"), ability="somknut_shchity"),
    TriggerChoice(piece=u("gnezdo_strazhey"), target=u("ser_pozorin")),
]


@pytest.mark.parametrize("order", MAIN_ORDERS, ids=lambda o: o.kind)
def test_main_orders_round_trip(order):
    text = order.to_text(TableNamer(MAIN, "a"))
    r = read(text, MAIN)
    assert r.ok, (text, [p.render() for p in r.problems])
    assert r.orders == [order], text


@pytest.mark.parametrize("order", [o for o in MAIN_ORDERS if isinstance(o, UseAbility)], ids=lambda o: o.ability)
def test_ability_round_trip_with_its_name(order):
    piece = MAIN.pieces[order.piece]
    name = CARDS.card(piece.card).ability(order.ability).name
    assert read(order.to_text(TableNamer(MAIN, "a"), name), MAIN).orders == [order]


REACT = table(races=("pozorki", "trutni"), names=NAMES, active="b", hand={"a": ["roenie", "pyltsa"]}, pieces=[
    ("dikiy_gilen", "a", "crystal-1"), ("osa_zhalonositsa", "a", "crystal-1"), ("roy", "a", "crystal-1"),
    ("kozel_ten", "a", "crystal-1", {"shadow": True}), ("zhlob_telokhranitel", "a", "crystal-1"),
    ("zhlob_latnik", "a", "crystal-1"), ("pozorny_shchitonosets", "a", "crystal-1"),
    ("pozorny_mechnik", "b", "crystal-1"), ("pozorny_luchnik", "b", "crystal-1"), ("pozorny_sledopyt", "b", "crystal-1")])
REACT.pending = Pending(kind="attack", active="b", action=[Attack(sector="crystal-1").model_dump(mode="json")],
                        waiting=["a"])


def r_(card, owner="a"):
    return uid(REACT, card, owner)


REACT_ORDERS = [
    Strike(striker=r_("dikiy_gilen"), targets=(r_("pozorny_mechnik", "b"),)),
    Strike(striker=r_("roy"), targets=(r_("pozorny_luchnik", "b"), r_("pozorny_sledopyt", "b"))),
    Strike(striker=r_("dikiy_gilen")),
    Strike(striker=r_("kozel_ten"), targets=(r_("pozorny_mechnik", "b"),), reveal=True),
    Strike(striker=r_("kozel_ten"), reveal=True),
    StayHidden(piece=r_("kozel_ten")),
    Evade(piece=r_("osa_zhalonositsa"), discard="roenie"),
    Guard(defender=r_("zhlob_telokhranitel")),
    Guard(defender=r_("zhlob_telokhranitel"), protects=r_("dikiy_gilen")),
    Decline(what="evade"), Decline(what="guard"), Decline(what="react"),
    UseAbility(piece=r_("pozorny_shchitonosets"), ability="somknut_shchity"),
]


@pytest.mark.parametrize("order", REACT_ORDERS, ids=lambda o: o.kind)
def test_decisions_round_trip(order):
    text = order.to_text(TableNamer(REACT, "a"))
    r = read(text, REACT)
    assert r.ok, (text, [p.render() for p in r.problems])
    assert r.orders == [order], text


def test_guard_of_the_capital_round_trips():
    state = table(names=NAMES, active="b", pieces=[("zhlob_latnik", "a", "capital-1"), ("shmel", "b", "capital-1")])
    state.pending = Pending(kind="attack", active="b", action=[Attack(sector="capital-1").model_dump(mode="json")],
                            waiting=["a"])
    order = Guard(defender=uid(state, "zhlob_latnik", "a"), protects="capital:capital-1")
    assert read(order.to_text(TableNamer(state, "a")), state).orders == [order]


@pytest.mark.parametrize("cards", [(), ("pyltsa",), ("pyltsa", "roenie"), ("pyltsa", "pyltsa", "ser_pozorin")])
def test_mulligan_round_trips(cards):
    state = table(phase="mulligan", hand={"a": ["pyltsa", "roenie", "ser_pozorin", "pyltsa"]})
    order = Mulligan(cards=cards)
    assert read(order.to_text(TableNamer(state, "a")), state).orders == [order]


@pytest.mark.parametrize("races", [("pozorki", "trutni"), ("kozly", "zhloby")])
def test_deck_list_round_trips(races):
    state = table(races=races, phase="decks")
    for p in state.players.values():
        p.capital = None
    for faction in state.factions:
        deck = starter_deck_list(state, faction)
        assert read(deck.to_text(TableNamer(state, faction)), state, faction).orders == [deck]
