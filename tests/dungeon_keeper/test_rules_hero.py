"""The light Hero and his gnome: appearance, their seeded behaviour in the neutral phase, and the
Hero as everybody's enemy (DK-HERO-01..06, DK-STAT-17/18, DK-GAP-74..77, DK-ABIL-22)."""

from __future__ import annotations

from letopis.engine.contract import Outcome
from rulesets.dungeon_keeper.orders import EndTurn, TowerShot
from rulesets.dungeon_keeper.rules.chronicle import Chronicle
from rulesets.dungeon_keeper.rules.fate import Fate
from rulesets.dungeon_keeper.rules.neutral import hero
from rulesets.dungeon_keeper.rules.world import World
from rulesets.dungeon_keeper.state import Effect, Poison, State

from .dk_rules_factory import area, attack, building, dice, game, kinds, label, obj, run, unit

CORRIDOR = area(20, 10, 20, 34)


def neutral(s: State, *rolls: int) -> Outcome:
    w = World(s)
    ch = Chronicle(w)
    hero.neutral_phase(w, ch, Fate(dice(*rolls)))
    return Outcome(state=w.commit(), events=ch.events)


def with_hero(dug=CORRIDOR, at=(20, 20), gnome_at=(20, 19), direction="E", **options) -> State:  # type: ignore[no-untyped-def]
    s = game(dug, **options)
    unit(s, None, "hero", at)
    if gnome_at is not None:
        unit(s, None, "gnome", gnome_at)
    s.hero_direction = direction
    return s


def test_the_hero_is_fully_equipped_DK_STAT_17_DK_HERO_06():
    """DK-STAT-17 / DK-HERO-06: ОД 5 (4 + Корона), хп 50 (40 + Амулет), атака 8 (6 + Меч), защита 6 (4 + Броня)."""
    s = with_hero()
    h = s.units["hero"]
    assert (h.max_ap(), h.max_hp(), h.attack(), h.defence()) == (5, 50, 8, 6)
    gn = s.units["gnome"]
    assert (gn.max_ap(), gn.max_hp(), gn.attack(), gn.defence()) == (2, 10, 1, 1)


def test_the_gnome_s_numbers_DK_STAT_18_DK_HERO_02():
    """DK-STAT-18, DK-HERO-02."""
    from rulesets.dungeon_keeper.data import DATA

    g_ = DATA.units["gnome"]
    assert (g_.ap, g_.hp, g_.attack, g_.defence, g_.digs) == (2, 10, 1, 1, True)


def test_the_hero_walks_on_in_his_direction_and_the_gnome_follows_DK_HERO_04_DK_GAP_75():
    """DK-HERO-04 / DK-GAP-75: no evil near — he keeps his direction over empty cells; the gnome walks
    after him and stops beside him."""
    out = neutral(with_hero())
    st = out.state
    assert st.units["hero"].cell == (20, 25)
    assert st.units["gnome"].cell == (20, 21)
    assert kinds(out).count("neutral_move") == 5 + 2
    assert all(a.faction is None for a in st.arrows)


def test_a_new_direction_is_rolled_among_free_ones_when_the_way_is_shut_DK_HERO_04():
    """DK-HERO-04."""
    s = with_hero(dug=area(20, 19, 20, 20) + area(21, 20, 25, 20), at=(20, 20), gnome_at=(20, 19), direction="E")
    out = neutral(s)  # only S is free: no roll needed
    assert out.state.units["hero"].cell == (25, 20) and out.state.hero_direction == "S"
    assert "hero_turns" in kinds(out) and not any(e.rolls for e in out.events)
    s2 = with_hero(dug=area(20, 18, 20, 20) + area(21, 20, 25, 20), at=(20, 20), gnome_at=(20, 18), direction="E")
    out2 = neutral(s2, 1)  # S or W (clockwise from north): the first, S; then on south
    assert out2.state.hero_direction == "S" and out2.state.units["hero"].cell == (25, 20)
    assert out2.events[0].rolls[0].sides == 2


def test_walled_in_hero_waits_while_the_gnome_digs_ahead_DK_HERO_02_DK_GAP_75():
    """DK-HERO-02 / DK-GAP-75: with no free neighbour, the gnome digs the cell ahead of him (one it
    stands next to)."""
    s = with_hero(dug=[(20, 29), (20, 30)], at=(20, 30), gnome_at=(20, 29), direction="E")
    out = neutral(s)
    st = out.state
    assert "hero_blocked" in kinds(out) and "gnome_digs" in kinds(out)
    assert st.terrain((21, 30)) == "." and st.units["hero"].cell == (20, 30)


def test_he_picks_up_every_artifact_in_reach_and_carries_it_DK_HERO_03_DK_GAP_76():
    """DK-HERO-03 / DK-GAP-76: 1 ОД each; carried, not worn; dropped with his own four when he dies."""
    s = with_hero()
    obj(s, "artifact", (20, 21), item="sword")
    out = neutral(s)
    h = out.state.units["hero"]
    assert h.runes == ["sword"] and h.attack() == 8
    assert h.cell == (20, 24)  # 1 ОД for the sword, 4 steps
    st = out.state
    st.units["hero"].hp = 1
    st.dig((20, 23))
    k = unit(st, "p1", "kerub", (20, 23))
    dead = run(st, "p1", attack(st, k, st.units["hero"]))
    items = sorted(o.item for o in dead.state.objects_at(h.cell))
    assert items == ["amulet", "armour", "crown", "sword", "sword"]


