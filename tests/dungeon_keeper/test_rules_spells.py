"""Archdemon spells: research, casting, targets, durations, stacking, Удача (DK-SPELL-01..15,
DK-GAP-68..73, DK-COMBAT-08, DK-BLD-02, DK-GEN-05)."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import Cast, Research
from rulesets.dungeon_keeper.state import Effect

from .dk_rules_factory import (
    ability,
    area,
    attack,
    begin,
    codes,
    game,
    kinds,
    label,
    notes,
    run,
    unit,
)

ROOM = area(10, 10, 14, 14)


def cast(s, spell, t, faction="p1"):  # type: ignore[no-untyped-def]
    return Cast(spell=spell, target=t.id, whom=label(s, t, faction))


def knows(s, *spells, runes=()):  # type: ignore[no-untyped-def]
    p = s.players["p1"]
    p.spells = list(spells)
    p.runes = list(runes)
    return s


def test_research_is_paid_once_then_each_cast_costs_mana_DK_SPELL_01():
    """DK-SPELL-01: research price once (mana), then the cast price each time."""
    s = game(ROOM)
    k = unit(s, "p1", "kerub", (10, 10))
    out = run(s, "p1", Research(spell="rage"), cast(s, "rage", k))
    p = out.state.players["p1"]
    assert p.spells == ["rage"] and p.mana == 100 - 10 - 3
    assert codes(s, "p1", cast(s, "rage", k)) == ["cast.unknown"]
    assert codes(s, "p1", Research(spell="rage"), Research(spell="rage")) == ["research.known"]
    s.players["p1"].mana = 9
    assert codes(s, "p1", Research(spell="rage")) == ["cost.short"]


def test_rune_spells_need_their_runes_in_the_altar_DK_SPELL_12_DK_SPELL_13_DK_SPELL_14_DK_SPELL_15():
    """DK-SPELL-12 / DK-SPELL-13 / DK-SPELL-14 / DK-SPELL-15: Берсерк — Огня, Поглощение магии — Тьмы,
    Призрачность — Смерти, Удача — all three."""
    s = game(ROOM)
    for spell in ("berserk", "magic_absorb", "ghost", "luck"):
        assert codes(s, "p1", Research(spell=spell)) == ["research.rune"]
    knows(s, runes=("fire", "dark"))
    assert codes(s, "p1", Research(spell="berserk")) == []
    assert codes(s, "p1", Research(spell="magic_absorb")) == []
    assert codes(s, "p1", Research(spell="ghost")) == ["research.rune"]
    assert codes(s, "p1", Research(spell="luck")) == ["research.rune"]
    s.players["p1"].runes.append("death")
    assert codes(s, "p1", Research(spell="luck")) == []


def test_spells_reach_any_unit_anywhere_DK_SPELL_03_DK_COMBAT_08():
    """DK-SPELL-03 / DK-COMBAT-08: no range, no sight."""
    s = knows(game(ROOM + [(40, 40)]), "weakness")
    far = unit(s, "p2", "kerub", (40, 40))
    out = run(s, "p1", cast(s, "weakness", far))
    assert out.state.units[far.id].attack() == 4


def test_own_spells_on_own_units_enemy_spells_on_enemies_DK_GAP_70():
    """DK-GAP-70: buffs and healing on one's own units; debuffs on anybody else (allies, the Hero)."""
    s = knows(game(ROOM), "rage", "weakness")
    own = unit(s, "p1", "kerub", (10, 10))
    enemy = unit(s, "p2", "kerub", (12, 12))
    hero = unit(s, None, "hero", (14, 14))
    assert codes(s, "p1", cast(s, "rage", enemy)) == ["cast.not_own"]
    assert codes(s, "p1", cast(s, "weakness", own)) == ["cast.not_enemy"]
    assert codes(s, "p1", cast(s, "weakness", hero)) == []


