"""More habits of forum writing the wargame reader follows (checklist §3, §4), each on lines of its
own (not the corpora's): a list typed on one line, choices ranked by «сначала»/«потом», …
Scenes are those of the phrasing corpus (`tests/phrasings/scenes_wargame.py`)."""

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


@pytest.mark.parametrize(("line", "orders"), [
    ("1) ранен вождь 2) убит орк №1 3) убит орк №2", ["Убиты: орк №1, орк №2. Ранен: вождь."]),
    ("1) убит орк №2 2) ранен орк №1 3) убит вождь", ["Убиты: орк №2, вождь. Ранен: орк №1."]),
])
def test_a_numbered_list_on_one_line_gives_each_item_its_own_fate_wg_dec_02(line, orders):
    """WG-DEC-02: «1) … 2) … 3) …» typed on one line: each item says its own figure's fate."""
    reading, got = read("casualties", line)
    assert reading.ok, reading.problems
    assert got == orders


@pytest.mark.parametrize("line", ["Бориса потом, первым Веру", "Сначала Вера, Борис позже",
                                  "Красные потом, сначала зелёные", "С Верой. Борис позже"])
def test_the_opponent_said_to_come_later_is_not_the_first_wg_dec_07(line):
    """WG-DEC-07: of two opponents named, the one said to come later («потом», «позже») is fought
    second, the one marked «сначала»/«первым» first."""
    reading, got = read("fight_first", line)
    assert reading.ok, reading.problems
    assert got == ["Первый бой — с Зелёными."]
