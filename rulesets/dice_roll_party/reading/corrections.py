"""Self-corrections inside a line (the core's `corrections`): «Ставлю три, нет, две», «Рыцарь бьёт
Тень... нет, лучше Молота», «Добавляю 2 синих Лучнице, ой, 1 синий», «П2: 4/3/2/3, нет, лучше
4/2/3/3».

What follows the marker (up to the next comma or full stop) replaces the last part before it of
the same shape: a number for a number, tokens for tokens, a character for a character of the same
side, a sheet for a sheet. The line is then read as if the player had typed it that way; every
column still points at what he typed. A correction with no part of its shape before it is left
alone (the line reads, or errs, as written).
"""

from __future__ import annotations

from letopis.engine.corrections import Correction, corrected, last_match, self_corrected
from letopis.engine.text import PostLine

from .items import Context, Item, analyse

_ENDS = frozenset({",", ".", ";", "!", "?", "…"})
_KEPT_SYMBOLS = frozenset({"/", "+"})  # part of a sheet or a count: «4/2/3/3», «+1»


def corrected_line(pl: PostLine, ctx: Context) -> PostLine:
    """The line with each self-correction applied (the line itself when it has none)."""
    return self_corrected(pl, lambda norm, cols, mark: _apply(norm, cols, mark, ctx))


def _apply(norm: str, cols: list[int], mark: Correction, ctx: Context) -> tuple[str, list[int]] | None:
    items = analyse(norm, ctx)
    new = []
    for it in items:
        if it.start < mark.end:
            continue
        if it.is_sym(*_ENDS):
            break
        new.append(it)
    shape = _shape(new)
    if not shape:
        return None
    before = _shape([it for it in items if it.end <= mark.start])
    found = last_match(before, shape, _same)
    return corrected(norm, cols, (found[0].start, found[1].end), mark, new[-1].end) if found else None


def _shape(items: list[Item]) -> list[Item]:
    return [it for it in items if it.kind != "sym" or it.text in _KEPT_SYMBOLS]


def _same(old: Item, new: Item) -> bool:
    """Whether ``new`` may stand where ``old`` stood: the same kind of thing (a character of the same
    side, a number, a colour or zone, a symbol of a sheet, the same preposition: «на П2, ой, на П1»)."""
    if old.kind != new.kind:
        return False
    if old.kind == "ref":
        return old.side is None or new.side is None or old.side == new.side
    if old.kind == "sym":
        return old.text == new.text
    if old.kind == "word":
        return old.concept == new.concept if old.concept is not None else old.text == new.text
    return True
