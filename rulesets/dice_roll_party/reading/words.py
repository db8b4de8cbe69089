"""Order words as players misspell them: «аттакует», «превосходсво», «клас», «фомра»,
«подстраховываеться», «Пропускую».

A slip (-тся/-ться, е/ё, a doubled or dropped letter) folds away with the core's `spelling_key`;
a typo of one letter (two in a long word) is found among the forms of the lexicon's order words.
Either is read as the word meant, with a note «прочитано как …»; a misspelling that could be two
different words is left unread (the line then gets its error with a hint). Only words the
dictionary does not know are looked at, so a real word is never "corrected".
"""

from __future__ import annotations

from rapidfuzz.distance import DamerauLevenshtein

from letopis.engine.cache import MISSING, ByteBudgetCache
from letopis.engine.names import spelling_key
from letopis.engine.text_words import MAX_CACHED_WORD, Lemmatizer, is_known, morph

# The concepts worth correcting: order verbs, boosts, tokens and zones.
CONCEPTS = frozenset({
    "v_attack", "v_defend", "v_shift", "v_add", "v_swap", "v_transfer", "v_return", "v_remove",
    "v_discard", "v_draw", "v_skip", "v_pass", "v_bid", "v_soak", "v_raise",
    "c_red", "c_blue", "c_green", "z_time", "z_attack", "z_defence", "z_form", "storage", "bag",
    "insurance", "superiority", "counter", "absorb", "advantage", "cls", "damage", "token", "char",
})
_MAX_FORMS = 60


class MisspeltWords:
    """The forms of a lexicon's order words, indexed for slips and typos."""

    def __init__(self, lem: Lemmatizer, concepts: frozenset[str] = CONCEPTS) -> None:
        keys: dict[str, str | None] = {}
        self._by_first: dict[str, list[tuple[str, str, str]]] = {}
        for word, concept in lem.lexicon.concepts.items():
            if concept not in concepts or not word.isalpha() or len(word) < 4:
                continue
            forms = {word}
            for parse in morph().parse(word)[:1]:
                forms |= {f.word for f in parse.lexeme[:_MAX_FORMS]}
            for form in forms:
                key = spelling_key(form)
                keys[key] = concept if keys.get(key, concept) == concept else None
                self._by_first.setdefault(form[:1], []).append((form, concept, word))
        self._keys = {k: c for k, c in keys.items() if c}
        # the misspellings looked up, by word: 1 MB (some 5,000 words); a word over 40 letters is not kept
        self._cache: ByteBudgetCache[str, tuple[str, str] | None] = ByteBudgetCache(
            "dice_roll_party.misspelt", 1 << 20, size=lambda v: 0 if v is None else 64, max_key=MAX_CACHED_WORD)

    def concept(self, word: str) -> tuple[str, str] | None:
        """(concept, the word it was read as) for a misspelt order word, or None."""
        got = self._cache.get(word, MISSING)
        if got is MISSING:
            got = self._cache.put(word, self._find(word))
        return got

    def _find(self, word: str) -> tuple[str, str] | None:
        if len(word) < 4 or not word.isalpha() or is_known(word):
            return None
        key = spelling_key(word)
        concept = self._keys.get(key)
        if concept is not None:
            return concept, self._closest(word, concept, key)
        limit = 1 if len(word) < 8 else 2
        found: dict[str, str] = {}
        # an unstressed first vowel is a common slip too («отакует»)
        for first in {word[:1], {"о": "а", "а": "о"}.get(word[:1], word[:1])}:
            for form, c, base in self._by_first.get(first, ()):
                if abs(len(form) - len(word)) <= limit \
                        and DamerauLevenshtein.distance(word, form, score_cutoff=limit) <= limit:
                    found.setdefault(c, base)
        if len(found) != 1:
            return None
        [(concept, base)] = found.items()
        return concept, base

    def _closest(self, word: str, concept: str, key: str) -> str:
        for form, c, base in self._by_first.get(word[:1], ()):
            if c == concept and spelling_key(form) == key:
                return form if form != base and len(form) >= len(word) - 1 else base
        return word
