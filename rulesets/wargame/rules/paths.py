"""The cheapest legal path (WG-DEF-MOVE-02..05): terrain costs, climbing, occupied and rock
cells, the dragon's flight, and the contact stop.

`find_path` runs Dijkstra from the figure's cell through the waypoints to the destination. A cell
in contact with an enemy can be entered only as the final destination (WG-DEF-MOVE-04); the start
cell may be left even in contact (WG-DEF-MOVE-07). The dragon flies (WG-DEF-MOVE-03): every step
costs 1 ОМ, it passes over figures and rock and is not stopped by contact, but it may not end on
an occupied or rock cell.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..state import Cell, Figure, State
from .geometry import DIRS, ELEVATION, ENTRY_COST, dist, elevation, step_cost, terrain


@dataclass(frozen=True)
class PathResult:
    cells: tuple[Cell, ...]  # from the start (excluded) to the destination
    cost: int | None  # None: no path at all
    om: int  # the figure's ОМ for this move
    contact: bool  # the destination is in contact with an enemy

    @property
    def ok(self) -> bool:
        return self.cost is not None and self.cost <= self.om

    @property
    def left(self) -> int:
        return self.om - (self.cost or 0)


class Mover:
    """What one figure may cross, worked out once per move: the occupied cells, the cells in
    contact with an enemy (a set, built from the enemies' neighbourhoods), and the board's terrain
    and elevation per cell as plain lists, so the search does no per-step model lookups."""

    def __init__(self, state: State, fig: Figure) -> None:
        self.state = state
        self.board = state.board
        self.fig = fig
        self.flies = state.spec(fig).flies
        living = state.living()
        self.occupied = {f.cell for f in living if f.id != fig.id}
        self.enemy_cells = [(f.cell, elevation(self.board, f.cell)) for f in living  # type: ignore[arg-type]
                            if f.side != fig.side]
        grid = _grid(self.board)
        self.width, self.height, self.entry, self.level = grid
        self.contact: set[Cell] = set()
        for (ex, ey), ce in self.enemy_cells:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    x, y = ex + dx, ey + dy
                    if 1 <= x <= self.width and 1 <= y <= self.height and abs(self.level[y][x] - ce) < 2:
                        self.contact.add((x, y))

    def in_contact(self, cell: Cell) -> bool:
        if 1 <= cell[0] <= self.width and 1 <= cell[1] <= self.height:
            return cell in self.contact
        e = elevation(self.board, cell)
        return any(dist(cell, c) <= 1 and abs(e - ce) < 2 for c, ce in self.enemy_cells)

    def cost(self, src: Cell, dst: Cell) -> int | None:
        if self.flies:
            return 1
        if dst in self.occupied:
            return None
        return step_cost(self.board, src, dst)

    def can_end(self, cell: Cell) -> bool:
        return cell not in self.occupied and terrain(self.board, cell) != "rock"

    def leg(self, start: Cell, goal: Cell, final: bool, limit: int | None) -> tuple[int, list[Cell]] | None:
        """Cheapest cost and cells from ``start`` to ``goal`` (Dijkstra), or None. The same search
        as step by step through `cost` and `neighbours` (same order, same ties), inlined."""
        if start == goal:
            return 0, []
        best = {start: 0}
        prev: dict[Cell, Cell] = {}
        heap = [(0, start)]
        flies, occupied, contact = self.flies, self.occupied, self.contact
        width, height, entry, level = self.width, self.height, self.entry, self.level
        far = 1 << 30
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            c, cell = pop(heap)
            if c > best.get(cell, far):
                continue
            if cell == goal:
                path = [cell]
                while path[-1] in prev and prev[path[-1]] != start:
                    path.append(prev[path[-1]])
                return c, path[::-1]
            if cell != start and not flies and cell in contact:
                continue  # contact stop: nobody walks on from here
            x, y = cell
            here = level[y][x]
            for dx, dy in DIRS:
                nx, ny = x + dx, y + dy
                if not (1 <= nx <= width and 1 <= ny <= height):
                    continue
                nxt = (nx, ny)
                if flies:
                    step = 1
                else:
                    if nxt in occupied:
                        continue
                    step = entry[ny][nx]
                    if step is None:
                        continue
                    climb = level[ny][nx] - here
                    if climb > 0:
                        step += climb
                nc = c + step
                if limit is not None and nc > limit:
                    continue
                if nc < best.get(nxt, far):
                    best[nxt] = nc
                    prev[nxt] = cell
                    push(heap, (nc, nxt))
        return None


_GRIDS: dict[tuple[int, int, tuple[str, ...]], tuple] = {}


def _grid(board) -> tuple[int, int, list[list[int | None]], list[list[int]]]:
    """Width, height, and per cell (indexed [y][x], 1-based) the entry cost (None for rock) and
    the elevation (WG-DEF-MOVE-02, WG-DEF-BOARD-04); cached per board layout."""
    key = (board.width, board.height, tuple(board.rows))
    got = _GRIDS.get(key)
    if got is None:
        entry: list[list[int | None]] = [[None] * (board.width + 2) for _ in range(board.height + 2)]
        level = [[0] * (board.width + 2) for _ in range(board.height + 2)]
        for y in range(1, board.height + 1):
            for x in range(1, board.width + 1):
                t = terrain(board, (x, y))
                entry[y][x] = ENTRY_COST.get(t)
                level[y][x] = ELEVATION[t]
        if len(_GRIDS) > 64:
            _GRIDS.clear()
        got = _GRIDS[key] = (board.width, board.height, entry, level)
    return got


def figure_om(state: State, fig: Figure) -> int:
    """WG-DEF-MOVE-01: base ОМ of the kind plus bonus ОМ (army list and artifacts)."""
    from .artifacts import bonus_mp
    return state.options.base(fig.kind) + bonus_mp(state, fig)


def find_path(state: State, fig: Figure, dest: Cell, via: tuple[Cell, ...] = (), om: int | None = None,
              start: Cell | None = None) -> PathResult:
    """The cheapest legal path for ``fig`` to ``dest`` through ``via``; ``om`` is the budget
    (default: what is left of the figure's ОМ this round)."""
    mover = Mover(state, fig)
    budget = om if om is not None else figure_om(state, fig) - fig.om_spent
    here = start or fig.cell
    assert here is not None
    goals = [*via, dest]
    if not mover.can_end(dest):
        return PathResult((), None, budget, False)
    for bounded in (True, False):
        total, cells, cur, failed = 0, [], here, False
        for i, goal in enumerate(goals):
            final = i == len(goals) - 1
            if not final and not mover.flies and mover.in_contact(goal):
                return PathResult((), None, budget, False)
            found = mover.leg(cur, goal, final, (budget - total) if bounded else None)
            if found is None:
                failed = True
                break
            total += found[0]
            cells += found[1]
            cur = goal
        if not failed:
            return PathResult(tuple(cells), total, budget, mover.in_contact(dest))
    return PathResult((), None, budget, False)
