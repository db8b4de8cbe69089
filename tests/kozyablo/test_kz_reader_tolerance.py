"""Content the reader tolerates around orders (checklist §3, end): role-play, greetings, «ЗЫ»,
off-topic, quotes (never orders), BBCode (orders inside [b]/[i]/[color]/[spoiler] still count),
list markers, emoticons, quote styles, CAPS and repeated punctuation."""

from __future__ import annotations

import pytest
from kz_reader_support import read, statuses, table

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.orders import DrawCard, PlayCard

STATE = table(hand={"a": ["pozorny_luchnik"]})
PLAY = PlayCard(card="pozorny_luchnik", into="gold-1")


@pytest.mark.parametrize("chatter", [
    "Закатываем рукава — и по рогам!", "Ну держись, Жлобоград", "Эх, не везёт", "Всем привет!",
    "Доброе утро, господа :)", "ЗЫ: карты сегодня не идут", "P.S. мечник — мой любимчик", "(офф: когда дедлайн?)",
    "ООС: буду в отпуске", "Побьём их всех!", "Мечник скучает в шахте", "xD", ")))", "😈🔥",
    "[img]http://example.com/pic.png[/img]", "[url=http://example.com]моя колода[/url]", "—",
])
def test_chatter_is_flavour_and_changes_nothing(chatter):
    r = read(f"{chatter}\nИграю Позорного лучника в шахту-1.", STATE)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [PLAY]
    assert statuses(r) == [LineStatus.FLAVOUR, LineStatus.ORDER]


@pytest.mark.parametrize("line", [
    "[b]Играю Позорного лучника в шахту-1.[/b]", "[i]играю позорного лучника в шахту-1[/i]",
    "[color=red]Играю «Позорный лучник» в «Золотая шахта-1»[/color]", "[u][size=14]Играю лучника в шахту 1[/size][/u]",
    "1. Играю лучника в шахту-1", "1) Играю лучника в шахту-1", "- Играю лучника в шахту-1",
    "• Играю лучника в шахту-1", "ИГРАЮ ПОЗОРНОГО ЛУЧНИКА В ШАХТУ-1!!!", "Играю лучника в шахту-1 :)",
    "Играю лучника в шахту-1 :-D", "Играю лучника в шахту-1)))", "Играю \"Позорный лучник\" в шахту-1",
    "Играю „Позорный лучник“ в шахту-1", "Играю лучника в шахту-1 xD", "Играю лучника в шахту-1 🏹",
])
def test_orders_through_markup_markers_emoticons_quotes_and_caps(line):
    r = read(line, STATE)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [PLAY]


def test_order_inside_a_spoiler_counts():
    r = read("[spoiler]\nИграю лучника в шахту-1\n[/spoiler]", STATE)
    assert r.ok and r.orders == [PLAY]


@pytest.mark.parametrize("quote", [
    "[quote]Беру карту.[/quote]", "[quote=\"Петя\"]Беру карту.\nПропускаю ход.[/quote]",
    "[quote=Петя]\nАтакую в шахте-1\n[/quote]", "> Беру карту.",
])
def test_quoted_lines_are_never_orders(quote):
    r = read(f"{quote}\nИграю лучника в шахту-1", STATE)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [PLAY]
    assert LineStatus.QUOTE in statuses(r)


def test_a_post_of_chatter_only_is_refused_with_the_expected_form_kz_turn_03():
    """Issue 9: a post with no order is not a turn; the error says what the step expects, with an
    example from the poster's own hand."""
    r = read("Привет! Думаю над ходом…\nЗЫ: не торопите", STATE)
    assert not r.ok and r.orders == []
    assert [(p.code, p.clause) for p in r.problems] == [("post.no_orders", "KZ-TURN-03")]
    assert "Например" in r.problems[0].hint


def test_chatter_with_a_card_name_in_passing_is_flavour():
    """A line that only mentions cards in passing («Шмель у Пети злой») is not an order."""
    r = read("Шмель у Пети злой, а гилен толстый.\nБеру карту.", STATE)
    assert r.ok and r.orders == [DrawCard()]
    assert statuses(r)[0] is LineStatus.FLAVOUR


def test_a_long_paragraph_is_not_read_but_an_order_word_in_it_is_flagged():
    story = "Мечник долго смотрел на горы, " * 12 + "а потом сказал: атакую! " + "Ветер выл. " * 5
    r = read(story + "\nИграю лучника в шахту-1", STATE)
    assert r.ok and r.orders == [PLAY]
    assert [p.code for p in r.problems] == ["read.long_line"] and r.problems[0].line == 1
    calm = "Мечник долго смотрел на горы, " * 15
    assert not read(calm + "\nИграю лучника в шахту-1", STATE).problems


def test_a_megabyte_post_is_read_whole():
    chunk = "Всем привет!\nИграю лучника в шахту-1.\n[quote]Беру карту[/quote]\nЗЫ: удачи :)\n"
    big = chunk * (1_000_000 // len(chunk))
    r = read(big, STATE)
    assert len(r.lines) == len(big.split("\n"))
    assert r.orders == [PLAY]
    assert {p.code for p in r.problems} == {"read.second_action"}
