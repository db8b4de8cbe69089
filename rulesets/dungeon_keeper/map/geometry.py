"""Cells, distances, the corner rule, line of sight, passability and paths on the 45×45 map.

Cells are ``(row, col)``, 1-based; row 1 is the north (top) edge, column 1 the west edge
(DK-MAP-04, DK-GAP-16). Functions take a *grid*: anything with ``size``, ``undug(r, c)`` and
``solid(r, c)`` — the `State` itself, or the legality checker's cheap overlay of a state.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

Cell = tuple[int, int]


class Grid(Protocol):
    size: int

    def undug(self, r: int, c: int) -> bool: ...

    def solid(self, r: int, c: int) -> bool: ...


# --- directions (DK-GAP-16) ------------------------------------------------------------------
# Clockwise from north, the order summons and the Hero use (DK-GAP-31, DK-GAP-74).
DIRECTIONS: dict[str, Cell] = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}
OFFSETS: tuple[Cell, ...] = tuple(DIRECTIONS.values())
DIRECTION_RU = {
    "N": "вверх", "NE": "вверх-вправо", "E": "вправо", "SE": "вниз-вправо",
    "S": "вниз", "SW": "вниз-влево", "W": "влево", "NW": "вверх-влево",
}
# Words players use for a direction; the reader lemmatises before looking up.
DIRECTION_WORDS: dict[str, str] = {
    "вверх": "N", "наверх": "N", "север": "N", "северный": "N",
    "вниз": "S", "низ": "S", "юг": "S", "южный": "S",
    "влево": "W", "налево": "W", "запад": "W", "западный": "W",
    "вправо": "E", "направо": "E", "восток": "E", "восточный": "E",
    "северо-восток": "NE", "вверх-вправо": "NE", "вправо-вверх": "NE",
    "юго-восток": "SE", "вниз-вправо": "SE", "вправо-вниз": "SE",
    "юго-запад": "SW", "вниз-влево": "SW", "влево-вниз": "SW",
    "северо-запад": "NW", "вверх-влево": "NW", "влево-вверх": "NW",
}


def direction_of(word: str) -> str | None:
    """The direction code for a word («вверх», «на север», «северо-запад»), or None."""
    w = word.strip().lower().replace("ё", "е").replace("–", "-").replace("—", "-")
    for prefix in ("на ", "к "):
        w = w.removeprefix(prefix)
    return DIRECTION_WORDS.get(w)


def offset(direction: str) -> Cell:
    return DIRECTIONS[direction]


def step(cell: Cell, direction: str) -> Cell:
    dr, dc = DIRECTIONS[direction]
    return (cell[0] + dr, cell[1] + dc)


def direction_between(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` towards ``b`` when ``b`` lies on one of the 8 lines through ``a``."""
    dr, dc = b[0] - a[0], b[1] - a[1]
    if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
        return None
    unit = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
    return next(k for k, v in DIRECTIONS.items() if v == unit)


def ray(cell: Cell, direction: str, length: int, size: int) -> list[Cell]:
    """Up to ``length`` cells from ``cell`` (excluded) in ``direction``, stopping at the edge."""
    dr, dc = DIRECTIONS[direction]
    out = []
    r, c = cell
    for _ in range(length):
        r, c = r + dr, c + dc
        if not (1 <= r <= size and 1 <= c <= size):
            break
        out.append((r, c))
    return out


# --- cells and distances ----------------------------------------------------------------------
def inside(cell: Cell, size: int) -> bool:
    return 1 <= cell[0] <= size and 1 <= cell[1] <= size


def neighbours(cell: Cell, size: int) -> list[Cell]:
    """The up-to-8 cells around ``cell``, clockwise from north."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in OFFSETS if 1 <= r + dr <= size and 1 <= c + dc <= size]


def chebyshev(a: Cell, b: Cell) -> int:
    """King-move distance, the default for every range (DK-GAP-17)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: Cell, b: Cell) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def distance(a: Cell, b: Cell, metric: str = "chebyshev") -> int:
    return manhattan(a, b) if metric == "manhattan" else chebyshev(a, b)


def adjacent(a: Cell, b: Cell) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def within(centre: Cell, radius: int, size: int, metric: str = "chebyshev") -> Iterator[Cell]:
    """Every cell at distance ≤ ``radius`` of ``centre`` (``centre`` included), row by row."""
    r0, c0 = centre
    for r in range(max(1, r0 - radius), min(size, r0 + radius) + 1):
        for c in range(max(1, c0 - radius), min(size, c0 + radius) + 1):
            if metric != "manhattan" or abs(r - r0) + abs(c - c0) <= radius:
                yield (r, c)


# --- the corner rule (DK-MOVE-02, DK-GAP-19) ------------------------------------------------------
def corners(a: Cell, b: Cell) -> tuple[Cell, Cell] | None:
    """The two cells touching both ends of a diagonal step, or None if the step is not diagonal."""
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return None
    return (a[0], b[1]), (b[0], a[1])


def corner_closed(grid: Grid, a: Cell, b: Cell, structures: bool = False) -> bool:
    """True when a diagonal step a→b is closed: both corner cells are undug (DK-MOVE-02); with
    ``structures`` (Options.corner_blockers = undug_and_structures) mines and buildings count too.
    Corners outside the map count as rock."""
    pair = corners(a, b)
    if pair is None:
        return False
    test = grid.solid if structures else grid.undug
    size = grid.size
    for r, c in pair:
        if 1 <= r <= size and 1 <= c <= size and not test(r, c):
            return False
    return True


