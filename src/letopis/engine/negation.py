"""Negation said around a word: «без страховки», «не беру класс», «контры не будет», «гасить не
буду», «страховки нет», «не преимущество, а превосходство».

A ruleset that finds an option, a boost or an action in a line asks `negated(words, k)` whether the
word at ``k`` is said *not* to happen, so «без контры» never buys a counterattack. The scope is the
word's own phrase, never past a punctuation mark:

- a negation right before it: «без», «не», «ни», «нет», «никакой»…; modifiers may stand between
  («без всяких усилений», «никакой лишней страховки»), and so may a verb the negation is said of
  («не беру страховку», «не буду брать контру»);
- a negation right after it: «страховку не беру», «контры не будет», «страховки нет», «гасить не
  буду».

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
# Words that say «no» about what comes before them.
NEGATIONS_AFTER = frozenset({"не", "нет", "незачем"})
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
    return j < len(words) and words[j] in NEGATIONS_AFTER
