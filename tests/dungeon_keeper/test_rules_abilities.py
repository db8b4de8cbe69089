"""Unit abilities, active and passive (DK-ABIL-03..21, DK-GAP-52..67)."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import Move
from rulesets.dungeon_keeper.state import Effect, Poison

from .dk_rules_factory import (
    ability,
    area,
    begin,
    clauses,
    codes,
    event,
    game,
    kinds,
    label,
    notes,
    run,
    unit,
)

ROOM = area(10, 10, 16, 16)


def spell(key: str, by: str, category: str = "buff", **kw) -> Effect:
    return Effect(key=key, source="spell", category=category, by=by, until=9, **kw)  # type: ignore[arg-type]


# --- Лечение, Жертвоприношение, Очищение -------------------------------------------------------------
def test_healing_restores_three_within_two_cells_DK_ABIL_03_DK_GAP_54():
    """DK-ABIL-03 / DK-GAP-54: own unit within 2 (the priest too), +3 up to max хп, 1 ОД."""
    s = game(ROOM)
    p = unit(s, "p1", "priest", (10, 10), hp=5)
    k = unit(s, "p1", "kerub", (12, 12), hp=19)
    far = unit(s, "p1", "bes", (10, 13), hp=1)
    enemy = unit(s, "p2", "bes", (11, 10), hp=1)
    out = run(s, "p1", ability(s, p, "heal", k), ability(s, p, "heal", p))
    st = out.state
    assert st.units[k.id].hp == 20 and st.units[p.id].hp == 8 and st.units[p.id].ap == 0
    assert codes(s, "p1", ability(s, p, "heal", far)) == ["ability.out_of_range"]
    assert codes(s, "p1", ability(s, p, "heal", enemy)) == ["ability.not_own"]
    full = unit(s, "p1", "bes", (11, 11))
    assert notes(s, "p1", ability(s, p, "heal", full)) == ["heal.full"]


def test_friendly_abilities_need_no_sight_unless_the_gm_says_so_DK_GAP_52():
    """DK-GAP-52: hostile abilities need sight; friendly ones only under ``ability_los = all``."""
    s = game([(10, 10), (10, 12), (11, 11)])
    p = unit(s, "p1", "priest", (10, 10))
    k = unit(s, "p1", "kerub", (10, 12), hp=10)
    assert codes(s, "p1", ability(s, p, "heal", k)) == []
    s2 = game([(10, 10), (10, 12), (11, 11)], ability_los="all")
    p2 = unit(s2, "p1", "priest", (10, 10))
    k2 = unit(s2, "p1", "kerub", (10, 12), hp=10)
    assert codes(s2, "p1", ability(s2, p2, "heal", k2)) == ["ability.no_los"]
    s3 = game([(10, 10), (10, 12), (11, 11)])
    a = unit(s3, "p1", "angutei", (10, 10))
    e = unit(s3, "p2", "bes", (10, 12))
    assert codes(s3, "p1", ability(s3, a, "exhaust", e)) == ["ability.no_los"]
    assert clauses(s3, "p1", ability(s3, a, "exhaust", e)) == ["DK-GAP-52"]
    s4 = game([(10, 10), (10, 12), (11, 11)], ability_los="none")
    a4 = unit(s4, "p1", "angutei", (10, 10))
    e4 = unit(s4, "p2", "bes", (10, 12))
    assert codes(s4, "p1", ability(s4, a4, "exhaust", e4)) == []


def test_sacrifice_kills_an_adjacent_own_unit_for_a_spirit_and_a_mana_DK_ABIL_04_DK_GAP_53_DK_SPIRIT_01():
    """DK-ABIL-04 / DK-GAP-53 / DK-SPIRIT-01: no reward for the victim; its artifacts drop; +1 spirit
    (untyped, DK-GAP-50), +1 mana."""
    s = game(ROOM)
    p = unit(s, "p1", "priest", (10, 10))
    i = unit(s, "p1", "imp", (10, 11), artifacts=["sword"])
    out = run(s, "p1", ability(s, p, "sacrifice", i))
    st = out.state
    assert i.id not in st.units
    assert st.players["p1"].spirits == ["any"] and st.players["p1"].mana == 101
    assert [(o.kind, o.item) for o in st.objects_at((10, 11))] == [("artifact", "sword")]
    assert "sacrifice" in kinds(out)
    assert codes(s, "p1", ability(s, p, "sacrifice", p)) == ["sacrifice.self"]
    far = unit(s, "p1", "imp", (12, 12))
    assert codes(s, "p1", ability(s, p, "sacrifice", far)) == ["ability.out_of_range"]


def test_sacrifice_of_a_subjugated_unit_is_a_gm_option_DK_GAP_53():
    """DK-GAP-53."""
    for allowed in (False, True):
        s = game(ROOM, sacrifice_controlled_units=allowed)
        p = unit(s, "p1", "priest", (10, 10))
        e = unit(s, "p2", "bes", (10, 11), controller="p1")
        assert codes(s, "p1", ability(s, p, "sacrifice", e)) == ([] if allowed else ["sacrifice.not_own"])


def test_random_spirit_kind_on_sacrifice_DK_GAP_50():
    """DK-GAP-50."""
    s = game(ROOM, spirit_kind="random_on_sacrifice")
    p = unit(s, "p1", "priest", (10, 10))
    i = unit(s, "p1", "imp", (10, 11))
    out = run(s, "p1", ability(s, p, "sacrifice", i), rolls=(3,))
    assert out.state.players["p1"].spirits == ["life"]
    assert event(out, "sacrifice").rolls[0].sides == 3


def test_cleansing_removes_curses_and_poison_not_control_DK_ABIL_05_DK_GAP_54():
    """DK-ABIL-05 / DK-GAP-54: all debuffs and poisonings off an own unit within 2 (``cleanse_range``)."""
    s = game(ROOM)
    p = unit(s, "p1", "priest", (10, 10))
    k = unit(s, "p1", "kerub", (12, 10), effects=[spell("weakness", "p2", "debuff", attack=-1),
                                                   spell("rage", "p1", attack=1)],
             poison=Poison(ticks=2, damage=4, by="p2"))
    out = run(s, "p1", ability(s, p, "cleanse", k))
    t = out.state.units[k.id]
    assert [e.key for e in t.effects] == ["rage"] and t.poison is None
    far = unit(s, "p1", "bes", (13, 10), effects=[spell("weakness", "p2", "debuff")])
    assert codes(s, "p1", ability(s, p, "cleanse", far)) == ["ability.out_of_range"]
    s2 = game(ROOM, cleanse_range=3)
    p2 = unit(s2, "p1", "priest", (10, 10))
    far2 = unit(s2, "p1", "bes", (13, 10), effects=[spell("weakness", "p2", "debuff")])
    assert codes(s2, "p1", ability(s2, p2, "cleanse", far2)) == []


# --- fire -------------------------------------------------------------------------------------------
def test_fire_breath_hits_every_adjacent_unit_for_half_DK_ABIL_06_DK_GAP_55():
    """DK-ABIL-06 / DK-GAP-55: half of the normal damage to every unit around — own ones too —, not
    across a closed corner, no retaliation, 1 ОД."""
    s = game(area(10, 10, 12, 12) + [(9, 9)])
    o = unit(s, "p1", "ognevik", (11, 11))
    e = unit(s, "p2", "kerub", (10, 11))
    own = unit(s, "p1", "imp", (12, 12))
    out = run(s, "p1", ability(s, o, "fire_breath"))
    st = out.state
    assert st.units[e.id].hp == 20 - 1  # (4 − 3) → 1, halved → 1
    assert own.id not in st.units  # (4 − 0) // 2 = 2
    assert st.units[o.id].hp == 12 and st.units[o.id].ap == 2
    assert st.players["p1"].mana == 100  # no reward for one's own imp
    assert "area.friendly" in notes(s, "p1", ability(s, o, "fire_breath"))
    s2 = game([(10, 10), (11, 11)])
    o2 = unit(s2, "p1", "ognevik", (11, 11))
    e2 = unit(s2, "p2", "bes", (10, 10))
    out2 = run(s2, "p1", ability(s2, o2, "fire_breath"))
    assert out2.state.units[e2.id].hp == 3  # behind a closed corner


def test_friendly_fire_is_a_gm_option_DK_GAP_55():
    """DK-GAP-55."""
    s = game(ROOM, area_friendly_fire=False)
    o = unit(s, "p1", "ognevik", (11, 11))
    own = unit(s, "p1", "imp", (12, 12))
    out = run(s, "p1", ability(s, o, "fire_breath"))
    assert own.id in out.state.units


def test_fire_stream_burns_two_cells_in_a_direction_DK_ABIL_07_DK_GAP_55():
    """DK-ABIL-07 / DK-GAP-55: 3 ОД; the first 2 cells in the direction, each unit for full damage,
    stopped by rock."""
    s = game(area(10, 10, 10, 14))
    f = unit(s, "p1", "ifrit", (10, 10))
    a = unit(s, "p2", "kerub", (10, 11))
    b = unit(s, "p2", "kerub", (10, 12))
    c = unit(s, "p2", "kerub", (10, 13))
    out = run(s, "p1", ability(s, f, "fire_stream", direction="E"))
    st = out.state
    assert st.units[a.id].hp == 18 and st.units[b.id].hp == 18 and st.units[c.id].hp == 20
    assert st.units[f.id].ap == 1 and st.units[f.id].hp == 20


def test_fire_stream_stops_at_rock_DK_GAP_55():
    """DK-GAP-55."""
    s = game([(10, 10), (10, 12)])
    f = unit(s, "p1", "ifrit", (10, 10))
    b = unit(s, "p2", "kerub", (10, 12))
    out = run(s, "p1", ability(s, f, "fire_stream", direction="E"))
    assert out.state.units[b.id].hp == 20
    assert "area.nobody" in notes(s, "p1", ability(s, f, "fire_stream", direction="E"))


# --- control and curses -----------------------------------------------------------------------------
def test_subjugation_takes_an_enemy_for_the_rest_of_the_turn_DK_ABIL_08_DK_GAP_60():
    """DK-ABIL-08 / DK-GAP-60: 50% within 2; the unit then obeys with its full ОД; every ОД it spends is
    a debt its owner pays at his next turn start; control ends with the controller's turn."""
    s = game(ROOM, multi_post_turn=False)
    sc = unit(s, "p1", "succubus", (10, 10))
    g_ = unit(s, "p2", "grasdir", (10, 12), ap=0)
    go = Move(unit=g_.id, who=label(s, g_), path=((11, 12), (12, 12)), ap=2)
    assert codes(s, "p1", ability(s, sc, "subjugate", g_), go) == []
    assert "roll.conditional" in notes(s, "p1", ability(s, sc, "subjugate", g_), go)
    out = run(s, "p1", ability(s, sc, "subjugate", g_), go, rolls=(50,))
    st = out.state
    assert st.units[g_.id].cell == (12, 12)
    assert st.units[g_.id].controller is None  # the turn is over
    assert "subjugated" in kinds(out) and "control_ends" in kinds(out)
    assert st.active == "p2" and st.units[g_.id].ap == 4 - 2


