"""The data files: they load, a bad edit fails with a clear Russian error, and every number the
checklist gives (DK-STAT, DK-ABIL, DK-BLD, DK-SRC, DK-SPELL, DK-ART, DK-SPIRIT, DK-MINE, DK-OBJ,
DK-ECON) is what the data says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesets.dungeon_keeper.data import DATA, DATA_DIR, DataError, load
from rulesets.dungeon_keeper.options import Options

# (key, ОД, хп, атака, защита, from, runes, summon, upgrade mana, upgrade gold, upkeep, abilities)
STAT_TABLE = {
    "DK-STAT-01": ("imp", 2, 1, 1, 0, None, (), 1, None, None, 1, ("melee",)),
    "DK-STAT-02": ("bes", 2, 3, 2, 1, None, (), 3, None, None, 1, ("melee",)),
    "DK-STAT-03": ("priest", 2, 10, 2, 1, "bes", (), None, 10, 20, 3, ("ranged", "heal", "sacrifice", "cleanse")),
    "DK-STAT-04": ("grasdir", 4, 10, 4, 1, "bes", (), None, 3, 5, 2, ("melee",)),
    "DK-STAT-05": ("kerub", 3, 20, 5, 3, "grasdir", (), None, 5, 20, 3, ("melee", "zeal")),
    "DK-STAT-06": ("siege_beast", 2, 30, 1, 8, "bes", (), None, 20, 30, 4, ("melee", "wall_breaker", "control_resist")),
    "DK-STAT-07": ("ognevik", 3, 12, 4, 2, "bes", ("fire",), None, 3, 5, 2, ("melee", "fire_breath")),
    "DK-STAT-08": ("ifrit", 4, 20, 5, 3, "ognevik", ("fire",), None, 10, 40, 4,
                   ("melee", "fire_breath", "fire_stream", "fire_aura")),
    "DK-STAT-09": ("angutei", 3, 12, 4, 2, "bes", ("dark",), None, 3, 5, 2, ("ranged", "exhaust")),
    "DK-STAT-10": ("kadet", 3, 20, 5, 2, "angutei", ("dark",), None, 10, 25, 4, ("ranged", "exhaust", "poison")),
    "DK-STAT-11": ("succubus", 2, 20, 4, 2, "angutei", ("dark",), None, 10, 25, 4, ("ranged", "subjugate", "unbless")),
    "DK-STAT-12": ("aggel", 4, 25, 6, 4, "kadet", ("dark",), None, 20, 50, 5,
                   ("melee", "zeal", "curse_absorb", "regeneration", "cursed_blade")),
    "DK-STAT-13": ("munglair", 3, 12, 4, 2, "bes", ("death",), None, 3, 5, 2, ("ranged", "regeneration")),
    "DK-STAT-14": ("lich", 3, 20, 4, 2, "munglair", ("death",), None, 10, 25, 4, ("ranged", "exhaust", "fear", "death_cloud")),
    "DK-STAT-15": ("vampire", 3, 18, 5, 3, "munglair", ("death",), None, 10, 25, 4, ("melee", "vampirism")),
    "DK-STAT-16": ("yafalen", 3, 25, 6, 4, "vampire", ("death",), None, 20, 50, 5,
                   ("melee", "fear", "curse_absorb", "vampirism")),
    "DK-STAT-18": ("gnome", 2, 10, 1, 1, None, (), None, None, None, 0, ("melee",)),
}


@pytest.mark.parametrize("clause", sorted(STAT_TABLE))
def test_unit_numbers_match_the_checklist(clause):
    """DK-STAT-01..16, DK-STAT-18: every column of the unit table equals the data."""
    key, ap, hp, atk, dfn, frm, runes, summon, up_mana, up_gold, upkeep, abilities = STAT_TABLE[clause]
    u = DATA.units[key]
    assert (u.ap, u.hp, u.attack, u.defence) == (ap, hp, atk, dfn), clause
    assert u.from_ == frm and u.runes == runes and u.summon == summon, clause
    assert (u.upgrade_mana, u.upgrade_gold, u.upkeep) == (up_mana, up_gold, upkeep), clause
    assert u.abilities == abilities, clause


def test_ranged_units_reach_three_DK_COMBAT_04_DK_ABIL_02():
    for key, u in DATA.units.items():
        if "ranged" in u.abilities:
            assert u.attack_kind == "ranged" and u.reach == 3, key
        else:
            assert u.attack_kind == "melee" and u.reach == 1, key
    assert DATA.abilities["ranged"].adjacent_divisor == 2


def test_hero_with_his_four_artifacts_DK_STAT_17_DK_HERO_06():
    """The Hero's own numbers plus Корона, Амулет, Меч, Броня give 5 / 50 / 8 / 6."""
    h = DATA.units["hero"]
    eq = [DATA.artifacts[a] for a in DATA.hero.equipment]
    assert sorted(DATA.hero.equipment) == ["amulet", "armour", "crown", "sword"]
    assert h.ap + sum(a.ap for a in eq) == 5
    assert h.hp + sum(a.hp for a in eq) == 50
    assert h.attack + sum(a.attack for a in eq) == 8
    assert h.defence + sum(a.defence for a in eq) == 6
    assert set(h.abilities) >= {"zeal", "regeneration", "dispel", "control_resist", "melee"}


