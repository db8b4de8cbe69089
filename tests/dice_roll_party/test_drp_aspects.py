"""Optional aspects and the gated-boost variant (DRP-ASP, DRP-VAR, DRP-GAP-23..26)."""

from __future__ import annotations

import pytest
from drp_factory import codes, game, kinds, run
from pydantic import ValidationError

from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Attack, Colour, Defence, Shift, Transfer, Zone
from rulesets.dice_roll_party.rules import mechanics as m
from rulesets.dice_roll_party.rules.legality import simulate
from rulesets.dice_roll_party.state import Character

ASPECTS = Options(aspects=True)
GATED = Options(aspects=True, aspect_gated_boosts=True)
RED = "2/5/2/3"    # red 7 → Потенциал
BLUE = "6/2/0/4"   # blue 6 → Время
GREEN = "2/2/1/7"  # green 7 → Форма
NONE = "4/2/2/4"   # 4/4/4 → no aspect


def sheet(s: str) -> Character:
    t, a, d, f = map(int, s.split("/"))
    return Character(time=t, attack=a, defence=d, form=f)


def hit_damage(p1, p2, options, order=None, roll=(10,), defence_roll=(1,)):
    s = game((p1,) * 4, (p2,) * 4, options=options)
    s = run(s, "p1", order or Attack(attacker=1, target=1), rolls=roll).state
    out = run(s, "p2", Defence(presoak=0), rolls=defence_roll)
    return next(e for e in out.events if e.kind == "hit").data["damage"], s


def test_aspects_are_off_by_default_DRP_ASP_01():
    """DRP-ASP-01: without the module a matching pair deals no bonus."""
    assert Options().aspects is False
    plain, _ = hit_damage(RED, RED, Options())
    bonus, _ = hit_damage(RED, RED, ASPECTS)
    assert (plain, bonus) == (5, 6)


def test_aspect_is_the_strictly_predominant_colour_DRP_ASP_02_DRP_GAP_23():
    """DRP-ASP-02 / DRP-GAP-23: red counts attack + defence; any tie at the top → no aspect."""
    assert m.aspect(sheet(RED)) is Colour.RED
    assert m.aspect(sheet("4/2/2/3")) is None  # blue 4, red 4
    assert m.aspect(sheet(NONE)) is None
    assert m.aspect(sheet("5/2/2/3")) is Colour.BLUE


def test_potential_beats_potential_DRP_ASP_03():
    """DRP-ASP-03: Аспект Потенциала has advantage over Аспект Потенциала only."""
    assert m.advantage(ASPECTS, sheet(RED), sheet(RED))
    assert not m.advantage(ASPECTS, sheet(RED), sheet(GREEN))
    assert not m.advantage(ASPECTS, sheet(RED), sheet(BLUE))


def test_form_beats_time_DRP_ASP_04():
    """DRP-ASP-04: Аспект Формы has advantage over Аспект Времени."""
    assert m.advantage(ASPECTS, sheet(GREEN), sheet(BLUE))
    assert not m.advantage(ASPECTS, sheet(GREEN), sheet(GREEN))


def test_time_beats_form_DRP_ASP_05_DRP_GAP_24():
    """DRP-ASP-05 / DRP-GAP-24: Время beats Форма — the literal, mutual chart — and nothing else;
    a GM table replaces it."""
    assert m.advantage(ASPECTS, sheet(BLUE), sheet(GREEN))
    assert not m.advantage(ASPECTS, sheet(BLUE), sheet(RED))
    cycle = Options(aspects=True, aspect_chart={"red": ["green"], "green": ["blue"], "blue": ["red"]})
    assert m.advantage(cycle, sheet(BLUE), sheet(RED)) and not m.advantage(cycle, sheet(BLUE), sheet(GREEN))
    with pytest.raises(ValidationError):
        Options(aspects=True, aspect_chart={"red": ["green"]})


def test_no_aspect_no_advantage_either_way_DRP_ASP_06():
    """DRP-ASP-06: a character without aspect neither has nor gives advantage."""
    for other in (RED, BLUE, GREEN):
        assert not m.advantage(ASPECTS, sheet(NONE), sheet(other))
        assert not m.advantage(ASPECTS, sheet(other), sheet(NONE))


def test_advantage_adds_one_damage_on_a_hit_DRP_ASP_07():
    """DRP-ASP-07: +1 damage when the attack with advantage hits (shown in the formula)."""
    s = game((GREEN,) * 4, (BLUE,) * 4, options=ASPECTS)
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(6,)).state
    assert s.attack.advantage
    out = run(s, "p2", Defence(presoak=0), rolls=(1,))
    hit = next(e for e in out.events if e.kind == "hit")
    assert hit.data["damage"] == 3 and "преимущество 1" in hit.text