def test_failed_subjugation_skips_the_orders_written_for_the_unit_DK_GAP_60_DK_GAP_11():
    """DK-GAP-60, DK-GAP-11."""
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    g_ = unit(s, "p2", "grasdir", (10, 12))
    go = Move(unit=g_.id, who=label(s, g_), path=((11, 12),), ap=1)
    out = run(s, "p1", ability(s, sc, "subjugate", g_), go, rolls=(51,))
    assert out.state.units[g_.id].cell == (10, 12)
    skipped = event(out, "skipped")
    assert skipped.clause == "DK-GEN-06"


def test_a_controlled_unit_cannot_be_subjugated_again_DK_GAP_60():
    """DK-GAP-60."""
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    g_ = unit(s, "p2", "grasdir", (10, 12), controller="p3")
    assert codes(s, "p1", ability(s, sc, "subjugate", g_)) == ["subjugate.already"]


def test_control_resistance_fails_a_subjugation_three_times_in_four_DK_ABIL_21_DK_GAP_61():
    """DK-ABIL-21 / DK-GAP-61: after a successful Подчинение, 75%: it fails."""
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    z = unit(s, "p2", "siege_beast", (10, 12))
    out = run(s, "p1", ability(s, sc, "subjugate", z), rolls=(1, 75))
    assert out.state.units[z.id].controller is None and "resist" in kinds(out)
    out2 = run(s, "p1", ability(s, sc, "subjugate", z), rolls=(1, 76))
    assert out2.state.units[z.id].controller == "p1" and "no_resist" in kinds(out2)


