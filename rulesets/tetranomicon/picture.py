"""The board and the table as one SVG (no scripts), for one viewer.

Top: the board. Each castle is a card with its code and name and a row of towers — a square in
the tower's terrain colour (равнина, лес, горы) with its number, and on it the owner's building as
a disc in the owner's colour with the building's letter (Ф ферма, Л лесопилка, Р рудник,
К каменоломня). Monsters are a dark badge on the castle's corner with the trophy level, «?» for a
trophy lying face down (its level is drawn only for the GM, checklist §5). Segments join the
castles: a road brown, a river blue; a laid route is a wide band in its owner's colour, and the
segment's token (its id, «У5», as orders name it) is a square for a land route and a rounded pill
for a water one, filled with the owner's colour once laid.

Below, in a column that fits a phone (360 px): the epoch and whose turn it is, the two pools
(creatures with cost, swords and discounts; artifacts with cost = influence and conditions) with
the decks' and the trophy supply's sizes, then a panel per player in seating order: coins,
buildings by kind, routes, artifacts with influence, the army with swords and discounts, trophies
with glory, and at the end the points. The viewer's own buildings wear an amber ring, his route
tokens an amber frame, and his panel lies on an amber band and says «(вы)».

The board has no coordinates in its file, so a layout is computed once per board: a known layout
for «Малый Тетраномикон», otherwise stress majorisation on the graph distances snapped to a grid.
A board wider than the phone column carries its width, so a phone scrolls it rather than shrinking
it. Every piece of text from the material or a player is escaped.
"""

from __future__ import annotations

import math
from collections import deque
from html import escape
from weakref import WeakKeyDictionary

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole

from .data import (
    BUILDING_KINDS,
    BUILDING_NAMES,
    DISCOUNT_NAMES,
    EPOCHS,
    SEGMENT_NAMES,
    TERRAIN_NAMES,
    Material,
    material_for,
)
from .rules.conditions import describe
from .rules.costs import army_strength, glory, influence, support
from .state import State

FONT = "DejaVu Sans, Arial, sans-serif"
SUPPLY_WORDS = "из запаса"  # a trophy the GM gave from the supply lay in no castle (TET-GM-01)
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e", "#7d3c98", "#138d90")
NEUTRAL = "#888888"
TERRAIN_FILL = {"plain": "#f2e39b", "forest": "#86bb6e", "mountains": "#b9afa5"}
ROAD, RIVER = "#8d6e4a", "#3a85c8"
LETTER = {"farm": "Ф", "sawmill": "Л", "mine": "Р", "quarry": "К"}
MONSTER = "#4a1c1c"
OWN, OWN_FILL = "#e0a800", "#fff7dc"  # the viewer's own buildings, routes and panel: amber
OWN_CLASS = ' class="own"'

COLUMN = 360  # the phone column: pools and panels
M = 8  # margin
BOX_W, BOX_H = 104, 52  # a castle card
CELL_W, CELL_H = 128, 86  # the grid a board is laid on
TOWER, TOWER_GAP = 21, 3
LINE = 15
SMALL = 10  # the smallest text: the page never shows the picture so small that this is under 10 px
FREED = "#2e7d32"

# «Малый Тетраномикон» (data/board.toml) laid out by hand: (column, row), planar, three columns.
KNOWN_LAYOUTS: dict[str, dict[str, tuple[int, int]]] = {
    "Малый Тетраномикон": {
        "severgrad": (1, 0), "kamenets": (0, 1), "dubrava": (1, 1), "rechnoy_brod": (2, 1),
        "tumanny_pereval": (0, 2), "chernolesye": (1, 2), "ozyorsk": (2, 2), "yuzhnaya_zastava": (2, 3),
    },
}


# --- small helpers ------------------------------------------------------------------------------
def _t(x: float, y: float, s: str, size: float = 11, anchor: str = "start", weight: str = "normal",
       fill: str = "#222") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(s)}</text>')


def colour_of(state: State, faction: str | None) -> str:
    """A player's colour, by seat: it never changes during a game."""
    if faction is None or faction not in state.order:
        return NEUTRAL
    return COLOURS[state.order.index(faction) % len(COLOURS)]


NARROW = frozenset(" ·,.:;!'()«»-—")  # about 0.35 em in DejaVu Sans


