"""The battlefield as one SVG (no scripts) for one viewer, a short Russian summary and the
spectators' numbers.

The grid: terrain per cell (поле light, холм tan with «х», лес green with «л», скала dark, башня
grey stone with «Б»), coordinates «x-y» along all four edges (columns x on top and bottom, rows y
on the left and right, WG-DEF-BOARD-01); during the deployment the zones are dashed in their
seat's colour. Figures are tokens in their side's colour (Синие, Красные, … WG-DEF-ARMY-03): a
circle for a воин, a circle with a ring for a маг, a rounded square for a боевая машина, a
diamond for a дракон — with the type's letters (the legend spells them out, «Мч — мечник») and
the number; a commander wears a gold crown, a wounded figure a red corner, a machine its damage
units, a dragon its lives. What happened this round is marked from the figures' own record: a
small dark badge with the ОМ spent by a figure that moved (a ring when teleported), an orange dot
on one that fired. Move paths and shots are drawn as arrows from the events given, or from the
state's `trail` (the moves and shots of the posts of the step that led to it): the ``move``
events' paths, ``teleport`` and ``shot`` events. Melees —
figures linked by contact (WG-DEF-MELEE-03) — are outlined in red and numbered in the order the
phase resolves them (WG-DEF-MELEE-05); while a decision waits, the figures and cells it may name
are ringed in the answering side's colour, and the legend says who answers and the default. The
viewer's own figures (a player's, or the side a GM writes for) wear an amber halo.

With `hidden_deployment` a deployment that has arrived is drawn (as dashed ghosts) only for its
author and the GM; everybody else reads «расстановка получена».

The board keeps its natural size (30 px a cell; 22 px on boards wider than 40 cells), so a phone
scrolls it rather than shrinking its labels; the legend below is wrapped to a 360 px column.
Every piece of player text is escaped.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from letopis.engine.text_words import counted

from .data import TERRAIN_LETTERS
from .naming import COLOUR_FORMS, Namer
from .rules.participants import groups
from .state import Cell, Figure, State

FONT = "DejaVu Sans, Arial, sans-serif"
MARGIN = 24
COLUMN = 360  # the phone column the legend is wrapped to
LINE = 16
SIDE_FILL = {"blue": "#1f5fbf", "red": "#c62828", "green": "#2e7d32", "yellow": "#e0b400"}
SIDE_TEXT = {"blue": "#fff", "red": "#fff", "green": "#fff", "yellow": "#000"}
TERRAIN_FILL = {"open": "#eef2e0", "hill": "#dcc391", "forest": "#8fbf6f", "rock": "#55504a", "tower": "#a3a3a8"}
TERRAIN_MARK = {"hill": "х", "forest": "л", "tower": "Б"}
MELEE = "#d01010"
CROWN = "#f2c200"
SMALL = 10  # the smallest text on a board of 30 px cells
OWN = "#ffb000"  # the amber halo of the viewer's own figures
SHOT = "#ff6a00"


def _cell_size(state: State) -> int:
    return 30 if state.board.width <= 40 else 22


def _small(cell: int) -> int:
    """The smallest text of the board: 10 px at 30 px a cell; 8 on the largest boards' 22 px cells,
    which the page then shows a quarter larger (web/boardview.py)."""
    return SMALL if cell >= 26 else 8


def _grid_stroke(i: int) -> str:
    return f'stroke="#000" stroke-opacity="{0.33 if i % 5 == 0 else 0.13}"'


def side_colour(state: State, faction: str | None) -> str:
    if faction is None or faction not in state.players:
        return "#777777"
    return SIDE_FILL.get(state.players[faction].colour, "#777777")


def _t(x: float, y: float, s: str, size: float = 11, fill: str = "#222", anchor: str = "middle",
       weight: str = "normal", opacity: float = 1.0) -> str:
    see_through = f' fill-opacity="{opacity}"' if opacity < 1 else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}"{see_through} text-anchor="{anchor}" '
            f'font-weight="{weight}" dominant-baseline="central">{escape(s)}</text>')


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Words into lines that fit ``width`` px (DejaVu Sans: about 0.6 em a letter)."""
    per_line = max(8, int(width / (size * 0.6)))
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        lines.append(cur)
    return lines