def test_upgrade_tree_DK_UPG_01_DK_UNIT_06():
    assert DATA.upgrades_of("bes") == ["priest", "grasdir", "siege_beast", "ognevik", "angutei", "munglair"]
    assert DATA.upgrades_of("grasdir") == ["kerub"]
    assert DATA.upgrades_of("ognevik") == ["ifrit"]
    assert DATA.upgrades_of("angutei") == ["kadet", "succubus"]
    assert DATA.upgrades_of("kadet") == ["aggel"]
    assert DATA.upgrades_of("munglair") == ["lich", "vampire"]
    assert DATA.upgrades_of("vampire") == ["yafalen"]
    assert DATA.upgrades_of("imp") == []  # DK-IMP-02
    summonable = sorted(k for k, u in DATA.units.items() if u.summon is not None)
    assert summonable == ["bes", "imp"]


def test_rune_requirements_DK_UPG_04():
    needs = {k: u.runes for k, u in DATA.units.items() if u.from_}
    assert {k for k, r in needs.items() if r == ("fire",)} == {"ognevik", "ifrit"}
    assert {k for k, r in needs.items() if r == ("dark",)} == {"angutei", "kadet", "succubus", "aggel"}
    assert {k for k, r in needs.items() if r == ("death",)} == {"munglair", "lich", "vampire", "yafalen"}
    assert {k for k, r in needs.items() if not r} == {"priest", "grasdir", "kerub", "siege_beast"}


def test_imp_and_categories_DK_IMP_01_DK_GEN_07():
    imp = DATA.units["imp"]
    assert imp.works and imp.category == "worker" and imp.summon == 1 and imp.upkeep == 1
    assert [k for k, u in DATA.units.items() if u.category == "worker"] == ["imp"]
    assert all(u.category == "military" for k, u in DATA.units.items() if k not in ("imp", "hero", "gnome"))
    assert DATA.units["gnome"].digs  # DK-HERO-02


@pytest.mark.parametrize("key,ap,rng,extra", [
    ("melee", 1, 1, {}),  # DK-ABIL-01
    ("ranged", 1, 3, {}),  # DK-ABIL-02
    ("heal", 1, 2, {"heal": 3}),  # DK-ABIL-03
    ("sacrifice", 1, 1, {"spirits": 1, "mana": 1}),  # DK-ABIL-04
    ("cleanse", 1, 2, {}),  # DK-ABIL-05
    ("fire_breath", 1, 1, {"damage_divisor": 2}),  # DK-ABIL-06
    ("fire_stream", 3, 2, {}),  # DK-ABIL-07
    ("subjugate", 2, 2, {"chance": 50}),  # DK-ABIL-08
    ("exhaust", 1, 3, {"attack": -1, "defence": -1}),  # DK-ABIL-09
    ("fear", 1, 3, {"chance": 50, "ap_loss": 1, "repeatable": True}),  # DK-ABIL-10
    ("poison", 1, 2, {"damage": 4, "ticks": 3}),  # DK-ABIL-11
    ("unbless", 1, 3, {"chance": 50}),  # DK-ABIL-12
    ("death_cloud", 2, 3, {}),  # DK-ABIL-13
])
def test_active_ability_numbers_DK_ABIL(key, ap, rng, extra):
    """DK-ABIL-01..13: cost in ОД, range and the numbers of each active ability."""
    a = DATA.abilities[key]
    assert a.active and a.ap == ap and a.range == rng
    for field, value in extra.items():
        assert getattr(a, field) == value, field


