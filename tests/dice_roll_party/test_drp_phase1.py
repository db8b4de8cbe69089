"""Phase 1 «Ресурсы»: the limit, every operation, draws and the emergency exchange (DRP-RES, DRP-GAP-07..14)."""

from __future__ import annotations

from drp_factory import clauses, codes, game, kinds, run

from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Colour,
    Discard,
    Emergency,
    Reroll,
    ReturnToStorage,
    Shift,
    Skip,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)
from rulesets.dice_roll_party.rules.legality import allowed_kinds, describe, simulate
from rulesets.dice_roll_party.rules.turns import turn

SIDE = ("3/4/2/3", "1/2/2/7", "0/6/0/6", "4/1/1/6")
OTHER = ("3/4/2/3",) * 4


def test_phase_one_is_optional_and_only_for_the_active_player_DRP_RES_01():
    """DRP-RES-01: the attack may come with no Phase 1 line; the opponent may not do Phase 1."""
    s = game(SIDE, OTHER)
    assert codes(s, "p1", Attack(attacker=1, target=1)) == []
    assert codes(s, "p2", Add(slot=1, zone=Zone.TIME)) == ["step.not_your_turn"]
    assert allowed_kinds(s, "p2") == frozenset()
    assert {"shift", "add", "attack", "skip"} <= allowed_kinds(s, "p1")


def test_limit_is_the_highest_time_DRP_RES_02_DRP_GAP_07():
    """DRP-RES-02 / DRP-GAP-07: the limit is the most time on a living character; nothing is rolled."""
    s = game(SIDE, OTHER)
    assert (s.limit, s.limit_left) == (4, 4)
    assert "Лимит фазы ресурсов: осталось 4 из 4" in turn(s).prompt


def test_limit_is_one_when_nobody_has_time_DRP_RES_03():
    """DRP-RES-03: all living characters at 0 time → limit 1."""
    s = game(("0/4/2/6", None, "0/1/1/1", None), OTHER)
    assert s.limit == 1


def test_limit_is_a_budget_not_a_payment_DRP_RES_04():
    """DRP-RES-04: moves spend the limit, not time; over the limit is refused; the rest is lost
    when the attack is declared."""
    s = game(SIDE, OTHER)
    s2, v = simulate(s, "p1", Add(slot=2, zone=Zone.FORM, count=3))
    assert v == [] and s2.limit_left == 1 and s2.char("p1", 1).time == 3
    assert codes(s2, "p1", Add(slot=2, zone=Zone.FORM, count=2)) == ["limit.exceeded"]
    assert clauses(s2, "p1", Add(slot=2, zone=Zone.FORM, count=2)) == ["DRP-RES-04"]
    s3, _ = simulate(s2, "p1", Attack(attacker=1, target=1))
    assert s3.limit_left == 0


def test_limit_is_fixed_at_phase_start_DRP_GAP_08():
    """DRP-GAP-08: moving time onto a character does not raise the budget."""
    s = game(SIDE, OTHER, storages=["10/10/10", "10/10/10"])
    s2, _ = simulate(s, "p1", Add(slot=1, zone=Zone.TIME, count=3))  # П1 now has 6 time
    assert s2.char("p1", 1).time == 6
    assert (s2.limit, s2.limit_left) == (4, 1)


def test_shift_moves_red_between_zones_DRP_RES_05():
    """DRP-RES-05: one red token between attack and defence costs 1 limit each."""
    s = game(SIDE, OTHER)
    out = run(s, "p1", Shift(slot=1, source=Zone.ATTACK, count=2))
    c = out.state.char("p1", 1)
    assert (c.attack, c.defence, out.state.limit_left) == (2, 4, 2)
    assert codes(s, "p1", Shift(slot=3, source=Zone.DEFENCE)) == ["char.zone_short"]
    assert describe(s, "p1", Shift(slot=1, source=Zone.ATTACK, count=2))[1] == "лимит: 4 → 2"


def test_exchange_with_storage_and_between_characters_DRP_RES_06():
    """DRP-RES-06: a token for one of another colour, with storage or between two characters."""
    s = game(SIDE, OTHER, storages=["0/5/0", "10/10/10"])
    out = run(s, "p1", SwapStorage(slot=1, give=Zone.FORM, take=Zone.TIME))
    c, st = out.state.char("p1", 1), out.state.player("p1").storage
    assert (c.time, c.form, st.blue, st.green, out.state.limit_left) == (4, 2, 4, 1, 3)
    assert codes(s, "p1", SwapStorage(slot=1, give=Zone.TIME, take=Zone.TIME)) == ["swap.same_colour"]
    assert codes(s, "p1", SwapStorage(slot=1, give=Zone.TIME, take=Zone.FORM)) == ["storage.short"]
    swap = SwapCharacters(a=1, a_zone=Zone.TIME, b=3, b_zone=Zone.ATTACK, a_lands=Zone.TIME, b_lands=Zone.DEFENCE)
    out = run(s, "p1", swap)
    a, b = out.state.char("p1", 1), out.state.char("p1", 3)
    assert (a.time, a.defence, b.time, b.attack) == (2, 3, 1, 5)
    assert out.state.limit_left == 3
    assert codes(s, "p1", SwapCharacters(a=1, a_zone=Zone.ATTACK, b=3, b_zone=Zone.ATTACK,
                                         a_lands=Zone.ATTACK, b_lands=Zone.ATTACK)) == ["swap.same_colour"]


