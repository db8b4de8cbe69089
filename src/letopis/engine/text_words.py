"""Words of an order line: tokens with spans, lemmas, a ruleset's lexicon, numbers, suggestions.

Russian inflects everything («атакую», «атакует», «атаковать»; «Лучница», «Лучницей»), so a
ruleset matches lemmas, not forms. pymorphy3 gives the lemmas; a per-ruleset `Lexicon` (TOML)
fixes the game words the dictionary gets wrong and maps synonyms to one concept («двигаю»,
«переместить», «идёт» → ``move``). Lemmas are cached: the same few hundred words make up nearly
every post.

Every cache here is a `ByteBudgetCache` (engine/cache.py) with the budget written beside it; keys
are words, and a word longer than `MAX_CACHED_WORD` characters is computed, never kept.
"""

from __future__ import annotations

import re
import sys
import threading
import tomllib
from bisect import bisect_left
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from .cache import ByteBudgetCache, byte_cached, str_bytes
from .text_norm import normalise

# --- tokens --------------------------------------------------------------------------------
_ORD_ENDINGS = r"ый|ой|ий|ая|ое|ые|ого|ому|ым|ом|ую|ой|ых|ыми|й|я|е|го|му|м|ю|х|ми"
_TOKEN = re.compile(
    rf"(?P<ord>\d{{1,3}}-?(?:{_ORD_ENDINGS}))(?![а-яa-z])"
    r"|(?P<num>\d+)"
    r"|(?P<word>[а-яa-z]+(?:-[а-яa-z]+)*)"
    r"|(?P<sym>[^\s\w]|_)"
)


@dataclass(slots=True, frozen=True)
class Token:
    """A word, number, ordinal ("2-й") or symbol of normalised text, with its span there."""

    text: str
    start: int
    end: int
    kind: str  # "word" | "num" | "ord" | "sym"
    value: int | None = None  # for "num" and "ord"


def tokens(s: str) -> list[Token]:
    """The tokens of normalised text (`normalise` first). Linear; never raises."""
    out: list[Token] = []
    for m in _TOKEN.finditer(s):
        kind = m.lastgroup or "sym"
        t = m.group()
        if kind == "num":
            out.append(Token(t, m.start(), m.end(), kind, int(t[:9])))
        elif kind == "ord":
            digits = t[: len(t) - len(t.lstrip("0123456789"))] or "0"
            out.append(Token(t, m.start(), m.end(), kind, int(digits)))
        else:
            out.append(Token(t, m.start(), m.end(), kind))
    return out


# --- morphology ----------------------------------------------------------------------------
_MORPH: Any = None
_MORPH_LOCK = threading.Lock()


def morph() -> Any:
    """The one shared pymorphy3 analyser (loading its dictionary takes a while; web workers are
    threads, so it is built once under a lock)."""
    global _MORPH
    if _MORPH is None:
        with _MORPH_LOCK:
            if _MORPH is None:
                import pymorphy3

                _MORPH = pymorphy3.MorphAnalyzer()
    return _MORPH


@dataclass(frozen=True, slots=True)
class Parse:
    lemma: str
    tag: frozenset[str]  # grammemes: "VERB", "1per", "ablt", "gent", "Name", …
    score: float


MAX_CACHED_WORD = 40  # characters: a longer "word" is no dictionary word; it is not remembered
# One frozenset per tag: the dictionary has a few thousand tags, and every parse of every word
# shares its tag's set (a set of grammemes is ~1 KB; a cached word keeps only its lemmas' strings).
_TAGS: dict[str, frozenset[str]] = {}
_TAGS_MAX = 50_000  # more tags than the dictionary has; past it a tag is built, not shared


def _tag(tag: str) -> frozenset[str]:
    got = _TAGS.get(tag)
    if got is None:
        got = frozenset(sys.intern(g) for g in tag.replace(" ", ",").split(","))
        if len(_TAGS) < _TAGS_MAX:
            _TAGS[tag] = got
    return got


def _parses_bytes(value: tuple[Parse, ...]) -> int:
    # the tuple, and per reading the record (56), its lemma string and the score (24); tags are shared
    return 56 + sum(88 + sys.getsizeof(p.lemma) for p in value)


