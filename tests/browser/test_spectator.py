"""A spectator in a real browser (phone-sized, not logged in): browses the archive, opens a past
step and the state after it, sees a chart, and copies a round's BBCode from its textarea."""

from __future__ import annotations

import pytest

from letopis import service
from letopis.service.demo import DemoGame

pytestmark = pytest.mark.browser


def test_spectator_browses_the_archive_and_copies_bbcode(page, live_server, db):
    demo = DemoGame("dice_roll_party", "Дуэль для зрителей", "auto", ("anna", "boris"), 4)
    service.ensure_demo(db, games=(demo,))
    game = service.list_games(db)[0]

    page.goto(f"{live_server}/")
    page.click("nav >> text=Архив")
    page.wait_for_url(f"{live_server}/archive")
    page.click(f"text={demo.title}")
    page.wait_for_url(f"{live_server}/archive/games/{game.id}")

    chart = page.locator("figure.chart svg polyline").first
    assert chart.is_visible()
    assert page.locator("figure.chart").count() == 3
    width = page.locator("figure.chart svg").first.bounding_box()["width"]
    assert 0 < width <= 375  # fits a phone's width

    page.click(f'a[href="/archive/games/{game.id}/steps/2/state?when=after"]')
    page.wait_for_url(f"{live_server}/archive/games/{game.id}/steps/2/state?when=after")
    assert page.locator("h1").inner_text().startswith("После шага 2")
    assert page.locator(".board svg").count() == 1
    assert "хранилище" in page.locator("dl.pairs").inner_text()
    page.click("text=до этого шага")
    assert page.locator("h1").inner_text().startswith("До шага 2")

    page.click("text=летопись шага")
    page.wait_for_url(f"{live_server}/games/{game.id}/steps/2")
    assert "Кубики" in page.content()

    page.goto(f"{live_server}/archive/games/{game.id}/steps/2/round")
    assert page.locator("h2", has_text="Скопировать BBCode").is_visible()
    area = page.locator("textarea#bbcode")
    area.focus()  # focusing selects the whole text, ready for the phone's copy
    selected = page.evaluate("() => { const t = document.getElementById('bbcode'); return t.value.slice(t.selectionStart, t.selectionEnd); }")
    text = area.input_value()
    assert selected == text
    chron = service.step_chronicle(db, game_id=game.id, step_number=2)
    assert f"зерно: {chron.seed}" in text and "[quote=" in text and text.count("[b]") == text.count("[/b]")
