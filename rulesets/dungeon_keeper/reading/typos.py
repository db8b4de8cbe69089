"""Words players mistype, read as what they meant (issue 9, kind 5): «передвигаеться», «пермещается»,
«капает», «атакуэт», «Ипм №1», «Бесс №1», «Грасдыр», «залотую шахту».

Only a line that could not be read comes here (the reader's slow path): each word the lexicon does
not know is matched against the order language's own words — first with the spelling slips folded
(`letopis.engine.names.spelling_key`: -тся/-ться, е/ё, doubled letters), then as a typo of a letter
or two (rapidfuzz, the same first letter). The line is read again with the fixes; when that reading
is clean the reader keeps it with a note «прочитано как …», never a silent guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import fuzz, process

from letopis.engine.names import spelling_key
from letopis.engine.text import PostLine, is_known

from .notes import unit_vocabulary, vocabulary
from .syntax import PREPOSITIONS
from .words import words

_WORD = re.compile(r"[а-яa-z]+")
_COLON_CELL = re.compile(r"(?<![\d:])(\d{1,3}):(\d{1,3})(?![\d:])")  # «на 36:15»: a cell typed with a colon
_SKIP = frozenset({"ход", "хода", "од", "клетка", "клетку", "клетки", "шаг", "раз", "раза"})


@dataclass(frozen=True, slots=True)
class Fix:
    start: int
    end: int
    written: str
    meant: str


@lru_cache(maxsize=1)
def _vocab() -> tuple[tuple[str, ...], dict[str, str], tuple[str, ...]]:
    """(order words, their spelling keys → word, unit kinds in every case)."""
    w = words()
    out: set[str] = set()
    for word, concept in w.lexicon.concepts.items():
        if " " not in word and len(word) >= 3:
            out.add(word)
            if concept.startswith("ab_"):
                out.update(_persons(word))  # «лечить» → «лечит», «лечу»
    out.update(w.forms)
    for phrase in w.lexicon.phrases:
        out.update(x for x in phrase if len(x) >= 3 and x.isalpha())
    units = unit_vocabulary()
    out.update(units)
    canonical = vocabulary()  # the canonical order words first: ties go to them («капает» → «копает»)
    ordered = (*canonical, *sorted(out - set(canonical)))
    keys: dict[str, str] = {}
    for word in vocabulary() + ordered:  # canonical order words first
        keys.setdefault(spelling_key(word), word)
    return ordered, keys, units


def _persons(word: str) -> set[str]:
    from letopis.engine.text import morph

    out: set[str] = set()
    for p in morph().parse(word)[:1]:
        if "INFN" not in p.tag:
            continue
        for grammemes in ({"3per", "sing"}, {"1per", "sing"}):
            form = p.inflect(grammemes | ({"pres"} if "impf" in p.tag else {"futr"}))
            if form is not None:
                out.add(form.word.replace("ё", "е"))
    return out


def fixes(norm: str, name: Callable[[str], bool] = lambda word: False) -> list[list[Fix]]:
    """Ways to read a line's unknown words as order words, most likely first: the best fix of every
    word, then the same with one word's second-best fix («личит»: «личи» or «лечит»). A word for
    which ``name`` is true (a player's name: «Лилит» is no typo of «личи») is left as it is."""
    w = words()
    vocab, keys, units = _vocab()
    per_word: list[list[Fix]] = []
    for m in _WORD.finditer(norm):
        word = m.group()
        if len(word) < 3 or word in PREPOSITIONS or word in _SKIP or w.info(word)[0] is not None or name(word):
            continue
        meant = keys.get(spelling_key(word))
        options = [meant] if meant is not None and meant != word else _typos(word, vocab, units)
        if options:
            per_word.append([Fix(m.start(), m.end(), word, x) for x in options])
    for m in _COLON_CELL.finditer(norm):
        per_word.append([Fix(m.start(), m.end(), m.group(), f"{m.group(1)}-{m.group(2)}")])
    per_word.sort(key=lambda opts: opts[0].start)
    if not per_word:
        return []
    first = [opts[0] for opts in per_word]
    out = [first]
    for i, opts in enumerate(per_word):
        for alt in opts[1:]:
            out.append([*first[:i], alt, *first[i + 1:]])
    return out[:4]


def _typos(word: str, vocab: tuple[str, ...], units: tuple[str, ...]) -> list[str]:
    """Order words one or two letters away, with the same first letter, best first."""
    got: list[tuple[float, str]] = []
    for choices, cutoff in ((units, 66.0), (vocab, 80.0 if is_known(word) or len(word) <= 5 else 75.0)):
        for meant, score, _ in process.extract(word, choices, scorer=fuzz.ratio, score_cutoff=cutoff, limit=3):
            if meant[0] == word[0] and meant != word:
                got.append((score, meant))
    got.sort(key=lambda x: -x[0])  # stable: on a tie the unit kinds, then the canonical words
    return list(dict.fromkeys(x for _, x in got))[:3]


def corrected(pl: PostLine, found: list[Fix]) -> PostLine:
    """The line with the fixes in its normalised text; columns still point at what was typed."""
    norm = pl.norm
    cols = list(pl.cols or range(len(norm)))
    pieces: list[str] = []
    new_cols: list[int] = []
    pos = 0
    for f in found:
        pieces.append(norm[pos:f.start])
        new_cols.extend(cols[pos:f.start])
        pieces.append(f.meant)
        first, last = cols[f.start], cols[f.end - 1]
        new_cols.extend(min(first + k, last) for k in range(len(f.meant)))
        pos = f.end
    pieces.append(norm[pos:])
    new_cols.extend(cols[pos:])
    return replace(pl, norm="".join(pieces), cols=new_cols)



def near_verb(written: tuple[str, ...]) -> bool:
    """Whether one of a clause's unknown words is a slip or a typo of an order verb («атакуэт»)."""
    _, keys, _units = _vocab()
    verbs = frozenset(vocabulary())
    vocab = vocabulary()
    for word in written:
        if len(word) < 4 or word in PREPOSITIONS or word in _SKIP:
            continue
        if keys.get(spelling_key(word)) in verbs or any(x in verbs for x in _typos(word, vocab, ())):
            return True
    return False
