"""Property tests: any order against any reachable state — `simulate` and `describe` never raise;
what `simulate` accepts, `apply` carries out without a stop and without making or losing tokens."""

from __future__ import annotations

import hashlib
from functools import cache

from drp_factory import factions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letopis.engine.dice import Dice
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
from rulesets.dice_roll_party.propose import propose_orders
from rulesets.dice_roll_party.rules.legality import describe, expected, simulate
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.setup import setup
from rulesets.dice_roll_party.state import State

slot = st.integers(1, 4)
small = st.integers(0, 20)
count = st.integers(1, 5)
zone = st.sampled_from(list(Zone))
red = st.sampled_from([Zone.ATTACK, Zone.DEFENCE])
discard = st.one_of(st.builds(Discard, colour=st.sampled_from(list(Colour)), count=count),
                    st.builds(Discard, slot=slot, zone=zone, count=count))
discards = st.lists(discard, min_size=0, max_size=3).map(tuple)
ORDERS = st.one_of(
    st.builds(Build, slot=slot, time=small, attack=small, defence=small, form=small,
              name=st.one_of(st.none(), st.text(max_size=8))),
    st.builds(Bid, amount=small), st.just(Pass()),
    st.builds(Handicap, takes=st.lists(st.tuples(st.integers(0, 5), st.integers(-2, 6)), max_size=3).map(tuple)),
    st.builds(Shift, slot=slot, source=red, count=count),
    st.builds(Add, slot=slot, zone=zone, count=count),
    st.builds(SwapStorage, slot=slot, give=zone, take=zone, count=count),
    st.builds(SwapCharacters, a=slot, a_zone=zone, b=slot, b_zone=zone, a_lands=zone, b_lands=zone),
    st.builds(Transfer, source=slot, target=slot, zone=zone, lands=zone, count=count),
    st.builds(ReturnToStorage, slot=slot, zone=zone, count=count),
    st.builds(Reroll, discards=discards), st.builds(Emergency, discards=discards),
    st.builds(Attack, attacker=slot, target=slot, target_faction=st.sampled_from([None, "p1", "p2", "p3", "x"]),
              class_up=st.integers(0, 3), damage=st.integers(0, 6), insurance=st.booleans(),
              superiority=st.booleans()),
    st.just(Skip()),
    st.builds(Defence, class_up=st.integers(0, 2), insurance=st.booleans(), superiority=st.booleans(),
              counter=st.booleans(), absorb_named=st.booleans(), presoak=st.one_of(st.none(), st.integers(0, 4))),
    st.builds(Soak, amount=st.integers(0, 8)),
)
OPTIONS = [Options(), Options(first_move="auction", allow_return_to_storage=True),
           Options(turn_order="cyclic", aspects=True, aspect_gated_boosts=True, allow_self_destroy=True),
           Options(players=3, bag_red=50, bag_blue=50, bag_green=50, turn_order="initiative")]


def seed(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


@cache
def states() -> tuple[State, ...]:
    """A spread of reachable states: every phase, several option sets."""
    out = []
    for k, opts in enumerate(OPTIONS):
        s = setup(opts, factions(opts.players), Dice(seed("prop", k)))
        for step in range(160):
            if s.over:
                break
            if step % 4 == 0 or s.phase != "turn":
                out.append(s)
            for f in expected(s):
                s = apply(s, f, propose_orders(s, f, Dice(seed("prop", k, step, f))), Dice(seed(k, step))).state
    return tuple(out)


def tokens(s: State) -> int:
    return s.bag.total + sum(p.storage.total + sum(c.total for _, c in p.living()) for p in s.players.values())


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 10_000), who=st.integers(0, 2), order=ORDERS)
def test_any_order_is_checked_safely_and_legal_means_done(index, who, order):
    pool = states()
    s = pool[index % len(pool)]
    faction = s.seats[who % len(s.seats)]
    after, violations = simulate(s, faction, order)
    summary, _ = describe(s, faction, order)
    assert summary
    for v in violations:
        assert v.message and v.clause.startswith("DRP-") and v.code
    if violations:
        assert after is s
        return
    out = apply(s, faction, [order], Dice(seed("prop-apply", index)))
    assert "stopped" not in [e.kind for e in out.events]
    assert tokens(out.state) == tokens(s)
    assert all(c.total <= 18 for p in out.state.players.values() for _, c in p.living())
