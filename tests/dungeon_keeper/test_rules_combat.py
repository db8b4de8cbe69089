"""Combat: melee and ranged attacks, the damage formula, retaliation, sight, kills and rewards,
attacks on buildings, Рвение, Берсерк, Призрачность, Вампиризм, Проклятый клинок (DK-COMBAT, DK-ABIL,
DK-GAP-18/24..28/63/65/66/72)."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import AttackBuilding
from rulesets.dungeon_keeper.state import Effect

from .dk_rules_factory import (
    area,
    attack,
    building,
    clauses,
    codes,
    event,
    game,
    kinds,
    label,
    run,
    unit,
)

ROOM = area(10, 10, 16, 16)


def buff(key: str, by: str = "p1", category: str = "buff", until: int | None = 5) -> Effect:
    return Effect(key=key, source="spell", category=category, by=by, until=until)  # type: ignore[arg-type]


def test_damage_is_attack_minus_defence_at_least_one_DK_COMBAT_06():
    """DK-COMBAT-06: атака − защита; when защита ≥ атака, 1."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "siege_beast", (10, 11))
    out = run(s, "p1", attack(s, k, b), rolls=(100,))
    assert out.state.units[b.id].hp == 30 - 1
    hit = event(out, "hit")
    assert hit.data["damage"] == 1 and "5 − 8" in hit.text


def test_melee_attack_costs_one_ap_and_needs_an_adjacent_target_DK_COMBAT_01_DK_COMBAT_02_DK_ABIL_01():
    """DK-COMBAT-01 / DK-ABIL-01: 1 ОД; DK-COMBAT-02: only a target on an adjacent cell."""
    s = game(ROOM)
    a = unit(s, "p1", "bes", (10, 10))
    near = unit(s, "p2", "siege_beast", (11, 11))
    far = unit(s, "p2", "bes", (10, 12))
    out = run(s, "p1", attack(s, a, near))
    assert out.state.units[a.id].ap == 1
    assert codes(s, "p1", attack(s, a, far)) == ["attack.not_adjacent"]
    assert clauses(s, "p1", attack(s, a, far)) == ["DK-COMBAT-02"]


def test_attacking_own_units_is_refused_DK_COMBAT_01():
    """DK-COMBAT-01."""
    s = game(ROOM)
    a = unit(s, "p1", "bes", (10, 10))
    b = unit(s, "p1", "bes", (10, 11))
    assert codes(s, "p1", attack(s, a, b)) == ["attack.own"]


def test_survivor_of_a_melee_attack_strikes_back_for_free_DK_COMBAT_03_DK_GAP_24():
    """DK-COMBAT-03 / DK-GAP-24: automatic, no ОД of the defender, defender's атака vs attacker's защита."""
    s = game(ROOM)
    a = unit(s, "p1", "bes", (10, 10))
    d = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, a, d))
    st = out.state
    assert st.units[d.id].hp == 2 and st.units[a.id].hp == 2
    assert st.units[d.id].ap == d.ap  # retaliation spends nothing
    assert kinds(out).count("hit") == 2
    assert "отвечает" in out.events[1].text


