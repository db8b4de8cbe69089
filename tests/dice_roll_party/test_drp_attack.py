"""Phase 2 «Атака», classes and dice, and who may attack (DRP-ATK, DRP-CLASS, DRP-DICE, DRP-TURN)."""

from __future__ import annotations

import pytest
from drp_factory import clauses, codes, dice, game, kinds, run

from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Add, Attack, Defence, Skip, Transfer, Zone
from rulesets.dice_roll_party.rules import mechanics as m
from rulesets.dice_roll_party.rules.legality import describe, simulate
from rulesets.dice_roll_party.rules.resolution import roll_side
from rulesets.dice_roll_party.rules.turns import default_orders, turn

OTHER = ("3/4/2/3",) * 4


def attack_roll(state, order, *rolls):
    out = run(state, "p1", order, rolls=rolls)
    return out, out.state.attack.roll


def test_attacker_and_target_give_class_and_die_DRP_ATK_01():
    """DRP-ATK-01: the named attacker's attack potential sets the class and die; the roll is shown."""
    s = game(("3/3/2/4",) * 4, OTHER)
    out, roll = attack_roll(s, Attack(attacker=2, target=4), 5)
    assert roll.sides == 8 and roll.final == 5
    a = out.state.attack
    assert (a.attacker, a.attacker_slot, a.target, a.target_slot) == ("p1", 2, "p2", 4)
    assert "Класс атаки 3, 1d8 → 5" in out.events[0].text
    assert describe(s, "p1", Attack(attacker=2, target=4)) == ("П2 атакует П4 соперника: d8", "время П2: 3 → 2")


def test_basic_attack_costs_one_time_DRP_ATK_02_DRP_TOK_03():
    """DRP-ATK-02 / DRP-TOK-03: one time; with none the character cannot attack (but still defends)."""
    s = game(("1/3/2/4", "0/5/2/4", "2/2/2/2", "2/2/2/2"), OTHER)
    out, _ = attack_roll(s, Attack(attacker=1, target=1), 1)
    assert out.state.char("p1", 1).time == 0 and out.state.bag.blue == 1
    assert codes(s, "p1", Attack(attacker=2, target=1)) == ["attack.no_time"]
    assert clauses(s, "p1", Attack(attacker=2, target=1)) == ["DRP-ATK-02"]


def test_class_up_rolls_the_next_die_DRP_ATK_03_DRP_CLASS_04():
    """DRP-ATK-03 / DRP-CLASS-04: potential 3 rolls d10 instead of d8, for 1 more time."""
    s = game(("4/3/2/3",) * 4, OTHER)
    out, roll = attack_roll(s, Attack(attacker=1, target=1, class_up=1), 10)
    assert roll.sides == 10 and roll.final == 10 and out.state.char("p1", 1).time == 2
    assert [m.die(m.rolled_class(p, 1)) for p in range(6)] == [4, 6, 8, 10, 12, 20]


def test_damage_boost_adds_n_for_n_time_DRP_ATK_04():
    """DRP-ATK-04: N time buys N extra damage on a hit."""
    s = game(("5/3/2/3",) * 4, ("3/4/0/8",) * 4)
    out, _ = attack_roll(s, Attack(attacker=1, target=1, damage=3), 8)
    assert out.state.char("p1", 1).time == 1
    out2 = run(out.state, "p2", Defence(presoak=0), rolls=())
    hit = next(e for e in out2.events if e.kind == "hit")
    assert hit.data["damage"] == 3 + 3


def test_insurance_floor_is_the_potential_not_the_class_DRP_ATK_05_DRP_CLASS_03():
    """DRP-ATK-05 / DRP-CLASS-03: final = max(die, attack potential); class up does not raise the
    floor; potential 8 still rolls d20 but floors at 8."""
    s = game(("4/4/2/2", "4/8/0/2", "4/4/2/2", "4/4/2/2"), OTHER)
    _, roll = attack_roll(s, Attack(attacker=1, target=1, insurance=True), 2)
    assert (roll.kept, roll.final) == (2, 4)
    _, roll = attack_roll(s, Attack(attacker=1, target=1, insurance=True, class_up=1), 3)
    assert roll.sides == 12 and roll.final == 4
    _, roll = attack_roll(s, Attack(attacker=2, target=1, insurance=True), 5)
    assert roll.sides == 20 and roll.final == 8
    assert m.klass(8) == 6