def test_exhaustion_minus_one_attack_and_defence_until_the_casters_next_turn_DK_ABIL_09_DK_GAP_57():
    """DK-ABIL-09 / DK-GAP-57: within 3, −1/−1; a second one is an error; gone at p1's next turn start."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    k = unit(s, "p2", "kerub", (10, 13))
    out = run(s, "p1", ability(s, a, "exhaust", k))
    t = out.state.units[k.id]
    assert (t.attack(), t.defence()) == (4, 2)
    assert codes(s, "p1", ability(s, a, "exhaust", k), ability(s, a, "exhaust", k)) == ["exhaust.again"]
    later = out.state.model_copy(deep=True)
    later.reindex()
    after = begin(later, "p1").state
    assert after.units[k.id].effect("exhaust") is None
    s2 = game(ROOM, exhaustion_stacks=True, exhaustion_duration="until_cleansed")
    a2 = unit(s2, "p1", "angutei", (10, 10))
    k2 = unit(s2, "p2", "kerub", (10, 13))
    out2 = run(s2, "p1", ability(s2, a2, "exhaust", k2), ability(s2, a2, "exhaust", k2))
    t2 = out2.state.units[k2.id]
    assert (t2.attack(), t2.defence()) == (3, 1) and t2.effect("exhaust").until is None


def test_fear_may_take_one_ap_per_use_and_repeats_DK_ABIL_10_DK_GAP_58():
    """DK-ABIL-10 / DK-GAP-58: each use 50%; the loss is taken at the victim's next turn start."""
    s = game(ROOM)
    lich = unit(s, "p1", "lich", (10, 10))
    k = unit(s, "p2", "kerub", (10, 13))
    out = run(s, "p1", ability(s, lich, "fear", k, ap=2), rolls=(50, 51))
    assert out.state.units[lich.id].ap == 1
    assert out.state.units[k.id].effect("fear").stacks == 1
    assert [e.kind for e in out.events if e.kind.startswith("fear")] == ["fear_try", "feared", "fear_try"]
    started = begin(out.state, "p2").state
    assert started.units[k.id].ap == 3 - 1 and started.units[k.id].effect("fear") is None


