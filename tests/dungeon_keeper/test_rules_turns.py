"""The flow of turns: order of archdemons and rounds, the start-of-turn sequence, mana, upkeep and
disappearance, the written order of a post, skipped lines, elimination and victory (DK-TURN, DK-ECON,
DK-UPKEEP, DK-GEN, DK-GAP-06..13, 22, 29)."""

from __future__ import annotations

from letopis.engine.contract import PUBLIC, Faction, PostKind, StepMode
from letopis.engine.dice import Dice
from rulesets.dungeon_keeper import RULESET
from rulesets.dungeon_keeper.orders import AttackBuilding, Dig, EndTurn, Summon
from rulesets.dungeon_keeper.rules.legality.checker import allowed_kinds
from rulesets.dungeon_keeper.rules.turns import default_orders, start_game, turn
from rulesets.dungeon_keeper.state import Poison

from .dk_rules_factory import (
    SEED,
    area,
    attack,
    begin,
    building,
    codes,
    event,
    game,
    kinds,
    label,
    move,
    obj,
    run,
    unit,
)

BASE = area(10, 10, 16, 16)


def three(**options):  # type: ignore[no-untyped-def]
    return game(BASE, players=3, multi_post_turn=False, **options)


def test_archdemons_move_in_seat_order_then_a_new_round_DK_TURN_01_DK_GAP_09():
    """DK-TURN-01 / DK-GAP-09: p1, p2, p3, (neutral phase), round 2: p1 …"""
    s = three()
    seen = []
    for _ in range(4):
        info = turn(s)
        assert info.mode is StepMode.SINGLE and info.post_kind is PostKind.ORDERS
        seen.append((s.round, info.factions[0]))
        s = run(s, info.factions[0], EndTurn()).state
    assert seen == [(1, "p1"), (1, "p2"), (1, "p3"), (2, "p1")]


def test_rotating_turn_order_is_a_gm_option_DK_GAP_09():
    """DK-GAP-09."""
    s = three(turn_order="rotating")
    for _ in range(3):
        s = run(s, s.active, EndTurn()).state  # type: ignore[arg-type]
    assert s.round == 2 and s.active == "p2" and s.order == ["p2", "p3", "p1"]


def test_only_the_archdemon_whose_turn_it_is_may_post_DK_TURN_01():
    """DK-TURN-01."""
    s = three()
    b = unit(s, "p2", "bes", (12, 12))
    assert allowed_kinds(s, "p2") == frozenset()
    assert "move" in allowed_kinds(s, "p1") and "hero_spawn" not in allowed_kinds(s, "p1")
    assert codes(s, "p2", move(s, b, (12, 13))) == ["turn.not_yours"]


def test_turn_info_is_russian_with_a_deadline_default_DK_GAP_11():
    """DK-GAP-11."""
    s = three()
    info = turn(s)
    assert info.title == "Круг 1: ходит Ваал" and info.factions == ["p1"]
    assert "Ресурсы: золото 500" in info.prompt and "Конец хода" in info.default
    assert default_orders(s, "p1") == [EndTurn()] and default_orders(s, "p2") == []


def test_a_missed_turn_still_brings_the_start_of_the_next_turn_DK_GAP_11_DK_GAP_10():
    """DK-GAP-11, DK-GAP-10."""
    s = three()
    m = unit(s, "p2", "munglair", (12, 12), hp=5, poison=Poison(ticks=2, damage=4, by="p1"))
    out = run(s, "p1", *default_orders(s, "p1"))
    assert out.state.active == "p2" and out.state.units[m.id].hp == 5 - 4 + 3


def test_unspent_ap_are_lost_at_the_end_of_the_turn_DK_GAP_13():
    """DK-GAP-13."""
    s = three()
    g_ = unit(s, "p1", "grasdir", (12, 12))
    out = run(s, "p1", move(s, g_, (12, 13)))
    assert out.state.units[g_.id].ap == 0 and out.state.active == "p2"


def test_start_of_turn_sequence_aura_before_upkeep_DK_GAP_10():
    """DK-GAP-10: expiry, poison, regeneration, fire aura, mana, ОД — here the aura's kill reward comes
    before the upkeep and saves the ifrit."""
    s = three()
    s.players["p1"].mana = 2
    f = unit(s, "p1", "ifrit", (12, 12))
    unit(s, "p2", "bes", (12, 13), hp=1)
    t = begin(s, "p1")
    assert f.id in t.state.units and t.state.players["p1"].mana == 0
    order = [k for k in kinds(t) if k in ("turn_start", "fire_aura", "mana")]
    assert order == ["turn_start", "fire_aura", "mana"]


