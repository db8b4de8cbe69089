"""Habits of forum writing the wargame reader follows (checklist §3): what each says about an own
figure reaches only as far as that figure's part of the line. Scenes are those of the phrasing
corpus (`tests/phrasings/scenes_wargame.py`)."""

from __future__ import annotations

import pytest

from letopis.engine.contract import LineStatus
from rulesets.wargame.naming import Namer
from rulesets.wargame.reader import read_post_strict
from tests.phrasings.scenes_wargame import SCENES


def read(scene: str, text: str):
    state, faction = SCENES[scene]()
    reading = read_post_strict(text, state, faction)
    n = Namer(state, faction)
    return reading, [o.to_text(n) for o in reading.orders]


@pytest.mark.parametrize(("scene", "line", "orders"), [
    ("shooting", "маг по шаману, лучники не стреляют",
     ["Маг стреляет по шаману.", "Лучник №1 не стреляет.", "Лучник №2 не стреляет."]),
    ("shooting", "лучник №2 молчит, катапульта — по дракону",
     ["Лучник №2 не стреляет.", "Катапульта стреляет по дракону."]),
    ("maneuver", "Капитан на 10-5, маг стоит", ["Капитан идёт на 10-5.", "Маг стоит на месте."]),
    ("maneuver", "мечник №1 не двигается, мечник №2 — на 6-5",
     ["Мечник №1 стоит на месте.", "Мечник №2 идёт на 6-5."]),
])
def test_a_refusal_or_a_hold_is_said_of_its_own_subject_wg_def_shoot_01(scene, line, orders):
    """WG-DEF-SHOOT-01 / WG-DEF-MOVE-05: «…, X не стреляет» (or «X стоит») never cancels the
    order of another figure on the same line."""
    reading, got = read(scene, line)
    assert reading.ok, reading.problems
    assert got == orders


def test_two_verbs_of_different_orders_on_one_line_wg_def_tower_02():
    """WG-DEF-TOWER-02: a storm said of one figure does not turn the other's move into a storm."""
    reading, got = read("maneuver", "Капитан идёт на 10-5, мечник №4 лезет на башню с 12-7")
    assert reading.ok, reading.problems
    assert got == ["Капитан идёт на 10-5.", "Мечник №4 идёт на 12-7, штурм башни."]


@pytest.mark.parametrize(("scene", "line"), [
    ("maneuver", "Маг задумчиво глядит на дракона."),
    ("maneuver", "Капитан поправляет шлем и улыбается оркам"),
    ("shooting", "Лучник №1 натягивает тетиву, пальцы дрожат"),
    ("shooting", "Мечник №1 погиб, вечная память."),
    ("maneuver", "Мастер говорил, что у капитана 5 ОМ."),
])
def test_role_play_about_an_own_figure_is_flavour_wg_def_turn_05(scene, line):
    """WG-DEF-TURN-05: a verb outside the order language with no cell and nothing aimed at, or a
    figure's fate told in a turn, orders nothing; the order below it is read as usual."""
    order = "Катапульта стоит." if scene == "maneuver" else "Лучник №2 по шаману."
    reading, got = read(scene, f"{line}\n{order}")
    assert reading.ok, reading.problems
    assert reading.lines[0].status is LineStatus.FLAVOUR
    assert len(got) == 1


def test_a_story_verb_with_a_cell_or_an_aim_is_still_an_order_wg_def_move_05():
    """WG-DEF-MOVE-05: a place is never role-play, nor is a figure aimed at with «в»/«по»."""
    _, got = read("maneuver", "Мечник №2 ковыляет на 6-5")
    assert got == ["Мечник №2 идёт на 6-5."]
    _, got = read("shooting", "Маг шепчет заклинание в шамана")
    assert got == ["Маг стреляет по шаману."]


@pytest.mark.parametrize("cry", [
    "Всем привет! Синие держат строй.",
    "Синие не отступят ни на шаг!",
    "Мечники, в бой! За Короля!",
    "Королевство, вперёд!",
])
def test_a_war_cry_or_the_army_named_as_a_whole_is_flavour_wg_def_move_05(cry):
    """WG-DEF-MOVE-05: a side named as a whole, or figures called by name in an exclamation with no
    place, cheer; the orders below name figures and cells."""
    reading, got = read("maneuver", f"{cry}\nМечник №1 — на 6-5")
    assert reading.ok, reading.problems
    assert reading.lines[0].status is LineStatus.FLAVOUR
    assert got == ["Мечник №1 идёт на 6-5."]


def test_a_called_hold_is_still_a_hold_wg_def_move_05():
    _, got = read("maneuver", "Лучники, стоять!")
    assert got == ["Лучник №1 стоит на месте.", "Лучник №2 стоит на месте."]