@byte_cached("text_words.parses", 16 << 20, size=_parses_bytes, max_key=MAX_CACHED_WORD)
def parses(word: str) -> tuple[Parse, ...]:
    """Every dictionary reading of a (normalised, lower-case) word, best first; ё read as е.
    Cached within 16 MB: some 30,000 dictionary words, or 10,000 unknown ones (each has many guesses)."""
    if not word or len(word) > 40:
        return (Parse(word, frozenset(), 1.0),)
    out = []
    for p in morph().parse(word):
        out.append(Parse(p.normal_form.replace("ё", "е"), _tag(str(p.tag)), p.score))
    return tuple(out) or (Parse(word, frozenset(), 1.0),)


@byte_cached("text_words.is_known", 2 << 20, max_key=MAX_CACHED_WORD)
def is_known(word: str) -> bool:
    """Whether the dictionary knows the word (typos and invented names are not known)."""
    return bool(word) and word.isalpha() and morph().word_is_known(word)


_PRONOUN_TAGS = frozenset({"NPRO", "Apro"})


def is_pronoun(word: str) -> bool:
    """Whether the word is first of all a pronoun («тот», «его», «она»): such a word is never a
    longer name cut short. (A particle may be: «Мол.» is «Молот».)"""
    return bool(word) and word.isalpha() and bool(parses(word)[0].tag & _PRONOUN_TAGS)


# --- lexicon -------------------------------------------------------------------------------
@dataclass
class Lexicon:
    """A ruleset's own words, loaded from TOML::

        [lemmas]                      # forms the dictionary reads wrongly → lemma
        "импа" = "имп"
        [concepts]                    # concept → words (any form or lemma); all map to it
        move = ["передвигаться", "идти", "переместить", "двигать"]
        [phrases]                     # concept → phrases (lemmas separated by spaces)
        superiority = ["два бросок", "кидать дважды"]

    Words are normalised (lower case, ё → е) on load. A word may belong to one concept only.
    """

    lemmas: dict[str, str] = field(default_factory=dict)
    concepts: dict[str, str] = field(default_factory=dict)  # word or lemma → concept
    phrases: dict[tuple[str, ...], str] = field(default_factory=dict)  # lemma tuple → concept
    extra: dict[str, Any] = field(default_factory=dict)  # any other tables, for the ruleset

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Lexicon:
        lex = cls()
        for form, lemma in (data.get("lemmas") or {}).items():
            lex.lemmas[normalise(form)] = normalise(lemma)
        for concept, words in (data.get("concepts") or {}).items():
            for w in words:
                key = normalise(w)
                if key in lex.concepts and lex.concepts[key] != concept:
                    raise ValueError(f"lexicon: «{w}» is in both {lex.concepts[key]} and {concept}")
                lex.concepts[key] = concept
        for concept, items in (data.get("phrases") or {}).items():
            for phrase in items:
                lex.phrases[tuple(normalise(phrase).split())] = concept
        lex.extra = {k: v for k, v in data.items() if k not in ("lemmas", "concepts", "phrases")}
        return lex

    @classmethod
    def load(cls, path: str | Path) -> Lexicon:
        with open(path, "rb") as f:
            return cls.from_dict(tomllib.load(f))

    def words_of(self, concept: str) -> list[str]:
        return [w for w, c in self.concepts.items() if c == concept]


def _lemma_set_bytes(value: frozenset[str]) -> int:
    return sys.getsizeof(value) + sum(sys.getsizeof(s) for s in value)


_MISSING = object()


def _shared(value: object) -> int:
    # a concept or a suggestion is a string the lexicon or the vocabulary holds already
    return 0


