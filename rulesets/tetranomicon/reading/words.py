"""What a Tetranomicon order line mentions: the game's objects and the lexicon's words, with spans.

A line's normalised text is cut into tokens (`letopis.engine.text.tokens`; a hyphenated pair such
as «брод-дубрава» is two words joined by a dash), then read left to right into `Item`s:

- castles by name, genitive, locative, short form, adjective or code («К3», a Latin «K3» too), in
  any case and with a typo, through `engine.names.NameIndex` over the board's names;
- segments by id («У5», «у5», «участок №5»); cards by name (inflected, quoted, with a typo);
  building kinds, resources, terrains and route kinds from the lexicon's tables; the players'
  names; numbers, ordinals and «№N»;
- lexicon concepts (the six actions, and the words the patterns look at: башня, слот, пул, …),
  with a typo of an action word found among the forms of the lexicon's words.

`Vocabulary` holds the indexes of one game's material; it is built once per material and table.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from rapidfuzz.distance import DamerauLevenshtein

from letopis.engine.cache import byte_cached
from letopis.engine.names import Fit, NameIndex, spelling_key
from letopis.engine.text import (
    Lemmatizer,
    Lexicon,
    Token,
    is_known,
    morph,
    number_value,
    ordinal_value,
    parses,
    tokens,
)
from letopis.engine.text_norm import normalise

from ..data import BUILDING_KINDS, Material

LEXICON_PATH = Path(__file__).resolve().parent.parent / "lexicon.toml"
ACTIONS = ("v_build", "v_route", "v_artifact", "v_summon", "v_campaign", "v_pass", "v_take")
LATIN = str.maketrans({"k": "к", "y": "у", "a": "а", "e": "е", "o": "о", "c": "с", "x": "х", "p": "р"})
# «в Дубраве», «на Перевал», «к Заставе», «за трофеем»: where a castle stands in the order
ROLE_WORDS = {
    "в": "to", "во": "to", "на": "to", "к": "to", "ко": "to", "до": "to", "за": "to",
    "из": "from", "с": "from", "со": "from", "от": "from", "через": "via", "между": "between",
    "у": "at", "возле": "at", "около": "at",
}
_ADJECTIVE = re.compile(r"(?:ск|цк)(?:ий|ая|ое|ие|ого|ой|ому|ую|им|ом|их|ими|ые|ым)$")


@dataclass(frozen=True, slots=True)
class Item:
    """One thing a line says. ``kind``: castle | segment | card | building | resource | terrain |
    route_kind | person | concept | num | ordinal | mark (№N) | sym | word."""

    kind: str
    start: int
    end: int
    value: Any = None
    text: str = ""
    role: str | None = None  # for castles: to | from | via | between | at | None
    concept: str | None = None
    fit: Fit = Fit.EXACT
    adjective: bool = False  # a castle said as an adjective («северградская»)
    quoted: bool = False

    def sym(self, *chars: str) -> bool:
        return self.kind == "sym" and self.text in chars


@cache
def lexicon() -> Lexicon:
    with open(LEXICON_PATH, "rb") as f:
        return Lexicon.from_dict(tomllib.load(f))


@cache
def lemmatizer() -> Lemmatizer:
    return Lemmatizer(lexicon())


def _forms(word: str) -> set[str]:
    """Every form of a lexicon word (for finding a typo of it)."""
    out = {word}
    for p in morph().parse(word)[:2]:
        for f in p.lexeme:
            out.add(f.word.replace("ё", "е"))
    return out


@cache
def concept_forms() -> dict[str, str]:
    """form → concept, for the action words only (a typo is looked for among these)."""
    lex = lexicon()
    out: dict[str, str] = {}
    for word, concept in lex.concepts.items():
        if concept in ACTIONS and word.isalpha() and len(word) >= 3:
            for f in _forms(word):
                out.setdefault(f, concept)
    return out


def _by_first(forms: dict[str, str]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for f in forms:
        index.setdefault(f[:1], []).append(f)
    return index


@cache
def _forms_by_first() -> dict[str, list[str]]:
    return _by_first(concept_forms())


def typo_concept(word: str) -> str | None:
    """The action concept a mistyped word stands for («сторю» → build, «пхоод» → campaign)."""
    got = typo_form(word)
    return got[0] if got else None


# by (word, known_too): 1 MB, some 10,000 words; a word over 40 letters is looked at, never kept
@byte_cached("tetranomicon.typo_forms", 1 << 20, size=lambda v: 0 if v is None else 72, max_key=40)
def typo_form(word: str, known_too: bool = False) -> tuple[str, str] | None:
    """(concept, the form meant) of a mistyped action word: the form's grammar is the word's
    («маршруут» is the noun «маршрут», not a verb the dictionary guesses). A typo that happens to
    be a rare dictionary word («сроить») is looked for only with ``known_too``."""
    if len(word) < 4 or is_known(word) and not (known_too and len(word) >= 5):
        return None
    forms = concept_forms()
    if is_known(word) and any(p.lemma[-2:] in ("ся", "сь") and p.lemma[:-2] in forms for p in parses(word)):
        return None  # «освободилась» is «освободиться» (to come free), no slip of «освободила»
    same = _forms_by_key().get(spelling_key(word))
    if same:  # «пасуюю», «сттроить»: a doubled letter; the order form among equals
        f = min(same, key=lambda x: (not _order_form(x), x))
        return forms[f], f
    limit = 1 if len(word) < 8 else 2
    best: tuple[int, int, str] | None = None  # (distance, not an order form, form)
    for f in _forms_by_first().get(word[:1], ()):
        if abs(len(f) - len(word)) > limit:
            continue
        d = DamerauLevenshtein.distance(word, f, score_cutoff=limit)
        if d <= limit:
            cand = (d, 0 if _order_form(f) else 1, f)
            if best is None or cand < best:
                best = cand
    if best is None or is_known(word) and _part_of_speech(word) != _part_of_speech(best[2]):
        return None  # «мастер» (the GM) is no slip of «мастери», «начала» none of «напала»
    return forms[best[2]], best[2]


def _part_of_speech(word: str) -> str:
    """A verb (any form but the participles) or what the dictionary's first reading says."""
    tag = parses(word)[0].tag
    return "verb" if tag & {"VERB", "INFN"} else next((t for t in ("NOUN", "ADJF", "ADVB") if t in tag), "other")


