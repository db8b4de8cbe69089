"""Adversarial posts through every reader: bounded in memory and linear in time (issue 14).

What an attacker or a careless client sends to the live check: line and paragraph separators
(U+2028, U+2029, \\v, \\f, U+0085), words of 20,000 letters, thousands of nested quotes and BBCode
tags, unclosed ones, 20,000 characters of one repeated token or of unknown words, mixed scripts,
characters of every Unicode category. Every registered ruleset reads them, against a state from
the start and one from the middle of a game played with its own proposed posts (Kozyablo's first
is its deck step), and:

- never fails (no «read.internal»: a reader bug would be hidden behind it) and every problem points
  inside its line;
- stays under an address-space limit set in this process (`resource.RLIMIT_AS`, the process's size
  when the module starts plus `HEADROOM_MB`): any runaway allocation is a MemoryError;
- costs CPU time linear in the text: a post and one twice as long take less than `MAX_RATIO` times
  as long (CPU time of this process, the best of a few runs, caches emptied first; re-measured
  before failing, so a busy machine does not fail it), and never more than `MAX_CPU_PER_CHAR`.

Speed targets belong in `make bench`; these bounds only catch what is quadratic or worse.
"""

from __future__ import annotations

import functools
import gc
import resource
import sys
import time
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letopis.engine import all_rulesets
from letopis.engine.cache import clear_all

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2]))
from bench.memory import game_states, invented_word

HEADROOM_MB = 1024  # above the process's size when the module starts
MAX_RATIO = 3.0  # twice the text, at most this many times the CPU time (linear is 2)
MAX_CPU_PER_CHAR = 150e-6  # seconds: 3 s for 20,000 characters (the slowest reader needs ~1 s)
SLACK_S = 0.03  # below this a time is noise
SIZE = 10_000  # the linearity test reads SIZE and 2 × SIZE characters
# unknown words cost the dictionary's guesses (~0.1 ms a word, the same for every reader): fewer
SMALLER = {"unknown_words": 4_000, "unknown_words_in_lines": 4_000}

RULESETS = sorted(all_rulesets())
SEPARATORS = "\u2028\u2029\x0b\x0c\x1c\x1d\x1e\x85"
CATEGORIES = ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi",
              "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn")


@functools.cache
def games() -> list[tuple[str, object, object, str, tuple[str, ...]]]:
    """(ruleset id, ruleset, state, poster, proposed lines): a state from the start and one from the
    middle of a game of every registered ruleset."""
    out = []
    for rid in RULESETS:
        ruleset, states, lines = game_states(rid, steps=6)
        for state, faction in states[:2]:
            out.append((rid, ruleset, state, faction, tuple(lines)))
    return out