def test_passive_ability_numbers_DK_ABIL_14_to_22():
    ab = DATA.abilities
    assert ab["wall_breaker"].building_attack_bonus == 10  # DK-ABIL-14
    assert ab["zeal"].chance == 50  # DK-ABIL-15
    assert ab["fire_aura"].damage == 1  # DK-ABIL-16
    assert (ab["curse_absorb"].chance, ab["curse_absorb"].heal) == (50, 2)  # DK-ABIL-17
    assert ab["regeneration"].heal == 3  # DK-ABIL-18
    assert ab["cursed_blade"].defence == -1  # DK-ABIL-19
    assert ab["vampirism"].heal == 3  # DK-ABIL-20
    assert ab["control_resist"].chance == 75  # DK-ABIL-21
    assert "dispel" in DATA.units["hero"].abilities  # DK-ABIL-22
    assert not any(ab[k].active for k in ("wall_breaker", "zeal", "fire_aura", "curse_absorb", "regeneration",
                                          "cursed_blade", "vampirism", "control_resist", "dispel"))


def test_name_variants_are_aliases_DK_GAP_78():
    assert "Поток огня" in DATA.abilities["fire_stream"].aliases
    assert "Огненая аура" in DATA.abilities["fire_aura"].aliases
    assert "кадёт" in DATA.units["kadet"].aliases
    assert "Сопротивляемость контролю" in DATA.abilities["control_resist"].aliases


@pytest.mark.parametrize("clause,key,research,cast,runes,numbers", [
    ("DK-SPELL-04", "speed", 30, 5, (), {"ap": 1, "target": "own", "category": "buff"}),
    ("DK-SPELL-05", "slow", 30, 5, (), {"ap": -1, "target": "enemy", "category": "debuff"}),
    ("DK-SPELL-06", "rage", 10, 3, (), {"attack": 1, "target": "own", "category": "buff"}),
    ("DK-SPELL-07", "weakness", 10, 3, (), {"attack": -1, "target": "enemy", "category": "debuff"}),
    ("DK-SPELL-08", "iron_skin", 20, 4, (), {"defence": 1, "target": "own", "category": "buff"}),
    ("DK-SPELL-09", "corruption", 20, 4, (), {"defence": -1, "target": "enemy", "category": "debuff"}),
    ("DK-SPELL-10", "healing", 20, 4, (), {"heal": 5, "instant": True, "category": "none"}),
    ("DK-SPELL-11", "dispel", 20, 4, (), {"instant": True, "category": "none", "target": "own"}),
    ("DK-SPELL-12", "berserk", 40, 6, ("fire",), {"chance": 50, "category": "buff"}),
    ("DK-SPELL-13", "magic_absorb", 40, 6, ("dark",), {"chance": 50, "heal": 2, "category": "buff"}),
    ("DK-SPELL-14", "ghost", 40, 6, ("death",), {"chance": 40}),
    ("DK-SPELL-15", "luck", 100, 10, ("fire", "dark", "death"), {"luck": 20}),
])
def test_spell_costs_and_effects(clause, key, research, cast, runes, numbers):
    """DK-SPELL-01, DK-SPELL-04..15: research and casting prices, runes, effect numbers."""
    s = DATA.spells[key]
    assert (s.research, s.cast, s.runes) == (research, cast, runes), clause
    for field, value in numbers.items():
        assert getattr(s, field) == value, (clause, field)


def test_ghost_and_luck_count_as_buffs_DK_GAP_73():
    assert DATA.spells["ghost"].category == DATA.spells["luck"].category == "buff"