def test_superiority_rolls_twice_keeps_the_better_DRP_ATK_06_DRP_DICE_02():
    """DRP-ATK-06 / DRP-DICE-02: two rolls of the same die, the higher is kept; both shown."""
    s = game(("4/4/2/2",) * 4, OTHER)
    out, roll = attack_roll(s, Attack(attacker=1, target=1, superiority=True), 3, 9)
    assert roll.rolls == [3, 9] and roll.final == 9 and len(out.events[0].rolls) == 2
    _, single = attack_roll(s, Attack(attacker=1, target=1), 3)
    assert single.rolls == [3]


def test_boosts_combine_and_add_up_DRP_ATK_07():
    """DRP-ATK-07: total = 1 + class up + insurance + superiority + N."""
    s = game(("7/2/2/1",) * 4, OTHER)
    order = Attack(attacker=1, target=1, class_up=1, insurance=True, superiority=True, damage=2)
    out, roll = attack_roll(s, order, 1, 1)
    assert out.state.char("p1", 1).time == 7 - 6 and out.events[0].data["cost"] == 6
    assert roll.sides == 8 and roll.final == 2  # insured up to potential 2


def test_pay_before_the_roll_then_superiority_then_insurance_DRP_ATK_08_DRP_TOK_08():
    """DRP-ATK-08 / DRP-TOK-08: time goes to the bag as the attack is declared; the final value
    applies superiority first, then insurance."""
    s = game(("4/5/0/3",) * 4, OTHER, bag="0/0/0")
    declared, v = simulate(s, "p1", Attack(attacker=1, target=1, superiority=True, insurance=True))
    assert v == [] and declared.bag.blue == 3 and declared.attack.roll is None
    _, roll = attack_roll(s, Attack(attacker=1, target=1, superiority=True, insurance=True), 2, 3)
    assert (roll.kept, roll.final) == (3, 5)


def test_cost_over_time_is_illegal_with_a_hint_DRP_ATK_09():
    """DRP-ATK-09: total cost above the attacker's time is refused, with what to drop."""
    s = game(("3/4/2/3",) * 4, OTHER)
    v = simulate(s, "p1", Attack(attacker=1, target=1, superiority=True, insurance=True, damage=1))[1]
    assert [x.code for x in v] == ["attack.cost_exceeds_time"] and v[0].clause == "DRP-ATK-09"
    assert "превосходство" in v[0].hint and "одно очко урона" in v[0].hint
    assert "4 времени" in v[0].message and "только 3" in v[0].message
    assert codes(s, "p1", Attack(attacker=1, target=1, superiority=True, insurance=True)) == []


def test_who_pays_is_the_attacker_alone_DRP_GAP_19():
    """DRP-GAP-19: time in storage or on other characters does not pay for an attack."""
    s = game(("1/4/2/3", "6/1/1/1", "1/1/1/1", "1/1/1/1"), OTHER, storages=["0/9/0", "0/0/0"])
    assert codes(s, "p1", Attack(attacker=1, target=1, superiority=True)) == ["attack.cost_exceeds_time"]


def test_class_is_red_count_capped_at_six_DRP_CLASS_01_DRP_CLASS_02():
    """DRP-CLASS-01 / DRP-CLASS-02: class = red tokens in the zone, at most 6; the die by class;
    class 0 rolls nothing and counts 1."""
    assert [m.die(m.klass(p)) for p in range(9)] == [0, 4, 6, 8, 10, 12, 20, 20, 20]
    s = game(("2/0/2/8",) * 4, OTHER)
    out, roll = attack_roll(s, Attack(attacker=1, target=1))
    assert (roll.sides, roll.final, out.events[0].rolls) == (0, 1, [])
    assert "кубик не бросается" in out.events[0].text


def test_class_up_once_from_zero_gives_d4_never_above_d20_DRP_GAP_15():
    """DRP-GAP-15: one class up per roll; from class 0 it gives a real d4; at class 6 it is illegal;
    `stack_class_up` allows more steps, never above d20."""
    s = game(("5/0/2/5", "5/6/0/1", "5/4/1/2", "5/4/1/2"), OTHER)
    _, roll = attack_roll(s, Attack(attacker=1, target=1, class_up=1), 3)
    assert roll.sides == 4 and roll.final == 3
    assert codes(s, "p1", Attack(attacker=2, target=1, class_up=1)) == ["boost.class_up_max"]
    assert codes(s, "p1", Attack(attacker=3, target=1, class_up=2)) == ["boost.class_up_repeat"]
    stack = game(("5/0/2/5", "5/6/0/1", "5/4/1/2", "5/4/1/2"), OTHER, options=Options(stack_class_up=True))
    _, roll = attack_roll(stack, Attack(attacker=3, target=1, class_up=2), 17)
    assert roll.sides == 20
    assert codes(stack, "p1", Attack(attacker=3, target=1, class_up=3)) == ["boost.class_up_over"]


