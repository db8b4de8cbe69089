"""What a post mixes in besides orders (checklist §3.3) is flavour or a quote, never an error; the
player's bookkeeping that disagrees with the state gets a note; orders inside [quote] never run.
"""

from __future__ import annotations

import pytest

from letopis.engine.contract import LineStatus

from .test_reader_support import codes, errors, line_errors, read, world


def base():
    return world(units=[("p1", "imp", 1, (37, 15)), ("p1", "imp", 2, (12, 12)), ("p1", "bes", 1, (20, 20))],
                 mines=[("gold", (35, 14))], players=("Морган", "Ваал", "Лилит"), gold=40, mana=2)


ORDERS = "Имп №1:\n1 ОД: передвигается с клетки 37-15 на 36-15.\n2 ОД: копает золотую шахту на 35-14."

CHATTER = [
    "Всем привет!", "Удачи всем", "жду ответа ГМ", "Архидемон злобно хохочет, глядя на карту…",
    "«Копайте, мои верные слуги!»", "[i]Копайте, мои верные слуги![/i]", "[i]— Вперёд, к золоту![/i]",
    ":)", ":(", ":D", ";)", ":evil:", ":twisted:", ")))", "xD", "Ну держитесь )))",
    "(офф: как дела?)", "ООС: сорри за задержку", "ООС: а можно строить на шахте", "ГМ, а можно строить на шахте?",
    "[img]http://example.com/map.png[/img]", "[url=http://example.com]карта[/url]", "[spoiler]карта[/spoiler]",
    "[color=red][size=85]злобный смех[/size][/color]", "Цитата:", "Ваал писал(а):", "Ход 7", "Ход №7.",
    "Последний раз редактировалось Морган 01 июн 2015, 19:00, всего редактировалось 2 раз(а).",
    "Строю планы на будущее", "Иду спать", "Бес злобно атаковал врага в прошлом ходу",
    "[quote]Бес №1 атакует импа №2 Ваала[/quote]", '[quote="Ваал"]Имп №1 копает 3-3[/quote]', "Итого: золото 40, мана 2",
    "Ресурсы: 40 з / 2 м", "Импы: №1 — 37-15, №2 — 12-12", "[b]Импы[/b]", "[b]Армия[/b]", "Архидемон:",
    "Имп №2: отдыхает", "[size=150][b]Ход 7[/b][/size]",
]


QUOTE_HEADERS = frozenset({"Цитата:", "Ваал писал(а):"})


@pytest.mark.parametrize("line", CHATTER)
def test_chatter_around_orders_is_never_an_error(line):
    # A copied quote header («Ваал писал(а):») quotes the lines after it up to a blank line (issue 9,
    # kind 6), so the poster's own orders follow it after a blank line.
    gap = "\n" if line in QUOTE_HEADERS else ""
    reading = read(f"{line}\n{gap}{ORDERS}\n{line}", base())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.kind for x in reading.orders] == ["move", "mine"]
    assert reading.lines[0].status in (LineStatus.FLAVOUR, LineStatus.QUOTE, LineStatus.BLANK)
    assert not [p for p in reading.problems if p.severity == "warning"]


def test_a_whole_forum_post():
    post = """Всем привет! :)
[quote="Лилит"]Бес №1 атакует импа №2 Морган.
Призываю беса.[/quote]
Архидемон злобно хохочет, глядя на карту…

[b]Имп №1:[/b]
1 ОД: передвигается с клетки 37-15 на 36-15. :evil:
2 ОД: копает золотую шахту на 35-14. )))
[i]«Копайте, мои верные слуги!»[/i]

[b]Бес №1[/b]
[list][*]1 ОД: идёт на 21-21[/list]
(офф: ГМ, а можно строить на шахте?)
Итого: золото 40, мана 2
[img]http://x.ru/map.png[/img]
Удачи всем xD
Конец хода.
--
Морган, повелитель тьмы"""
    reading = read(post, base())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.kind for x in reading.orders] == ["move", "mine", "move", "end_turn"]
    by_line = {ln.line: ln.status for ln in reading.lines}
    assert by_line[2] == by_line[3] == LineStatus.QUOTE
    assert [n for n, s in by_line.items() if s is LineStatus.ORDER] == [7, 8, 12, 17]
    assert not reading.problems


def test_orders_inside_a_quote_are_never_executed():
    reading = read('[quote="Ваал"]Имп №1: копает 36-16\nКонец хода.[/quote]\nБес №1: идёт на 21-21', base())
    assert [x.kind for x in reading.orders] == ["move"]


def test_an_unclosed_quote_hides_the_rest_with_a_warning():
    reading = read("Бес №1: идёт на 21-21\n[quote]Имп №1: копает 36-16\nБес №1: идёт на 22-22", base())
    assert [x.kind for x in reading.orders] == ["move"]
    assert "read.unclosed_quote" in codes(reading)


# --- bookkeeping (checklist §3.3) -------------------------------------------------------------------
def test_bookkeeping_that_matches_the_state_says_nothing():
    reading = read("Итого: золото 40, мана 2\nРесурсы: 40 з / 2 м\nИмпы: №1 — 37-15, №2 — 12-12", base())
    # only «no orders» (issue 9: bookkeeping alone is no turn), with an example from the poster's units
    [problem] = reading.problems
    assert problem.code == "post.no_orders" and problem.clause == "DK-TURN-02" and problem.is_error
    assert "Имп №1: перемещается на" in problem.hint


@pytest.mark.parametrize(("line", "what"), [
    ("Итого: золото 50, мана 2", "золото: 40"),
    ("Ресурсы: 40 з / 5 м", "мана: 2"),
    ("Импы: №1 — 37-15, №2 — 12-13", "имп №2 стоит на 12-12"),
    ("Импы: №1 — 37-15, №3 — 5-5", "имп №3"),
])
def test_bookkeeping_that_contradicts_the_state_is_a_note_never_an_error(line, what):
    reading = read(line, base())
    notes = [p for p in reading.problems if p.code.startswith("read.bookkeeping")]
    assert len(notes) == 1 and notes[0].severity == "note"
    assert what in notes[0].message
    assert not line_errors(reading)
    assert notes[0].col_end > notes[0].col_start


def test_a_unit_with_a_dash_and_another_cell_is_a_move_written_without_a_verb():
    # issue 9, kind 1: «имп №4 — 22-31» is an order; the cell the unit stands on only restates it
    reading = read("Бес №1 — 20-21", base())
    assert not errors(reading) and [x.to_text() for x in reading.orders] == ["Бес №1: перемещается на 20-21."]
    reading = read("Бес №1 — 20-20\nИмп №1: идёт на 36-15", base())
    assert reading.lines[0].status is LineStatus.FLAVOUR and [x.kind for x in reading.orders] == ["move"]


@pytest.mark.parametrize("post", ["Всем привет!", "Удачи всем, жду ответа ГМ", ":evil: )))"])
def test_a_post_of_chatter_only_is_refused_with_what_the_turn_expects_DK_TURN_02(post):
    [problem] = read(post, base()).problems
    assert problem.code == "post.no_orders" and problem.clause == "DK-TURN-02" and problem.is_error
    assert "приказы своим юнитам" in problem.hint and "Имп №1: перемещается на" in problem.hint


@pytest.mark.parametrize("post", ["Пропускаю ход.", "пас", "Имп №2: отдыхает", "Конец хода."])
def test_a_post_that_passes_is_a_turn(post):
    assert not errors(read(post, base()))
