"""The dungeon as an SVG (no scripts) and a short Russian summary for the game page.

Rock is dark, dug cells are light; mines are coloured squares (З золото, Ж железо, С самоцветы);
buildings are squares in their owner's colour (grey when neutral) with a short label (А Алтарь,
Ис Источник with its level, …); units are circles in their owner's colour with the kind's letters
and number; objects are small marks (сундук, кристалл, руна, артефакт). Coordinates run along all
four edges, row first (DK-MAP-04). Arrows show the moves, attacks and shots of the last step
(``state.arrows``). The viewer's own units and buildings wear an amber halo. Objects hidden in the
rock (DK-GAP-23) are shown only to the GM. Every piece of player text is escaped.
"""

from __future__ import annotations

from html import escape

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from letopis.engine.declension import decline, decline_all

from .data import DATA
from .state import EARTH, EMPTY, ROCK, Cell, State

CELL = 24
MARGIN = 26
LEGEND_LINE = 18
SMALL = 10  # the smallest text: the page never shows the picture so small that this is under 10 px
PALETTE = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b")
NEUTRAL = "#7f7f7f"
HERO = "#f2c200"
OWN = "#ffb000"  # the amber halo of the viewer's own units and buildings
TERRAIN_FILL = {ROCK: "#4a4038", EARTH: "#6b5a45", EMPTY: "#efe6d2"}
MINE_STYLE = {"gold": ("#e8b923", "З"), "iron": ("#8a9aa8", "Ж"), "gem": ("#3fb8a8", "С")}
RUNE_LETTER = {"fire": "О", "dark": "Т", "death": "С"}
ARTIFACT_LETTER = {"sword": "М", "armour": "Б", "amulet": "А", "crown": "К"}
MARKER_COLOURS = (*PALETTE, NEUTRAL, "#000000", "#ff6a00", "#7a1fa2", "#0050c8")
ARROW_STYLE = {
    "move": ("faction", "none", 2.2),
    "attack": ("#000000", "5 3", 2.4),
    "shot": ("#ff6a00", "2 3", 2.2),
    "ability": ("#7a1fa2", "6 2 2 2", 2.2),
    "spell": ("#0050c8", "1 3", 2.0),
}


def colour_of(state: State, faction: str | None) -> str:
    """A faction's colour: by seat, so it never changes during a game."""
    if faction is None or faction not in state.players:
        return NEUTRAL
    return PALETTE[(state.players[faction].seat - 1) % len(PALETTE)]


def _xy(cell: Cell) -> tuple[float, float]:
    """The centre of a cell in picture coordinates (x = column, y = row)."""
    return MARGIN + (cell[1] - 0.5) * CELL, MARGIN + (cell[0] - 0.5) * CELL


def _text(x: float, y: float, s: str, size: float = 10, fill: str = "#000", anchor: str = "middle",
          weight: str = "normal") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" '
            f'font-weight="{weight}" dominant-baseline="central">{escape(s)}</text>')


def _visible(state: State, cell: Cell, viewer: Viewer) -> bool:
    return viewer.role is ViewerRole.GM or not state.concealed(cell)


