"""Dungeon Keeper order lines as items: words with their concept, numbers, cells, symbols.

The grammar (`syntax`) never looks at raw words. `scan` turns one normalised line into
`Item`s: a word carries its lexicon concept («передвигается» → ``v_move``, «импа» → ``u_imp``,
«золотую шахту» → ``m_gold``) and its mood (an order, a third-person report, a story); «37-15»,
«37–15» and «(37,15)» become one ``cell`` item; «№3»/«#3» a ``no`` item; «3-й» an ``ord`` item;
numbers said in words («двух») a ``num`` item.

Speed matters (a live check reads every line at every keystroke, a benchmark 20,000 lines a
second), so: one precompiled regex splits the line, the lexicon's own forms are looked up first
in one dict, pymorphy3 is asked only for words the lexicon does not hold and every answer is
cached per word, and whole scanned lines are cached by their text (they do not depend on the
game state).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from letopis.engine.cache import ByteBudgetCache, items_bytes
from letopis.engine.text import Lemmatizer, Lexicon, Token, normalise, number_value, ordinal_value, parses
from letopis.engine.text_words import MAX_CACHED_WORD

LEXICON_PATH = Path(__file__).resolve().parent.parent / "lexicon.toml"

# Regular masculine declensions of the game nouns the dictionary does not know (the lexicon's
# [nouns] table names one per noun): the endings that replace the lemma's last letter (for "й"/"ь"
# stems) or follow it. This is Russian grammar, not a list of word forms.
PARADIGMS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # (singular, plural) endings
    "m_hard": (("", "а", "у", "ом", "е"), ("ы", "ов", "ам", "ами", "ах")),
    "m_velar": (("", "а", "у", "ом", "е"), ("и", "ов", "ам", "ами", "ах")),
    "m_ts": (("", "а", "у", "ом", "ем", "е"), ("ы", "ов", "ам", "ами", "ах")),
    "m_ch": (("", "а", "у", "ом", "ем", "е"), ("и", "ей", "ам", "ами", "ах")),
    "m_j": (("й", "я", "ю", "ем", "е"), ("и", "ев", "ям", "ями", "ях")),
    "m_soft": (("ь", "я", "ю", "ем", "е"), ("и", "ей", "ям", "ями", "ях")),
}
_STEM_DROPS = {"m_j", "m_soft"}

# Word moods of order verbs.
MOOD_NONE, MOOD_ORDER, MOOD_REPORT, MOOD_STORY, MOOD_NOUN, MOOD_SPEECH = 0, 1, 2, 3, 4, 5
_ORDER_GRAMMEMES = ("1per", "impr", "INFN")
_STORY_GRAMMEMES = frozenset({"past", "PRTF", "PRTS", "GRND", "ADJF"})  # «стоящий»: a description

_TOKEN = re.compile(
    r"(?P<cell>(?<!\d)\d{1,3}-\d{1,3}(?![\d]|-?[а-яa-z]))"
    r"|(?P<ord>\d{1,3}-?(?:ый|ой|ий|ая|ое|ые|ого|ому|ым|ом|ую|ых|ыми|го|му|й|я|е|м|ю|х))(?![а-яa-z])"
    r"|(?P<num>\d+)"
    r"|(?P<word>[а-яa-z]+(?:-[а-яa-z]+)*)"
    r"|(?P<sym>[^\s\w]|_)"
)


class Item:
    """One piece of a line: ``kind`` is word, num, ord, cell, no, sym; spans are in the
    normalised line. Words carry a lexicon ``concept`` and a ``mood``; numbers a ``value``; cells
    ``value`` = (row, col)."""

    __slots__ = ("concept", "end", "kind", "mood", "plural", "start", "text", "value")

    def __init__(self, kind: str, start: int, end: int, text: str, concept: str | None = None,
                 value: object = None, mood: int = MOOD_NONE, plural: bool = False) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self.text = text
        self.concept = concept
        self.value = value
        self.mood = mood
        self.plural = plural

    def __repr__(self) -> str:  # for test failures
        extra = f" {self.concept}" if self.concept else ""
        extra += f" ={self.value}" if self.value is not None else ""
        return f"<{self.kind} {self.text!r}{extra}>"

    def is_sym(self, *texts: str) -> bool:
        return self.kind == "sym" and self.text in texts

    def cat(self) -> str:
        """The concept's category: "v" (verb), "u" (unit kind), "b", "m", "o", "a", "s", "ab",
        "sp", "r", "d", "w", "n" — or "" for a word without a concept."""
        c = self.concept
        return c[: c.index("_")] if c else ""


# --- the lexicon --------------------------------------------------------------------------------
class Words:
    """The Dungeon Keeper lexicon, compiled for fast look-ups: every known form → its concept,
    the phrase index by first lemma, and a cache of what each word is."""

    def __init__(self, lexicon: Lexicon) -> None:
        nouns = lexicon.extra.get("nouns", {})
        self.plural_forms: set[str] = set()
        for lemma, paradigm in nouns.items():
            stem = lemma[:-1] if paradigm in _STEM_DROPS else lemma
            singular, plural = PARADIGMS[paradigm]
            for ending in singular:
                lexicon.lemmas.setdefault(stem + ending, lemma)
            for ending in plural:
                lexicon.lemmas.setdefault(stem + ending, lemma)
                self.plural_forms.add(stem + ending)
        self.lem = Lemmatizer(lexicon)
        self.lexicon = lexicon
        self.forms: dict[str, str] = {}
        for lemma in nouns:
            concept = lexicon.concepts.get(lemma)
            if concept is None:
                continue
            for form, lem in lexicon.lemmas.items():
                if lem == lemma:
                    self.forms[form] = concept
        _add_data_names(lexicon)
        self.phrases: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for words, concept in lexicon.phrases.items():
            lemmas = tuple(self.lem.lemma(w) if w.isalpha() else w for w in words)
            self.phrases.setdefault(lemmas[0], []).append((lemmas, concept))
        for entries in self.phrases.values():
            entries.sort(key=lambda e: -len(e[0]))
        # what each word is (concept, mood, numbers): 4 MB, some 15,000 words; long words are not kept
        self._info: ByteBudgetCache[str, tuple[str | None, int, int | None, int | None, bool]] = ByteBudgetCache(
            "dungeon_keeper.word_info", 4 << 20, size=lambda v: 96, max_key=MAX_CACHED_WORD)
        self.verbs = frozenset(c for c in set(lexicon.concepts.values()) | set(lexicon.phrases.values())
                               if c.startswith("v_"))
        self.vocabulary = tuple(sorted({w for w, c in lexicon.concepts.items()
                                        if c.startswith(("v_", "u_")) and " " not in w}))

    def info(self, word: str) -> tuple[str | None, int, int | None, int | None, bool]:
        """(concept, mood, cardinal value, ordinal value, plural) of a word; cached."""
        got = self._info._young.get(word) or self._info.get(word)
        if got is not None:
            return got
        concept = self.forms.get(word) or self.lem.concept(word)
        if concept is None and "-" in word:  # «духа-защитника»: the dictionary lemma of the whole
            for p in parses(word):
                concept = self.lexicon.concepts.get(p.lemma)
                if concept is not None:
                    break
        mood = MOOD_NONE
        card = ordv = None
        plural = False
        if concept is not None and concept.startswith("v_"):
            mood = _mood(word) if word.isalpha() else MOOD_NONE
        elif concept is not None and concept.startswith("u_"):
            if word in self.lexicon.lemmas:
                plural = word in self.plural_forms
            else:
                plural = "plur" in parses(word)[0].tag
        elif concept is None and word.isalpha():
            tok = Token(word, 0, len(word), "word")
            card = number_value(tok)
            if card is None:
                ordv = ordinal_value(tok)
        return self._info.put(word, (concept, mood, card, ordv, plural))

    def lemmas(self, word: str) -> frozenset[str]:
        return self.lem.lemmas(word)


# The data files name every unit, building, spell… with its case forms and aliases (and a unit named
# by two words by its noun alone, when no other unit shares it: «зверь» for «осадный зверь»); the reader
# accepts all of them, so a name a GM changes in the TOML is understood without touching the lexicon.
_DATA_TABLES = (("units", "u_"), ("buildings", "b_"), ("spells", "s_"), ("artifacts", "a_"), ("spirits", "sp_"),
                ("mines", "m_"), ("objects", "o_"), ("runes", "o_rune_"))
_ACTIVE_ABILITIES = ("heal", "sacrifice", "cleanse", "fire_breath", "fire_stream", "subjugate", "exhaust", "fear",
                     "poison", "unbless", "death_cloud", "melee", "ranged")


def _add_data_names(lexicon: Lexicon) -> None:
    from ..data import DATA

    entries: list[tuple[str, object]] = []
    for table, prefix in _DATA_TABLES:
        for key, item in getattr(DATA, table).items():
            entries.append((prefix + key, item))
    for key in _ACTIVE_ABILITIES:
        if key in DATA.abilities:
            entries.append(("ab_" + key, DATA.abilities[key]))
    heads: dict[str, set[str]] = {}
    for concept, item in entries:
        forms = item.forms  # type: ignore[attr-defined]
        names = [item.name, *item.aliases, forms.nom, forms.gen, forms.dat, forms.acc, forms.ins,  # type: ignore[attr-defined]
                 getattr(forms, "nom_pl", None) or "", getattr(forms, "gen_pl", None) or ""]
        for name in names:
            words = tuple(normalise(name).replace("-", " - ").split()) if " " in name.strip() else (normalise(name),)
            if not words or not words[0]:
                continue
            if len(words) == 1:
                lexicon.concepts.setdefault(words[0], concept)
            else:
                lexicon.phrases.setdefault(tuple(w for w in words if w != "-"), concept)
        if concept.startswith("u_") and " " in item.name.strip():  # type: ignore[attr-defined]
            heads.setdefault(normalise(item.name).split()[-1], set()).add(concept)  # type: ignore[attr-defined]
    for head, concepts in heads.items():
        if len(concepts) == 1:  # «осадный зверь» is «зверь» for short, when no other unit is one
            lexicon.concepts.setdefault(head, next(iter(concepts)))


def _mood(word: str) -> int:
    tag = parses(word)[0].tag
    if "NOUN" in tag:
        return MOOD_NOUN
    if not tag.isdisjoint(_STORY_GRAMMEMES):
        return MOOD_STORY
    if "impr" in tag and "plur" in tag:
        return MOOD_SPEECH  # «Копайте, мои верные слуги!» — said to the servants, not an order line
    if any(g in tag for g in _ORDER_GRAMMEMES):
        return MOOD_ORDER
    return MOOD_REPORT


@lru_cache(maxsize=1)
def words() -> Words:
    """The one Dungeon Keeper lexicon (lexicon.toml + pymorphy3), shared by every reading."""
    return Words(Lexicon.load(LEXICON_PATH))


# --- scanning -----------------------------------------------------------------------------------
# Budget: 6 MB (an item costs ~0.2 KB: some 3,000 lines of ten items); a line over 2,000
# characters is scanned every time, never kept.
_SCANNED: ByteBudgetCache[str, tuple[Item, ...]] = ByteBudgetCache(
    "dungeon_keeper.scanned_lines", 6 << 20, size=items_bytes(200), max_key=2_000)


def scan(norm: str) -> tuple[Item, ...]:
    """The items of a normalised line. Cached by text (items are read-only to callers)."""
    got = _SCANNED.get(norm)
    if got is None:
        got = _SCANNED.put(norm, tuple(_scan(norm)))
    return got


def _scan(norm: str) -> list[Item]:
    w = words()
    raw = [(m.lastgroup or "sym", m.start(), m.end(), m.group()) for m in _TOKEN.finditer(norm)]
    items: list[Item] = []
    i, n = 0, len(raw)
    while i < n:
        kind, start, end, text = raw[i]
        if kind == "word":
            got = _phrase(raw, i, w)
            if got is not None:
                concept, size = got
                last_end = raw[i + size - 1][2]
                mood = MOOD_NOUN if not concept.startswith("v_") else _phrase_mood(raw[i][3], concept)
                items.append(Item("word", start, last_end, norm[start:last_end], concept, mood=mood))
                i += size
                continue
            concept, mood, card, ordv, plural = w.info(text)
            if card is not None:
                items.append(Item("num", start, end, text, value=card))
            elif ordv is not None:
                items.append(Item("ord", start, end, text, value=ordv))
            else:
                items.append(Item("word", start, end, text, concept, mood=mood, plural=plural))
        elif kind == "num":
            items.append(Item("num", start, end, text, value=int(text[:9])))
        elif kind == "cell":
            a, _, b = text.partition("-")
            items.append(Item("cell", start, end, text, value=(int(a), int(b))))
        elif kind == "ord":
            digits = text[: len(text) - len(text.lstrip("0123456789"))]
            items.append(Item("ord", start, end, text, value=int(digits)))
        elif text == "№" and i + 1 < n and raw[i + 1][0] == "num":
            nxt = raw[i + 1]
            items.append(Item("no", start, nxt[2], norm[start:nxt[2]], value=int(nxt[3][:9])))
            i += 2
            continue
        else:
            items.append(Item("sym", start, end, text))
        i += 1
    return items


def _phrase(raw: list[tuple[str, int, int, str]], i: int, w: Words) -> tuple[str, int] | None:
    """The longest lexicon phrase starting at word i: (concept, number of raw tokens)."""
    first = raw[i][3]
    entries = None
    for lemma in w.lemmas(first):
        got = w.phrases.get(lemma)
        if got:
            entries = got if entries is None else entries + got
    if not entries:
        return None
    best: tuple[str, int] | None = None
    for lemmas, concept in entries:
        size = len(lemmas)
        if best is not None and size <= best[1]:
            continue
        if i + size > len(raw):
            continue
        ok = True
        for k in range(1, size):
            kind, _, _, text = raw[i + k]
            if kind != "word" or lemmas[k] not in w.lemmas(text):
                ok = False
                break
        if ok and lemmas[0] in w.lemmas(first):
            best = (concept, size)
    return best if best is not None and best[1] > 1 else None


def _phrase_mood(first: str, concept: str) -> int:
    return _mood(first) if first.isalpha() else MOOD_ORDER
