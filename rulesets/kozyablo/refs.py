"""How sectors and cards on the table are named and found (KZ-DEF-SECT-01, KZ-DEF-REF-01, KZ-GAP-12/44).

Sectors: «Золотая шахта-N», «Кристаллический рудник-N», «Источник энергии-N», where N is the
turn-order position of the player who put the card down; a capital by its card's name
(«Позорище»), with «-N» only when two players share a capital card (a mirror match).

Pieces: the card's name, numbered per owner in order of entering play when that owner has more
than one copy of the card on the table («Шмель №2»); a piece of another player carries its owner
(«Шмель (Петя)»). A creature in shadow is «карта в тени» to everyone but its owner and the GM.

A strike or effect target ``capital:<sector id>`` is named by the capital's name, so «Подрыв» on
«Позорище» and «мечник → «Позорище»» read back to the same target.
"""

from __future__ import annotations

from letopis.engine.text import plural

from .data import CardBook, CardDef, book_for, fold
from .orders import CAPITAL_TARGET
from .state import SECTOR_KINDS, Piece, Sector, State

SHADOW_NAME = "карта в тени"
KIND_ORDER = {"gold": 0, "crystal": 1, "mana": 2, "capital": 3}


def cards_count(n: int) -> str:
    """«6 карт», «1 карта», «22 карты»."""
    return f"{n} {plural(n, 'карта', 'карты', 'карт')}"


# --- sectors ----------------------------------------------------------------------------------
def sector_id(kind: str, number: int) -> str:
    """The id of a sector on the table: ``gold-1``, ``capital-2`` (KZ-DEF-SECT-01)."""
    return f"{kind}-{number}"


def sector_name(state: State, sid: str) -> str:
    """«Золотая шахта-1», or a capital's name («Позорище», «Позорище-2» in a mirror match)."""
    sector = state.sectors.get(sid)
    book = book_for(state)
    if sector is None:
        kind, _, number = sid.partition("-")
        if kind in SECTOR_KINDS and number.isdigit():
            return f"{book.sector_card(kind).name}-{number}"
        return sid
    card = book.card(sector.card)
    if sector.kind != "capital":
        return f"{card.name}-{sector.number}"
    twins = [s for s in state.sectors.values() if s.kind == "capital" and s.card == sector.card]
    return card.name if len(twins) < 2 else f"{card.name}-{sector.number}"


def sectors_in_order(state: State) -> list[Sector]:
    """Every sector on the table: by player position, then gold, crystal, mana, capital."""
    return sorted(state.sectors.values(), key=lambda s: (s.number, KIND_ORDER[s.kind]))


def find_sectors(state: State, kind: str | None = None, number: int | None = None) -> list[Sector]:
    """Sectors of a kind (gold | crystal | mana | capital) and/or a number, in table order."""
    return [s for s in sectors_in_order(state)
            if (kind is None or s.kind == kind) and (number is None or s.number == number)]


def sector_by_name(state: State, name: str) -> Sector | None:
    """The sector whose display name is exactly ``name`` (case, ё, quotes ignored)."""
    key = fold(name)
    return next((s for s in state.sectors.values() if fold(sector_name(state, s.id)) == key), None)


def capital_sector(state: State, faction: str) -> Sector | None:
    """A player's capital on the table."""
    sid = state.players[faction].capital_sector
    return state.sectors.get(sid) if sid else None


def capitals_by_card(state: State, card_id: str) -> list[Sector]:
    """Capital sectors showing this capital card (two in a mirror match)."""
    return [s for s in sectors_in_order(state) if s.kind == "capital" and s.card == card_id]


def capital_of_race(state: State, race: str) -> list[Sector]:
    """Capitals of players of a race («столица Позорок»)."""
    return [s for s in sectors_in_order(state)
            if s.kind == "capital" and state.players[s.put_by].race == race]


# --- pieces -----------------------------------------------------------------------------------
def card_of(state: State, piece: Piece) -> CardDef:
    return book_for(state).card(piece.card)


