"""A seeded map generator for 2–8 archdemons on the 45×45 dungeon (DK-MAP-01, DK-MAP-05, DK-GAP-04).

The only randomness is the `Dice` it is handed: one roll turns the whole layout around the map
centre, a shuffle seats the players. Bases sit evenly on a ring around the centre; every base is
the same 3×3 cave turned towards the centre by a multiple of 90°: the Altar in the middle, the
level-3 Source and the Круг вызова on the two side cells, a gold mine touching the back. With
``map_extras = standard`` every base also gets, at the same Chebyshev distances and angles from its
Altar, an iron mine, a gem mine, a chest, a mana crystal and a rune; neutral Sources stand between
bases (one per base, towards its neighbour) and one in the centre, ringed by one rune of each school. Everything else is
rock. Distances are measured on Chebyshev "squares" so each base is equally far from its things.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from letopis.engine.dice import Dice

from ..data import DATA, RUNE_SCHOOLS
from ..options import Options
from ..state import EMPTY, ROCK, Cell
from .geometry import chebyshev

# Orthogonal directions clockwise from north (row, col).
_ORTHO: tuple[Cell, ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass
class Placed:
    """One thing the generator put down; ``seat`` is the 0-based base it belongs to (None = neutral)."""

    what: str  # building, mine, object
    kind: str
    cell: Cell
    seat: int | None = None
    level: int | None = None
    item: str | None = None


@dataclass
class GeneratedMap:
    size: int
    rows: list[str]
    bases: list[Cell]  # Altar cells by base index
    placed: list[Placed] = field(default_factory=list)


def _rotate(d: Cell, quarter_turns: int) -> Cell:
    i = _ORTHO.index(d)
    return _ORTHO[(i + quarter_turns) % 4]


def _inward(base: Cell, centre: float) -> Cell:
    """The orthogonal direction from a base that points most nearly at the map centre."""
    dr, dc = centre - base[0], centre - base[1]
    if abs(dr) >= abs(dc):
        return (1, 0) if dr > 0 else (-1, 0)
    return (0, 1) if dc > 0 else (0, -1)


def _on_square(origin: Cell, dist: int, angle: float) -> tuple[float, float]:
    """A point at Chebyshev distance ``dist`` from ``origin`` in the direction ``angle`` (radians,
    0 = north, clockwise)."""
    vr, vc = -math.cos(angle), math.sin(angle)
    k = dist / max(abs(vr), abs(vc))
    return origin[0] + vr * k, origin[1] + vc * k


class _Board:
    """The map being generated: terrain plus the cells already taken."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.grid = [[ROCK] * size for _ in range(size)]
        self.taken: set[Cell] = set()
        self.reserved: set[Cell] = set()  # base caves and one cell around them

    def free(self, cell: Cell) -> bool:
        r, c = cell
        return (2 <= r <= self.size - 1 and 2 <= c <= self.size - 1 and cell not in self.taken
                and cell not in self.reserved)

    def nearest_free(self, target: tuple[float, float], keep: Cell | None = None, dist: int | None = None) -> Cell:
        """The free cell nearest ``target``; with ``keep``/``dist`` prefer cells exactly ``dist`` from
        ``keep`` (so a base's things stay at their distance when something is in the way)."""
        tr, tc = round(target[0]), round(target[1])
        best: tuple[float, Cell] | None = None
        for radius in range(self.size):
            for r in range(tr - radius, tr + radius + 1):
                for c in range(tc - radius, tc + radius + 1):
                    if max(abs(r - tr), abs(c - tc)) != radius or not self.free((r, c)):
                        continue
                    penalty = 0.0
                    if keep is not None and dist is not None:
                        penalty = abs(chebyshev(keep, (r, c)) - dist) * 10
                    score = penalty + math.hypot(r - target[0], c - target[1])
                    if best is None or score < best[0]:
                        best = (score, (r, c))
            if best is not None and best[0] <= radius + 1:
                return best[1]
        if best is None:
            raise ValueError("на карте не осталось места")
        return best[1]