def draw(state: State, viewer: Viewer = PUBLIC) -> str:
    n = state.size
    board = n * CELL
    legend_rows = (len(state.seats) + 3) // 4 + 3 + (1 if viewer.own in state.players else 0)
    width = board + 2 * MARGIN
    height = board + 2 * MARGIN + legend_rows * LEGEND_LINE + 8
    title = "Хранитель Подземелий: " + ", ".join(state.name(f) for f in state.seats)
    out = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" role="img">'),
        f"<title>{escape(title)}</title>",
        "<defs>" + "".join(
            f'<marker id="ah{i}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
            f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>'
            for i, c in enumerate(MARKER_COLOURS)) + "</defs>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    out += _terrain(state)
    out += _grid_and_coords(n)
    for m in state.mines:
        if not _visible(state, m.cell, viewer):
            continue
        colour, letter = MINE_STYLE.get(m.kind, ("#aaa", "Ш"))
        x, y = _xy(m.cell)
        out.append(f'<rect x="{x - CELL / 2 + 1:.1f}" y="{y - CELL / 2 + 1:.1f}" width="{CELL - 2}" '
                   f'height="{CELL - 2}" rx="3" fill="{colour}" stroke="#222" stroke-width="1"/>')
        out.append(_text(x, y - 4.5, letter, SMALL, weight="bold"))
        out.append(_text(x, y + 5, str(m.reserve), SMALL))
    own = viewer.own
    for b in state.buildings.values():
        if b.owner is None and not _visible(state, b.cell, viewer):
            continue
        data = DATA.buildings[b.kind]
        x, y = _xy(b.cell)
        fill = colour_of(state, b.owner)
        if own is not None and b.owner == own:
            out.append(_halo_square(x, y))
        out.append(f'<rect x="{x - CELL / 2 + 1:.1f}" y="{y - CELL / 2 + 1:.1f}" width="{CELL - 2}" '
                   f'height="{CELL - 2}" fill="{fill}" stroke="#111" stroke-width="1.5"/>')
        label = data.letter + (str(b.level) if b.kind == "source" and b.level else "")
        out.append(_text(x, y - (3 if data.hp else 0), label, SMALL, "#fff", weight="bold"))
        if data.hp and not data.indestructible:
            frac = max(0.0, min(1.0, b.hp / data.hp))
            out.append(f'<rect x="{x - CELL / 2 + 3:.1f}" y="{y + 6:.1f}" width="{(CELL - 6) * frac:.1f}" '
                       f'height="3" fill="#fff"/>')
    for o in state.objects.values():
        if not _visible(state, o.cell, viewer):
            continue
        busy = state.unit_at(o.cell) is not None
        out += _object(o.kind, o.item, o.cell, busy)
    out += _arrows(state)  # under the units, heads stopping at the target's edge
    for u in state.units.values():
        if own is not None and u.side == own:
            out.append(f'<circle class="own" cx="{_xy(u.cell)[0]:.1f}" cy="{_xy(u.cell)[1]:.1f}" '
                       f'r="{CELL / 2 + 1.5}" fill="none" stroke="{OWN}" stroke-width="3.5"/>')
        out += _unit(state, u)
    out += _legend(state, board + 2 * MARGIN + 4, width, own)
    out.append("</svg>")
    return "\n".join(out)


def _terrain(state: State) -> list[str]:
    """Runs of equal terrain per row: a few hundred rectangles instead of 2025."""
    out = []
    for r, row in enumerate(state.rows, 1):
        c = 0
        while c < len(row):
            ch = row[c]
            start = c
            while c < len(row) and row[c] == ch:
                c += 1
            fill = TERRAIN_FILL.get(ch, TERRAIN_FILL[EMPTY])
            out.append(f'<rect x="{MARGIN + start * CELL}" y="{MARGIN + (r - 1) * CELL}" '
                       f'width="{(c - start) * CELL}" height="{CELL}" fill="{fill}"/>')
    return out


def _halo_square(x: float, y: float) -> str:
    """The amber frame of a building of the viewer's own."""
    return (f'<rect class="own" x="{x - CELL / 2 - 1:.1f}" y="{y - CELL / 2 - 1:.1f}" width="{CELL + 2}" '
            f'height="{CELL + 2}" fill="none" stroke="{OWN}" stroke-width="3"/>')


def _grid_and_coords(n: int) -> list[str]:
    board = n * CELL
    lines = []
    for i in range(n + 1):
        p = MARGIN + i * CELL
        strong = i % 5 == 0
        stroke = 'stroke="#000" stroke-opacity="0.33"' if strong else 'stroke="#000" stroke-opacity="0.13"'
        lines.append(f'<line x1="{MARGIN}" y1="{p}" x2="{MARGIN + board}" y2="{p}" {stroke}/>')
        lines.append(f'<line x1="{p}" y1="{MARGIN}" x2="{p}" y2="{MARGIN + board}" {stroke}/>')
    for i in range(1, n + 1):
        mid = MARGIN + (i - 0.5) * CELL
        w = "bold" if i % 5 == 0 else "normal"
        lines.append(_text(MARGIN / 2, mid, str(i), SMALL, "#333", weight=w))  # rows, left
        lines.append(_text(MARGIN + board + MARGIN / 2, mid, str(i), SMALL, "#333", weight=w))  # rows, right
        lines.append(_text(mid, MARGIN / 2, str(i), SMALL, "#333", weight=w))  # columns, top
        lines.append(_text(mid, MARGIN + board + MARGIN / 2, str(i), SMALL, "#333", weight=w))  # columns, bottom
    return lines