def abbreviations(state: State, faction: str) -> dict[str, str]:
    """A short label per figure type of the army: one letter when it is the only type with that
    initial («Р» рыцарь), else the initial and a further letter, consonants first («Мч» мечник,
    «Мг» маг)."""
    specs = state.players[faction].army.figure
    initials: dict[str, int] = {}
    for s in specs:
        initials[s.name[:1].upper()] = initials.get(s.name[:1].upper(), 0) + 1
    out: dict[str, str] = {}
    taken: set[str] = set()
    for s in specs:
        first = s.name[:1].upper()
        if initials[first] == 1:
            out[s.type] = first
            taken.add(first)
            continue
        rest = s.name[1:].lower()
        vowels = set("аеёиоуыэюяьъй")
        candidates = [c for c in rest if c.isalpha() and c not in vowels] + [c for c in rest if c in vowels]
        label = next((first + c for c in candidates if first + c not in taken), first + str(len(taken)))
        out[s.type] = label
        taken.add(label)
    return out


def draw(state: State, viewer: Viewer = PUBLIC, events: Iterable[Any] | None = None) -> str:
    cell = _cell_size(state)
    bw, bh = state.board.width * cell, state.board.height * cell
    width = bw + 2 * MARGIN

    def xy(c: Cell) -> tuple[float, float]:
        return MARGIN + (c[0] - 0.5) * cell, MARGIN + (c[1] - 0.5) * cell

    body: list[str] = []
    body += _terrain(state, cell)
    body += _grid(state, cell)
    if state.phase == "deploy":
        body += _zones(state, cell)
    body += _melees(state, cell)
    body += _pending_marks(state, xy, cell)
    body += _arrows(state, events, xy, cell)
    own = viewer.own
    for fig in sorted(state.living(), key=lambda f: f.order):
        if fig.side == own:  # the viewer's own figure: an amber halo under it
            x, y = xy(fig.cell)
            body.append(f'<circle class="own" cx="{x:.1f}" cy="{y:.1f}" r="{cell / 2 + 1:.1f}" fill="none" '
                        f'stroke="{OWN}" stroke-width="3.5"/>')
        body += _figure(state, fig, xy, cell)
    body += _hidden_deployment(state, viewer, xy, cell)
    legend_top = bh + 2 * MARGIN + 4
    legend = _legend(state, viewer, legend_top, COLUMN - 2 * 8)
    height = legend_top + len(legend) * LINE + 10
    title = "Битвы FANTASY: " + ", ".join(state.players[f].name for f in state.factions)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{max(width, COLUMN)}" height="{height}" '
         f'viewBox="0 0 {max(width, COLUMN)} {height}" font-family="{FONT}" role="img">'),
        f"<title>{escape(title)}</title>",
        "<defs>" + "".join(
            f'<marker id="wg-{name}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
            f'orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
            for name, c in (*SIDE_FILL.items(), ("shot", SHOT))) + "</defs>",
        f'<rect width="{max(width, COLUMN)}" height="{height}" fill="#ffffff"/>',
        *body,
    ]
    for i, (text, size, fill, weight) in enumerate(legend):
        out.append(_t(8, legend_top + i * LINE + LINE / 2, text, size, fill, "start", weight))
    out.append("</svg>")
    return "\n".join(out)


# --- the board ------------------------------------------------------------------------------------
def _terrain(state: State, cell: int) -> list[str]:
    """Runs of equal terrain per row, then the terrain letters."""
    out = [(f'<rect x="{MARGIN}" y="{MARGIN}" width="{state.board.width * cell}" '
           f'height="{state.board.height * cell}" fill="{TERRAIN_FILL["open"]}"/>')]
    marks = []
    for y, row in enumerate(state.board.rows, 1):
        x = 0
        while x < len(row):
            ch = row[x]
            start = x
            while x < len(row) and row[x] == ch:
                x += 1
            kind = TERRAIN_LETTERS.get(ch, "open")
            if kind == "open":
                continue
            stroke = ' stroke="#555" stroke-width="1.5"' if kind == "tower" else ""
            out.append(f'<rect x="{MARGIN + start * cell}" y="{MARGIN + (y - 1) * cell}" width="{(x - start) * cell}" '
                       f'height="{cell}" fill="{TERRAIN_FILL[kind]}"{stroke}/>')
            if kind in TERRAIN_MARK:
                for cx in range(start, x):
                    marks.append(_t(MARGIN + cx * cell + 6, MARGIN + (y - 1) * cell + 7, TERRAIN_MARK[kind],
                                    _small(cell), "#000", opacity=0.6))
    return out + marks