def _em(bold: bool) -> float:
    """The width of an average letter in DejaVu Sans, in em (the castles' names in bold measure
    0.65–0.73, 0.69 on average)."""
    return 0.69 if bold else 0.62


def _width(text: str, size: float, bold: bool = False) -> float:
    """The estimated width of a line: letters and digits at `_em`, spaces and marks narrower."""
    narrow = sum(1 for ch in text if ch in NARROW)
    return size * ((len(text) - narrow) * _em(bold) + narrow * 0.35)


def _fits(text: str, size: float, width: float, bold: bool = False) -> bool:
    return _width(text, size, bold) <= width


def _short(text: str, size: float, width: float, bold: bool = False) -> str:
    if _fits(text, size, width, bold):
        return text
    cut = text
    while cut and not _fits(cut.rstrip() + "…", size, width, bold):
        cut = cut[:-1]
    return cut.rstrip() + "…"


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Lines of at most ``width`` px (estimated), broken at spaces."""
    limit = max(8, int(width / (size * 0.6)))
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _is_gm(viewer: Viewer) -> bool:
    return viewer.role is ViewerRole.GM


# --- layout -------------------------------------------------------------------------------------
_LAYOUTS: WeakKeyDictionary[Material, dict[str, tuple[int, int]]] = WeakKeyDictionary()


def layout(m: Material) -> dict[str, tuple[int, int]]:
    """Each castle's (column, row) on the picture's grid; computed once per board."""
    found = _LAYOUTS.get(m)
    if found is None:
        known = KNOWN_LAYOUTS.get(m.board.name)
        if known is not None and set(known) == set(m.castles) and len(set(known.values())) == len(known):
            found = dict(known)
        else:
            found = _snap(m, _stress(m))
        _LAYOUTS[m] = found
    return found


def _hops(m: Material) -> list[list[float]]:
    ids = list(m.castles)
    index = {c: i for i, c in enumerate(ids)}
    n = len(ids)
    out = []
    for start in range(n):
        dist = [-1.0] * n
        dist[start] = 0.0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nb in m.neighbours[ids[here]]:
                j = index[nb]
                if dist[j] < 0:
                    dist[j] = dist[here] + 1
                    queue.append(j)
        out.append(dist)
    far = max((d for row in out for d in row), default=1.0) + 1
    return [[d if d >= 0 else far for d in row] for row in out]


def _stress(m: Material) -> list[tuple[float, float]]:
    """Positions whose distances follow the graph distances (stress majorisation), started from
    two far-apart pivots so that grid-like boards unfold; deterministic."""
    d = _hops(m)
    n = len(d)
    if n == 1:
        return [(0.0, 0.0)]
    a = 0
    b = max(range(n), key=lambda j: (d[a][j], -j))
    c = max(range(n), key=lambda j: (min(d[a][j], d[b][j]), -j))
    dab = d[a][b] or 1.0
    xs = [(d[a][j] ** 2 - d[b][j] ** 2 + dab ** 2) / (2 * dab) for j in range(n)]
    ys = [d[c][j] - (d[a][j] + d[b][j]) / 2 + 0.05 * ((j * 7) % 5 - 2) for j in range(n)]
    for _ in range(120):
        for i in range(n):
            sx = sy = sw = 0.0
            for j in range(n):
                if i == j:
                    continue
                dij = d[i][j]
                w = 1.0 / (dij * dij)
                ex, ey = xs[i] - xs[j], ys[i] - ys[j]
                norm = math.hypot(ex, ey) or 1e-6
                sx += w * (xs[j] + dij * ex / norm)
                sy += w * (ys[j] + dij * ey / norm)
                sw += w
            xs[i], ys[i] = sx / sw, sy / sw
    return list(zip(xs, ys, strict=True))


def _snap(m: Material, points: list[tuple[float, float]]) -> dict[str, tuple[int, int]]:
    """The positions turned so that most segments run along the axes, scaled so that a typical
    segment is one cell, then each castle put in a free cell near it (the nearest pairs first);
    empty rows and columns are dropped, and a board taller than wide is laid on its side."""
    ids = list(m.castles)
    index = {c: i for i, c in enumerate(ids)}
    n = len(ids)
    edges = [(index[s.between[0]], index[s.between[1]]) for s in m.board.segments]
    angles = [math.atan2(points[b][1] - points[a][1], points[b][0] - points[a][0]) for a, b in edges]
    turn = min((k * math.pi / 180 for k in range(90)),
               key=lambda t: sum(abs(math.sin(2 * (phi - t))) for phi in angles))
    lengths = sorted(math.hypot(points[a][0] - points[b][0], points[a][1] - points[b][1]) for a, b in edges)
    unit = (lengths[len(lengths) // 2] if lengths else 1.0) or 1.0
    c, s = math.cos(-turn) / unit, math.sin(-turn) / unit
    a11, a12, a21, a22 = c, -s, s, c
    vectors = [(points[b][0] - points[a][0], points[b][1] - points[a][1]) for a, b in edges]
    for _ in range(12):  # straighten a sheared layout: each segment towards a grid step
        ue = [0.0, 0.0, 0.0, 0.0]
        ee = [0.0, 0.0, 0.0, 0.0]
        for dx, dy in vectors:
            vx, vy = a11 * dx + a12 * dy, a21 * dx + a22 * dy
            ux, uy = max(-1, min(1, round(vx))), max(-1, min(1, round(vy)))
            if ux == 0 and uy == 0:
                ux, uy = (1 if vx > 0 else -1, 0) if abs(vx) >= abs(vy) else (0, 1 if vy > 0 else -1)
            ue = [ue[0] + ux * dx, ue[1] + ux * dy, ue[2] + uy * dx, ue[3] + uy * dy]
            ee = [ee[0] + dx * dx, ee[1] + dx * dy, ee[2] + dy * dx, ee[3] + dy * dy]
        det = ee[0] * ee[3] - ee[1] * ee[2]
        if abs(det) < 1e-9:
            break
        i11, i12, i21, i22 = ee[3] / det, -ee[1] / det, -ee[2] / det, ee[0] / det
        a11, a12 = ue[0] * i11 + ue[1] * i21, ue[0] * i12 + ue[1] * i22
        a21, a22 = ue[2] * i11 + ue[3] * i21, ue[2] * i12 + ue[3] * i22
    xs = [a11 * x + a12 * y for x, y in points]
    ys = [a21 * x + a22 * y for x, y in points]
    if (max(ys) - min(ys)) > (max(xs) - min(xs)) * 1.15:
        xs, ys = ys, xs
    px = [x - min(xs) for x in xs]
    py = [y - min(ys) for y in ys]
    cols = math.ceil(max(px)) + 2
    rows = math.ceil(max(py)) + 2
    pairs = sorted(((px[i] - c) ** 2 + (py[i] - r) ** 2, i, c, r)
                   for i in range(n) for c in range(cols) for r in range(rows))
    place: dict[int, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    for _, i, c, r in pairs:
        if i in place or (c, r) in taken:
            continue
        place[i] = (c, r)
        taken.add((c, r))
        if len(place) == n:
            break
    _settle(place, edges, cols, rows)
    used_c = sorted({c for c, _ in place.values()})
    used_r = sorted({r for _, r in place.values()})
    out = {ids[i]: (used_c.index(c), used_r.index(r)) for i, (c, r) in place.items()}
    # the first castle of the file towards the top left, as a GM usually numbers a map
    w, h = len(used_c) - 1, len(used_r) - 1
    fc, fr = out[ids[0]]
    flip_c, flip_r = fc * 2 > w, fr * 2 > h
    return {cid: (w - c if flip_c else c, h - r if flip_r else r) for cid, (c, r) in out.items()}


def _settle(place: dict[int, tuple[int, int]], edges: list[tuple[int, int]], cols: int, rows: int) -> None:
    """Moves to a free cell and swaps of two castles while they shorten the segments (the sum of
    their squared lengths); a few passes at most."""
    around: dict[int, list[int]] = {i: [] for i in place}
    for a, b in edges:
        around[a].append(b)
        around[b].append(a)

    def cost(i: int, cell: tuple[int, int], skip: int = -1) -> int:
        return sum((cell[0] - place[j][0]) ** 2 + (cell[1] - place[j][1]) ** 2 for j in around[i] if j != skip)

    for _ in range(6):
        better = False
        for i in sorted(place):
            here = place[i]
            at = {cell: j for j, cell in place.items()}
            best, gain = None, 0
            for c in range(cols):
                for r in range(rows):
                    cell = (c, r)
                    if cell == here:
                        continue
                    j = at.get(cell)
                    if j is None:
                        delta = cost(i, here) - cost(i, cell)
                    else:
                        delta = (cost(i, here, j) + cost(j, cell, i)) - (cost(i, cell, j) + cost(j, here, i))
                    if delta > gain:
                        best, gain = cell, delta
            if best is not None:
                j = at.get(best)
                if j is not None:
                    place[j] = here
                place[i] = best
                better = True
        if not better:
            break


# --- the board ----------------------------------------------------------------------------------
def _centre(cell: tuple[int, int], x0: float, y0: float) -> tuple[float, float]:
    return x0 + cell[0] * CELL_W + CELL_W / 2, y0 + cell[1] * CELL_H + CELL_H / 2


def _blocked(a: tuple[float, float], b: tuple[float, float], boxes: list[tuple[float, float]]) -> tuple[float, float] | None:
    """The centre of a castle card the straight line a–b would cross, if any."""
    lo_x, hi_x = min(a[0], b[0]) - BOX_W / 2, max(a[0], b[0]) + BOX_W / 2
    lo_y, hi_y = min(a[1], b[1]) - BOX_H / 2, max(a[1], b[1]) + BOX_H / 2
    for cx, cy in boxes:
        if not (lo_x < cx < hi_x and lo_y < cy < hi_y):
            continue
        for k in range(1, 20):
            t = k / 20
            x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            if abs(x - cx) < BOX_W / 2 - 2 and abs(y - cy) < BOX_H / 2 - 2:
                return cx, cy
    return None


def _segment(state: State, m: Material, sid: str, pos: dict[str, tuple[float, float]],
             own: str | None = None) -> tuple[list[str], list[str]]:
    """The segment's line (under the castles) and its token (over them)."""
    seg = m.segments[sid]
    a, b = pos[seg.between[0]], pos[seg.between[1]]
    others = [p for c, p in pos.items() if c not in seg.between]
    hit = _blocked(a, b, others)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if hit is None:
        d = f"M{a[0]:.1f},{a[1]:.1f} L{b[0]:.1f},{b[1]:.1f}"
        tx, ty = mx, my
    else:  # bend away from the card in the way
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        if (hit[0] - mx) * nx + (hit[1] - my) * ny > 0:
            nx, ny = -nx, -ny
        bend = max(BOX_H * 0.9, length * 0.3)
        qx, qy = mx + nx * bend, my + ny * bend
        d = f"M{a[0]:.1f},{a[1]:.1f} Q{qx:.1f},{qy:.1f} {b[0]:.1f},{b[1]:.1f}"
        tx, ty = 0.25 * a[0] + 0.5 * qx + 0.25 * b[0], 0.25 * a[1] + 0.5 * qy + 0.25 * b[1]
    owner = state.routes.get(sid)
    kind = ROAD if seg.kind == "road" else RIVER
    line = []
    if owner is not None:
        line.append(f'<path d="{d}" fill="none" stroke="{colour_of(state, owner)}" stroke-width="9" '
                    f'stroke-linecap="round" opacity="0.9"/>')
    dash = ' stroke-dasharray="7 4"' if seg.kind == "road" else ""
    line.append(f'<path d="{d}" fill="none" stroke="{kind}" stroke-width="3"{dash}/>')
    label = seg.id
    w = max(22, len(label) * 6 + 8)
    rx = 8 if seg.kind == "river" else 1.5
    if owner is not None:
        fill, stroke, text = colour_of(state, owner), "#fff", "#fff"
    else:
        fill, stroke, text = "#fff", kind, "#444"
    what = f"{seg.id}: {m.castle(seg.between[0]).name} — {m.castle(seg.between[1]).name}, {SEGMENT_NAMES[seg.kind]}"
    if owner is not None:
        what += f", маршрут: {state.players[owner].name}" if owner in state.players else ""
    mine = owner is not None and owner == own
    token = [f'<g data-segment="{escape(seg.id)}" data-owner="{escape(owner or "")}"><title>{escape(what)}</title>',
             (f'<rect{OWN_CLASS if mine else ""} x="{tx - w / 2:.1f}" y="{ty - 8:.1f}" width="{w}" '
              f'height="16" rx="{rx}" fill="{fill}" stroke="{OWN if mine else stroke}" '
              f'stroke-width="{3 if mine else 1.5}"/>'),
             _t(tx, ty + 4, label, SMALL, "middle", "bold", text), "</g>"]
    return line, token


