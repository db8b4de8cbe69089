"""Self-corrections inside a line (`letopis.engine.corrections`)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from letopis.engine.corrections import corrected, corrections, replaces, takes_back
from letopis.engine.text import normalise


@pytest.mark.parametrize(("line", "after"), [
    ("Ставлю три, нет, две.", "две."), ("Рыцарь бьёт Тень... нет, лучше Молота", "молота"),
    ("Добавляю 2 синих Лучнице, ой, 1 синий", "1 синий"), ("П2 → П1, вернее П3", "п3"),
    ("Иду на 3-4, то есть на 3-5", "на 3-5"), ("Иду на 3-4, хотя нет — на 3-5", "на 3-5"),
])
def test_a_marker_after_something_and_before_its_replacement(line, after):
    norm = normalise(line)
    [c] = corrections(norm)
    assert norm[c.end :] == after


@pytest.mark.parametrize("line", ["Нет, атакую П2", "Времени нет, так что без добавок", "У Рыцаря нет времени",
                                  "Пусть так, нет?"])
def test_no_correction_without_something_before_and_after(line):
    assert corrections(normalise(line)) == []


def test_the_corrected_line_keeps_every_column():
    norm = "ставлю три, нет, две"
    [c] = corrections(norm)
    text, cols = corrected(norm, list(range(len(norm))), (7, 10), c, len(norm))
    assert text.startswith("ставлю две")
    assert [norm[i] for i in cols] == list(text)


def test_a_sentence_taken_back_and_replaced():
    assert takes_back(["а", "первый", "ход", "нельзя"]) and replaces(["тогда", "просто", "бьет", "тень"])
    assert not takes_back(["бью", "тень"]) and not replaces(["бью", "тень"])


@given(st.text(alphabet="ао нетйвр,.123", max_size=60))
def test_corrections_never_raise_and_stay_inside_the_line(text):
    for c in corrections(text):
        assert 0 <= c.start < c.end <= len(text)


def test_ne_luchshe_is_a_marker_too_but_a_bare_ne_is_not():
    text = "призываю гарпию. хотя нет - единорога"
    assert [text[c.end:] for c in corrections(text)] == ["единорога"]
    text = "ставлю лесопилку на 3ю башню... не, лучше ферму на первую"
    assert [text[c.end:] for c in corrections(text)] == ["ферму на первую"]
    assert corrections("ставлю ферму, не лучше ли") == []