class Lemmatizer:
    """Lemmas and concepts of words, through the ruleset's lexicon first and pymorphy3 second.

    Each instance caches per word (one instance per ruleset lexicon lives as long as the process):
    lemmas, lemma sets and concepts within 1, 2 and 1 MB (some 3,000 words each)."""

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self.lexicon = lexicon or Lexicon()
        self._concepts: ByteBudgetCache[str, str | None] = ByteBudgetCache(
            "Lemmatizer.concepts", 1 << 20, max_key=MAX_CACHED_WORD, size=_shared)
        self._lemma_sets: ByteBudgetCache[str, frozenset[str]] = ByteBudgetCache(
            "Lemmatizer.lemma_sets", 2 << 20, max_key=MAX_CACHED_WORD, size=_lemma_set_bytes)
        self._max_phrase = max((len(p) for p in self.lexicon.phrases), default=0)
        index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for phrase, concept in sorted(self.lexicon.phrases.items(), key=lambda pc: -len(pc[0])):
            index.setdefault(phrase[0], []).append((phrase, concept))
        self._phrase_index = index
        self._words = sorted(self.lexicon.concepts)  # for short forms: the words a prefix begins
        self._lemma: ByteBudgetCache[str, str] = ByteBudgetCache(
            "Lemmatizer.lemmas", 1 << 20, max_key=MAX_CACHED_WORD, size=str_bytes)

    def lemma(self, word: str) -> str:
        got = self._lemma._young.get(word) or self._lemma.get(word)
        if got is None:
            fixed = self.lexicon.lemmas.get(word)
            got = fixed if fixed is not None else (parses(word)[0].lemma if word.isalpha() else word)
            self._lemma.put(word, got)
        return got

    def lemmas(self, word: str) -> frozenset[str]:
        """All possible lemmas and the word itself (names are ambiguous: «Стража» is a form of
        «страж» and of «стража»)."""
        got = self._lemma_sets._young.get(word) or self._lemma_sets.get(word)
        if got is not None:
            return got
        fixed = self.lexicon.lemmas.get(word)
        if fixed is not None:
            got = frozenset((fixed, word))
        elif not word.isalpha():
            got = frozenset((word,))
        else:
            got = frozenset(p.lemma for p in parses(word)) | {word}
        self._lemma_sets.put(word, got)
        return got

    def grammemes(self, word: str) -> frozenset[str]:
        """Grammemes of the best reading («атакую» → VERB, 1per, …)."""
        return parses(word)[0].tag if word.isalpha() else frozenset()

    def has_grammeme(self, word: str, grammeme: str) -> bool:
        """True if any reading has the grammeme (e.g. "ablt": «Лучницей» can be instrumental)."""
        return word.isalpha() and any(grammeme in p.tag for p in parses(word))

    def concept(self, word: str) -> str | None:
        """The lexicon concept of a word: by the form itself, else by any of its lemmas."""
        c = self._concepts._young.get(word, _MISSING)
        if c is not _MISSING:
            return c
        c = self._concepts.get(word, _MISSING)
        if c is not _MISSING:
            return c
        c = self.lexicon.concepts.get(word)
        if c is None and word.isalpha() and len(word) > 1:
            fixed = self.lexicon.lemmas.get(word)
            candidates = (fixed,) if fixed else tuple(p.lemma for p in parses(word))
            for lemma in candidates:
                c = self.lexicon.concepts.get(lemma)
                if c is not None:
                    break
        self._concepts.put(word, c)
        return c

    def abbreviation(self, word: str, concepts: frozenset[str], min_length: int = 3) -> str | None:
        """The concept a short form stands for («прев» → superiority, «стр» → insurance, «погл.»):
        ``word`` (a trailing dot allowed) begins a lexicon word of exactly one of ``concepts``.

        A ruleset asks this only where a list of its terms is expected (a list of boosts), so a
        dictionary word («стр», «прев») may be such a short form there; a word shorter than
        ``min_length`` letters, or one that starts words of two of the concepts, is none."""
        stem = word.rstrip(".")
        if len(stem) < min_length or not stem.isalpha():
            return None
        found = set()
        for i in range(bisect_left(self._words, stem), len(self._words)):  # the words it begins, in order
            w = self._words[i]
            if not w.startswith(stem):
                break
            c = self.lexicon.concepts[w]
            if c in concepts and len(w) > len(stem):
                found.add(c)
        return found.pop() if len(found) == 1 else None

    def phrase_at(self, words: list[str], i: int) -> tuple[str, int] | None:
        """The longest lexicon phrase starting at ``words[i]``: (concept, number of words)."""
        for phrase, concept in self._phrase_index.get(self.lemma(words[i]), ()):
            n = len(phrase)
            if i + n <= len(words) and all(self.lemma(words[i + k]) == phrase[k] for k in range(1, n)):
                return concept, n
        return None


