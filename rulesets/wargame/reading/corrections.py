"""Self-corrections inside a line (the core's `corrections`): «Мечник №2 на 6-5, нет, лучше на 6-6»,
«Лучник №2 по оркам... нет, лучше по шаману», «Рыцарь на 8-6, ой, 8-7».

What follows the marker (up to the next full stop, «;», «!» or «?») replaces the last part before it
of the same shape: a cell for a cell, a figure for a figure of the same side, the same preposition;
a part that opens with an order word («нет, лучше стоит», «нет, идёт на 5-5») replaces what the
figure named last was told to do.
The line is then read as if the player had typed it that way; every column still points at what he
typed. A correction with no part of its shape before it is left alone (the line reads, or errs, as
written).
"""

from __future__ import annotations

from letopis.engine.corrections import Correction, corrected, last_match, self_corrected
from letopis.engine.text import PostLine

from .words import Item, Scanner

_ENDS = frozenset({".", ";", "!", "?", "…"})


def corrected_line(pl: PostLine, scanner: Scanner) -> PostLine:
    """The line with each self-correction applied (the line itself when it has none)."""
    return self_corrected(pl, lambda norm, cols, mark: _apply(norm, cols, mark, scanner))


def _apply(norm: str, cols: list[int], mark: Correction, scanner: Scanner) -> tuple[str, list[int]] | None:
    items = scanner.scan(norm)
    new: list[Item] = []
    for it in items:
        if it.start < mark.end:
            continue
        if it.kind == "sym" and (it.text in _ENDS or it.text == "," and new):
            break
        new.append(it)
    shape = _shape(new)
    before = _shape([it for it in items if it.end <= mark.start])
    if shape and shape[0].kind == "concept":
        # «Рыцарь на 8-6. Нет, лучше стоит», «стоит, нет, идёт на 5-5»: a new order for the figure
        # named last
        subject = next((it for it in reversed(before) if it.kind == "fig" and it.own), None)
        rest = [it for it in before if subject is not None and it.start > subject.start]
        if not rest:
            return None
        return corrected(norm, cols, (rest[0].start, rest[-1].end), mark, new[-1].end)
    if not any(it.kind in ("fig", "cell", "om", "weapon", "artifact", "side") for it in shape):
        return None
    found = last_match(before, shape, _same)
    if found:
        return corrected(norm, cols, (found[0].start, found[1].end), mark, new[-1].end)
    if shape[0].kind != "word":  # «на 8-6, ой, 8-7»: the new cell without its preposition
        for k in range(len(before) - 1, -1, -1):
            if before[k].kind == shape[0].kind and len(shape) == 1 and _same(before[k], shape[0]):
                return corrected(norm, cols, (before[k].start, before[k].end), mark, new[-1].end)
    return None


def _shape(items: list[Item]) -> list[Item]:
    return [it for it in items if it.kind != "sym"]


def _same(old: Item, new: Item) -> bool:
    """Whether ``new`` may stand where ``old`` stood: the same kind of thing (a figure of the same
    side, a cell, the same word or concept)."""
    if old.kind != new.kind:
        return False
    if old.kind == "fig":
        return old.own == new.own
    if old.kind == "word":
        return old.text == new.text
    if old.kind == "concept":
        return old.value == new.value
    return True