def _castle(state: State, m: Material, cid: str, x: float, y: float, viewer: Viewer) -> list[str]:
    """A castle card centred at (x, y): code and name, its towers, the monsters' badge."""
    castle = m.castle(cid)
    left, top = x - BOX_W / 2, y - BOX_H / 2
    out = [f'<g data-castle="{escape(cid)}"><title>{escape(castle.code + " " + castle.name)}</title>',
           (f'<rect x="{left:.1f}" y="{top:.1f}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#fffdf7" '
            f'stroke="#6b5a45" stroke-width="1.2"/>')]
    code_w = _width(castle.code, SMALL) + 3
    room = BOX_W - 8 - code_w - (11 if cid in state.trophies or cid in state.freed else 0)  # the badge
    name, size = castle.name, 10.5
    if not _fits(name, size, room, bold=True):  # a little smaller, then a shorter name, then cut
        size = SMALL
        if not _fits(name, size, room, bold=True):
            name = next((a for a in castle.aliases if _fits(a, size, room, bold=True)), name)
    out.append(_t(left + 4, top + 13, castle.code, SMALL, fill="#777"))
    out.append(_t(left + 4 + code_w, top + 13, _short(name, size, room, bold=True), size, weight="bold"))
    span = len(castle.towers) * TOWER + (len(castle.towers) - 1) * TOWER_GAP
    tx = x - span / 2
    ty = top + 21
    for i, terrain in enumerate(castle.towers):
        sx = tx + i * (TOWER + TOWER_GAP)
        out.append(f'<rect x="{sx:.1f}" y="{ty:.1f}" width="{TOWER}" height="{TOWER}" rx="2" '
                   f'fill="{TERRAIN_FILL[terrain]}" stroke="#5d5346" stroke-width="0.8"/>')
        b = state.building_at(cid, i + 1)
        if b is None:
            out.append(_t(sx + TOWER / 2, ty + TOWER / 2 + 4, str(i + 1), 10, "middle", fill="#5d5346"))
            continue
        out.append(_t(sx + 1.5, ty + 9, str(i + 1), SMALL, fill="#333"))  # the tower's number, top left
        cx, cy = sx + TOWER - 7.5, ty + TOWER - 7.5
        if b.owner == viewer.own:  # the viewer's own building: an amber ring
            out.append(f'<circle class="own" cx="{cx:.1f}" cy="{cy:.1f}" r="9.5" fill="none" stroke="{OWN}" '
                       f'stroke-width="3"/>')
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" '
                   f'fill="{colour_of(state, b.owner)}" stroke="#fff" stroke-width="1"/>')
        out.append(_t(cx, cy + 3.6, LETTER[b.kind], SMALL, "middle", "bold", "#fff"))
    token = state.trophies.get(cid)
    if token is not None:
        shown = _is_gm(viewer) or token.face_up
        level = str(token.level) if shown else "?"
        bx, by = left + BOX_W - 4, top + 4
        dashed = "" if token.face_up else ' stroke-dasharray="2 2"'
        out.append(f"<g><title>{escape(_monsters_note(state, m, cid, viewer))}</title>")
        out.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="10" fill="{MONSTER}" stroke="#f4d03f" '
                   f'stroke-width="1.5"{dashed}/>')
        out.append(_t(bx, by + 4, level, 11, "middle", "bold", "#fff"))
        out.append("</g>")
    elif cid in state.freed:  # a green tick where the monsters' badge was (the legend says so)
        bx, by = left + BOX_W - 4, top + 4
        out.append(f'<g><title>{escape(castle.name)}: монстры побеждены, замок свободен</title>'
                   f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="8" fill="{FREED}" stroke="#fff" stroke-width="1.5"/>'
                   + _t(bx, by + 4, "✓", 11, "middle", "bold", "#fff") + "</g>")
    out.append("</g>")
    return out


