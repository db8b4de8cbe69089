"""A player correcting himself inside a line: «Ставлю три, нет, две», «Рыцарь бьёт Тень... нет,
лучше Молота», «Добавляю 2 синих Лучнице, ой, 1 синий», «П2: 4/3/2/3, вернее 4/2/3/3»; or taking a
sentence back and giving another: «+1 урон... а, первый ход, нельзя. Тогда просто бьёт Тень».

A forum post cannot be edited while it is typed, so people correct themselves as they speak: a
marker («нет», «хотя нет», «ой», «вернее», «точнее», «то есть», «в смысле»), said after something and followed
by what replaces it. `corrections` finds those markers in a normalised line; the ruleset puts what
follows one in place of the part before it of the same shape (a number for a number, a character
for a character), because only it knows its objects. `takes_back` tells a sentence that withdraws
what was said before it («нельзя», «отменяю», «забудьте»). Linear in the length of the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from .text_post import PostLine

# A marker stands after punctuation (it corrects what came before it), and something follows it.
_MARKER = re.compile(
    r"(?:(?<=[,.;:!?…])|(?<=\s-)|(?<=\s—))\s*(?:а\s+|хотя\s+)?"
    r"(?:нет|не(?=\s*,\s*лучше\s)|ой|вернее|верней|точнее|то\s+есть|в\s+смысле|стоп|поправка|поправлюсь|ошибся|ошиблась|опечатка)"
    r"(?=[\s,.!:;-]|$)[\s,.!:;-]*(?:(?:лучше|вернее|точнее|на\s+самом\s+деле)(?=\s)\s*)?"
)


@dataclass(frozen=True, slots=True)
class Correction:
    """A correction marker: ``norm[start:end]``; what replaces the earlier part begins at ``end``."""

    start: int
    end: int


def corrections(norm: str) -> list[Correction]:
    """The self-corrections of a normalised line, in order: each marker with something said before
    it and something after it («нет» opening a line is an answer, not a correction)."""
    out: list[Correction] = []
    for m in _MARKER.finditer(norm):
        before = norm[: m.start()].strip(" ,.;:!?…-—")
        after = norm[m.end() :].strip(" ,.;:!?…-—")
        if before and after:
            out.append(Correction(m.start(), m.end()))
    return out


# Words of a sentence that takes back the one before it.
_TAKING_BACK = frozenset({"нельзя", "отменяю", "отмена", "отбой", "забудьте", "забудь", "отставить"})
# How the sentence that replaces it opens.
_INSTEAD = frozenset({"тогда", "лучше", "вместо"})


def takes_back(words: list[str]) -> bool:
    """Whether a sentence's words take back what was said before it («а, первый ход, нельзя»)."""
    return any(w in _TAKING_BACK for w in words)


def replaces(words: list[str]) -> bool:
    """Whether a sentence opens as the replacement of one taken back («Тогда просто бьёт Тень»)."""
    return bool(words) and words[0] in _INSTEAD


def corrected(norm: str, cols: list[int], old: tuple[int, int], correction: Correction, new_end: int) -> tuple[str, list[int]]:
    """The line with the part ``norm[old[0]:old[1]]`` replaced by what follows ``correction`` (up to
    ``new_end``), the marker and that replacement taken out of their place; the column map keeps
    pointing at what the player typed."""
    a, b = old
    c, d = correction.end, new_end
    pieces = ((0, a), (c, d), (b, correction.start), (d, len(norm)))
    return "".join(norm[x:y] for x, y in pieces), [col for x, y in pieces for col in cols[x:y]]


MAX_CORRECTIONS = 3  # per line: each one rescans the line, so a line full of «нет» stays linear

Splice = Callable[[str, list[int], Correction], "tuple[str, list[int]] | None"]


def self_corrected(pl: PostLine, splice: Splice) -> PostLine:
    """The line with its self-corrections put in place one at a time (each changes the text the
    next is found in), by the ruleset's ``splice`` of one correction (None: leave the rest as
    typed); at most `MAX_CORRECTIONS`, so reading stays linear in the text."""
    norm, cols = pl.norm, list(pl.cols or range(len(pl.norm)))
    changed = False
    for _ in range(MAX_CORRECTIONS):
        found = corrections(norm)
        if not found:
            break
        spliced = splice(norm, cols, found[0])
        if spliced is None:
            break
        norm, cols = spliced
        changed = True
    return replace(pl, norm=norm, cols=cols) if changed else pl


T = TypeVar("T")


def last_match(before: Sequence[T], shape: Sequence[T], same: Callable[[T, T], bool]) -> tuple[T, T] | None:
    """The first and last of the latest run of ``before`` that ``shape`` may stand in for, part by
    part (``same(old, new)``), or None."""
    for k in range(len(before) - len(shape), -1, -1):
        window = before[k : k + len(shape)]
        if all(same(a, b) for a, b in zip(window, shape, strict=True)):
            return window[0], window[-1]
    return None