def _grid(state: State, cell: int) -> list[str]:
    w, h = state.board.width, state.board.height
    out = []
    for i in range(w + 1):
        p = MARGIN + i * cell
        out.append(f'<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{MARGIN + h * cell}" {_grid_stroke(i)}/>')
    for i in range(h + 1):
        p = MARGIN + i * cell
        out.append(f'<line x1="{MARGIN}" y1="{p}" x2="{MARGIN + w * cell}" y2="{p}" {_grid_stroke(i)}/>')
    step = 1 if cell >= 26 else 5
    size = _small(cell)
    for x in range(1, w + 1):
        if x % step and x != 1:
            continue
        mid = MARGIN + (x - 0.5) * cell
        bold = "bold" if x % 5 == 0 else "normal"
        out.append(_t(mid, MARGIN / 2, str(x), size, "#333", weight=bold))
        out.append(_t(mid, MARGIN + h * cell + MARGIN / 2, str(x), size, "#333", weight=bold))
    for y in range(1, h + 1):
        if y % step and y != 1:
            continue
        mid = MARGIN + (y - 0.5) * cell
        bold = "bold" if y % 5 == 0 else "normal"
        out.append(_t(MARGIN / 2, mid, str(y), size, "#333", weight=bold))
        out.append(_t(MARGIN + w * cell + MARGIN / 2, mid, str(y), size, "#333", weight=bold))
    return out


def _zones(state: State, cell: int) -> list[str]:
    out = []
    seats = {p.seat: f for f, p in state.players.items()}
    for z in state.board.zones:
        if z.seat not in seats:
            continue
        (x1, y1), (x2, y2) = z.corner, z.opposite
        x0, y0 = min(x1, x2), min(y1, y2)
        out.append(f'<rect x="{MARGIN + (x0 - 1) * cell + 2}" y="{MARGIN + (y0 - 1) * cell + 2}" '
                   f'width="{(abs(x2 - x1) + 1) * cell - 4}" height="{(abs(y2 - y1) + 1) * cell - 4}" fill="none" '
                   f'stroke="{side_colour(state, seats[z.seat])}" stroke-width="2.5" stroke-dasharray="7 4"/>')
    return out


def melee_groups(state: State) -> list[list[str]]:
    """The melees to outline: the melee phase's own list while it runs (those still to fight),
    else the groups of figures in contact now, in the order the phase would take them."""
    for frame in state.stack:
        if frame.kind == "melee_phase" and frame.started:
            return [[f for f in g if state.figures[f].alive] for g in frame.groups[frame.index:]]
    return groups(state)


def _melees(state: State, cell: int) -> list[str]:
    """Each melee: its cells tinted, the border of their union drawn in red, a numbered tab."""
    out = []
    current = next((f for f in reversed(state.stack) if f.kind == "fight"), None)
    for i, g in enumerate(melee_groups(state), 1):
        cells = {state.figures[f].cell for f in g if state.figures[f].cell is not None}
        if not cells:
            continue
        active = current is not None and any(f in current.pool for f in g)
        width = 4 if active else 3
        edges = []
        for (cx, cy) in sorted(cells):  # type: ignore[misc]
            x0, y0 = MARGIN + (cx - 1) * cell, MARGIN + (cy - 1) * cell
            out.append(f'<rect x="{x0}" y="{y0}" width="{cell}" height="{cell}" fill="{MELEE}" fill-opacity="0.13"/>')
            for (dx, dy), (ax, ay, bx, by) in (((0, -1), (0, 0, 1, 0)), ((0, 1), (0, 1, 1, 1)),
                                               ((-1, 0), (0, 0, 0, 1)), ((1, 0), (1, 0, 1, 1))):
                if (cx + dx, cy + dy) not in cells:
                    edges.append(f"M{x0 + ax * cell},{y0 + ay * cell} L{x0 + bx * cell},{y0 + by * cell}")
        out.append(f'<path d="{" ".join(edges)}" fill="none" stroke="{MELEE}" stroke-width="{width}" '
                   f'stroke-linecap="square"/>')
        top = min(cells, key=lambda c: (c[1], c[0]))
        tx, ty = MARGIN + (top[0] - 1) * cell, MARGIN + (top[1] - 1) * cell
        out.append(f'<rect x="{tx - 1}" y="{ty - 14}" width="{len(str(i)) * 7 + 32}" height="14" rx="3" fill="{MELEE}"/>')
        out.append(_t(tx + 2, ty - 7, f"бой {i}", SMALL, "#fff", "start", "bold"))
    return out