def _monsters_note(state: State, m: Material, cid: str, viewer: Viewer) -> str:
    """«Монстры: трофей уровня 3, сила с поддержкой соседей 5» (TET-TRO-02, TET-GAP-03, TET-GAP-04);
    what lies face down stays hidden from all but the GM."""
    token = state.trophies[cid]
    gm = _is_gm(viewer)
    if not (token.face_up or gm):
        return "Монстры: трофей рубашкой вверх"
    sup = support(state, cid, m)
    note = f"Монстры: трофей уровня {token.level}"
    if state.options.monster_support == "neighbour_levels" and not gm and any(
            not state.trophies[n].face_up for n, _ in sup):
        return note + "; поддержка соседей скрыта"
    if sup:
        return note + f", сила с поддержкой соседей {token.level + sum(v for _, v in sup)}"
    return note + f", сила {token.level}"


def _board(state: State, m: Material, viewer: Viewer, y0: float) -> tuple[list[str], float, float]:
    cells = layout(m)
    cols = max(c for c, _ in cells.values()) + 1
    rows = max(r for _, r in cells.values()) + 1
    width = cols * CELL_W + 2 * M
    pos = {cid: _centre(cell, M, y0) for cid, cell in cells.items()}
    lines: list[str] = []
    tokens: list[str] = []
    for sid in m.segments:
        line, token = _segment(state, m, sid, pos, viewer.own)
        lines += line
        tokens += token
    castles: list[str] = []
    for cid in m.castles:
        castles += _castle(state, m, cid, *pos[cid], viewer)
    return lines + castles + tokens, width, y0 + rows * CELL_H


