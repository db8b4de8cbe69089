"""Properties of reading posts, for any text at all (hypothesis).

- `split_post` never raises; it keeps every line; its column maps stay inside the typed line;
- quoted text never becomes an order, whatever it holds;
- `read_post` never raises, in every step of the game, on arbitrary text and on real posts mutated
  the ways people mistype them; every problem points inside its line. The strict reader is used,
  so a bug shows up here instead of being turned into a "could not read" error.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typos import mutated

from letopis.engine.contract import LineStatus
from letopis.engine.text import LineKind, normalise_mapped, split_post

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "dice_roll_party"))  # the reader's state builders
from test_reader_support import auction, build, defence, handicap, read, soak, turn

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")
STATES = {
    "turn": (turn(mine=RICH), "p1"), "build": (build(), "p1"), "auction": (auction(), "p1"),
    "handicap": (handicap(), "p1"), "defence": (defence(), "p2"), "soak": (soak(), "p2"),
    "not_mine": (turn(mine=RICH), "p2"),
}
REAL_POSTS = [
    ("П1: В3 А4 З2 Ф3\nПерсонаж 2 «Страж»: время 2, атака 1, защита 5, форма 4\n"
    "3 — синих 4, красных 4 (3 в атаку, 1 в защиту), зелёных 4\nП4: 3/4/2/3 «Рыцарь»"),
    ("Перекладываю 1 красный у П2 из атаки в защиту.\nП4: защита → атака, 2 токена.\n"
    "Добавляю из хранилища 2 синих на персонажа 3.\nНа П1 из хранилища красный в атаку."),
    ("Меняю у П1 зелёный на синий из хранилища.\nПереношу 1 форму с П4 на П2.\n"
    "Обмен между П1 и П3: синий П1 ↔ красный (атака) П3."),
    ("Сбрасываю в мешок 2 красных из хранилища, добираю 2.\n"
    "Времени нет нигде — меняю 3 токена из хранилища на случайные из мешка."),
    ("Привет, Борис! :)\n[quote=Борис]П1 атакует П2, класс+[/quote]\n[b]Атакую:[/b] П2 → П3 соперника. "
    "Усиления: класс+, превосходство.\nП1 бьёт вражеского персонажа №4, +2 урона, страховка."),
    "Защита: страховка, контратака.\nЕсли пробьёт — гашу 1 временем.\nПовышаю класс защиты и беру превосходство.",
    "Гашу 2 урона временем.\nОтдаю 1 время вместо защиты.\nПринимаю урон, не гашу.",
    "Ставлю 2 времени.\nПеребиваю — 3.\nПас, ходи первым.\nСнимаю время: 2 с П1, 1 с П3.",
]
NOISE = ["[b]", "[/b]", "[quote]", "[/quote]", "[quote=Борис]", ":)", "😈", "\n", "→", "->", "№", "#", "«", "»",
         "(", ")", "з", "П", "2", "—", "\u00a0", "\r\n", "[color=red]", "[/color]", ",", ".", "ё", "Ё", "İ",
         "\u200b", "\u0301", "[off]", "--\n", "> "]


def mutated_posts():
    return mutated(REAL_POSTS, NOISE)


def _columns_inside(reading, text: str) -> None:
    assert [ln.line for ln in reading.lines] == list(range(1, len(reading.lines) + 1))
    originals = {ln.line: ln.text for ln in reading.lines}
    for p in reading.problems:
        assert p.message
        if reading.lines:
            assert 1 <= p.line <= len(reading.lines)
            assert 0 <= p.col_start <= p.col_end <= len(originals[p.line])


# --- split_post ----------------------------------------------------------------------------------------
@SETTINGS
@given(text=st.text(max_size=600) | mutated_posts())
def test_split_post_keeps_every_line_and_maps_inside_it(text):
    lines = split_post(text)
    if not text.strip():
        assert lines == []
        return
    assert len(lines) == len(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
    for n, line in enumerate(lines, start=1):
        assert line.number == n
        if line.cols is not None:
            assert len(line.cols) == len(line.norm)
            assert all(0 <= c < len(line.original) for c in line.cols)
            assert line.cols == sorted(line.cols)
            a, b = line.span(0, len(line.norm))
            assert 0 <= a < b <= len(line.original)


@SETTINGS
@given(text=st.text(max_size=300))
def test_normalise_map_is_one_per_character(text):
    norm, cols = normalise_mapped(text)
    assert len(norm) == len(cols)
    assert all(0 <= c < len(text) for c in cols)


@SETTINGS
@given(inner=st.lists(st.text(max_size=60) | st.sampled_from(REAL_POSTS), min_size=1, max_size=4),
       name=st.sampled_from(["", "=Борис", '="Борис"', "=Борис post_id=3"]), nested=st.booleans(),
       closed=st.booleans())
def test_quoted_text_is_never_read(inner, name, nested, closed):
    body = "\n".join(inner)
    if nested:
        body = f"{body}\n[quote]{body}[/quote]"
    post = f"[quote{name}]{body}" + ("[/quote]" if closed else "")
    r = read(post + "\nНу держись!", *STATES["turn"])
    assert r.orders == []
    assert all(ln.status in (LineStatus.QUOTE, LineStatus.FLAVOUR, LineStatus.BLANK) for ln in r.lines)
    assert all(line.kind in (LineKind.QUOTE, LineKind.FLAVOUR, LineKind.BLANK)
               for line in split_post(post)[: body.count("\n") + 1])


# --- read_post ----------------------------------------------------------------------------------------
@SETTINGS
@given(text=st.text(max_size=500), step=st.sampled_from(sorted(STATES)))
def test_read_post_never_raises_on_any_text(text, step):
    state, faction = STATES[step]
    _columns_inside(read(text, state, faction), text)


@SETTINGS
@given(text=mutated_posts(), step=st.sampled_from(sorted(STATES)))
def test_read_post_never_raises_on_mistyped_real_posts(text, step):
    state, faction = STATES[step]
    _columns_inside(read(text, state, faction), text)


@SETTINGS
@given(text=st.text(alphabet="Пп2341 →:,.«»[]/quotebатакуюпереношусиних()зЗ+-№#\n", max_size=300),
       step=st.sampled_from(sorted(STATES)))
def test_read_post_never_raises_on_order_like_noise(text, step):
    state, faction = STATES[step]
    _columns_inside(read(text, state, faction), text)


def test_a_megabyte_post_is_read_whole():
    """The service caps posts at ~20,000 characters; the reader must still cope with 1 MB, every line
    accounted for (its speed on such a post is a `make bench` figure, not a timed test)."""
    state, faction = STATES["turn"]
    chunk = REAL_POSTS[4] + "\nРыцарь поднимает щит. " * 3 + "\n"
    big = chunk * (1_000_000 // len(chunk))
    r = read(big, state, faction)
    assert len(r.lines) == len(big.split("\n")) > 10_000
