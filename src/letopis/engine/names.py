"""Names as players write them: inflected, abbreviated, in «ёлочках», with a slip or a typo.

A player names a unit, a card or a character the way he would in a forum post: «Шмелём»,
«Шмеля №2», «"Рыцарь"», «Лучн.», «Следопыйт». A GM reads all of them; so does `NameIndex`. Each
hit says how sure it is (`Fit`), so a ruleset can accept an exact or inflected name silently, an
abbreviation or a spelling slip with a note, and a typo with a note that names what it read:
never a refusal for a letter, never a silent guess between two names.

Spelling slips that Russian writers make all the time are not typos at all: -тся/-ться, е/ё,
a doubled or a dropped double letter («Стрелок»/«Сттрелок»). `spelling_key` folds them away.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, TypeVar

from rapidfuzz.distance import DamerauLevenshtein

from .cache import ByteBudgetCache
from .text_norm import normalise
from .text_words import MAX_CACHED_WORD, Lemmatizer, is_known, is_pronoun

K = TypeVar("K", bound=Hashable)

# How written words fit the words of names, for every `NameIndex` of the process (keyed by the
# index's serial number, the written word and the name's word): 8 MB, ~50,000 pairs. Indexes come
# and go with the states they are built for; one shared budget bounds them all.
_FITS: ByteBudgetCache[tuple[int, str, str], object] = ByteBudgetCache("NameIndex.fits", 8 << 20, size=lambda v: 0)
# What `NameIndex.find` gives for the words at a place (keyed by the index's serial number and the
# written words a name could cover): 2 MB, ~10,000 places. A figure's name is looked up on every
# line that names it, against every name that starts with its letter.
_FINDS: ByteBudgetCache[tuple, tuple] = ByteBudgetCache("NameIndex.finds", 2 << 20,
                                                        size=lambda hits: 56 + 72 * len(hits))
_SERIALS = itertools.count()
_MISSING = object()


class Fit(IntEnum):
    """How a written word fits a name, best first."""

    EXACT = 0
    INFLECTED = 1  # another case or number of the same word («Шмелём»)
    SLIP = 2  # a spelling slip folded by `spelling_key` («Сттрелок», «Шмелъ»)
    ABBREVIATED = 3  # a prefix of the name, at least three letters («Лучн.»)
    TYPO = 4  # one or two letters off («Следопыйт»)

    @property
    def noted(self) -> bool:
        """Whether the reader should say what it understood (a slip, a short form, a typo)."""
        return self >= Fit.SLIP


_DOUBLE = re.compile(r"([а-яa-z])\1+")
_QUOTES = "«»\"'“”„`"


def spelling_key(word: str) -> str:
    """A word with the slips folded: lower case, е for ё, -тся for -ться, no doubled letters,
    no hard or soft sign at the end."""
    w = normalise(word).strip(_QUOTES)
    w = w.replace("ться", "тся")
    w = _DOUBLE.sub(r"\1", w)
    return w.rstrip("ьъ") or w


def unquote(text: str) -> str:
    """A name without the quotes around it («"Рыцарь"» → Рыцарь)."""
    return text.strip().strip(_QUOTES).strip()


def _stem(word: str) -> str:
    """The part of a word that inflection does not touch, roughly: drop a vowel-ish ending."""
    for n in (3, 2, 1):
        if len(word) - n >= 3 and all(c in "аеиоуыэюяйьъ" for c in word[-n:]):
            return word[:-n]
    return word


@dataclass(frozen=True, slots=True)
class NameHit(Generic[K]):
    key: K
    name: str  # the name as it is known
    fit: Fit
    words: int  # how many written words it covers


class NameIndex(Generic[K]):
    """Names (one or several words each) with the key each stands for (a unit id, a card id).

    `find(words, i)` gives the best names starting at ``words[i]``: a list, because two names may
    fit equally (then the ruleset reports an ambiguity, it never picks one).
    """

    def __init__(self, entries: Iterable[tuple[str, K]], lemmatizer: Lemmatizer | None = None,
                 *, typos: bool = True) -> None:
        self.lemmatizer = lemmatizer or Lemmatizer()
        self.typos = typos
        self._names: list[tuple[tuple[str, ...], str, K]] = []
        for name, key in entries:
            words = tuple(normalise(unquote(name)).split())
            if words:
                self._names.append((words, name, key))
        self._by_first: dict[str, list[int]] = {}
        for i, (words, _, _) in enumerate(self._names):
            self._by_first.setdefault(words[0][:1], []).append(i)
        self._longest = max((len(words) for words, _, _ in self._names), default=1)
        self._serial = next(_SERIALS)

    def word_fit(self, written: str, known: str) -> Fit | None:
        """How one written word fits one word of a name, or None."""
        written = written.strip(_QUOTES + ".")
        if not written:
            return None
        if len(written) > MAX_CACHED_WORD:
            return self._word_fit(written, known)
        key = (self._serial, written, known)
        fit = _FITS.get(key, _MISSING)
        if fit is _MISSING:
            fit = _FITS.put(key, self._word_fit(written, known))
        return fit

    def _word_fit(self, written: str, known: str) -> Fit | None:
        if written == known:
            return Fit.EXACT
        lem = self.lemmatizer
        if written.isalpha() and known.isalpha():
            if lem.lemmas(written) & lem.lemmas(known) or _stem(written) == _stem(known) and len(_stem(known)) >= 3:
                return Fit.INFLECTED
            if _stem(written).startswith(_stem(known)) and len(written) - len(known) <= 3 \
                    and len(_stem(known)) >= 3 and not known.startswith(written):
                return Fit.INFLECTED
        sw, sk = spelling_key(written), spelling_key(known)
        if sw == sk or _stem(sw) == _stem(sk) and len(_stem(sk)) >= 3:
            return Fit.SLIP
        if len(written) >= 3 and len(written) < len(known) and known.startswith(written) \
                and not is_pronoun(written):  # «тот» is no «Тотем» cut short
            return Fit.ABBREVIATED
        # a real word of its own («страх») is not a typo of a name («страж»)
        if self.typos and len(sk) >= 4 and sw[:1] == sk[:1] and not is_known(written):
            limit = 1 if len(sk) < 8 else 2
            # compare stems too, so a typo in an inflected form is still found («Следопыйта»), and
            # the word as written, since folding a double letter may add a slip to a typo («Шаан»)
            d = min(DamerauLevenshtein.distance(sw, sk, score_cutoff=limit + 1),
                    DamerauLevenshtein.distance(_stem(sw), _stem(sk), score_cutoff=limit + 1),
                    DamerauLevenshtein.distance(normalise(written), normalise(known), score_cutoff=limit + 1))
            if d <= limit:
                return Fit.TYPO
        return None

    def find(self, words: list[str], i: int = 0) -> list[NameHit[K]]:
        """The best-fitting names that start at ``words[i]`` (longest first, then best fit)."""
        if i >= len(words) or not words[i] or words[i].strip(_QUOTES)[:1] not in self._by_first:
            return []  # no name starts with this letter
        written = words[i:i + self._longest]
        if any(len(w) > MAX_CACHED_WORD for w in written):
            return self._find(words, i)
        key = (self._serial, *written)
        got = _FINDS.get(key, _MISSING)
        if got is _MISSING:
            got = _FINDS.put(key, tuple(self._find(words, i)))
        return list(got)

    def _find(self, words: list[str], i: int) -> list[NameHit[K]]:
        first = words[i].strip(_QUOTES)[:1]
        best: list[NameHit[K]] = []
        for n in self._by_first.get(first, ()):
            name_words, name, key = self._names[n]
            if i + len(name_words) > len(words):
                continue
            fits = [self.word_fit(words[i + k], w) for k, w in enumerate(name_words)]
            if any(f is None for f in fits):
                continue
            hit = NameHit(key, name, max(fits), len(name_words))  # type: ignore[type-var]
            if not best or (hit.words, -hit.fit) > (best[0].words, -best[0].fit):
                best = [hit]
            elif (hit.words, hit.fit) == (best[0].words, best[0].fit) and all(h.key != key for h in best):
                best.append(hit)
        return best

    def names(self) -> list[str]:
        return [name for _, name, _ in self._names]
