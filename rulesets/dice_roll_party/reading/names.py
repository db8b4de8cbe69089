"""Character and player names as players write them, beyond the inflected forms the lemma table
already reads: a slip («Стражжу», «Рыцар»), a typo («Лучнеца», «Вихоря»), a short form
(«Лучн.»). Built on the core's `NameIndex`; every hit says how it fits, so the reader notes what
it understood, and two names that fit equally are returned together (an ambiguity, never a guess).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from letopis.engine.names import Fit, NameIndex
from letopis.engine.text_words import Lemmatizer, is_known

Owner = tuple[str, int | None]  # (faction, slot) — slot None for a player's own name


@dataclass(frozen=True, slots=True)
class NameMatch:
    owners: tuple[Owner, ...]
    words: int
    fit: Fit
    name: str  # the name as it is known, for the note


class LooseNames:
    """Names of one game's characters and players, matched loosely."""

    def __init__(self, entries: Iterable[tuple[str, Owner]], lem: Lemmatizer) -> None:
        self._index: NameIndex[Owner] = NameIndex(entries, lem)

    def at(self, words: list[str], i: int, dotted: bool = False) -> NameMatch | None:
        """The name that starts at ``words[i]`` written loosely; ``dotted`` when a dot follows the
        word (a short form needs it unless the word is not a dictionary word)."""
        hits = self._index.find(words, i)
        if not hits:
            return None
        fit = hits[0].fit
        if fit is Fit.ABBREVIATED and not dotted and (len(words[i]) < 4 or is_known(words[i])):
            return None
        return NameMatch(tuple(h.key for h in hits), hits[0].words, fit, hits[0].name)
