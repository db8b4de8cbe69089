"""Artifacts and creatures (TET-ART-*, TET-ARMY-*, TET-ACT-07, TET-GAP-17/31)."""

from __future__ import annotations

from tet_support import army, codes, game, lay, play, put, quote

from rulesets.tetranomicon.orders import Build, CreateArtifact, Summon
from rulesets.tetranomicon.rules.costs import army_strength, influence


def _pool(s, kind, *cards):
    pool = s.artifact_pool if kind == "artifact" else s.creature_pool
    for i, c in enumerate(cards):
        pool[i] = c


def test_create_artifact_pays_and_takes_the_card():
    """TET-ART-01: pay the printed cost, the card goes to the Артефактум."""
    s = game()
    _pool(s, "artifact", "A1-4")
    army(s, "p1", "C1-3")
    s2, ev = play(s, "p1", CreateArtifact(card="A1-4"))
    assert s2.players["p1"].artifacts == ["A1-4"] and s2.players["p1"].coins == 5
    assert ev[0].kind == "artifact_created"


def test_artifact_conditions_must_hold():
    """TET-ART-02: Серп Плодородия needs ≥ 2 own farms; the message says what is missing."""
    s = game()
    _pool(s, "artifact", "A1-1")
    put(s, "p1", "farm", "severgrad", 1)
    c = codes(s, "p1", CreateArtifact(card="A1-1"))
    assert c == ["condition_unmet"]
    from rulesets.tetranomicon.rules.legality import check
    msg = check(s, "p1", CreateArtifact(card="A1-1")).violations[0].message
    assert "своих ферм не меньше 2" in msg and "у вас 1" in msg
    put(s, "p1", "farm", "ozyorsk", 1)
    assert codes(s, "p1", CreateArtifact(card="A1-1")) == []


def test_condition_checked_only_at_creation():
    """TET-GAP-31: an artifact is never lost when its condition later fails."""
    s = game()
    _pool(s, "artifact", "A1-4")
    army(s, "p1", "C1-3")
    s, _ = play(s, "p1", CreateArtifact(card="A1-4"))
    s.players["p1"].creatures.clear()
    assert s.players["p1"].artifacts == ["A1-4"]


def test_taken_place_refills_from_the_current_deck_or_stays_empty():
    """TET-ART-03, TET-ART-04: top of the epoch's artifact deck; empty deck → the place stays
    empty, no card of the next epoch comes out."""
    s = game()
    _pool(s, "artifact", "A1-4")
    army(s, "p1", "C1-3")
    top = s.artifact_decks[0][0]
    s2, ev = play(s, "p1", CreateArtifact(slot=1))
    assert s2.artifact_pool[0] == top and ev[1].kind == "pool_refilled"
    s.artifact_decks[0] = []
    s3, ev = play(s, "p1", CreateArtifact(slot=1))
    assert s3.artifact_pool[0] is None and ev[1].kind == "pool_empty"
    assert s3.artifact_decks[1] == s.artifact_decks[1]


def test_influence_is_the_printed_cost_total():
    """TET-ART-05, TET-GAP-17: a discounted artifact still counts its printed cost."""
    s = game()
    _pool(s, "artifact", "A1-4")
    army(s, "p1", "C1-3", "C2-4")  # Единорог: −1 artifact
    s2, _ = play(s, "p1", CreateArtifact(card="A1-4"))
    assert s2.players["p1"].coins == 6 and influence(s2, "p1") == 5


def test_summon_pays_and_refills():
    """TET-ARMY-01, TET-ARMY-02: the creature joins the Армия, its place refills from the epoch's deck."""
    s = game()
    _pool(s, "creature", "C1-5")
    top = s.creature_decks[0][0]
    s2, ev = play(s, "p1", Summon(card="C1-5"))
    assert s2.players["p1"].creatures == ["C1-5"] and s2.players["p1"].coins == 5
    assert s2.creature_pool[0] == top and ev[0].kind == "creature_summoned"


def test_empty_creature_deck_leaves_the_place_empty():
    """TET-ARMY-03."""
    s = game()
    s.creature_decks[0] = []
    s2, ev = play(s, "p1", Summon(slot=2))
    assert s2.creature_pool[1] is None and ev[-1].kind == "pool_empty"


def test_army_strength_is_the_sum_of_swords():
    """TET-ARMY-04."""
    s = game()
    army(s, "p1", "C1-5", "C2-5", "C4-3")
    assert army_strength(s, "p1") == 3 + 4 + 7


def test_creature_properties_reduce_their_owners_actions_only():
    """TET-ARMY-05, TET-ACT-07: Феникс −1 to summons for its owner, not for others."""
    s = game()
    _pool(s, "creature", "C1-5")
    army(s, "p1", "C3-2")
    assert quote(s, "p1", Summon(card="C1-5")).total == 4
    s.active = "p2"
    assert quote(s, "p2", Summon(card="C1-5")).total == 5


def test_discounts_stack_and_floor_at_zero():
    """TET-GAP-17: all properties stack; never below the floor (0; a 0-cost action is legal with
    0 coins); `cost_floor` raises the floor."""
    s = game()
    lay(s, "p1", "У1")
    army(s, "p1", "C1-1", "C3-4", "C1-1", "C3-4", "C1-1")  # five −1 on a farm
    s.players["p1"].coins = 0
    q = quote(s, "p1", Build(building="farm", castle="severgrad"))
    assert q.total == 0 and len(q.discounts) == 5
    s2 = game(cost_floor=1)
    s2.routes, s2.players["p1"].creatures = dict(s.routes), list(s.players["p1"].creatures)
    assert codes(s2, "p1", Build(building="farm", castle="severgrad")) == []
    assert quote(s2, "p1", Build(building="farm", castle="severgrad")).total == 1


def test_card_by_name_and_place_must_agree():
    s = game()
    _pool(s, "creature", "C1-5", "C1-3")
    assert codes(s, "p1", Summon(card="C1-3", slot=1)) == ["slot_mismatch"]
    assert codes(s, "p1", Summon(card="C1-3", slot=2)) == []
    assert codes(s, "p1", Summon(card="C4-1")) == ["card_not_in_pool"]
    assert codes(s, "p1", Summon(slot=9)) == ["no_such_slot"]


def test_action_above_the_coins_is_illegal():
    """TET-ACT-06: the wealth marker moves down; more than the coins → illegal."""
    s = game()
    _pool(s, "creature", "C1-5")
    s.players["p1"].coins = 4
    assert codes(s, "p1", Summon(card="C1-5")) == ["too_expensive"]
