"""The cheapest legal path (WG-DEF-MOVE-02..05): terrain costs, climbing, occupied and rock
cells, the dragon's flight, and the contact stop.

`find_path` searches from the figure's cell through the waypoints to the destination (A* on a flat
grid, giving exactly the paths of a plain Dijkstra, ties included: see `Mover.leg`). A cell
in contact with an enemy can be entered only as the final destination (WG-DEF-MOVE-04); the start
cell may be left even in contact (WG-DEF-MOVE-07). The dragon flies (WG-DEF-MOVE-03): every step
costs 1 ОМ, it passes over figures and rock and is not stopped by contact, but it may not end on
an occupied or rock cell.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from letopis.engine.cache import ByteBudgetCache

from ..state import Cell, Figure, State
from .geometry import DIRS, ELEVATION, ENTRY_COST, dist, elevation, terrain


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
    """What one figure may cross, worked out once per move: the cells other figures hold and the
    cells in contact with an enemy, as flags over the board's flat grid (`Grid`), so the search
    does no per-step model lookups and hashes no tuples."""

    def __init__(self, state: State, fig: Figure) -> None:
        self.state = state
        self.board = state.board
        self.fig = fig
        self.flies = state.spec(fig).flies
        grid = self.grid = grid_of(self.board)
        w, h, stride = grid.width, grid.height, grid.stride
        self.width, self.height = w, h
        self.occupied: set[Cell] = set()
        self.enemy_cells: list[Cell] = []
        for f in state.figures.values():
            cell = f.cell
            if cell is None or not f.alive or f.id == fig.id:
                continue
            self.occupied.add(cell)
            if f.side != fig.side:
                self.enemy_cells.append(cell)
        # the entry cost of each cell for this figure: none into a cell another figure holds
        self._entry = bytearray(grid.entry)
        for x, y in self.occupied:
            if 1 <= x <= w and 1 <= y <= h:
                self._entry[x * stride + y] = 0
        self._contact = contact_cells(grid, tuple(self.enemy_cells))

    def _on_board(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.width and 1 <= cell[1] <= self.height

    def in_contact(self, cell: Cell) -> bool:
        if self._on_board(cell):
            return bool(self._contact[cell[0] * self.grid.stride + cell[1]])
        e = elevation(self.board, cell)
        return any(dist(cell, c) <= 1 and abs(e - elevation(self.board, c)) < 2 for c in self.enemy_cells)

    def can_end(self, cell: Cell) -> bool:
        return cell not in self.occupied and terrain(self.board, cell) != "rock"

    def leg(self, start: Cell, goal: Cell, final: bool, limit: int | None) -> tuple[int, list[Cell]] | None:
        """Cheapest cost and cells from ``start`` to ``goal``, or None.

        A* with the Chebyshev distance left as its estimate: every step costs at least 1 ОМ, so
        the estimate never overshoots and a cell taken from the heap has its true cost. The search
        goes on until no cell left could lie on a cheapest path, and each cell remembers, among the
        cells it is cheapest to come from, the one with the lowest (cost, cell): the one a plain
        Dijkstra over ``(cost, (x, y))`` pairs would have reached it from first. The path is
        therefore the plain search's, ties included (tests/wargame/test_wg_paths.py), found with a
        fraction of its cells."""
        if start == goal:
            return 0, []
        if not (self._on_board(start) and self._on_board(goal)):
            return None
        grid = self.grid
        stride = grid.stride
        s, t = start[0] * stride + start[1], goal[0] * stride + goal[1]
        gx, gy = goal
        if self.flies:  # every step 1 ОМ, over figures and rock, never stopped by contact
            entry, level, contact = grid.inside, grid.flat, grid.flat
        else:
            entry, level, contact = self._entry, grid.level, self._contact
        steps = grid.steps
        cap = limit if limit is not None else 1 << 30  # nothing dearer can be the path
        best = {s: 0}
        prev: dict[int, int] = {}
        heap = [(max(abs(start[0] - gx), abs(start[1] - gy)), 0, s)]
        pop, push = heapq.heappop, heapq.heappush
        total = None
        while heap:
            f, c, cur = pop(heap)
            if total is not None and f > total:
                break
            if c > best[cur]:
                continue
            if cur == t:
                total = c
                continue
            if cur != s and contact[cur]:
                continue  # contact stop: nobody walks on from here
            here = level[cur]
            x, y = divmod(cur, stride)
            for d, dx, dy in steps:
                nxt = cur + d
                step = entry[nxt]
                if not step:
                    continue
                climb = level[nxt] - here
                if climb > 0:
                    step += climb
                nc = c + step
                if nc >= cap and (nc > cap or nxt != t):
                    continue  # nothing but the goal may cost the whole budget, nothing more
                old = best.get(nxt)
                if old is None or nc < old:
                    rest = max(abs(x + dx - gx), abs(y + dy - gy))
                    if nc + rest <= cap:
                        best[nxt] = nc
                        prev[nxt] = cur
                        push(heap, (nc + rest, nc, nxt))
                elif nc == old and (c, cur) < (best[prev[nxt]], prev[nxt]):
                    prev[nxt] = cur  # as cheap, and a plain search would have come from here first
        if total is None:
            return None
        path = [t]
        while prev[path[-1]] != s:
            path.append(prev[path[-1]])
        return total, [divmod(i, stride) for i in reversed(path)]


@dataclass(frozen=True, eq=False)
class Grid:
    """A board as flat byte strings indexed ``x * stride + y``, with a border of one cell all round
    (``stride`` = height + 2): per cell the entry cost (0 for rock and the border), the elevation
    (WG-DEF-MOVE-02, WG-DEF-BOARD-04), whether it is on the board (a flyer's entry cost: 1) and
    whether its 3 × 3 block is on the board and within one level of it (``even``: a figure there is
    in contact with the whole block); ``around`` are the index steps to the 8 neighbours in `DIRS`
    order. A 200 × 200 board is 200 KB."""

    width: int
    height: int
    stride: int
    entry: bytes
    level: bytes
    inside: bytes
    flat: bytes  # zeros: a flyer neither climbs nor stops
    even: bytes
    around: tuple[int, ...]
    steps: tuple[tuple[int, int, int], ...]  # (index step, dx, dy) for each of `around`

    def contact_flags(self, cells: tuple[Cell, ...]) -> bytes:
        """1 for every board cell in contact with a figure on one of ``cells`` (WG-DEF-MELEE-01:
        within 1 step and less than 2 levels apart)."""
        flags = bytearray(len(self.level))
        stride, level, inside, even = self.stride, self.level, self.inside, self.even
        for x, y in cells:
            if not (1 <= x <= self.width and 1 <= y <= self.height):
                continue
            at = x * stride + y
            if even[at]:
                for col in (at - stride - 1, at - 1, at + stride - 1):
                    flags[col:col + 3] = b"\x01\x01\x01"
                continue
            here = level[at]
            for i in (at, *(at + d for d in self.around)):
                if inside[i] and -2 < level[i] - here < 2:
                    flags[i] = 1
        return bytes(flags)


# The cells in contact with the enemies of a mover, by grid and enemy cells: they stay the same
# through the lines of a post (the enemies do not move while the poster's lines are checked).
# 1 MB: a flag a cell, and room for the cells of the key.
_CONTACT: ByteBudgetCache[tuple, bytes] = ByteBudgetCache("wargame.contact_cells", 1 << 20,
                                                          size=lambda flags: len(flags) + 2048)


def contact_cells(grid: Grid, enemies: tuple[Cell, ...]) -> bytes:
    """`Grid.contact_flags` of ``enemies``, remembered."""
    key = (grid, enemies)
    got = _CONTACT.get(key)
    if got is None:
        got = _CONTACT.put(key, grid.contact_flags(enemies))
    return got


_GRIDS: dict[tuple[int, int, tuple[str, ...]], Grid] = {}


def grid_of(board) -> Grid:
    """The board's `Grid`, cached per layout (map data, not user text: the default map and the GMs'
    maps in play; at most 65 kept, 10 MB at the largest size)."""
    key = (board.width, board.height, tuple(board.rows))
    got = _GRIDS.get(key)
    if got is None:
        w, h = board.width, board.height
        stride = h + 2
        size = (w + 2) * stride
        entry, level, inside = bytearray(size), bytearray(size), bytearray(size)
        for x in range(1, w + 1):
            for y in range(1, h + 1):
                t = terrain(board, (x, y))
                i = x * stride + y
                entry[i], level[i], inside[i] = ENTRY_COST.get(t, 0), ELEVATION[t], 1
        around = tuple(dx * stride + dy for dx, dy in DIRS)
        even = bytearray(size)
        for x in range(2, w):
            for y in range(2, h):
                i = x * stride + y
                even[i] = all(-2 < level[i + d] - level[i] < 2 for d in around)
        got = Grid(w, h, stride, bytes(entry), bytes(level), bytes(inside), bytes(size), bytes(even), around,
                   tuple((d, dx, dy) for d, (dx, dy) in zip(around, DIRS, strict=True)))
        if len(_GRIDS) > 64:
            _GRIDS.clear()
        _GRIDS[key] = got
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