def _legend(y: float) -> tuple[list[str], float]:
    out = []
    x = M
    for terrain in ("plain", "forest", "mountains"):
        out.append(f'<rect x="{x}" y="{y - 9}" width="11" height="11" rx="2" fill="{TERRAIN_FILL[terrain]}" '
                   f'stroke="#5d5346" stroke-width="0.8"/>')
        out.append(_t(x + 14, y, TERRAIN_NAMES[terrain], 10, fill="#444"))
        x += 14 + len(TERRAIN_NAMES[terrain]) * 6.2 + 10
    out.append(f'<circle cx="{x + 5}" cy="{y - 4}" r="6" fill="{MONSTER}" stroke="#f4d03f" stroke-width="1.2"/>')
    out.append(_t(x + 15, y, "монстры: уровень трофея", 10, fill="#444"))
    y += LINE
    out.append(_t(M, y, " · ".join(f"{LETTER[k]} {BUILDING_NAMES[k]}" for k in BUILDING_KINDS), 10, fill="#444"))
    y += LINE
    out.append(f'<line x1="{M}" y1="{y - 4}" x2="{M + 22}" y2="{y - 4}" stroke="{ROAD}" stroke-width="3" '
               f'stroke-dasharray="7 4"/>')
    out.append(_t(M + 26, y, "дорога: сухопутный", 10, fill="#444"))
    out.append(f'<line x1="{M + 150}" y1="{y - 4}" x2="{M + 172}" y2="{y - 4}" stroke="{RIVER}" stroke-width="3"/>')
    out.append(_t(M + 176, y, "река: водный маршрут", 10, fill="#444"))
    y += LINE
    out.append(_t(M, y, "Полоса и жетон участка в цвете игрока — его маршрут.", 10, fill="#444"))
    y += LINE
    out.append(f'<circle cx="{M + 5}" cy="{y - 4}" r="6" fill="{FREED}"/>')
    out.append(_t(M + 15, y, "замок свободен: монстры побеждены", 10, fill="#444"))
    return out, y + 6


