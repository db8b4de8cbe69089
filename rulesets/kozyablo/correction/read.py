"""Reading one line of a GM's Kozyablo correction into a patch, against the state it will change.

The line is scanned by the post reader's own words (`reading.words`: card and sector names in any
case, «№2», quotes, slips) and bound on the GM's view of the table (`reading.table.Table` with
``gm``: every card, shadow too, numbered as they all lie). Players are found by the shared
`letopis.engine.amounts` owner index (a name or a race in any case, with a slip), production lines
by `read_amount_line`. Three kinds of line, told apart by their words:

- a wound: a card on the table or a capital, and «урон», «ран…», «получает N урона», «лечится на N»
  («Шмель №2 Бориса получает 1 урона», «Позорище: урон 3», «столица Анны лечится на 2»);
- a move: a card and where it goes — «в руку», «в сброс», «в колоду» (shuffled in), «наверх
  колоды», «под колоду», or a sector — with «из …» for where it is, when that is not clear by
  itself («карту Шмель №2 Бориса — в сброс», «Анне в руку: Оса», «Пыльца из сброса Бориса — наверх
  колоды»);
- production: «Анне +2 золота», «у Бориса −1 кристалл», «Трутням: +1 мана».

Each reader returns a patch or raises `Refusal` with a Russian message and a hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from letopis.engine.amounts import AmountLineError, read_amount_line
from letopis.engine.names import Fit, NameIndex
from letopis.engine.problems import ProblemKind
from letopis.engine.text import PostLine

from ..data import RESOURCE_GENITIVE, TABLE_TYPES, book_for
from ..messages import MESSAGES, msg
from ..reading.table import Fail, Table
from ..reading.words import Item
from ..refs import sector_name
from ..state import State

Zone = Literal["table", "hand", "deck", "discard"]
DeckAt = Literal["top", "bottom", "shuffle"]
ZONES: tuple[Zone, ...] = ("table", "hand", "deck", "discard")

RESOURCE_STEMS = {"золот": "gold", "кристал": "crystals", "ман": "mana"}
_TABLE_WORDS = frozenset({"стол", "стола", "столу", "столе", "столом"})
_TOP_WORDS = frozenset({"наверх", "верх", "сверху", "поверх"})
_BOTTOM_WORDS = frozenset({"вниз", "низ", "под", "снизу", "дно"})
_SHUFFLE_STEMS = ("замеш", "перемеш", "вмеш", "тасу", "перетас", "затас")
_WOUND_STEMS = ("урон", "ран", "повреж")
_HIT_STEMS = ("получ", "ранит", "ранен")
_HEAL_STEMS = ("леч", "вылеч", "исцел", "восстан")


class Refusal(Exception):
    """A correction line that cannot be carried out: the message (and hint) say why, in Russian."""

    def __init__(self, code: str, message: str, hint: str | None = None, kind: ProblemKind = ProblemKind.ILLEGAL,
                 span: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.hint, self.kind, self.span = code, message, hint, kind, span


def refuse(code: str, *, kind: ProblemKind = ProblemKind.ILLEGAL, span: tuple[int, int] | None = None,
           hint: str | None = None, **fields: object) -> Refusal:
    """A `Refusal` worded by the catalogue (``gm.<code>`` and its ``.hint``)."""
    if hint is None and f"gm.{code}.hint" in MESSAGES:
        hint = msg(f"gm.{code}.hint", **fields)
    return Refusal(code, msg(f"gm.{code}", **fields), hint, kind, span)


# --- patches -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Production:
    owner: str
    resource: str
    delta: int
    name_note: str | None = None  # «Анне» read from a slip: what was taken


@dataclass(frozen=True)
class Wound:
    """Damage on a piece (``piece``) or a capital (``capital``, a sector id): by ``delta`` or to ``value``."""

    piece: str | None
    capital: str | None
    delta: int | None
    value: int | None


@dataclass(frozen=True)
class Move:
    """One card of ``owner`` from ``src`` (a piece uid when on the table) to ``dst``."""

    owner: str
    card: str
    src: Zone
    piece: str | None
    dst: Zone
    sector: str | None = None  # where on the table
    deck_at: DeckAt = "shuffle"


Patch = Production | Wound | Move


# --- the GM's view of the table ---------------------------------------------------------------------
class GmTable(Table):
    """The table as the GM reads a correction: everything visible, and players found by the shared
    owner index (a name or a race, in any case, with a slip) before the names are bound."""

    def __init__(self, state: State, owners: NameIndex[str]) -> None:
        super().__init__(state, None, gm=True)
        self.owners = owners

    def bind(self, items: list[Item]) -> list[Item]:
        return super().bind(self._people(items))

    def _people(self, items: list[Item]) -> list[Item]:
        words = [it.text if it.kind in ("word", "race") or it.kind == "name" and not it.quoted else ""
                 for it in items]
        out: list[Item] = []
        i = 0
        while i < len(items):
            it = items[i]
            hits = self.owners.find(words, i) if words[i] and not (it.kind == "name" and it.full) else []
            if it.kind == "name":  # «Трутням»: a race read as the card «Жирный трутень»
                hits = [h for h in hits if h.words == 1 and h.fit <= Fit.INFLECTED and " " not in it.text]
            if it.kind == "word" and it.concept is not None:
                hits = [h for h in hits if h.fit == Fit.EXACT]
            if len({h.key for h in hits}) > 1:
                raise refuse("owner_ambiguous", kind=ProblemKind.AMBIGUOUS, span=(it.start, it.end),
                              typed=it.text, names=", ".join(h.name for h in hits))
            if hits:
                last = items[i + hits[0].words - 1]
                person = Item("person", it.start, last.end, " ".join(w for w in words[i:i + hits[0].words]),
                              value=hits[0].key)
                if hits[0].fit.noted:
                    person.fixed = ((person.text, hits[0].name),)
                out.append(person)
                i += hits[0].words
                continue
            out.append(it)
            i += 1
        return out

    def owners_said(self, owner: tuple[str, str]) -> set[str]:
        """The players an owner word folded into a name stands for («Шмель Бориса», «трутневский»)."""
        return self._owners(owner) or set()


# --- reading a line ------------------------------------------------------------------------------------
def read_line(state: State, pl: PostLine, owners: NameIndex[str]) -> Patch:
    """The patch one line asks for; `Refusal` when it cannot be read or carried out."""
    table = GmTable(state, owners)
    table.line = pl
    words = table.words
    try:
        items = table.bind(words.scan(pl.norm))
    except Fail as exc:
        raise _refused(exc) from None
    texts = [it.text for it in items if it.kind == "word"]
    try:
        if any(t.startswith(_WOUND_STEMS + _HEAL_STEMS) for t in texts) \
                or any(it.kind == "phrase" and it.text.startswith(_HEAL_STEMS) for it in items):
            return _wound(table, items)
        if any(_zone(it) for it in items) or any(table.is_place(it) for it in items if it.kind != "name") \
                or any(it.kind == "name" and not table.is_place(it) for it in items):
            return _move(table, items)
    except Fail as exc:
        raise _refused(exc) from None
    return _production(state, pl, owners)


def _refused(exc: Fail) -> Refusal:
    """A name the table reader refused (no such card, which of two), as a correction's refusal."""
    issue = exc.issue
    return Refusal(issue.code, issue.message, issue.hint, issue.kind, (issue.start, issue.end))


