"""What a wargame order line mentions, with spans into its normalised text (checklist §3).

A line is cut into tokens (`letopis.engine.text_words.tokens`), then read left to right into
`Item`s:

- figures: a type name in any case, abbreviated or with a typo (`engine.names.NameIndex` over the
  army lists' names and their case forms), with its number written every way players write it
  («мечник №2», «мечника № 2», «мечник #2», «мечник 2», «мечник-2», «второй лучник», «2-й
  лучник»), in groups («мечники №1–3», «мечники 1, 2 и 4», «все лучники», «оба лучника»), with a
  colour before or after it for another player's figures («красный орк №3», «орк №3 Красных»); a
  bare «№2» takes the type named last on the line («убиты орки №1 и №3, ранен №2»);
- cells: «12-7», «12–7», «12 - 7», «(12,7)», with the role the word or arrow before them gives
  («на», «с», «через», «→»);
- an ОМ annotation «(3 ОМ)»; weapons by name («пушка А», «магическая стрела»); artifacts by name;
  sides by colour or player name; lexicon concepts (words and phrases, `lexicon.toml`).

`Vocabulary` holds one battle's indexes (built once per set of army lists and players).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from letopis.engine.cache import ByteBudgetCache, byte_cached, items_bytes
from letopis.engine.clauses import group_word
from letopis.engine.names import Fit, NameIndex
from letopis.engine.text_norm import normalise
from letopis.engine.text_words import (
    Lemmatizer,
    Lexicon,
    Token,
    head_noun,
    number_value,
    ordinal_value,
    same_case,
    tokens,
)

from ..state import State

LEXICON_PATH = Path(__file__).resolve().parent.parent / "lexicon.toml"
COLOUR_STEMS = {"син": "blue", "красн": "red", "зелен": "green", "желт": "yellow"}
_COLOUR = re.compile(r"^(син|красн|зелен|желт)(ий|ый|ая|ое|ие|ые|его|ого|ему|ому|им|ым|ей|ой|ую|юю|ю|их|ых|ими|ыми|ем|ом|ь)?$")
ROLE_WORDS = {"на": "to", "в": "to", "во": "to", "к": "to", "ко": "to", "до": "to", "→": "to",
              "с": "from", "со": "from", "из": "from", "от": "from", "через": "via", "по": "target"}
CELL_WORDS = frozenset({"клетка", "клетку", "клетке", "клетки", "клеткой", "кл", "поле", "позицию", "позиция",
                        "позиции", "точку", "точка"})
# «шаман к вождю на 12-6», «встаёт у катапульты»: a figure after these words says where, it does not act
NEAR_WORDS = frozenset({"к", "ко", "у", "возле", "около", "рядом", "вокруг", "мимо", "вдоль", "подле", "вблизи",
                        "напротив", "позади", "сзади", "перед", "между"})
FOLLOW_WORDS = frozenset({"следом", "вслед"})  # «следом за капитаном»: the one followed does not move
REST_WORDS = frozenset({"остальные", "остальных", "остальным", "остальными", "прочие", "прочих", "другие"})


@dataclass(frozen=True, slots=True)
class Item:
    """One thing a line says. ``kind``: fig | cell | om | weapon | artifact | side | rest | group |
    concept | num | word | sym."""

    kind: str
    start: int
    end: int
    value: Any = None
    text: str = ""
    role: str | None = None
    fit: Fit = Fit.EXACT
    # figures
    figs: tuple[str, ...] = ()  # the figures meant (own first when the poster has that type)
    alt: tuple[str, ...] = ()  # the enemy's figures of the same name, when `figs` are the poster's
    own: bool = False
    many: bool = False  # a group («мечники №1–3», «все лучники»)
    type_key: str | None = None
    error: str | None = None  # "which": a type with several figures and no number; "number": no such number
    coloured: bool = False


@cache
def lexicon() -> Lexicon:
    with open(LEXICON_PATH, "rb") as f:
        return Lexicon.from_dict(tomllib.load(f))


@cache
def lemmatizer() -> Lemmatizer:
    return Lemmatizer(lexicon())


def concept_name(concept: str | None) -> str | None:
    """The concept without its ``v_`` mark (the lexicon names its action verbs ``v_move``…, the
    way the phrasing tests find a line's verb)."""
    return concept[2:] if concept and concept.startswith("v_") else concept


# Forms of «остаться» that restate the state («осталось 2 ОМ») rather than order a hold.
RESTATING_HOLD = frozenset({"осталось", "оставалось"})
# «из обеих пушек», «всеми орудиями»: every weapon of the machine named
WEAPON_WORDS = frozenset({"пушек", "пушками", "пушки", "пушкам", "орудий", "орудиями", "орудия", "стволов",
                          "стволами", "стволы"})


@byte_cached("wargame.fixed_words", 1 << 20, max_key=40)
def fixed_word(word: str) -> str:
    """A mistyped order word as it was meant («сттреляем» → «стреляем», «телепартирует» →
    «телепортировать», «ранин» → «ранен»): a word the dictionary does not know, with its slips
    folded (`spelling_key`) into a known word, or one letter off (two for long words) a lexicon
    word or the lemma the dictionary guesses for it. Any other word is returned as it is."""
    from rapidfuzz.distance import DamerauLevenshtein

    from letopis.engine.names import spelling_key
    from letopis.engine.text_words import is_known

    if len(word) < 5 or not word.isalpha() or is_known(word):
        return word
    folded = spelling_key(word)
    if folded != word and is_known(folded):
        return folded
    lem = lemmatizer()
    forms = {word, folded, *lem.lemmas(word)}
    best: tuple[int, str] | None = None
    for known in lem.lexicon.concepts:
        if len(known) < 4 or known[:1] != word[:1] or " " in known:
            continue
        limit = 1 if len(known) < 8 else 2
        for f in forms:
            if abs(len(f) - len(known)) > limit:
                continue
            d = DamerauLevenshtein.distance(f, known, score_cutoff=limit)
            if d <= limit and (best is None or d < best[0]):
                best = (d, known)
    return best[1] if best else _repaired(word, lem) or word


_VOWELS = "аеёиоуыэюя"


def _repaired(word: str, lem: Lemmatizer) -> str | None:
    """A dictionary form of an order word one slip of the fingers away: two neighbouring letters
    swapped («стрелеям» → «стреляем») or one vowel mistaken («стриляем»). Inflected forms are far
    from the lexicon's infinitives by letters, so they are repaired to a word the dictionary knows
    and whose lemma the lexicon names; the trials are a few dozen dictionary lookups."""
    from letopis.engine.text_words import is_known

    trials = [word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1)]
    trials += [word[:i] + v + word[i + 1:] for i, c in enumerate(word) if c in _VOWELS and i
               for v in _VOWELS if v != c]
    for trial in trials:
        if is_known(trial) and lem.concept(trial) is not None:
            return trial
    return None