def _pending_marks(state: State, xy, cell: int) -> list[str]:
    p = state.pending
    if p is None:
        return []
    colour = side_colour(state, p.faction)
    out = []
    for fid in p.figures:
        f = state.figures.get(fid)
        if f is not None and f.cell is not None:
            x, y = xy(f.cell)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell / 2 + 1:.1f}" fill="none" stroke="{colour}" '
                       f'stroke-width="3" stroke-dasharray="4 3"/>')
    seen: set[Cell] = set()
    for cells in p.cells.values():
        for c in cells:
            c = tuple(c)  # type: ignore[assignment]
            if c in seen:
                continue
            seen.add(c)
            x, y = xy(c)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{cell / 5:.1f}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"/>')
    return out


def _data(e: Any) -> tuple[str, dict]:
    if isinstance(e, dict):
        return e.get("kind", ""), e.get("data") or {}
    return getattr(e, "kind", ""), getattr(e, "data", {}) or {}


def _arrows(state: State, events: Iterable[Any] | None, xy, cell: int) -> list[str]:
    """Move paths (polyline in the side's colour) and shots (dashed orange) of the step's events."""
    out: list[str] = []
    for e in events or ():
        kind, data = _data(e)
        if kind == "move" and len(data.get("path") or []) >= 2:
            fig = state.figures.get(data.get("figure", ""))
            colour = side_colour(state, fig.side if fig else data.get("faction"))
            pts = [xy(tuple(c)) for c in data["path"]]
            side = state.players[fig.side].colour if fig else "blue"
            out += _polyline(pts, colour, "none", 2.6, f"wg-{side}", cell)
        elif kind == "shot" and data.get("shooter") in state.figures and data.get("target") in state.figures:
            a, b = state.figures[data["shooter"]], state.figures[data["target"]]
            if a.cell is None or b.cell is None:
                continue
            out += _polyline([xy(a.cell), xy(b.cell)], SHOT, "5 3", 2.2, "wg-shot", cell)
    return out


def _polyline(points: list[tuple[float, float]], colour: str, dash: str, width: float, marker: str,
              cell: int) -> list[str]:
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
    pull = min(cell * 0.4, length / 2)
    points = [*points[:-1], (x1 - (x1 - x0) * pull / length, y1 - (y1 - y0) * pull / length)]
    d = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return [(f'<polyline points="{d}" fill="none" stroke="#ffffff" stroke-width="{width + 2.5}" '
            f'stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>'),
            (f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="{width}" stroke-dasharray="{dash}" '
            f'stroke-linecap="round" stroke-linejoin="round" marker-end="url(#{marker})"/>')]