def test_income_first_then_upkeep_DK_GAP_06_DK_ECON_03_DK_UPKEEP_01():
    """DK-GAP-06 / DK-ECON-03 / DK-UPKEEP-01: Sources pay in, then every unit costs its upkeep."""
    s = three()
    s.players["p1"].mana = 0
    building(s, "source", "p1", (12, 12))
    unit(s, "p1", "imp", (13, 13))
    unit(s, "p1", "grasdir", (14, 14))
    t = begin(s, "p1")
    assert t.state.players["p1"].mana == 0 + 3 - 1 - 2
    assert event(t, "mana").text == "Ваал: мана 0 + 3 от Источников − 3 на содержание = 0."


def test_units_vanish_when_upkeep_is_short_imps_first_latest_first_DK_UPKEEP_02_DK_UPKEEP_04_DK_UPKEEP_05():
    """DK-UPKEEP-02 / DK-UPKEEP-04 / DK-UPKEEP-05: the rulebook's example — 7 imps, 2 mana short: imps №6 and №7 vanish at the
    next turn start."""
    s = three()
    s.players["p1"].mana = 5
    for c in area(12, 10, 12, 16):
        unit(s, "p1", "imp", c)
    t = begin(s, "p1")
    left = sorted(u.number for u in t.state.units.values() if u.owner == "p1")
    assert left == [1, 2, 3, 4, 5] and t.state.players["p1"].mana == 0
    assert "vanish" in kinds(t)


def test_after_the_imps_the_weakest_military_units_vanish_DK_UPKEEP_03_DK_GAP_07():
    """DK-UPKEEP-03 / DK-GAP-07: ascending upkeep, the most recent first; only as many as needed."""
    s = three()
    s.players["p1"].mana = 6
    unit(s, "p1", "imp", (12, 10))
    k = unit(s, "p1", "kerub", (12, 11))  # upkeep 3
    g1 = unit(s, "p1", "grasdir", (12, 12))  # upkeep 2
    unit(s, "p1", "grasdir", (12, 13))  # upkeep 2
    t = begin(s, "p1")  # due 1 + 3 + 2 + 2 = 8 > 6: the imp (→7), then grasdir №… the latest (→5)
    left = {u.id for u in t.state.units.values() if u.owner == "p1"}
    assert left == {k.id, g1.id} and t.state.players["p1"].mana == 1
    s2 = game(BASE, vanish_weakness="max_hp")
    s2.players["p1"].mana = 3
    big = unit(s2, "p1", "kerub", (12, 11))
    small = unit(s2, "p1", "bes", (12, 12))
    assert {u.id for u in begin(s2, "p1").state.units.values() if u.owner == "p1"} == {big.id}
    assert small.id != big.id
    s3 = game(BASE, vanish_weakness="tier")
    s3.players["p1"].mana = 3
    tier2 = unit(s3, "p1", "kerub", (12, 11))
    unit(s3, "p1", "grasdir", (12, 12))
    assert {u.id for u in begin(s3, "p1").state.units.values() if u.owner == "p1"} == {tier2.id}


def test_what_vanishes_drops_its_belongings_without_reward_DK_GAP_08():
    """DK-GAP-08."""
    s = three()
    s.players["p1"].mana = 0
    b = unit(s, "p1", "bes", (12, 12), artifacts=["sword"], runes=["dark"])
    t = begin(s, "p1")
    assert b.id not in t.state.units
    assert sorted(o.kind for o in t.state.objects_at((12, 12))) == ["artifact", "rune"]
    assert all(p.mana == 0 or f != "p1" for f, p in t.state.players.items())


def test_a_new_game_starts_with_50_gold_and_5_mana_plus_the_source_DK_ECON_02_DK_ECON_01():
    """DK-ECON-02 / DK-ECON-01: 50 gold and 5 mana; the first turn brings the level-3 Source's 3 mana."""
    s = RULESET.setup(RULESET.default_options(), [Faction(id="p1", name="Ваал"), Faction(id="p2", name="Лилит")],
                      Dice(SEED))
    started = start_game(s)
    p1, p2 = started.players["p1"], started.players["p2"]
    assert (p1.gold, p1.mana, p1.iron, p1.taldear) == (50, 8, 0, 0)
    assert (p2.gold, p2.mana) == (50, 5)
    assert turn(s).prompt == turn(started).prompt  # the prompt already shows the started turn


