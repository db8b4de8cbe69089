"""Deck posts (KZ-DEF-SETUP-01): reading a deck list and checking it against KZ-DECK-01..06.

A deck post is private. It holds a capital line («Столица: Позорище», «Столица — Улей»), a sectors
line («Сектора: Золотая шахта, Кристаллический рудник, Источник энергии») and card lines in any of
the forms players use: «2x Шмель», «2 x Шмель», «Шмель ×2», «Шмель x3», «Шмель — 2», «Шмель: 2»,
«Шмель 2», «две Пыльцы», several on a line separated by commas, or a name alone for one copy.
Chatter, quotes and BBCode are tolerated as in any post.

`validate(deck, book)` lists every violation, each with its clause: the deck size and the exactly
one capital and three sectors (KZ-DECK-01), copies (KZ-DECK-02), one hero (KZ-DECK-03), the
capital's race (KZ-DECK-04), one sector of each type (KZ-DECK-05) and what a capital's special
property allows (KZ-DECK-06, KZ-CAP-05: Улей takes two different Трутни heroes, Козлиная гора
takes Жлобы cards). The reader puts each on the line that names the card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from letopis.engine.cache import MISSING, ByteBudgetCache
from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.text import LineKind, PostLine, Token, number_value, plural, split_post, suggest
from letopis.engine.text import is_known as _is_known

from .data import CardBook, book_for
from .orders import DeckList
from .reader_messages import msg
from .reader_words import Item, words_for
from .violations import Violation

_COUNT_MARKS = frozenset({"x", "х", "×", "*"})


# --- validation -----------------------------------------------------------------------------------
def _v(code: str, clause: str, **fields: object) -> Violation:
    hint_code = f"{code}.hint"
    from .reader_messages import READER_MESSAGES

    hint = msg(hint_code, **fields) if hint_code in READER_MESSAGES else None
    return Violation(code=code, message=msg(code, **fields), clause=clause, hint=hint)


def violations(capital: str | None, sectors: list[str], cards: list[tuple[str, int]],
               book: CardBook) -> list[tuple[Violation, str | None]]:
    """Every violation of a deck, each with the card it is about (None: the deck as a whole)."""
    out: list[tuple[Violation, str | None]] = []
    rules = book.rules
    cap = book.card(capital) if capital in book else None
    if cap is None or cap.type != "capital":
        if capital is not None and capital in book:
            out.append((_v("deck.not_capital", "KZ-DECK-01", name=book.card(capital).name), capital))
        else:
            out.append((_v("deck.no_capital", "KZ-DECK-01"), None))
        cap = None
    # KZ-DECK-01 / KZ-DECK-05: three sectors, one of each type
    if len(sectors) != 3:
        out.append((_v("deck.sectors_count", "KZ-DECK-01", have=len(sectors)), "sectors"))
    seen: dict[str, int] = {}
    for sid in sectors:
        seen[sid] = seen.get(sid, 0) + 1
    for sid, k in seen.items():
        if k > 1:
            out.append((_v("deck.sector_twice", "KZ-DECK-05", name=book.card(sid).name), sid))
    for sector in book.sectors:
        if sector.id not in seen:
            out.append((_v("deck.sector_missing", "KZ-DECK-05", name=sector.name), "sectors"))
    # KZ-DECK-01: size
    total = sum(k for _, k in cards)
    if not rules.deck_min <= total <= rules.deck_max:
        out.append((_v("deck.size", "KZ-DECK-01", have=_cards(total), low=rules.deck_min, high=rules.deck_max), None))
    # KZ-DECK-02: copies
    for cid, k in cards:
        if k < 1:
            out.append((_v("deck.count_zero", "KZ-DECK-02", count=k), cid))
        elif k > rules.max_copies:
            out.append((_v("deck.copies", "KZ-DECK-02", name=book.card(cid).name, have=_copies(k), limit=rules.max_copies), cid))
    if cap is None:
        return out
    special = cap.special
    allowed_races = {cap.race, *(special.allow_race if special else ())}
    # KZ-DECK-04 / KZ-DECK-06: race
    for cid, _ in cards:
        card = book.card(cid)
        if card.race not in allowed_races:
            out.append((_v("deck.race", "KZ-DECK-04" if not special else "KZ-DECK-06", name=card.name,
                           race=book.race_name(card.race), capital=cap.name, own=book.race_name(cap.race)), cid))
    # KZ-DECK-03 / KZ-DECK-06 / KZ-CAP-05: heroes
    heroes = [cid for cid, _ in cards if book.card(cid).type == "hero"]
    extra = special.extra_heroes if special else 0
    limit = 1 + extra
    if len(heroes) > limit:
        names = ", ".join(f"«{book.card(h).name}»" for h in heroes)
        clause = "KZ-DECK-06" if extra else "KZ-DECK-03"
        out.append((_v("deck.heroes", clause, names=names, limit=_heroes(limit)), heroes[limit]))
    if extra and len(heroes) > 1:
        for h in heroes[1:limit]:
            if book.card(h).race != cap.race:
                out.append((_v("deck.extra_hero_race", "KZ-CAP-05", capital=cap.name, name=book.card(h).name,
                               race=book.race_name(book.card(h).race)), h))
    return out


def validate(deck: DeckList, book: CardBook) -> list[Violation]:
    """Every violation of a deck list (KZ-DECK-01..06, KZ-CAP-05); empty when the deck is legal."""
    return [v for v, _ in violations(deck.capital, list(deck.sectors), list(deck.cards), book)]


def _cards(n: int) -> str:
    from .refs import cards_count

    return cards_count(n)


def _copies(n: int) -> str:
    """«4 копии», «5 копий»."""
    return f"{n} {plural(n, 'копия', 'копии', 'копий')}"


def _heroes(n: int) -> str:
    return "один" if n == 1 else f"{n} разных"


# --- reading a deck post ----------------------------------------------------------------------------
@dataclass
class _Entry:
    card: str
    count: int
    line: int
    start: int
    end: int


@dataclass
class ParsedDeck:
    capital: str | None = None
    capital_at: tuple[int, int, int] | None = None
    sectors: list[str] = field(default_factory=list)
    sector_at: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    entries: list[_Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    listed: set[int] = field(default_factory=set)  # lines that named something
    remarked_capital: str | None = None  # a capital named only in a remark («под знамёна Козлиной горы»)

    def cards(self) -> list[tuple[str, int]]:
        merged: dict[str, int] = {}
        for e in self.entries:
            merged[e.card] = merged.get(e.card, 0) + e.count
        return list(merged.items())

    def deck(self) -> DeckList | None:
        if self.capital is None:
            return None
        return DeckList(capital=self.capital, sectors=tuple(self.sectors), cards=tuple(self.cards()))

    def settle(self) -> None:
        """A capital named only in a remark is the deck's when no line names one."""
        if self.capital is None and self.remarked_capital is not None:
            self.capital = self.remarked_capital


