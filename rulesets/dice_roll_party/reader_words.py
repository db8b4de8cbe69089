"""Dice Roll Party order lines as items: character references, numbers, colours, zones, concepts.

The grammar (`reader_grammar`) never looks at raw words. This module turns a normalised line into
`Item`s: «П2», «перс. 2», «персонаж №2», «#2», «2-й», «второго персонажа» and character names in
any case («Лучницей») become one `ref` item with its slot; «соперника», «вражеский», «его» or the
opponent's name in the genitive («Бориса») mark a reference as the opponent's, «своим»/«мой» as
one's own; numbers said in words become `num` items; colours and zones, with their
abbreviations («кр.», «зел.», «защ.»), become `colour`/`zone` items.

`Context` is what the grammar needs to know about the game: whose characters have which names,
how the opponents are called, what lies in storage. `context_from_state` builds it from A's
`State`; tests may build one by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel

from letopis.engine.cache import ByteBudgetCache, items_bytes
from letopis.engine.names import Fit
from letopis.engine.text import (
    Lemmatizer,
    Lexicon,
    Token,
    cyrillic_lookalike,
    is_known,
    normalise,
    number_value,
    ordinal_value,
    tokens,
)

from .orders import Colour, Zone
from .reading.names import LooseNames, NameMatch
from .reading.words import MisspeltWords

LEXICON_PATH = Path(__file__).with_name("lexicon.toml")


@lru_cache(maxsize=1)
def lemmatizer() -> Lemmatizer:
    """The one Dice Roll Party lemmatizer (pymorphy3 + lexicon.toml), shared by every reading."""
    return Lemmatizer(Lexicon.load(LEXICON_PATH))


@lru_cache(maxsize=1)
def misspelt() -> MisspeltWords:
    """Slips and typos of the order words (built on first use)."""
    return MisspeltWords(lemmatizer())


# Boost concepts whose names players cut short («стр.», «прев», «погл»), and what opens a list of them.
SHORT_BOOSTS = frozenset({"cls", "insurance", "superiority", "counter", "absorb", "damage"})
_LIST_MARKS = frozenset({",", "(", "[", ":", "+"})
COLOUR_OF = {"c_red": Colour.RED, "c_blue": Colour.BLUE, "c_green": Colour.GREEN}
ZONE_OF = {"z_time": Zone.TIME, "z_attack": Zone.ATTACK, "z_defence": Zone.DEFENCE, "z_form": Zone.FORM}
ORDER_VERBS = frozenset({
    "v_attack", "v_defend", "v_shift", "v_add", "v_put", "v_swap", "v_transfer", "v_give",
    "v_return", "v_remove", "v_discard", "v_reroll", "v_draw", "v_skip", "v_pass", "v_bid",
    "v_soak", "v_accept",
})
# Abbreviations that swallow the dot after them («перс. 2», «кр.», «зел.», «защ.»).
_ABBREVIATIONS = frozenset({"перс", "кр", "красн", "син", "зел", "зелен", "защ", "атк", "ат", "шт", "п", "кл",
                            "пот", "вр", "ф", "с", "к", "з", "в", "а", "сл"})
_NARRATIVE = frozenset({"past", "PRTF", "PRTS", "GRND"})
_SENTENCE_ENDS = frozenset({".", "!", "?", ";", "…"})
_OPP_PRONOUNS = frozenset({"его", "ее", "их", "ихний", "евойный"})
_OWN_PRONOUNS = frozenset({"свой", "своим", "своего", "своей", "своему", "своем", "своих", "мой",
                           "моим", "моего", "моей", "моему", "моем", "моих", "мою", "свою", "моя",
                           "своя"})


NameKey = tuple[frozenset[str], ...]  # lemma sets of each word of a name
NameTable = dict[str, list[tuple[NameKey, str, int | None]]]  # first-word lemma → (key, faction, slot)


# --- what the grammar needs to know about the game ----------------------------------------------------
@dataclass
class CharInfo:
    slot: int
    name: str | None = None
    time: int = 0
    attack: int = 0
    defence: int = 0
    form: int = 0

    def zone(self, zone: Zone) -> int:
        return getattr(self, zone.value)


@dataclass
class SideInfo:
    faction: str
    name: str
    chars: dict[int, CharInfo] = field(default_factory=dict)  # living characters by slot


@dataclass
class Context:
    me: SideInfo
    opponents: list[SideInfo] = field(default_factory=list)
    storage: dict[Colour, int] = field(default_factory=dict)
    expected: frozenset[str] = frozenset()  # order kinds legal now (legality.allowed_kinds)
    damage: int | None = None  # damage awaiting my soak, when known
    soak_slot: int | None = None  # the character of mine whose damage awaits my soak
    bid: int | None = None  # the standing bid of the auction, which «поднимаю на один» raises
    handicap_default: BaseModel | None = None  # the deadline's handicap, for «снимайте как по умолчанию»
    _names: NameTable | None = None
    _loose: LooseNames | None = None

    def loose_names(self) -> LooseNames:
        """The same names, for slips, typos and short forms (`reading.names`)."""
        if self._loose is None:
            entries: list[tuple[str, tuple[str, int | None]]] = []
            for side in [self.me, *self.opponents]:
                entries += [(c.name, (side.faction, slot)) for slot, c in side.chars.items() if c.name]
                if side.name and side is not self.me:
                    entries.append((side.name, (side.faction, None)))
            self._loose = LooseNames(entries, lemmatizer())
        return self._loose

    def name_table(self) -> NameTable:
        """Names of characters and opponents, indexed by every lemma of their first word."""
        if self._names is None:
            lem = lemmatizer()
            table: NameTable = {}
            for side in [self.me, *self.opponents]:
                entries = [(c.name, slot) for slot, c in side.chars.items() if c.name]
                if side.name and side is not self.me:
                    entries.append((side.name, None))
                for name, slot in entries:
                    key = _name_key(name, lem)
                    if key:
                        for w in key[0]:
                            table.setdefault(w, []).append((key, side.faction, slot))
            self._names = table
        return self._names

    def signature(self) -> tuple:
        """What `analyse` depends on: whose post it is and every name in the game."""
        return (self.me.faction, *((side.faction, side.name, tuple((slot, c.name) for slot, c in side.chars.items()))
                                   for side in (self.me, *self.opponents)))

    def side(self, faction: str) -> SideInfo | None:
        if faction == self.me.faction:
            return self.me
        return next((s for s in self.opponents if s.faction == faction), None)


def _name_key(name: str, lem: Lemmatizer) -> NameKey:
    """Lemma sets of each token of a name («Вера Павловна», «Dark_Knight»; quotes left out)."""
    words = [t.text for t in tokens(normalise(name)) if t.text not in "«»\"'"]
    return tuple(lem.lemmas(w) | {w} for w in words)


# --- items ---------------------------------------------------------------------------------
@dataclass(slots=True)
class Item:
    kind: str  # "ref" "num" "ordinal" "colour" "zone" "word" "sym" "player" "quoted"
    start: int
    end: int
    text: str
    concept: str | None = None
    value: int | None = None  # number; slot of a ref
    colour: Colour | None = None
    zone: Zone | None = None
    side: str | None = None  # ref: "own" | "opp" | None (unknown)
    faction: str | None = None  # ref: the owner when a name or marker says so
    ablt: bool = False  # ref: instrumental («своим П3», «Лучницей») — the one who acts
    candidates: tuple[tuple[str, int], ...] = ()  # ref by name: (faction, slot) it may mean
    by_name: bool = False
    used: bool = False  # a marker already attached to a reference
    read_as: str | None = None  # a misspelt word or name: what it was read as (noted to the player)

    def is_word(self, *concepts: str) -> bool:
        return self.kind == "word" and self.concept in concepts

    def is_sym(self, *symbols: str) -> bool:
        return self.kind == "sym" and self.text in symbols


# Budget: 8 MB (a line of ten items costs ~3 KB: some 2,500 lines); a line over 2,000 characters is
# analysed every time, never kept.
_ANALYSED: ByteBudgetCache[tuple[str, tuple], list[Item]] = ByteBudgetCache(
    "dice_roll_party.analysed", 8 << 20, size=items_bytes(240))
_ANALYSED_LINE = 2_000


def analyse(norm: str, ctx: Context | None) -> list[Item]:
    """The items of a normalised line (see the module docstring).

    Cached per line and set of names: the live check re-reads a post at every keystroke, and most
    lines have not changed. Callers treat the items as read-only; only this module sets them up.
    """
    if len(norm) > _ANALYSED_LINE:
        return _analyse(norm, ctx)
    key = (norm, ctx.signature() if ctx else ())
    got = _ANALYSED.get(key)
    if got is None:
        got = _ANALYSED.put(key, _analyse(norm, ctx))
    return got


def _analyse(norm: str, ctx: Context | None) -> list[Item]:
    lem = lemmatizer()
    toks = tokens(norm)
    words = [t.text for t in toks]
    names = ctx.name_table() if ctx else []
    items: list[Item] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "word":
            got = _name_at(toks, i, names, lem) if names else None
            if not got and names and ctx is not None and lem.concept(t.text) is None:
                got = _loose_name_at(toks, words, i, ctx)
            if got:
                item, size = got
                item.text = norm[item.start : item.end]
                items.append(item)
                i += size
                continue
            phrase = lem.phrase_at(words, i) if lem._max_phrase else None
            if phrase:
                concept, size = phrase
                last = toks[i + size - 1]
                items.append(Item("word", t.start, last.end, norm[t.start : last.end], concept))
                i += size
                continue
            ref = _slot_ref(toks, i, lem)
            if ref:
                item, i = ref
                items.append(item)
                continue
            i = _word(toks, i, lem, items)
            continue
        if t.kind == "sym" and t.text == "№" and i + 1 < n and toks[i + 1].kind == "num":
            items.append(Item("ref", t.start, toks[i + 1].end, norm[t.start : toks[i + 1].end],
                              value=toks[i + 1].value))
            i += 2
            continue
        if t.kind == "num":
            items.append(Item("num", t.start, t.end, t.text, value=t.value))
        elif t.kind == "ord":
            items.append(Item("ordinal", t.start, t.end, t.text, value=t.value))
        elif t.text == "«":
            close = norm.find("»", t.end)
            named = _quoted_name(toks, words, i, close, names, lem, ctx) if names and ctx is not None \
                and "build" not in ctx.expected else None
            if named is not None:
                named.text = norm[named.start : named.end]
                items.append(named)
                while i < n and toks[i].start <= close:
                    i += 1
                continue
            if 0 < close - t.end <= 60:
                items.append(Item("quoted", t.start, close + 1, norm[t.end : close]))
                while i < n and toks[i].start <= close:
                    i += 1
                continue
            items.append(Item("sym", t.start, t.end, t.text))
        else:
            items.append(Item("sym", t.start, t.end, t.text))
        i += 1
    _merge_char_words(items)
    items = _slot_beside_name(items)
    _ordinal_refs(items)
    _letter_zones(items)
    _mark_sides(items, ctx)
    return items


def _slot_beside_name(items: list[Item]) -> list[Item]:
    """«Страж (П2)», «Страж П2»: a name that several characters share, with the slot of one of them
    said right after it (in brackets or not), is that one character, named once."""
    out: list[Item] = []
    k = 0
    while k < len(items):
        it = items[k]
        out.append(it)
        k += 1
        if not (it.kind == "ref" and it.by_name and len(it.candidates) > 1):
            continue
        bracket = k + 2 < len(items) and items[k].is_sym("(") and items[k + 2].is_sym(")")
        j = k + 1 if bracket else k
        slot = items[j] if j < len(items) else None
        if slot is None or slot.kind != "ref" or slot.by_name or slot.value is None:
            continue
        chosen = tuple(c for c in it.candidates if c[1] == slot.value)
        if len(chosen) != 1:
            continue
        it.candidates = chosen
        it.faction, it.value = chosen[0]
        it.end = items[j + 1].end if bracket else slot.end
        k = j + 2 if bracket else j + 1
    return out


_LETTER_ZONES = {"а": ("z_attack", Zone.ATTACK), "з": ("z_defence", Zone.DEFENCE)}


def _letter_zones(items: list[Item]) -> None:
    """«П1 А→З 2»: the sheet's letters А and З on the two sides of an arrow are the red zones
    (a lone «з» elsewhere is still ambiguous, DRP-GAP-31)."""
    for k in range(1, len(items) - 1):
        a, arrow, b = items[k - 1], items[k], items[k + 1]
        if not arrow.is_sym("→", "←") or a.kind != "word" or b.kind != "word":
            continue
        left, right = cyrillic_lookalike(a.text.rstrip(".")), cyrillic_lookalike(b.text.rstrip("."))
        if left in _LETTER_ZONES and right in _LETTER_ZONES and left != right:
            for j, letter in ((k - 1, left), (k + 1, right)):
                concept, zone = _LETTER_ZONES[letter]
                items[j] = Item("zone", items[j].start, items[j].end, items[j].text, concept, zone=zone)


_ORDINAL_PREPS = frozenset({"с", "со", "на", "у", "к", "ко", "от", "по", "в", "во"})
_AFTER_ORDINAL_REF = frozenset({"с", "со", "на", "в", "во", "из", "у", "к", "и"})


def _ordinal_refs(items: list[Item]) -> None:
    """«с четвёртого на второго», «на третьего»: an ordinal after a preposition, with no noun
    after it, stands for that character («с первого раза» does not); so do the ordinals listed
    after it under the same preposition («с первого, второго и четвёртого»)."""
    for k, it in enumerate(items):
        if it.kind != "ordinal" or not 1 <= (it.value or 0) <= 4 or k == 0:
            continue
        before = items[k - 1]
        listed = k > 1 and items[k - 2].kind == "ref" and items[k - 2].concept == "char" \
            and (before.is_sym(",") or before.kind == "word" and before.text == "и")
        # «Усиливаю первого двумя синими»: the object of a verb, in the accusative
        object_ = before.kind == "word" and it.text.endswith(("ого", "его")) \
            and "VERB" in lemmatizer().grammemes(before.text)
        if not (before.kind == "word" and before.text in _ORDINAL_PREPS or listed or object_):
            continue
        after = items[k + 1] if k + 1 < len(items) else None
        if after is not None and after.kind == "word" and after.concept is None and after.text not in _AFTER_ORDINAL_REF:
            continue
        if not it.text.endswith(("ого", "ому", "ым", "его", "ему", "им")):
            continue
        items[k] = Item("ref", it.start, it.end, it.text, concept="char", value=it.value)


# The names of the digits as nouns («единицу временем», «тройку синих», «гашу двойку»), and «единственный»
# before a token («гашу единственное время»: the one token there is). Kept to this ruleset: elsewhere
# «единица» is a unit of an army or a measure.
_DIGIT_NOUNS = {"единица": 1, "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6,
                "семерка": 7, "восьмерка": 8, "девятка": 9, "десятка": 10}
_ONLY_ONE = frozenset({"единственный", "единственная", "единственное", "единственной", "единственную",
                       "единственного", "единственным", "единственном"})


def _digit_noun(word: str, after: str, lem: Lemmatizer) -> int | None:
    if word in _ONLY_ONE:
        return 1 if lem.concept(after) in COLOUR_OF or lem.concept(after) in ZONE_OF else None
    return _DIGIT_NOUNS.get(lem.lemma(word))


def _word(toks: list[Token], i: int, lem: Lemmatizer, items: list[Item]) -> int:
    t = toks[i]
    end = t.end
    nxt = i + 1
    if t.text in _ABBREVIATIONS and nxt < len(toks) and toks[nxt].text == "." and toks[nxt].start == t.end:
        end = toks[nxt].end
        nxt += 1
    concept = lem.concept(t.text)
    if concept in COLOUR_OF:
        items.append(Item("colour", t.start, end, t.text, concept, colour=COLOUR_OF[concept]))
        return nxt
    if concept in ZONE_OF:
        items.append(Item("zone", t.start, end, t.text, concept, zone=ZONE_OF[concept]))
        return nxt
    if concept == "potential":
        # «потенциал атаки/защиты» is a zone; a bare «потенциал» is a red token.
        if nxt < len(toks) and lem.concept(toks[nxt].text) in ("z_attack", "z_defence"):
            zc = lem.concept(toks[nxt].text)
            items.append(Item("zone", t.start, toks[nxt].end, t.text, zc, zone=ZONE_OF[zc]))
            return nxt + 1
        items.append(Item("colour", t.start, end, t.text, "c_red", colour=Colour.RED))
        return nxt
    if concept is None:
        value = number_value(t)
        if value is None and t.kind == "word":
            value = _digit_noun(t.text, toks[nxt].text if nxt < len(toks) else "", lem)
        if value is not None:
            items.append(Item("num", t.start, t.end, t.text, value=value))
            return nxt
        value = ordinal_value(t)
        if value is not None and 1 <= value <= 9:
            items.append(Item("ordinal", t.start, t.end, t.text, value=value))
            return nxt
    read_as = None
    if concept is None and t.kind == "word":
        counted = nxt < len(toks) and toks[nxt].kind == "num" or i > 0 and toks[i - 1].kind == "num"
        got = misspelt().concept(t.text) or _cut_short(t.text, lem, counted)
        if got is not None:
            concept, read_as = got
            if concept in COLOUR_OF:
                items.append(Item("colour", t.start, end, t.text, concept, colour=COLOUR_OF[concept], read_as=read_as))
                return nxt
            if concept in ZONE_OF:
                items.append(Item("zone", t.start, end, t.text, concept, zone=ZONE_OF[concept], read_as=read_as))
                return nxt
    if concept in ORDER_VERBS and not lem.grammemes(t.text).isdisjoint(_NARRATIVE) and not _reported(t.text, items, lem):
        concept = None  # «защищал», «атаковавший»: telling a story, not giving an order
    if concept in ORDER_VERBS and "2per" in lem.grammemes(t.text) and items and items[-1].kind == "word" \
            and items[-1].text in ("ты", "вы"):
        concept = None  # «ну ты даёшь», «вы атакуете, а я…»: said of someone else, not an order
    item = Item("word", t.start, end, t.text, concept, read_as=read_as)
    if t.text in _OWN_PRONOUNS:
        item.concept = "own"
    elif t.text in _OPP_PRONOUNS:
        item.concept = "opp_pronoun"
    items.append(item)
    return nxt


# Tokens and zones by the word a short form of them is read as («врем» → «время»).
_TOKEN_WORDS = {"z_time": "время", "z_attack": "атака", "z_defence": "защита", "z_form": "форма",
                "c_red": "красный", "c_blue": "синий", "c_green": "зелёный"}


def _cut_short(word: str, lem: Lemmatizer, counted: bool) -> tuple[str, str] | None:
    """«врем 3», «син.»: a token's or a zone's name cut short, with the word it is read as; a
    dictionary word only beside a number («врем 3» in a sheet, not «врём»)."""
    if is_known(word) and not counted:
        return None
    concept = lem.abbreviation(word, frozenset(_TOKEN_WORDS))
    return (concept, _TOKEN_WORDS[concept]) if concept is not None else None


def _reported(word: str, items: list[Item], lem: Lemmatizer) -> bool:
    """A past-tense verb that opens the line or follows a character is a reported order, not a
    story: «Рыцарь атаковал Тень», «Переложила у П2 красный…», «П2 атаковала П1» (issue 9); so is
    the second of two past verbs joined by «и» after a character («Стрелок натянул тетиву и
    выстрелил в третьего персонажа Дины»)."""
    if "past" not in lem.grammemes(word) or "VERB" not in lem.grammemes(word):
        return False
    before = [it for it in items if it.kind != "sym"]
    if not before or before[-1].kind in ("ref", "ordinal"):
        return True
    if not (before[-1].kind == "word" and before[-1].text in ("и", "а") or items[-1].is_sym(",")):
        return False  # «Страж помнит, как защищал ворота»: a subordinate clause tells a story
    start = max((k for k, it in enumerate(items) if it.kind == "sym" and it.text in _SENTENCE_ENDS), default=-1)
    sentence = [it for it in items[start + 1:] if it.kind != "sym"]
    return bool(sentence) and sentence[0].kind in ("ref", "ordinal") \
        and any(it.kind == "word" and "past" in lem.grammemes(it.text) for it in sentence[1:])


def _slot_ref(toks: list[Token], i: int, lem: Lemmatizer) -> tuple[Item, int] | None:
    """«п2», «п 2», «п.2», «p2»; «персонаж 2», «перс. №2», «слот 3»; «персонаж второй»."""
    t = toks[i]
    n = len(toks)
    j = i + 1
    if t.text in ("п", "p"):
        if j < n and toks[j].text in (".", "-") and j + 1 < n and toks[j + 1].kind == "num":
            j += 1
        if j < n and toks[j].kind == "num" and toks[j].start - t.end <= 1:
            return Item("ref", t.start, toks[j].end, "", value=toks[j].value), j + 1
        return None
    read_as = None
    if lem.concept(t.text) != "char":
        slip = misspelt().concept(t.text)  # «Пресонаж 2»
        if slip is None or slip[0] != "char":
            return None
        read_as = slip[1]
    if j < n and toks[j].text == ".":
        j += 1
    if j < n and toks[j].text == "№":
        j += 1
    if j < n and toks[j].kind in ("num", "ord"):
        item = Item("ref", t.start, toks[j].end, "", concept="char", value=toks[j].value, read_as=read_as)
        item.ablt = lem.has_grammeme(t.text, "ablt")
        return item, j + 1
    if j < n and toks[j].kind == "word":
        value = ordinal_value(toks[j])
        if value is not None:
            item = Item("ref", t.start, toks[j].end, "", concept="char", value=value)
            item.ablt = lem.has_grammeme(t.text, "ablt")
            return item, j + 1
    return None


def _name_at(toks: list[Token], i: int, names: NameTable, lem: Lemmatizer) -> tuple[Item, int] | None:
    """A character or player name starting at token i (inflected: «Лучницей», «Бориса»)."""
    candidates = {id(e): e for w in lem.lemmas(toks[i].text) for e in names.get(w, ())}
    if not candidates:
        return None
    found: list[tuple[str, int | None]] = []
    size = 0
    for key, faction, slot in sorted(candidates.values(), key=lambda e: -len(e[0])):
        k = len(key)
        if size and k < size:
            break
        if i + k > len(toks):
            continue
        if all(not lem.lemmas(toks[i + off].text).isdisjoint(lemmas) for off, lemmas in enumerate(key)):
            size = k
            found.append((faction, slot))
    if not found:
        return None
    found = list(dict.fromkeys(found))  # one name indexed under several lemmas is one candidate
    first, last = toks[i], toks[i + size - 1]
    ablt = any(lem.has_grammeme(t.text, "ablt") for t in toks[i : i + size])
    chars = tuple((f, s) for f, s in found if s is not None)
    if chars:
        return Item("ref", first.start, last.end, "", value=chars[0][1] if len(chars) == 1 else None,
                    candidates=chars, by_name=True, ablt=ablt,
                    faction=chars[0][0] if len({f for f, _ in chars}) == 1 else None), size
    return Item("player", first.start, last.end, "", faction=found[0][0]), size


def _loose_name_at(toks: list[Token], words: list[str], i: int, ctx: Context) -> tuple[Item, int] | None:
    """A name with a slip, a typo or cut short («Стражжу», «Лучнеца», «Лучн.»), read with a note."""
    dotted = i + 1 < len(toks) and toks[i + 1].text == "." and toks[i + 1].start == toks[i].end
    m = ctx.loose_names().at(words, i, dotted=dotted)
    if m is None or m.fit is Fit.ABBREVIATED and i > 0 and words[i - 1] in _LIST_MARKS \
            and lemmatizer().abbreviation(words[i], SHORT_BOOSTS):
        return None  # «…, стр.» in a list is «страховка» rather than «Страж»
    first, last = toks[i], toks[i + m.words - 1]
    size = m.words
    if dotted and m.words == 1 and m.fit is Fit.ABBREVIATED:  # «Лучн.»: the dot is part of the short form
        last, size = toks[i + 1], 2
    item = _name_item(m, first.start, last.end)
    if m.fit.noted:
        item.read_as = m.name
    return item, size


def _name_item(m: NameMatch, start: int, end: int) -> Item:
    chars = tuple((f, s) for f, s in m.owners if s is not None)
    if not chars:
        return Item("player", start, end, "", faction=m.owners[0][0])
    return Item("ref", start, end, "", value=chars[0][1] if len(chars) == 1 else None, candidates=chars,
                by_name=True, faction=chars[0][0] if len({f for f, _ in chars}) == 1 else None)


def _quoted_name(toks: list[Token], words: list[str], i: int, close: int, names: NameTable, lem: Lemmatizer,
                 ctx: Context) -> Item | None:
    """«Рыцарь», "Молот": a name in quotes is the character, when the quotes hold just the name."""
    first = i + 1
    if close < 0 or first >= len(toks) or toks[first].start >= close:
        return None
    got = _name_at(toks, first, names, lem) or _loose_name_at(toks, words, first, ctx)
    if got is None:
        return None
    # the quotes hold exactly the name's tokens (looked at from the name, never by scanning to the
    # closing quote: «««…»»» would make that quadratic)
    after = first + got[1]
    if after > len(toks) or toks[after - 1].start >= close or after < len(toks) and toks[after].start < close:
        return None
    inner = range(first, after)
    item = got[0]
    item.start, item.end = toks[i].start, close + 1
    item.ablt = item.ablt or any(lem.has_grammeme(toks[k].text, "ablt") for k in inner)
    return item


def _merge_char_words(items: list[Item]) -> None:
    """«второго персонажа», «2-й перс.» → one reference; the ordinal before the character word."""
    k = 0
    while k < len(items) - 1:
        a, b = items[k], items[k + 1]
        if a.kind == "ordinal" and b.is_word("char"):
            items[k] = Item("ref", a.start, b.end, a.text, concept="char", value=a.value,
                            ablt=lemmatizer().has_grammeme(b.text.rstrip("."), "ablt"))
            del items[k + 1]
        k += 1


def _only_mine(it: Item, me: str | None) -> bool:
    """A character named by a name only the poster's characters have."""
    return it.by_name and bool(it.candidates) and all(f == me for f, _ in it.candidates)