def piece_number(state: State, piece: Piece, viewer: str | None = None, gm: bool = True) -> int:
    """1-based position of the piece among its owner's copies of the same card on the table that
    this viewer can see, by order of entering play («Шмель №2»). Counting only visible copies keeps a
    copy in shadow from showing through the numbers of the others (KZ-DEF-SHADOW-01)."""
    same = sorted((p for p in state.pieces.values()
                   if p.owner == piece.owner and p.card == piece.card and can_see(p, viewer, gm)),
                  key=lambda p: p.seq)
    return next((i for i, p in enumerate(same, 1) if p.uid == piece.uid), 0)


def copies_on_table(state: State, owner: str, card_id: str, viewer: str | None = None, gm: bool = True) -> int:
    return sum(1 for p in state.pieces.values() if p.owner == owner and p.card == card_id and can_see(p, viewer, gm))


def find_pieces(state: State, card_id: str | None = None, owner: str | None = None,
                number: int | None = None, sector: str | None = None) -> list[Piece]:
    """Pieces that fit every given criterion, in order of entering play; ``number`` is the per-owner
    copy number of `piece_number`."""
    found = [p for p in state.pieces.values()
             if (card_id is None or p.card == card_id) and (owner is None or p.owner == owner)
             and (sector is None or p.sector == sector)]
    if number is not None:
        found = [p for p in found if piece_number(state, p) == number]
    return sorted(found, key=lambda p: p.seq)


def can_see(piece: Piece, viewer: str | None, gm: bool = False) -> bool:
    """Whether this viewer may know which card the piece is (shadow, KZ-DEF-SHADOW-01)."""
    return gm or not piece.shadow or piece.owner == viewer


def piece_name(state: State, piece: Piece, viewer: str | None = None, gm: bool = False,
               owner: bool | None = None) -> str:
    """The piece as ``viewer`` reads it. ``owner`` None: add the owner for others' pieces."""
    who = state.players[piece.owner].name if piece.owner in state.players else piece.owner
    show_owner = (piece.owner != viewer) if owner is None else owner
    if not can_see(piece, viewer, gm):
        return f"{SHADOW_NAME} ({who})"
    name = card_of(state, piece).name
    if copies_on_table(state, piece.owner, piece.card, viewer, gm) > 1:
        name += f" №{piece_number(state, piece, viewer, gm)}"
    return f"{name} ({who})" if show_owner else name


class TableNamer:
    """`orders.Namer` for one viewer: what his orders and his chronicle lines print."""

    def __init__(self, state: State, viewer_faction: str | None = None, gm: bool = False,
                 before: State | None = None) -> None:
        self.state = state
        self.viewer = viewer_faction
        self.gm = gm
        self.book: CardBook = book_for(state)
        # The state before the orders being described: a piece they killed is named as it was.
        self.before = before

    def card(self, card_id: str) -> str:
        return self.book.card(card_id).name if card_id in self.book else card_id

    def piece(self, uid: str) -> str:
        for state in (self.state, self.before):
            piece = state.pieces.get(uid) if state is not None else None
            if piece is not None:
                return piece_name(state, piece, self.viewer, self.gm)
        return uid

    def sector(self, sid: str) -> str:
        return sector_name(self.state, sid)

    def target(self, target: str) -> str:
        if target.startswith(CAPITAL_TARGET):
            return sector_name(self.state, target[len(CAPITAL_TARGET):])
        return self.piece(target)

    def ability(self, uid: str, ability_id: str) -> str:
        """An ability's display name («Сомкнуть щиты»), or its id when the piece is unknown."""
        piece = self.state.pieces.get(uid)
        ability = self.book.card(piece.card).ability(ability_id) if piece and piece.card in self.book else None
        return ability.name if ability is not None else ability_id

    def player(self, faction: str) -> str:
        p = self.state.players.get(faction)
        return p.name if p else faction