@pytest.mark.parametrize("clause,key,hp,defence,cost,per_gold", [
    ("DK-BLD-04", "altar", 100, 0, {}, 1),
    ("DK-BLD-06", "circle", 50, 0, {"gold": 50, "mana": 5}, 1),
    ("DK-BLD-08", "battle_tower", 50, 1, {"gold": 50, "iron": 10}, 1),
    ("DK-BLD-09", "slow_tower", 50, 1, {"gold": 50, "iron": 10}, 1),
    ("DK-BLD-10", "armoury", 100, 0, {"gold": 100}, 1),
    ("DK-BLD-11", "wall", 50, 1, {"gold": 25}, 2),
    ("DK-BLD-12", "laboratory", 50, 0, {"gold": 50}, 1),
    ("DK-BLD-13", "hospital", 50, 0, {"gold": 50}, 1),
])
def test_building_numbers(clause, key, hp, defence, cost, per_gold):
    """DK-BLD-04, DK-BLD-06, DK-BLD-08..13: хп, защита, price and repair rate (DK-GAP-39)."""
    b = DATA.buildings[key]
    assert (b.hp, b.defence, b.hp_per_gold) == (hp, defence, per_gold), clause
    for res in ("gold", "iron", "mana"):
        assert getattr(b, res) == cost.get(res, 0), (clause, res)


def test_building_specials_DK_BLD_08_09_12_13():
    t = DATA.buildings["battle_tower"]
    assert (t.ap, t.attack, t.reach) == (3, 8, 3)
    s = DATA.buildings["slow_tower"]
    assert (s.aura, s.ap_loss) == (3, 1)
    assert DATA.buildings["laboratory"].alchemy == {"gold": 1, "iron": 3, "taldear": 100}
    assert DATA.buildings["hospital"].heal_per_ap == 2
    assert DATA.buildings["wall"].neutral  # DK-BLD-11
    assert DATA.buildings["altar"].unique and not DATA.buildings["altar"].buildable  # DK-BLD-04


def test_source_levels_and_prices_DK_SRC_01_02_04_05():
    src = DATA.buildings["source"]
    assert src.start_level == 3 and src.mana_per_level == 1  # DK-SRC-01, DK-GAP-05
    assert [src.upgrade_price(level) for level in range(1, 10)] == [10, 20, 30, 40, 50, 60, 70, 80, 90]
    assert src.upgrade_price(10) is None and src.max_level == 10  # DK-SRC-02
    assert src.indestructible and not src.buildable  # DK-SRC-03
    assert src.capture_ap == 10  # DK-SRC-04
    assert src.upgrade_range == 2  # DK-SRC-05, DK-UPG-02


@pytest.mark.parametrize("clause,key,bonus,cost", [
    ("DK-ART-03", "sword", {"attack": 2}, (10, 25, 1)),
    ("DK-ART-04", "armour", {"defence": 2}, (25, 25, 1)),
    ("DK-ART-05", "amulet", {"hp": 10}, (5, 30, 1)),
    ("DK-ART-06", "crown", {"ap": 1}, (10, 100, 1)),
])
def test_artifacts(clause, key, bonus, cost):
    a = DATA.artifacts[key]
    assert (a.iron, a.gold, a.taldear) == cost, clause
    for field in ("attack", "defence", "hp", "ap"):
        assert getattr(a, field) == bonus.get(field, 0), (clause, field)


def test_spirits_DK_SPIRIT_03():
    s = DATA.spirits
    assert (s["guardian"].defence, s["valour"].attack, s["life"].hp) == (1, 1, 5)
    assert len(s) == 3  # DK-SPIRIT-04: one of each kind means at most three


def test_mines_and_objects_DK_MINE_01_03_DK_OBJ_01_03_DK_GAP_01_02():
    m = DATA.mines
    assert {k: v.resource for k, v in m.items()} == {"gold": "gold", "iron": "iron", "gem": "taldear"}
    assert m["gold"].contents == 100  # DK-MINE-03
    assert (m["iron"].contents, m["gem"].contents) == (100, 10)  # DK-GAP-02
    assert {k: v.yield_["detailed"] for k, v in m.items()} == {"gold": 10, "iron": 10, "gem": 1}  # DK-IMP-03
    assert {k: v.yield_["five_each"] for k, v in m.items()} == {"gold": 5, "iron": 5, "gem": 5}  # DK-IMP-04
    assert {k: v.yield_["five_gold_iron"] for k, v in m.items()} == {"gold": 5, "iron": 5, "gem": 1}
    assert DATA.objects["chest"].gold == (50, 300) and DATA.objects["chest"].taldear == (1, 3)
    assert DATA.objects["crystal"].mana == (10, 50)
    assert all(r.exchange_mana == 10 for r in DATA.runes.values())  # DK-OBJ-02


