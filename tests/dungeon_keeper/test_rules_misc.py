"""What is left of the checklist for the rules: starting buildings, hidden objects revealed by digging,
the wording of the rulebook, the circle's defence, name variants, unit categories (DK-BLD-05,
DK-GAP-23, DK-GAP-35, DK-GAP-38, DK-GAP-78, DK-GEN-07)."""

from __future__ import annotations

from letopis.engine.contract import PUBLIC, Faction
from letopis.engine.dice import Dice
from rulesets.dungeon_keeper import RULESET, refs
from rulesets.dungeon_keeper.data import DATA
from rulesets.dungeon_keeper.orders import AttackBuilding, Cast, Dig
from rulesets.dungeon_keeper.rules.turns import start_game

from .dk_rules_factory import SEED, area, building, codes, game, label, mine, move, run, unit


def test_each_archdemon_starts_with_a_level_three_source_and_a_circle_DK_BLD_05():
    """DK-BLD-05 (with DK-GAP-04's generator): besides the Altar, a level-3 Source and a Круг вызова."""
    s = RULESET.setup(RULESET.default_options(), [Faction(id="p1", name="Ваал"), Faction(id="p2", name="Лилит")],
                      Dice(SEED))
    for f in ("p1", "p2"):
        kinds = sorted((b.kind, b.level) for b in s.buildings.values() if b.owner == f)
        assert kinds == [("altar", None), ("circle", None), ("source", 3)]
    assert start_game(s).players["p1"].mana == 5 + 3


def test_objects_hidden_in_rock_show_up_when_a_cell_next_to_them_is_dug_DK_GAP_23():
    """DK-GAP-23: open by default; with ``hide_objects_in_rock`` a mine inside the rock is hidden from
    everyone but the GM until an imp digs next to it."""
    s = game([(10, 10)], hide_objects_in_rock=True)
    mine(s, "gem", (10, 12))
    i = unit(s, "p1", "imp", (10, 10))
    assert RULESET.view(s, PUBLIC)["mines"] == []
    out = run(s, "p1", Dig(unit=i.id, who=label(s, i), cell=(10, 11)))
    assert [m["kind"] for m in RULESET.view(out.state, PUBLIC)["mines"]] == ["gem"]
    s2 = game([(10, 10)])
    mine(s2, "gem", (10, 12))
    assert RULESET.view(s2, PUBLIC)["mines"]


def test_units_do_not_cast_spells_and_the_flying_grasdir_crosses_nothing_DK_GAP_35():
    """DK-GAP-35: «боевые юниты … заклинания» are their abilities (a spell names no caster unit);
    «быстрый летающий демон» has no flying: rock stops a грасдир like anybody else."""
    assert "unit" not in Cast.model_fields
    s = game([(10, 10), (10, 12)])
    g_ = unit(s, "p1", "grasdir", (10, 10))
    assert codes(s, "p1", move(s, g_, (10, 11), (10, 12))) == ["move.undug"]


def test_the_circle_of_summoning_has_no_defence_unless_the_gm_sets_one_DK_GAP_38():
    for defence, taken in ((0, 2), (2, 1)):
        s = game(area(10, 10, 10, 11), circle_defence=defence)
        b = unit(s, "p1", "bes", (10, 10))
        c = building(s, "circle", "p2", (10, 11))
        out = run(s, "p1", AttackBuilding(unit=b.id, who=label(s, b), building=c.id, building_kind="circle",
                                         cell=c.cell))
        assert out.state.buildings[c.id].hp == 50 - taken


def test_the_rulebooks_name_variants_are_one_thing_DK_GAP_78():
    """DK-GAP-78: «Поток огня» = «Огненный поток», «Огненая аура», «кадёт», «Сопротивляемость контролю»."""
    assert "Поток огня" in DATA.abilities["fire_stream"].aliases
    assert "Огненая аура" in DATA.abilities["fire_aura"].aliases
    assert "Сопротивляемость контролю" in DATA.abilities["control_resist"].aliases
    assert refs.kind_of_word("кадёт") == refs.kind_of_word("кадета") == "kadet"


def test_workers_military_and_neutral_units_DK_GEN_07():
    """DK-GEN-07: only imps are workers; бес and all its upgrades are military; the Hero and the gnome
    are neutral and take no player's orders."""
    cats = {k: u.category for k, u in DATA.units.items()}
    assert [k for k, c in cats.items() if c == "worker"] == ["imp"]
    assert {k for k, c in cats.items() if c == "neutral"} == {"hero", "gnome"}
    assert all(c == "military" for k, c in cats.items() if k not in ("imp", "hero", "gnome"))
    s = game([(10, 10), (10, 11)])
    h = unit(s, None, "hero", (10, 10))
    assert codes(s, "p1", move(s, h, (10, 11))) == ["unit.neutral"]