def test_buildings_are_immune_to_spells_DK_BLD_02():
    """DK-BLD-02: a spell names a unit; a building is no target."""
    s = knows(game(ROOM), "weakness")
    t = unit(s, "p2", "bes", (10, 10))
    from rulesets.dungeon_keeper.orders import Label

    tower = Cast(spell="weakness", target="b1", whom=Label(kind="bes", number=1))
    assert codes(s, "p1", tower) == ["target.unknown"]
    assert t.id != "b1"


def test_same_spell_twice_is_an_error_different_ones_add_up_DK_SPELL_02_DK_GAP_69():
    """DK-SPELL-02 / DK-GAP-69: a second Ярость is refused; Ярость + Дух доблести + Меч stack."""
    s = knows(game(ROOM), "rage")
    k = unit(s, "p1", "kerub", (10, 10), spirits=["valour"], artifacts=["sword"])
    assert codes(s, "p1", cast(s, "rage", k), cast(s, "rage", k)) == ["cast.again"]
    out = run(s, "p1", cast(s, "rage", k))
    assert out.state.units[k.id].attack() == 5 + 1 + 1 + 2


def test_speed_gives_one_ap_now_DK_SPELL_04_DK_GAP_58():
    """DK-SPELL-04 / DK-GAP-58: +1 remaining ОД at once; it ends at the caster's next turn start."""
    s = knows(game(ROOM), "speed")
    k = unit(s, "p1", "kerub", (10, 10))
    out = run(s, "p1", cast(s, "speed", k))
    assert out.state.units[k.id].ap == 4
    nxt = begin(out.state, "p1").state
    assert nxt.units[k.id].effect("speed") is None and nxt.units[k.id].ap == 3


def test_slow_takes_one_ap_from_the_targets_next_turn_DK_SPELL_05_DK_GAP_68():
    """DK-SPELL-05 / DK-GAP-68: the loss lands at the start of the victim's next turn."""
    s = knows(game(ROOM), "slow")
    k = unit(s, "p2", "kerub", (10, 10))
    out = run(s, "p1", cast(s, "slow", k))
    assert out.state.units[k.id].effect("slow") is not None
    assert begin(out.state, "p2").state.units[k.id].ap == 2


def test_rage_and_weakness_last_until_the_casters_next_turn_DK_SPELL_06_DK_SPELL_07_DK_GAP_68():
    """DK-SPELL-06 / DK-SPELL-07 / DK-GAP-68: ±1 атака until the start of the caster's next turn."""
    s = knows(game(ROOM), "rage", "weakness")
    own = unit(s, "p1", "kerub", (10, 10))
    foe = unit(s, "p2", "kerub", (12, 12))
    out = run(s, "p1", cast(s, "rage", own), cast(s, "weakness", foe))
    st = out.state
    assert st.units[own.id].attack() == 6 and st.units[foe.id].attack() == 4
    p2_turn = begin(st, "p2").state
    assert p2_turn.units[foe.id].attack() == 4  # still on during the victim's turn
    back = begin(p2_turn, "p1")
    assert back.state.units[own.id].attack() == 5 and back.state.units[foe.id].attack() == 5
    assert "effects_end" in kinds(back)


def test_spell_duration_until_dispelled_is_a_gm_option_DK_GAP_68():
    """DK-GAP-68."""
    s = knows(game(ROOM, spell_duration="until_dispelled"), "rage")
    own = unit(s, "p1", "kerub", (10, 10))
    out = run(s, "p1", cast(s, "rage", own))
    assert out.state.units[own.id].effect("rage").until is None
    assert begin(out.state, "p1").state.units[own.id].attack() == 6


def test_iron_skin_and_corruption_DK_SPELL_08_DK_SPELL_09():
    """DK-SPELL-08, DK-SPELL-09."""
    s = knows(game(ROOM), "iron_skin", "corruption")
    own = unit(s, "p1", "kerub", (10, 10))
    foe = unit(s, "p2", "kerub", (12, 12))
    out = run(s, "p1", cast(s, "iron_skin", own), cast(s, "corruption", foe))
    assert out.state.units[own.id].defence() == 4 and out.state.units[foe.id].defence() == 2
    assert out.state.players["p1"].mana == 100 - 8