def near_concept(word: str) -> str | None:
    """The concept of a mistyped order word (see `fixed_word`), or None."""
    fixed = fixed_word(word)
    return lemmatizer().concept(fixed) if fixed != word else None


def _name_words(name: str) -> str:
    return " ".join(t.text for t in tokens(normalise(name)))


_VOCAB_SERIALS = itertools.count()


@dataclass
class Vocabulary:
    types: NameIndex  # name form → (type key, plural?)
    weapons: NameIndex  # weapon name → (type key, weapon key)
    artifacts: NameIndex  # artifact name → artifact key
    players: NameIndex  # player name → faction
    counts: dict[str, int] = field(default_factory=dict)  # type key → how many in its army
    serial: int = field(default_factory=lambda: next(_VOCAB_SERIALS))  # names the scanned lines it read


def _vocab_key(state: State) -> tuple:
    return tuple((f, p.name, p.army.key, tuple((s.type, s.name, s.acc, s.dat, s.plural, s.count) for s in p.army.figure))
                 for f, p in sorted(state.players.items()))


_VOCABS: dict[tuple, Vocabulary] = {}


def vocabulary(state: State) -> Vocabulary:
    key = _vocab_key(state)
    got = _VOCABS.get(key)
    if got is not None:
        return got
    lem = lemmatizer()
    type_entries: list[tuple[str, tuple[str, bool]]] = []
    weapon_entries: list[tuple[str, tuple[str, str]]] = []
    artifact_entries: list[tuple[str, str]] = []
    counts: dict[str, int] = {}
    seen: set[tuple[str, str]] = set()
    for p in state.players.values():
        for s in p.army.figure:
            counts[s.type] = s.count
            for form, plural in ((s.name, False), (s.acc, False), (s.dat, False), (s.plural, True)):
                k = (_name_words(form), s.type)
                if k not in seen:
                    seen.add(k)
                    type_entries.append((k[0], (s.type, plural)))
            for w in s.weapons:
                weapon_entries.append((_name_words(w.name), (s.type, w.key)))
        for a in p.army.artifact:
            artifact_entries.append((a.name, a.key))
            head = head_noun(a.name)
            if head is not None:  # «тотем» for «Кровавый тотем», «знамя» for «Знамя доблести»
                artifact_entries.append((head, a.key))
    got = Vocabulary(
        types=NameIndex(type_entries, lem), weapons=NameIndex(weapon_entries, lem),
        artifacts=NameIndex(artifact_entries, lem),
        players=NameIndex([(p.name, f) for f, p in state.players.items()], lem, typos=False), counts=counts)
    if len(_VOCABS) > 64:
        _VOCABS.clear()
    _VOCABS[key] = got
    return got


