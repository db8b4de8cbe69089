"""A GM's correction line that gives or takes an amount: who, how much, what — as he writes it.

«Глебу +5 маны», «у Анны −2 золота», «Борису: +1 синий жетон», «+20 золота Ваалу», «Анна: -1
красный», «+5 маны для Глеба»: the owner comes first or last, with or without «у»/«для», a colon
or not, and his name in any case (`NameIndex`: «Глебу», «Анны», «Бориса», «Льва»), the amount
is signed (a hyphen, a dash or the minus sign). `read_amount_line` finds the three parts and
leaves what the words after the amount mean (a resource, a colour) to the ruleset.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from .names import Fit, NameHit, NameIndex
from .text_norm import normalise
from .text_words import Lemmatizer

PREPOSITIONS = frozenset({"у", "для", "к", "ко"})
_SIGNED = re.compile(r"^([+-])(\d{1,9})$")


@cache
def _lemmatizer() -> Lemmatizer:
    """One for every correction: its caches are bounded and worth sharing."""
    return Lemmatizer()


def owner_index(owners: list[tuple[str, str]]) -> NameIndex[str]:
    """Players' names (name, faction id) for `read_amount_line`, read with pymorphy3's lemmas."""
    return NameIndex(owners, _lemmatizer())


class AmountLineError(ValueError):
    """A line shaped like an amount change that cannot be read; the message is Russian."""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.message, self.hint = message, hint


@dataclass(frozen=True)
class AmountLine:
    """What an amount line says: the owner's key (a faction id), the name as known and how the
    written one fits it, the signed amount, and the words naming what changes."""

    owner: str
    name: str
    fit: Fit
    delta: int
    what: list[str] = field(default_factory=list)
    written: str = ""  # the owner's words as typed («Глебу»)

    @property
    def noted(self) -> bool:
        """The name was read from a short form or a slip: the GM should see what was taken."""
        return self.fit.noted


def words_of(text: str) -> list[str]:
    """Normalised words, a colon dropped and a sign joined to its number («+ 5» → «+5»)."""
    text = normalise(text).replace(":", " ")
    text = re.sub(r"(?<![\w-])([+-])\s+(?=\d)", r"\1", text)
    return text.split()


def _whole(owners: NameIndex[str], words: list[str], start: int) -> NameHit[str] | None:
    """The name that covers ``words[start:]`` exactly; an error when two names fit as well."""
    hits = [h for h in owners.find(words, start) if start + h.words == len(words)]
    if len(hits) > 1:
        names = ", ".join(f"«{h.name}»" for h in hits)
        raise AmountLineError(f"«{' '.join(words[start:])}» подходит к нескольким игрокам: {names}.",
                              "напишите имя полностью")
    return hits[0] if hits else None


def _as_typed(text: str, words: list[str]) -> str:
    """Normalised words as the GM typed them (case, «ё»), for a message; as normalised if not found."""
    if not words:
        return ""
    pattern = r"[\s:]+".join(re.escape(w).replace("е", "[её]") for w in words)
    found = re.search(pattern, text, re.IGNORECASE)
    return found.group(0) if found else " ".join(words)


def _drop_preposition(words: list[str]) -> list[str]:
    return words[1:] if words and words[0] in PREPOSITIONS else words


def read_amount_line(text: str, owners: NameIndex[str]) -> AmountLine | None:
    """The line's owner, amount and thing; None if the line has no signed amount (another kind of
    line); AmountLineError if it has one but no owner or thing can be read."""
    words = words_of(text)
    at = next((i for i, w in enumerate(words) if _SIGNED.match(w)), None)
    if at is None:
        return None
    sign, digits = _SIGNED.match(words[at]).groups()  # type: ignore[union-attr]
    delta = int(digits) if sign == "+" else -int(digits)
    before, after = _drop_preposition(words[:at]), words[at + 1:]
    hit, what, named = (_whole(owners, before, 0), after, before) if before else (None, after, [])
    if hit is None and not before:
        for start in range(1, len(after)):  # the owner last: «+20 золота Ваалу», «+5 маны для Глеба»
            hit = _whole(owners, after, start)
            if hit is not None:
                what = after[:start - 1] if after[start - 1] in PREPOSITIONS else after[:start]
                named = after[start:]
                break
    if hit is None:
        written = _as_typed(text, before if before else after[-1:])
        known = ", ".join(owners.names())
        raise AmountLineError(f"Не знаю игрока «{written}»." if written else "Не сказано, кому правка.",
                              f"игроки: {known}" if known else None)
    if not what:
        raise AmountLineError(f"Не сказано, что изменить у игрока {hit.name}.")
    return AmountLine(owner=hit.key, name=hit.name, fit=hit.fit, delta=delta, what=what,
                      written=_as_typed(text, named))