# --- the table ----------------------------------------------------------------------------------
def _heading(y: float, text: str, note: str = "", col: float = COLUMN) -> list[str]:
    out = [_t(M, y, text, 12, weight="bold")]
    if note:
        out.append(_t(col - M, y, note, SMALL, "end", fill="#666"))
    return out


def _pools(state: State, m: Material, y: float, col: float) -> tuple[list[str], float]:
    out: list[str] = []
    e = state.epoch
    deck = len(state.creature_decks[e - 1]) if 0 < e <= len(state.creature_decks) else 0
    out += _heading(y, "Пул существ", f"в колоде эпохи {e}: {deck}", col)
    y += LINE + 1
    for i, cid in enumerate(state.creature_pool):
        out.append(_t(M, y, f"{i + 1}", 11, weight="bold", fill="#777"))
        if cid is None:
            out.append(_t(M + 14, y, "пусто", 11, fill="#999"))
            y += LINE
            continue
        card = m.creatures[cid]
        out.append(_t(M + 14, y, _short(f"«{card.name}»", 11, 190, bold=True), 11, weight="bold"))
        out.append(_t(col - M, y, f"{card.cost} мон. · ⚔ {card.swords}", 11, "end"))
        y += LINE
        if card.discounts:
            text = "; ".join(DISCOUNT_NAMES[d] for d in card.discounts)
            for line in _wrap(text, 10, col - 2 * M - 14):
                out.append(_t(M + 14, y - 2, line, 10, fill="#555"))
                y += LINE - 3
    y += 6
    adeck = len(state.artifact_decks[e - 1]) if 0 < e <= len(state.artifact_decks) else 0
    out += _heading(y, "Пул артефактов", f"в колоде эпохи {e}: {adeck}", col)
    y += LINE + 1
    for i, aid in enumerate(state.artifact_pool):
        out.append(_t(M, y, f"{i + 1}", 11, weight="bold", fill="#777"))
        if aid is None:
            out.append(_t(M + 14, y, "пусто", 11, fill="#999"))
            y += LINE
            continue
        card = m.artifacts[aid]
        out.append(_t(M + 14, y, _short(f"«{card.name}»", 11, 230, bold=True), 11, weight="bold"))
        out.append(_t(col - M, y, f"{card.cost} мон.", 11, "end"))
        y += LINE
        conds = "; ".join(describe(c) for c in card.conditions) or "без условий"
        for line in _wrap("нужно: " + conds if card.conditions else conds, 10, col - 2 * M - 14):
            out.append(_t(M + 14, y - 2, line, 10, fill="#555"))
            y += LINE - 3
    y += 4
    out.append(_t(M, y, f"Запас трофеев: {len(state.supply)} жетонов рубашкой вверх.", 10, fill="#666"))
    return out, y + LINE