@byte_cached("wargame.colours", 1 << 19, size=lambda v: 0, max_key=40)
def colour_of(word: str) -> str | None:
    m = _COLOUR.match(word)
    return COLOUR_STEMS[m.group(1)] if m else None


def _is_num(toks: list[Token], j: int) -> bool:
    return 0 <= j < len(toks) and toks[j].kind == "num"


def _is(toks: list[Token], j: int, text: str) -> bool:
    return 0 <= j < len(toks) and toks[j].text == text


def _tight(toks: list[Token], j: int) -> bool:
    """Whether token j touches the tokens on both sides («1-3», not «3 - 19»)."""
    return 0 < j < len(toks) - 1 and toks[j - 1].end == toks[j].start and toks[j].end == toks[j + 1].start


def cell_at(toks: list[Token], j: int) -> bool:
    """Whether a cell «x-y» (or «x:y», written tight) starts at token j (not «№1-3», not the «2» of
    «мечник 2 - 5-2»)."""
    if _is_num(toks, j) and _is(toks, j + 1, ":") and _is_num(toks, j + 2) and _tight(toks, j + 1) \
            and not _is(toks, j - 1, "№"):
        return True
    if not (_is_num(toks, j) and _is(toks, j + 1, "-") and _is_num(toks, j + 2)):
        return False
    if _is(toks, j - 1, "№"):
        return False
    return not (_is(toks, j + 3, "-") and _is_num(toks, j + 4) and not _is(toks, j - 1, "-"))


def _cells_in_words(toks: list[Token]) -> list[Token]:
    """«на шесть-шесть», «двенадцать-8»: a cell's numbers said in words, joined by a dash written
    tight, are numbers."""
    out: list[Token] = []
    for t in toks:  # «шесть-шесть» is one word to the tokenizer
        a, dash, b = t.text.partition("-")
        if t.kind == "word" and dash and a.isalpha() and b.isalpha():
            x, y = (number_value(Token(w, 0, len(w), "word")) for w in (a, b))
            if x is not None and y is not None:
                mid = t.start + len(a)
                out += [Token(a, t.start, mid, "num", x), Token("-", mid, mid + 1, "sym"),
                        Token(b, mid + 1, t.end, "num", y)]
                continue
        out.append(t)
    for j in range(1, len(out) - 1):
        if out[j].text == "-" and _tight(out, j) and "word" in (out[j - 1].kind, out[j + 1].kind):
            pair = [number_value(out[k]) for k in (j - 1, j + 1)]
            if None not in pair:
                for k, v in zip((j - 1, j + 1), pair):
                    out[k] = Token(out[k].text, out[k].start, out[k].end, "num", v)
    return out


