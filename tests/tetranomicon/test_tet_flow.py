"""The epoch: turns and passes (TET-GEN, TET-ACT), initiative (TET-INIT), income (TET-INC), the
creature phase (TET-CRE), scoring (TET-END), set-up and secrets (TET-GAP, checklist §5)."""

from __future__ import annotations

import json
import random

import pytest
from tet_support import army, dice, factions, game, lay, pass_all, play, put, trophy

from letopis.engine.contract import GM, PUBLIC, Viewer, ViewerRole
from rulesets.tetranomicon.options import Options
from rulesets.tetranomicon.orders import LayRoute, Pass, Summon
from rulesets.tetranomicon.rules.flow import apply, check_post, default_orders, turn
from rulesets.tetranomicon.rules.legality import legal_orders
from rulesets.tetranomicon.rules.phases import income_levels, initiative, rank_points, scoring
from rulesets.tetranomicon.rules.setup import setup, setup_with_events
from rulesets.tetranomicon.rules.view import view
from rulesets.tetranomicon.state import State


# --- set-up -----------------------------------------------------------------------------------
def test_setup_gives_each_player_coins_and_empty_tableaus():
    """TET-GEN-04, TET-GAP-07: coins on the wealth track (10), no buildings, routes or cards yet."""
    s = game()
    for p in s.players.values():
        assert (p.coins, p.artifacts, p.creatures, p.trophies) == (10, [], [], [])
    assert game(starting_coins=15).players["p2"].coins == 15


def test_player_count_and_seating():
    """TET-GAP-09: 2–4 players by default, seated in joining order (clockwise)."""
    assert game(2).order == ["p1", "p2"]
    with pytest.raises(ValueError, match="от 2 до 4"):
        setup(Options(), factions(5), dice("five"))
    assert len(setup(Options(players=(2, 6), fixed_trophies={}), factions(6), dice("six")).order) == 6


def test_pools_of_four_from_the_epoch_one_decks():
    """TET-GAP-06: four places each, epoch-I cards; sizes are options."""
    s = game()
    assert len(s.creature_pool) == 4 and all(c.startswith("C1-") for c in s.creature_pool)
    assert len(s.artifact_pool) == 4 and all(a.startswith("A1-") for a in s.artifact_pool)
    assert len(s.creature_decks[0]) == 2 and len(s.artifact_decks[0]) == 1
    s = game(creature_pool_size=3, artifact_pool_size=2)
    assert len(s.creature_pool) == 3 and len(s.artifact_pool) == 2


def test_setup_trophies_drawn_for_the_monster_castles():
    """TET-GAP-02: one token per monster castle, drawn from the whole supply, face up."""
    s = setup(Options(), factions(3), dice("trophies"))
    assert set(s.trophies) == {"kamenets", "chernolesye", "tumanny_pereval", "yuzhnaya_zastava"}
    assert all(t.face_up for t in s.trophies.values())
    assert len(s.supply) == 12
    assert sorted(s.supply + [t.level for t in s.trophies.values()]) == [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5]
    s = setup(Options(monster_castles=("dubrava",), trophy_supply={2: 2}), factions(2), dice("t2"))
    assert list(s.trophies) == ["dubrava"] and s.trophies["dubrava"].level == 2 and s.supply == [2]


def test_first_holder_by_lot_or_by_seat():
    """TET-GAP-10: a seeded lot (public roll) or a named seat; the epoch-1 initiative then keeps it
    with equal coins."""
    s, ev = setup_with_events(Options(), factions(4), dice("lot"))
    assert ev[0].kind == "first_holder" and ev[0].rolls and s.holder == s.order[ev[0].rolls[0].value - 1]
    assert s.active == s.holder
    assert game(first_holder=3).holder == "p3"


def test_secret_draws_use_the_secret_dice_and_same_seed_same_game():
    """Checklist §5: shuffles and trophy draws come from the secret stream; the public dice
    only draw the first-player lot."""
    d = dice("sec")
    a = setup(Options(), factions(4), d)
    assert len(d.rolls) == 1 and len(d.secret_rolls) > 20 and all(r.secret for r in d.secret_rolls)
    b = setup(Options(), factions(4), dice("sec"))
    assert a == b


def test_view_hides_deck_orders_and_the_supply():
    """Checklist §5: deck orders and the trophy supply are secret; sizes are public; the GM sees all."""
    s = game()
    for viewer in (PUBLIC, Viewer(role=ViewerRole.PLAYER, faction="p1")):
        v = view(s, viewer)
        assert v["creature_decks"] is None and v["artifact_decks"] is None and v["supply"] is None
        assert v["creature_deck_sizes"] == [2, 6, 6, 6] and v["supply_size"] == 12
        assert v["creature_pool"] == s.creature_pool and v["players"]["p2"]["coins"] == 10
    g = view(s, GM)
    assert g["creature_decks"] == s.creature_decks and g["supply"] == s.supply