def _lines(label: str, items: list[str], empty: str, width: float) -> list[str]:
    """«Армия — сила 3: «Змей» ⚔1, …» wrapped to the column."""
    if not items:
        label = label.split(" — ")[0].split(" (")[0]
    text = f"{label}: " + (", ".join(items) if items else empty)
    return _wrap(text, 11, width)


def _player(state: State, m: Material, faction: str, y: float, col: float,
            own: str | None = None) -> tuple[list[str], float]:
    p = state.players[faction]
    colour = colour_of(state, faction)
    marks = []
    if state.holder == faction:
        marks.append("первый игрок")
    if state.phase == "actions" and state.active == faction:
        marks.append("◀ ходит")
    elif p.passed:
        marks.append("пас")
    if faction in state.winners:
        marks.append("победа")
    out = [f'<rect x="{M}" y="{y}" width="{col - 2 * M}" height="3" fill="{colour}"/>']
    y += 17
    seat = state.order.index(faction) + 1
    out.append(f'<circle cx="{M + 6}" cy="{y - 4}" r="6" fill="{colour}"/>')
    title = f"{seat}. {p.name}" + (" (вы)" if faction == own else "") + (" · " + ", ".join(marks) if marks else "")
    out.append(_t(M + 16, y, _short(title, 12, col - 110, bold=True), 12, weight="bold"))
    out.append(_t(col - M, y, f"{p.coins} мон.", 12, "end", "bold"))
    y += LINE + 1
    width = col - 2 * M
    own = state.buildings_of(faction)
    kinds = [f"{LETTER[k]} {BUILDING_NAMES[k]} ×{sum(1 for b in own if b.kind == k)}"
             for k in BUILDING_KINDS if any(b.kind == k for b in own)]
    routes = state.routes_of(faction)
    water = sum(1 for s in routes if m.segments[s].route_kind == "water")
    body = _lines(f"Строения ({len(own)})", kinds, "нет", width)
    body += _wrap(f"Маршруты: {len(routes)} (водных {water}, сухопутных {len(routes) - water})"
                  if routes else "Маршруты: нет", 11, width)
    arts = [f"«{m.artifacts[a].name}» {m.artifacts[a].cost}" for a in p.artifacts]
    body += _lines(f"Артефакты — влияние {influence(state, faction, m)}", arts, "нет", width)
    army = []
    for c in p.creatures:
        card = m.creatures[c]
        cut = "; ".join(DISCOUNT_NAMES[d] for d in card.discounts)
        army.append(f"«{card.name}» ⚔{card.swords}" + (f" ({cut})" if cut else ""))
    body += _lines(f"Армия — сила {army_strength(state, faction, m)}", army, "нет", width)
    trophies = [f"{t.level} ({m.castle(t.castle).name if t.castle else SUPPLY_WORDS})" for t in p.trophies]
    body += _lines(f"Трофеи — слава {glory(state, faction)}", trophies, "нет", width)
    score = next((s for s in state.scores if s.faction == faction), None)
    if score is not None:
        pts = score.points
        body += _wrap(f"ПО: богатство {pts['wealth']} + влияние {pts['influence']} + сила {pts['strength']} "
                      f"+ слава {pts['glory']} = {score.total}", 11, width)
    for line in body:
        out.append(_t(M, y, line, 11, fill="#333"))
        y += LINE
    return out, y + 6