def test_aspect_follows_every_change_DRP_ASP_08_DRP_GAP_23():
    """DRP-ASP-08 / DRP-GAP-23: Phase 1 moves change the aspect; advantage is judged at the
    declaration, before the attack's time is paid."""
    s = game(("5/2/0/4",) * 4, (GREEN,) * 4, options=ASPECTS)  # blue 5 vs red 2, green 4: Время
    assert m.advantage(ASPECTS, s.char("p1", 1), s.char("p2", 1))
    moved, _ = simulate(s, "p1", Transfer(source=1, target=2, zone=Zone.TIME, lands=Zone.TIME, count=2))
    assert m.aspect(moved.char("p1", 1)) is Colour.GREEN
    # paying 1 time would make blue 4 = green 4 (no aspect), but advantage is judged before paying
    declared, _ = simulate(s, "p1", Attack(attacker=1, target=1))
    assert declared.attack.advantage and m.aspect(declared.char("p1", 1)) is None


def test_gated_variant_needs_aspects_DRP_VAR_01():
    """DRP-VAR-01: `aspect_gated_boosts` is off by default and requires `aspects`."""
    assert Options().aspect_gated_boosts is False
    with pytest.raises(ValidationError, match="модуля «Аспекты»"):
        Options(aspect_gated_boosts=True)


def test_superiority_only_with_advantage_DRP_VAR_02():
    """DRP-VAR-02: attack superiority needs aspect advantage over the target."""
    s = game((RED,) * 4, (RED, GREEN, RED, RED), options=GATED)
    assert codes(s, "p1", Attack(attacker=1, target=1, superiority=True)) == []
    assert codes(s, "p1", Attack(attacker=1, target=2, superiority=True)) == ["boost.gated_superiority"]


def test_counter_only_for_potential_aspect_DRP_VAR_03():
    """DRP-VAR-03: only a defender with Аспект Потенциала may counterattack."""
    s = game((NONE,) * 4, (RED, GREEN, RED, RED), options=GATED)
    s1 = run(s, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
    assert codes(s1, "p2", Defence(counter=True)) == []
    s2 = run(s, "p1", Attack(attacker=1, target=2), rolls=(1,)).state
    assert codes(s2, "p2", Defence(counter=True)) == ["boost.gated_counter"]


def test_absorption_only_for_form_aspect_DRP_VAR_04():
    """DRP-VAR-04: with gates, absorption works only for a defender with Аспект Формы."""
    form_target = "1/1/3/7"   # green 7
    time_target = "7/1/3/1"   # blue 7
    for target, absorbed in ((form_target, True), (time_target, False)):
        s = game(("3/5/0/4",) * 4, (target,) * 4, options=GATED)
        s = run(s, "p1", Attack(attacker=1, target=1), rolls=(12,)).state
        out = run(s, "p2", Defence(presoak=0), rolls=(8,))  # d8 top face
        assert ("absorb" in kinds(out)) is absorbed


def test_insurance_only_for_time_aspect_DRP_VAR_05():
    """DRP-VAR-05: attack or defence insurance only for a character with Аспект Времени."""
    s = game((BLUE, RED, BLUE, BLUE), (BLUE, RED, BLUE, BLUE), options=GATED)
    assert codes(s, "p1", Attack(attacker=1, target=1, insurance=True)) == []
    assert codes(s, "p1", Attack(attacker=2, target=1, insurance=True)) == ["boost.gated_insurance"]
    s1 = run(s, "p1", Attack(attacker=1, target=2), rolls=(1,)).state
    assert codes(s1, "p2", Defence(insurance=True)) == ["boost.gated_insurance"]


def test_aspect_bonus_on_counter_is_an_option_DRP_GAP_25():
    """DRP-GAP-25: the counterattack gets no aspect bonus unless `aspect_on_counter`."""
    for options, expected in ((ASPECTS, 5), (Options(aspects=True, aspect_on_counter=True), 6)):
        s = game((RED,) * 4, ("2/5/2/3",) * 4, options=options)
        s = run(s, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
        out = run(s, "p2", Defence(counter=True), rolls=(6,))
        assert next(e for e in out.events if e.kind == "counter").data["damage"] == expected


def test_gated_defence_superiority_DRP_GAP_26():
    """DRP-GAP-26: under gates defence superiority is unavailable, or free for all with the option."""
    for options, expected in ((GATED, ["boost.gated_def_superiority"]),
                              (Options(aspects=True, aspect_gated_boosts=True, gated_defence_superiority="free"), [])):
        s = game((NONE,) * 4, (RED,) * 4, options=options)
        s = run(s, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
        assert codes(s, "p2", Defence(superiority=True)) == expected


def test_shift_does_not_change_aspect_colour_DRP_ASP_02():
    """DRP-ASP-02: red in attack and defence count together, so a shift keeps the aspect."""
    s = game((RED,) * 4, (RED,) * 4, options=ASPECTS)
    moved, _ = simulate(s, "p1", Shift(slot=1, source=Zone.ATTACK, count=3))
    assert m.aspect(moved.char("p1", 1)) is Colour.RED