def test_class_zero_boosts_DRP_GAP_30():
    """DRP-GAP-30: class 0 → 1 without a die; superiority needs a class up (then d4 twice);
    insurance is legal but its floor is 0."""
    s = game(("5/0/2/5",) * 4, OTHER)
    assert codes(s, "p1", Attack(attacker=1, target=1, superiority=True)) == ["boost.superiority_class0"]
    _, roll = attack_roll(s, Attack(attacker=1, target=1, superiority=True, class_up=1), 2, 4)
    assert roll.sides == 4 and roll.rolls == [2, 4] and roll.final == 4
    _, roll = attack_roll(s, Attack(attacker=1, target=1, insurance=True))
    assert roll.final == 1


def test_turn_method_is_an_option_DRP_TURN_01():
    """DRP-TURN-01: simple by default; cyclic and initiative change who may attack."""
    assert Options().turn_order == "simple"
    sides = ("1/1/1/1", "5/1/1/1", "2/2/2/2", "1/1/1/1")
    assert m.allowed_attackers(game(sides, OTHER), "p1") == [1, 2, 3, 4]
    assert m.allowed_attackers(game(sides, OTHER, options=Options(turn_order="cyclic")), "p1") == [1]
    assert m.allowed_attackers(game(sides, OTHER, options=Options(turn_order="initiative")), "p1") == [2]


def test_simple_any_living_character_then_the_opponent_DRP_TURN_02():
    """DRP-TURN-02: any living character of the active player; afterwards the opponent attacks."""
    s = game(("1/1/1/1", None, "2/2/2/2", "1/1/1/1"), OTHER)
    assert codes(s, "p1", Attack(attacker=4, target=1)) == []
    assert codes(s, "p1", Attack(attacker=2, target=1)) == ["attack.no_attacker"]
    s = run(s, "p1", Attack(attacker=4, target=1), rolls=(1,)).state
    s = run(s, "p2", Defence(), rolls=(6,)).state
    assert s.active == "p2" and s.phase == "turn"


def test_cyclic_order_and_pointers_DRP_TURN_03_DRP_GAP_21():
    """DRP-TURN-03 / DRP-GAP-21: slot order alternating players, each with a pointer that advances
    after every turn (attack or skip), skipping closed slots and wrapping 4 → 1."""
    o = Options(turn_order="cyclic")
    s = game(("2/2/2/2", None, "2/2/2/2", "2/2/2/2"), ("2/2/2/2",) * 4, options=o)
    assert codes(s, "p1", Attack(attacker=3, target=1)) == ["attack.cyclic"]
    seen = []
    for _ in range(8):
        f = s.active
        slot = m.allowed_attackers(s, f)[0]
        seen.append((f, slot))
        s = run(s, f, Attack(attacker=slot, target=1), rolls=(1,)).state
        if s.attack is not None:  # a target left without time defends unasked (issue 9)
            s = run(s, s.attack.target, Defence(), rolls=(2,)).state
    assert seen == [("p1", 1), ("p2", 1), ("p1", 3), ("p2", 2), ("p1", 4), ("p2", 3), ("p1", 1), ("p2", 4)]


def test_cyclic_designated_without_time_skips_DRP_GAP_21():
    """DRP-GAP-21: if the designated character has no time after Phase 1 the turn is skipped and
    the pointer advances; with time from Phase 1 it must attack."""
    o = Options(turn_order="cyclic")
    s = game(("0/2/2/2", "3/2/2/2", "2/2/2/2", "2/2/2/2"), OTHER, options=o, storages=["0/1/0", "0/0/0"])
    assert codes(s, "p1", Skip()) == []
    fed, _ = simulate(s, "p1", Add(slot=1, zone=Zone.TIME))
    assert codes(fed, "p1", Skip()) == ["skip.not_allowed"]
    out = run(s, "p1", Skip())
    assert out.state.player("p1").pointer == 2 and out.state.active == "p2"