def parse_deck(text: str, book: CardBook) -> tuple[ParsedDeck, list[PostLine]]:
    """The deck a post lists, with problems for what cannot be read (never raises)."""
    deck = ParsedDeck()
    lines = split_post(text or "")
    words = words_for(book)
    for pl in lines:
        if pl.kind not in (LineKind.TEXT, LineKind.HEADING) or not pl.norm:
            continue
        _read_line(pl, words.scan(pl.norm), book, deck)
    deck.settle()
    return deck, lines


def _read_line(pl: PostLine, items: list[Item], book: CardBook, deck: ParsedDeck) -> None:
    words = words_for(book)
    items = [it for it in items if words.side(it) is None]  # «козлы!! :D», «Чё, козлы, страшно?»: a side
    _standard_sectors(items, book, deck, pl)
    remarks = _remarks(items, words)
    items = [it for it in items if not it.sym("«", "»", "\"", ".", "!")]
    pending: int | None = None
    current: _Entry | None = None
    counted_after = False
    for k, it in enumerate(items):
        if it.kind == "name" and id(it) in remarks:
            _remarked(it, book, deck)
            current, pending = None, None
            continue
        if it.kind == "name":
            _name(pl, it, pending, book, deck)
            current = deck.entries[-1] if deck.entries and deck.entries[-1].start == it.start \
                and deck.entries[-1].line == pl.number else None
            counted_after = pending is not None
            pending = None
            continue
        value = _count(it)
        if value is not None:
            j = k + 1
            while j < len(items) and _mark(items[j]):
                j += 1
            ahead_name = j < len(items) and items[j].kind == "name"
            if current is not None and not counted_after and not ahead_name:
                current.count = value
                counted_after = True
            else:
                pending = value
            continue
        if it.sym(",", ";", "+"):
            current, pending = None, None
            continue
        if _mark(it) or it.kind in ("sym", "num"):
            continue
        if it.kind == "word" and it.concept is None and it.text.isalpha() and len(it.text) >= 3 \
                and not book.type_of_word(it.text) and not _is_known(it.text):
            words = words_for(book)
            near = _suggestion(it.text, words.vocabulary)
            typed = pl.typed(it.start, it.end)
            code = "read.unknown_card_maybe" if near else "read.unknown_card"
            deck.problems.append(_p(pl, it.start, it.end, code, "KZ-DEF-SETUP-01",
                                    msg(code, typed=typed, name=words.display.get(near or "", "")),
                                    kind=ProblemKind.UNREADABLE))


