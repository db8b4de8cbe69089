"""The Tetranomicon reader on the reading core: the live check's arithmetic on the order's line,
one action per post (TET-GAP-27), a post with no order, sources on their own line, and proposed
posts reading back to their orders. The phrasing corpus (tests/phrasings/tetranomicon.toml) covers
the many ways of writing each order."""

from __future__ import annotations

import pytest

from letopis.engine.contract import LineStatus
from letopis.engine.dice import Dice
from letopis.engine.problems import Severity
from rulesets.tetranomicon import RULESET
from rulesets.tetranomicon.reader import read_post, read_post_strict
from tests.phrasings.scenes_tetranomicon import SCENES


def _read(scene: str, text: str):
    state, faction = SCENES[scene]()
    return read_post_strict(text, state, faction)


def test_a_build_line_shows_sources_routes_discounts_and_coins_left():
    r = _read("epoch1", "Лесопилка в Озёрске")
    assert r.ok and r.lines[0].status is LineStatus.ORDER
    cost = r.lines[0].cost or ""
    # farm from Северград over Анна's own river and Вера's river (charged), Лесной Дух −1
    assert "выбрал сервер" in cost and "Вера" in cost and "Лесной Дух" in cost and "останется 0" in cost


def test_a_campaign_line_shows_monsters_support_swords_and_path():
    r = _read("epoch2", "Поход на Чернолесье")
    cost = r.lines[0].cost or ""
    assert r.ok and "Монстры: 3" in cost and "сила вашей армии — 5" in cost and "Путь:" in cost


def test_a_second_action_is_an_error_on_its_line_tet_gap_27():
    r = _read("epoch1", "Строю лесопилку в Речном Броде.\nПризываю Грифона.")
    assert not r.ok
    assert [(p.line, p.clause) for p in r.problems if p.severity is Severity.ERROR] == [(2, "TET-GAP-27")]
    assert len(r.orders) == 1


def test_two_actions_on_one_line_are_refused_on_that_line():
    r = _read("epoch1", "Призываю Грифона, а потом маршрут Брод — Дубрава")
    assert any(p.clause == "TET-GAP-27" and p.line == 1 for p in r.problems)


def test_sources_on_the_next_line_join_the_build():
    r = _read("epoch3", "Каменоломня в Дубраве.\nФерма — из Озёрска, рудник — из Каменца.")
    assert r.ok and [o.to_text() for o in r.orders] == [
        "Строить: каменоломня, Дубрава; ферма из Озёрска, рудник из Каменца"]
    assert r.lines[1].status is LineStatus.ORDER


def test_a_post_of_chatter_is_refused_with_an_example_from_the_position():
    r = _read("epoch1", "Всем привет!\nДумаю, что делать.")
    assert [p.code for p in r.problems] == ["post.no_orders"]
    assert "Например" in (r.problems[0].hint or "")


def test_a_typo_is_read_with_a_note():
    r = _read("epoch1", "Призываю Грифнона")
    assert r.ok and any(p.severity is Severity.NOTE and "Грифон" in p.message for p in r.problems)


@pytest.mark.parametrize("text", ["", "   ", "[quote]Пас[/quote]", "((((", "Маршрут У99", "Поход на К9 из К0",
                                  "Артефакт: слот 99", "\u0000\ufeff", "Строю " * 200])
def test_the_reader_never_raises(text):
    state, faction = SCENES["epoch2"]()
    read_post(text, state, faction)
    read_post_strict(text, state, faction)


def test_proposed_posts_read_back_to_legal_orders():
    state, faction = SCENES["epoch2"]()
    for n in range(25):
        text = RULESET.propose(state, faction, Dice(f"{n:064x}"))
        r = RULESET.read(text, state, faction)
        assert r.ok and len(r.orders) == 1, text