def _object(kind: str, item: str | None, cell: Cell, busy: bool) -> list[str]:
    """An object mark: in the middle of its cell, or small in the top-right corner under a unit."""
    x, y = _xy(cell)
    k = 0.55 if busy else 1.0
    if busy:
        x, y = x + CELL / 2 - 5, y - CELL / 2 + 5
    s = 8 * k
    if kind == "chest":
        return [(f'<rect x="{x - s:.1f}" y="{y - s * 0.7:.1f}" width="{2 * s:.1f}" height="{1.4 * s:.1f}" rx="1.5" '
                f'fill="#e8b923" stroke="#5a4200" stroke-width="1.2"/>'),
                f'<line x1="{x - s:.1f}" y1="{y - s * 0.15:.1f}" x2="{x + s:.1f}" y2="{y - s * 0.15:.1f}" stroke="#5a4200"/>']
    if kind == "crystal":
        return [(f'<path d="M{x:.1f},{y - s:.1f} L{x + s * 0.7:.1f},{y:.1f} L{x:.1f},{y + s:.1f} '
                f'L{x - s * 0.7:.1f},{y:.1f} z" fill="#4aa3ff" stroke="#003c80" stroke-width="1.2"/>')]
    if kind == "rune":
        r = 10 * k  # big enough for its letter
        out = [(f'<path d="M{x:.1f},{y - r:.1f} L{x + r:.1f},{y + r * 0.8:.1f} L{x - r:.1f},{y + r * 0.8:.1f} z" '
               f'fill="#b04ad8" stroke="#3a0050" stroke-width="1.2"/>')]
        if not busy:
            out.append(_text(x, y + 2.5, RUNE_LETTER.get(item or "", "?"), SMALL, "#fff", weight="bold"))
        return out
    out = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" fill="#fff" stroke="#7a1fa2" stroke-width="1.5"/>']
    if not busy:
        out.append(_text(x, y, ARTIFACT_LETTER.get(item or "", "?"), SMALL, "#7a1fa2", weight="bold"))
    return out


def _unit(state: State, u) -> list[str]:
    x, y = _xy(u.cell)
    if u.kind in ("hero", "gnome"):
        fill = HERO
        text_fill = "#000"
    else:
        fill = colour_of(state, u.owner)
        text_fill = "#fff"
    ring = colour_of(state, u.controller) if u.controller else "#111"
    width = 3 if u.controller else 1.2
    data = DATA.units[u.kind]
    out = [(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL / 2 - 0.5}" fill="{fill}" stroke="{ring}" '
           f'stroke-width="{width}"/>')]
    out.append(_text(x, y - (4 if u.number else 0), data.letter, SMALL, text_fill, weight="bold"))
    if u.number:
        out.append(_text(x, y + 5, str(u.number), SMALL, text_fill))
    frac = max(0.0, min(1.0, u.hp / max(u.max_hp(), 1)))
    if frac < 1:
        out.append(f'<rect x="{x - CELL / 2 + 3:.1f}" y="{y + CELL / 2 - 3:.1f}" width="{(CELL - 6) * frac:.1f}" '
                   f'height="2.5" fill="#22c022"/>')
    return out


def _marker(state: State, kind: str, faction: str | None) -> tuple[str, str]:
    colour, _, _ = ARROW_STYLE[kind]
    if colour == "faction":
        colour = colour_of(state, faction)
    return colour, f"ah{MARKER_COLOURS.index(colour) if colour in MARKER_COLOURS else 8}"


def _arrows(state: State) -> list[str]:
    out = []
    for a in state.arrows:
        colour, marker = _marker(state, a.kind, a.faction)
        _, dash, width = ARROW_STYLE[a.kind]
        points = [_xy(c) for c in a.path]
        if len(points) == 1:
            x, y = points[0]
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{CELL / 2 + 1}" fill="none" stroke="{colour}" '
                       f'stroke-width="{width}" stroke-dasharray="{dash}"/>')
            continue
        (x0, y0), (x1, y1) = points[-2], points[-1]
        length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
        pull = min(CELL * 0.45, length / 2)
        points[-1] = (x1 - (x1 - x0) * pull / length, y1 - (y1 - y0) * pull / length)
        d = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        out.append(f'<polyline points="{d}" fill="none" stroke="#ffffff" stroke-width="{width + 2.5}" '
                   f'stroke-linecap="round" opacity="0.7"/>')
        out.append(f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="{width}" '
                   f'stroke-dasharray="{dash}" stroke-linecap="round" marker-end="url(#{marker})" opacity="0.9"/>')
    return out