def test_state_round_trips_through_json():
    s = game()
    lay(s, "p1", "У1")
    put(s, "p1", "farm", "severgrad", 1)
    trophy(s, "dubrava", 3, face_up=False)
    again = State.model_validate(json.loads(json.dumps(s.model_dump(mode="json"))))
    assert again == s


# --- turns ------------------------------------------------------------------------------------
def test_epoch_has_four_phases_in_order():
    """TET-GEN-02: initiative, actions, income, creatures; the events of one epoch end come in that order."""
    s = game()
    s, ev = pass_all(s)
    kinds = [e.kind for e in ev]
    assert kinds.index("actions_over") < kinds.index("income_levels") < kinds.index("creature_pool") < kinds.index("initiative")
    assert s.epoch == 2 and s.phase == "actions"


def test_turns_go_clockwise_from_the_first_player():
    """TET-GEN-05, TET-ACT-01: the holder starts, then clockwise by seat, one action each."""
    s = game(first_holder=3)
    assert turn(s).factions == ["p3"]
    s, _ = play(s, "p3", Pass())
    assert s.active == "p4"
    s, _ = play(s, "p4", LayRoute(segment="У1"))
    assert s.active == "p1"


def test_the_four_actions_and_the_pass():
    """TET-ACT-02: build/route, artifact, army, campaign — all offered by the legal-order list."""
    s = game()
    put(s, "p1", "farm", "ozyorsk", 1)
    lay(s, "p2", "У1")
    army(s, "p1", "C4-3")
    s.players["p1"].coins = 30
    s.artifact_pool[0] = "A1-4"
    kinds = {o.kind for o in legal_orders(s, "p1")}
    assert kinds == {"build", "route", "artifact", "creature", "campaign"}


def test_passed_players_are_skipped_until_everyone_passes():
    """TET-ACT-03, TET-ACT-05: turns go round skipping passed players; all passed → the phase ends."""
    s = game(3)
    s, _ = play(s, "p1", Pass())
    s, _ = play(s, "p2", LayRoute(segment="У1"))
    assert s.active == "p3"
    s, _ = play(s, "p3", LayRoute(segment="У2"))
    assert s.active == "p2"
    s, _ = play(s, "p2", Pass())
    assert s.active == "p3"
    s, ev = play(s, "p3", Pass())
    assert ev[1].kind == "actions_over" and s.epoch == 2


def test_pass_at_will_and_no_more_actions_this_epoch():
    """TET-ACT-04: a player may pass; after that no action until the epoch ends."""
    s = game()
    s, _ = play(s, "p1", Pass())
    s.active = "p1"
    assert [v.code for v in check_post(s, "p1", [LayRoute(segment="У1")])] == ["already_passed"]


def test_one_action_per_post():
    """TET-GAP-27: a second action in a post is an error of its own."""
    s = game()
    v = check_post(s, "p1", [LayRoute(segment="У1"), LayRoute(segment="У2")])
    assert [(x.code, x.clause) for x in v] == [("one_action", "TET-GAP-27")]
    with pytest.raises(ValueError):
        apply(s, "p1", [LayRoute(segment="У1"), Pass()], dice("two"))


def test_deadline_default_is_a_pass_and_the_server_only_tells():
    """TET-GAP-28: a missed deadline = pass; a player who can pay for nothing is told, not passed."""
    s = game(turn_deadline_hours=24)
    assert default_orders(s, "p1") == [Pass()]
    assert turn(s).default == "Пас" and turn(s).deadline_hours == 24
    s.players["p1"].coins = 0
    assert "не по карману" in turn(s).prompt and s.active == "p1"


def test_coins_never_below_zero():
    """TET-GAP-30 with TET-ACT-06."""
    s = game()
    s.players["p1"].coins = 3
    s.creature_pool[0] = "C1-1"
    s2, _ = play(s, "p1", Summon(slot=1))
    assert s2.players["p1"].coins == 0


# --- initiative -------------------------------------------------------------------------------
def _coins(s, *values):
    for f, v in zip(s.order, values, strict=True):
        s.players[f].coins = v


def test_token_goes_to_the_fewest_coins_and_the_loser_is_compensated():
    """TET-INIT-01, TET-INIT-03."""
    s = game()
    _coins(s, 8, 9, 3, 5)
    ev = initiative(s)
    assert s.holder == "p3" and s.players["p1"].coins == 9 and ev[0].data["compensation"] == 1