def generate(players: int, options: Options, dice: Dice) -> GeneratedMap:
    """Lay out a dungeon for ``players`` bases (2–8)."""
    if not 2 <= players <= 8:
        raise ValueError(f"генератор рассчитан на 2–8 архидемонов, а их {players}")
    size = DATA.map.size
    gen = DATA.mapgen
    centre = (size + 1) / 2
    board = _Board(size)
    turn_roll = dice.roll(360, "поворот карты")
    theta0 = math.radians(turn_roll.value - 1)
    radius = gen.ring * size
    out = GeneratedMap(size=size, rows=[], bases=[])

    bases: list[Cell] = []
    angles: list[float] = []
    for i in range(players):
        a = theta0 + 2 * math.pi * i / players
        r = round(centre - radius * math.cos(a))
        c = round(centre + radius * math.sin(a))
        bases.append((min(max(r, 3), size - 2), min(max(c, 3), size - 2)))
        angles.append(a)
    out.bases = bases
    for (r, c) in bases:
        for dr in range(-2, 3):
            for dc in range(-2, 3):
                board.reserved.add((r + dr, c + dc))

    src = DATA.buildings["source"]
    for seat, altar in enumerate(bases):
        r, c = altar
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                board.grid[r + dr - 1][c + dc - 1] = EMPTY
        inward = _inward(altar, centre)
        side_a, side_b, back = _rotate(inward, 1), _rotate(inward, 3), _rotate(inward, 2)
        out.placed.append(Placed("building", "altar", altar, seat))
        out.placed.append(Placed("building", "source", (r + side_a[0], c + side_a[1]), seat, level=src.start_level))
        out.placed.append(Placed("building", "circle", (r + side_b[0], c + side_b[1]), seat))
        mine_cell = (r + 2 * back[0], c + 2 * back[1])
        out.placed.append(Placed("mine", "gold", mine_cell, seat))
        board.taken.add(mine_cell)

    if options.map_extras == "standard":
        _extras(board, out, bases, angles, centre)

    for p in out.placed:
        if p.what == "building":
            board.grid[p.cell[0] - 1][p.cell[1] - 1] = "B"
        elif p.what == "mine":
            board.grid[p.cell[0] - 1][p.cell[1] - 1] = "M"
    out.rows = ["".join(row) for row in board.grid]
    return out


def _extras(board: _Board, out: GeneratedMap, bases: list[Cell], angles: list[float], centre: float) -> None:
    """Per-base mines and objects at equal distances, neutral Sources between bases and in the centre."""
    gen = DATA.mapgen
    mid = (round(centre), round(centre))
    # The centre first: its Source and a rune of each school around it.
    out.placed.append(Placed("building", "source", mid, None, level=gen.centre_source_level))
    board.taken.add(mid)
    for k, school in enumerate(RUNE_SCHOOLS):
        a = 2 * math.pi * k / len(RUNE_SCHOOLS)
        cell = board.nearest_free(_on_square(mid, 2, a), mid, 2)
        board.taken.add(cell)
        out.placed.append(Placed("object", "rune", cell, None, item=school))
    # Each base's own things, at the same distance and angle (relative to the way to the centre).
    # Angles stay inside the base's own slice of the ring, so a neighbour's things are never nearer.
    plan = (("mine", "iron", gen.iron_mine, -0.45), ("object", "crystal", gen.crystal, 0.45),
            ("object", "chest", gen.chest, -0.15), ("mine", "gem", gen.gem_mine, 0.2),
            ("object", "rune", gen.rune, 0.0), ("building", "source", gen.neutral_source, 0.9))
    for seat, altar in enumerate(bases):
        towards = angles[seat] + math.pi  # from the base back to the centre
        for what, kind, dist, rel in plan:
            cell = board.nearest_free(_on_square(altar, dist, towards + rel), altar, dist)
            board.taken.add(cell)
            item = RUNE_SCHOOLS[seat % len(RUNE_SCHOOLS)] if kind == "rune" else None
            if kind == "source":  # neutral, on the way to the next base clockwise
                out.placed.append(Placed(what, kind, cell, None, level=gen.neutral_source_level))
            else:
                out.placed.append(Placed(what, kind, cell, seat, item=item))
