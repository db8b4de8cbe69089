"""The board as an SVG (no scripts) and a short Russian summary for the game page.

Each player is a row of slots; a character's tokens are circles in four columns В/А/З/Ф
(DRP-TOK-06): time blue, attack red, defence red with a dark ring, form green. Closed slots are
crossed out (DRP-SETUP-05). The viewer's own row (a player's, or the side a GM writes for) lies on
an amber band and says «(вы)». Sealed builds stay hidden from viewers who may not see them
(DRP-GAP-03). Every piece of player text is escaped.
"""

from __future__ import annotations

from html import escape

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole

from .orders import Zone
from .rules import mechanics as m
from .rules.turns import turn
from .state import Character, State

SLOT_W, SLOT_H, GAP, MARGIN = 176, 132, 8, 12
HEADER_H, ROW_HEAD = 30, 24
ZONE_STYLE = {
    Zone.TIME: 'fill="#2f6fd6"',
    Zone.ATTACK: 'fill="#d23a2f"',
    Zone.DEFENCE: 'fill="#d23a2f" stroke="#5c0f0a" stroke-width="2"',
    Zone.FORM: 'fill="#2a9d3a"',
}
ZONE_LETTER = {Zone.TIME: "В", Zone.ATTACK: "А", Zone.DEFENCE: "З", Zone.FORM: "Ф"}
ZONES = (Zone.TIME, Zone.ATTACK, Zone.DEFENCE, Zone.FORM)
OWN, OWN_FILL = "#e0a800", "#fff4c8"  # the viewer's own pieces: an amber frame on a light band


def can_see_build(state: State, faction: str, viewer: Viewer) -> bool:
    return (not state.options.sealed_builds or viewer.role is ViewerRole.GM or viewer.faction == faction)


def _text(x: float, y: float, s: str, size: int = 12, anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(s)}</text>')