def test_no_retaliation_from_a_dead_target_DK_COMBAT_03():
    """DK-COMBAT-03."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (10, 10))
    d = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, k, d))
    assert d.id not in out.state.units
    assert out.state.units[k.id].hp == 20
    assert kinds(out).count("hit") == 1


def test_imps_fight_badly_and_die_of_any_hit_DK_IMP_08_DK_IMP_01():
    """DK-IMP-08: an imp can attack (атака 1); DK-IMP-01: 1 хп, so the retaliation kills it."""
    s = game(ROOM)
    i = unit(s, "p1", "imp", (10, 10))
    b = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, i, b))
    assert out.state.units[b.id].hp == 2
    assert i.id not in out.state.units
    death = event(out, "death")
    assert death.data["credit"] == "p2" and death.data["mana"] == 0


def test_ranged_attack_reaches_three_cells_and_is_halved_next_to_the_target_DK_COMBAT_04_DK_ABIL_02():
    """DK-COMBAT-04 / DK-ABIL-02: reach 3; adjacent target: half, rounded down, never below 1 (DK-GAP-25)."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    far = unit(s, "p2", "grasdir", (10, 13))
    near = unit(s, "p2", "grasdir", (11, 11))
    out = run(s, "p1", attack(s, a, far), attack(s, a, near))
    st = out.state
    assert st.units[far.id].hp == 10 - 3
    assert st.units[near.id].hp == 10 - 1  # (4 − 1) // 2
    too_far = unit(s, "p2", "bes", (10, 14))
    assert codes(s, "p1", attack(s, a, too_far)) == ["attack.out_of_reach"]


def test_half_damage_rounding_is_a_gm_option_DK_GAP_25():
    """DK-GAP-25."""
    s = game(ROOM, half_rounding="up")
    a = unit(s, "p1", "angutei", (10, 10))
    near = unit(s, "p2", "grasdir", (11, 11))
    out = run(s, "p1", attack(s, a, near))
    assert out.state.units[near.id].hp == 10 - 2  # ceil(3 / 2)
    s2 = game(ROOM)
    a2 = unit(s2, "p1", "priest", (10, 10))
    k = unit(s2, "p2", "kerub", (10, 11))
    out2 = run(s2, "p1", attack(s2, a2, k))
    assert out2.state.units[k.id].hp == 19  # max(2 − 3, 1) halved is still 1


def test_ranged_attacks_are_never_retaliated_DK_COMBAT_05():
    """DK-COMBAT-05."""
    s = game(ROOM)
    a = unit(s, "p1", "angutei", (10, 10))
    k = unit(s, "p2", "kerub", (10, 11))
    out = run(s, "p1", attack(s, a, k))
    assert out.state.units[a.id].hp == 12
    assert kinds(out).count("hit") == 1


def test_a_ranged_defender_strikes_back_at_half_by_default_DK_GAP_24():
    """DK-GAP-24: option ranged_retaliation = half | full | none."""
    for mode, taken in (("half", 1), ("full", 3), ("none", 0)):  # angutei 4 − grasdir 1 = 3
        s = game(ROOM, ranged_retaliation=mode)
        g_ = unit(s, "p1", "grasdir", (10, 10))
        a = unit(s, "p2", "angutei", (10, 11))
        out = run(s, "p1", attack(s, g_, a))
        assert out.state.units[a.id].hp == 12 - 2
        assert out.state.units[g_.id].hp == 10 - taken, mode


def test_line_of_sight_blocked_by_rock_and_buildings_not_by_units_DK_COMBAT_07_DK_GAP_18():
    """DK-COMBAT-07 / DK-GAP-18: undug cells and buildings screen a target; units do not."""
    s = game(area(10, 10, 10, 13))
    a = unit(s, "p1", "angutei", (10, 10))
    t = unit(s, "p2", "bes", (10, 13))
    unit(s, "p2", "bes", (10, 11))
    assert codes(s, "p1", attack(s, a, t)) == []
    s.set_terrain((10, 12), "#")
    assert codes(s, "p1", attack(s, a, t)) == ["attack.no_los"]
    assert clauses(s, "p1", attack(s, a, t)) == ["DK-COMBAT-07"]
    s.set_terrain((10, 12), ".")
    building(s, "wall", None, (10, 12))
    assert codes(s, "p1", attack(s, a, t)) == ["attack.no_los"]


def test_line_of_sight_can_be_switched_off_DK_GAP_18():
    """DK-GAP-18."""
    s = game(area(10, 10, 10, 11) + [(10, 13)], los="none")
    a = unit(s, "p1", "angutei", (10, 10))
    t = unit(s, "p2", "bes", (10, 13))
    assert codes(s, "p1", attack(s, a, t)) == []