def _zone(it: Item) -> Zone | None:
    if it.concept == "w_hand":
        return "hand"
    if it.concept == "w_deck":
        return "deck"
    if it.concept in ("w_discard_pile", "v_discard"):
        return "discard"
    if it.kind == "word" and it.text in _TABLE_WORDS:
        return "table"
    return None


def _owner_of(table: GmTable, items: list[Item], card: Item | None) -> set[str] | None:
    """The players a line names (a standalone name or race, or the card's owner); None: anyone."""
    said: set[str] = set()
    for it in items:
        if it.kind == "person":
            said.add(str(it.value))
        elif it.kind == "race":
            said |= {f for f, p in table.state.players.items() if p.race == it.value}
    if card is not None and card.owner is not None:
        own = table.owners_said(card.owner)
        if said and not said & own:
            raise refuse("owners_differ", kind=ProblemKind.AMBIGUOUS, span=(card.start, card.end))
        said = said & own if said else own
    return said or None


# --- wounds --------------------------------------------------------------------------------------------
def _wound(table: GmTable, items: list[Item]) -> Wound:
    state = table.state
    target = next((it for it in items if it.kind in ("name", "place", "capital")), None)
    if target is None:
        raise refuse("wound_whom", kind=ProblemKind.UNREADABLE)
    delta, value = _wound_amount(items)
    if table.is_place(target):
        sid = table.sector(target, default_own=False)
        if state.sectors[sid].kind != "capital":
            raise refuse("sector_no_damage", span=(target.start, target.end), sector=sector_name(state, sid))
        return Wound(piece=None, capital=sid, delta=delta, value=value)
    piece = table.piece(target)
    return Wound(piece=piece.uid, capital=None, delta=delta, value=value)


