"""Table rows as Dice Roll Party lines (the core's `table_rows` and `row_line`).

«Юнит | действие | цель» over «Кентавр | 2 синих → Энту | —» reads as «Кентавр: 2 синих → Энту»;
«Юнит | защита | гашение» over «Дракон | без усилений | 3» as «Дракон: без усилений, гашу 3»;
«Место | Имя | В | А | З | Ф» over «1 | Дракон | 3 | 5 | 1 | 3» as «п1: Дракон, в 3, а 5, з 1, ф 3»;
«П1 | 3 | 4 | 2 | 3 | Рыцарь», with no header, as «П1: 3/4/2/3, Рыцарь». The unit (the first
cell) heads the line, a column's name says what its number is (a slot, a soak, a part of a sheet),
and bare numbers side by side are a sheet. The header row itself is flavour.
"""

from __future__ import annotations

from letopis.engine.tables import Row, row_line
from letopis.engine.text import PostLine

from ..reader_words import Context, lemmatizer

# Column names whose number is a slot: «Место», «Слот», «№».
_SLOT_CONCEPTS = frozenset({"char"})
_SLOT_NAMES = frozenset({"№", "#", "п", "номер", "n"})
# Column names of a sheet (in the build step only: «Защита» is a boost column in a defence).
_SHEET_NAMES = frozenset({"в", "а", "з", "ф", "с", "к"})
_SHEET_CONCEPTS = frozenset({"z_time", "z_attack", "z_defence", "z_form", "c_red", "c_blue", "c_green"})


def table_line(pl: PostLine, row: Row, ctx: Context) -> PostLine:
    """The row written as a line the reader reads."""
    building = "build" in ctx.expected

    def prefix(i: int, cell: str) -> str:
        label = row.label(i)
        if label is None:
            return ""
        concept = lemmatizer().concept(label)
        if cell.isdigit() and (label in _SLOT_NAMES or concept in _SLOT_CONCEPTS):
            return "п"
        if concept == "v_soak":
            return "гашу "
        if building and (label in _SHEET_NAMES or concept in _SHEET_CONCEPTS):
            return label + " "
        return ""

    def joint(i: int, cell: str, nxt: str) -> str:
        if i == 0:
            return ": "
        if cell.isdigit() and nxt.isdigit() and not (row.label(i) or "").strip():
            return "/"
        return ", "

    return row_line(pl, row, prefix, joint)
