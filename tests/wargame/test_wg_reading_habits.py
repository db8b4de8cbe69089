"""Habits of forum writing the wargame reader follows (checklist §3): what each says about an own
figure reaches only as far as that figure's part of the line. Scenes are those of the phrasing
corpus (`tests/phrasings/scenes_wargame.py`)."""

from __future__ import annotations

import pytest

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