def test_swap_cost_and_return_to_storage_options_DRP_GAP_09():
    """DRP-GAP-09: a swap costs 1 (or `swap_cost` 2); a plain return to storage only with the option."""
    s = game(SIDE, OTHER, options=Options(swap_cost=2))
    s2, _ = simulate(s, "p1", SwapStorage(slot=1, give=Zone.FORM, take=Zone.TIME))
    assert s2.limit_left == 2
    back = ReturnToStorage(slot=1, zone=Zone.FORM)
    assert codes(game(SIDE, OTHER), "p1", back) == ["return.disabled"]
    s = game(SIDE, OTHER, storages=["0/0/0", "0/0/0"], options=Options(allow_return_to_storage=True))
    out = run(s, "p1", ReturnToStorage(slot=1, zone=Zone.FORM, count=2))
    assert out.state.player("p1").storage.green == 2 and out.state.limit_left == 2


def test_transfer_between_own_characters_DRP_RES_07():
    """DRP-RES-07: 1 limit per token moved from one character to another."""
    s = game(SIDE, OTHER)
    out = run(s, "p1", Transfer(source=4, target=1, zone=Zone.FORM, lands=Zone.FORM))
    assert (out.state.char("p1", 4).form, out.state.char("p1", 1).form, out.state.limit_left) == (5, 4, 3)
    assert codes(s, "p1", Transfer(source=1, target=1, zone=Zone.FORM, lands=Zone.FORM)) == ["slot.same"]


def test_add_from_storage_DRP_RES_08():
    """DRP-RES-08: storage → character, 1 limit per token, only what the storage holds."""
    s = game(SIDE, OTHER, storages=["2/1/0", "0/0/0"])
    out = run(s, "p1", Add(slot=2, zone=Zone.ATTACK, count=2))
    assert out.state.char("p1", 2).attack == 4 and out.state.player("p1").storage.red == 0
    assert codes(s, "p1", Add(slot=2, zone=Zone.TIME, count=2)) == ["storage.short"]


def test_reroll_discards_then_draws_from_the_whole_bag_DRP_RES_09_DRP_GAP_10():
    """DRP-RES-09 / DRP-GAP-10: 1 limit per discarded token; discards enter the bag first, then as
    many are drawn uniformly from the whole bag into storage (own tokens may come back), publicly."""
    s = game(SIDE, OTHER, storages=["2/0/0", "0/0/0"], bag="0/0/0")
    order = Reroll(discards=(Discard(colour=Colour.RED, count=2), Discard(slot=2, zone=Zone.FORM, count=1)))
    out = run(s, "p1", order, rolls=(1, 1, 1))  # bag red2 green1 → 1st = red, then red, then green
    st = out.state
    assert kinds(out) == ["reroll"]
    assert [r.sides for r in out.events[0].rolls] == [3, 2, 1]
    assert out.events[0].data["drawn"] == ["red", "red", "green"]
    assert (st.player("p1").storage.red, st.player("p1").storage.green) == (2, 1)
    assert st.bag.total == 0 and st.limit_left == 1 and st.char("p1", 2).form == 6
    assert out.events[0].public and "красный, красный, зелёный" in out.events[0].text


def test_book_example_mix_of_operations_DRP_RES_10():
    """DRP-RES-10: limit 4 = add 2 from storage + shift 1 + move 1 form to another character."""
    s = game(SIDE, OTHER)
    out = run(s, "p1", Add(slot=1, zone=Zone.TIME, count=2), Shift(slot=1, source=Zone.ATTACK),
              Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM), Attack(attacker=1, target=2),
              rolls=(3,))
    assert kinds(out)[:3] == ["add", "shift", "transfer"] and "stopped" not in kinds(out)
    assert out.state.phase == "defence"