def test_initiative_tie_earliest_clockwise_from_the_holder():
    """TET-INIT-02, TET-GAP-11: the holder counts first by default; `after_holder` starts after it."""
    s = game(first_holder=2)
    _coins(s, 4, 4, 9, 4)
    initiative(s)
    assert s.holder == "p2" and s.players["p2"].coins == 4  # kept: no compensation
    s = game(first_holder=2, initiative_tie="after_holder")
    s.holder = "p2"  # (the set-up initiative already moved it on: equal coins, holder counted last)
    _coins(s, 4, 4, 9, 4)
    initiative(s)
    assert s.holder == "p4" and s.players["p2"].coins == 5
    s = game(first_holder=3)
    _coins(s, 4, 4, 9, 4)
    initiative(s)
    assert s.holder == "p4"


def test_compensation_in_epoch_one_too():
    """TET-GAP-12: no special case for epoch 1 (the set-up holder loses the token to a poorer player)."""
    s, _ev = setup_with_events(Options(first_holder=1, starting_coins=10, fixed_trophies={}), factions(2), dice("e1"))
    assert s.holder == "p1"  # equal coins: kept
    s = game(first_holder=1)
    s.epoch = 1
    _coins(s, 10, 10, 10, 9)
    initiative(s)
    assert s.holder == "p4" and s.players["p1"].coins == 11


# --- income -----------------------------------------------------------------------------------
def test_book_example_of_re_ranking():
    """TET-INC-03, TET-INC-04, TET-INC-05: 2 farms, 3 sawmills, 3 mines → лесопилка 1, рудник 2,
    ферма 3, каменоломня 4."""
    assert income_levels({"farm": 2, "sawmill": 3, "mine": 3, "quarry": 0}) == {
        "sawmill": 1, "mine": 2, "farm": 3, "quarry": 4}
    # TET-INC-02: with nothing built the standard levels hold
    assert income_levels({}) == {"farm": 1, "sawmill": 2, "mine": 3, "quarry": 4}


def test_book_example_of_income_in_play():
    """TET-INC-01, TET-INC-06, TET-GAP-08: the board of the example; a player with 2 farms and
    2 sawmills gets 2·3 + 2·1 = 8 plus the base 5; every player, passed or not, gets income."""
    s = game()
    s.epoch = 3
    for castle, t in (("severgrad", 1), ("ozyorsk", 1)):
        put(s, "p1", "farm", castle, t)
    for castle, t in (("rechnoy_brod", 2), ("rechnoy_brod", 3)):
        put(s, "p1", "sawmill", castle, t)
    put(s, "p2", "sawmill", "dubrava", 1)
    for castle, t in (("dubrava", 4), ("severgrad", 4)):
        put(s, "p2", "mine", castle, t)
    put(s, "p3", "mine", "yuzhnaya_zastava", 3)
    s.trophies.pop("yuzhnaya_zastava")
    s, ev = pass_all(s)
    levels = next(e for e in ev if e.kind == "income_levels")
    assert levels.data["levels"] == {"sawmill": 1, "mine": 2, "farm": 3, "quarry": 4}
    inc = {e.faction: e.data for e in ev if e.kind == "income"}
    assert inc["p1"]["buildings"] == 8 and inc["p1"]["total"] == 13
    assert inc["p2"]["buildings"] == 1 + 2 + 2 and inc["p3"]["buildings"] == 2 and inc["p4"]["total"] == 5
    assert "2×3 (ферма) + 2×1 (лесопилка) = 13" in next(e.text for e in ev if e.faction == "p1" and e.kind == "income")


# --- creature phase ---------------------------------------------------------------------------
def test_creature_phase_refills_freed_castles_with_minimum_level():
    """TET-CRE-01, TET-GAP-20, TET-GAP-21: freed castles with no building get a token of level ≥
    the epoch; castles that never had monsters stay empty; a built-on freed castle too."""
    s = game()
    s.epoch = 2
    s.trophies.pop("kamenets")
    s.trophies.pop("tumanny_pereval")
    s.freed = ["kamenets", "tumanny_pereval"]
    put(s, "p1", "mine", "tumanny_pereval", 1)
    s.supply = [1, 1, 2, 3]
    s, ev = pass_all(s)
    placed = [e for e in ev if e.kind == "trophy_placed"]
    assert [e.data["castle"] for e in placed] == ["kamenets"]
    assert placed[0].data["level"] >= 2 and "tumanny_pereval" not in s.trophies
    assert "dubrava" not in s.trophies


def test_refill_options_and_empty_supply():
    """TET-GAP-20 `all_empty`, TET-GAP-21 `next_epoch`, and no eligible token → the castle stays empty."""
    s = game(refill_scope="all_empty", refill_min="next_epoch")
    s.supply = [1, 2, 2, 5]
    s, ev = pass_all(s)
    placed = {e.data["castle"]: e.data["level"] for e in ev if e.kind == "trophy_placed"}
    none = [e.data["castle"] for e in ev if e.kind == "trophy_none"]
    assert all(v >= 2 for v in placed.values()) and len(placed) == 3 and len(none) == 1
    assert s.supply == [1]


