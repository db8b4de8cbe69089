"""The table as an SVG (no scripts) and a short Russian summary, both for one viewer.

One block per player in turn order: name, race and production; the hand as a row of card backs
(faces only for its owner and the GM); deck size and the top of the discard pile; then his four
sectors in a 2×2 grid: the capital (damage of 12, Броня 2, garrison and buildings against their
limits) and the three sector cards with their controller. Every card on the table is a line with
its owner's colour, its numbers and damage; a creature in shadow is a card back «карта в тени»
for those who may not see it. A card in hand shows its level in its resource («2з»: золото 2) and,
on hover, its text. The viewer's own block lies on an amber band and says «(вы)», and his cards on
the table are framed in amber wherever they stand. The picture scales (viewBox only), so it reads on
a phone. Every player text is escaped.
"""

from __future__ import annotations

from html import escape

from letopis.engine.contract import PUBLIC, Viewer

from .data import RESOURCE_NAMES, RESOURCES, book_for
from .refs import can_see, capital_sector, cards_count, piece_name, sector_name
from .roster import card_text, cost_text
from .rules.combat.targets import attack_of, life_left, max_life, speed_of
from .rules.view import is_gm, seat_of
from .rules.world import building_limit, garrison_count, garrison_limit, is_fighter, production
from .state import Piece, Sector, State

W, M = 400, 8
BOX_W = (W - 3 * M) // 2
LINE = 15
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b9770e")
RES_SHORT = {"gold": "золото", "crystals": "крист.", "mana": "мана"}
RES_LETTER = {"gold": "з", "crystals": "к", "mana": "м"}  # a card's level on its chip: «2з»
RES_COLOUR = {"gold": "#9a6b00", "crystals": "#1f6fa8", "mana": "#7d3c98"}
OWN, OWN_FILL = "#e0a800", "#fff7dc"  # the viewer's own block and cards: amber
PHASES = {"decks": "сдача колод", "mulligan": "пересдача", "play": "игра", "over": "игра окончена"}


def _t(x: float, y: float, s: str, size: int = 11, anchor: str = "start", weight: str = "normal",
       fill: str = "#222") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(s)}</text>')


def _colour(state: State, faction: str | None) -> str:
    if faction is None:
        return "#888"
    seats = state.order or state.factions
    return COLOURS[seats.index(faction) % len(COLOURS)] if faction in seats else "#888"


def _short(name: str, n: int) -> str:
    return name if len(name) <= n else name[: n - 1] + "…"


def _prod_text(state: State, faction: str) -> str:
    prod = production(state, faction)
    return " · ".join(f"{RES_SHORT[r]} {prod[r]}" for r in RESOURCES)


def _piece_line(state: State, piece: Piece, viewer: Viewer, x: int, y: int) -> list[str]:
    me, gm = seat_of(viewer), is_gm(viewer)
    colour = _colour(state, piece.owner)
    out = []
    if piece.owner == viewer.own:  # the viewer's own card: an amber frame round its line
        out.append(f'<rect class="own" x="{x - 3}" y="{y - 11}" width="{BOX_W - 10}" height="15" rx="3" '
                   f'fill="{OWN_FILL}" stroke="{OWN}" stroke-width="1.5"/>')
    out.append(f'<rect x="{x}" y="{y - 9}" width="7" height="11" rx="1" fill="{colour}"/>')
    if not can_see(piece, me, gm):
        out.append(f'<rect x="{x + 10}" y="{y - 9}" width="{BOX_W - 24}" height="12" rx="2" fill="#5b4a7a"/>')
        out.append(_t(x + 14, y, "карта в тени", 10, fill="#fff"))
        return out
    name = piece_name(state, piece, viewer=piece.owner, gm=True)
    kind = "" if is_fighter(state, piece) else "⌂ "
    shade = "☾ " if piece.shadow else ""  # its owner and the GM see it is in shadow
    out.append(_t(x + 10, y, _short(shade + kind + name, 19), 10))
    left, top = life_left(state, piece), max_life(state, piece)
    hurt = piece.damage > 0
    stats = escape(f"{attack_of(state, piece)}/{top}/{speed_of(state, piece)}")
    heart = (f'<tspan fill="#c0392b" font-weight="bold">♥{left}</tspan>' if hurt
             else f'<tspan fill="#222">♥{left}</tspan>')
    out.append(f'<text x="{x + BOX_W - 14}" y="{y}" font-size="10" text-anchor="end" fill="#555">'
               f'{stats} {heart}</text>')
    return out