def test_poison_four_through_defence_for_three_turns_lengthened_on_repeat_DK_ABIL_11_DK_GAP_59():
    """DK-ABIL-11 / DK-GAP-59: ticks at the start of the victim's owner's turns; a second dose adds 3."""
    s = game(ROOM)
    kd = unit(s, "p1", "kadet", (10, 10))
    z = unit(s, "p2", "siege_beast", (10, 12))
    out = run(s, "p1", ability(s, kd, "poison", z))
    assert out.state.units[z.id].poison.ticks == 3
    again = run(s, "p1", ability(s, kd, "poison", z), ability(s, kd, "poison", z))
    assert again.state.units[z.id].poison.ticks == 6
    t = begin(out.state, "p2")
    assert t.state.units[z.id].hp == 30 - 4 and t.state.units[z.id].poison.ticks == 2
    assert "poison_tick" in kinds(t)
    far = unit(s, "p2", "bes", (10, 13))
    assert codes(s, "p1", ability(s, kd, "poison", far)) == ["ability.out_of_range"]
    s2 = game(ROOM, poison_reapply="reset_to_three")
    kd2 = unit(s2, "p1", "kadet", (10, 10))
    z2 = unit(s2, "p2", "siege_beast", (10, 12))
    assert run(s2, "p1", ability(s2, kd2, "poison", z2), ability(s2, kd2, "poison", z2)).state.units[z2.id].poison.ticks == 3


def test_poison_kill_is_credited_to_the_poisoner_DK_GAP_59_DK_GAP_27():
    """DK-GAP-59, DK-GAP-27."""
    s = game(ROOM)
    b = unit(s, "p2", "grasdir", (10, 12), hp=3, poison=Poison(ticks=1, damage=4, by="p1"))
    t = begin(s, "p2")
    assert b.id not in t.state.units and t.state.players["p1"].mana == 102


def test_poison_comes_before_regeneration_DK_ABIL_18():
    """DK-ABIL-18: +3 at the start of its turn, after the poison; a unit killed by the poison does not
    regenerate."""
    s = game(ROOM)
    m = unit(s, "p2", "munglair", (10, 10), hp=5, poison=Poison(ticks=2, damage=4, by="p1"))
    dead = unit(s, "p2", "munglair", (12, 12), hp=4, poison=Poison(ticks=2, damage=4, by="p1"))
    full = unit(s, "p2", "munglair", (14, 14), hp=11)
    t = begin(s, "p2")
    assert t.state.units[m.id].hp == 5 - 4 + 3
    assert dead.id not in t.state.units
    assert t.state.units[full.id].hp == 12