def test_creature_phase_turns_trophies_up_and_renews_the_creature_pool():
    """TET-CRE-02, TET-CRE-03, TET-GAP-24: all trophies face up; the epoch's creatures leave with
    the rest of their deck; four cards of the next epoch come out."""
    s = game(setup_face_down=True)
    s, _ev = pass_all(s)
    assert all(t.face_up for t in s.trophies.values())
    assert all(c.startswith("C2-") for c in s.creature_pool) and s.creature_decks[0] == []
    assert len(s.creature_decks[1]) == 2


def test_artifacts_stay_and_empty_places_refill():
    """TET-CRE-04, TET-GAP-23: uncreated artifacts stay; empty places get next-epoch cards
    (unless `refill_empty_artifacts` is off)."""
    s = game()
    s.artifact_pool[1] = None
    keep = list(s.artifact_pool)
    s2, _ = pass_all(s)
    assert s2.artifact_pool[0] == keep[0] and s2.artifact_pool[1].startswith("A2-")
    s = game(refill_empty_artifacts=False)
    s.artifact_pool[1] = None
    s2, _ = pass_all(s)
    assert s2.artifact_pool[1] is None


def test_no_creature_phase_in_epoch_four_and_the_game_lasts_four_epochs():
    """TET-GEN-01, TET-GEN-03, TET-CRE-05: after the epoch-4 income the winner is determined."""
    s = game()
    for _ in range(3):
        s, _ = pass_all(s)
    assert s.epoch == 4
    s, ev = pass_all(s)
    kinds = [e.kind for e in ev]
    assert "creature_pool" not in kinds and "income" in kinds and kinds[-1] == "game_over"
    assert s.phase == "over" and turn(s).over


# --- scoring ----------------------------------------------------------------------------------
def test_book_wealth_example():
    """TET-END-02: A 15, B 14, C 14, D 10 → 3, 1, 1, 0."""
    assert rank_points({"A": 15, "B": 14, "C": 14, "D": 10}) == {"A": 3, "B": 1, "C": 1, "D": 0}


def test_four_categories_and_the_winner():
    """TET-END-01, TET-END-03, TET-END-04, TET-END-05, TET-END-06."""
    s = game()
    _coins(s, 15, 14, 14, 10)
    s.players["p4"].artifacts = ["A4-1"]  # influence 12
    s.players["p2"].artifacts = ["A1-1"]  # 3
    army(s, "p4", "C4-3")  # 7 swords
    army(s, "p3", "C1-3")  # 2
    from rulesets.tetranomicon.state import Trophy
    s.players["p4"].trophies = [Trophy(level=5, castle="kamenets")]
    ev = scoring(s)
    pts = {x.faction: x.points for x in s.scores}
    assert pts["p1"] == {"wealth": 3, "influence": 0, "strength": 0, "glory": 0}
    assert pts["p4"] == {"wealth": 0, "influence": 3, "strength": 3, "glory": 3}
    assert s.winners == ["p4"] and ev[-1].kind == "game_over"
    assert [e.kind for e in ev[:4]] == ["score_table"] * 4


def test_tie_on_points_goes_to_the_larger_raw_sum_then_shared():
    """TET-END-07 (триумфатор), TET-GAP-29 (shared victory)."""
    s = game(2)
    _coins(s, 10, 6)
    s.players["p2"].artifacts = ["A1-1"]  # influence 3: p1 wins wealth, p2 influence → 1–1
    scoring(s)
    assert s.winners == ["p1"]  # 10+0 vs 6+3
    s = game(2)
    _coins(s, 10, 7)
    s.players["p2"].artifacts = ["A1-1"]  # 10 vs 10
    ev = scoring(s)
    assert s.winners == ["p1", "p2"] and ev[-1].clause == "TET-GAP-29"


# --- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_legal_games_reach_a_winner_deterministically(n):
    def run():
        s = setup(Options(), factions(n), dice("rand", n))
        rng = random.Random(n)
        step = 0
        texts = []
        while s.phase != "over":
            f = s.active
            legal = legal_orders(s, f)
            o = rng.choice(legal) if legal and rng.random() < 0.85 else Pass()
            out = apply(s, f, [o], dice("rand", n, step))
            texts.extend(e.text for e in out.events)
            assert out.state is not s
            s = State.model_validate(json.loads(json.dumps(out.state.model_dump(mode="json"))))
            step += 1
            assert step < 2000
        return s, texts

    a, ta = run()
    b, tb = run()
    assert a == b and ta == tb and a.winners
