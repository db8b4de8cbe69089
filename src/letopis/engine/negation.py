"""Negation said around a word: «без страховки», «не беру класс», «контры не будет», «гасить не
буду», «страховки нет», «не преимущество, а превосходство».

A ruleset that finds an option, a boost or an action in a line asks `negated(words, k)` whether the
word at ``k`` is said *not* to happen, so «без контры» never buys a counterattack. The scope is the
word's own phrase, never past a punctuation mark:

- a negation right before it: «без», «не», «ни», «нет», «никакой»…; modifiers may stand between
  («без всяких усилений», «никакой лишней страховки»), and so may a verb the negation is said of
  («не беру страховку», «не буду брать контру»);
- a negation right after it: «страховку не беру», «контры не будет», «страховки нет», «гасить не
  буду»; a circumstance may stand between («стрельбы в этом ходу не будет», «контры сегодня нет»).

``words`` are the normalised words and punctuation marks of a line, in order (a ruleset passes the
texts of its items). Linear in the length of the phrase.
"""

from __future__ import annotations

from collections.abc import Sequence

from .text_words import parses

# Words that say «no» about what follows them.
NEGATIONS_BEFORE = frozenset({
    "без", "безо", "не", "ни", "нет", "никакой", "никакого", "никакая", "никакую", "никаких", "никакие",
    "никаким", "никакими",
})
# Words that say «no» about what comes before them («стрелять некому», «идти некуда»).
NEGATIONS_AFTER = frozenset({"не", "нет", "незачем", "некому", "некого", "нечем", "нечего", "некуда"})
# Words that may stand between a negation and what it is about: «без всяких», «не буду брать».
_BETWEEN_TAGS = frozenset({"ADJF", "PRTF", "VERB", "INFN", "Apro"})
_PUNCTUATION = frozenset({",", ".", ";", ":", "!", "?", "…", "(", ")", "-", "—", "→", "+"})
_REACH = 3  # words between a negation and its word, at most


def _between(word: str) -> bool:
    """A modifier or a verb: what a negation may reach across («без всяких», «не беру»)."""
    if not word.isalpha() or word in NEGATIONS_BEFORE:
        return False
    return bool(parses(word)[0].tag & _BETWEEN_TAGS)


def negated(words: Sequence[str], k: int) -> bool:
    """Whether the word at ``k`` is said not to be (see the module docstring)."""
    j = k - 1
    steps = 0
    while j >= 0 and steps <= _REACH and words[j] not in _PUNCTUATION:
        if words[j] in NEGATIONS_BEFORE:
            return True
        if not _between(words[j]):
            break
        j -= 1
        steps += 1
    j = k + 1
    if j < len(words) and words[j] in ("я", "мы"):
        j += 1  # «страховку я не беру»
    j = _past_circumstances(words, j)
    return j < len(words) and words[j] in NEGATIONS_AFTER


_CIRCUMSTANCE_TAGS = frozenset({"ADJF", "Apro", "NOUN", "NPRO"})
_TIME_ADVERBS = frozenset({"сегодня", "сейчас", "пока", "больше", "теперь", "тут", "здесь", "уже"})


def _past_circumstances(words: Sequence[str], j: int) -> int:
    """Past a circumstance between a word and its negation: «стрельбы в этом ходу не будет»,
    «стрельбы с нашей стороны в этом ходу не будет», «контры сегодня не будет»: prepositional
    phrases of a few words each and an adverb of time or place, never past punctuation."""
    start, steps = j, 0
    while j < len(words) and steps <= 2 * _REACH:
        w = words[j]
        if w in _TIME_ADVERBS:
            j, steps = j + 1, steps + 1
            continue
        if not (w.isalpha() and "PREP" in parses(w)[0].tag):
            break
        n = j + 1
        while n < len(words) and n - j <= _REACH and words[n].isalpha() and words[n] not in NEGATIONS_AFTER \
                and parses(words[n])[0].tag & _CIRCUMSTANCE_TAGS:
            n += 1
        if n == j + 1:
            break
        steps += n - j
        j = n
    if j == start or j >= len(words):
        return start
    if words[j] == "нет" or words[j] == "не" and j + 1 < len(words) and words[j + 1] in _WILL_BE:
        return j  # «… в этом ходу не будет», «… сегодня нет»; not «стреляю в орка не думая»
    return start


_WILL_BE = frozenset({"будет", "будем", "буду", "будут", "было", "бывать"})