def test_cap_eighteen_and_closed_slots_DRP_RES_11_DRP_TOK_07_DRP_SETUP_05():
    """DRP-RES-11 / DRP-TOK-07 / DRP-SETUP-05: no character above 18 tokens; closed slots take nothing."""
    s = game(("3/4/2/8", None, "1/1/1/1", "1/1/1/1"), OTHER)
    assert s.char("p1", 1).total == 17
    assert codes(s, "p1", Add(slot=1, zone=Zone.FORM)) == []
    assert codes(s, "p1", Add(slot=1, zone=Zone.FORM, count=2)) == ["char.cap"]
    assert clauses(s, "p1", Add(slot=1, zone=Zone.FORM, count=2)) == ["DRP-TOK-07"]
    assert codes(s, "p1", Transfer(source=3, target=1, zone=Zone.FORM, lands=Zone.FORM)) == []
    assert codes(s, "p1", Add(slot=2, zone=Zone.FORM)) == ["slot.closed"]
    assert clauses(s, "p1", Transfer(source=3, target=2, zone=Zone.FORM, lands=Zone.FORM)) == ["DRP-SETUP-05"]


def test_phase_one_may_not_empty_a_character_unless_allowed_DRP_GAP_13():
    """DRP-GAP-13: emptying a character by a Phase 1 move is refused; with the option it is destroyed."""
    sides = ("3/4/2/3", "0/0/0/1", "1/1/1/1", "1/1/1/1")
    s = game(sides, OTHER)
    assert codes(s, "p1", Transfer(source=2, target=1, zone=Zone.FORM, lands=Zone.FORM)) == ["char.emptied"]
    s = game(sides, OTHER, options=Options(allow_self_destroy=True))
    out = run(s, "p1", Transfer(source=2, target=1, zone=Zone.FORM, lands=Zone.FORM))
    assert out.state.player("p1").slots[1] is None and "destroyed" in kinds(out)


def test_red_token_zone_when_moved_DRP_GAP_14():
    """DRP-GAP-14: a moved red token lands where the order says (same zone unless named); a token
    cannot land in a zone of another colour."""
    s = game(SIDE, OTHER)
    out = run(s, "p1", Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.ATTACK))
    assert out.state.char("p1", 2).attack == 3
    out = run(s, "p1", Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.DEFENCE))
    assert (out.state.char("p1", 2).attack, out.state.char("p1", 2).defence) == (2, 3)
    assert codes(s, "p1", Transfer(source=1, target=2, zone=Zone.ATTACK, lands=Zone.FORM)) == ["transfer.lands_wrong"]
    v = simulate(s, "p1", Shift(slot=1, source=Zone.DEFENCE, count=5))[1]
    assert v[0].code == "char.zone_short" and v[0].hint is None
    v = simulate(game(("1/0/3/1",) * 4, OTHER), "p1", Transfer(source=1, target=2, zone=Zone.ATTACK,
                                                                lands=Zone.ATTACK))[1]
    assert v[0].code == "char.zone_short" and "в защите" in v[0].hint


def test_emergency_exchange_only_without_time_DRP_RES_12_DRP_GAP_11():
    """DRP-RES-12 / DRP-GAP-11: only when no time anywhere, before other moves, once, without using
    the limit, never emptying a character; a blue arrival lets Phase 1 go on with limit 1."""
    dry = ("0/4/2/6", "0/2/2/2", None, None)
    emergency = Emergency(discards=(Discard(colour=Colour.RED, count=1), Discard(slot=1, zone=Zone.FORM)))
    with_time = game(SIDE, OTHER, storages=["3/0/0", "0/0/0"])
    assert codes(with_time, "p1", emergency) == ["emergency.has_time"]
    assert clauses(with_time, "p1", emergency) == ["DRP-RES-12"]
    s = game(dry, OTHER, storages=["3/0/0", "0/0/0"], bag="0/2/0")
    assert codes(s, "p1", Emergency(discards=(Discard(slot=2, zone=Zone.ATTACK, count=2),
                                              Discard(slot=2, zone=Zone.DEFENCE, count=2),
                                              Discard(slot=2, zone=Zone.FORM, count=2)))) == ["char.emptied"]
    shifted, _ = simulate(s, "p1", Shift(slot=1, source=Zone.ATTACK))
    assert codes(shifted, "p1", emergency) == ["emergency.after_ops"]
    out = run(s, "p1", emergency, rolls=(2, 1))  # bag r1 b2 g1 → index 2 = blue, then red
    st = out.state
    assert st.player("p1").storage.blue == 1 and st.limit_left == 1 and st.phase == "turn"
    assert codes(st, "p1", emergency) == ["emergency.twice"]
    out2 = run(st, "p1", Add(slot=1, zone=Zone.TIME), Attack(attacker=1, target=1), rolls=(2,))
    assert out2.state.phase == "defence"
    costly = game(dry, OTHER, storages=["3/0/0", "0/0/0"], bag="0/2/0", options=Options(emergency_uses_limit=True))
    assert codes(costly, "p1", emergency) == ["limit.exceeded"]
    assert codes(costly, "p1", Emergency(discards=(Discard(colour=Colour.RED),))) == []