@cache
def _forms_by_key() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for f in concept_forms():
        index.setdefault(spelling_key(f), []).append(f)
    return index


def _order_form(word: str) -> bool:
    tag = parses(word)[0].tag
    return bool(tag & {"1per", "impr", "INFN", "NOUN"})


class Vocabulary:
    """The names of one game: castles, segments, cards, buildings and the lexicon's tables."""

    def __init__(self, m: Material, players: tuple[tuple[str, str], ...]) -> None:
        lex = lexicon()
        lem = lemmatizer()
        self.m = m
        entries: list[tuple[str, str]] = []
        adjectives = lex.extra.get("castle_adjectives", {})
        for c in m:
            entries.append((c.name, c.id))
            if c.genitive:
                entries.append((c.genitive, c.id))
            if c.locative:
                words = c.locative.split(maxsplit=1)
                if len(words) == 2 and words[0].lower() in ("в", "во", "на"):
                    entries.append((words[1], c.id))
            entries.extend((a, c.id) for a in c.aliases)
            entries.extend((a, c.id) for a in adjectives.get(c.id, ()))
        self.castles: NameIndex[str] = NameIndex(entries, lem)
        self.codes = {normalise(c.code).translate(LATIN): c.id for c in m}
        self.segments = {normalise(s).translate(LATIN): s for s in m.segments}
        self.segment_numbers: dict[int, str] = {}
        for s in m.segments:
            digits = re.sub(r"\D", "", s)
            if digits:
                self.segment_numbers[int(digits)] = s
        cards = [(c.name, c.id) for c in (*m.decks.creatures, *m.decks.artifacts)]
        # a creature by the last word of its name, when no other card has that word («Голема»)
        word_count: dict[str, int] = {}
        for name, _ in cards:
            for w in normalise(name).split():
                word_count[w] = word_count.get(w, 0) + 1
        for c in m.decks.creatures:
            words = normalise(c.name).split()
            if len(words) > 1 and word_count[words[-1]] == 1:
                cards.append((words[-1], c.id))
        self.cards: NameIndex[str] = NameIndex(cards, lem)
        # a card by the head noun of its name («Кубок» for «Кубок Первой Победы»): only in a sentence
        # that takes a card (`lines`), since most heads are everyday words («печать», «щит», «карта»)
        heads: dict[str, list[str]] = {}
        for c in (*m.decks.creatures, *m.decks.artifacts):
            words = normalise(c.name).split()
            if len(words) > 1:
                head = _head_noun(words)
                for key in {head, lem.lemma(head)}:
                    heads.setdefault(key, []).append(c.id)
        self.card_heads = {head: tuple(ids) for head, ids in heads.items()}
        # every written form of a castle, for a typo the dictionary mistakes for a word («Камениц»)
        self.castle_forms: list[tuple[str, str]] = []
        for name, cid in entries:
            for w in normalise(name).split()[-1:]:
                self.castle_forms.append((w, cid))
        self.creature_ids = frozenset(m.creatures)
        tables: list[tuple[str, str, str]] = []  # (word, kind, value)
        for table, kind in (("buildings", "building"), ("resources", "resource"), ("terrains", "terrain"),
                            ("route_kinds", "route_kind")):
            for value, words in lex.extra.get(table, {}).items():
                tables.extend((w, kind, value) for w in words)
        self.things: NameIndex[tuple[str, str]] = NameIndex([(w, (k, v)) for w, k, v in tables], lem)
        self.people: NameIndex[str] = NameIndex([(name, f) for f, name in players], lem, typos=False)
        self.dotted = {normalise(short): lem.concept(normalise(full))
                       for short, full in lex.extra.get("dotted", {}).items() if lem.concept(normalise(full))}
        self.restating = frozenset(normalise(w) for w in lex.extra.get("restating", {}).get("words", ()))
        assert set(BUILDING_KINDS) >= set(lex.extra.get("buildings", {}))