# Words a deck line may hold besides names and counts («2 копии», «3 шт.», «Сектора:», «Столица —»).
_LIST_LEMMAS = frozenset({"сектор", "штука", "шт", "копия", "экземпляр", "карта", "колода", "столица", "раса"})
_LIST_CONCEPTS = frozenset({"w_capital", "w_card", "w_count_x", "w_and", "w_deck", "w_standard"})
_SEGMENT_ENDS = (",", ";", ":", ".", "!", "?", "|", "(", ")")


def _remarks(items: list[Item], words) -> set[int]:  # type: ignore[no-untyped-def]
    """The names (by id) said inside a remark: a piece of the line between commas, brackets or
    sentence ends that holds a card and dictionary words a deck list does not use («Ой, Шмелей
    можно только три.», «Козлиное стадо собирается под знамёна Козлиной горы!»). Sectors are
    never remarks: a deck post names no sector but its own."""
    out: set[int] = set()
    piece: list[Item] = []
    for it in [*items, None]:
        if it is not None and not it.sym(*_SEGMENT_ENDS):
            piece.append(it)
            continue
        names = [x for x in piece if x.kind == "name"]
        side = len(names) == 1 and names[0].text in words.races and not any(_count(x) is not None for x in piece)
        if side or any(_foreign(x, words) for x in piece):  # «Ну что, трутни, страшно?»: the side, uncounted
            out.update(id(x) for x in names if not _sector_only(x, words.book))
        piece = []
    return out


def _foreign(it: Item, words) -> bool:  # type: ignore[no-untyped-def]
    if it.kind != "word" or not it.text.isalpha() or len(it.text) < 2:
        return False
    if it.concept in _LIST_CONCEPTS and (it.concept != "w_and" or it.text in ("и", "а", "плюс")):
        return False  # «и», «плюс» join a list; «тоже», «потом» belong to a sentence
    lemma = words.lex.lemma(it.text)
    if _count(it) is not None or lemma in _LIST_LEMMAS or words.book.type_of_word(it.text) \
            or words.book.type_of_word(lemma):  # «Герой: …», «Магия: …»: a heading of the list
        return False
    return _is_known(it.text)  # a word the dictionary does not know is a mistyped card: an error, not a remark


def _sector_only(it: Item, book: CardBook) -> bool:
    cards = it.full or it.cards
    return bool(cards) and all(book.card(c).type == "sector" for c in cards)