# --- numbers ---------------------------------------------------------------------------------
CARDINALS = {
    "ноль": 0, "нуль": 0, "один": 1, "одна": 1, "два": 2, "две": 2, "три": 3, "четыре": 4,
    "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10, "одиннадцать": 11,
    "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14, "пятнадцать": 15, "шестнадцать": 16,
    "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19, "двадцать": 20, "пара": 2,
    "оба": 2, "обе": 2, "двое": 2, "трое": 3, "четверо": 4, "пятеро": 5, "шестеро": 6,
}
ORDINALS = {
    "первый": 1, "второй": 2, "третий": 3, "четвертый": 4, "пятый": 5, "шестой": 6, "седьмой": 7,
    "восьмой": 8, "девятый": 9, "десятый": 10, "одиннадцатый": 11, "двенадцатый": 12,
    "тринадцатый": 13, "четырнадцатый": 14, "пятнадцатый": 15, "шестнадцатый": 16,
    "семнадцатый": 17, "восемнадцатый": 18, "девятнадцатый": 19, "двадцатый": 20,
}
_NOUN_NUMBERS = frozenset({"пара", "ноль", "нуль"})
# Forms the dictionary reads as something else first («пару» is also a form of «пар»).
_CARDINAL_FORMS = {"пару": 2, "пары": 2, "одну": 1, "одного": 1, "одной": 1, "одним": 1,
                   "двух": 2, "двум": 2, "трех": 3, "трем": 3, "обоих": 2, "обеих": 2}


@byte_cached("text_words.word_number", 1 << 20, size=lambda v: 0)
def _word_number(word: str, table: str) -> int | None:
    if table == "c":
        if word in _CARDINAL_FORMS:
            return _CARDINAL_FORMS[word]
        for p in parses(word):
            # «пара», «ноль» and «нуль» are nouns to the dictionary, but count all the same
            if p.lemma in CARDINALS and ("NUMR" in p.tag or "Anum" in p.tag or p.lemma in _NOUN_NUMBERS
                                         or "ADJF" in p.tag):
                return CARDINALS[p.lemma]
        return None
    for p in parses(word):
        if p.lemma in ORDINALS and ("Anum" in p.tag or "ADJF" in p.tag):
            return ORDINALS[p.lemma]
    return None


_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2"})


@byte_cached("text_words.case_forms", 1 << 19, size=lambda v: sys.getsizeof(v) + 56 * len(v),
             max_key=MAX_CACHED_WORD)
def _case_forms(word: str) -> frozenset[tuple[str, str]]:
    """The (case, number) pairs a word may stand in; within 512 KB, some 1,500 words."""
    return frozenset((g, "plur" if "plur" in p.tag else "sing") for p in parses(word) for g in p.tag & _CASES)


def same_case(a: str, b: str, *, number: bool = True) -> bool:
    """Whether two (normalised) words may stand in the same case and (unless ``number`` is false)
    number, as an adjective or an ordinal agrees with its noun: «орк первый», «мечника второго» do;
    «рыцарь первым» does not; «мечники …, первый …» do in case alone. A word the dictionary cannot
    decline (a number, a Latin name) agrees with anything."""
    fa, fb = _case_forms(a), _case_forms(b)
    if not number:
        fa, fb = frozenset(c for c, _ in fa), frozenset(c for c, _ in fb)  # type: ignore[misc]
    return not fa or not fb or bool(fa & fb)


def number_value(token: Token) -> int | None:
    """A cardinal: digits, or a number word in any case («двух», «одну», «пару» = 2)."""
    if token.kind == "num":
        return token.value
    if token.kind == "word" and token.text.isalpha():
        return _word_number(token.text, "c")
    return None


def ordinal_value(token: Token) -> int | None:
    """An ordinal: "2-й", "2й", or a word in any case («второго», «вторым»)."""
    if token.kind == "ord":
        return token.value
    if token.kind == "word" and token.text.isalpha():
        return _word_number(token.text, "o")
    return None