def _wound_amount(items: list[Item]) -> tuple[int | None, int | None]:
    """(delta, None) for «+1 урон», «получает 2 урона», «лечится на 2»; (None, value) for «урон 3»."""
    for k, it in enumerate(items):
        if it.kind == "num" and k and items[k - 1].sym("+", "-") and items[k - 1].end == it.start:
            n = int(it.value or 0)
            return (n if items[k - 1].text == "+" else -n), None
    number = next((int(it.value or 0) for it in items if it.kind == "num"), None)
    texts = [it.text for it in items if it.kind in ("word", "phrase")]
    if number is None:
        raise refuse("wound_amount", kind=ProblemKind.UNREADABLE)
    if any(t.startswith(_HEAL_STEMS) for t in texts):
        return -number, None
    if any(t.startswith(_HIT_STEMS) for t in texts):
        return number, None
    return None, number


# --- moves ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Where:
    """A zone or a sector a line names, and whether it is where the card comes from."""

    zone: Zone
    sector: str | None
    source: bool
    item: Item


def _places(table: GmTable, items: list[Item]) -> list[_Where]:
    out: list[_Where] = []
    for k, it in enumerate(items):
        zone = _zone(it)
        sector = None
        if zone is None and it.kind in ("place", "capital"):
            zone, sector = "table", table.sector(it, default_own=False)
        if zone is None:
            continue
        prev = items[k - 1] if k else None
        source = prev is not None and prev.concept == "w_from"
        out.append(_Where(zone, sector, source, it))
    return out


def _deck_at(items: list[Item]) -> DeckAt:
    texts = {it.text for it in items if it.kind == "word"}
    if texts & _TOP_WORDS:
        return "top"
    if texts & _BOTTOM_WORDS:
        return "bottom"
    return "shuffle"


def _move(table: GmTable, items: list[Item]) -> Move:
    state = table.state
    card = next((it for it in items if it.kind == "name" and not table.is_place(it)), None)
    if card is None:
        unknown = next((it for it in items if it.kind == "word" and it.concept is None and it.text.isalpha()
                        and it.text not in _TOP_WORDS | _BOTTOM_WORDS and not it.text.startswith(_SHUFFLE_STEMS)),
                       None)
        if unknown is not None:
            raise refuse("card_unknown", span=(unknown.start, unknown.end), card=table.typed(unknown))
        raise refuse("move_which", kind=ProblemKind.UNREADABLE)
    places = _places(table, items)
    dst = [w for w in places if not w.source]
    src = [w for w in places if w.source]
    if not dst:
        raise refuse("move_where", kind=ProblemKind.UNREADABLE, span=(card.start, card.end))
    if len(dst) > 1 or len(src) > 1:
        raise refuse("move_twice", kind=ProblemKind.AMBIGUOUS)
    to = dst[0]
    if to.zone == "table" and to.sector is None:
        raise refuse("table_where", kind=ProblemKind.UNREADABLE, span=(to.item.start, to.item.end))
    owners = _owner_of(table, items, card)
    found = _locations(table, card, owners, src[0] if src else None, to)
    if not src and to.zone == "table":  # a card to a sector is moved on the table or played from the hand
        found = [f for f in found if f[2] in ("table", "hand")] or found
    if not found:
        raise refuse("card_nowhere", span=(card.start, card.end), card=table.card_name(card),
                      where=_searched(table, owners, src[0] if src else None))
    if len(found) > 1:
        raise refuse("card_where", kind=ProblemKind.AMBIGUOUS, span=(card.start, card.end),
                      card=table.card_name(card), options=", ".join(_where_text(table, f) for f in found))
    owner, card_id, zone, piece = found[0]
    if to.zone == "table" and book_for(state).card(card_id).type not in TABLE_TYPES:
        raise refuse("not_a_piece", span=(card.start, card.end), card=book_for(state).card(card_id).name)
    return Move(owner=owner, card=card_id, src=zone, piece=piece, dst=to.zone, sector=to.sector,
                deck_at=_deck_at(items) if to.zone == "deck" else "shuffle")