def _sector_lines(state: State, sector: Sector) -> list[str]:
    """The header lines of a sector box (name, then the capital's or control numbers)."""
    if sector.kind == "capital":
        owner = sector.put_by
        life = book_for(state).card(sector.card).life
        armour = book_for(state).card(sector.card).value("armour")
        return [f"{sector_name(state, sector.id)} — столица",
                f"Урон {sector.damage}/{life} · Броня {armour}",
                (f"Гарнизон {garrison_count(state, owner)}/{garrison_limit(state, owner)} · "
                f"Постройки {_buildings(state, sector)}/{building_limit(state, owner)}")]
    who = state.players[sector.controller].name if sector.controller else "ничей"
    return [sector_name(state, sector.id), f"Контроль: {who}"]


def _buildings(state: State, sector: Sector) -> int:
    return sum(1 for p in state.pieces_in(sector.id, sector.put_by) if not is_fighter(state, p))


def _box_height(state: State, sector: Sector) -> int:
    return (len(_sector_lines(state, sector)) + max(1, len(state.pieces_in(sector.id)))) * LINE + 10


def _sector_box(state: State, sector: Sector, viewer: Viewer, x: int, y: int, h: int) -> list[str]:
    ctrl = sector.controller if sector.kind != "capital" else sector.put_by
    out = [f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{h}" rx="5" fill="#fbf8f1" stroke="#999"/>',
           f'<rect x="{x}" y="{y}" width="5" height="{h}" rx="2" fill="{_colour(state, ctrl)}"/>']
    lines = _sector_lines(state, sector)
    cy = y + LINE
    for i, line in enumerate(lines):
        out.append(_t(x + 10, cy, _short(line, 34), 11 if i == 0 else 10, weight="bold" if i == 0 else "normal",
                      fill="#222" if i == 0 else "#555"))
        cy += LINE
    pieces = state.pieces_in(sector.id)
    if not pieces:
        out.append(_t(x + 10, cy, "пусто", 10, fill="#999"))
    for piece in pieces:
        out += _piece_line(state, piece, viewer, x + 8, cy)
        cy += LINE
    return out


