"""Phase 3 «Защита», damage, soaking, counterattack, absorption and winning (DRP-DEF, DRP-DMG, DRP-WIN)."""

from __future__ import annotations

from drp_factory import codes, game, kinds, run

from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Add, Attack, Defence, Soak, Zone
from rulesets.dice_roll_party.rules.legality import allowed_kinds, describe, simulate
from rulesets.dice_roll_party.rules.turns import default_orders, turn


def attacked(p1=("3/4/2/3",) * 4, p2=("3/4/2/3",) * 4, order=None, roll=(5,), **kw):
    """p1's П1 has attacked p2's П1 with the given rolls; p2 now defends."""
    s = game(p1, p2, **kw)
    return run(s, "p1", order or Attack(attacker=1, target=1), rolls=roll).state


def hit_event(out):
    return next(e for e in out.events if e.kind in ("hit", "miss"))


def test_defence_class_from_defence_potential_DRP_DEF_01():
    """DRP-DEF-01: the target's defence potential sets its die (3 → d8)."""
    s = attacked(p2=("2/4/3/3",) * 4)
    out = run(s, "p2", Defence(), rolls=(8,))
    assert out.state.attack is None and "Класс защиты 3, 1d8 → 8" in out.events[0].text


def test_basic_defence_is_free_even_without_time_DRP_DEF_02_DRP_TOK_03():
    """DRP-DEF-02 / DRP-TOK-03: 0 time still rolls defence; nothing is paid (and, with no boost to
    buy, nothing is asked: the defence comes in the attack's step, issue 9)."""
    s = game(("3/4/2/3",) * 4, ("0/4/3/5",) * 4)
    out = run(s, "p1", Attack(attacker=1, target=1), rolls=(5, 8))
    defence = next(e for e in out.events if e.kind == "defence")
    assert defence.data["rolls"] == [8] and defence.data["cost"] == 0
    declared, _ = simulate(s, "p1", Attack(attacker=1, target=1))
    assert codes(declared, "p2", Defence(class_up=1)) == ["defence.cost_exceeds_time"]


def test_defence_class_up_DRP_DEF_03():
    """DRP-DEF-03: one class higher for 1 time of the target."""
    s = attacked(p2=("2/4/3/3",) * 4)
    out = run(s, "p2", Defence(class_up=1), rolls=(10,))
    assert out.events[0].data["sides"] == 10 and out.state.char("p2", 1).time == 1


def test_defence_insurance_is_a_floor_DRP_DEF_04_DRP_GAP_16():
    """DRP-DEF-04 / DRP-GAP-16: max(die, defence potential), never lowering a better roll."""
    s = attacked(p2=("2/1/5/4",) * 4, roll=(6,))
    out = run(s, "p2", Defence(insurance=True), rolls=(2,))
    assert out.events[0].data["final"] == 5
    out = run(s, "p2", Defence(insurance=True), rolls=(11,))
    assert out.events[0].data["final"] == 11


def test_defence_superiority_DRP_DEF_05():
    """DRP-DEF-05: two rolls, the better kept, for 1 time."""
    s = attacked(p2=("2/4/3/3",) * 4)
    out = run(s, "p2", Defence(superiority=True), rolls=(2, 7))
    assert out.events[0].data["rolls"] == [2, 7] and out.events[0].data["final"] == 7
    assert out.state.char("p2", 1).time == 1


def test_counter_on_success_paid_either_way_DRP_DEF_06_DRP_GAP_17():
    """DRP-DEF-06 / DRP-GAP-17: a successful defence deals the defender's attack class (capped at 6,
    or the potential with the option) to the attacker as an automatic hit the attacker may soak;
    its 1 time is paid even when the defence fails."""
    s = attacked(p2=("2/8/3/3",) * 4, roll=(3,))
    out = run(s, "p2", Defence(counter=True), rolls=(5,))
    assert kinds(out)[:3] == ["defence", "miss", "counter"]
    assert out.events[2].data["damage"] == 6
    assert out.state.phase == "soak" and turn(out.state).factions == ["p1"]
    done = run(out.state, "p1", Soak(amount=2))
    c = done.state.char("p1", 1)
    assert (c.time, c.form, c.defence, c.attack) == (0, 0, 1, 4)  # 2 soaked, then 3 form, 1 defence
    potential = attacked(p2=("2/8/3/3",) * 4, roll=(3,), options=Options(counter_damage="potential"))
    out = run(potential, "p2", Defence(counter=True), rolls=(5,))
    assert out.events[2].data["damage"] == 8
    failed = run(s, "p2", Defence(counter=True), rolls=(1,))
    assert "counter" not in kinds(failed) and failed.state.char("p2", 1).time == 1