def _figure(state: State, fig: Figure, xy, cell: int, ghost: bool = False) -> list[str]:
    assert fig.cell is not None
    x, y = xy(fig.cell)
    spec = state.spec(fig)
    colour = state.players[fig.side].colour
    fill, ink = SIDE_FILL.get(colour, "#777"), SIDE_TEXT.get(colour, "#fff")
    r = cell / 2 - 2
    extra = ' fill-opacity="0.35" stroke-dasharray="3 2"' if ghost else ""
    stroke = "#111"
    who = escape(Namer(state).figure(fig.id))
    out = [f'<g class="wg-figure" data-figure="{escape(fig.id)}"><title>{who}</title>']
    if fig.kind == "machine":
        out.append(f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" rx="4" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="1.3"{extra}/>')
    elif fig.kind == "dragon":
        q = r + 2
        out.append(f'<path d="M{x:.1f},{y - q:.1f} L{x + q:.1f},{y:.1f} L{x:.1f},{y + q:.1f} L{x - q:.1f},{y:.1f} z" '
                   f'fill="{fill}" stroke="{stroke}" stroke-width="1.3"{extra}/>')
    else:
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="1.3"{extra}/>')
        if fig.kind == "mage":
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r - 2.5:.1f}" fill="none" stroke="{ink}" '
                       f'stroke-width="1"/>')
    label = abbreviations(state, fig.side).get(fig.type, spec.name[:1])
    ink_ghost = "#000" if ghost else ink
    if fig.number is not None:
        out.append(_t(x, y - 4.5, label, _small(cell), ink_ghost, weight="bold"))
        out.append(_t(x, y + 5.5, str(fig.number), _small(cell), ink_ghost, weight="bold"))
    else:
        out.append(_t(x, y, label, 11 if cell >= 26 else 9, ink_ghost, weight="bold"))
    if spec.commander:  # a crown in the top right corner
        cx, cy = x + cell / 2 - 7, y - cell / 2 + 5
        out.append(f'<path d="M{cx - 6:.1f},{cy + 3:.1f} L{cx - 6:.1f},{cy - 3:.1f} L{cx - 3:.1f},{cy:.1f} '
                   f'L{cx:.1f},{cy - 4:.1f} L{cx + 3:.1f},{cy:.1f} L{cx + 6:.1f},{cy - 3:.1f} L{cx + 6:.1f},{cy + 3:.1f} z" '
                   f'fill="{CROWN}" stroke="#5a4200" stroke-width="0.8"/>')
    if fig.wounded:  # a red corner, bottom right
        bx, by = x + cell / 2 - 1, y + cell / 2 - 1
        out.append(f'<path d="M{bx:.1f},{by:.1f} L{bx - 11:.1f},{by:.1f} L{bx:.1f},{by - 11:.1f} z" fill="#e00000" '
                   f'stroke="#fff" stroke-width="0.8"/>')
    if fig.kind == "machine" and fig.units:
        out.append(_badge(x - cell / 2 + 7, y + cell / 2 - 6, f"{fig.units}/{spec.capacity}", "#e00000"))
    if fig.kind == "dragon":
        out.append(_badge(x - cell / 2 + 6, y + cell / 2 - 6, f"♥{fig.lives}", "#7a0000"))
    if not ghost and state.phase not in ("deploy", "over"):
        # on the cell's left edge, clear of the figure's letters
        bx, by = x - cell / 2 + 1, y - cell / 2 + 5
        if fig.teleported:
            out.append(_badge(bx, by, "т", "#7a1fa2"))
        elif fig.moved or fig.om_spent:
            out.append(_badge(bx, by, str(fig.om_spent), "#222"))
        if fig.fired:
            out.append(f'<circle cx="{x + cell / 2 - 4:.1f}" cy="{y:.1f}" r="3.5" fill="{SHOT}" '
                       f'stroke="#fff" stroke-width="0.8"/>')
    out.append("</g>")
    return out


def _badge(x: float, y: float, text: str, fill: str) -> str:
    w = max(12, len(text) * 6.5 + 4)
    return (f'<rect x="{x - w / 2:.1f}" y="{y - 6.5:.1f}" width="{w:.1f}" height="13" rx="3" fill="{fill}"/>'
            + _t(x, y, text, SMALL, "#fff", weight="bold"))


def _hidden_deployment(state: State, viewer: Viewer, xy, cell: int) -> list[str]:
    """A deployment post that has arrived under `hidden_deployment`: ghosts for its author and the
    GM only (checklist §5)."""
    out: list[str] = []
    for faction, orders in state.hidden_posts.items():
        if not (viewer.role is ViewerRole.GM or (viewer.role is ViewerRole.PLAYER and viewer.faction == faction)):
            continue
        for o in orders:
            if o.get("kind") != "deploy" or o.get("figure") not in state.figures:
                continue
            ghost = state.figures[o["figure"]].model_copy(update={"cell": tuple(o["cell"])})
            out += _figure(state, ghost, xy, cell, ghost=True)
    return out


