"""The post page's roster for Dungeon Keeper: what the archdemon's mana buys now (summoning,
spells, research; DK-UNIT-06, DK-SPELL-01), each unit as orders name it with its cell, ОД, хп and
what it can do (DK-TURN-03, DK-IMP-03..07, DK-ABIL, DK-UPG-01..04), the buildings; the picture
rings the player's own units and buildings in amber."""

from __future__ import annotations

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from rulesets.dungeon_keeper import RULESET
from rulesets.dungeon_keeper.roster import roster

from .dk_rules_factory import building, game, unit

ME = Viewer(role=ViewerRole.PLAYER, faction="p1")


def groups(state, faction="p1"):
    return {g.title: g for g in roster(state, faction)}


def position():
    s = game(dug=[(20, c) for c in range(18, 26)])
    imp = unit(s, "p1", "imp", (20, 20))
    unit(s, "p1", "bes", (20, 22), ap=1)
    unit(s, "p2", "bes", (20, 24))
    building(s, "circle", "p1", (19, 20))
    return s, imp


def test_units_with_their_cell_ap_and_what_they_can_do():
    s, _ = position()
    units = groups(s)["Юниты"].entries
    assert [e.name for e in units] == ["Имп №1", "Бес №1"]
    first, second = units
    assert first.where == "20-20" and ("ОД", "2 из 2") in first.facts and ("хп", "1/1") in first.facts
    assert first.can == ["копает, добывает, строит, чинит — по 1 ОД", "Ближний бой — 1 ОД"]
    assert ("ОД", "1 из 2") in second.facts
    assert "улучшение у Источника: до жреца — 10 маны и 20 золота" in second.can[1]
    assert "до огневика" not in " ".join(second.can)  # needs the Руна Огня the archdemon lacks (DK-UPG-04)


def test_a_unit_without_ap_is_spent_and_in_anothers_turn_ap_is_per_turn():
    s, imp = position()
    s.units[imp.id].ap = 0
    first = groups(s)["Юниты"].entries[0]
    assert first.spent and "ОД на этот ход кончились" in first.note
    other = groups(s, "p2")["Юниты"].entries[0]
    assert ("ОД", "2 за ход") in other.facts and not other.spent


def test_what_the_mana_buys_and_what_it_does_not():
    s, _ = position()
    s.players["p1"].mana = 12
    arch = groups(s)[f"Архидемон {s.players['p1'].name}"]
    facts = dict(arch.facts)
    assert facts["Мана"] == "12" and facts["Юнитов"] == "2 из 20"
    entries = {e.name: e for e in arch.entries}
    assert entries["Призыв"].can == ["имп — 1 мана", "бес — 3 маны"]
    research = entries["Изучить"]
    assert "Ярость — 10 маны" in research.can and "Скорость — 30 маны" not in research.can
    assert "не хватает маны: Скорость — 30 маны" in research.note
    assert entries["Заклинания"].spent and entries["Заклинания"].note == "ещё ни одного не изучено"


def test_without_a_circle_there_is_no_summoning():
    s = game(dug=[(20, 20)])
    unit(s, "p1", "imp", (20, 20))
    summon = next(e for e in groups(s)[f"Архидемон {s.players['p1'].name}"].entries if e.name == "Призыв")
    assert summon.spent and summon.note == "нужен свой Круг вызова"


def test_buildings_are_listed_with_their_cells():
    s, _ = position()
    names = [(e.name, e.where) for e in groups(s)["Здания"].entries]
    assert ("Круг вызова", "19-20") in names and ("Алтарь", "2-2") in names


def test_the_picture_rings_the_players_own_units_and_buildings():
    s, _ = position()
    mine = RULESET.draw(s, ME)
    owned = sum(1 for u in s.units.values() if u.side == "p1") + sum(1 for b in s.buildings.values() if b.owner == "p1")
    assert mine.count('class="own"') == owned == 4
    assert "Янтарный ореол — ваши юниты и здания (Ваал)." in mine
    assert 'class="own"' not in RULESET.draw(s, PUBLIC)


def test_examples_name_their_unit():
    s, _ = position()
    examples = RULESET.examples(s, "p1")
    assert examples
    for line in examples:
        assert not line.lstrip()[0].isdigit()  # never a bare «1 ОД: …» borrowing its unit
        assert RULESET.read(line, s, "p1").ok