def test_counter_with_no_attack_deals_nothing_DRP_GAP_17():
    """DRP-GAP-17 (d): a counterattacker with 0 attack deals 0; an attacker without time gets no
    soaking decision."""
    s = attacked(p2=("2/0/3/7",) * 4, roll=(3,))
    out = run(s, "p2", Defence(counter=True), rolls=(5,))
    assert out.events[2].data["damage"] == 0 and out.state.active == "p2" and out.state.phase == "turn"
    s = attacked(p1=("1/4/2/3",) * 4, p2=("2/3/3/4",) * 4, roll=(3,))
    out = run(s, "p2", Defence(counter=True), rolls=(5,))
    assert out.state.phase == "turn" and out.state.char("p1", 1).form == 0


def test_absorption_on_minimum_or_maximum_DRP_DEF_07_DRP_GAP_18():
    """DRP-DEF-07 / DRP-GAP-18: attacker's kept die shows 1 or defender's kept die its top face →
    damage minus defence potential, applied automatically, after all additions, floor 0."""
    # attacker rolls 1 on d10 with insurance → final 4 > defence 3: hit, but absorbed
    s = attacked(p1=("4/4/2/3",) * 4, p2=("2/2/3/3",) * 4,
                 order=Attack(attacker=1, target=1, insurance=True, damage=1), roll=(1,))
    out = run(s, "p2", Defence(), rolls=(3,))
    assert kinds(out)[:3] == ["defence", "absorb", "hit"]
    assert hit_event(out).data["damage"] == 4 + 1 - 3
    # defender's d6 shows 6 but insurance of the attacker still wins: 7 vs 6
    s = attacked(p1=("4/7/2/3",) * 4, p2=("2/2/2/3",) * 4, order=Attack(attacker=1, target=1, insurance=True),
                 roll=(2,))
    out = run(s, "p2", Defence(), rolls=(6,))
    assert hit_event(out).data["block"] == 2 and hit_event(out).data["damage"] == 5
    # class 0 never triggers it
    s = attacked(p1=("4/0/2/3",) * 4, p2=("2/2/0/3",) * 4, roll=())
    out = run(s, "p2", Defence())
    assert "absorb" not in kinds(out)
    assert codes(attacked(), "p2", Defence(absorb_named=True)) == []


def test_defence_boosts_combine_pay_then_roll_DRP_DEF_08_DRP_GAP_19():
    """DRP-DEF-08 / DRP-GAP-19: each boost 1 time of the target itself, paid into the bag first."""
    s = attacked(p2=("4/4/3/1", "9/1/1/1", "1/1/1/1", "1/1/1/1"), bag="0/0/0")
    full = Defence(class_up=1, insurance=True, superiority=True, counter=True)
    declared, v = simulate(s, "p2", full)
    assert v == [] and declared.char("p2", 1).time == 0 and declared.bag.blue == s.bag.blue + 4
    assert describe(s, "p2", full)[1] == "время П1: 4 → 0"
    too_much = Defence(class_up=1, insurance=True, superiority=True, counter=True, presoak=1)
    assert codes(s, "p2", too_much) == ["defence.presoak_exceeds_time"]
    assert codes(declared, "p2", Defence()) == ["step.defence_done"]


def test_hit_only_when_strictly_greater_DRP_DEF_09():
    """DRP-DEF-09: equal values are a successful defence."""
    s = attacked(roll=(4,))
    out = run(s, "p2", Defence(), rolls=(4,))
    assert hit_event(out).kind == "miss" and out.state.char("p2", 1).total == 12
    out = run(s, "p2", Defence(), rolls=(3,))
    assert hit_event(out).kind == "hit"


def test_defender_sees_the_attack_roll_first_DRP_DEF_10():
    """DRP-DEF-10: the attack is rolled and shown before the defender posts."""
    s = attacked(roll=(9,))
    assert s.attack.roll.final == 9 and allowed_kinds(s, "p2") == frozenset({"defence"})
    assert "итог атаки 9" in turn(s).prompt
    assert codes(s, "p1", Add(slot=1, zone=Zone.TIME)) == ["step.after_attack"]


def test_damage_is_potential_plus_boost_DRP_DMG_01():
    """DRP-DMG-01: attack potential (not class) + N, never below 0."""
    s = game(("5/8/0/1",) * 4, ("0/0/0/12",) * 4)
    out = run(s, "p1", Attack(attacker=1, target=1, damage=2), rolls=(3,))  # no time: defends unasked
    assert hit_event(out).data["damage"] == 10 and out.state.char("p2", 1).form == 2