def test_a_target_across_a_closed_corner_cannot_be_attacked_DK_MOVE_02():
    """DK-MOVE-02: a diagonal neighbour with both corner cells undug is out of reach of attacks."""
    s = game([(10, 10), (11, 11)])
    a = unit(s, "p1", "bes", (10, 10))
    t = unit(s, "p2", "bes", (11, 11))
    assert codes(s, "p1", attack(s, a, t)) == ["attack.corner"]
    s.dig((10, 11))
    assert codes(s, "p1", attack(s, a, t)) == []


def test_kill_reward_two_mana_for_military_nothing_for_imps_DK_COMBAT_09_DK_GAP_27():
    """DK-COMBAT-09 / DK-GAP-27: +2 mana for an enemy military unit, 0 for an imp."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "bes", (10, 11))
    i = unit(s, "p2", "imp", (11, 10))
    out = run(s, "p1", attack(s, k, b), attack(s, k, i))
    assert out.state.players["p1"].mana == 100 + 2
    assert "Ваал получает 2 маны" in event(out, "death").text


def test_hero_and_gnome_rewards_are_gm_options_DK_GAP_27_DK_GAP_77():
    """DK-GAP-27: the Hero 2 mana (hero_kill_mana), the gnome 0 (gnome_kill_mana); DK-GAP-77: they
    are everybody's enemies."""
    for options, mana in (({}, 2), ({"hero_kill_mana": 5}, 5)):
        s = game(ROOM, **options)
        k = unit(s, "p1", "kerub", (10, 10))
        h = unit(s, None, "hero", (10, 11), hp=1)
        out = run(s, "p1", attack(s, k, h))
        assert "hero" not in out.state.units and out.state.players["p1"].mana == 100 + mana
    s = game(ROOM, gnome_kill_mana=3)
    k = unit(s, "p1", "kerub", (10, 10))
    gn = unit(s, None, "gnome", (10, 11), hp=1)
    assert run(s, "p1", attack(s, k, gn)).state.players["p1"].mana == 103


def test_dead_unit_is_removed_and_drops_artifacts_and_runes_DK_COMBAT_11_DK_GAP_28_DK_ART_07():
    """DK-COMBAT-11 / DK-GAP-28: removed at 0 хп; artifacts and carried runes lie on its cell,
    spirits vanish (DK-ART-07)."""
    s = game(ROOM)
    k = unit(s, "p1", "aggel", (10, 10))
    b = unit(s, "p2", "bes", (10, 11), artifacts=["armour"], spirits=["life"], runes=["fire"], hp=2)
    out = run(s, "p1", attack(s, k, b), rolls=(100,))
    st = out.state
    assert b.id not in st.units
    lying = sorted((o.kind, o.item) for o in st.objects_at((10, 11)))
    assert lying == [("artifact", "armour"), ("rune", "fire")]


def test_later_orders_of_a_dead_unit_are_skipped_DK_GAP_28_DK_GAP_11():
    """DK-GAP-11."""
    s = game(ROOM)
    i = unit(s, "p1", "imp", (10, 10))
    b = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, i, b), attack(s, i, b))
    assert kinds(out).count("hit") == 2  # the imp's blow and the retaliation
    refused = event(out, "refused")
    assert refused.clause == "DK-GAP-28" and "погиб" in refused.text


def test_several_attacks_in_one_order_stop_when_the_target_dies_DK_COMBAT_01():
    """DK-COMBAT-01."""
    s = game(ROOM)
    g_ = unit(s, "p1", "grasdir", (10, 10))
    b = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, g_, b, ap=3))
    assert out.state.units[g_.id].ap == 3  # one blow (4 − 1 ≥ 3 хп) — the rest not spent
    assert event(out, "attack_left").data["left"] == 2