def _mark_sides(items: list[Item], ctx: Context | None) -> None:
    """Attach «соперника», «вражеского», «его», «своим», a player's name to the nearest reference."""
    me = ctx.me.faction if ctx else None
    for k, it in enumerate(items):
        if it.kind != "ref":
            continue
        # markers right before: «вражеского персонажа №4», «его П2», «своим П3», «мой Рыцарь»
        j = k - 1
        while j >= 0 and (items[j].is_word("char") or items[j].is_sym(",")) and not items[j].used:
            j -= 1
        if j >= 0 and items[j].kind == "word" and not items[j].used:
            before = items[j]
            if before.concept == "opp" or before.concept == "opp_pronoun" and not _only_mine(it, me):
                it.side, before.used = "opp", True  # «бью её Рыцарем»: «её» is whom, not whose
            elif before.concept == "own":
                it.side, before.used = "own", True
                it.ablt = it.ablt or lemmatizer().has_grammeme(before.text, "ablt")
        # markers right after: «П3 соперника», «Рыцаря Бориса», «П1 врага»
        j = k + 1
        if j < len(items) and items[j].is_word("char"):
            j += 1
        if j < len(items) and not items[j].used:
            after = items[j]
            if after.is_word("opp"):
                it.side, after.used = "opp", True
            elif after.kind == "player":
                after.used = True
                it.faction = after.faction
                it.side = "own" if after.faction == me else "opp"
        if it.by_name and it.side is None and ctx is not None:
            owners = {f for f, _ in it.candidates}
            if owners == {me}:
                it.side = "own"
            elif me not in owners:
                it.side = "opp"
        if it.by_name and it.side is not None and len(it.candidates) > 1 and ctx is not None:
            mine = [c for c in it.candidates if (c[0] == me) == (it.side == "own")]
            if it.faction:
                mine = [c for c in mine if c[0] == it.faction]
            if len(mine) == 1:
                it.faction, it.value = mine[0]
                it.candidates = tuple(mine)
        if it.side == "own" and ctx is not None:
            it.faction = me