# --- suggestions -----------------------------------------------------------------------------
def suggest(word: str, vocabulary: list[str] | tuple[str, ...] | frozenset[str],
            cutoff: float = 75.0) -> str | None:
    """The closest vocabulary word to a mistyped one («передвигаеться» → «передвигается»), or
    None if nothing is close or the word is already right."""
    w = normalise(word.strip())
    if not w or not vocabulary:
        return None
    choices, normalised, known = _normalised(vocabulary)
    if w in known:
        return None
    # the same as extractOne(w, choices, processor=normalise), with the choices normalised once
    best = process.extractOne(normalise(w), normalised, scorer=fuzz.ratio, score_cutoff=cutoff)
    return choices[best[2]] if best else None


# The normalised form of each vocabulary `suggest` was given: normalising a vocabulary of a thousand
# card names took ~5 ms per unknown word. Vocabularies are ruleset data (a lexicon's words, a card
# book's names), so there are few; a tuple or frozenset is kept by value, a list is not kept.
_NORMALISED: dict[tuple[str, ...] | frozenset[str], tuple[list[str], list[str], frozenset[str]]] = {}
_NORMALISED_MAX = 64


def _normalised(vocabulary: list[str] | tuple[str, ...] | frozenset[str]) -> tuple[list[str], list[str], frozenset[str]]:
    keep = type(vocabulary) is not list
    got = _NORMALISED.get(vocabulary) if keep else None  # type: ignore[arg-type]
    if got is not None:
        return got
    choices = list(vocabulary)
    normalised = [normalise(v) for v in choices]  # what extractOne's processor made of each choice
    got = (choices, normalised, frozenset(normalised))
    if keep:
        if len(_NORMALISED) >= _NORMALISED_MAX:
            _NORMALISED.clear()
        _NORMALISED[vocabulary] = got  # type: ignore[index]
    return got


# --- does a line look like an order? -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cue:
    """Why a line looks like an order: the words or pattern that say so, and where."""

    reason: str  # "verb" (an order verb said as an order), "pattern" (sheet, arrow…), "near" (typo)
    start: int
    end: int
    word: str
    suggestion: str | None = None


_ORDER_MOODS = ("1per", "impr", "INFN")
_NARRATIVE = frozenset({"past", "PRTF", "PRTS", "GRND"})  # «защищал», «атакующий», «атакуя»


def order_cue(
    toks: list[Token],
    lemmatizer: Lemmatizer,
    verbs: frozenset[str],
    text: str = "",
    patterns: tuple[re.Pattern[str], ...] = (),
    vocabulary: tuple[str, ...] = (),
    has_reference: bool = False,
) -> Cue | None:
    """Whether a line that could not be read still looks like an order (then it deserves an error
    with a hint, not to be passed over as chatter).

    It does if a regex in `patterns` matches (a sheet, an arrow between references…), or a word
    of one of the `verbs` concepts is said as an order: first person («атакую»), imperative,
    infinitive, a noun heading with a colon («Атака:»), or any form when the line also refers to
    a game object (`has_reference`). A word that is a near-miss of `vocabulary` counts as well,
    with the suggestion. Narrative («Рыцарь защищал её всю жизнь») is not a cue.
    """
    for p in patterns:
        m = p.search(text)
        if m:
            return Cue("pattern", m.start(), m.end(), m.group())
    weak: Cue | None = None
    for i, t in enumerate(toks):
        if t.kind != "word":
            continue
        c = lemmatizer.concept(t.text)
        if c is None or c not in verbs:
            continue
        g = lemmatizer.grammemes(t.text)
        if not g.isdisjoint(_NARRATIVE):
            continue
        heading = i + 1 < len(toks) and toks[i + 1].text == ":"
        if heading or any(x in g for x in _ORDER_MOODS) or "NOUN" not in g and "past" not in g and i == 0:
            return Cue("verb", t.start, t.end, t.text)
        weak = weak or Cue("verb", t.start, t.end, t.text)
    if weak and has_reference:
        return weak
    if vocabulary:
        for t in toks:
            if t.kind == "word" and len(t.text) >= 5 and lemmatizer.concept(t.text) is None:
                near = _near(t.text, vocabulary)
                if near:
                    return Cue("near", t.start, t.end, t.text, near)
    return None


@byte_cached("text_words.near", 2 << 20, size=_shared, max_key=MAX_CACHED_WORD)
def _near_cached(word: str, vocabulary: tuple[str, ...]) -> str | None:
    best = process.extractOne(word, vocabulary, scorer=fuzz.ratio, score_cutoff=80.0)
    if not best or best[0] == word or best[0][0] != word[0]:
        return None
    return best[0]