def _head_noun(words: list[str]) -> str:
    """The noun a name is about: the first word the dictionary reads as a noun («кубок первой
    победы» → «кубок», «горный тролль» → «тролль»), else the last word."""
    return next((w for w in words if "NOUN" in parses(w)[0].tag), words[-1])


_VOCABULARIES: dict[tuple[int, tuple[tuple[str, str], ...]], Vocabulary] = {}


def vocabulary(m: Material, players: tuple[tuple[str, str], ...]) -> Vocabulary:
    key = (id(m), players)
    v = _VOCABULARIES.get(key)
    if v is None:
        if len(_VOCABULARIES) > 64:
            _VOCABULARIES.clear()
        v = _VOCABULARIES[key] = Vocabulary(m, players)
    return v


# --- tokens -------------------------------------------------------------------------------------
def _split_hyphens(toks: list[Token]) -> list[Token]:
    """«брод-дубрава» → «брод», «-», «дубрава» (a segment written with a hyphen)."""
    out: list[Token] = []
    for t in toks:
        if t.kind != "word" or "-" not in t.text:
            out.append(t)
            continue
        pos = t.start
        for k, part in enumerate(t.text.split("-")):
            if k:
                out.append(Token("-", pos, pos + 1, "sym"))
                pos += 1
            out.append(Token(part, pos, pos + len(part), "word"))
            pos += len(part)
    return out


def _accept(hit_fit: Fit, written: list[str], dotted: bool) -> bool:
    """A short form of a name is taken only when it is not a word of its own («вас» is no
    «Василиск»), unless the player ended it with a dot."""
    if hit_fit is Fit.ABBREVIATED and not dotted:
        return not any(is_known(w) for w in written)
    return True


def _same_lemma(written: str, known: str) -> bool:
    """The same word in another case («ферму»), or with a slip («лесопилкку»)."""
    lem = lemmatizer()
    known = normalise(known)
    if lem.lemmas(written) & lem.lemmas(known):
        return True
    return DamerauLevenshtein.distance(spelling_key(written), spelling_key(known), score_cutoff=1) <= 1


