"""Normalising Russian order text while remembering where every character came from.

Players write the same thing many ways: any case, «ё» or «е», a hyphen or any dash, `№3`, `#3`,
`N3`, arrows drawn as `->` or `=>`. `normalise` turns all of that into one spelling so a ruleset
matches a single form. `normalise_mapped` also returns, for each output character, the index of the
input character it came from, so a problem found in normalised text can point at what was typed.

Canonical forms (documented because rulesets match them):
- lower case; «ё» → «е»; every dash and the minus sign → "-"; every space-like character → " ";
  zero-width characters removed;
- a Latin letter that looks Cyrillic inside a Cyrillic word («Защитa», «cтраховка», «кoпает»: a
  keyboard layout left on, a phone's autocorrect) → the Cyrillic letter; a Latin word, or a Latin
  name with a Russian ending («Dragonу»), is left alone. A lone Latin letter («B3», «P2») may be a
  look-alike or a transliteration, which only a ruleset can tell: `cyrillic_lookalike` helps it;
- a number marker `№ 3`, `#3`, `N3`, `No. 3`, and the word «номер» (any case) before a number in
  digits or in words up to ten («номер два», «под номером 3») → "№3";
- arrows `->`, `-->`, `=>`, `>`, `⇒`, `➔`, `⟶`… → "→"; `<->`, `<=>`, `⇄`, `⟷` → "↔"; `<-`, `⇐` → "←";
- double quotes of every kind → «…» (opening or closing by position), so a quoted name is still
  delimited; single quotes and apostrophes are left alone;
- coordinates: "(37,15)", "(37; 15)" → "37-15" ("37–15" is already "37-15" after the dashes).
  `parse_coord` also reads "37 15" and "37:15"; `normalise` leaves those alone because two numbers
  in a row usually mean something else.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# One-for-one character replacements (the column map stays the identity).
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d"
_SPACES = "\u00a0\u2007\u202f\u2009\u200a\u2002\u2003\u2004\u2005\u2006\u2008\u205f\u3000\t\v\f"
_ARROWS = "\u21d2\u2794\u27f6\u279c\u27a1\u27f9\u21e8\u2799\u279d\u279e\u27a4\u2b95\u21a6\u2933"
_BOTH_ARROWS = "\u21c4\u27f7\u21c6\u21d4\u2b0c"
_LEFT_ARROWS = "\u21d0\u27f5\u2b05\u21e6"
_ONE_TO_ONE = str.maketrans(
    {
        **{c: "-" for c in _DASHES},
        **{c: " " for c in _SPACES},
        **{c: "\u2192" for c in _ARROWS},
        **{c: "\u2194" for c in _BOTH_ARROWS},
        **{c: "\u2190" for c in _LEFT_ARROWS},
        "ё": "е",
        "Ё": "е",
        "\u2039": "«",
        "\u203a": "»",
    }
)
_DOUBLE_QUOTES = "\"\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb"
_OPENERS_BEFORE = " ([{\u2192\u2194-:,;"

_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")
_ARROW_ASCII = re.compile(r"<-+>|<=+>|-+>|=+>|<-+|<=+|>")
_NUMBER_MARK = re.compile(r"(?:№|#|\bn(?:o|r)?\.?)\s*(?=\d)")
_COORD_PAREN = re.compile(r"\(\s*(\d{1,4})\s*[,;]\s*(\d{1,4})\s*\)")
_NUMBER_WORDS = {"один": 1, "одна": 1, "одно": 1, "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6,
                 "семь": 7, "восемь": 8, "девять": 9, "десять": 10}
_NUMBER_SAID = re.compile(r"\bномер(?:ом|у|а|е)?\s+(\d{1,4}|" + "|".join(_NUMBER_WORDS) + r")\b")
_NEEDS_MAPPED = re.compile(r"[<>=#№\u200b\u200c\u200d\u2060\ufeff\u00ad]|\bn(?:o|r)?\.?\s*\d|\(\s*\d|номер")

ColumnMap = list[int]

# Latin letters drawn like Cyrillic ones, by case: «B» looks like «В», but «b» does not look like «в».
_LOOKALIKE_UPPER = dict(zip("ABCEHKMOPTXY", "АВСЕНКМОРТХУ", strict=True))
_LOOKALIKE_LOWER = dict(zip("aceopxyk", "асеорхук", strict=True))
_LOOKALIKES = str.maketrans({**_LOOKALIKE_UPPER, **_LOOKALIKE_LOWER})
# After lower-casing the case is gone, so a lone code letter folds through both tables.
_LOOKALIKE_FOLDED = str.maketrans({**{k.lower(): v.lower() for k, v in _LOOKALIKE_UPPER.items()},
                                   **_LOOKALIKE_LOWER})
_MIXED_SCRIPT = re.compile(r"[a-zа-яё][a-z]|[a-z][а-яё]", re.IGNORECASE)
_LETTERS = re.compile(r"[A-Za-zА-Яа-яЁё]+")


def _cyrillic_word(m: re.Match[str]) -> str:
    """A word of Cyrillic letters with a few Latin look-alikes among them, all Cyrillic; any other
    word as it was (a Latin word, a Latin name with a Russian ending, a Latin letter with no twin)."""
    word = m.group()
    latin = sum(c.isascii() for c in word)
    if not latin or latin * 2 >= len(word) or not all(c in _LOOKALIKE_UPPER if c.isupper() else c in _LOOKALIKE_LOWER
                                                         for c in word if c.isascii()):
        return word
    return word.translate(_LOOKALIKES)


def _fold_lookalikes(s: str) -> str:
    """`_cyrillic_word` on every word that mixes the scripts; one character for one."""
    if s.isascii() or not _MIXED_SCRIPT.search(s):
        return s
    return _LETTERS.sub(_cyrillic_word, s)


def cyrillic_lookalike(text: str) -> str:
    """Normalised text (lower case) with every Latin letter that looks like a Cyrillic one in
    either case made Cyrillic: for a ruleset's one-letter codes, where «B3» can only mean «В3»."""
    return text.translate(_LOOKALIKE_FOLDED)