def test_units_attack_buildings_with_the_wall_breaker_bonus_DK_COMBAT_10_DK_GAP_26_DK_ABIL_14():
    """DK-COMBAT-10 / DK-GAP-26: max(атака − защита, 1), no retaliation; DK-ABIL-14: +10 against
    walls and buildings."""
    s = game(ROOM)
    z = unit(s, "p1", "siege_beast", (10, 10))
    w = building(s, "wall", None, (10, 11))
    c = building(s, "circle", "p2", (11, 11))
    out = run(s, "p1", AttackBuilding(unit=z.id, who=label(s, z), building=w.id, building_kind="wall", cell=w.cell),
              AttackBuilding(unit=z.id, who=label(s, z), building=c.id, building_kind="circle", cell=c.cell))
    st = out.state
    assert st.buildings[w.id].hp == 50 - (1 + 10 - 1)
    assert st.buildings[c.id].hp == 50 - 11
    assert st.units[z.id].hp == 30


def test_destroyed_building_leaves_an_empty_cell_DK_GAP_26():
    """DK-GAP-26."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (10, 10))
    w = building(s, "wall", None, (10, 11), hp=3)
    out = run(s, "p1", AttackBuilding(unit=k.id, who=label(s, k), building=w.id, building_kind="wall", cell=w.cell))
    assert w.id not in out.state.buildings and out.state.terrain((10, 11)) == "."
    assert "building_destroyed" in kinds(out)


def test_sources_and_own_altar_cannot_be_attacked_DK_SRC_03_DK_GAP_26():
    """DK-SRC-03, DK-GAP-26."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (2, 3))
    src = building(s, "source", "p2", (10, 11))
    k2 = unit(s, "p1", "kerub", (10, 10))
    altar = s.buildings[s.players["p1"].altar]  # type: ignore[index]
    own = building(s, "hospital", "p1", (11, 11))
    assert codes(s, "p1", AttackBuilding(unit=k2.id, who=label(s, k2), building=src.id, building_kind="source",
                                         cell=src.cell)) == ["attack_building.source"]
    assert codes(s, "p1", AttackBuilding(unit=k.id, who=label(s, k), building=altar.id, building_kind="altar",
                                         cell=altar.cell)) == ["attack_building.own_altar"]
    hit_own = AttackBuilding(unit=k2.id, who=label(s, k2), building=own.id, building_kind="hospital", cell=own.cell)
    assert codes(s, "p1", hit_own) == []
    s2 = s.model_copy(update={"options": s.options.model_copy(update={"may_attack_own_buildings": False})})
    assert codes(s2, "p1", hit_own) == ["attack_building.own"]


def test_zeal_gives_one_extra_attack_on_a_roll_DK_ABIL_15_DK_GAP_63():
    """DK-ABIL-15 / DK-GAP-63: after the attack and its retaliation, 50%: one more attack (with its own
    retaliation); extra attacks never roll again."""
    s = game(ROOM)
    a = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "kerub", (10, 11))
    out = run(s, "p1", attack(s, a, b), rolls=(50,))
    st = out.state
    assert st.units[b.id].hp == 20 - 2 * 2 and st.units[a.id].hp == 20 - 2 * 2
    assert st.units[a.id].ap == 2
    assert len([e for e in out.events if e.kind == "extra"]) == 1
    assert sum(len(e.rolls) for e in out.events) == 1
    no = run(s, "p1", attack(s, a, b), rolls=(51,))
    assert no.state.units[b.id].hp == 18 and "no_extra" in kinds(no)


def test_no_zeal_roll_when_the_target_is_dead_DK_GAP_63():
    """DK-GAP-63."""
    s = game(ROOM)
    a = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "bes", (10, 11))
    out = run(s, "p1", attack(s, a, b))
    assert not any(e.rolls for e in out.events)