def test_healing_spell_restores_five_capped_DK_SPELL_10():
    """DK-SPELL-10."""
    s = knows(game(ROOM), "healing")
    k = unit(s, "p1", "kerub", (10, 10), hp=12)
    nearly = unit(s, "p1", "bes", (12, 12), hp=2)
    out = run(s, "p1", cast(s, "healing", k), cast(s, "healing", nearly))
    assert out.state.units[k.id].hp == 17 and out.state.units[nearly.id].hp == 3
    full = unit(s, "p1", "bes", (13, 13))
    assert notes(s, "p1", cast(s, "healing", full)) == ["heal.full"]


def test_dispel_removes_debuffs_controls_and_poison_DK_SPELL_11():
    """DK-SPELL-11."""
    from rulesets.dungeon_keeper.state import Poison

    s = knows(game(ROOM), "dispel")
    k = unit(s, "p1", "kerub", (10, 10), poison=Poison(ticks=3, damage=4, by="p2"),
             effects=[Effect(key="weakness", source="spell", category="debuff", by="p2", until=3, attack=-1),
                      Effect(key="rage", source="spell", category="buff", by="p1", until=3, attack=1)])
    out = run(s, "p1", cast(s, "dispel", k))
    t = out.state.units[k.id]
    assert t.poison is None and [e.key for e in t.effects] == ["rage"]


def test_magic_absorption_adds_a_second_roll_DK_SPELL_13_DK_GAP_64():
    """DK-SPELL-13 / DK-GAP-64: Поглощение проклятий is rolled first, then Поглощение магии."""
    s = knows(game(ROOM), "weakness")
    ag = unit(s, "p2", "aggel", (10, 10), hp=20,
              effects=[Effect(key="magic_absorb", source="spell", category="buff", by="p2", until=3)])
    out = run(s, "p1", cast(s, "weakness", ag), rolls=(51, 50))
    t = out.state.units[ag.id]
    assert t.effect("weakness") is None and t.hp == 22
    assert [e.kind for e in out.events if "absorb" in e.kind] == ["no_absorb", "absorb", "heal_absorb"]


def test_luck_raises_the_units_own_chances_by_twenty_points_DK_SPELL_15_DK_GAP_71():
    """DK-SPELL-15 / DK-GAP-71: Рвение 50 → 70 under Удача; ``times_1_2`` → 60."""
    luck = Effect(key="luck", source="spell", category="buff", by="p1", until=3)
    for mode, edge in (("plus_points", 70), ("times_1_2", 60)):
        s = game(ROOM, luck_mode=mode)
        a = unit(s, "p1", "kerub", (10, 10), effects=[luck])
        b = unit(s, "p2", "kerub", (10, 11))
        hit = run(s, "p1", attack(s, a, b), rolls=(edge,))
        assert "extra" in kinds(hit), mode
        miss = run(s, "p1", attack(s, a, b), rolls=(edge + 1,))
        assert "no_extra" in kinds(miss), mode


def test_ghost_and_luck_are_buffs_unblessing_can_take_DK_GAP_73():
    """DK-GAP-73."""
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    k = unit(s, "p2", "kerub", (10, 12), effects=[
        Effect(key="ghost", source="spell", category="buff", by="p2", until=3)])
    out = run(s, "p1", ability(s, sc, "unbless", k), rolls=(1,))
    assert out.state.units[k.id].effects == []


def test_the_archdemon_casts_and_summons_while_his_mana_lasts_DK_GEN_05_DK_ECON_04():
    """DK-GEN-05 / DK-ECON-04: each spell is paid in full; when the mana runs out the next is illegal."""
    s = knows(game(ROOM), "rage", "iron_skin")
    s.players["p1"].mana = 7
    k = unit(s, "p1", "kerub", (10, 10))
    assert codes(s, "p1", cast(s, "rage", k), cast(s, "iron_skin", k)) == []
    s.players["p1"].mana = 6
    assert codes(s, "p1", cast(s, "rage", k), cast(s, "iron_skin", k)) == ["cost.short"]