def _lower_mapped(s: str, cols: ColumnMap) -> tuple[str, ColumnMap]:
    low = s.lower()
    if len(low) == len(s):
        return low, cols
    # A few characters lower-case to two ("İ"); keep the first so the map stays one-to-one.
    return "".join(c.lower()[:1] for c in s), cols


def _quotes(s: str) -> str:
    """Double quotes become «…»: opening after a space or bracket, closing otherwise."""
    if not any(q in s for q in _DOUBLE_QUOTES):
        return s
    out = []
    prev = " "
    for c in s:
        if c in _DOUBLE_QUOTES:
            if c == "«" or c == "»":
                out.append(c)
            else:
                out.append("«" if prev in _OPENERS_BEFORE else "»")
        else:
            out.append(c)
        prev = c
    return "".join(out)


def sub_mapped(
    pattern: re.Pattern[str], repl: Callable[[re.Match[str]], str | tuple[str, list[int]]], s: str,
    cols: ColumnMap,
) -> tuple[str, ColumnMap]:
    """`re.sub` that keeps the column map. Replacement characters map to the match start, unless
    `repl` returns ``(text, positions)`` with a position in `s` for each character of text."""
    pieces: list[str] = []
    new_cols: ColumnMap = []
    last = 0
    for m in pattern.finditer(s):
        start, end = m.span()
        pieces.append(s[last:start])
        new_cols.extend(cols[last:start])
        r = repl(m)
        if isinstance(r, tuple):
            r, where = r
            pieces.append(r)
            new_cols.extend(cols[i] for i in where)
            last = end
            continue
        pieces.append(r)
        if r:
            anchor = cols[start] if start < len(cols) else (cols[-1] + 1 if cols else 0)
            new_cols.extend([anchor] * len(r))
        last = end
    if last == 0 and not pieces:
        return s, cols
    pieces.append(s[last:])
    new_cols.extend(cols[last:])
    return "".join(pieces), new_cols


def _arrow(m: re.Match[str]) -> str:
    t = m.group()
    if t.startswith("<") and t.endswith(">"):
        return "\u2194"
    if t.startswith("<"):
        return "\u2190"
    return "\u2192"


def _coord(m: re.Match[str]) -> tuple[str, list[int]]:
    (a, a_end), (b, b_end) = m.span(1), m.span(2)
    return f"{m.group(1)}-{m.group(2)}", [*range(a, a_end), a_end, *range(b, b_end)]


def _number_said(m: re.Match[str]) -> tuple[str, list[int]]:
    said = m.group(1)
    start, end = m.span(1)
    if said.isdigit():
        return "№" + said, [m.start(), *range(start, end)]
    digits = str(_NUMBER_WORDS[said])
    return "№" + digits, [m.start(), *[start] * len(digits)]


def normalise_mapped(s: str, cols: ColumnMap | None = None) -> tuple[str, ColumnMap]:
    """Normalise `s`; return the text and, per output character, the index it came from in `s`
    (or in whatever `cols` already maps `s` to)."""
    if cols is None:
        cols = list(range(len(s)))
    s, cols = _lower_mapped(_fold_lookalikes(s), cols)
    s = _quotes(s.translate(_ONE_TO_ONE))
    if _NEEDS_MAPPED.search(s):
        s, cols = sub_mapped(_ZERO_WIDTH, lambda m: "", s, cols)
        s, cols = sub_mapped(_NUMBER_MARK, lambda m: "№", s, cols)
        s, cols = sub_mapped(_NUMBER_SAID, _number_said, s, cols)
        s, cols = sub_mapped(_ARROW_ASCII, _arrow, s, cols)
        s, cols = sub_mapped(_COORD_PAREN, _coord, s, cols)
    return s, cols


def normalise(s: str) -> str:
    """The canonical spelling of `s` (see the module docstring for what changes)."""
    return normalise_mapped(s)[0]


# --- coordinates ---------------------------------------------------------------------------
_COORD = re.compile(r"^\s*\(?\s*(\d{1,4})\s*(?:[-,;:x×]|\s)\s*(\d{1,4})\s*\)?\s*$")


def parse_coord(s: str) -> tuple[int, int] | None:
    """A map coordinate written "37-15", "37–15", "(37,15)", "37 15", "37:15" or "37x15"."""
    m = _COORD.match(s.translate(_ONE_TO_ONE))
    return (int(m.group(1)), int(m.group(2))) if m else None


def format_coord(x: int, y: int) -> str:
    """The canonical way to print a coordinate (what `normalise` turns "(37,15)" into)."""
    return f"{x}-{y}"
