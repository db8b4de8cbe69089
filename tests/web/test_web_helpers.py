"""Small pure helpers of the web layer: the rules renderer, the SVG cleaner, form parsing, plurals."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from api.webclient import make_settings

from letopis.web.forms import FormError, parse_deadline, parse_factions, parse_json_object
from letopis.web.rulesdoc import render_rules
from letopis.web.security import make_token, read_token, safe_next
from letopis.web.svgsafe import clean_svg
from letopis.web.templating import plural


def test_rules_clauses_become_anchors_and_links():
    doc = render_rules(
        "# Правила\n\n## Атака\n\n"
        '<a id="DRP-ATK-09"></a>**DRP-ATK-09.** Атака стоит время (см. DRP-GAP-19).\n\n'
        "- DRP-GAP-19 — по умолчанию одна фишка.\n"
    )
    assert '<a id="DRP-ATK-09"></a>' in doc.html
    assert doc.html.count('id="DRP-GAP-19"') == 1  # the first mention becomes its anchor
    assert doc.html.count('href="#DRP-GAP-19"') == 2
    assert doc.toc == [("razdel-2", "Атака")]
    assert doc.clauses == ["DRP-ATK-09", "DRP-GAP-19"]


def test_rules_existing_links_are_left_alone():
    doc = render_rules("[правило DRP-GEN-01](#DRP-GEN-01)")
    assert doc.html.count("<a ") == 1


def test_svg_cleaner_removes_what_could_run():
    dirty = ('<svg xmlns="http://www.w3.org/2000/svg"><text onclick="x()">Аня<script>alert(1)</script> жива</text>'
             '<a href="javascript:alert(1)"><rect width="1" height="1"/></a><foreignObject><p>x</p></foreignObject>'
             '<use href="#slot"/></svg>')
    clean = str(clean_svg(dirty))
    for bad in ("script", "onclick", "javascript", "foreignObject", "<p>"):
        assert bad not in clean
    assert "Аня жива" in clean and 'href="#slot"' in clean and "<rect" in clean


def test_svg_cleaner_drops_html_that_would_escape_the_picture():
    clean = str(clean_svg('<svg><text><b>x</b> <meta http-equiv="refresh" content="0"/>y</text></svg>'))
    assert "<b>" not in clean and "<meta" not in clean and "y" in clean
    assert "не удалось" in str(clean_svg("<svg><unclosed></svg>"))
    assert str(clean_svg(None)) == ""


def test_form_parsers_explain_in_russian():
    assert parse_json_object("  ", "Параметры") is None
    assert parse_json_object('{"goal": 3}', "Параметры") == {"goal": 3}
    with pytest.raises(FormError, match="строке 2"):
        parse_json_object('{\n"goal": }', "Параметры")
    with pytest.raises(FormError, match="фигурных скобках"):
        parse_json_object("[1]", "Параметры")
    assert [(f.id, f.name) for f in parse_factions("Аня\n\n Боря \n")] == [("p1", "Аня"), ("p2", "Боря")]
    with pytest.raises(FormError, match="повторяются"):
        parse_factions("Аня\nаня")
    # the GM types the time of his own zone: 03:04 in Moscow is 00:04 UTC, in Omsk 21:04 the day before
    assert parse_deadline("2030-01-02T03:04", "Europe/Moscow") == datetime(2030, 1, 2, 0, 4, tzinfo=UTC)
    assert parse_deadline("02.01.2030 03:04", "Asia/Omsk") == datetime(2030, 1, 1, 21, 4, tzinfo=UTC)
    assert parse_deadline("2030-01-02T03:04", "UTC") == datetime(2030, 1, 2, 3, 4, tzinfo=UTC)
    assert parse_deadline("", "Europe/Moscow") is None
    with pytest.raises(FormError):
        parse_deadline("послезавтра", "Europe/Moscow")


def test_russian_plurals():
    assert [plural(n, "ход", "хода", "ходов") for n in (1, 2, 5, 11, 21, 22, 112)] == [
        "ход", "хода", "ходов", "ходов", "ход", "хода", "ходов"]


def test_tokens_and_redirect_targets():
    settings = make_settings()
    assert read_token(settings, make_token(settings, 7, 3)) == (7, 3)
    assert read_token(settings, make_token(settings, 7, 3), max_age=-1) is None  # expired
    assert read_token(settings, make_token(settings, 7, 2**40)) is None  # no such row id
    assert read_token(settings, "garbage") is None
    assert safe_next("/games/1?x=2") == "/games/1?x=2"
    for hostile in ("//evil.example", "https://evil.example", "/\\evil", "", None):
        assert safe_next(hostile) == "/"