@dataclass(frozen=True, slots=True)
class _Ref:
    """A figure reference as written, before it is matched to the battle's figures: the numbers
    named (None: none) and the colour of the side named."""

    numbers: tuple[int, ...] | None
    colour: str | None
    wounded: bool = False  # «раненого мечника»: the wounded one of the type
    count: int | None = None  # «все три орка»: how many the group word says there are


# The items of scanned lines, before figure references are resolved (keyed by the text, the
# vocabulary's serial and the battle's colours): 4 MB, some 2,000 lines of ten items; a line over
# 400 characters is not read as orders and not kept. The live check reads the post again at every
# keystroke, and all its lines but one are the same.
_SCANNED: ByteBudgetCache[tuple, tuple[Item, ...]] = ByteBudgetCache(
    "wargame.scanned_lines", 4 << 20, size=items_bytes(200), max_key=400)


class Scanner:
    """Reads one normalised line into items for one poster."""

    def __init__(self, state: State, faction: str, vocab: Vocabulary) -> None:
        self.state = state
        self.faction = faction
        self.vocab = vocab
        self.lem = lemmatizer()
        self.colour_side = {p.colour: f for f, p in state.players.items()}
        self.side_colour = {f: c for c, f in self.colour_side.items()}
        self._lines_key = (vocab.serial, tuple(sorted(self.colour_side.items())))
        # the figures of each side and type in army-list order, and the sides that field each type:
        # looked up for every figure a line names, built once per post
        self._figures: dict[tuple[str, str], list] = {}
        for f in sorted(state.figures.values(), key=lambda f: f.order):
            self._figures.setdefault((f.side, f.type), []).append(f)
        self._sides: dict[str, list[str]] = {}
        for side in state.factions:
            for spec in state.players[side].army.figure:
                sides = self._sides.setdefault(spec.type, [])
                if side not in sides:
                    sides.append(side)

    # --- figures ---------------------------------------------------------------------------
    def sides_with(self, type_key: str) -> list[str]:
        return self._sides.get(type_key, [])

    def figures_of(self, side: str, type_key: str, numbers: list[int] | None, many: bool) -> tuple[tuple[str, ...], str | None]:
        figs = self._figures.get((side, type_key), [])
        if numbers:
            out = []
            for n in numbers:
                hit = next((f.id for f in figs if f.number == n), None)
                if hit is None:
                    return (), "number"
                out.append(hit)
            return tuple(out), None
        alive = [f for f in figs if f.alive]
        if many:
            return tuple(f.id for f in alive), None
        if len(figs) == 1:
            return (figs[0].id,), None
        if len(alive) == 1:
            return (alive[0].id,), None
        return tuple(f.id for f in alive), "which"

    def _wounded(self, figs: tuple[str, ...], alt: tuple[str, ...], err: str | None
                 ) -> tuple[tuple[str, ...], tuple[str, ...], str | None]:
        """«раненого мечника»: of the figures a name may mean, the wounded ones (when any are)."""
        hurt = tuple(f for f in figs if self.state.figures[f].wounded)
        hurt_alt = tuple(f for f in alt if self.state.figures[f].wounded)
        if hurt:
            return hurt, hurt_alt, "which" if err == "which" and len(hurt) > 1 else (None if err == "which" else err)
        if hurt_alt:
            return figs, hurt_alt, err
        return figs, alt, err

    def resolve(self, type_key: str, numbers: list[int] | None, many: bool, colour: str | None
                ) -> tuple[tuple[str, ...], tuple[str, ...], bool, str | None]:
        sides = self.sides_with(type_key)
        if colour is not None:
            side = self.colour_side.get(colour)
            if side is None or side not in sides:
                return (), (), False, "colour"
            figs, err = self.figures_of(side, type_key, numbers, many)
            return figs, (), side == self.faction, err
        enemies = [s for s in sides if s != self.faction]
        alt: tuple[str, ...] = ()
        if len(enemies) == 1:
            alt, bad = self.figures_of(enemies[0], type_key, numbers, many)
            if bad:
                alt = ()
        if self.faction in sides:
            figs, err = self.figures_of(self.faction, type_key, numbers, many)
            return figs, alt, True, err
        if len(enemies) == 1:
            figs, err = self.figures_of(enemies[0], type_key, numbers, many)
            return figs, (), False, err
        return (), (), False, "colour"

    def _numbers_after(self, toks: list[Token], j: int, plural: bool, type_key: str
                       ) -> tuple[list[int], int, bool]:
        """Numbers written after a name: «№2», «2», «-2», «№1-3», «1, 2 и 4», «№1 и №3»."""
        nums: list[int] = []
        ranged = False

        def one(k: int, first: bool) -> tuple[int | None, int, bool]:
            if _is(toks, k, "№"):  # «№2», «№ три» (the core writes «номер три» as «№3»)
                said = number_value(toks[k + 1]) if k + 1 < len(toks) else None
                if said is not None and not cell_at(toks, k + 1):
                    return said, k + 2, True
            if _is_num(toks, k) and not cell_at(toks, k):
                return toks[k].value, k + 1, False
            if first and _is(toks, k, "-") and _is_num(toks, k + 1) and toks[k].start == toks[k - 1].end \
                    and not cell_at(toks, k + 1):
                return toks[k + 1].value, k + 2, False
            return None, k, False

        if plural and (_is(toks, j, "с") or _is(toks, j, "со")) and _is(toks, j + 2, "по") and j + 3 < len(toks):
            # «мечники с первого по третий», «лучники с 1 по 2»
            a, b = (ordinal_value(toks[x]) or number_value(toks[x]) for x in (j + 1, j + 3))
            if a is not None and b is not None and a < b <= self.vocab.counts.get(type_key, 0):
                return list(range(a, b + 1)), j + 4, True
        n, k, marked = one(j, True)
        if n is None:
            # «мечники 1-3»: a range after a plural name
            if plural and _is_num(toks, j) and _is(toks, j + 1, "-") and _is_num(toks, j + 2) \
                    and toks[j].value < toks[j + 2].value <= self.vocab.counts.get(type_key, 0):
                return list(range(toks[j].value, toks[j + 2].value + 1)), j + 3, True
            return [], j, False
        nums.append(n)
        if _is(toks, k, "-") and _is_num(toks, k + 1) and (marked or plural) \
                and n < toks[k + 1].value <= self.vocab.counts.get(type_key, 0) \
                and (not (_is(toks, k + 2, "-") and _is_num(toks, k + 3)) or _tight(toks, k) and not _tight(toks, k + 2)):
            nums = list(range(n, toks[k + 1].value + 1))
            k += 2
            ranged = True
        while (_is(toks, k, ",") or _is(toks, k, "и")) and k + 1 < len(toks):
            m, k2, _ = one(k + 1, False)
            if m is None:
                break
            nums.append(m)
            k = k2
            if _is(toks, k, "-") and _is_num(toks, k + 1) and m < toks[k + 1].value <= self.vocab.counts.get(type_key, 0) \
                    and not cell_at(toks, k - 1):
                nums += list(range(m + 1, toks[k + 1].value + 1))
                k += 2
        return nums, k, ranged or len(nums) > 1

    def figure_at(self, toks: list[Token], words: list[str], i: int, last_type: str | None,
                  last_word: str | None = None) -> tuple[Item, int] | None:
        j = i
        group = None
        colour = None
        ordinal = None
        count = None
        wounded = i > 0 and self.lem.concept(words[i - 1]) == "wounded" and "ADJF" in self.lem.grammemes(words[i - 1]) \
            and same_case(words[i - 1], words[i])  # «в раненого мечника»: the wounded one
        for _ in range(3):
            if j >= len(toks) or toks[j].kind not in ("word", "ord"):
                break
            w = toks[j].text
            g = group_word(w)
            if g and group is None:
                group = g
                j += 1
                if j < len(toks) and toks[j].kind in ("word", "num") and (n := number_value(toks[j])) is not None \
                        and n > 1:
                    count = n  # «все три орка», «всех 3 лучников»
                    j += 1
                continue
            c = colour_of(w) if toks[j].kind == "word" else None
            if c and colour is None:
                colour = c
                j += 1
                continue
            o = ordinal_value(toks[j])
            if o is not None and ordinal is None and toks[j].kind in ("word", "ord") and w not in ("первыми",):
                ordinal = o
                j += 1
                continue
            break
        hits = self.vocab.types.find(words, j) if j < len(words) and toks[j].kind == "word" else []
        if not hits:
            if ordinal is not None and group is None and colour is None and last_type is not None and j == i + 1 \
                    and 1 <= ordinal <= self.vocab.counts.get(last_type, 0) and self.vocab.counts[last_type] > 1 \
                    and (last_word is None or same_case(last_word, words[i], number=False)) and self._ordinal_alone(toks, j):
                # «Второй мечник — 5-2, третий — 7-2»: the type named last on the line
                return Item("fig", toks[i].start, toks[i].end, _Ref((ordinal,), None), text=words[i],
                            type_key=last_type), i + 1
            return None
        hit = hits[0]
        if len(hits) > 1 and any(h.key[0] == hit.key[0] and h.key[1] != hit.key[1] for h in hits[1:]):
            # «к оркам»: the plural form when the word is a plural
            want = "plur" in self.lem.grammemes(words[j])
            hit = next((h for h in hits if h.key[1] == want), hit)
        type_key, plural = hit.key
        end = j + hit.words
        plural = plural or group in ("all", "both")
        nums, k, many = self._numbers_after(toks, end, plural, type_key)
        if not nums and hit.fit is Fit.ABBREVIATED and _is(toks, end, ".") and toks[end].start == toks[end - 1].end:
            nums, k, many = self._numbers_after(toks, end + 1, plural, type_key)  # «луч. 1», «меч. №2»
            k = k if nums else end
        if ordinal is not None and not nums:
            nums = [ordinal]
        elif ordinal is None and not nums and (after := self._ordinal_after(toks, k, words[end - 1])) is not None:
            nums, k = [after], k + 1  # «орк первый», «мечник 4-й»
        if k < len(toks) and toks[k].kind == "word" and colour is None:
            c = colour_of(toks[k].text)
            if c:
                colour = c
                k += 1
            else:  # «орк Веры»: the player's name after the figure
                owner = self.vocab.players.find(words, k)
                if owner and owner[0].fit <= Fit.INFLECTED:
                    side_colour = self.side_colour.get(owner[0].key)
                    if side_colour is not None:
                        colour = side_colour
                        k += owner[0].words
        many = many or (plural and not nums) or group in ("all", "both")
        last = toks[k - 1]
        item = Item("fig", toks[i].start, last.end, _Ref(tuple(nums) or None, colour, wounded, None if nums else count),
                    text=" ".join(words[i:k]),
                    fit=hit.fit, many=many, type_key=type_key, coloured=colour is not None)
        return item, k

    def _ordinal_after(self, toks: list[Token], k: int, noun: str) -> int | None:
        """An ordinal right after a figure's name that agrees with it («орк первый», «мечника
        второго», «лучник 3-й»), not one that starts a phrase of its own («рыцарь первым»,
        «орк второй раз»)."""
        if k >= len(toks) or toks[k].kind not in ("word", "ord"):
            return None
        value = ordinal_value(toks[k])
        if value is None or toks[k].kind == "ord":
            return value
        if not same_case(noun, toks[k].text):
            return None
        nxt = toks[k + 1] if k + 1 < len(toks) else None
        if nxt is not None and nxt.kind == "word" and "NOUN" in self.lem.grammemes(nxt.text) \
                and same_case(toks[k].text, nxt.text):
            return None  # «второй раз»: the ordinal is that noun's
        return value

    @staticmethod
    def _ordinal_alone(toks: list[Token], j: int) -> bool:
        """An ordinal standing for a figure: followed by a dash, a colon, a cell or «на»."""
        if j >= len(toks):
            return False
        t = toks[j]
        return t.text in ("-", ":", "на", "→", ",") or cell_at(toks, j)

    def bare_number(self, toks: list[Token], i: int, named: list[str]) -> tuple[Item, int] | None:
        """«№2» with no name: the type named last on the line that has a second figure at all
        («Лучники: №1 по вождю, №2 по орку №3»: the archers, not the one Вождь)."""
        if not (_is(toks, i, "№") and _is_num(toks, i + 1)):
            return None
        n = toks[i + 1].value or 0
        type_key = next((t for t in reversed(named) if n <= self.vocab.counts.get(t, 0) and self.vocab.counts[t] > 1),
                        named[-1] if named else None)
        if type_key is None:
            return None
        nums, k, many = self._numbers_after(toks, i, False, type_key)
        return Item("fig", toks[i].start, toks[k - 1].end, _Ref(tuple(nums), None), text="№" + str(nums[0]),
                    many=many, type_key=type_key), k

    # --- the whole line ------------------------------------------------------------------------
    def scan(self, norm: str) -> list[Item]:
        """The items of a normalised line. What its words say depends only on the text, the
        battle's names and its colours, and is remembered (`_SCANNED`); which figures a figure
        reference means is worked out against this battle's figures every time."""
        key = (norm, *self._lines_key)
        said = _SCANNED.get(key)
        if said is None:
            said = _SCANNED.put(key, tuple(self._scan(norm)))
        out = []
        for it in said:
            if it.kind == "fig":
                ref: _Ref = it.value
                figs, alt, own, err = self.resolve(it.type_key, ref.numbers, it.many, ref.colour)  # type: ignore[arg-type]
                if ref.wounded and not ref.numbers:
                    figs, alt, err = self._wounded(figs, alt, err)
                if ref.count is not None and not err and len(figs) != ref.count:
                    err = "which"  # «все три лучника» of four: which three (a decision's candidates may say)
                it = Item("fig", it.start, it.end, text=it.text, role=it.role, fit=it.fit, figs=figs, alt=alt, own=own,
                          many=it.many, type_key=it.type_key, error=err, coloured=it.coloured)
            out.append(it)
        return out

    def _scan(self, norm: str) -> list[Item]:
        toks = tokens(norm)
        if "-" in norm:
            toks = _cells_in_words(toks)
        words = [t.text for t in toks]
        items: list[Item] = []
        named: list[str] = []  # the types named so far, in order
        last_word: str | None = None  # the name of the figure named last, as written
        i = 0
        while i < len(toks):
            t = toks[i]
            if cell_at(toks, i):
                x, y = toks[i].value, toks[i + 2].value
                items.append(Item("cell", t.start, toks[i + 2].end, (x, y), norm[t.start:toks[i + 2].end],
                                  role=self._cell_role(toks, i)))
                i += 3
                continue
            if t.kind == "num" and i + 1 < len(toks) and toks[i + 1].text in ("ом", "ома", "омов", "очк", "очка"):
                items.append(Item("om", t.start, toks[i + 1].end, t.value, norm[t.start:toks[i + 1].end]))
                i += 2
                continue
            if t.kind in ("word", "ord"):
                got = self.figure_at(toks, words, i, named[-1] if named else None, last_word)
                if got is not None:
                    item, k = got
                    if i and words[i - 1] in NEAR_WORDS or i > 1 and words[i - 1] in ("с", "со", "за") \
                            and words[i - 2] in NEAR_WORDS | FOLLOW_WORDS:
                        item = dataclasses.replace(item, role="near")  # «к вождю», «рядом с мечником»: where, not who
                    items.append(item)
                    named.append(item.type_key)  # type: ignore[arg-type]
                    last_word = next((w for w in reversed(words[i:k]) if w.isalpha()), last_word)
                    i = k
                    continue
            if t.text == "№":
                got = self.bare_number(toks, i, named)
                if got is not None:
                    item, i = got
                    items.append(item)
                    continue
            if t.kind == "word":
                got2 = self._other_names(toks, words, i)
                if got2 is not None:
                    item, i = got2
                    items.append(item)
                    continue
                if group_word(t.text) in ("all", "both") and i + 1 < len(toks) and toks[i + 1].text in WEAPON_WORDS:
                    items.append(Item("weapons", t.start, toks[i + 1].end, None, " ".join(words[i:i + 2])))
                    i += 2
                    continue
                ph = self.lem.phrase_at(words, i)
                if ph is None and any(fixed_word(w) != w for w in words[i:i + 4]):
                    ph = self.lem.phrase_at([fixed_word(w) for w in words], i)  # «не сттреляем»
                if ph is not None:
                    concept, n = ph
                    concept = concept_name(concept)
                    items.append(Item("concept", t.start, toks[i + n - 1].end, concept, " ".join(words[i:i + n])))
                    i += n
                    continue
                if t.text in REST_WORDS:
                    items.append(Item("rest", t.start, t.end, text=t.text))
                    i += 1
                    continue
                g = group_word(t.text)
                if g:
                    items.append(Item("group", t.start, t.end, g, t.text))
                    i += 1
                    continue
                c = colour_of(t.text)
                if c and c in self.colour_side:
                    items.append(Item("side", t.start, t.end, self.colour_side[c], t.text))
                    i += 1
                    continue
                concept = concept_name(self.lem.concept(t.text)) or concept_name(near_concept(t.text))
                if concept == "hold" and t.text in RESTATING_HOLD:
                    concept = None  # «осталось 2 ОМ» restates, it does not hold
                if concept is not None:
                    items.append(Item("concept", t.start, t.end, concept, t.text))
                    i += 1
                    continue
                items.append(Item("word", t.start, t.end, None, t.text))
                i += 1
                continue
            items.append(Item("num" if t.kind in ("num", "ord") else "sym", t.start, t.end, t.value, t.text))
            i += 1
        return items

    def _other_names(self, toks: list[Token], words: list[str], i: int) -> tuple[Item, int] | None:
        for index, kind in ((self.vocab.weapons, "weapon"), (self.vocab.artifacts, "artifact"),
                            (self.vocab.players, "side")):
            hits = index.find(words, i)
            if hits and (hits[0].fit <= Fit.INFLECTED or hits[0].words > 1 or kind == "artifact" and hits[0].fit < Fit.TYPO):
                h = hits[0]
                if kind == "artifact" and h.words == 1 and self.vocab.types.find(words, i + 1):
                    continue  # «волчьи всадники»: an adjective of a figure, not «Волчья шкура»
                end = i + h.words
                # «пушка А»: a weapon name ending in a letter
                return Item(kind, toks[i].start, toks[end - 1].end, h.key, " ".join(words[i:end]), fit=h.fit), end
        return None

    def _cell_role(self, toks: list[Token], i: int) -> str | None:
        k = i - 1
        while k >= 0 and toks[k].text in CELL_WORDS:
            k -= 1
        role = ROLE_WORDS.get(toks[k].text) if k >= 0 else None
        if role == "target":
            role = None
        if role is None and _is(toks, i + 3, "→"):
            return "from"
        return role