def test_berserk_adds_a_second_roll_melee_only_DK_SPELL_12_DK_GAP_63():
    """DK-SPELL-12 / DK-GAP-63: a second 50% roll after Рвение: up to 3 attacks; never for ranged attacks."""
    s = game(ROOM)
    a = unit(s, "p1", "kerub", (10, 10), effects=[buff("berserk")])
    b = unit(s, "p2", "kerub", (10, 11))
    out = run(s, "p1", attack(s, a, b), rolls=(1, 1))
    assert out.state.units[b.id].hp == 20 - 3 * 2
    assert [e.kind for e in out.events if e.kind in ("extra", "no_extra")] == ["extra", "extra"]
    s2 = game(ROOM)
    r = unit(s2, "p1", "angutei", (10, 10), effects=[buff("berserk")])
    t = unit(s2, "p2", "kerub", (10, 12))
    out2 = run(s2, "p1", attack(s2, r, t), rolls=(1,))
    assert out2.state.units[t.id].hp == 19 and not any(e.rolls for e in out2.events)


def test_ghostliness_may_avoid_an_attack_but_the_dodger_still_strikes_back_DK_SPELL_14_DK_GAP_72():
    """DK-SPELL-14 / DK-GAP-72: 40% to avoid; nothing is dealt, the attacker's ОД is spent, a melee
    attack is still retaliated."""
    s = game(ROOM)
    a = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "kerub", (10, 11), effects=[buff("ghost", by="p2")])
    out = run(s, "p1", attack(s, a, b), rolls=(40, 100))
    st = out.state
    assert st.units[b.id].hp == 20 and st.units[a.id].hp == 18 and st.units[a.id].ap == 2
    assert "dodge" in kinds(out)
    hit = run(s, "p1", attack(s, a, b), rolls=(41, 100))
    assert hit.state.units[b.id].hp == 18 and "no_dodge" in kinds(hit)


def test_vampirism_heals_what_was_taken_at_most_three_DK_ABIL_20_DK_GAP_66():
    """DK-ABIL-20 / DK-GAP-66: heal = min(3, хп taken) by default; ``damage_computed`` uses the damage."""
    s = game(ROOM)
    v = unit(s, "p1", "vampire", (10, 10), hp=10)
    i = unit(s, "p2", "imp", (10, 11))
    b = unit(s, "p2", "bes", (11, 10))
    out = run(s, "p1", attack(s, v, i))
    assert out.state.units[v.id].hp == 11
    out2 = run(out.state, "p1", attack(out.state, out.state.units[v.id], b))
    assert out2.state.units[v.id].hp == 11 + 3
    s2 = game(ROOM, vampirism_basis="damage_computed")
    v2 = unit(s2, "p1", "vampire", (10, 10), hp=10)
    i2 = unit(s2, "p2", "imp", (10, 11))
    assert run(s2, "p1", attack(s2, v2, i2)).state.units[v2.id].hp == 13


def test_cursed_blade_stacks_minus_one_defence_and_lengthens_DK_ABIL_19_DK_GAP_65():
    """DK-ABIL-19 / DK-GAP-65: each hit −1 защита; the expiry moves one owner-turn later per stack;
    защита never below 0 (DK-GAP-30)."""
    s = game(ROOM)
    a = unit(s, "p1", "aggel", (10, 10))
    k = unit(s, "p2", "kerub", (10, 11))
    out = run(s, "p1", attack(s, a, k), attack(s, a, k), rolls=(100, 100))
    t = out.state.units[k.id]
    blade = t.effect("cursed_blade")
    assert blade is not None and blade.stacks == 2 and blade.until == 1 + 2
    assert t.defence() == 1
    assert t.hp == 20 - (6 - 3) - (6 - 2)
    weak = unit(s, "p2", "ognevik", (11, 11), effects=[Effect(key="cursed_blade", source="ability",
                                                             category="debuff", by="p1", until=9, stacks=3,
                                                             defence=-3)])
    assert weak.defence() == 0