def _remarked(it: Item, book: CardBook, deck: ParsedDeck) -> None:
    """A card named in a remark adds nothing to the deck; a capital there stands only when no
    line names one as the deck's."""
    cards = sorted(it.full or it.cards)
    if len(cards) == 1 and book.card(cards[0]).type == "capital":
        deck.remarked_capital = deck.remarked_capital or cards[0]


def _standard_sectors(items: list[Item], book: CardBook, deck: ParsedDeck, pl: PostLine) -> None:
    """«Сектора стандарт», «сектора обычные»: the one legal set, a sector of each type (KZ-DECK-05),
    when the line names no sector itself."""
    said = any(it.kind == "word" and it.text.startswith("сектор") for it in items)
    if not said or not any(it.is_("w_standard") for it in items) or any(
            it.kind == "name" and _sector_only(it, book) for it in items):
        return
    at = next(it for it in items if it.is_("w_standard"))
    for sector in book.sectors:
        deck.sectors.append(sector.id)
        deck.sector_at.setdefault(sector.id, (pl.number, at.start, at.end))
    deck.listed.add(pl.number)


def _name(pl: PostLine, it: Item, count: int | None, book: CardBook, deck: ParsedDeck) -> None:
    cards = sorted(it.full or it.cards)
    if it.count is not None and count is None:
        count = it.count
    if len(cards) != 1:
        options = ", ".join(f"«{book.card(c).name}»" for c in cards[:6])
        deck.problems.append(_p(pl, it.start, it.end, "read.card_ambiguous", "KZ-DEF-SETUP-01",
                                msg("read.card_ambiguous", typed=pl.typed(it.start, it.end), options=options),
                                msg("read.card_ambiguous.hint"), kind=ProblemKind.AMBIGUOUS))
        return
    card = book.card(cards[0])
    if it.fixed:  # a slip, short form or typo in the name: accepted, and said so (issue 9)
        deck.problems.append(_p(pl, it.start, it.end, "read.read_as", None,
                                msg("read.read_as", typed=pl.typed(it.start, it.end), name=card.name),
                                kind=ProblemKind.INFO, severity=Severity.WARNING))
    deck.listed.add(pl.number)
    where = (pl.number, it.start, it.end)
    if card.type == "capital":
        if deck.capital is None:
            deck.capital, deck.capital_at = card.id, where
        elif deck.capital != card.id:
            deck.problems.append(_p(pl, it.start, it.end, "deck.two_capitals", "KZ-DECK-01",
                                    msg("deck.two_capitals", name=card.name)))
        return
    if card.type == "sector":
        for _ in range(count or 1):
            deck.sectors.append(card.id)
        deck.sector_at.setdefault(card.id, where)
        return
    deck.entries.append(_Entry(card.id, count if count is not None else 1, pl.number, it.start, it.end))
    if it.number is not None and count is None:  # «Шмель-2», «Шмель №2»: the number is the count
        deck.entries[-1].count = it.number


# The card name a word not in the book may be a typo of, by (word, vocabulary): an unknown word costs
# a fuzzy match against every card form (~0.3 ms), and a junk post repeats its words. 1 MB, some
# 8,000 words; a word over 40 letters is matched, never kept. The vocabulary (a card book's, kept
# by `words_for` for the process) is part of the key but not of its cost.
_SUGGESTIONS: ByteBudgetCache[tuple[str, tuple[str, ...]], str | None] = ByteBudgetCache(
    "kozyablo.deck_suggestions", 1 << 20, size=lambda v: 0, max_key=40)


def _suggestion(word: str, vocabulary: tuple[str, ...]) -> str | None:
    key = (word, vocabulary)
    got = _SUGGESTIONS.get(key, MISSING)
    if got is MISSING:
        got = _SUGGESTIONS.put(key, suggest(word, vocabulary, cutoff=70.0))
    return got