def test_unblessing_removes_a_named_or_random_buff_on_a_roll_DK_ABIL_12_DK_GAP_62():
    """DK-ABIL-12 / DK-GAP-62: 50%; the named buff, else one at random; nothing to remove → warning."""
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    k = unit(s, "p2", "kerub", (10, 12), effects=[spell("rage", "p2", attack=1), spell("iron_skin", "p2", defence=1)])
    named = ability(s, sc, "unbless", k, buff="iron_skin")
    out = run(s, "p1", named, rolls=(50,))
    assert [e.key for e in out.state.units[k.id].effects] == ["rage"]
    rnd = run(s, "p1", ability(s, sc, "unbless", k), rolls=(10, 1))
    assert [e.key for e in rnd.state.units[k.id].effects] == ["iron_skin"]
    miss = run(s, "p1", ability(s, sc, "unbless", k), rolls=(51,))
    assert len(miss.state.units[k.id].effects) == 2
    bare = unit(s, "p2", "bes", (11, 12))
    assert notes(s, "p1", ability(s, sc, "unbless", bare)) == ["unbless.nothing"]
    assert codes(s, "p1", ability(s, sc, "unbless", bare, buff="rage")) == ["unbless.no_such"]


def test_death_cloud_hits_the_enemies_on_a_cell_within_three_DK_ABIL_13_DK_GAP_56():
    """DK-ABIL-13 / DK-GAP-56: 2 ОД, a cell in sight within 3 holding an enemy, normal damage."""
    s = game(ROOM)
    lich = unit(s, "p1", "lich", (10, 10))
    k = unit(s, "p2", "kerub", (13, 13))
    out = run(s, "p1", ability(s, lich, "death_cloud", cell=(13, 13)))
    assert out.state.units[k.id].hp == 19 and out.state.units[lich.id].ap == 1
    assert codes(s, "p1", ability(s, lich, "death_cloud", cell=(12, 12))) == ["cloud.empty"]
    assert codes(s, "p1", ability(s, lich, "death_cloud", cell=(14, 14))) == ["cloud.far"]


def test_curse_absorption_may_swallow_a_debuff_and_heal_two_DK_ABIL_17_DK_GAP_64():
    """DK-ABIL-17 / DK-GAP-64: 50% against a debuff or control, +2 хп; poison is not absorbed."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    ag = unit(s, "p2", "aggel", (10, 13), hp=20)
    out = run(s, "p1", ability(s, a, "exhaust", ag), rolls=(50,))
    t = out.state.units[ag.id]
    assert t.effect("exhaust") is None and t.hp == 22 and "absorb" in kinds(out)
    out2 = run(s, "p1", ability(s, a, "exhaust", ag), rolls=(51,))
    assert out2.state.units[ag.id].effect("exhaust") is not None
    kd = unit(s, "p1", "kadet", (11, 12))
    out3 = run(s, "p1", ability(s, kd, "poison", ag))
    assert out3.state.units[ag.id].poison is not None and not any(e.rolls for e in out3.events)


def test_a_roll_pending_makes_a_later_impossible_line_a_note_DK_GAP_11():
    """DK-GAP-11: a second Истощение on a unit that may have absorbed the first one is accepted with
    «зависит от броска»."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    ag = unit(s, "p2", "aggel", (10, 13))
    ex = ability(s, a, "exhaust", ag)
    assert codes(s, "p1", ex, ex) == []
    assert notes(s, "p1", ex, ex) == ["roll.depends"]


def test_fire_aura_burns_adjacent_enemies_at_the_start_of_the_turn_DK_ABIL_16_DK_GAP_67():
    """DK-ABIL-16 / DK-GAP-67: 1 through защита to each adjacent enemy; several ifrits add up; the kill
    is the ifrit owner's."""
    s = game(ROOM)
    unit(s, "p1", "ifrit", (10, 10))
    unit(s, "p1", "ifrit", (12, 10))
    k = unit(s, "p2", "kerub", (11, 10))
    b = unit(s, "p2", "bes", (10, 11), hp=1)
    own = unit(s, "p1", "imp", (11, 11))
    t = begin(s, "p1")
    assert t.state.units[k.id].hp == 20 - 2
    assert b.id not in t.state.units
    assert t.state.players["p1"].mana == 100 + 2 - (4 + 4 + 1)  # reward, then upkeep of two ifrits and an imp
    assert own.id in t.state.units


def test_only_units_with_the_ability_may_use_it_DK_GEN_08():
    """DK-GEN-08: military units use their abilities; nobody uses another's."""
    s = game(ROOM)
    b = unit(s, "p1", "bes", (10, 10))
    e = unit(s, "p2", "bes", (10, 12))
    assert codes(s, "p1", ability(s, b, "exhaust", e)) == ["ability.unknown"]


def test_hostile_abilities_need_an_enemy_target_DK_GAP_52():
    """DK-GAP-52."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    own = unit(s, "p1", "bes", (10, 12))
    assert codes(s, "p1", ability(s, a, "exhaust", own)) == ["ability.not_enemy"]