def test_economy_and_limits_DK_ECON_02_DK_UNIT_01_DK_COMBAT_09_DK_MAP_01():
    assert (DATA.start.gold, DATA.start.mana, DATA.start.iron, DATA.start.taldear) == (50, 5, 0, 0)
    assert DATA.limits.units == 20
    assert DATA.limits.kill_mana == 2
    assert DATA.limits.repair_hp == 10  # DK-IMP-07
    assert DATA.map.size == 45 and DATA.map.base == 3  # DK-MAP-05


def test_options_defaults_follow_the_checklist():
    """Every GM switch of Part 2 exists with the checklist's DEFAULT."""
    o = Options()
    expected = {
        "mining_yield": "detailed", "turn_order": "fixed", "multi_post_turn": False,
        "refuse_posts_with_errors": False, "unit_numbering": "by_category", "distance_metric": "chebyshev",
        "los": "supercover", "corner_blockers": "undug", "stacking": False, "registered_alliances": False,
        "hide_objects_in_rock": False, "ranged_retaliation": "half", "half_rounding": "down",
        "may_attack_own_buildings": True, "hero_kill_mana": 2, "gnome_kill_mana": 0,
        "eliminated_buildings": "neutral", "allied_victory": False, "summoned_act_same_turn": True,
        "upgrade_heals_fully": False, "upgrade_ap_now": False, "capture_progress_persists": True,
        "circle_defence": 0, "tower_targeting": "nearest", "tower_autofire": False,
        "artifact_limit": "one_per_kind", "equip_near_armoury": False, "object_contents": "rolled",
        "spirit_kind": "chosen", "ability_los": "hostile_only", "sacrifice_controlled_units": False,
        "cleanse_range": 2, "area_friendly_fire": True, "exhaustion_duration": "one_round",
        "exhaustion_stacks": False, "poison_reapply": "add_three", "zeal_retarget": False,
        "vampirism_basis": "hp_removed", "spell_duration": "one_round", "luck_mode": "plus_points",
        "hero_spawn_chance": 0, "hero_mode": "auto_with_review", "vanish_weakness": "upkeep",
    }
    for name, value in expected.items():
        assert getattr(o, name) == value, name
    assert (o.default_mine_contents.gold, o.default_mine_contents.iron, o.default_mine_contents.gem) == (100, 100, 10)
    for name, field in Options.model_fields.items():
        assert field.description and "DK-GAP-" in field.description, name


def _copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def test_broken_toml_is_a_clear_error(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "spells.toml").write_text("[spells.speed\nname = ", encoding="utf-8")
    with pytest.raises(DataError, match=r"spells\.toml: это не TOML"):
        load(folder)


def test_upgrade_from_a_missing_unit_is_refused(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "units.toml").read_text(encoding="utf-8").replace('from = "grasdir"', 'from = "grasdirr"')
    (folder / "units.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="from = «grasdirr» — такого юнита нет"):
        load(folder)


def test_unknown_ability_is_refused(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "units.toml").read_text(encoding="utf-8")
    text = text.replace('abilities = ["melee", "zeal"]', 'abilities = ["melee", "zeel"]', 1)
    (folder / "units.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="units.kerub: способности «zeel» нет в abilities"):
        load(folder)


def test_impossible_number_names_its_field(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "units.toml").read_text(encoding="utf-8").replace("hp = 30", "hp = -4", 1)
    (folder / "units.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=r"units\.siege_beast\.hp"):
        load(folder)


def test_source_price_list_must_fit_the_levels(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "buildings.toml").read_text(encoding="utf-8").replace(
        "upgrade_gold = [10, 20, 30, 40, 50, 60, 70, 80, 90]", "upgrade_gold = [10, 20]")
    (folder / "buildings.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="upgrade_gold"):
        load(folder)


def test_a_gm_can_change_a_number_without_python(tmp_path):
    folder = _copy_data(tmp_path)
    text = (folder / "economy.toml").read_text(encoding="utf-8").replace("gold = 50", "gold = 75", 1)
    (folder / "economy.toml").write_text(text, encoding="utf-8")
    assert load(folder).start.gold == 75


def test_missing_file_is_named(tmp_path):
    folder = _copy_data(tmp_path)
    (folder / "items.toml").unlink()
    with pytest.raises(DataError, match="нет файла данных"):
        load(folder)