def test_he_attacks_evil_next_to_him_weakest_first_even_an_imp_DK_HERO_05_DK_GAP_75():
    """DK-HERO-05, DK-GAP-75."""
    s = with_hero()
    imp = unit(s, "p1", "imp", (20, 21))
    bes = unit(s, "p1", "bes", (21, 21))
    s.dig((21, 21))
    out = neutral(s, 100, 100)
    st = out.state
    assert imp.id not in st.units and bes.id not in st.units
    assert kinds(out).count("hero_attacks") == 2


def test_he_closes_in_on_evil_he_senses_within_three_DK_HERO_04_DK_HERO_05():
    """DK-HERO-04, DK-HERO-05."""
    s = with_hero()
    k = unit(s, "p1", "kerub", (20, 23))
    out = neutral(s, 100, 100, 100)
    st = out.state
    assert "hero_senses" in kinds(out)
    assert st.units["hero"].cell == (20, 22)
    assert st.units[k.id].hp < 20 and st.units["hero"].hp < 50  # blows and retaliations


def test_he_attacks_a_players_building_next_to_him_DK_GAP_75():
    """DK-GAP-75."""
    s = with_hero(dug=[(20, 19), (20, 20)], at=(20, 20), gnome_at=(20, 19))
    h = building(s, "hospital", "p1", (20, 21))
    out = neutral(s)
    assert out.state.buildings[h.id].hp < 50


def test_he_shakes_off_curses_and_poison_for_one_ap_DK_GAP_76_DK_ABIL_22():
    """DK-GAP-76 / DK-ABIL-22: Рассеивание at the start of his turn, after poison and regeneration."""
    s = with_hero()
    h = s.units["hero"]
    h.hp = 40
    h.poison = Poison(ticks=2, damage=4, by="p1")
    h.effects = [Effect(key="weakness", source="spell", category="debuff", by="p1", until=9, attack=-1)]
    out = neutral(s)
    nh = out.state.units["hero"]
    assert nh.poison is None and nh.effects == [] and nh.hp == 40 - 4 + 3
    assert nh.cell == (20, 24)  # 1 ОД went on Рассеивание
    assert "dispelled" in kinds(out)


def test_appearance_only_when_the_gm_asks_DK_HERO_01_DK_GAP_74():
    """DK-HERO-01 / DK-GAP-74: at the end of the round; a cell with no player unit within 3; a d8
    direction; the gnome on a free cell beside him."""
    s = game(CORRIDOR, multi_post_turn=False)
    s.active = "p2"
    quiet = run(s, "p2", EndTurn())
    assert "hero" not in quiet.state.units
    asked = hero.request(s, cell=(20, 20), direction="W")
    out = run(asked, "p2", EndTurn())
    st = out.state
    assert st.units["hero"].cell == (20, 20) and st.hero_direction == "W"
    assert st.units["gnome"].cell in ((20, 19), (20, 21)) and st.hero_request is None
    assert "hero_appears" in kinds(out)
    rolled = run(hero.request(s), "p2", EndTurn(), rolls=(1, 1))
    h = rolled.state.units["hero"]
    assert h.cell == (20, 10) and rolled.state.hero_direction == "N"


def test_the_spawn_cell_keeps_away_from_players_units_DK_GAP_74():
    """DK-GAP-74."""
    s = game(CORRIDOR)
    unit(s, "p1", "imp", (20, 12))
    cells = hero.spawn_cells(World(s))
    assert cells and all(abs(c[1] - 12) > 3 for c in cells)


def test_a_chance_each_round_is_a_gm_option_DK_GAP_74():
    """DK-GAP-74."""
    s = game(CORRIDOR, multi_post_turn=False, hero_spawn_chance=30)
    s.active = "p2"
    assert "hero" not in run(s, "p2", EndTurn(), rolls=(31,)).state.units
    assert "hero" in run(s, "p2", EndTurn(), rolls=(30, 1, 1)).state.units


def test_in_manual_mode_the_hero_waits_for_the_gm_DK_GAP_75():
    """DK-GAP-75."""
    s = with_hero(hero_mode="gm_manual")
    out = neutral(s)
    assert out.state.units["hero"].cell == (20, 20) and "hero_manual" in kinds(out)


def test_hero_and_gnome_are_everybodys_enemies_DK_GAP_77():
    """DK-GAP-77: towers shoot them, players' units attack them; the Hero strikes back."""
    s = with_hero()
    t = building(s, "battle_tower", "p1", (20, 23))
    out = run(s, "p1", TowerShot(tower=t.id, cell=t.cell, ap=1, target="hero", whom=label(s, s.units["hero"])))
    assert out.state.units["hero"].hp == 50 - 2
    b = unit(s, "p1", "grasdir", (20, 21))
    hit = run(s, "p1", attack(s, b, s.units["hero"]))
    assert hit.state.units["hero"].hp == 49 and hit.state.units[b.id].hp == 10 - 7
