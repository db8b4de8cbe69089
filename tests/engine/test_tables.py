"""Tables in a post (`letopis.engine.tables`): cells, the header over them, a row written as a line."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from letopis.engine.tables import cells_of, row_line, table_rows
from letopis.engine.text import split_post


def test_cells_of_a_row_with_and_without_outer_bars():
    norm = "| п1 | 3 | 4 |"
    assert [norm[a:b] for a, b in cells_of(norm)] == ["п1", "3", "4"]
    assert cells_of("рыцарь бьёт тень") is None and cells_of("а | ") is None


def test_a_header_names_the_columns_of_the_rows_under_it():
    lines = split_post("Юнит | действие | цель\nКентавр | 2 синих → Энту | —\nЭнт | атака | Фея\n\nП1 | 3")
    rows = table_rows(lines)
    assert rows[1].is_header and rows[2].header == ("юнит", "действие", "цель")
    assert rows[3].label(2) == "цель" and rows[5].header is None


def test_a_row_as_a_line_keeps_the_columns_typed():
    [pl] = split_post("Кентавр | 2 синих → Энту | —")
    row = table_rows([pl])[1]
    line = row_line(pl, row, lambda i, cell: "", lambda i, cell, nxt: ": " if i == 0 else ", ")
    assert line.norm == "кентавр: 2 синих → энту"
    assert line.typed(9, 16) == "2 синих"
    assert all(0 <= c < len(pl.original) for c in line.cols)


@given(st.text(alphabet="ab |12-—\n", max_size=80))
def test_tables_never_raise(text):
    lines = split_post(text)
    for number, row in table_rows(lines).items():
        pl = lines[number - 1]
        row_line(pl, row, lambda i, cell: "x", lambda i, cell, nxt: "/")