@functools.cache
def category_sample(category: str) -> str:
    """Up to 64 characters of a Unicode category (of the Basic Multilingual Plane and the emoji)."""
    chars = []
    for cp in (*range(0x10000), *range(0x1F300, 0x1F700)):
        if unicodedata.category(chr(cp)) == category:
            chars.append(chr(cp))
    step = max(1, len(chars) // 64)
    return "".join(chars[::step][:64])


def _repeat(unit: str, n: int) -> str:
    return (unit * (n // max(1, len(unit)) + 1))[:n]


def _invented(n: int, sep: str = " ") -> str:
    import random

    rng = random.Random(n)
    words: list[str] = []
    size = 0
    while size < n:
        words.append(invented_word(rng))
        size += len(words[-1]) + 1
    return sep.join(words)[:n]


# Each family makes a text of n characters (lines: the ruleset's proposed lines).
FAMILIES = {
    "separators": lambda n, lines: _repeat("Атакую П2" + "".join(f"{s}{w}" for s, w in zip(
        SEPARATORS, ("П1 идёт на 3-4", "Играю Шмеля", "пас", "строю ферму", "1-2", "Лучник", "№2", "→"), strict=True)), n),
    "separators_and_lines": lambda n, lines: _repeat("\n".join(lines[:6]) + "\u2028\u2029\r\n", n),
    "huge_word": lambda n, lines: "ы" * n,
    "huge_hyphenated_word": lambda n, lines: _repeat("аб-", n),
    "huge_number": lambda n, lines: "7" * n,
    "huge_ordinal_chain": lambda n, lines: _repeat("1-й", n),
    "nested_quotes": lambda n, lines: "[quote]" * (n // 16) + "атакую" + "[/quote]" * (n // 16),
    "nested_named_quotes": lambda n, lines: '[quote="Борис"]' * (n // 24) + "П1 атакует" + "[/quote]" * (n // 24),
    "unclosed_quotes": lambda n, lines: _repeat("[quote=Б]атакую П2\n", n),
    "mail_quotes": lambda n, lines: _repeat("> " * 50 + "атакую\n", n),
    "nested_bbcode": lambda n, lines: "[b][i][u][color=red]" * (n // 40) + "Атакую П2" + "[/color][/u][/i][/b]" * (n // 40),
    "unclosed_bbcode": lambda n, lines: _repeat("[b][url=javascript:x][size=99]", n),
    "brackets": lambda n, lines: "[" * (n // 2) + "]" * (n // 2),
    "guillemets": lambda n, lines: "«" * (n // 2) + "»" * (n // 2),
    "open_guillemets": lambda n, lines: "«" * n,
    "parentheses": lambda n, lines: "(" * (n // 2) + ")" * (n // 2),
    "repeated_token": lambda n, lines: _repeat("П1 ", n),
    "repeated_symbol": lambda n, lines: _repeat("№-:→", n),
    "repeated_order_line": lambda n, lines: _repeat(lines[0] + " ", n),
    "repeated_order_lines": lambda n, lines: _repeat("\n".join(lines) + "\n", n),
    "order_lines_on_one_line": lambda n, lines: _repeat(" ".join(lines) + " ", n),
    "unknown_words": lambda n, lines: _invented(n),
    "unknown_words_in_lines": lambda n, lines: _invented(n, "\n"),
    "mixed_scripts": lambda n, lines: _repeat("Атакую Attack Ἀθῆναι مرحبا 攻撃 😈 П2\u0301 \u202eтекст\u202c ", n),
    "every_category": lambda n, lines: _repeat(" ".join(category_sample(c) for c in CATEGORIES) + "\n", n),
}


@pytest.fixture(scope="module", autouse=True)
def memory_limit():
    """Cap this process's address space for the module's tests (restored afterwards)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * resource.getpagesize()
    except OSError:
        yield
        return
    games()  # build the states before the limit
    limit = size + (HEADROOM_MB << 20)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _check(reading, text: str) -> None:
    codes = [p.code for p in reading.problems]
    assert "read.internal" not in codes
    widths = {ln.line: len(ln.text) for ln in reading.lines}
    for p in reading.problems:
        assert p.message
        if p.line in widths:
            assert 0 <= p.col_start <= p.col_end <= widths[p.line], p


def _cpu(ruleset, text: str, state, faction: str, runs: int = 1) -> float:
    """The least CPU time of `runs` readings, each with every cache emptied first. The cyclic
    garbage collector is paused while reading: its full collections cost in proportion to the
    whole heap (the test's own states included), which is the interpreter's, not the reader's."""
    best = float("inf")
    for _ in range(runs):
        clear_all()
        gc.disable()
        try:
            t0 = time.process_time()
            reading = ruleset.read(text, state, faction)
            best = min(best, time.process_time() - t0)
        finally:
            gc.enable()
    _check(reading, text)
    return best


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_cost_is_linear_in_the_text(family):
    make = FAMILIES[family]
    size = SMALLER.get(family, SIZE)
    for rid, ruleset, state, faction, lines in games():
        small, big = make(size, lines), make(2 * size, lines)
        for attempt in range(3):  # a busy machine may slow one measurement; a quadratic reader stays slow
            t_small = _cpu(ruleset, small, state, faction, runs=1 + attempt)
            t_big = _cpu(ruleset, big, state, faction, runs=1 + attempt)
            linear = t_big <= MAX_RATIO * t_small + SLACK_S
            bounded = t_big <= MAX_CPU_PER_CHAR * len(big)
            if linear and bounded:
                break
        assert linear, f"{rid}, {family}: {len(small)} characters {t_small:.3f} s, {len(big)}: {t_big:.3f} s"
        assert bounded, f"{rid}, {family}: {t_big:.2f} s for {len(big)} characters"


# --- random adversarial posts (hypothesis) ---------------------------------------------------------
_UNITS = st.one_of(
    st.sampled_from(["П1 ", "атакую ", "[quote]", "[/quote]", "[b]", "[/b]", "«", "»", "№", "->", "—", ":", "1-2 ",
                     "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\r", "\n", "\u200b", "\u0301", "\u202e", "😈",
                     "\ud800", "\x00", "ё", "Ё", "İ", "ß", "ﬁ", "Ⅻ", "٣", "𝟘", "\t", " " * 40]),
    st.sampled_from(CATEGORIES).map(category_sample),
    st.text(min_size=1, max_size=30),
    st.integers(0, 2**31).map(lambda n: invented_word(__import__("random").Random(n)) + " "),
)


@st.composite
def adversarial_posts(draw) -> tuple[str, int]:
    """A post of up to 20,000 characters built from repeated adversarial pieces, and which
    (ruleset, state) reads it."""
    pieces = draw(st.lists(_UNITS, min_size=1, max_size=6))
    game = draw(st.integers(0, len(games()) - 1))
    lines = games()[game][4]
    if draw(st.booleans()):
        pieces.append(draw(st.sampled_from(lines)) + draw(st.sampled_from(["\n", " ", "\u2028", ""])))
    size = draw(st.sampled_from([1, 100, 2_000, 20_000]))
    text = _repeat("".join(pieces), size)
    depth = draw(st.sampled_from([0, 0, 10, 1_000]))
    if depth:
        tag = draw(st.sampled_from(["quote", "b", "spoiler", "color=red", 'quote="Анна"']))
        close = tag.split("=")[0]
        text = f"[{tag}]" * depth + text + f"[/{close}]" * draw(st.sampled_from([0, depth]))
    return text, game


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
@given(post=adversarial_posts())
def test_adversarial_posts_are_read_within_time_and_memory(post):
    text, game = post
    rid, ruleset, state, faction, _ = games()[game]
    t0 = time.process_time()
    reading = ruleset.read(text, state, faction)
    spent = time.process_time() - t0
    _check(reading, text)
    assert spent <= MAX_CPU_PER_CHAR * len(text) + 0.5, f"{rid}: {spent:.2f} s for {len(text)} characters"