def _count(it: Item) -> int | None:
    if it.kind == "num":
        return int(it.value) if isinstance(it.value, int) else None
    if it.kind == "word" and it.concept is None and it.text.isalpha():
        return number_value(Token(it.text, it.start, it.end, "word"))
    return None


def _mark(it: Item) -> bool:
    return it.text in _COUNT_MARKS or it.sym("-", ":", "=")


def _p(pl: PostLine, start: int, end: int, code: str, clause: str | None, message: str, hint: str | None = None,
       kind: ProblemKind = ProblemKind.ILLEGAL, severity: Severity = Severity.ERROR) -> Problem:
    if end > start:
        col_start, col_end = pl.span(start, end)
    else:
        col_start, col_end = 0, len(pl.original.rstrip())
    return Problem(line=pl.number, col_start=col_start, col_end=col_end, code=code, message=message, hint=hint,
                   clause=clause, kind=kind, severity=severity)


def read_deck_post(text: str, state, faction: str) -> Reading:
    """A deck post as a Reading: the DeckList when the deck is legal, every violation otherwise."""
    book = book_for(state)
    deck, lines = parse_deck(text, book)
    problems = list(deck.problems)
    last_line = max(deck.listed) if deck.listed else 1
    for v, about in violations(deck.capital, deck.sectors, deck.cards(), book):
        line, start, end = last_line, 0, 0
        if about == "sectors" and deck.sector_at:
            line = min(at[0] for at in deck.sector_at.values())
        elif about is not None and about in deck.sector_at:
            line, start, end = deck.sector_at[about]
        elif about is not None and about == deck.capital and deck.capital_at:
            line, start, end = deck.capital_at
        elif about is not None:
            entry = next((e for e in deck.entries if e.card == about), None)
            if entry is not None:
                line, start, end = entry.line, entry.start, entry.end
        elif v.code == "deck.size" and deck.entries:
            line = deck.entries[-1].line
        pl = next((x for x in lines if x.number == line), None)
        if pl is not None and end > start:
            col_start, col_end = pl.span(start, end)
        else:
            col_start, col_end = 0, len(pl.original.rstrip()) if pl is not None else 0
        problems.append(v.problem(line, col_start, col_end))
    if not deck.listed:
        # no deck list at all: one post-level problem; the lines keep what they are (chatter)
        problems = list(deck.problems)
    reading = Reading()
    errors_by_line: dict[int, bool] = {}
    for p in problems:
        errors_by_line[p.line] = errors_by_line.get(p.line, False) or p.is_error
    book_names = {e.line: [] for e in deck.entries}
    for e in deck.entries:
        book_names[e.line].append(f"{e.count}× «{book.card(e.card).name}»")
    for pl in lines:
        if pl.kind is LineKind.BLANK:
            status = LineStatus.BLANK
        elif pl.kind is LineKind.QUOTE:
            status = LineStatus.QUOTE
        elif errors_by_line.get(pl.number):
            status = LineStatus.ERROR
        elif pl.number in deck.listed:
            status = LineStatus.ORDER
        else:
            status = LineStatus.FLAVOUR
        summary = None
        if deck.capital_at and deck.capital_at[0] == pl.number and deck.capital:
            summary = f"столица «{book.card(deck.capital).name}»"
        elif pl.number in {at[0] for at in deck.sector_at.values()}:
            summary = "сектора: " + ", ".join(f"«{book.card(s).name}»" for s in deck.sectors)
        elif pl.number in book_names:
            summary = ", ".join(book_names[pl.number])
        reading.lines.append(LineReading(line=pl.number, text=pl.original, status=status, summary=summary))
    if not deck.listed:
        problems.append(Problem(line=1, code="deck.empty", message=msg("deck.empty"), hint=msg("deck.empty.hint"),
                                clause="KZ-DEF-SETUP-01", kind=ProblemKind.UNREADABLE))
    reading.problems = sorted(problems, key=lambda p: (p.line, p.col_start))
    built = deck.deck()
    if built is not None and reading.ok:
        reading.orders = [built]
    return reading