def _locations(table: GmTable, card: Item, owners: set[str] | None, src: _Where | None,
               dst: _Where) -> list[tuple[str, str, Zone, str | None]]:
    """Where the named card lies: (owner, card id, zone, piece uid) — one entry per piece on the
    table, one per card in a hand, deck or discard pile (copies there are the same card)."""
    state = table.state
    out: list[tuple[str, str, Zone, str | None]] = []
    zones = [src.zone] if src else [z for z in ZONES if z != dst.zone or z == "table"]
    if card.number is not None:
        zones = [z for z in zones if z == "table"]
    if "table" in zones:
        for p in table.piece_candidates(card, owners, src.sector if src else None):
            if p.sector != dst.sector:
                out.append((p.owner, p.card, "table", p.uid))
    for faction, player in state.players.items():
        if owners is not None and faction not in owners:
            continue
        for zone in zones:
            if zone == "table":
                continue
            held = set(getattr(player, zone))
            ids = [c for c in card.full if c in held] or [c for c in card.cards if c in held]
            out += [(faction, c, zone, None) for c in sorted(set(ids))]
    return out


def _where_text(table: GmTable, found: tuple[str, str, Zone, str | None]) -> str:
    """«Шмель №2 (Борис)» в секторе «Золотая шахта-1», «Оса-жалоносица» в руке игрока Анна."""
    owner, card_id, zone, piece = found
    if piece is not None:
        where = sector_name(table.state, table.state.pieces[piece].sector)
        return msg("gm.where_piece", piece=table.namer.piece(piece), sector=where)
    return msg("gm.where_card", card=table.book.card(card_id).name, zone=msg(f"gm.in_{zone}"), who=table.who(owner))


def _searched(table: GmTable, owners: set[str] | None, src: _Where | None) -> str:
    """Where a card was looked for: «в колоде у игрока Анна», «ни на столе, ни в руке, …»."""
    where = msg(f"gm.in_{src.zone}") if src else msg("gm.in_anywhere")
    if not owners:
        return where
    names = ", ".join(table.who(f) for f in sorted(owners))
    return where + " " + msg("gm.of_player" if len(owners) == 1 else "gm.of_players", names=names)


# --- production -----------------------------------------------------------------------------------------
def _production(state: State, pl: PostLine, owners: NameIndex[str]) -> Production:
    try:
        read = read_amount_line(pl.text, owners)
    except AmountLineError as exc:
        raise refuse("amount", hint=exc.hint, kind=ProblemKind.UNREADABLE, said=exc.message) from None
    if read is None:
        raise refuse("unreadable", kind=ProblemKind.UNREADABLE)
    found = {v for w in read.what for stem, v in RESOURCE_STEMS.items() if w.startswith(stem)}
    if len(found) != 1:
        raise refuse("resource", kind=ProblemKind.UNREADABLE, what=" ".join(read.what),
                      known=", ".join(RESOURCE_GENITIVE.values()))
    note = f"«{read.written}» — {read.name}" if read.noted else None
    return Production(owner=read.owner, resource=found.pop(), delta=read.delta, name_note=note)
