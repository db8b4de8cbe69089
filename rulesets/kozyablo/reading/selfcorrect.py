"""A Kozyablo player correcting himself inside a line, read as the line he meant.

«Играю рыцаря в шахту-2, нет, лучше в источник-1», «Лучник бьёт шмеля, ой, гилена», «Беру карту.
А, нет, отставить — пропускаю ход»: the shared core (`letopis.engine.corrections`) finds the
markers; this module knows the shapes of a Kozyablo order. What follows a marker replaces the last
part of the same shape before it: a sector for a sector (with its preposition), a card or a piece
for a card or a piece, a whole order (a part with an order word) for the order said last. A
marker whose replacement fits nothing before it leaves the line as typed, so nothing is lost.
"""

from __future__ import annotations

import re

from letopis.engine.corrections import Correction, corrected
from letopis.engine.corrections import self_corrected as core_self_corrected
from letopis.engine.text import PostLine

from .base import is_verb
from .table import Table
from .words import Item

_SENTENCE_END = re.compile(r"[.!?…]+(?:\s|$)")
_TAKING_BACK = re.compile(r"^[\s,.!:;—-]*(?:отставить|отменяю|отмена|отбой|забудьте|забудь)(?=[\s,.!:;—-]|$)[\s,.!:;—-]*")


def self_corrected(pl: PostLine, table: Table) -> PostLine:
    """The line with each self-correction put in place of what it corrects (columns kept)."""
    return core_self_corrected(pl, lambda norm, cols, c: _splice(norm, cols, c, table))


def _splice(norm: str, cols: list[int], c: Correction, table: Table) -> tuple[str, list[int]] | None:
    end = _SENTENCE_END.search(norm, c.end)
    new_end = end.start() if end is not None else len(norm)
    back = _TAKING_BACK.match(norm, c.end)
    if back is not None:  # «А, нет, отставить — пропускаю ход»: the take-back word is no part of the order
        c = Correction(c.start, back.end())
    items = table.words.scan(norm)
    new = [it for it in items if c.end <= it.start and it.end <= new_end]
    before = [it for it in items if it.end <= c.start]
    if not new or not before:
        return None
    if any(is_verb(it) for it in new):
        verbs = [it for it in before if is_verb(it)]
        if not verbs:
            return None
        sentence = [m.end() for m in _SENTENCE_END.finditer(norm, 0, verbs[-1].start)]
        start = sentence[-1] if sentence else 0
        return corrected(norm, cols, (start, c.start), c, new_end)
    wanted = next((_shape(it, table) for it in new if _shape(it, table) is not None), None)
    if wanted is None:
        return None
    olds = [k for k, it in enumerate(before) if _shape(it, table) == wanted]
    if not olds:
        return None
    k = olds[-1]
    start = before[k].start
    if k > 0 and before[k - 1].kind == "word" and (before[k - 1].concept or "").startswith("w_") \
            and new[0].kind == "word" and new[0].concept == before[k - 1].concept:
        start = before[k - 1].start  # «в шахту-2, нет, лучше в источник-1»: the preposition goes too
    return corrected(norm, cols, (start, before[k].end), c, new_end)


def _shape(it: Item, table: Table) -> str | None:
    """What a part of an order is, for a correction to replace like by like."""
    if table.is_place(it):
        return "place"
    if it.kind == "name":
        return "name"
    return None