def _character(x: int, y: int, slot: int, c: Character, active: bool) -> list[str]:
    out = [(f'<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="6" fill="#fbf8f1" '
            f'stroke="{"#c08a00" if active else "#8a8a8a"}" stroke-width="{3 if active else 1}"/>')]
    title = f"П{slot}" + (f" «{c.name}»" if c.name else "")
    out.append(_text(x + 8, y + 16, title[:26], 12, weight="bold"))
    out.append(_text(x + SLOT_W - 8, y + 16, c.sheet(), 11, anchor="end"))
    col_w = (SLOT_W - 16) / 4
    for i, zone in enumerate(ZONES):
        cx0 = x + 8 + i * col_w
        out.append(_text(cx0 + col_w / 2, y + 32, ZONE_LETTER[zone], 10, anchor="middle"))
        n = c.get(zone)
        for k in range(n):
            row, col = divmod(k, 3)
            cx = cx0 + 7 + col * 11
            cy = y + 44 + row * 11
            if cy > y + SLOT_H - 22:
                break
            out.append(f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="4.5" {ZONE_STYLE[zone]}/>')
    atk, dfn = m.klass(c.attack), m.klass(c.defence)
    out.append(_text(x + 8, y + SLOT_H - 8, f"атака {m.die_text(atk)} · защита {m.die_text(dfn)}", 10))
    return out


def _empty(x: int, y: int, slot: int, label: str, closed: bool) -> list[str]:
    out = [(f'<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="6" fill="#eeeeee" '
            f'stroke="#8a8a8a" stroke-dasharray="{"0" if closed else "4 3"}"/>'),
           _text(x + 8, y + 16, f"П{slot}", 12, weight="bold")]
    if closed:
        out.append(f'<line x1="{x + 10}" y1="{y + 24}" x2="{x + SLOT_W - 10}" y2="{y + SLOT_H - 10}" '
                   f'stroke="#777" stroke-width="2"/>')
        out.append(f'<line x1="{x + SLOT_W - 10}" y1="{y + 24}" x2="{x + 10}" y2="{y + SLOT_H - 10}" '
                   f'stroke="#777" stroke-width="2"/>')
    out.append(_text(x + SLOT_W / 2, y + SLOT_H / 2 + 4, label, 11, anchor="middle"))
    return out


def draw(state: State, viewer: Viewer = PUBLIC) -> str:
    n_slots = max(len(p.build) for p in state.players.values())
    width = MARGIN * 2 + n_slots * SLOT_W + (n_slots - 1) * GAP
    row_h = ROW_HEAD + SLOT_H + GAP * 2
    height = HEADER_H + len(state.seats) * row_h + MARGIN + (20 if state.attack else 0)
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
              f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'),
             f"<title>{escape('Dice Roll Party: ' + ' — '.join(state.name(f) for f in state.seats))}</title>",
             f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
             _text(MARGIN, 20, f"Мешок: {state.bag.text()}", 12)]
    attacker = (state.attack.attacker, state.attack.attacker_slot) if state.attack else None
    target = (state.attack.target, state.attack.target_slot) if state.attack else None
    for row, fid in enumerate(state.seats):
        player = state.player(fid)
        y0 = HEADER_H + row * row_h
        mark = " ◀ ход" if fid == state.active and state.phase in ("turn", "defence", "soak") else ""
        if state.winner == fid:
            mark = " — победа"
        if fid == viewer.own:  # the viewer's own row stands out: a band behind it, «(вы)»
            parts.append(f'<rect class="own" x="{MARGIN / 2:.0f}" y="{y0 + 1}" width="{width - MARGIN}" '
                         f'height="{row_h - 2}" rx="8" fill="{OWN_FILL}" stroke="{OWN}" stroke-width="2.5"/>')
            mark = " (вы)" + mark
        parts.append(_text(MARGIN, y0 + 16, f"{player.name}{mark}", 13, weight="bold"))
        parts.append(_text(width - MARGIN, y0 + 16, f"хранилище: {player.storage.text()}", 11, anchor="end"))
        for i in range(1, n_slots + 1):
            x = MARGIN + (i - 1) * (SLOT_W + GAP)
            y = y0 + ROW_HEAD
            if player.built:
                c = player.char(i)
                if c is None:
                    parts += _empty(x, y, i, "закрыто", True)
                else:
                    hot = (fid, i) in (attacker, target)
                    parts += _character(x, y, i, c, hot)
            elif not can_see_build(state, fid, viewer):
                ready = player.build[i - 1] is not None
                parts += _empty(x, y, i, "сдано, скрыто" if ready else "ещё не расставлено", False)
            else:
                b = player.build[i - 1]
                parts += _character(x, y, i, b, False) if b is not None else _empty(x, y, i, "ещё не расставлено", False)
    if state.attack is not None:
        a = state.attack
        line = f"{state.label(a.attacker, a.attacker_slot)} ({state.name(a.attacker)}) → " \
               f"{state.label(a.target, a.target_slot)} ({state.name(a.target)})"
        if a.roll is not None:
            line += f": атака {a.roll.final}"
        parts.append(_text(MARGIN, height - 10, line, 12))
    parts.append("</svg>")
    return "\n".join(parts)


def summary(state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
    """Short (label, value) pairs: step, bag, each player's storage and sheets."""
    out = [("Сейчас", turn(state).title), ("Мешок", state.bag.text())]
    if state.phase == "turn":
        out.append(("Лимит фазы ресурсов", f"{state.limit_left} из {state.limit}"))
    if state.round:
        out.append(("Круг", str(state.round)))
    for fid in state.seats:
        player = state.player(fid)
        out.append((f"{player.name}: хранилище", player.storage.text()))
        if player.built:
            sheets = "; ".join(f"{state.label(fid, i)} {c.sheet()}" if c is not None else f"П{i} ✕"
                               for i, c in enumerate(player.slots, 1))
        elif can_see_build(state, fid, viewer):
            sheets = "; ".join(f"П{i} {c.sheet()}" for i, c in enumerate(player.build, 1) if c is not None) \
                or "ещё не расставлены"
        else:
            done = sum(c is not None for c in player.build)
            sheets = f"расстановка скрыта (сдано мест: {done})"
        out.append((f"{player.name}: персонажи (В/А/З/Ф)", sheets))
    return out
