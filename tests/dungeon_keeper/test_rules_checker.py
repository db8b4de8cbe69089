"""The legality checker's overlay, its notes and descriptions, the copy-on-write world, and the
message catalogue (DK-GAP-11, DK-GEN-06)."""

from __future__ import annotations

import re
from pathlib import Path

from rulesets.dungeon_keeper import refs
from rulesets.dungeon_keeper.messages import MESSAGES
from rulesets.dungeon_keeper.orders import Label, Pickup, Summon
from rulesets.dungeon_keeper.rules.legality.checker import Checker, Violation
from rulesets.dungeon_keeper.rules.world import World

from .dk_rules_factory import area, attack, building, codes, game, label, move, obj, unit

ROOM = area(10, 10, 14, 14)
RULES = Path(__file__).resolve().parents[2] / "rulesets" / "dungeon_keeper"


def test_checker_applies_accepted_orders_to_its_overlay_only_DK_GEN_06():
    """DK-GEN-06: each line is checked against the state the lines above made; the state itself is
    never touched."""
    s = game(ROOM)
    b = unit(s, "p1", "bes", (10, 10))
    before = s.model_dump(mode="json")
    c = Checker(s, "p1")
    assert c.check(move(s, b, (10, 11))) == []
    assert c.world.unit(b.id).cell == (10, 11)
    assert [v.code for v in c.check(move(s, b, (10, 13)))] == ["move.not_adjacent"]
    assert c.check(move(s, b, (10, 12))) == []
    assert [v.code for v in c.check(move(s, b, (10, 13)))] == ["move.no_ap"]
    assert s.model_dump(mode="json") == before and s.units[b.id].cell == (10, 10)


def test_violations_carry_code_message_hint_and_clause_DK_GAP_12():
    """DK-GAP-12."""
    s = game(ROOM)
    b = unit(s, "p1", "bes", (10, 10))
    (v,) = Checker(s, "p1").check(move(s, b, (10, 12)))
    assert isinstance(v, Violation)
    assert (v.code, v.clause) == ("move.not_adjacent", "DK-MOVE-01")
    assert v.message.startswith("Бес №1: с 10-10 на 10-12") and v.hint and "→" in v.hint


def test_describe_says_what_a_line_does_and_what_is_left():
    s = game(ROOM)
    building(s, "circle", "p1", (12, 12))
    k = unit(s, "p1", "kerub", (10, 10))
    e = unit(s, "p2", "bes", (10, 11))
    c = Checker(s, "p1")
    hit = attack(s, k, e)
    assert c.check(hit) == []
    summary, cost = c.describe(hit)
    assert summary == "керуб №1 атакует беса №1 (Лилит): 4 урона за удар (5 − 1)" and cost == "ОД: 3 → 2; мана: 100 → 102"
    call = Summon(unit_kind="bes")
    assert c.check(call) == []
    assert c.describe(call) == ("призыв: бес ×1, 3 маны", "мана: 102 → 99")


def test_a_unit_summoned_earlier_in_the_post_can_be_given_orders_DK_GAP_31():
    """DK-GAP-31: the reader finds it through the checker's world (it duck-types the state for `refs`)."""
    s = game(ROOM)
    building(s, "circle", "p1", (12, 12))
    c = Checker(s, "p1")
    assert c.check(Summon(unit_kind="bes")) == []
    found = refs.find_units(c.world, "p1", "bes", 1)  # type: ignore[arg-type]
    assert [m.unit.id for m in found] == ["p1:m1"]
    new = found[0].unit
    assert c.check(move(s, new, (10, 12))) == [] or c.check(move(s, new, (11, 13))) == []


def test_a_chest_not_yet_opened_may_pay_for_what_follows_DK_GAP_11_DK_GAP_48():
    """DK-GAP-11 / DK-GAP-48: a line legal under at least one outcome is accepted — a chest may hold 300
    gold."""
    s = game(ROOM, resources=False)
    s.players["p1"].gold = 0
    i = unit(s, "p1", "imp", (10, 10))
    chest = obj(s, "chest", (10, 11))
    take = Pickup(unit=i.id, who=label(s, i), object=chest.id, object_kind="chest", cell=chest.cell)
    from rulesets.dungeon_keeper.orders import Build

    armoury = Build(unit=i.id, who=label(s, i), building="armoury", cell=(11, 11))
    assert codes(s, "p1", take, armoury) == []
    assert codes(s, "p1", armoury) == ["cost.short"]


def test_world_commit_is_an_independent_state():
    s = game(ROOM)
    b = unit(s, "p1", "bes", (10, 10))
    other = unit(s, "p1", "imp", (14, 14))
    w = World(s)
    w.move_unit(b.id, (10, 11))
    w.mut_player("p1").gold = 1
    new = w.commit()
    assert (new.units[b.id].cell, new.players["p1"].gold) == ((10, 11), 1)
    assert (s.units[b.id].cell, s.players["p1"].gold) == ((10, 10), 500)
    new.units[b.id].hp = 1
    new.units[other.id].runes.append("fire")  # an untouched record is copied as well
    new.units[other.id].capture["b1"] = 3
    assert s.units[other.id].runes == [] and s.units[other.id].capture == {}
    new.move_unit(new.units[b.id], (12, 12))
    assert s.units[b.id].hp == 3 and s.unit_at((10, 10)) is not None and s.unit_at((12, 12)) is None
    assert new.unit_at((12, 12)).id == b.id


def test_world_views_units_players_and_buildings_like_a_state():
    s = game(ROOM)
    b = unit(s, "p1", "bes", (10, 10))
    w = World(s)
    w.remove_unit(b.id)
    assert b.id not in w.units and len(list(w.units)) == 0 and w.unit_at((10, 10)) is None
    assert set(w.players) == {"p1", "p2"} and w.name("p1") == "Ваал"
    assert s.unit(b.id) is not None


def test_every_message_code_used_by_the_rules_is_in_the_catalogue():
    used: set[str] = set()
    for path in RULES.rglob("*.py"):
        if path.name == "reader.py" or "reading" in path.relative_to(RULES).parts:
            continue
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bv\("([a-z_]+\.[a-z_]+)"', text))
        used |= set(re.findall(r'msg\("((?:hint|describe|roll)\.[a-z_]+)"', text))
        used |= {f"event.{k}" for k in re.findall(r'\.add\("([a-z_]+)",', text)}
        used |= {f"event.heal_{k}" for k in re.findall(r'heal\(w, ch, [^,]+, [^,]+, "([a-z_]+)"', text)}
        for a, b in re.findall(r'"([a-z_]+)" if \w+ else "([a-z_]+)"', text):
            if path.name in ("combat.py", "abilities.py", "resolution.py"):
                used |= {f"event.{a}", f"event.{b}"}
    missing = sorted(c for c in used if c not in MESSAGES)
    assert not missing, missing
    for code, text in MESSAGES.items():
        fields = set(re.findall(r"\{(\w+)\}", text))
        assert text.format(**{f: "x" for f in fields}), code


def test_labels_name_units_for_the_poster():
    s = game(ROOM)
    e = unit(s, "p2", "bes", (10, 10))
    assert label(s, e) == Label(kind="bes", number=1, owner="Лилит")