def test_no_time_after_emergency_skips_the_turn_DRP_RES_13():
    """DRP-RES-13: if the exchange brings no time, the turn passes without Phase 2 and 3."""
    s = game(("0/4/2/6", None, None, None), OTHER, storages=["2/0/0", "0/0/0"], bag="0/0/3")
    out = run(s, "p1", Emergency(discards=(Discard(colour=Colour.RED, count=2),)), Skip(), rolls=(1, 1))
    assert kinds(out)[:3] == ["emergency", "emergency_no_time", "turn"]
    assert "stopped" not in kinds(out)
    assert out.state.active == "p2" and out.state.attack is None


def test_lines_after_a_draw_checked_on_what_is_known_then_stop_DRP_GAP_12():
    """DRP-GAP-12: while reading, drawn tokens are unknown and may cover later lines; when carried
    out, the first line the draw made illegal stops the post, everything before it stands."""
    s = game(SIDE, OTHER, storages=["0/0/2", "0/0/0"], bag="0/0/0")
    reroll = Reroll(discards=(Discard(colour=Colour.GREEN, count=2),))
    add_blue = Add(slot=1, zone=Zone.TIME)
    s2, v = simulate(s, "p1", reroll)
    assert v == [] and s2.draw_pending == 2 and s2.bag.green == 2 and s2.player("p1").storage.green == 0
    s3, v = simulate(s2, "p1", add_blue)
    assert v == [] and s3.draw_pending == 1
    assert codes(s3, "p1", Add(slot=1, zone=Zone.FORM, count=2)) == ["storage.short", "limit.exceeded"]
    assert codes(s3, "p1", Add(slot=1, zone=Zone.FORM)) == []
    out = run(s, "p1", reroll, add_blue, Attack(attacker=1, target=1), rolls=(1, 1))  # both draws green
    assert kinds(out) == ["reroll", "stopped"]
    stop = out.events[-1]
    assert stop.data["after_draw"] is True and stop.clause == "DRP-RES-08" and "Добавить" in stop.text
    assert out.state.player("p1").storage.green == 2 and out.state.limit_left == 2 and out.state.phase == "turn"


def test_post_without_attack_keeps_the_turn_DRP_GAP_12():
    """DRP-GAP-12: Phase 1 stays open with the remaining limit until an attack or skip."""
    s = game(SIDE, OTHER)
    out = run(s, "p1", Add(slot=1, zone=Zone.TIME))
    info = turn(out.state)
    assert info.factions == ["p1"] and out.state.limit_left == 3
    assert "осталось 3 из 4" in info.prompt


def test_colours_have_fixed_roles_DRP_TOK_01():
    """DRP-TOK-01: blue is time, green is form, red is potential (attack or defence) — a token of a
    colour can only sit in its own zones, from storage and back into the bag."""
    assert {z: z.colour for z in Zone} == {Zone.TIME: Colour.BLUE, Zone.ATTACK: Colour.RED,
                                           Zone.DEFENCE: Colour.RED, Zone.FORM: Colour.GREEN}
    s = game(SIDE, OTHER, storages=["1/1/1", "0/0/0"], bag="0/0/0")
    out = run(s, "p1", Add(slot=1, zone=Zone.TIME), Add(slot=1, zone=Zone.DEFENCE), Add(slot=1, zone=Zone.FORM))
    c = out.state.char("p1", 1)
    assert (c.time, c.attack, c.defence, c.form) == (4, 4, 3, 4)
    assert out.state.player("p1").storage.total == 0
    paid = run(out.state, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
    assert (paid.bag.red, paid.bag.blue, paid.bag.green) == (0, 1, 0)  # time paid returns as blue
    assert codes(s, "p1", SwapCharacters(a=1, a_zone=Zone.ATTACK, b=2, b_zone=Zone.TIME,
                                         a_lands=Zone.FORM, b_lands=Zone.TIME)) == ["swap.lands_wrong"]


def test_an_order_not_read_against_this_state_is_refused_not_carried_out_DRP_GAP_12():
    """DRP-GAP-12: `apply` re-checks every line; without a draw a bad line is a plain refusal."""
    s = game(SIDE, OTHER, storages=["0/0/0", "0/0/0"])
    out = run(s, "p1", Shift(slot=1, source=Zone.ATTACK), Add(slot=1, zone=Zone.TIME))
    assert kinds(out) == ["shift", "refused"] and out.events[-1].data == {"code": "storage.short", "after_draw": False}
    assert out.state.char("p1", 1).attack == 3 and out.state.limit_left == 3