def _legend(state: State, top: float, width: float, own: str | None = None) -> list[str]:
    out = []
    per_row = 4
    col_w = (width - 2 * MARGIN) / per_row
    for i, fid in enumerate(state.seats):
        row, col = divmod(i, per_row)
        x = MARGIN + col * col_w
        y = top + row * LEGEND_LINE + LEGEND_LINE / 2
        p = state.players[fid]
        out.append(f'<circle cx="{x + 6}" cy="{y}" r="6" fill="{colour_of(state, fid)}"/>')
        mark = " ◀ ход" if fid == state.active and state.phase == "turn" else ""
        dead = "" if p.alive else " (выбыл)"
        out.append(_text(x + 16, y, f"{p.name}{dead}{mark}", 11, anchor="start",
                         weight="bold" if mark else "normal"))
    y = top + ((len(state.seats) + per_row - 1) // per_row) * LEGEND_LINE + LEGEND_LINE / 2
    out.append(_text(MARGIN, y, "Шахты: З — золото, Ж — железо, С — самоцветы. Сундук — жёлтый, кристалл маны — синий ромб, "
                     "руна — треугольник (О огня, Т тьмы, С смерти), артефакт — кружок.", 10, "#333", anchor="start"))
    out.append(_text(MARGIN, y + LEGEND_LINE, "Стрелки последнего шага: сплошная цвета игрока — ход, чёрная пунктирная — атака, "
                     "оранжевая — выстрел башни, фиолетовая — способность, синее кольцо — заклинание.",
                     10, "#333", anchor="start"))
    out.append(_text(MARGIN, y + 2 * LEGEND_LINE, "Обводка юнита цветом другого игрока — юнит под его контролем "
                     "(Подчинение); полоска под юнитом или зданием — оставшиеся хп.", 10, "#333", anchor="start"))
    if own is not None and own in state.players:
        out.append(_text(MARGIN, y + 3 * LEGEND_LINE, f"Янтарный ореол — ваши юниты и здания ({state.name(own)}).",
                         10, "#7a5200", anchor="start", weight="bold"))
    return out


# --- summary -------------------------------------------------------------------------------------
def _names(keys: list[str], table) -> str:
    return ", ".join(table[k].name for k in keys) if keys else "нет"


def now_text(state: State) -> str:
    if state.phase == "over":
        if state.winners:
            return "Игра окончена: победа " + decline_all([state.name(f) for f in state.winners], "gen")
        return "Игра окончена"
    if state.phase == "neutral":
        return f"Круг {state.round}: ходят Герой и гном"
    return f"Круг {state.round}: ход {decline(state.name(state.active), 'gen')}"


def summary(state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
    """Short (label, value) pairs: the turn, then per archdemon resources, forces, spells."""
    out = [("Сейчас", now_text(state))]
    units_by_owner: dict[str | None, list] = {}
    for u in state.units.values():
        units_by_owner.setdefault(u.owner, []).append(u)
    for fid in state.seats:
        p = state.players[fid]
        name = p.name + ("" if p.alive else " (выбыл)")
        out.append((f"{name}: ресурсы",
                    f"мана {p.mana}, золото {p.gold}, железо {p.iron}, тальдеар {p.taldear}"))
        mine = sorted(units_by_owner.get(fid, []), key=lambda u: (u.kind != "imp", u.number))
        imps = sum(1 for u in mine if u.kind == "imp")
        kinds: dict[str, int] = {}
        for u in mine:
            if u.kind != "imp":
                kinds[u.kind] = kinds.get(u.kind, 0) + 1
        army = ", ".join(f"{DATA.units[k].name} ×{n}" for k, n in kinds.items())
        out.append((f"{name}: юниты", f"{len(mine)} из {DATA.limits.units}: импов {imps}"
                    + (f"; {army}" if army else "")))
        sources = [b for b in state.buildings.values() if b.owner == fid and b.kind == "source"]
        income = sum((b.level or 0) * DATA.buildings["source"].mana_per_level for b in sources)
        out.append((f"{name}: заклинания", _names(p.spells, DATA.spells)))
        extras = [f"Источников {len(sources)} (+{income} маны за ход)"]
        if p.runes:
            extras.append("руны: " + _names(p.runes, DATA.runes))
        if p.spirits:
            extras.append(f"духов {len(p.spirits)}")
        if p.store:
            extras.append("склад: " + _names(p.store, DATA.artifacts))
        out.append((f"{name}: прочее", "; ".join(extras)))
    hero = state.units.get("hero")
    if hero is not None:
        out.append(("Герой", f"на {hero.cell[0]}-{hero.cell[1]}, хп {hero.hp}/{hero.max_hp()}"))
    return out