# --- the picture --------------------------------------------------------------------------------
def draw(state: State, viewer: Viewer = PUBLIC) -> str:
    """The whole picture as SVG for this viewer (face-down trophy levels only for the GM)."""
    m = material_for(state)
    y = 20
    names = ", ".join(state.players[f].name for f in state.order)
    if state.phase == "over":
        head = "Тетраномикон · партия окончена"
    else:
        who = state.players[state.active].name if state.active else "—"
        head = f"Тетраномикон · эпоха {state.epoch} из {EPOCHS} · ходит {who}"
    top = [_t(M, y, _short(head, 13, COLUMN - 2 * M, bold=True), 13, weight="bold"),
           _t(M, y + 15, _short(m.board.name, 10, COLUMN - 2 * M), 10, fill="#666")]
    board, board_w, y = _board(state, m, viewer, y + 20)
    legend, y = _legend(y + 12)
    width = max(COLUMN, board_w)
    col = width if width <= COLUMN + 60 else COLUMN  # the board fits a phone: use its width
    pools, y = _pools(state, m, y + 14, col)
    panels: list[str] = []
    y += 4
    for faction in state.order:
        start = y
        block, y = _player(state, m, faction, y, col, viewer.own)
        if faction == viewer.own:  # the viewer's own panel lies on an amber band
            panels.append(f'<rect class="own" x="2" y="{start + 5:.1f}" width="{col - 4:.0f}" height="{y - start - 6:.1f}" '
                          f'rx="6" fill="{OWN_FILL}" stroke="{OWN}" stroke-width="2"/>')
        panels += block
    height = math.ceil(y + M)
    size = f'width="{width:.0f}" height="{height}" ' if width > COLUMN + 60 else ""
    return "\n".join([
        (f'<svg xmlns="http://www.w3.org/2000/svg" {size}viewBox="0 0 {width:.0f} {height}" '
         f'preserveAspectRatio="xMinYMin meet" font-family="{FONT}" role="img">'),
        f"<title>{escape('Тетраномикон: ' + names)}</title>",
        f'<rect width="{width:.0f}" height="{height}" fill="#ffffff"/>',
        *top, *board, *legend, *pools, *panels,
        "</svg>",
    ])


# --- the game page's short lines and the spectators' charts -------------------------------------
def summary(state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
    """Short (label, value) pairs: the epoch and whose turn, then per player coins and the four
    directions of the final scoring. Nothing here is secret (checklist §5)."""
    m = material_for(state)
    if state.phase == "over":
        winners = ", ".join(state.players[f].name for f in state.winners) or "—"
        out = [("Сейчас", "партия окончена"), ("Победа", winners)]
    else:
        out = [("Сейчас", f"эпоха {state.epoch} из {EPOCHS}, фаза действий")]
        if state.active:
            out.append(("Ходит", state.players[state.active].name))
        out.append(("Первый игрок", state.players[state.holder].name))
    for f in state.order:
        p = state.players[f]
        note = " (пас)" if p.passed and state.phase == "actions" else ""
        out.append((p.name + note,
                    (f"{p.coins} мон., строений {len(state.buildings_of(f))}, маршрутов {len(state.routes_of(f))}; "
                    f"влияние {influence(state, f, m)}, сила {army_strength(state, f, m)}, слава {glory(state, f)}")))
    return out


def metrics(state: State) -> dict[str, dict[str, float]]:
    """Per player the numbers the final scoring compares, plus buildings and routes."""
    m = material_for(state)
    return {f: {"Монеты": state.players[f].coins, "Влияние": influence(state, f, m),
                "Сила": army_strength(state, f, m), "Слава": glory(state, f),
                "Строения": len(state.buildings_of(f)), "Маршруты": len(state.routes_of(f))}
            for f in state.order}
