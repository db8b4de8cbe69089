"""Property tests: any well-formed orders, legal or not, against a mid-game position — the checker
never raises, resolution never raises, never changes its input, skips exactly the lines the state
no longer allows, and its result round-trips through JSON (DK-GAP-11, DK-GAP-12)."""

from __future__ import annotations

import json
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letopis.engine.dice import Dice
from rulesets.dungeon_keeper import refs
from rulesets.dungeon_keeper.data import DATA
from rulesets.dungeon_keeper.orders import (
    Ability,
    Attack,
    AttackBuilding,
    Build,
    Capture,
    Cast,
    Dig,
    EndTurn,
    Equip,
    MineOrder,
    Move,
    Pickup,
    Research,
    SendSpirit,
    Summon,
    TowerShot,
    UpgradeBuilding,
    UpgradeUnit,
)
from rulesets.dungeon_keeper.rules.legality.checker import Checker
from rulesets.dungeon_keeper.rules.midgame import midgame_state
from rulesets.dungeon_keeper.rules.resolution import apply
from rulesets.dungeon_keeper.state import State

SEED = "ab" * 32


@lru_cache(maxsize=1)
def position() -> State:
    return midgame_state(4, 12)


def _cells(s: State):  # type: ignore[no-untyped-def]
    return st.tuples(st.integers(1, s.size), st.integers(1, s.size))


def orders_for(s: State):  # type: ignore[no-untyped-def]
    units = sorted(s.units.values(), key=lambda u: u.seq)
    unit = st.sampled_from(units)
    buildings = sorted(s.buildings.values(), key=lambda b: b.id)
    building = st.sampled_from(buildings)
    cell = _cells(s)
    lab = lambda u: refs.label(s, u, "p1")
    active_abilities = [k for k, a in DATA.abilities.items() if a.active and k not in ("melee", "ranged")]

    def ability(u, key, t, c, d):  # type: ignore[no-untyped-def]
        spec = DATA.abilities[key]
        return Ability(unit=u.id, who=lab(u), ability=key, ap=spec.ap, target=t.id, whom=lab(t), cell=c,
                       direction=d)

    return st.one_of(
        st.builds(lambda u, path: Move(unit=u.id, who=lab(u), path=tuple(path), ap=len(path)), unit,
                  st.lists(cell, min_size=1, max_size=3)),
        st.builds(lambda u, c: Dig(unit=u.id, who=lab(u), cell=c), unit, cell),
        st.builds(lambda u, c, k, n: MineOrder(unit=u.id, who=lab(u), cell=c, mine=k, ap=n), unit, cell,
                  st.sampled_from(["gold", "iron", "gem"]), st.integers(1, 3)),
        st.builds(lambda u, c, k: Build(unit=u.id, who=lab(u), building=k, cell=c), unit, cell,
                  st.sampled_from(sorted(DATA.buildings))),
        st.builds(lambda u, t, n: Attack(unit=u.id, who=lab(u), target=t.id, whom=lab(t), cell=t.cell, ap=n),
                  unit, unit, st.integers(1, 3)),
        st.builds(lambda u, b: AttackBuilding(unit=u.id, who=lab(u), building=b.id, building_kind=b.kind,
                                              cell=b.cell), unit, building),
        st.builds(lambda u, b, n: Capture(unit=u.id, who=lab(u), building=b.id, cell=b.cell, ap=n), unit, building,
                  st.integers(1, 4)),
        st.builds(ability, unit, st.sampled_from(active_abilities), unit, cell,
                  st.sampled_from(["N", "NE", "E", "SE", "S", "SW", "W", "NW"])),
        st.builds(lambda k, n: Summon(unit_kind=k, count=n), st.sampled_from(["imp", "bes"]), st.integers(1, 3)),
        st.builds(lambda u, k: UpgradeUnit(unit=u.id, who=lab(u), to=k), unit, st.sampled_from(sorted(DATA.units))),
        st.builds(lambda b, n: UpgradeBuilding(building=b.id, cell=b.cell, level=n), building, st.integers(2, 11)),
        st.builds(lambda k: Research(spell=k), st.sampled_from(sorted(DATA.spells))),
        st.builds(lambda k, u: Cast(spell=k, target=u.id, whom=lab(u)), st.sampled_from(sorted(DATA.spells)), unit),
        st.builds(lambda a, u: Equip(artifact=a, unit=u.id, who=lab(u)),
                  st.sampled_from(["sword", "armour", "amulet", "crown"]), unit),
        st.builds(lambda k, u: SendSpirit(spirit=k, unit=u.id, who=lab(u)),
                  st.sampled_from(["guardian", "valour", "life"]), unit),
        st.builds(lambda b, n: TowerShot(tower=b.id, cell=b.cell, ap=n), building, st.integers(1, 3)),
        st.builds(lambda u, o: Pickup(unit=u.id, who=lab(u), object=o, object_kind="chest", cell=u.cell), unit,
                  st.sampled_from(sorted(s.objects) or ["o1"])),
        st.just(EndTurn()),
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_orders_are_checked_and_resolved_without_raising_DK_GAP_12(data):
    """DK-GAP-12: lines with errors are skipped at resolution; the rest run in order."""
    s = position()
    orders = data.draw(st.lists(orders_for(s), max_size=8))
    checker = Checker(s, s.active)  # type: ignore[arg-type]
    legal = 0
    for o in orders:
        if not checker.check(o):
            legal += 1
        checker.describe(o)
    before = s.model_dump(mode="json")
    out = apply(s, s.active, orders, Dice(SEED))  # type: ignore[arg-type]
    assert s.model_dump(mode="json") == before
    skipped = sum(1 for e in out.events if e.kind in ("refused", "skipped"))
    assert skipped <= len(orders)
    dumped = out.state.model_dump(mode="json")
    assert State.model_validate_json(json.dumps(dumped)).model_dump(mode="json") == dumped
    assert legal <= len(orders)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_what_the_checker_accepts_without_a_roll_is_never_refused_DK_GAP_11(data):
    """DK-GAP-11: a post the checker accepts resolves without a single refused line (lines after a
    roll may be skipped, never refused)."""
    s = position()
    checker = Checker(s, s.active)  # type: ignore[arg-type]
    accepted = [o for o in data.draw(st.lists(orders_for(s), max_size=10)) if not checker.check(o)]
    out = apply(s, s.active, accepted, Dice(SEED))  # type: ignore[arg-type]
    assert not [e.text for e in out.events if e.kind == "refused"]