def _hand(state: State, faction: str, viewer: Viewer, y: int) -> tuple[list[str], int]:
    """The hand: faces for its owner and the GM, card backs for everyone else."""
    player = state.players[faction]
    out = [_t(M, y + 10, "Рука:", 10, fill="#555")]
    x0 = M + 36
    if is_gm(viewer) or seat_of(viewer) == faction:
        book = book_for(state)
        chip, per_row = 112, (W - x0 - M) // 114
        for i, cid in enumerate(player.hand):
            row, col = divmod(i, per_row)
            cx, cy = x0 + col * 114, y + row * 16
            card = book.card(cid)
            about = f"{card.name}" + (f" — уровень {cost_text(card)}" if card.resource else "")
            out.append(f"<g><title>{escape(about + '. ' + card_text(card))}</title>")
            out.append(f'<rect x="{cx}" y="{cy}" width="{chip}" height="14" rx="2" fill="#fff" stroke="#777"/>')
            out.append(_t(cx + 3, cy + 10, _short(card.name, 17 if card.resource else 21), 9))
            if card.resource:  # its level in its resource, in the resource's colour: «2з»
                out.append(_t(cx + chip - 3, cy + 10, f"{card.level}{RES_LETTER[card.resource]}", 9, anchor="end",
                              weight="bold", fill=RES_COLOUR[card.resource]))
            out.append("</g>")
        rows = max(1, -(-len(player.hand) // per_row))
        if not player.hand:
            out.append(_t(x0, y + 10, "пусто", 10, fill="#999"))
        return out, rows * 16
    for i in range(len(player.hand)):
        cx = x0 + (i % 30) * 11
        cy = y + (i // 30) * 16
        out.append(f'<rect x="{cx}" y="{cy}" width="9" height="13" rx="1" fill="#5b4a7a" stroke="#2e2540"/>')
    if not player.hand:
        out.append(_t(x0, y + 10, "пусто", 10, fill="#999"))
    return out, max(1, -(-len(player.hand) // 30)) * 16


def _player_block(state: State, faction: str, viewer: Viewer, y: int) -> tuple[list[str], int]:
    player = state.players[faction]
    book = book_for(state)
    number = state.order.index(faction) + 1 if faction in state.order else None
    mark = ""
    if state.phase in ("mulligan", "play") and state.active_faction() == faction:
        mark = " ◀ ход" if state.phase == "play" else " ◀ решает"
    if faction in state.winners:
        mark = " — победа"
    if player.eliminated:
        mark = " — выбыл"
    title = f"{number}. " if number else ""
    title += f"{player.name} — {book.race_name(player.race)}" if player.race else player.name
    if faction == viewer.own:
        title += " (вы)"
    out = [f'<rect x="0" y="{y}" width="{W}" height="3" fill="{_colour(state, faction)}"/>',
           _t(M, y + 17, _short(title + mark, 44), 13, weight="bold")]
    if player.capital:
        out.append(_t(W - M, y + 17, _prod_text(state, faction), 12, anchor="end"))
    y += 24
    hand, dy = _hand(state, faction, viewer, y)
    out += hand
    y += dy + 4
    top = f", сверху «{book.card(player.discard[-1]).name}»" if player.discard else ""
    out.append(_t(M, y + 10, f"Колода: {cards_count(len(player.deck))} · сброс: {cards_count(len(player.discard))}{top}",
                  10, fill="#555"))
    y += 18
    cap = capital_sector(state, faction)
    if cap is None:
        out.append(_t(M, y + 10, "Колода сдаётся; стол ещё не разложен.", 10, fill="#999"))
        return out, y + 20
    n = cap.number
    grid = [state.sectors[f"{k}-{n}"] for k in ("capital", "gold", "crystal", "mana") if f"{k}-{n}" in state.sectors]
    for row in range(0, len(grid), 2):
        pair = grid[row:row + 2]
        h = max(_box_height(state, s) for s in pair)
        for col, sector in enumerate(pair):
            out += _sector_box(state, sector, viewer, M + col * (BOX_W + M), y, h)
        y += h + M
    return out, y + 4


def draw(state: State, viewer: Viewer = PUBLIC) -> str:
    seats = state.order or state.factions
    body: list[str] = []
    y = 28
    for faction in seats:
        top = y
        block, y = _player_block(state, faction, viewer, y)
        if faction == viewer.own:  # the viewer's own block lies on an amber band
            body.append(f'<rect class="own" x="2" y="{top + 4}" width="{W - 4}" height="{y - top - 6}" rx="6" '
                        f'fill="{OWN_FILL}" stroke="{OWN}" stroke-width="2"/>')
        body += block
    if state.pending is not None:
        waiting = ", ".join(state.players[f].name for f in state.pending.waiting)
        body.append(_t(M, y + 12, f"Ждём ответа: {waiting}", 11, weight="bold"))
        y += 20
    height = y + M
    head = f"Козябло · {PHASES[state.phase]}" + (f" · круг {state.round}" if state.round else "")
    names = " — ".join(state.players[f].name for f in seats)
    return "\n".join([
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" '
         f'preserveAspectRatio="xMidYMin meet" font-family="sans-serif" role="img">'),
        f"<title>{escape('Козябло: ' + names)}</title>",
        f'<rect width="{W}" height="{height}" fill="#ffffff"/>',
        _t(M, 18, head, 13, weight="bold"),
        *body,
        "</svg>",
    ])


def summary(state: State, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
    """Short (label, value) pairs: phase, round, whose turn; per player production, hand, deck,
    capital damage; the viewer's own hand, each card with its level, for its owner (and every hand
    for the GM)."""
    out = [("Сейчас", PHASES[state.phase])]
    if state.round:
        out.append(("Круг", str(state.round)))
    active = state.active_faction()
    if active:
        out.append(("Ходит" if state.phase == "play" else "Решает", state.players[active].name))
    if state.pending is not None:
        out.append(("Ждём ответа", ", ".join(state.players[f].name for f in state.pending.waiting)))
    book = book_for(state)
    me, gm = seat_of(viewer), is_gm(viewer)
    for faction in state.order or state.factions:
        player = state.players[faction]
        if player.race:
            cap = capital_sector(state, faction)
            damage = f", урон столице {cap.damage}/{book.card(cap.card).life}" if cap else ""
            out.append((f"{player.name} ({book.race_name(player.race)})",
                        f"добыча {_prod_text(state, faction)}{damage}"))
        out.append((f"{player.name}: карты",
                    f"в руке {len(player.hand)}, в колоде {len(player.deck)}, в сбросе {len(player.discard)}"))
        if gm or me == faction:
            hand = ", ".join(_hand_card(book.card(c)) for c in player.hand) or "пусто"
            out.append((f"{player.name}: рука", hand))
    return out


def _hand_card(card) -> str:
    """«Шмель» (золото 2): a card in hand with the production level it needs (KZ-SECT-05)."""
    return f"«{card.name}» ({RESOURCE_NAMES[card.resource]} {card.level})" if card.resource else f"«{card.name}»"
