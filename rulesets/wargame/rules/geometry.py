"""The grid (WG-DEF-BOARD): cells ``(x, y)`` 1-based, Chebyshev distance, terrain per cell with
its elevation and entry cost, and contact between figures (WG-DEF-MELEE-01). Tower cells have elevation 2 and climbing pays
+1 ОМ per level (WG-DEF-TOWER-01, WG-GAP-19)."""

from __future__ import annotations

from collections.abc import Iterator

from ..data import TERRAIN_LETTERS
from ..state import Board, Cell, Figure, State

ELEVATION = {"open": 0, "hill": 1, "forest": 0, "rock": 0, "tower": 2}  # WG-DEF-BOARD-04, WG-GAP-16
ENTRY_COST = {"open": 1, "hill": 1, "forest": 2, "tower": 1}  # rock: impassable
DIRS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def dist(a: Cell, b: Cell) -> int:
    """WG-DEF-BOARD-02: Chebyshev distance; «within 1 step» is adjacent, diagonals included."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def on_board(board: Board, cell: Cell) -> bool:
    return 1 <= cell[0] <= board.width and 1 <= cell[1] <= board.height


def terrain(board: Board, cell: Cell) -> str:
    return TERRAIN_LETTERS[board.rows[cell[1] - 1][cell[0] - 1]]


def elevation(board: Board, cell: Cell) -> int:
    return ELEVATION[terrain(board, cell)]


def neighbours(board: Board, cell: Cell) -> Iterator[Cell]:
    for dx, dy in DIRS:
        c = (cell[0] + dx, cell[1] + dy)
        if on_board(board, c):
            yield c


def step_cost(board: Board, src: Cell, dst: Cell) -> int | None:
    """WG-DEF-MOVE-02: the entry cost of ``dst`` plus 1 ОМ per level climbed; down is free.
    None for rock (WG-DEF-MOVE-03)."""
    t = terrain(board, dst)
    if t == "rock":
        return None
    return ENTRY_COST[t] + max(0, ELEVATION[t] - elevation(board, src))


def level_contact(board: Board, a: Cell, b: Cell) -> bool:
    """Adjacent and less than 2 levels apart (tower against ground is not contact)."""
    return dist(a, b) <= 1 and abs(elevation(board, a) - elevation(board, b)) < 2


def contact(state: State, a: Figure, b: Figure) -> bool:
    """WG-DEF-MELEE-01: figures of different sides within 1 step; with 2 or more levels between
    them only through a tower storm (WG-DEF-TOWER-02), the stormer being the lower one."""
    ac, bc = a.cell, b.cell
    if a.side == b.side or ac is None or bc is None or not a.alive or not b.alive:
        return False
    if not (-1 <= ac[0] - bc[0] <= 1 and -1 <= ac[1] - bc[1] <= 1):  # dist > 1
        return False
    rows = state.board.rows
    ea = ELEVATION[TERRAIN_LETTERS[rows[ac[1] - 1][ac[0] - 1]]]
    eb = ELEVATION[TERRAIN_LETTERS[rows[bc[1] - 1][bc[0] - 1]]]
    if -2 < ea - eb < 2:  # level_contact
        return True
    low = a if ea < eb else b
    return low.storming


def enemies_in_contact(state: State, fig: Figure) -> list[Figure]:
    return [e for e in state.living() if contact(state, fig, e)]


def in_melee(state: State, fig: Figure) -> bool:
    """WG-VSHOT-01, WG-GAP-37: in contact with a figure of another side."""
    return any(contact(state, fig, e) for e in state.living() if e.side != fig.side)


def occupied(state: State) -> dict[Cell, Figure]:
    return {f.cell: f for f in state.living()}  # type: ignore[misc]


def line_cells(a: Cell, b: Cell) -> list[Cell]:
    """Cells strictly between ``a`` and ``b`` on a straight line (for `line_of_sight`)."""
    n = dist(a, b)
    out = []
    for i in range(1, n):
        x = a[0] + (b[0] - a[0]) * i / n
        y = a[1] + (b[1] - a[1]) * i / n
        out.append((round(x), round(y)))
    return out