def test_orders_resolve_one_by_one_in_the_written_order_DK_GEN_06():
    """DK-GEN-06: each order sees the previous ones — dig, then step into the new cell."""
    s = three()
    i = unit(s, "p1", "imp", (12, 16))
    orders = [Dig(unit=i.id, who=label(s, i), cell=(12, 17)), move(s, i, (12, 17))]
    assert codes(s, "p1", *orders) == []
    assert codes(s, "p1", orders[1]) == ["move.undug"]
    out = run(s, "p1", *orders)
    assert out.state.units[i.id].cell == (12, 17)


def test_a_line_with_an_error_is_skipped_and_the_rest_still_runs_DK_GAP_12():
    """DK-GAP-12."""
    s = three()
    i = unit(s, "p1", "imp", (12, 12))
    out = run(s, "p1", move(s, i, (20, 20)), move(s, i, (12, 13)))
    assert out.state.units[i.id].cell == (12, 13)
    refused = event(out, "refused")
    assert refused.clause == "DK-MOVE-01" and "не выполнена" in refused.text


def test_several_posts_a_turn_until_end_of_turn_under_the_gm_option_DK_GAP_11():
    """DK-GAP-11."""
    s = game(BASE, players=2, multi_post_turn=True)
    i = unit(s, "p1", "imp", (12, 12))
    first = run(s, "p1", move(s, i, (12, 13)))
    assert first.state.active == "p1"
    second = run(first.state, "p1", move(first.state, first.state.units[i.id], (12, 14)), EndTurn())
    assert second.state.active == "p2"
    assert codes(s, "p1", EndTurn(), move(s, i, (12, 13))) == ["turn.after_end"]


def test_allies_towers_and_auras_spare_registered_allies_DK_GAP_22():
    """DK-GAP-22: with ``registered_alliances`` an ally is not an enemy for auras and towers."""
    s = game(BASE, registered_alliances=True)
    s.players["p2"].allies = ["p1"]
    building(s, "slow_tower", "p2", (12, 12))
    b = unit(s, "p1", "kerub", (12, 13))
    assert begin(s, "p1").state.units[b.id].ap == 3
    s2 = game(BASE)
    s2.players["p2"].allies = ["p1"]
    building(s2, "slow_tower", "p2", (12, 12))
    b2 = unit(s2, "p1", "kerub", (12, 13))
    assert begin(s2, "p1").state.units[b2.id].ap == 2


def test_destroyed_altar_eliminates_its_archdemon_DK_GEN_02_DK_GAP_29_DK_BLD_04():
    """DK-GEN-02 / DK-GAP-29 / DK-BLD-04: units vanish (no rewards, belongings drop), Sources turn
    neutral, other buildings stay as neutral structures; his turns are skipped."""
    s = three()
    altar = s.buildings[s.players["p2"].altar]  # type: ignore[index]
    altar.hp = 5
    s.dig((43, 43))
    s.dig((43, 44))
    z = unit(s, "p1", "kerub", (43, 43))
    src = building(s, "source", "p2", (40, 40))
    hosp = building(s, "hospital", "p2", (41, 41))
    victim = unit(s, "p2", "bes", (12, 12), artifacts=["sword"])
    hit = AttackBuilding(unit=z.id, who=label(s, z), building=altar.id, building_kind="altar", cell=altar.cell)
    out = run(s, "p1", hit)
    st = out.state
    assert not st.players["p2"].alive and st.players["p2"].altar is None
    assert victim.id not in st.units and st.objects_at((12, 12))[0].item == "sword"
    assert st.buildings[src.id].owner is None and st.buildings[hosp.id].owner is None
    assert st.players["p1"].mana == 100
    assert "eliminated" in kinds(out)
    assert st.active == "p3"  # p2 is skipped
    s2 = three(eliminated_buildings="removed")
    a2 = s2.buildings[s2.players["p2"].altar]  # type: ignore[index]
    a2.hp = 1
    s2.dig((43, 43))
    s2.dig((43, 44))
    z2 = unit(s2, "p1", "kerub", (43, 43))
    h2 = building(s2, "hospital", "p2", (41, 41))
    st2 = run(s2, "p1", AttackBuilding(unit=z2.id, who=label(s2, z2), building=a2.id, building_kind="altar",
                                       cell=a2.cell)).state
    assert h2.id not in st2.buildings


