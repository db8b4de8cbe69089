"""Every order's canonical `to_text()` reads back to the same order (python-chess's SAN round trip).

One test per order kind against a state where the order is legal, and hypothesis-generated orders
of every kind (orders the rules refuse in that state are skipped with `assume`).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_reader_support import auction, build, defence, handicap, read, soak, turn

from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Defence,
    Discard,
    Emergency,
    Handicap,
    Pass,
    Reroll,
    ReturnToStorage,
    Shift,
    Skip,
    Soak,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)
from rulesets.dice_roll_party.rules.legality import simulate
from rulesets.dice_roll_party.state import State

ZONES = list(Zone)
REDS = [Zone.ATTACK, Zone.DEFENCE]
WIDE = ("6/3/3/3",) * 4  # 15 tokens each: room to add three, red in both zones, limit 6
NO_TIME = ("0/4/2/6", "0/2/2/8", "0/6/0/6", "0/1/1/10")


def states() -> dict[str, State]:
    return {
        "build": build(storage="30/30/30"),
        "auction": auction(bid=1, leader="p2"),
        "handicap": handicap(4, mine=WIDE),
        "turn": turn(mine=WIDE, storage="10/10/10", bag="10/10/10"),
        "return": turn(mine=WIDE, options=Options(allow_return_to_storage=True, stack_class_up=True)),
        "no_time": turn(mine=NO_TIME, storage="6/0/6", bag="10/10/10"),
        "defence": defence(theirs=("6/3/3/3", "6/3/3/3", "6/3/3/3", "6/3/3/3"), their_names=(None,) * 4),
        "soak": soak(theirs=("3/4/2/3", "6/3/3/3", "5/2/1/4", "3/3/3/3")),
    }


STATES = states()
FACTION = {"defence": "p2", "soak": "p2"}


def reads_back(order, where: str) -> None:
    s = STATES[where]
    faction = FACTION.get(where, "p1")
    text = order.to_text()
    r = read(text, s, faction)
    assert r.ok, (text, [p.render() for p in r.problems])
    assert r.orders == [order], text


EXAMPLES = [
    (Build(slot=2, time=3, attack=4, defence=2, form=3, name="Рыцарь"), "build"),
    (Build(slot=4, time=0, attack=6, defence=0, form=6), "build"),
    (Bid(amount=3), "auction"),
    (Pass(), "auction"),
    (Handicap(takes=((1, 2), (3, 2))), "handicap"),
    (Shift(slot=2, source=Zone.DEFENCE, count=2), "turn"),
    (Add(slot=3, zone=Zone.ATTACK, count=2), "turn"),
    (Add(slot=1, zone=Zone.TIME, count=1), "turn"),
    (SwapStorage(slot=1, give=Zone.DEFENCE, take=Zone.TIME, count=2), "turn"),
    (SwapStorage(slot=4, give=Zone.FORM, take=Zone.ATTACK), "turn"),
    (SwapCharacters(a=1, a_zone=Zone.TIME, b=3, b_zone=Zone.ATTACK, a_lands=Zone.TIME, b_lands=Zone.ATTACK), "turn"),
    (SwapCharacters(a=2, a_zone=Zone.DEFENCE, b=4, b_zone=Zone.FORM, a_lands=Zone.ATTACK, b_lands=Zone.FORM), "turn"),
    (Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM, count=1), "turn"),
    (Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.DEFENCE, count=2), "turn"),
    (ReturnToStorage(slot=2, zone=Zone.DEFENCE, count=2), "return"),
    (Reroll(discards=(Discard(colour=Colour.RED, count=2), Discard(slot=2, zone=Zone.TIME))), "turn"),
    (Emergency(discards=(Discard(colour=Colour.GREEN, count=3), Discard(slot=1, zone=Zone.ATTACK))), "no_time"),
    (Attack(attacker=2, target=3, class_up=1, damage=2, insurance=True), "turn"),
    (Attack(attacker=1, target=4), "turn"),
    (Skip(), "no_time"),
    (Defence(class_up=1, insurance=True, superiority=True, counter=True, presoak=1), "defence"),
    (Defence(absorb_named=True, presoak=0), "defence"),
    (Defence(), "defence"),
    (Soak(amount=2), "soak"),
    (Soak(), "soak"),
]


@pytest.mark.parametrize("order, where", EXAMPLES, ids=[f"{o.kind}-{i}" for i, (o, _) in enumerate(EXAMPLES)])
def test_canonical_text_reads_back(order, where):
    reads_back(order, where)


def test_every_order_kind_has_a_round_trip_example():
    kinds = {o.kind for o, _ in EXAMPLES}
    assert kinds == {"build", "bid", "pass", "handicap", "shift", "add", "swap_storage", "swap_characters",
                     "transfer", "return", "reroll", "emergency", "attack", "skip", "defence", "soak"}


# --- generated orders ----------------------------------------------------------------------------------
slots = st.integers(1, 4)
counts = st.integers(1, 3)
NAME_CHARS = "абвгдеёжзийклмнопрстуфхцчшщыьэюяАБВГДЕЁЖЗИКЛМНОПРСТУФХЦЧШЭЮЯabcdefghijkXYZ -"
names = st.text(NAME_CHARS, min_size=1, max_size=16).filter(
    lambda n: n == n.strip() and n[0].isalpha() and "  " not in n)


@st.composite
def builds(draw):
    t, a, d = draw(st.integers(0, 12)), draw(st.integers(0, 12)), draw(st.integers(0, 12))
    assume(t + a + d <= 12)
    return Build(slot=draw(slots), time=t, attack=a, defence=d, form=12 - t - a - d,
                 name=draw(st.none() | names))


def _lands(draw, zone):
    return draw(st.sampled_from(REDS)) if zone in REDS else zone


@st.composite
def swaps_between(draw):
    a, b = draw(st.lists(slots, min_size=2, max_size=2, unique=True))
    a_zone = draw(st.sampled_from(ZONES))
    b_zone = draw(st.sampled_from([z for z in ZONES if z.colour is not a_zone.colour]))
    return SwapCharacters(a=a, a_zone=a_zone, b=b, b_zone=b_zone, a_lands=_lands(draw, a_zone),
                          b_lands=_lands(draw, b_zone))


@st.composite
def transfers(draw):
    source, target = draw(st.lists(slots, min_size=2, max_size=2, unique=True))
    zone = draw(st.sampled_from(ZONES))
    return Transfer(source=source, target=target, zone=zone, lands=_lands(draw, zone), count=draw(counts))


@st.composite
def storage_swaps(draw):
    give = draw(st.sampled_from(ZONES))
    take = draw(st.sampled_from([z for z in ZONES if z.colour is not give.colour]))
    return SwapStorage(slot=draw(slots), give=give, take=take, count=draw(st.integers(1, 2)))


def discards(zones=ZONES, colours=tuple(Colour)):
    from_storage = st.builds(Discard, colour=st.sampled_from(colours), count=st.integers(1, 2))
    from_char = st.builds(Discard, slot=slots, zone=st.sampled_from(zones), count=st.integers(1, 2))
    return st.lists(from_storage | from_char, min_size=1, max_size=3).map(tuple)


TURN_ORDERS = st.one_of(
    st.builds(Shift, slot=slots, source=st.sampled_from(REDS), count=counts),
    st.builds(Add, slot=slots, zone=st.sampled_from(ZONES), count=counts),
    storage_swaps(), swaps_between(), transfers(),
    st.builds(Reroll, discards=discards()),
    st.builds(Attack, attacker=slots, target=slots, class_up=st.integers(0, 1), damage=st.integers(0, 2),
              insurance=st.booleans(), superiority=st.booleans()),
)
GENERATED = [
    (builds(), "build"),
    (st.builds(Bid, amount=st.integers(2, 12)), "auction"),
    (st.lists(st.tuples(slots, st.integers(1, 4)), min_size=1, max_size=4, unique_by=lambda t: t[0]).map(
        lambda takes: Handicap(takes=tuple(takes))), "handicap"),
    (TURN_ORDERS, "turn"),
    (st.builds(ReturnToStorage, slot=slots, zone=st.sampled_from(ZONES), count=counts), "return"),
    (st.builds(Emergency, discards=discards(zones=[Zone.ATTACK, Zone.DEFENCE, Zone.FORM],
                                             colours=(Colour.RED, Colour.GREEN))), "no_time"),
    (st.builds(Defence, class_up=st.integers(0, 1), insurance=st.booleans(), superiority=st.booleans(),
               counter=st.booleans(), absorb_named=st.booleans(), presoak=st.none() | st.integers(0, 2)), "defence"),
    (st.builds(Soak, amount=st.integers(0, 3)), "soak"),
]


@pytest.mark.parametrize("strategy, where", GENERATED, ids=[w for _, w in GENERATED])
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(data=st.data())
def test_generated_orders_read_back(strategy, where, data):
    order = data.draw(strategy)
    s = STATES[where]
    faction = FACTION.get(where, "p1")
    if where == "handicap":
        s = s.model_copy(deep=True)
        s.handicap = sum(n for _, n in order.takes)
    assume(not simulate(s, faction, order)[1])
    text = order.to_text()
    r = read(text, s, faction)
    assert r.ok, (text, [p.render() for p in r.problems])
    assert r.orders == [order], text
