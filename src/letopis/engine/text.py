"""Shared Russian order-text helpers for every ruleset.

A ruleset's reader goes: `split_post` (lines, quotes, BBCode, emoticons, list markers, flavour
lines; each line with a normalised text and a column map back to what was typed) → `tokens` →
`Lemmatizer` (pymorphy3 lemmas plus the ruleset's `Lexicon` of game words and synonyms) →
its own grammar, with `number_value`/`ordinal_value` for numbers said in words, `suggest` for
"may be you meant" hints and `order_cue` to tell an unreadable order from chatter.

The pieces live in `text_norm` (normalisation), `text_post` (lines) and `text_words` (words);
`declension` puts names and numbers into sentences («ход Бориса», «2–4 стороны»). This module is
the one place to import them from.
"""

from __future__ import annotations

from .declension import CASES, Case, counted, counted_range, decline, decline_all, quoted, sentence
from .text_norm import (
    ColumnMap,
    cyrillic_lookalike,
    format_coord,
    normalise,
    normalise_mapped,
    parse_coord,
    sub_mapped,
)
from .text_post import LineKind, PostLine, split_post, strip_markup, strip_markup_mapped, without_struck
from .text_words import (
    CARDINALS,
    ORDINALS,
    Cue,
    Lemmatizer,
    Lexicon,
    Parse,
    Token,
    agrees,
    is_known,
    morph,
    number_value,
    order_cue,
    ordinal_value,
    parses,
    plural,
    suggest,
    tokens,
)

__all__ = [
    "CARDINALS", "CASES", "ORDINALS", "Case", "ColumnMap", "Cue", "Lemmatizer", "Lexicon", "LineKind",
    "Parse", "PostLine", "Token", "agrees", "counted", "counted_range", "cyrillic_lookalike", "decline",
    "decline_all", "format_coord", "is_known", "morph", "normalise", "normalise_mapped", "number_value",
    "order_cue", "ordinal_value", "parse_coord", "parses", "plural", "quoted", "sentence", "split_post",
    "strip_markup", "strip_markup_mapped", "sub_mapped", "suggest", "tokens", "without_struck",
]