def test_damage_priority_form_defence_attack_time_DRP_DMG_02_DRP_TOK_04():
    """DRP-DMG-02 / DRP-TOK-04: form first, then defence, then attack, then time; all into the bag."""
    s = attacked(p1=("5/6/0/1",) * 4, p2=("3/1/2/1",) * 4, roll=(19,), bag="0/0/0")
    out = run(s, "p2", Defence(presoak=0), rolls=(1,))
    c = out.state.char("p2", 1)
    assert (c.time, c.attack, c.defence, c.form) == (1, 0, 0, 0)
    losses = next(e for e in out.events if e.kind == "damage").data["losses"]
    assert losses == {"form": 1, "defence": 2, "attack": 1, "time": 2}
    assert out.state.bag.red == 3 and out.state.bag.green == 1 and out.state.bag.blue == 1 + 2


def test_soaking_with_time_is_the_owners_choice_DRP_DMG_03():
    """DRP-DMG-03: after a hit the owner decides how much to pay with time (0..time); pre-declared
    in the defence post it resolves at once; with no time there is nothing to decide."""
    s = attacked(p2=("3/4/2/3",) * 4, roll=(7,))
    out = run(s, "p2", Defence(), rolls=(1,))
    assert out.state.phase == "soak" and turn(out.state).factions == ["p2"]
    assert codes(out.state, "p2", Soak(amount=4)) == ["soak.exceeds_time"]
    done = run(out.state, "p2", Soak(amount=2))
    c = done.state.char("p2", 1)
    assert (c.time, c.form, c.defence) == (1, 1, 2)
    pre = run(s, "p2", Defence(presoak=1), rolls=(1,))
    assert pre.state.phase == "turn" and pre.state.char("p2", 1).time == 2
    dry = attacked(p2=("0/4/2/6",) * 4, roll=(7,))
    assert run(dry, "p2", Defence(), rolls=(1,)).state.phase == "turn"
    small = run(attacked(p1=("3/1/2/3",) * 4, roll=(4,)), "p2", Defence(), rolls=(1,)).state
    assert codes(small, "p2", Soak(amount=2)) == ["soak.exceeds_damage"]


def test_overkill_is_lost_and_the_character_falls_DRP_DMG_04_DRP_SETUP_05():
    """DRP-DMG-04 / DRP-SETUP-05: damage beyond the tokens is wasted; the slot closes for good."""
    s = game(("3/9/0/0",) * 4, ("0/1/1/2", "3/4/2/3", "3/4/2/3", "3/4/2/3"))
    out = run(s, "p1", Attack(attacker=1, target=1), rolls=(20, 1))  # no time: defends unasked
    dmg = next(e for e in out.events if e.kind == "damage")
    assert dmg.data["wasted"] == 5 and "destroyed" in kinds(out)
    st = out.state
    assert st.player("p2").slots[0] is None
    st = run(st, "p2", Attack(attacker=2, target=1), rolls=(1,)).state
    st = run(st, "p1", Defence(), rolls=(1,)).state
    assert codes(st, "p1", Attack(attacker=1, target=1)) == ["attack.target_closed"]


def test_turn_passes_after_defence_DRP_DMG_05_DRP_GEN_03():
    """DRP-DMG-05 / DRP-GEN-03: after Phase 3 (and any soaking) the opponent starts with Phase 1."""
    s = attacked(roll=(2,))
    out = run(s, "p2", Defence(), rolls=(5,))
    assert out.state.active == "p2" and out.state.phase == "turn" and out.state.limit == 3
    assert kinds(out)[-1] == "turn"


def test_last_character_lost_loses_even_mid_turn_DRP_WIN_01():
    """DRP-WIN-01: the game ends the moment a player has no characters — here by a counterattack."""
    s = attacked(p1=("1/2/0/1", None, None, None), p2=("2/4/3/3",) * 4, roll=(1,))
    out = run(s, "p2", Defence(counter=True), rolls=(5,))
    assert out.state.over and out.state.winner == "p2"
    assert kinds(out)[-3:] == ["destroyed", "eliminated", "win"]
    assert turn(out.state).over and allowed_kinds(out.state, "p2") == frozenset()
    assert codes(out.state, "p2", Attack(attacker=1, target=1)) == ["step.game_over"]


def test_deadline_defaults_for_reactions_DRP_GAP_29():
    """DRP-GAP-29: no answer → defence without boosts (absorption still automatic), soak 0."""
    s = attacked()
    assert default_orders(s, "p2") == [Defence()]
    assert default_orders(s, "p1") == []
    out = run(s, "p2", *default_orders(s, "p2"), rolls=(1,))
    assert default_orders(out.state, "p2") == [Soak(amount=0)]
    assert "урон не гасится" in turn(out.state).default
