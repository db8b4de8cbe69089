"""Kozyablo order lines as items: words with their concept, card names, numbers, symbols.

The grammar never looks at raw text. `Words.scan` turns one normalised line into `Item`s:

- ``name``: a run of words that names cards, sectors or capitals from the card book in any case
  and word order («Позорного мечника», «мечник позорный», «козла-зомби», «шахте-1»), with the
  candidate card ids, the ids it names in full, a copy or sector number said after it («№2»,
  «-1», « 1») or before it («второй»), and whether it was said in the plural;
- ``phrase``: a lexicon phrase or an ability name («уходит в тень», «смыкает щиты»);
- ``word`` with its lexicon concept (``v_play``, ``w_from``…), ``race``, ``num``, ``sym``.

Card names come from cards.toml (name and aliases); their forms come from pymorphy3's paradigm of
each name word plus the regular noun endings (names the dictionary does not know: «гилен»,
«Козлодуй»). The index is built once per card book and whole scanned lines are cached by text,
since a line's items do not depend on the game state (players' names are bound later).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from letopis.engine.cache import ByteBudgetCache, items_bytes
from letopis.engine.clauses import split_clauses as core_clauses
from letopis.engine.frames import foreign_verb
from letopis.engine.names import Fit, NameIndex, spelling_key
from letopis.engine.text import (
    Lemmatizer,
    Lexicon,
    agrees,
    normalise,
    number_value,
    ordinal_value,
    parses,
    tokens,
)
from letopis.engine.text_words import is_known, morph

from .data import CardBook, fold

LEXICON_PATH = Path(__file__).with_name("lexicon.toml")

# Prepositions and conjunctions inside names («Забор с пушкой»): not indexed, skipped inside a run.
NAME_STOPS = frozenset({"с", "в", "во", "на", "и", "из", "по", "со"})
# Regular noun endings by the lemma's last letter (for names the dictionary does not know).
_ENDINGS: dict[str, tuple[str, ...]] = {
    "а": ("а", "ы", "и", "е", "у", "ой", "ою", "ей", "ам", "ами", "ах", ""),
    "я": ("я", "и", "е", "ю", "ей", "ям", "ями", "ях"),
    "й": ("й", "я", "ю", "ем", "е", "и", "ев", "ям", "ями", "ях"),
    "ь": ("ь", "я", "ю", "ем", "е", "и", "ей", "ям", "ями", "ях", "ью"),
    "о": ("о", "а", "у", "ом", "е"),
    "е": ("е", "я", "ю", "ем", "и", "ей"),
}
_CONSONANT_ENDINGS = ("", "а", "у", "ом", "е", "ы", "и", "ов", "ам", "ами", "ах", "ем", "ей")
_VOWELS_FIXED = frozenset("иоуыэю")  # «Летаро», «зомби»: indeclinable


@lru_cache(maxsize=4096)
def name_forms(word: str) -> frozenset[str]:
    """Every form a player may write for one word of a card name (or of a player's name)."""
    return frozenset(_name_forms(word))


def _name_forms(word: str) -> set[str]:
    out = {word}
    if not word.isalpha() or len(word) < 2:
        return out
    found = False
    for p in morph().parse(word):
        tag = p.tag
        if ("NOUN" in tag or "ADJF" in tag) and ("nomn" in tag or not found):
            found = found or "nomn" in tag
            out.update(normalise(f.word) for f in p.lexeme)
    last = word[-1]
    if last in _ENDINGS:
        stem = word[:-1]
        out.update(stem + e for e in _ENDINGS[last])
    elif last not in _VOWELS_FIXED:
        out.update(word + e for e in _CONSONANT_ENDINGS)
        if word.endswith("ец"):  # «щитоносец» → «щитоносца»
            out.update(word[:-2] + "ц" + e for e in _CONSONANT_ENDINGS[1:])
    return out


def name_words(text: str) -> tuple[str, ...]:
    """The matching words of a name or alias («З.шахта» → з, шахта; «Забор с пушкой» → забор, пушкой)."""
    return tuple(w for w in re.findall(r"[а-яa-z]+", normalise(fold(text))) if w not in NAME_STOPS)


class Item:
    """One piece of a line. ``kind``: word | num | sym | name | phrase | race. Spans are in the
    normalised line."""

    __slots__ = ("cards", "concept", "count", "end", "fixed", "full", "goal", "kind", "loc", "number", "ordinal",
                 "owner", "plural", "quoted", "start", "text", "value")

    def __init__(self, kind: str, start: int, end: int, text: str, concept: str | None = None,
                 value: int | str | None = None) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self.text = text
        self.concept = concept
        self.value = value
        self.cards: frozenset[str] = frozenset()
        self.full: frozenset[str] = frozenset()
        self.number: int | None = None  # «Шмель №2», «шахта-1»
        self.ordinal = False  # the number was said before the name («второй Шмель»)
        self.plural = False
        self.loc = False  # said in the locative («в шахте-1»): where something is, not where it goes
        self.goal = False  # said in the dative («к шмелю», «щитоносцу на помощь», «Сэру Позорину»): whom an
        # order goes to or helps, never who acts nor the card played
        self.quoted = False
        self.owner: tuple[str, str] | None = None  # ("faction", id) | ("own", "") | ("enemy", "") | ("race", id)
        self.count: int | None = None  # «две Пыльцы», «2 шмеля»
        self.fixed: tuple[tuple[str, str], ...] = ()  # (written, read as): a slip, short form or typo in a name

    def __repr__(self) -> str:  # for test failures
        extra = f" {self.concept}" if self.concept else ""
        extra += f" ={self.value}" if self.value is not None else ""
        extra += f" {sorted(self.cards)}" if self.cards else ""
        extra += f" №{self.number}" if self.number is not None else ""
        return f"<{self.kind} {self.text!r}{extra}>"

    def sym(self, *texts: str) -> bool:
        return self.kind == "sym" and self.text in texts

    def is_(self, *concepts: str) -> bool:
        return self.concept in concepts and self.kind in ("word", "phrase")

    def copy(self) -> Item:
        new = Item(self.kind, self.start, self.end, self.text, self.concept, self.value)
        for slot in ("cards", "full", "number", "ordinal", "plural", "loc", "goal", "quoted", "owner", "count", "fixed"):
            setattr(new, slot, getattr(self, slot))
        return new


@dataclass(frozen=True, slots=True)
class _Phrase:
    lemmas: tuple[frozenset[str], ...]
    concept: str


class Words:
    """The lexicon and the card book's names, compiled for fast look-ups."""

    def __init__(self, lexicon: Lexicon, book: CardBook) -> None:
        self.book = book
        self.lex = Lemmatizer(lexicon)
        self.lexicon = lexicon
        self.story_verbs = frozenset(normalise(w) for w in (lexicon.extra.get("story") or {}).get("verbs", ()))
        self.races: dict[str, str] = {}
        for race, words in (lexicon.extra.get("races") or {}).items():
            for w in words:
                self.races[normalise(w)] = race
        # card names: form → {(card id, base word)}
        self.forms: dict[str, set[tuple[str, str]]] = {}
        self.entries: dict[str, list[tuple[str, ...]]] = {}
        self.display: dict[str, str] = {}  # form → the card name to suggest
        for card in book.cards.values():
            for text in (card.name, *card.aliases):
                words = name_words(text)
                if not words:
                    continue
                self.entries.setdefault(card.id, []).append(words)
                for w in words:
                    for f in name_forms(w):
                        self.forms.setdefault(f, set()).add((card.id, w))
                        self.display.setdefault(f, card.name)
        self.vocabulary = tuple(sorted(self.display))
        # names as players misspell them (`letopis.engine.names`): slips folded, then short forms and typos
        self.slips: dict[str, set[tuple[str, str]]] = {}
        for f, pairs in self.forms.items():
            self.slips.setdefault(spelling_key(f), set()).update(pairs)
        self.base_words = NameIndex([(w, w) for w in sorted({b for ps in self.forms.values() for _, b in ps})])
        self.bases: dict[str, set[tuple[str, str]]] = {}
        for pairs in self.forms.values():
            for c, b in pairs:
                self.bases.setdefault(b, set()).add((c, b))
        self._fuzzy_memo: ByteBudgetCache[str, tuple[set[tuple[str, str]], str] | None] = ByteBudgetCache(
            "kozyablo.fuzzy_words", 2 << 20, size=lambda v: 0 if v is None else 300 + 80 * len(v[0]), max_key=40)
        # phrases: lexicon phrases and ability names/aliases (by lemma of each word)
        phrases: list[_Phrase] = []
        for words, concept in lexicon.phrases.items():
            phrases.append(_Phrase(tuple(self._lemma_set(w) for w in words), concept))
        self.abilities: dict[str, set[tuple[str, str]]] = {}  # concept "abn:<name>" → {(card, ability)}
        for card in book.cards.values():
            for ab in card.abilities:
                for text in (ab.name, *ab.aliases):
                    words = tuple(re.findall(r"[а-яa-z]+", normalise(text)))
                    if not words:
                        continue
                    concept = "abn:" + " ".join(words)
                    self.abilities.setdefault(concept, set()).add((card.id, ab.id))
                    phrases.append(_Phrase(tuple(self._lemma_set(w) for w in words), concept))
                self.abilities.setdefault("abid:" + ab.id, set()).add((card.id, ab.id))
        self.phrase_index: dict[str, list[_Phrase]] = {}
        for ph in sorted(phrases, key=lambda p: -len(p.lemmas)):
            for first in ph.lemmas[0]:
                self.phrase_index.setdefault(first, []).append(ph)
        self.ability_ids = {ab.id for card in book.cards.values() for ab in card.abilities}
        self.verb_forms = _verb_forms(lexicon)
        self.verb_form_set = frozenset(self.verb_forms)
        self.anagrams = {"".join(sorted(f)): f for f in self.verb_forms if len(f) >= 4}
        self._scans: ByteBudgetCache[str, tuple[Item, ...]] = ByteBudgetCache(
            "kozyablo.scanned_lines", 8 << 20, size=items_bytes(320), max_key=2_000)

    def _lemma_set(self, word: str) -> frozenset[str]:
        w = normalise(word)
        fixed = self.lexicon.lemmas.get(w)
        return frozenset({w, fixed}) if fixed else frozenset({w, self.lex.lemma(w)})

    # --- scanning --------------------------------------------------------------------------------
    def scan(self, norm: str) -> list[Item]:
        """The items of one normalised line (a fresh list of fresh items each call)."""
        got = self._scans.get(norm)
        if got is None:
            got = tuple(self._scan(norm))
            if len(self._scans) > 20_000:
                self._scans.clear()
            self._scans[norm] = got
        return [it.copy() for it in got]

    def _scan(self, norm: str) -> list[Item]:
        raw: list[Item] = []
        for t in tokens(norm):
            if t.kind == "word" and "-" in t.text:
                pos = t.start
                for part in t.text.split("-"):
                    if part:
                        raw.append(Item("word", pos, pos + len(part), part))
                    pos += len(part) + 1
            elif t.kind == "ord":
                raw.append(Item("ord", t.start, t.end, t.text, value=t.value))
            else:
                raw.append(Item(t.kind, t.start, t.end, t.text, value=t.value))
        raw = self._ability_ids(raw)
        items = self._phrases(raw)
        items = self._names(items)
        out: list[Item] = []
        for it in items:
            if it.kind == "word":
                race = self.races.get(it.text) or self.races.get(self.lex.lemma(it.text))
                if race is not None:
                    it.kind, it.value = "race", race
                else:
                    it.concept = self.concept(it.text)
                    if it.concept == "w_capital":  # «в столице»: where, as for a named sector
                        it.loc = _locative([p.tag for p in parses(it.text)])
            out.append(it)
        out = self._numbers(out, norm)
        inside = False
        for it in out:
            if it.sym("«"):
                inside = True
            elif it.sym("»"):
                inside = False
            elif inside:
                it.quoted = True
        return out

    def _ability_ids(self, raw: list[Item]) -> list[Item]:
        """An ability written by its id («regeneratsiya», «somknut_shchity»): what `to_text` prints
        when it is not given the ability's name."""
        if not any(it.kind == "word" and it.text.isascii() for it in raw):
            return raw
        out: list[Item] = []
        i = 0
        while i < len(raw):
            it = raw[i]
            if it.kind == "word" and it.text.isascii():
                j, text = i, it.text
                while j + 2 < len(raw) and raw[j + 1].sym("_") and raw[j + 2].kind == "word" \
                        and raw[j + 1].start == raw[j].end and raw[j + 2].start == raw[j + 1].end:
                    j += 2
                    text += "_" + raw[j].text
                if text in self.ability_ids:
                    out.append(Item("phrase", it.start, raw[j].end, text, "abid:" + text))
                    i = j + 1
                    continue
            out.append(it)
            i += 1
        return out

    def concept(self, word: str) -> str | None:
        c = self.lexicon.concepts.get(word)
        if c is None and word.isalpha() and len(word) > 1:
            c = self.lex.concept(word)
        return c

    def _phrases(self, raw: list[Item]) -> list[Item]:
        out: list[Item] = []
        i = 0
        n = len(raw)
        while i < n:
            it = raw[i]
            hit = None
            if it.kind == "word":
                for first in self.lex.lemmas(it.text):
                    for ph in self.phrase_index.get(first, ()):
                        k = len(ph.lemmas)
                        if hit is not None and k <= hit[1]:
                            continue
                        if self._phrase_at(raw, i, ph):
                            hit = (ph.concept, k)
            if hit is None:
                out.append(it)
                i += 1
                continue
            concept, k = hit
            last = raw[i + k - 1]
            out.append(Item("phrase", it.start, last.end, " ".join(r.text for r in raw[i:i + k]), concept))
            i += k
        return out

    def _phrase_at(self, raw: list[Item], i: int, ph: _Phrase) -> bool:
        if i + len(ph.lemmas) > len(raw):
            return False
        for k, lemmas in enumerate(ph.lemmas):
            it = raw[i + k]
            if it.kind != "word":
                return False
            if k == 0:
                continue
            if it.text not in lemmas and lemmas.isdisjoint(self.lex.lemmas(it.text)):
                return False
        return True

    def fuzzy(self, word: str) -> tuple[set[tuple[str, str]], str] | None:
        """The card-name words a written word that is no known form stands for, and what it was
        read as: a spelling slip («мечникк», «гиллен»), a short form («огн», «лучн») or a typo of
        one or two letters («литаро»). Every equally good fit is kept: the table resolvers then
        ask which card, never guess."""
        if word in self._fuzzy_memo:
            return self._fuzzy_memo[word]
        got = None
        if len(word) >= 3 and word.isalpha() and word not in NAME_STOPS and self.concept(word) is None \
                and not is_known(word):
            slip = self.slips.get(spelling_key(word))
            if slip:
                got = (set(slip), min(slip)[1])
            else:
                fits: dict[int, list[str]] = {}
                for base in self.bases:
                    if base[:1] != word[:1]:
                        continue
                    f = self.base_words.word_fit(word, base)
                    if f is not None and f >= Fit.SLIP:
                        fits.setdefault(int(f), []).append(base)
                if fits:
                    best = fits[min(fits)]
                    got = ({p for b in best for p in self.bases[b]}, best[0])
        if len(self._fuzzy_memo) < 20_000:
            self._fuzzy_memo[word] = got
        return got

    def _forms(self, it: Item) -> tuple[set[tuple[str, str]] | None, str | None]:
        if it.kind != "word" or it.text in NAME_STOPS:
            return None, None
        pairs = self.forms.get(it.text)
        if pairs:
            return pairs, None
        got = self.fuzzy(it.text)
        return (got[0], got[1]) if got else (None, None)

    def _abbrev(self, it: Item) -> tuple[set[tuple[str, str]] | None, str | None]:
        """A word cut short before a dot («поз.», «ист.»): the card-name words it begins."""
        w = it.text
        if it.kind != "word" or len(w) < 3 or not w.isalpha() or w in NAME_STOPS:
            return None, None
        bases = sorted(b for b in self.bases if b.startswith(w) and b != w)
        if not bases:
            return None, None
        return {p for b in bases for p in self.bases[b]}, bases[0]

    def _names(self, items: list[Item]) -> list[Item]:
        out: list[Item] = []
        i = 0
        n = len(items)
        while i < n:
            it = items[i]
            pairs, fixed_as = self._forms(it)
            if not pairs and i + 2 < n and items[i + 1].sym(".") and items[i + 2].kind == "word":
                pairs, fixed_as = self._abbrev(it)  # «Поз. лучника», «ист. энергии-1»
            if not pairs:
                out.append(it)
                i += 1
                continue
            fixed = [(it.text, fixed_as)] if fixed_as else []
            cands = {c for c, _ in pairs}
            matched = set(pairs)
            said: list[set[tuple[str, str]]] = [set(pairs)]  # what each word of the run may be
            run_end = i
            j = i + 1
            while j < n:
                nxt = items[j]
                skip = 0
                if (nxt.kind == "word" and nxt.text in NAME_STOPS or nxt.sym(".") and len(items[j - 1].text) == 1
                        or nxt.sym(".") and fixed and fixed[-1][0] == items[j - 1].text) and j + 1 < n:
                    skip, nxt = 1, items[j + 1]
                more, more_as = self._forms(nxt)
                if not more and j + 2 < n and items[j + 1].sym(".") and items[j + 2].kind == "word":
                    more, more_as = self._abbrev(nxt)
                if not more:
                    break
                common = {c for c in cands & {c for c, _ in more} if self._one_entry(c, [*said, more])}
                if not common or ({b for _, b in more} & {b for _, b in matched} and skip):
                    break  # «лучника и лучника»: the same word twice is two names
                if more_as:
                    fixed.append((nxt.text, more_as))
                cands = common
                matched |= more
                said.append(more)
                run_end = j + skip
                j = run_end + 1
            words = items[i:run_end + 1]
            if self._adjective_of_another(words, items[run_end + 1] if run_end + 1 < n else None):
                out.append(it)  # «к золотой жиле», «Козлиное стадо»: not «Золотая шахта», not a card
                i += 1
                continue
            name = Item("name", it.start, words[-1].end, " ".join(w.text for w in words))
            name.cards = frozenset(cands)
            name.fixed = tuple(fixed)
            said = {b for c, b in matched if c in cands}
            name.full = frozenset(c for c in cands
                                  if any(all(w in said for w in entry) and len(entry) <= len(words)
                                         for entry in self.entries.get(c, ())))
            name.plural = "plur" in parses(words[-1].text)[0].tag
            head = next((w for w in words if any("NOUN" in p.tag for p in parses(w.text))), words[-1])
            tags = [p.tag for p in parses(head.text)]
            name.loc = _locative(tags)
            prev = out[-1] if out else None
            toward = prev is not None and prev.kind == "word" and prev.text in ("к", "ко")
            target = prev is not None and prev.kind == "word" and prev.text == "по"  # «по гилену»: a target
            name.goal = toward or (not target and bool(tags) and all("datv" in t for t in tags))
            out.append(name)
            i = run_end + 1
        return out

    def side(self, it: Item) -> str | None:
        """The race a name stands for when it names a side, not a card: the race's own word for
        several of its cards («козлы», «трутней»), or an adjective in the plural that many cards of
        one race share («позорные», «козлиные»)."""
        if it.kind != "name" or it.quoted or len(it.cards) < 2:
            return None
        if it.text in self.races:
            return self.races[it.text]
        if not all({"ADJF", "plur"} <= parses(w)[0].tag for w in it.text.split()):
            return None
        races = {self.book.card(c).race for c in it.cards}
        return races.pop() if len(races) == 1 and None not in races else None

    def _one_entry(self, card: str, said: list[set[tuple[str, str]]]) -> bool:
        """Every word of a run may be a word of one and the same name of the card: «шахта рудник» is
        two sectors written without a comma, though «Золотая шахта» is also called «золотой рудник»."""
        return any(all(any(c == card and b in entry for c, b in word) for word in said)
                   for entry in self.entries.get(card, ()))

    def _adjective_of_another(self, words: list[Item], nxt: Item | None) -> bool:
        """The words of a name are only its adjectives, and the dictionary noun right after them
        agrees with them: they describe that noun («золотой жиле», «Козлиное стадо», «чёрный
        день»), so no card is named. A game word after them («Козлиную столицу», «позорного
        героя») keeps the name."""
        if nxt is None or nxt.kind != "word" or not nxt.text.isalpha() or nxt.text in NAME_STOPS:
            return False
        if not all("ADJF" in parses(w.text)[0].tag for w in words):
            return False
        if self.concept(nxt.text) is not None or self.book.type_of_word(nxt.text) \
                or self.book.type_of_word(self.lex.lemma(nxt.text)):
            return False
        return agrees(words[-1].text, nxt.text)

    def _numbers(self, items: list[Item], norm: str) -> list[Item]:
        """Attach «№2», «-1» (no space) and a bare number after a sector name, and an ordinal before
        a name, to the name; mark names inside «…»."""
        out: list[Item] = []
        i = 0
        n = len(items)
        while i < n:
            it = items[i]
            if it.kind == "name":
                j = i + 1
                if j + 1 < n and items[j].sym("№") and items[j + 1].kind == "num" or j + 1 < n and items[j].sym("-") and items[j].start == it.end and items[j + 1].kind == "num" \
                        and items[j + 1].start == items[j].end:
                    it.number, it.end = items[j + 1].value, items[j + 1].end  # type: ignore[assignment]
                    i = j + 2
                elif j < n and items[j].kind == "num" and (items[j].value or 0) <= 9 and (self._place(it) or (
                        j + 1 < n and (items[j + 1].sym("→", "-", ":") or items[j + 1].kind == "word"
                                       and (items[j + 1].concept or "").startswith("v_")))):
                    # «рудник 2», «Шмель 2 летит…»: the number of the copy
                    it.number, it.end = items[j].value, items[j].end  # type: ignore[assignment]
                    i = j + 1
                elif j < n and self._place(it) and (said := _index_word(items[j], items[j + 1] if j + 1 < n else None)):
                    it.number, it.end = said, items[j].end  # «в шахту два», «из рудника один»: its number in words
                    i = j + 1
                else:
                    i += 1
                if out and it.number is None:
                    prev = out[-1]
                    val = ordinal_value(_as_token(prev)) if prev.kind in ("word", "ord") else None
                    if val is not None:
                        out.pop()
                        it.number, it.ordinal, it.start = val, True, prev.start
                out.append(it)
                continue
            out.append(it)
            i += 1
        return out

    def _place(self, it: Item) -> bool:
        """The name names only sectors or capitals (a bare number after it is its number)."""
        return bool(it.cards) and all(self.book.card(c).type in ("sector", "capital") for c in it.cards)


def _locative(tags: list[frozenset[str]]) -> bool:
    """The word can only be in the locative («в шахте», «в столице»), not where something goes."""
    return any("loct" in t or "loc2" in t for t in tags) and not any("nomn" in t or "accs" in t for t in tags)


def _index_word(it: Item, nxt: Item | None) -> int | None:
    """A cardinal in words after a sector's name is its number («шахта два»), unless it counts the
    name after it («в шахту два шмеля»)."""
    if it.kind != "word" or it.concept is not None:
        return None
    value = number_value(_as_token(it))
    if value is None or not 1 <= value <= 9 or nxt is not None and nxt.kind in ("name", "race"):
        return None
    if nxt is not None and nxt.kind == "word" and any("NOUN" in p.tag for p in parses(nxt.text)[:1]):
        return None
    return value


def _as_token(it: Item):
    from letopis.engine.text import Token

    return Token(it.text, it.start, it.end, "ord" if it.kind == "ord" else "word",
                 it.value if isinstance(it.value, int) else None)


def _verb_forms(lexicon: Lexicon) -> tuple[str, ...]:
    """The order verbs as players write them (first and third person), for «может быть, «атакую»?»."""
    out: set[str] = set()
    heads = [(word, concept) for word, concept in lexicon.concepts.items()]
    heads += [(words[0], concept) for words, concept in lexicon.phrases.items() if len(words) > 1]
    for word, concept in heads:
        if not concept.startswith(("v_", "ab_", "d_")) or not word.isalpha():
            continue
        out.add(word)
        for p in morph().parse(word):
            if "INFN" not in p.tag:
                continue
            for grams in ({"1per", "sing", "pres"}, {"1per", "sing", "futr"}, {"3per", "sing", "pres"},
                          {"3per", "sing", "futr"}):
                form = p.inflect(grams)
                if form is not None:
                    out.add(normalise(form.word))
    return tuple(sorted(out))


@cache
def words_for(book: CardBook) -> Words:
    """The compiled words of a card book (one per book; books are loaded once per file)."""
    return Words(Lexicon.load(LEXICON_PATH), book)


def clauses_of(norm: str, items: list[Item], words: Words | None = None) -> list[list[Item]]:
    """Sentences of a line, and within them the clauses the shared core splits at «…, затем …»,
    «а потом», «и ещё», «;» (`letopis.engine.clauses`): each clause is read as an order of its own.
    With ``words``, an order word a clause only talks about loses its concept (`talked_about`)."""
    parts = core_clauses(norm)
    if len(parts) == 1:
        out = split_clauses(items)
    else:
        out = []
        for c in parts:
            got = split_clauses([it for it in items if it.start >= c.start and it.end <= c.end])
            if out and got and c.connector.split()[-1:] in (["еще"], ["раз"]) and _objects_only(got[0]):
                out[-1] += got.pop(0)  # «Рой бьёт мечника и ещё раз лучника»: the same order, one more object
            elif out and got and c.connector == ";" and _list_goes_on(out[-1], got[0]):
                # «Атакую в …: мечник → гилен; лучник → Позорище»: the list after the colon goes on
                out[-1] += [it for it in items if out[-1][-1].end <= it.start < got[0][0].start] + got.pop(0)
            out += got
    if words is not None:
        for cl in out:
            talked_about(cl, words)
    return out


def _list_goes_on(before: list[Item], cl: list[Item]) -> bool:
    """The clause before opened a list of targets with its attack or strike word and a colon, and
    this one has no order word of its own: it is the list's next item."""
    return any(it.sym(":") for it in before) and any(it.is_("v_attack", "v_strike") for it in before) \
        and not any(_order_word(it) for it in cl)


def _order_word(it: Item) -> bool:
    return it.kind in ("word", "phrase") and (it.concept or "").startswith(("v_", "d_", "ab"))


def _objects_only(cl: list[Item]) -> bool:
    """A clause of names and little words, with no order word and no «→», «:» or «—» of its own:
    the object of the clause before, said again («и ещё раз мечника»)."""
    return any(it.kind == "name" for it in cl) and not any(
        it.sym("→", ":", "-") or it.kind in ("word", "phrase") and (it.concept or "").startswith(("v_", "d_", "ab"))
        for it in cl)


# Prepositions that make an order noun the thing talked about: «готов к бою», «после атаки», «до замеса».
_GOVERNING = frozenset({"к", "ко", "после", "до", "перед", "для", "от", "о", "об", "про", "при", "без", "вместо",
                        "насчет", "против", "ради", "кроме"})
_COPULAS = frozenset({"быть", "стать", "становиться", "являться"})
_AUXILIARY = frozenset({"буду", "будешь", "будет", "будем", "будете", "будут", "будь", "давай", "давайте"})
# Verbs that only carry an order said as a noun («делаю добор», «устраиваю штурм»).
LIGHT_VERBS = frozenset({"делать", "сделать", "проводить", "провести", "совершать", "совершить", "объявлять",
                          "объявить", "выполнять", "выполнить", "устраивать", "устроить", "начинать", "начать"})


def talked_about(cl: list[Item], words: Words) -> None:
    """Order words a clause only talks about lose their concept, so that the grammar reads the
    clause by what else it says:

    - an order said as a noun («атака», «бой», «замес», «перемещение», «добор») is an order when
      the clause says it (a heading, a cry, «Атака на шахту-1»), not when a preposition governs it
      («готов к бою», «после атаки»), the clause says whose it is («у колдуна атака магией»), or
      the clause's verb is another, no order word («Прошлая атака была жаркой», «Мечник рвётся в
      бой») but one that only carries it («делаю добор»);
    - an order verb in the infinitive beside a predicative word, with no card or sector named, is
      a judgement about it («Прятаться бесполезно», «Атаковать рано», «Уклоняться поздно»)."""
    said = [k for k, it in enumerate(cl) if it.kind in ("word", "phrase") and it.concept is not None
            and it.concept.startswith(("v_", "d_", "ab"))]
    if not said:
        return
    heads = [(k, parses(cl[k].text.split()[0])[0].tag) for k in said]
    story = None
    if any("NOUN" in tag for _, tag in heads):
        story = foreign_verb([it.text for it in cl if it.kind == "word" and it.text not in _AUXILIARY
                              and words.lex.lemma(it.text) not in LIGHT_VERBS], words.lex) or next(
            # «Прошлый бой … был жарким»: a copula in the past says what the order noun was (the
            # shared foreign_verb leaves copulas out: «у него будет 5» is a restatement)
            (it.text for it in cl if it.kind == "word" and it.concept is None and words.lex.lemma(it.text) in _COPULAS
             and "past" in parses(it.text)[0].tag), None)
    judged = not any(it.kind in ("name", "place", "capital") for it in cl) and all("INFN" in tag for _, tag in heads) \
        and any(it.kind == "word" and it.concept is None and ({"PRED", "Prdx"} & parses(it.text)[0].tag) for it in cl)
    for k, tag in heads:
        prev = cl[k - 1] if k else None
        governed = prev is not None and prev.kind == "word" and prev.text in _GOVERNING
        owned = k > 1 and prev is not None and prev.kind == "name" and cl[k - 2].kind == "word" and cl[k - 2].text == "у"
        if judged or cl[k].kind == "word" and "NOUN" in tag and (story is not None or governed or owned):
            cl[k].concept = None


def split_clauses(items: list[Item]) -> list[list[Item]]:
    """Sentences of a line: split at «.», «!», «?», «;» and «…» (not the dot of «З.шахта»)."""
    out: list[list[Item]] = [[]]
    for k, it in enumerate(items):
        if it.sym(".", "!", "?", ";", "…"):
            prev = items[k - 1] if k else None
            if it.text == "." and prev is not None and prev.kind == "word" and len(prev.text) == 1:
                continue  # «з.» of «З.шахта»
            if it.text == "." and prev is not None and prev.kind == "name" and any(
                    read.startswith(w) and len(w) < len(read) and prev.text.endswith(w) for w, read in prev.fixed):
                continue  # «Лучн. в источник-1»: the dot of a short name
            if out[-1]:
                out.append([])
            continue
        out[-1].append(it)
    return [c for c in out if c]
