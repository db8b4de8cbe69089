"""What the names in a line mean on this table, for this poster (KZ-DEF-REF-01/02, KZ-DEF-SECT-01).

`Table.bind` folds the owner words around a name into it («Шмель Пети», «Шмель (Петя)»,
«вражеский Шмель», «трутневский Шмель», «столица Позорок», «моя столица») and marks [Д]/[С].
The resolvers then turn a name into what an order holds: a hand card id, a piece uid, a sector id
or a ``capital:`` target — or raise `Fail` with a Russian problem and a hint. A short name
(«мечник») is accepted when it fits one thing where it is used; copies are told apart by number
(«Шмель №2») in the per-owner numbering of refs.py. The poster sees his own hand and pieces, and
others' pieces only when they are not in shadow (a face-down card has no name to call it by).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import PostLine, decline_all, number_value

from .data import CardBook, book_for
from .orders import CAPITAL_TARGET
from .reader_messages import msg
from .reader_words import Item, Words, name_forms, words_for
from .refs import TableNamer, can_see, find_sectors, piece_number, sector_name, sectors_in_order
from .state import Piece, State


@dataclass
class Issue:
    code: str
    message: str
    hint: str | None = None
    clause: str | None = None
    start: int = 0
    end: int = 0
    severity: Severity = Severity.ERROR
    kind: ProblemKind = ProblemKind.ILLEGAL


class Fail(Exception):
    def __init__(self, issue: Issue) -> None:
        super().__init__(issue.message)
        self.issue = issue


def fail(code: str, it: Item | None, clause: str | None = None, hint: str | None = None,
         kind: ProblemKind = ProblemKind.ILLEGAL, **fields: object) -> Fail:
    start, end = (it.start, it.end) if it is not None else (0, 0)
    if hint is None and f"{code}.hint" in _HINTS:
        hint = msg(f"{code}.hint", **fields)
    return Fail(Issue(code, msg(code, **fields), hint, clause, start, end, Severity.ERROR, kind))


def _hints() -> set[str]:
    from .reader_messages import READER_MESSAGES

    return set(READER_MESSAGES)


_HINTS = _hints()
_MARKS = {"с": "free", "c": "free", "д": "action", "d": "action"}


class Table:
    """One poster's view of the table, for binding the names of his post; with ``gm`` the GM's,
    who sees every card (those in shadow too) and numbers copies as they all lie."""

    def __init__(self, state: State, faction: str | None, gm: bool = False) -> None:
        self.state = state
        self.faction = faction
        self.gm = gm
        self.book: CardBook = book_for(state)
        self.words: Words = words_for(self.book)
        self.namer = TableNamer(state, faction, gm)
        player = state.players.get(faction) if faction else None
        self.hand: Counter[str] = Counter(player.hand if player else ())
        self.visible = [p for p in sorted(state.pieces.values(), key=lambda p: p.seq) if can_see(p, faction, gm)]
        self.line: PostLine | None = None  # the line being read, for what the player typed
        self.people: dict[str, str] = {}
        for f, pl in state.players.items():
            for word in pl.name.lower().replace("ё", "е").split()[:1]:
                for form in name_forms(word):
                    self.people.setdefault(form, f)

    # --- binding -------------------------------------------------------------------------------
    def bind(self, items: list[Item]) -> list[Item]:
        out: list[Item] = []
        i = 0
        n = len(items)
        while i < n:
            it = items[i]
            if it.sym("[") and i + 2 < n and items[i + 2].sym("]") and items[i + 1].text in _MARKS:
                mark = Item("mark", it.start, items[i + 2].end, items[i + 1].text, value=_MARKS[items[i + 1].text])
                out.append(mark)
                i += 3
                continue
            if it.kind == "word" and it.text in self.people and it.concept is None:
                it.kind, it.value = "person", self.people[it.text]
            elif (race := self.words.side(it)) is not None \
                    and not (out and (out[-1].kind == "name" or out[-1].is_("w_capital", "w_own", "w_enemy"))):
                it.kind, it.value = "race", race  # «Козлы, в атаку!», «Позорные, …»: the side, not a card
            out.append(it)
            i += 1
        return self._qualify(out)

    def _qualify(self, items: list[Item]) -> list[Item]:
        """Fold owner words, counts and capital names into the names they belong to."""
        out: list[Item] = []
        i = 0
        n = len(items)
        while i < n:
            it = items[i]
            is_ref = it.kind == "name" or it.is_("w_capital")
            if not is_ref:
                out.append(it)
                i += 1
                continue
            if it.is_("w_capital"):
                it.kind = "capital"
            elif self._place_only(it):
                it.kind = "place"
            # before: «мой», «вражеский», «трутневский», a count
            while out:
                prev = out[-1]
                if prev.is_("w_own") and it.owner is None:
                    it.owner = ("own", "")
                elif prev.is_("w_enemy") and it.owner is None:
                    it.owner = ("enemy", "")
                elif prev.kind == "race" and it.owner is None:
                    it.owner = ("race", str(prev.value))
                elif prev.kind == "num" and it.count is None and it.kind == "name":
                    it.count = int(prev.value or 0)
                elif prev.kind == "word" and it.count is None and it.kind == "name" and prev.concept is None \
                        and (val := number_value(_token(prev))) is not None:
                    it.count = val
                else:
                    break
                it.start = prev.start
                out.pop()
            # after: «Пети», «(Петя)», «Трутней», «противника», a capital's name after «столица»
            j = i + 1
            while j < n:
                nxt = items[j]
                if nxt.kind == "person" and it.owner is None:
                    it.owner = ("faction", str(nxt.value))
                    it.end, j = nxt.end, j + 1
                elif nxt.sym("(") and j + 2 < n and items[j + 1].kind == "person" and items[j + 2].sym(")") \
                        and it.owner is None:
                    it.owner = ("faction", str(items[j + 1].value))
                    it.end, j = items[j + 2].end, j + 3
                elif (nxt.kind == "race" or nxt.kind == "name" and nxt.text in self.words.races) and it.owner is None:
                    if nxt.kind == "name":
                        nxt.value = self.words.races[nxt.text]
                    it.owner = ("race", str(nxt.value))
                    it.end, j = nxt.end, j + 1
                elif nxt.is_("w_enemy") and it.owner is None and nxt.text.startswith("противник"):
                    it.owner = ("enemy", "")
                    it.end, j = nxt.end, j + 1
                elif it.kind == "capital" and nxt.kind in ("place", "name") and self._capital_name(nxt):
                    it.kind, it.cards, it.full, it.number = "place", nxt.cards, nxt.full, nxt.number
                    it.end, j = nxt.end, j + 1
                else:
                    break
            out.append(it)
            i = j
        return out

    def _place_only(self, it: Item) -> bool:
        cards = it.full or it.cards
        return bool(cards) and all(self.book.card(c).type in ("sector", "capital") for c in cards)

    def _capital_name(self, it: Item) -> bool:
        cards = it.full or it.cards
        return bool(cards) and all(self.book.card(c).type == "capital" for c in cards)

    # --- players -------------------------------------------------------------------------------
    def who(self, faction: str) -> str:
        p = self.state.players.get(faction)
        return p.name if p else faction

    def _owners(self, owner: tuple[str, str] | None) -> set[str] | None:
        if owner is None:
            return None
        kind, value = owner
        if kind == "faction":
            return {value}
        if kind == "own":
            return {self.faction}
        if kind == "enemy":
            return {f for f in self.state.players if f != self.faction}
        return {f for f, p in self.state.players.items() if p.race == value}

    # --- sectors -------------------------------------------------------------------------------
    def sector(self, it: Item, prefer: Callable[[str], bool] | None = None, default_own: bool = True) -> str:
        """A sector id for a place, a capital word or a sector name; ``prefer`` narrows an
        ambiguous name (the poster's own creatures are there…); ``default_own`` reads a bare
        «столица» as the poster's own."""
        found = self.sector_candidates(it, default_own)
        if len(found) > 1 and prefer is not None:
            narrowed = [s for s in found if prefer(s)]
            if narrowed:
                found = narrowed
        if len(found) == 1:
            return found[0]
        if not found:
            names = ", ".join(f"«{sector_name(self.state, s.id)}»" for s in sectors_in_order(self.state))
            raise fail("read.sector_missing", it, "KZ-DEF-SECT-01", typed=self._typed(it), sectors=names or "—")
        options = ", ".join(f"«{sector_name(self.state, s)}»" for s in found)
        if it.kind == "capital":
            raise fail("read.capital_whose", it, "KZ-DEF-SECT-01", kind=ProblemKind.AMBIGUOUS, options=options,
                       player=self.who(next(f for f in self.state.players if f != self.faction)))
        raise fail("read.sector_ambiguous", it, "KZ-DEF-SECT-01", kind=ProblemKind.AMBIGUOUS, options=options,
                   example=sector_name(self.state, found[0]))

    def sector_candidates(self, it: Item, default_own: bool = True) -> list[str]:
        state = self.state
        if it.kind == "capital":
            owners = self._owners(it.owner)
            if owners is None:
                owners = {self.faction} if default_own else {f for f in state.players if f != self.faction}
            return [s.id for s in sectors_in_order(state) if s.kind == "capital" and s.put_by in owners]
        cards = it.full or it.cards
        out: list[str] = []
        owners = self._owners(it.owner)
        for cid in cards:
            card = self.book.card(cid)
            kind = card.sector_kind
            if kind is None:
                continue
            for s in find_sectors(state, kind, it.number):
                if kind == "capital" and s.card != cid:
                    continue
                if kind == "capital" and owners is not None and s.put_by not in owners:
                    continue
                if kind != "capital" and owners is not None and it.number is None and s.put_by not in owners:
                    continue
                if s.id not in out:
                    out.append(s.id)
        return out

    def is_place(self, it: Item) -> bool:
        return it.kind in ("place", "capital") or (it.kind == "name" and any(
            self.book.card(c).type in ("sector", "capital") for c in (it.full or it.cards)))

    # --- cards in the hand ---------------------------------------------------------------------
    def hand_cards(self, it: Item) -> list[str]:
        """Card ids in the poster's hand that the name fits (full names first)."""
        found = [c for c in it.full if c in self.hand] or [c for c in it.cards if c in self.hand]
        return sorted(set(found))

    def hand_card(self, it: Item) -> str:
        found = self.hand_cards(it)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise fail("read.card_ambiguous", it, "KZ-DEF-REF-01", kind=ProblemKind.AMBIGUOUS,
                       typed=self._typed(it), options=", ".join(f"«{self.book.card(c).name}»" for c in found))
        name = self.card_name(it)
        if any(p.owner == self.faction and p.card in it.cards for p in self.visible):
            raise fail("read.hand_on_table", it, "KZ-PLAY-01", name=name)
        raise fail("read.hand_missing", it, "KZ-PLAY-01", name=name, hand=self.hand_text())

    def hand_text(self) -> str:
        if not self.hand:
            return "пусто"
        return ", ".join(f"«{self.book.card(c).name}»" + (f" ×{k}" if k > 1 else "") for c, k in self.hand.items())

    def card_name(self, it: Item) -> str:
        cards = sorted(it.full or it.cards)
        if len(cards) == 1:
            return self.book.card(cards[0]).name
        return self._typed(it)

    # --- pieces on the table -------------------------------------------------------------------
    def piece_candidates(self, it: Item, owners: set[str] | None = None, sector: str | None = None) -> list[Piece]:
        cards = it.cards
        found = [p for p in self.visible if p.card in cards]
        full = [p for p in found if p.card in it.full]
        if full:
            found = full
        said = self._owners(it.owner)
        if said is not None:
            found = [p for p in found if p.owner in said]
        if owners is not None:
            found = [p for p in found if p.owner in owners]
        if sector is not None:
            found = [p for p in found if p.sector == sector]
        if it.number is not None:
            found = [p for p in found if piece_number(self.state, p, self.faction, gm=self.gm) == it.number]
        return found

    def pieces(self, it: Item, role: str = "any", sector: str | None = None,
               prefer: Callable[[Piece], bool] | None = None, many: bool = False) -> list[Piece]:
        """The pieces a name means: ``role`` own | enemy | any; ``sector`` where they must stand;
        ``prefer`` narrows an ambiguous name; ``many`` lets a plural or counted name mean several."""
        owners = {self.faction} if role == "own" else ({f for f in self.state.players if f != self.faction}
                                                       if role == "enemy" else None)
        found = self.piece_candidates(it, owners, sector)
        if not found:
            self._missing(it, role, owners, sector)
        if len(found) > 1 and many and (it.plural or it.count):
            return found[: it.count] if it.count else found
        if len(found) > 1 and prefer is not None:
            narrowed = [p for p in found if prefer(p)]
            if narrowed:
                found = narrowed
        if len(found) > 1:
            options = ", ".join(f"«{self.namer.piece(p.uid)}»" for p in found[:6])
            example = self.namer.piece(found[-1].uid)
            raise fail("read.piece_ambiguous", it, "KZ-DEF-REF-01", kind=ProblemKind.AMBIGUOUS,
                       typed=self._typed(it), options=options, example=example)
        return found

    def piece(self, it: Item, role: str = "any", sector: str | None = None,
              prefer: Callable[[Piece], bool] | None = None) -> Piece:
        return self.pieces(it, role, sector, prefer)[0]

    def _missing(self, it: Item, role: str, owners: set[str] | None, sector: str | None) -> None:
        anywhere = self.piece_candidates(it)
        name = self.card_name(it)
        if it.number is not None and self.piece_candidates(_unnumbered(it)):
            owner = self._owners(it.owner) or {self.faction}
            raise fail("read.piece_number", it, "KZ-DEF-REF-01", owner=self._genitive(owner),
                       name=name, number=it.number)
        if anywhere and owners is not None and not any(p.owner in owners for p in anywhere):
            code = "read.piece_not_own" if role == "own" else "read.piece_own"
            raise fail(code, it, "KZ-DEF-REF-01", name=self.namer.piece(anywhere[0].uid))
        if anywhere and sector is not None:
            where = f"«{sector_name(self.state, anywhere[0].sector)}»"
            raise fail("read.move_not_there", it, "KZ-DEF-REF-01", name=self.namer.piece(anywhere[0].uid),
                       where=where, said=f"«{sector_name(self.state, sector)}»")
        suffix = f" в секторе «{sector_name(self.state, sector)}»" if sector else ""
        raise fail("read.piece_missing", it, "KZ-DEF-REF-01", typed=name, where=suffix)

    def _genitive(self, owners: set[str]) -> str:
        """Whose pieces, for «У … нет карты»: «вас», «Анны», «Анны и Бориса»."""
        if owners == {self.faction}:
            return "вас"
        return decline_all([self.who(f) for f in sorted(owners)], "gen")

    # --- targets -------------------------------------------------------------------------------
    def capital_target(self, sector_id: str) -> str:
        return CAPITAL_TARGET + sector_id

    def _typed(self, it: Item) -> str:
        return self.typed(it)

    def typed(self, it: Item) -> str:
        """What the player typed for an item (its own letters and case), without quotes."""
        if self.line is None:
            return it.text
        return self.line.typed(it.start, it.end).strip("«»\"„“” ") or it.text


def _unnumbered(it: Item) -> Item:
    other = it.copy()
    other.number = None
    return other


def _token(it: Item):
    from letopis.engine.text import Token

    return Token(it.text, it.start, it.end, "word")


def own_fighters(state: State, faction: str, sector: str) -> list[Piece]:
    """The poster's creatures and heroes in a sector, in order of entering play."""
    book = book_for(state)
    return [p for p in state.pieces_in(sector, faction) if book.card(p.card).type in ("creature", "hero")]
