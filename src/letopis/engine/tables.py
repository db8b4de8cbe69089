"""Tables in a post: rows of cells split by «|», often under a header row that names the columns.

Forum players lay orders and sheets out as tables::

    Юнит | действие | цель
    Кентавр | 2 синих → Энту | —
    Энт | атака | Фея

    Место | Имя | В | А | З | Ф
    1 | Дракон | 3 | 5 | 1 | 3

`table_rows` finds them among a post's lines: for each row its cells (spans in the line's normalised
text) and the header's column names over them; a header row says nothing by itself (a ruleset reads
it as flavour). `row_line` writes a row as a line the ruleset's reader already understands: each
cell after a prefix the ruleset chooses from its column («гашу» under «гашение», «п» before a slot
number under «Место»), cells joined by what it chooses («:» after the unit, «/» between the numbers
of a sheet), with the column map kept, so a problem still points at the cell the player typed.
Linear in the size of the post.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .text_post import LineKind, PostLine

_EMPTY_CELL = frozenset({"", "-", "—", "–", "нет", "."})


@dataclass(frozen=True, slots=True)
class Row:
    """One row of a table: its cells as spans of the line's normalised text (empty cells and «—»
    kept, so columns line up), the header's names over them (normalised; None with no header), and
    whether the row is the header itself."""

    cells: tuple[tuple[int, int], ...]
    header: tuple[str, ...] | None = None
    is_header: bool = False

    def label(self, i: int) -> str | None:
        """The name of the column of cell ``i``, or None."""
        return self.header[i] if self.header is not None and i < len(self.header) else None


def cells_of(norm: str) -> tuple[tuple[int, int], ...] | None:
    """The cells of a line split by «|» (leading and trailing bars allowed), or None when the line
    is no table row (no bar, or fewer than two cells with something in them)."""
    if "|" not in norm:
        return None
    spans: list[tuple[int, int]] = []
    start = 0
    for i, c in enumerate(norm + "|"):
        if c != "|":
            continue
        a, b = start, i
        while a < b and norm[a] == " ":
            a += 1
        while b > a and norm[b - 1] == " ":
            b -= 1
        spans.append((a, b))
        start = i + 1
    if spans and spans[0][0] == spans[0][1]:
        spans = spans[1:]  # «| П1 | 3 |»: a leading bar
    if spans and spans[-1][0] == spans[-1][1] and norm.rstrip().endswith("|"):
        spans = spans[:-1]
    filled = [s for s in spans if norm[s[0] : s[1]] not in _EMPTY_CELL]
    return tuple(spans) if len(filled) >= 2 else None


def _is_header(norm: str, cells: tuple[tuple[int, int], ...]) -> bool:
    """A row of column names: no digit anywhere, every cell short."""
    return not any(c.isdigit() for c in norm) and all(b - a <= 20 for a, b in cells)


def table_rows(lines: Sequence[PostLine]) -> dict[int, Row]:
    """The table rows of a post by line number. A header row is one with no digits that another row
    follows directly; the rows after it, up to a line that is no row, are under it."""
    out: dict[int, Row] = {}
    header: tuple[str, ...] | None = None
    for n, pl in enumerate(lines):
        cells = cells_of(pl.norm) if pl.kind in (LineKind.TEXT, LineKind.HEADING) else None
        if cells is None:
            header = None
            continue
        following = lines[n + 1] if n + 1 < len(lines) else None
        nxt = cells_of(following.norm) if following is not None and following.kind is LineKind.TEXT else None
        if _is_header(pl.norm, cells) and nxt is not None and not _is_header(following.norm, nxt):  # type: ignore[union-attr]
            header = tuple(pl.norm[a:b] for a, b in cells)
            out[pl.number] = Row(cells, header, is_header=True)
            continue
        out[pl.number] = Row(cells, header)
    return out


def row_line(pl: PostLine, row: Row, prefix: Callable[[int, str], str], joint: Callable[[int, str, str], str]) -> PostLine:
    """The row as one line: cell ``i`` (text ``t``) after ``prefix(i, t)``, and between a cell and
    the next one with something in it ``joint(i, t, next_t)``; empty cells are left out. Inserted
    text points at the column of the cell (or the bar) it stands for."""
    cols = pl.cols or list(range(len(pl.norm)))
    text: list[str] = []
    where: list[int] = []
    kept = [(i, a, b) for i, (a, b) in enumerate(row.cells) if pl.norm[a:b] not in _EMPTY_CELL]
    for n, (i, a, b) in enumerate(kept):
        cell = pl.norm[a:b]
        if n:
            j = joint(kept[n - 1][0], pl.norm[kept[n - 1][1] : kept[n - 1][2]], cell)
            text.append(j)
            where.extend([cols[a - 1] if a else cols[a]] * len(j))
        p = prefix(i, cell)
        text.append(p)
        where.extend([cols[a]] * len(p))
        text.append(cell)
        where.extend(cols[a:b])
    return replace(pl, norm="".join(text), cols=where)