def test_the_last_archdemon_standing_wins_DK_GEN_01_DK_GAP_29():
    """DK-GEN-01, DK-GAP-29."""
    s = game(BASE, multi_post_turn=False)
    altar = s.buildings[s.players["p2"].altar]  # type: ignore[index]
    altar.hp = 1
    s.dig((43, 43))
    s.dig((43, 44))
    z = unit(s, "p1", "kerub", (43, 43))
    out = run(s, "p1", AttackBuilding(unit=z.id, who=label(s, z), building=altar.id, building_kind="altar",
                                     cell=altar.cell))
    st = out.state
    assert st.phase == "over" and st.winners == ["p1"]
    assert turn(st).over and RULESET.result(st).winners == ["p1"]
    assert "victory" in kinds(out)
    assert codes(st, "p1", Summon(unit_kind="imp")) == ["turn.game_over"]


def test_the_game_is_open_to_everyone_DK_GEN_03():
    """DK-GEN-03: spectators see every unit, resource and cell."""
    s = three()
    unit(s, "p2", "bes", (12, 12))
    obj(s, "chest", (13, 13))
    seen = RULESET.view(s, PUBLIC)
    assert "p2:m1" in seen["units"] and seen["players"]["p2"]["gold"] == 500 and seen["objects"]


def test_a_subjugated_units_debt_is_paid_at_its_owners_next_turn_DK_GAP_58_DK_GAP_60():
    """DK-GAP-58, DK-GAP-60."""
    s = three()
    g_ = unit(s, "p2", "grasdir", (12, 12), controller="p1")
    g_.ap = 4
    out = run(s, "p1", move(s, g_, (12, 13), (12, 14), (12, 15)))
    assert out.state.active == "p2"
    assert out.state.units[g_.id].ap == 4 - 3 and out.state.units[g_.id].controller is None


def test_an_attack_order_is_only_for_the_poster_s_turn_DK_TURN_01():
    """DK-TURN-01."""
    s = three()
    a = unit(s, "p1", "kerub", (12, 12))
    b = unit(s, "p2", "kerub", (12, 13))
    out = RULESET.apply(s, "p2", [attack(s, b, a)], Dice(SEED))
    assert out.state.units[a.id].hp == 20 and "not_your_turn" in kinds(out)


def _break_altar(s, victim: str):  # type: ignore[no-untyped-def]
    """p1's керуб next to ``victim``'s Altar at 1 хп, and the blow that destroys it."""
    altar = s.buildings[s.players[victim].altar]
    altar.hp = 1
    s.dig((43, 43))
    s.dig((43, 44))
    z = unit(s, "p1", "kerub", (43, 43))
    return AttackBuilding(unit=z.id, who=label(s, z), building=altar.id, building_kind="altar", cell=altar.cell)


def test_allied_victory_ends_the_game_with_every_ally_a_winner_DK_GAP_29():
    """DK-GAP-29 option ``allied_victory``: when every archdemon left is in one registered alliance,
    the game ends and all of them win."""
    s = three(allied_victory=True)
    s.players["p1"].allies = ["p3"]
    out = run(s, "p1", _break_altar(s, "p2"))
    st = out.state
    assert st.phase == "over" and st.winners == ["p1", "p3"]
    result = RULESET.result(st)
    assert result is not None and result.winners == ["p1", "p3"] and not result.draw
    assert result.text == "Общая победа: Ваал, Мамон."
    assert "allied_victory" in kinds(out) and "Ваал, Мамон" in event(out, "allied_victory").text
    info = turn(st)
    assert info.over and "общая победа" in info.title


def test_without_the_option_or_the_alliance_the_allies_play_on_DK_GAP_29():
    """DK-GAP-29: by default allies still fight on; with the option, a partial alliance is not enough."""
    s = three()
    s.players["p1"].allies = ["p3"]
    st = run(s, "p1", _break_altar(s, "p2")).state
    assert st.phase == "turn" and st.active == "p3" and st.winners == []
    for p3_allies, over in (([], False), (["p4"], True)):  # p3 and p4 not allied: not one alliance
        s4 = game(BASE, players=4, multi_post_turn=False, allied_victory=True)
        s4.players["p1"].allies = ["p3"]
        s4.players["p4"].allies = ["p1"]
        s4.players["p3"].allies = p3_allies
        st4 = run(s4, "p1", _break_altar(s4, "p2")).state
        assert (st4.phase == "over") is over
        assert st4.winners == (["p1", "p3", "p4"] if over else [])