def read_items(norm: str, vocab: Vocabulary) -> list[Item]:
    """The items of a normalised line, left to right."""
    toks = _split_hyphens(tokens(norm))
    words = [t.text if t.kind == "word" else "" for t in toks]
    lem = lemmatizer()
    items: list[Item] = []
    quoted = False
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        if t.kind == "sym":
            if t.text == "«":
                quoted = True
            elif t.text == "»":
                quoted = False
            items.append(Item("sym", t.start, t.end, text=t.text))
            i += 1
            continue
        if t.kind == "num":
            items.append(Item("num", t.start, t.end, t.value, t.text))
            i += 1
            continue
        if t.kind == "ord":
            items.append(Item("ordinal", t.start, t.end, t.value, t.text))
            i += 1
            continue
        # a code glued to its number: «К3», «k3», «У5»
        if i + 1 < n and toks[i + 1].kind == "num" and toks[i + 1].start == t.end and len(t.text) <= 2:
            key = (t.text + toks[i + 1].text).translate(LATIN)
            nxt = toks[i + 1]
            if key in vocab.codes:
                items.append(Item("castle", t.start, nxt.end, vocab.codes[key], key))
                i += 2
                continue
            if key in vocab.segments:
                items.append(Item("segment", t.start, nxt.end, vocab.segments[key], key))
                i += 2
                continue
            if t.text.translate(LATIN) == "у":
                items.append(Item("segment", t.start, nxt.end, key.upper(), key))
                i += 2
                continue
        if t.text.translate(LATIN) == "у" and i + 1 < n and toks[i + 1].kind == "num" \
                and (key := "у" + toks[i + 1].text) in vocab.segments and (i + 2 >= n or toks[i + 2].kind == "sym"):
            # «У 12» with a space: the segment, when no word follows the number («у 3 замков» is no segment)
            items.append(Item("segment", t.start, toks[i + 1].end, vocab.segments[key], key))
            i += 2
            continue
        dotted = i + 1 < n and toks[i + 1].text == "."
        if dotted and t.text in vocab.dotted and i + 2 < n and toks[i + 2].kind == "num":
            # «б.3», «уч. 12»: a pattern word cut short before its number; the dot goes with it
            items.append(Item("concept", t.start, toks[i + 1].end, text=norm[t.start:toks[i + 1].end],
                              concept=vocab.dotted[t.text]))
            i += 2
            continue
        best: tuple[int, int, str, Any, Fit] | None = None  # (words, -rank, kind, value, fit)
        for rank, (kind, index) in enumerate((("castle", vocab.castles), ("card", vocab.cards),
                                              ("thing", vocab.things), ("person", vocab.people))):
            hits = index.find(words, i)
            if not hits:
                continue
            h = hits[0]
            if not _accept(h.fit, words[i : i + h.words], dotted):
                continue
            if len({x.key for x in hits}) > 1 and kind != "thing":
                continue  # two names fit equally: not a mention of either
            if kind == "thing" and h.fit is Fit.INFLECTED and not _same_lemma(words[i], h.name):
                continue  # «камениц» is no form of «камень»
            cand = (h.words, -rank, kind, h.key, h.fit)
            if best is None or (cand[0], -cand[4], cand[1]) > (best[0], -best[4], best[1]):
                best = cand
        phrase = lem.phrase_at(words, i) if t.text else None
        if phrase is not None and (best is None or phrase[1] > best[0]):
            concept, k = phrase
            items.append(Item("concept", t.start, toks[i + k - 1].end, text=norm[t.start:toks[i + k - 1].end],
                              concept=concept))
            i += k
            continue
        concept = lem.concept(t.text)
        if best is not None and not (concept is not None and best[4] >= Fit.SLIP and best[0] == 1):
            count, _, kind, value, fit = best
            end = toks[i + count - 1].end
            text = norm[t.start:end]
            if kind == "thing":
                kind, value = value
            adjective = kind == "castle" and bool(_ADJECTIVE.search(toks[i + count - 1].text))
            items.append(Item(kind, t.start, end, value, text, fit=fit, adjective=adjective, quoted=quoted))
            i += count
            continue
        meant = None
        guessed = Fit.EXACT
        if concept is None and (got := typo_form(t.text)) is not None:
            concept, meant = got
        elif concept is None and (got := typo_form(t.text, True)) is not None:
            (concept, meant), guessed = got, Fit.TYPO  # kept only beside a game object (`lines`)
        if concept is not None:
            items.append(Item("concept", t.start, t.end, meant, text=t.text, concept=concept, fit=guessed))
            i += 1
            continue
        num = number_value(t)
        if num is not None:
            items.append(Item("num", t.start, t.end, num, t.text))
        elif (o := ordinal_value(t)) is not None:
            items.append(Item("ordinal", t.start, t.end, o, t.text))
        else:
            items.append(Item("word", t.start, t.end, text=t.text, quoted=quoted))
        i += 1
    return _marks(items)


def _marks(items: list[Item]) -> list[Item]:
    """«№2» → one ``mark`` item with the number."""
    out: list[Item] = []
    k = 0
    while k < len(items):
        it = items[k]
        if it.sym("№") and k + 1 < len(items) and items[k + 1].kind == "num":
            nxt = items[k + 1]
            out.append(Item("mark", it.start, nxt.end, nxt.value, f"№{nxt.value}"))
            k += 2
            continue
        out.append(it)
        k += 1
    return out


def with_role(item: Item, role: str | None) -> Item:
    return replace(item, role=role)


def guess_castle(word: str, vocab: Vocabulary) -> str | None:
    """A castle one or two letters off a written word, when exactly one castle is that close."""
    best: dict[str, int] = {}
    for form, cid in vocab.castle_forms:
        if form[:1] != word[:1] or len(form) < 4:
            continue
        limit = 1 if len(form) < 8 else 2
        d = DamerauLevenshtein.distance(word, form, score_cutoff=limit)
        if d <= limit:
            best[cid] = min(d, best.get(cid, d))
    if not best:
        return None
    top = min(best.values())
    found = [c for c, d in best.items() if d == top]
    return found[0] if len(found) == 1 else None