# --- the legend -----------------------------------------------------------------------------------
def _legend(state: State, viewer: Viewer, top: float, width: float) -> list[tuple[str, float, str, str]]:
    rows: list[tuple[str, float, str, str]] = []

    def para(text: str, size: float = 11, fill: str = "#222", weight: str = "normal") -> None:
        rows.extend((line, size, fill, weight) for line in _wrap(text, size, width))

    para(now_text(state), 12, weight="bold")
    p = state.pending
    if p is not None:
        para(f"Ждём ответа ({p.decision}): {state.players[p.faction].name}. {p.prompt}", 11,
             side_colour(state, p.faction))
        if p.default:
            para(f"По умолчанию: {p.default}", 10, "#555")
    if state.phase == "deploy" and state.options.hidden_deployment:
        for f in state.factions:
            if f in state.hidden_posts:
                mine = viewer.role is ViewerRole.GM or (viewer.role is ViewerRole.PLAYER and viewer.faction == f)
                para(f"{state.players[f].name}: расстановка получена" + (" (видна вам)." if mine else ", скрыта до конца."),
                     10, "#555")
    for f in state.factions:
        pl = state.players[f]
        colour = COLOUR_FORMS.get(pl.colour, {}).get("nom", pl.colour)
        abbr = abbreviations(state, f)
        kinds = ", ".join(f"{abbr[s.type]} — {s.name.lower()}" for s in pl.army.figure)
        out = " (выбыл)" if pl.out else ""
        para(f"● {pl.name}{out} — {colour}, {pl.army.name}: {kinds}.", 11, side_colour(state, f))
    if viewer.own in state.players:
        para(f"Янтарный ореол — ваши фигуры ({state.players[viewer.own].name}).", 10, "#7a5200", weight="bold")
    para("Круг — воин, круг с кольцом — маг, квадрат — боевая машина (повреждения/прочность), ромб — дракон "
         "(♥ жизни). Корона — командир, красный уголок — ранен.", 10, "#444")
    para("Тёмная метка с числом — ОМ, потраченные на ход в этом ходу (т — телепортирован), оранжевая точка справа — "
         "стрелял. Красная обводка — схватка (номер — порядок в фазе рукопашной). Пунктирное кольцо — фигуры "
         "и клетки ждущего решения.", 10, "#444")
    para("Местность: х — холм, л — лес (2 ОМ), тёмное — скала (не пройти), Б — башня (2 уровня). "
         "Клетка — «x-y»: столбец сверху, строка сбоку.", 10, "#444")
    return rows


# --- summary and metrics ----------------------------------------------------------------------------
PHASE_NAMES = {"deploy": "расстановка", "maneuver": "маневр", "shooting": "стрельба", "melee": "рукопашный бой",
               "healing": "лечение", "over": "конец"}


def now_text(state: State) -> str:
    if state.phase == "over":
        names = ", ".join(state.players[f].name for f in state.winners)
        return "Битва окончена: " + (f"победа — {names}" if names else "ничья")
    if state.phase == "deploy":
        return "Расстановка"
    head = f"Ход {state.round}, {PHASE_NAMES[state.phase]}"
    if state.pending is not None:
        return f"{head}: решение {state.pending.decision} — отвечает {state.players[state.pending.faction].name}"
    order = state.order
    if state.phase in ("maneuver", "shooting") and state.active < len(order):
        return f"{head}: пишет {state.players[order[state.active]].name}"
    return head


def _counts(state: State, faction: str) -> tuple[int, int, int]:
    figs = [f for f in state.figures.values() if f.side == faction]
    alive = [f for f in figs if f.alive]
    return len(alive), len(figs), sum(1 for f in alive if f.wounded)


def summary(state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
    """The round and whose move, the order of the round, then per player: figures standing,
    wounded, commanders alive, active artifacts."""
    out = [("Сейчас", now_text(state))]
    if state.order:
        out.append(("Порядок хода", " → ".join(state.players[f].name for f in state.order)))
    n = Namer(state)
    for f in state.factions:
        pl = state.players[f]
        alive, total, wounded = _counts(state, f)
        name = pl.name + (" (вне игры)" if pl.out else "")
        text = f"в строю {alive} из {total}" + (f", {counted(wounded, 'раненый', 'раненых', 'раненых')}" if wounded else "")
        commanders = [x for x in state.figures.values() if x.side == f and x.alive and state.spec(x).commander]
        if commanders:
            text += "; командиры: " + ", ".join(n.figure(c.id) for c in commanders)
        out.append((f"{name}: фигуры", text))
        if pl.active_artifacts:
            out.append((f"{name}: артефакты", ", ".join(n.artifact(a) for a in pl.active_artifacts)))
    return out


def metrics(state: State) -> dict[str, dict[str, float]]:
    """Per player: figures standing, the army's cost standing (points), wounded, artifacts."""
    out: dict[str, dict[str, float]] = {}
    for f in state.factions:
        alive, _, wounded = _counts(state, f)
        cost = sum(state.spec(x).cost for x in state.figures.values() if x.side == f and x.alive)
        out[f] = {"Фигуры": alive, "Стоимость": cost, "Раненые": wounded,
                  "Артефакты": len(state.players[f].active_artifacts)}
    return out


__all__ = ["abbreviations", "draw", "melee_groups", "metrics", "now_text", "summary"]