# --- line of sight (DK-COMBAT-07, DK-GAP-18) --------------------------------------------------------
def sight_line(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """The cells the segment between the centres of ``a`` and ``b`` passes through, ends excluded.

    Each entry is one cell, or a pair of cells where the segment passes exactly through their
    shared corner (the supercover walk of E. Dedu, in integers)."""
    (y0, x0), (y1, x1) = a, b
    dx, dy = x1 - x0, y1 - y0
    xs = 1 if dx >= 0 else -1
    ys = 1 if dy >= 0 else -1
    dx, dy = abs(dx), abs(dy)
    ddx, ddy = 2 * dx, 2 * dy
    x, y = x0, y0
    out: list[tuple[Cell, ...]] = []
    if ddx >= ddy:
        err = prev = dx
        for _ in range(dx):
            x += xs
            err += ddy
            if err > ddx:
                y += ys
                err -= ddx
                if err + prev < ddx:
                    out.append(((y - ys, x),))
                elif err + prev > ddx:
                    out.append(((y, x - xs),))
                else:
                    out.append(((y - ys, x), (y, x - xs)))
            out.append(((y, x),))
            prev = err
    else:
        err = prev = dy
        for _ in range(dy):
            y += ys
            err += ddx
            if err > ddy:
                x += xs
                err -= ddy
                if err + prev < ddy:
                    out.append(((y, x - xs),))
                elif err + prev > ddy:
                    out.append(((y - ys, x),))
                else:
                    out.append(((y, x - xs), (y - ys, x)))
            out.append(((y, x),))
            prev = err
    if out and out[-1] == (b,):
        out.pop()
    return out


def line_of_sight(grid: Grid, a: Cell, b: Cell, structures_close_corners: bool = False) -> bool:
    """Can a unit on ``a`` see ``b``? Blockers are undug cells, mines and buildings; units and
    objects never block. A cell corner the segment crosses exactly blocks only if both cells at it
    are blockers. Adjacent cells are always in sight except across a closed corner (DK-GAP-18)."""
    if a == b:
        return True
    if adjacent(a, b):
        return not corner_closed(grid, a, b, structures_close_corners)
    solid = grid.solid
    for cells in sight_line(a, b):
        if len(cells) == 1:
            if solid(*cells[0]):
                return False
        elif solid(*cells[0]) and solid(*cells[1]):
            return False
    return True


# --- movement (DK-MOVE-01..03, DK-UNIT-02..04, DK-GEN-04, DK-GAP-20/21) -----------------------------
def can_step(grid: Grid, a: Cell, b: Cell, passable: Callable[[Cell], bool],
             structures_close_corners: bool = False) -> bool:
    """One step a→b: adjacent, inside, onto an empty cell that ``passable`` allows (no enemy or
    allied unit, DK-UNIT-03), and not across a closed corner (DK-MOVE-02)."""
    if not adjacent(a, b) or not inside(b, grid.size):
        return False
    if grid.solid(*b) or not passable(b):
        return False
    return not corner_closed(grid, a, b, structures_close_corners)


def check_path(grid: Grid, start: Cell, path: Iterable[Cell], passable: Callable[[Cell], bool],
               structures_close_corners: bool = False) -> int | None:
    """The index of the first illegal step of a multi-step move, or None if every step is fine."""
    here = start
    for i, cell in enumerate(path):
        if not can_step(grid, here, cell, passable, structures_close_corners):
            return i
        here = cell
    return None


def find_path(grid: Grid, start: Cell, goal: Cell, passable: Callable[[Cell], bool],
              stop_ok: Callable[[Cell], bool] | None = None, limit: int | None = None,
              structures_close_corners: bool = False) -> list[Cell] | None:
    """A shortest path of steps from ``start`` to ``goal`` (``start`` excluded), or None.

    Breadth-first over cells ``passable`` allows; the goal must also satisfy ``stop_ok`` (no unit
    may end on an occupied cell, DK-GAP-20). ``limit`` caps the number of steps. Ties are broken by
    the fixed clockwise neighbour order, so the result is deterministic."""
    if start == goal:
        return []
    if stop_ok is not None and not stop_ok(goal):
        return None
    size = grid.size
    prev: dict[Cell, Cell] = {start: start}
    frontier = deque([(start, 0)])
    while frontier:
        cell, d = frontier.popleft()
        if limit is not None and d >= limit:
            continue
        for dr, dc in OFFSETS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt in prev or not (1 <= nxt[0] <= size and 1 <= nxt[1] <= size):
                continue
            if grid.solid(*nxt) or not passable(nxt):
                continue
            if corner_closed(grid, cell, nxt, structures_close_corners):
                continue
            prev[nxt] = cell
            if nxt == goal:
                path = [nxt]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                path.pop()
                return path[::-1]
            frontier.append((nxt, d + 1))
    return None


def distances_from(grid: Grid, start: Cell, passable: Callable[[Cell], bool] | None = None,
                   structures_close_corners: bool = False) -> dict[Cell, int]:
    """Step counts from ``start`` to every reachable empty cell (breadth-first)."""
    size = grid.size
    dist = {start: 0}
    frontier = deque([start])
    while frontier:
        cell = frontier.popleft()
        for dr, dc in OFFSETS:
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt in dist or not (1 <= nxt[0] <= size and 1 <= nxt[1] <= size):
                continue
            if grid.solid(*nxt) or (passable is not None and not passable(nxt)):
                continue
            if corner_closed(grid, cell, nxt, structures_close_corners):
                continue
            dist[nxt] = dist[cell] + 1
            frontier.append(nxt)
    return dist


def format_cell(cell: Cell) -> str:
    """«37-15»: row first (DK-MAP-04)."""
    return f"{cell[0]}-{cell[1]}"
