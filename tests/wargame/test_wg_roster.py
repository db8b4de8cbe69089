"""The post page's roster for Битвы FANTASY: each figure as orders name it, with its cell, ОМ
(WG-DEF-MOVE-01, its one move made, WG-DEF-MOVE-06), wounds, armour, melee bonus, weapons with
dice and range and whether they fired this round (WG-DEF-SHOOT), a mage's «Телепортация»; the
picture rings the player's own figures in amber."""

from __future__ import annotations

from wg_support import fight_ready, put

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from rulesets.wargame import RULESET
from rulesets.wargame.roster import roster


def entries(state, faction="p1"):
    return {e.name: e for e in roster(state, faction)[0].entries}


def position():
    state = fight_ready()
    put(state, "p1:knight", 5, 5)
    put(state, "p1:archer-1", 6, 5)
    put(state, "p1:mage", 7, 5)
    put(state, "p1:catapult", 8, 5, units=1)
    put(state, "p2:orc-1", 12, 5, wounded=True)
    return state


def test_figures_with_their_numbers_and_weapons():
    state = position()
    group = roster(state, "p1")[0]
    assert group.title == "Ваши фигуры" and ("Армия", "Королевство") in group.facts and ("Цвет", "Синие") in group.facts
    figures = entries(state)
    knight = figures["Рыцарь"]
    assert knight.where == "5-5" and ("ОМ", "4") in knight.facts and ("броня", "2") in knight.facts
    assert ("рукопашная", "+1") in knight.facts and knight.note.startswith("командир, артефакт «")
    assert figures["Лучник №1"].can == ["Лук: 2 кубика, дальность до 8"]
    assert "Телепортация" in figures["Маг"].can
    assert ("повреждения", "1 из 3") in figures["Катапульта"].facts
    assert figures["Катапульта"].can == ["Катапульта: 2 кубика, дальность 3–14"]
    assert ("", "ранен") in entries(state, "p2")["Орк №1"].facts


def test_a_figure_that_moved_or_fired_is_spent_for_the_phase():
    state = position()
    state.figures["p1:knight"].done = True
    knight = entries(state)["Рыцарь"]
    assert knight.spent and ("ОМ", "4, ход сделан") in knight.facts
    state.phase = "shooting"
    state.figures["p1:archer-1"].fired = ["bow"]
    archer = entries(state)["Лучник №1"]
    assert archer.spent and archer.can == ["Лук: 2 кубика, дальность до 8 — в этом ходу уже стрелял"]
    assert entries(state)["Рыцарь"].spent  # no weapon to fire


def test_the_picture_rings_his_figures_and_examples_are_his():
    state = position()
    mine = RULESET.draw(state, Viewer(role=ViewerRole.PLAYER, faction="p1"))
    assert mine.count('class="own"') == 4 and "Янтарный ореол — ваши фигуры (Аня)." in mine
    assert 'class="own"' not in RULESET.draw(state, PUBLIC)
    examples = RULESET.examples(state, "p1")
    assert examples and all(RULESET.read(x, state, "p1").ok for x in examples)
    names = ("Рыцарь", "Лучник №1", "Маг", "Катапульта")  # the figures he has on the board
    assert all(x.startswith(names) for x in examples)