def test_initiative_only_the_most_time_DRP_TURN_04_DRP_GAP_22():
    """DRP-TURN-04 / DRP-GAP-22: only a character with the top time may attack, any of the tied;
    measured at the declaration (after Phase 1) unless `before_phase1`; 0 at the top → skip."""
    sides = ("3/1/1/1", "3/2/2/2", "1/4/1/1", "0/1/1/1")
    s = game(sides, OTHER, options=Options(turn_order="initiative"))
    assert codes(s, "p1", Attack(attacker=2, target=1)) == []
    assert codes(s, "p1", Attack(attacker=3, target=1)) == ["attack.initiative"]
    moved, _ = simulate(s, "p1", Transfer(source=1, target=3, zone=Zone.TIME, lands=Zone.TIME, count=3))
    assert codes(moved, "p1", Attack(attacker=3, target=1)) == []
    early = game(sides, OTHER, options=Options(turn_order="initiative", initiative_check="before_phase1"))
    moved, _ = simulate(early, "p1", Transfer(source=1, target=3, zone=Zone.TIME, lands=Zone.TIME, count=3))
    assert codes(moved, "p1", Attack(attacker=3, target=1)) == ["attack.initiative"]
    assert clauses(moved, "p1", Attack(attacker=3, target=1)) == ["DRP-GAP-22"]
    none = game(("0/1/1/1",) * 4, OTHER, options=Options(turn_order="initiative"))
    assert m.allowed_attackers(none, "p1") == [] and codes(none, "p1", Skip()) == []


def test_any_living_enemy_may_be_targeted_DRP_TURN_05():
    """DRP-TURN-05: any living opponent character; only that one defends."""
    s = game(("3/3/3/3",) * 4, ("3/4/2/3", None, "3/4/2/3", "3/4/2/3"))
    assert codes(s, "p1", Attack(attacker=1, target=4)) == []
    assert codes(s, "p1", Attack(attacker=1, target=2)) == ["attack.target_closed"]
    out = run(s, "p1", Attack(attacker=1, target=3), rolls=(1,))
    assert turn(out.state).factions == ["p2"] and "П3" in turn(out.state).title


def test_no_voluntary_skip_unless_allowed_DRP_GAP_20():
    """DRP-GAP-20: a skip is refused while an allowed attacker has time; the option allows it;
    the deadline skip is always carried out (DRP-GAP-29)."""
    s = game(("1/1/1/1", "0/1/1/1", "0/1/1/1", "0/1/1/1"), OTHER)
    v = simulate(s, "p1", Skip())[1]
    assert [x.code for x in v] == ["skip.not_allowed"] and "П1" in v[0].hint
    assert codes(game(("0/1/1/1",) * 4, OTHER), "p1", Skip()) == []
    assert codes(game(("1/1/1/1",) * 4, OTHER, options=Options(allow_voluntary_skip=True)), "p1", Skip()) == []
    out = run(s, "p1", *default_orders(s, "p1"))
    assert kinds(out)[0] == "skip" and out.state.active == "p2"


def test_three_players_go_round_and_name_the_target_DRP_GAP_27():
    """DRP-GAP-27: clockwise turns, any opponent may be attacked but must be named, its owner
    defends, eliminated players are skipped, the last one standing wins."""
    s = game(OTHER, OTHER, ("0/0/0/2", None, None, None))
    assert codes(s, "p1", Attack(attacker=1, target=1)) == ["attack.target_whose"]
    assert codes(s, "p1", Attack(attacker=1, target=1, target_faction="p1")) == ["attack.target_self"]
    # p3's character has no time, so it defends without boosts unasked (issue 9): class 0 → 1;
    # 10 > 1: 4 damage, p3's last character falls
    out = run(s, "p1", Attack(attacker=1, target=1, target_faction="p3"), rolls=(10,))
    assert kinds(out) == ["attack", "sole_defence_no_time", "defence", "hit", "sole_soak_no_time", "damage",
                          "destroyed", "eliminated", "turn"]
    assert out.state.active == "p2" and not out.state.over
    s = run(out.state, "p2", Attack(attacker=1, target=1), rolls=(1,)).state  # only p1 is left to target
    assert s.attack.target == "p1"
    s = run(s, "p1", Defence(), rolls=(6,)).state
    assert s.active == "p1"
    assert codes(s, "p1", Attack(attacker=1, target=1, target_faction="p3")) == ["attack.target_unknown"]


@pytest.mark.parametrize("potential,class_up,sides", [(0, 0, 0), (1, 0, 4), (3, 1, 10), (6, 0, 20), (9, 0, 20)])
def test_roll_side_die_by_class(potential, class_up, sides):
    """DRP-CLASS-02: the die used for a potential, with class up."""
    r, rolls = roll_side(dice(1, 1), potential, class_up, False, False, "t")
    assert r.sides == sides and len(rolls) == (1 if sides else 0)
