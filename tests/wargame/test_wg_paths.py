"""The fast path search gives exactly what the plain search gives (WG-DEF-MOVE-02..05).

`find_path` works on flat byte grids and, since issue 11's speed work, searches with an estimate
of the distance left; the players' live check prints its path cell by cell, so the path must be
the very one a plain Dijkstra over ``(cost, (x, y))`` pairs through `step_cost` and `neighbours`
finds, ties included. This reference is that plain search, written from the rules; seeded random
boards (every terrain, a tower, crowded figures, the dragon, waypoints, small and large budgets)
are compared cell by cell.
"""

from __future__ import annotations

import heapq
import random

import pytest
from wg_support import fight_ready

from rulesets.wargame.rules.geometry import level_contact, neighbours, on_board, step_cost, terrain
from rulesets.wargame.rules.paths import PathResult, figure_om, find_path
from rulesets.wargame.state import Cell, Figure, State


def reference(state: State, fig: Figure, dest: Cell, via: tuple[Cell, ...] = (), om: int | None = None) -> PathResult:
    board = state.board
    flies = state.spec(fig).flies
    living = state.living()
    occupied = {f.cell for f in living if f.id != fig.id}
    enemies = [f.cell for f in living if f.side != fig.side]

    def contact(cell: Cell) -> bool:
        return any(level_contact(board, cell, e) for e in enemies)

    def leg(start: Cell, goal: Cell, limit: int | None) -> tuple[int, list[Cell]] | None:
        if start == goal:
            return 0, []
        best, prev, heap = {start: 0}, {}, [(0, start)]
        while heap:
            c, cell = heapq.heappop(heap)
            if c > best[cell]:
                continue
            if cell == goal:
                path = [cell]
                while prev[path[-1]] != start:
                    path.append(prev[path[-1]])
                return c, path[::-1]
            if cell != start and not flies and contact(cell):
                continue
            for n in neighbours(board, cell):
                if flies:
                    step = 1
                elif n in occupied or (step := step_cost(board, cell, n)) is None:
                    continue
                if (limit is None or c + step <= limit) and c + step < best.get(n, 1 << 30):
                    best[n], prev[n] = c + step, cell
                    heapq.heappush(heap, (c + step, n))
        return None

    budget = om if om is not None else figure_om(state, fig) - fig.om_spent
    if dest in occupied or terrain(board, dest) == "rock":
        return PathResult((), None, budget, False)
    for bounded in (True, False):
        total, cells, cur = 0, [], fig.cell
        for i, goal in enumerate((*via, dest)):
            if i < len(via) and not flies and contact(goal):
                return PathResult((), None, budget, False)
            found = leg(cur, goal, budget - total if bounded else None)
            if found is None:
                break
            total, cells, cur = total + found[0], cells + found[1], goal
        else:
            return PathResult(tuple(cells), total, budget, contact(dest))
    return PathResult((), None, budget, False)


def random_board(rnd: random.Random) -> State:
    """The default battle on a random terrain: open ground, hills, forest, rock and a tower block,
    with figures of both sides scattered over it."""
    s = fight_ready()
    w, h = s.board.width, s.board.height
    rows = [[rnd.choice("....hfr") for _ in range(w)] for _ in range(h)]
    tx, ty = rnd.randrange(w - 2), rnd.randrange(h - 2)
    for dx in (0, 1):
        for dy in (0, 1):
            rows[ty + dy][tx + dx] = "t"
    s.board.rows = ["".join(r) for r in rows]
    free = [(x, y) for x in range(1, w + 1) for y in range(1, h + 1) if terrain(s.board, (x, y)) != "rock"]
    rnd.shuffle(free)
    figs = list(s.figures.values())
    for f in rnd.sample(figs, rnd.randint(6, len(figs))):
        f.cell = free.pop()
    return s


@pytest.mark.parametrize("seed", range(40))
def test_fast_search_gives_the_plain_searchs_paths_WG_DEF_MOVE_05(seed):
    """WG-DEF-MOVE-02, WG-DEF-MOVE-03, WG-DEF-MOVE-04, WG-DEF-MOVE-05, WG-DEF-MOVE-07: same cells,
    cost, budget and contact as the plain search, for walkers and the flying dragon, with and
    without waypoints and budgets."""
    rnd = random.Random(seed)
    s = random_board(rnd)
    placed = [f for f in s.figures.values() if f.cell is not None]
    w, h = s.board.width, s.board.height

    def near(cell: Cell) -> Cell:
        return min(w, max(1, cell[0] + rnd.randint(-7, 7))), min(h, max(1, cell[1] + rnd.randint(-7, 7)))

    for k in range(60):
        fig = rnd.choice(placed)
        dest = near(fig.cell)
        via = tuple(near(fig.cell) for _ in range(k % 3 == 0))
        om = None if k % 2 else rnd.randint(0, 12)
        assert all(on_board(s.board, c) for c in (dest, *via))
        got, want = find_path(s, fig, dest, via, om), reference(s, fig, dest, via, om)
        assert got == want, (fig.id, fig.cell, dest, via, om)


def test_fast_search_on_a_tower_and_in_contact_WG_DEF_TOWER_01():
    """WG-DEF-TOWER-01, WG-DEF-MELEE-01: climbing the tower costs its levels, a figure on the tower
    is not in contact with one below it, and a walk that starts in contact may leave."""
    s = fight_ready()
    sw = s.figures["p1:swordsman-1"]
    sw.cell = (11, 8)
    s.figures["p2:orc-1"].cell = (12, 9)  # on the tower: 2 levels above 11-8, no contact
    s.figures["p2:orc-2"].cell = (10, 7)  # beside 11-8 on the ground: contact
    for dest in ((12, 8), (9, 9), (11, 11), (14, 8)):
        assert find_path(s, sw, dest) == reference(s, sw, dest)
    assert find_path(s, sw, (12, 8)).cost == 3 and not find_path(s, sw, (11, 9)).contact