def _near(word: str, vocabulary: tuple[str, ...]) -> str | None:
    # A real dictionary word is not a typo of an order word.
    return None if is_known(word) else _near_cached(word, vocabulary)


_CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2"})
_GENDERS = frozenset({"masc", "femn", "neut"})


def agrees(adjective: str, noun: str) -> bool:
    """Whether an adjective and the dictionary noun after it make one phrase: some reading of each in
    the same case and number, and the same gender in the singular («золотой жиле», «Козлиное стадо»,
    «чёрный день»). A reader uses it to tell an adjective of a game name said before another noun
    from the game name itself. A noun the dictionary does not know (a typo, a game word) never agrees."""
    if not is_known(noun):
        return False
    nouns = [p.tag for p in parses(noun) if "NOUN" in p.tag]
    for a in parses(adjective):
        if "ADJF" not in a.tag:
            continue
        for n in nouns:
            if not a.tag & n & _CASES:
                continue
            if "plur" in a.tag and "plur" in n:
                return True
            if "sing" in a.tag and "sing" in n and (a.tag & n & _GENDERS or "ms-f" in n):
                return True
    return False


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form of a noun agreeing with a count: 1 карта, 2 карты, 5 карт, 11 карт, 21 карта."""
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


# --- agreement -------------------------------------------------------------------------------
# Russian names for the cases a message needs, and pymorphy3's grammemes for them.
CASE_GRAMMEMES = {"nom": "nomn", "gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "loc": "loct"}
GENDERS = ("masc", "femn", "neut")


def _nominative(word: str) -> Any:
    """The dictionary's reading of ``word`` as a noun, adjective or participle in the nominative,
    or None (a number, a Latin name, a word it does not know)."""
    if not word.isalpha() or not re.fullmatch(r"[а-яё]+", word.lower()):
        return None
    for p in morph().parse(word.lower()):
        if "nomn" in p.tag and ({"NOUN", "ADJF", "PRTF"} & set(p.tag.grammemes)) and p.score > 0.01:
            return p
    return None


def _same_letter_case(written: str, form: str) -> str:
    return form[:1].upper() + form[1:] if written[:1].isupper() else form


@byte_cached("text_words.inflected", 1 << 20, size=str_bytes, max_key=2 * MAX_CACHED_WORD)
def inflect(phrase: str, case: str = "nom", plural: bool = False) -> str:
    """A noun phrase written in the nominative singular («Огненная стрела», «катапульта», «UNL-2»)
    in ``case`` (a key of `CASE_GRAMMEMES`) and, with ``plural``, in the plural: «огненной стрелы»,
    «катапульт». Adjectives agree with the noun; a word the dictionary cannot decline (a number, a
    Latin name) stays as written, and each word keeps its capital letter."""
    words = phrase.split(" ")
    parsed = [_nominative(w) for w in words]
    noun = next((p for p in parsed if p is not None and "NOUN" in p.tag), None)
    plural = plural or (noun is not None and noun.tag.number == "plur")  # «дротики» have no singular here
    out = []
    for word, p in zip(words, parsed, strict=True):
        if p is None:
            out.append(word)
            continue
        want = {CASE_GRAMMEMES[case], "plur" if plural else "sing"}
        if p is not noun and not plural and noun is not None and noun.tag.gender:
            want.add(noun.tag.gender)  # «огненной стрелы»: the adjective takes the noun's gender
        if case == "acc" and p is not noun and noun is not None and noun.tag.animacy \
                and (plural or noun.tag.gender == "masc"):
            want.add(noun.tag.animacy)  # «волчьего всадника», «огненных стрел» but «огненные стрелы»
        form = p.inflect(want)
        out.append(_same_letter_case(word, form.word) if form is not None else word)
    return " ".join(out)


@byte_cached("text_words.nominatives", 1 << 18, size=str_bytes, max_key=2 * MAX_CACHED_WORD)
def nominative(phrase: str) -> str:
    """A name or noun phrase written in another case, the way a sentence needs it («поставил
    Кузнеца», «Старого Пахаря»), in the nominative: «Кузнец», «Старый Пахарь». A phrase whose noun
    can be read as a nominative already, or that the dictionary cannot decline (a Latin name, a
    number), stays as written; adjectives agree with the noun, and each word keeps its capital."""
    words = phrase.split(" ")
    if not all(re.fullmatch(r"[а-яё]+", w.lower()) and is_known(w.lower()) for w in words):
        return phrase  # a guessed reading of a made-up name («Голем» as a form of «голь») is no reading
    readings = [morph().parse(w.lower()) for w in words]
    # one character is one thing: «Варг» as a plural form of another noun («варга») is no reading
    nouns = [next((p for p in r if "NOUN" in p.tag and "sing" in p.tag), None) for r in readings]
    k = max((i for i, p in enumerate(nouns) if p is not None), default=None)
    if k is None or _nominative(words[k]) is not None:
        return phrase
    noun = nouns[k]
    out = []
    for i, (word, options) in enumerate(zip(words, readings, strict=True)):
        if i == k:
            form = noun.inflect({"nomn"})
        else:  # an adjective in the noun's case, put in the noun's gender and number
            p = next((p for p in options if {"ADJF", "PRTF"} & set(p.tag.grammemes) and p.tag.case == noun.tag.case),
                     None)
            want = {"nomn", noun.tag.number or "sing"} | ({noun.tag.gender} if noun.tag.number != "plur" else set())
            form = p.inflect({g for g in want if g}) if p is not None else None
        out.append(_same_letter_case(word, form.word) if form is not None else word)
    return " ".join(out)


def head_noun(phrase: str) -> str | None:
    """The noun a name of several words is called by for short, in the nominative: «Кровавый
    тотем» → «тотем», «Знамя доблести» → «знамя», «Орлиный глаз» → «глаз»; None when the phrase has
    one word or the dictionary finds no noun in it."""
    words = phrase.split()
    if len(words) < 2:
        return None
    for word in words:
        p = _nominative(word)
        if p is not None and "NOUN" in p.tag:
            return word
    return None


@byte_cached("text_words.genders", 1 << 18, size=lambda v: 0, max_key=2 * MAX_CACHED_WORD)
def gender(phrase: str) -> str | None:
    """The grammatical gender of a noun phrase («катапульта» → "femn"), or None when the
    dictionary cannot tell (a Latin name, a noun used only in the plural)."""
    for word in phrase.split(" "):
        p = _nominative(word)
        if p is not None and "NOUN" in p.tag:
            return p.tag.gender if p.tag.number != "plur" else None
    return None


@byte_cached("text_words.agreeing", 1 << 18, size=str_bytes, max_key=MAX_CACHED_WORD)
def agree(word: str, gender: str | None = "masc", plural: bool = False) -> str:
    """A past-tense verb, short participle or short adjective given in the masculine singular
    («убит», «погиб», «ранен», «готов») in the form that agrees with a subject of ``gender``
    ("masc", "femn", "neut") or, with ``plural``, with several: «убита», «погибли»."""
    if not plural and gender in (None, "masc"):
        return word
    for p in morph().parse(word.lower()):
        if "masc" in p.tag and "sing" in p.tag and ({"VERB", "PRTS", "ADJS"} & set(p.tag.grammemes)):
            form = p.inflect({"plur"} if plural else {gender})
            if form is not None:
                return _same_letter_case(word, form.word)
    return word


def agree_with(phrase: str, word: str) -> str:
    """``word`` (as for `agree`) agreeing with the noun of ``phrase``: «Огненная стрела» →
    «стреляла», «Дротики» → «стреляли»; with a phrase the dictionary does not know, as given."""
    for w in phrase.split(" "):
        p = _nominative(w)
        if p is not None and "NOUN" in p.tag:
            return agree(word, plural=True) if p.tag.number == "plur" else agree(word, p.tag.gender)
    return word


def counted(n: int, one: str, few: str, many: str) -> str:
    """A number with the noun agreeing with it: «1 фигура», «3 фигуры», «5 фигур»."""
    return f"{n} {plural(n, one, few, many)}"


def joined(parts: list[str] | tuple[str, ...], last: str = "и") -> str:
    """A Russian list: «а», «а и б», «а, б и в» (``last`` «или» for a choice)."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]
