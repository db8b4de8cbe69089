"""Properties of reading Dungeon Keeper posts, for any text at all (hypothesis).

- `read_post` never raises — on arbitrary text, on order-like noise and on real posts mutated the
  ways people mistype them, in the poster's turn and out of it; the strict reader is used, so a bug
  shows up here instead of being turned into a «could not read» error;
- every problem points inside its line, with a Russian message;
- quoted text is never read as orders;
- a megabyte post is read whole (its speed is a bench figure).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typos import mutated

from letopis.engine.contract import LineStatus
from rulesets.dungeon_keeper.reader import read_post, read_post_strict

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the reader tests' state builder
from dungeon_keeper.test_reader_support import world

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _state():
    return world(
        units=[("p1", "imp", 1, (37, 15)), ("p1", "imp", 2, (20, 20)), ("p1", "bes", 1, (21, 21)),
               ("p1", "grasdir", 2, (14, 13)), ("p1", "priest", 3, (22, 22)), ("p1", "ifrit", 4, (23, 23)),
               ("p2", "bes", 1, (21, 22)), ("p2", "bes", 2, (30, 30)), ("p3", "imp", 1, (22, 23)),
               (None, "gnome", 0, (24, 24))],
        buildings=[("p1", "circle", (10, 10)), ("p1", "laboratory", (10, 12)), ("p1", "battle_tower", (22, 24)),
                   ("p1", "source", (12, 10), {"level": 3}), (None, "source", (30, 31), {"level": 2})],
        mines=[("gold", (35, 14)), ("iron", (19, 19))], objects=[("chest", (20, 21)), ("rune", (13, 13), "fire")],
        rock=[(20, 19), (36, 16), (7, 30)], players=("Морган", "Ваал", "Лилит"), spells=["rage"], store=["sword"],
        spirits=1)


STATE = _state()
FACTIONS = ["p1", "p2"]  # in turn, and not in turn
REAL_POSTS = [
    "1 ОД: передвигается с клетки 37-15 на 36-15.\n2 ОД: копает золотую шахту на 35-14.",
    "[b]Имп №2:[/b]\n1 ОД: копает 20-19, 2 ОД: копает железную шахту на 19-19\nБес №1: атакует беса №1 Ваала",
    "Грасдир №2: 1-3 ОД — идёт 14-13 → 14-14 → 14-15 → 14-16\nЖрец №3 лечит беса №1\nИфрит: огненный поток влево",
    ("Призываю двух импов у круга вызова\nНакладываю Ярость на беса №1\nПерегоняю 30 маны в 10 железа\n"
    "меч — грасдиру №2\nПосылаю духа жизни к бесу №1\nБоевая башня на 22-24: три выстрела в импа Лилит"),
    ("Всем привет! :)\n[quote=\"Ваал\"]Бес №1 атакует импа №2[/quote]\nИтого: золото 40, мана 2\n"
    "Импы: №1 — 37-15, №2 — 20-20\n(офф: ГМ, можно?)\nКонец хода."),
    ("имп 1 берёт сундук с золотом (20-21)\nБес №1 улучшается до жреца (10 маны, 20 золота)\n"
    "Улучшаю Источник на 12-10 до 4-го уровня\nлич: облако смерти на 14-16\nгном идёт вниз"),
]
NOISE = ["[b]", "[/b]", "[quote]", "[/quote]", '[quote="Ваал"]', ":)", "😈", "\n", "→", "->", "№", "#", "«", "»",
         "(", ")", "ОД", "од", "1-3", "37-15", "—", "\u00a0", "\r\n", "[color=red]", "[/color]", ",", ".", ";",
         "ё", "Ё", "İ", "\u200b", "\u0301", "[off]", "--\n", "> ", "затем", " и ", "имп", "беса", "№99", "99-99"]


def mutated_posts():
    return mutated(REAL_POSTS, NOISE)


def _checked(text: str, faction: str) -> None:
    reading = read_post_strict(text, STATE, faction)
    assert [ln.line for ln in reading.lines] == list(range(1, len(reading.lines) + 1))
    originals = {ln.line: ln.text for ln in reading.lines}
    for p in reading.problems:
        assert p.message and CYRILLIC.search(p.message), p
        if reading.lines:
            assert 1 <= p.line <= len(reading.lines)
            assert 0 <= p.col_start <= p.col_end <= len(originals[p.line])
    if reading.orders:  # every order of a line stands alone; a line with a refused one is an error line
        assert any(ln.status in (LineStatus.ORDER, LineStatus.ERROR) for ln in reading.lines)
    for order in reading.orders:
        assert order.to_text()


@SETTINGS
@given(text=st.text(max_size=500), faction=st.sampled_from(FACTIONS))
def test_never_raises_on_any_text(text, faction):
    _checked(text, faction)


@SETTINGS
@given(text=mutated_posts(), faction=st.sampled_from(FACTIONS))
def test_never_raises_on_mistyped_real_posts(text, faction):
    _checked(text, faction)


@SETTINGS
@given(text=st.text(alphabet="Иимпбесаоднукт12345-–→:,.;()№# \nзатемиОДод[]/quote«»вскапываетидётна", max_size=300),
       faction=st.sampled_from(FACTIONS))
def test_never_raises_on_order_like_noise(text, faction):
    _checked(text, faction)


@SETTINGS
@given(lines=st.lists(st.sampled_from(REAL_POSTS) | st.text(max_size=80), min_size=1, max_size=4),
       name=st.sampled_from(["", "=Ваал", '="Лилит"', "=Ваал post_id=3"]), closed=st.booleans())
def test_quoted_text_is_never_read(lines, name, closed):
    body = "\n".join(lines)
    post = f"[quote{name}]{body}" + ("[/quote]" if closed else "")
    reading = read_post_strict(post + "\nУдачи всем!", STATE, "p1")
    assert reading.orders == []
    assert all(ln.status in (LineStatus.QUOTE, LineStatus.FLAVOUR, LineStatus.BLANK) for ln in reading.lines)


def test_the_never_raising_wrapper_turns_a_reader_bug_into_one_error(monkeypatch):
    from rulesets.dungeon_keeper import reader

    def broken(*a, **kw):
        raise RuntimeError("bug")

    monkeypatch.setattr(reader, "read_post_strict", broken)
    got = read_post("Имп №1: копает 20-19\nещё строка", STATE, "p1")
    assert [p.code for p in got.problems] == ["read.internal"]
    assert [ln.text for ln in got.lines] == ["Имп №1: копает 20-19", "ещё строка"]


def test_a_megabyte_post_is_read_whole():
    """Posts are capped far lower by the service; the reader must still cope with 1 MB, every line
    accounted for (its speed on such a post is a `make bench` figure, not a timed test)."""
    chunk = REAL_POSTS[1] + "\n" + REAL_POSTS[4] + "\nАрхидемон злобно хохочет.\n"
    big = chunk * (1_000_000 // len(chunk))
    reading = read_post_strict(big, STATE, "p1")
    assert len(reading.lines) == len(big.split("\n")) > 30_000
