"""Who moves first: simple, dice, the first-turn ban and the time auction (DRP-FIRST, DRP-GAP-04..06)."""

from __future__ import annotations

from drp_factory import SEED, codes, dice, factions, game, kinds, run

from letopis.engine.dice import Dice
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Attack, Bid, Handicap, Pass
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.rules.turns import default_build, default_orders, turn
from rulesets.dice_roll_party.setup import setup


def after_builds(rolls=(), **opts):
    """Both builds in; ``rolls`` force the dice of the step that reveals them."""
    s = setup(Options(**opts), factions(), Dice(SEED))
    s = apply(s, "p1", default_build(s, "p1"), dice()).state
    out = apply(s, "p2", default_build(s, "p2"), dice(*rolls))
    return out


def test_first_move_method_is_an_option_DRP_FIRST_01():
    """DRP-FIRST-01: `simple` by default; `auction` opens the bidding instead of a turn."""
    assert Options().first_move == "simple"
    assert after_builds(first_player="1").state.phase == "turn"
    assert after_builds(first_move="auction").state.phase == "auction"


def test_agreed_first_player_or_a_roll_with_rerolled_ties_DRP_FIRST_02_DRP_GAP_04():
    """DRP-FIRST-02 / DRP-GAP-04: the GM's seat choice is the agreement; otherwise 1d20 each,
    higher first, ties rerolled (decision D2)."""
    out = after_builds(first_player="p2")
    assert out.state.active == "p2" and "first_roll" not in kinds(out)
    assert after_builds(first_player="1").state.active == "p1"
    out = after_builds(rolls=(7, 7, 3, 15))
    assert kinds(out)[2:5] == ["first_roll", "first_reroll", "first_player"]
    assert out.state.active == "p2"
    roll_event = out.events[2]
    assert [r.sides for r in roll_event.rolls] == [20, 20] and roll_event.clause == "DRP-GAP-04"
    assert "Анна 1d20 → 7" in roll_event.text


def test_no_attack_boosts_on_the_first_turn_DRP_FIRST_03_DRP_GAP_05():
    """DRP-FIRST-03 / DRP-GAP-05: the first attack of the game is basic only; the second player's
    first attack and defence boosts are free; the option widens or removes the ban."""
    s = game(first_attack_done=False)
    boosted = Attack(attacker=1, target=1, superiority=True)
    assert codes(s, "p1", boosted) == ["boost.first_turn"]
    assert codes(s, "p1", Attack(attacker=1, target=1)) == []
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
    s = run(s, "p2", *default_orders(s, "p2"), rolls=(6,)).state  # defence holds
    assert s.active == "p2"
    assert codes(s, "p2", boosted) == []
    both = game(first_attack_done=False, options=Options(first_turn_ban="both_first_attacks"))
    both = run(both, "p1", Attack(attacker=1, target=1), rolls=(1,)).state
    both = run(both, "p2", *default_orders(both, "p2"), rolls=(6,)).state
    assert codes(both, "p2", boosted) == ["boost.first_turn"]
    off = game(first_attack_done=False, options=Options(first_turn_ban="off"))
    assert codes(off, "p1", boosted) == []
    auction = game(first_attack_done=False, options=Options(first_move="auction"))
    assert codes(auction, "p1", boosted) == []


def test_auction_bids_outbid_and_pass_DRP_FIRST_04_DRP_GAP_06():
    """DRP-FIRST-04 / DRP-GAP-06: seat 1 opens; each bid strictly higher; a bid no more than the
    time that can leave the characters; a pass ends it and the last bidder wins."""
    s = after_builds(first_move="auction").state
    assert turn(s).factions == ["p1"]
    assert codes(s, "p2", Bid(amount=1)) == ["step.not_your_turn"]
    s = run(s, "p1", Bid(amount=0)).state
    assert turn(s).factions == ["p2"]
    assert codes(s, "p2", Bid(amount=0)) == ["bid.too_low"]
    assert codes(s, "p2", Bid(amount=999)) == ["bid.too_high"]
    s = run(s, "p2", Bid(amount=2)).state
    out = run(s, "p1", Pass())
    assert kinds(out) == ["pass", "auction_won"]
    assert out.state.phase == "handicap" and out.state.active == "p2" and out.state.handicap == 2


def test_auction_opener_pass_gives_first_move_for_free_DRP_GAP_06():
    """DRP-GAP-06: an opener who passes before any bid leaves the other player first at 0."""
    s = after_builds(first_move="auction", auction_opener="p2").state
    assert turn(s).factions == ["p2"]
    out = run(s, "p2", Pass())
    assert out.state.phase == "turn" and out.state.active == "p1" and out.state.handicap == 0


def test_winner_moves_bid_time_to_storage_DRP_FIRST_05_DRP_TOK_08():
    """DRP-FIRST-05 / DRP-TOK-08: exactly the bid, from the winner's characters into their storage."""
    s = after_builds(first_move="auction").state
    s = run(s, "p1", Bid(amount=3)).state
    s = run(s, "p2", Pass()).state
    p1 = s.player("p1")
    time_before = sum(c.time for _, c in p1.living())
    storage_before = p1.storage.blue
    bag_before = s.bag.total
    assert codes(s, "p1", Handicap(takes=((1, 1),))) == ["handicap.sum"]
    takes = default_orders(s, "p1")[0]
    out = run(s, "p1", takes)
    p1 = out.state.player("p1")
    assert sum(c.time for _, c in p1.living()) == time_before - 3
    assert p1.storage.blue == storage_before + 3
    assert out.state.bag.total == bag_before
    assert out.state.phase == "turn" and out.state.active == "p1"


def test_other_player_keeps_everything_DRP_FIRST_06():
    """DRP-FIRST-06: the auction loser starts with all tokens untouched."""
    s0 = after_builds(first_move="auction").state
    s = run(s0, "p1", Bid(amount=2)).state
    s = run(s, "p2", Pass()).state
    s = run(s, "p1", *default_orders(s, "p1")).state
    assert s.player("p2") == s0.player("p2")


def test_handicap_default_takes_most_time_first_never_emptying_DRP_GAP_06_DRP_GAP_29():
    """DRP-GAP-06 / DRP-GAP-29: the deadline allocation takes one at a time from the character with
    the most time (lower slot on ties) and never empties a character."""
    s = game(("5/0/0/0", "5/1/1/1", "2/2/2/2", None), ("3/4/2/3",) * 4)
    s.phase, s.handicap, s.active = "handicap", 6, "p1"
    h = default_orders(s, "p1")[0]
    assert h == Handicap(takes=((1, 3), (2, 3)))
    assert codes(s, "p1", Handicap(takes=((1, 5), (2, 1)))) == ["char.emptied"]
    assert codes(s, "p1", Handicap(takes=((4, 6),))) == ["slot.closed"]
    assert codes(s, "p1", Handicap(takes=((1, 4), (2, 4), (3, -2)))) == ["handicap.amount"]
