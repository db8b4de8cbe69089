"""Negation around a word (`letopis.engine.negation`): what a player says not to do is never done."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from letopis.engine.negation import negated
from letopis.engine.text import normalise, tokens


def _said(line: str, word: str) -> bool:
    words = [t.text for t in tokens(normalise(line))]
    return negated(words, words.index(word))


@pytest.mark.parametrize(("line", "word"), [
    ("Тогда без страховки", "страховки"), ("без всяких усилений", "усилений"), ("не беру страховку", "страховку"),
    ("не буду брать контру", "контру"), ("контры не будет", "контры"), ("страховки нет", "страховки"),
    ("последнее гасить не буду", "гасить"), ("не преимущество, а превосходство", "преимущество"),
    ("страховку я не беру", "страховку"), ("никакой лишней страховки", "страховки"),
    ("Стрельбы в этом ходу не будет", "стрельбы"), ("Стрельбы с нашей стороны в этом ходу не будет", "стрельбы"),
    ("контры сегодня нет", "контры"), ("стрелять некому", "стрелять"),
])
def test_a_word_said_not_to_be(line, word):
    assert _said(line, word)


@pytest.mark.parametrize(("line", "word"), [
    ("беру страховку", "страховку"), ("не преимущество, а превосходство", "превосходство"),
    ("страховка, не контра", "страховка"), ("класс+ и превосходство, без контры", "превосходство"),
    ("без лишних слов беру страховку", "страховку"),
    ("стреляю в орка не думая", "стреляю"),  # a circumstance reaches only «не будет» or «нет»
])
def test_a_negation_stays_in_its_own_phrase(line, word):
    assert not _said(line, word)


@given(st.lists(st.sampled_from(["не", "без", ",", "беру", "страховку", "всяких", "нет", "буду", "."]), max_size=30),
       st.integers(min_value=0, max_value=29))
def test_negation_never_raises(words, k):
    if k < len(words):
        assert negated(words, k) in (True, False)
