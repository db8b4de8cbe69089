"""Boards in a real browser at a phone's 375 px and a desktop's 1280 px (issue 12): every ruleset's
demo board shows no text under 10 px, a desktop shows the whole board at once and a phone scrolls
it in its frame (never the page); the full-screen viewer zooms and closes; without scripts the PNG
link is the full-size view; a spectator copies a step's BBCode and its [img] address is a PNG;
/docs lists the API's operations from a local renderer of OpenAPI 3.1.

Screenshots of every board go to ``LETOPIS_SCREENSHOTS`` when it names a folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from support.browser_pages import shot

from letopis import service
from letopis.service.demo import DEMO_GAMES

pytestmark = pytest.mark.browser

WIDTHS = (375, 1280)
DEMOS = {demo.ruleset_id: demo for demo in reversed(DEMO_GAMES)}  # the first demo of each ruleset
SHOTS = os.environ.get("LETOPIS_SCREENSHOTS")

# the smallest text of the picture as drawn on the screen, and how the picture sits in its frame
MEASURE = """(figure) => {
  const svg = figure.querySelector('.board-frame > svg'), frame = figure.querySelector('.board-frame');
  let smallest = Infinity, which = '';
  for (const t of svg.querySelectorAll('text, tspan')) {
    if (!t.textContent.trim()) continue;
    const m = t.getScreenCTM(), px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < smallest) { smallest = px; which = t.textContent.trim(); }
  }
  const box = svg.getBoundingClientRect();
  return {smallest, which, width: box.width, frame: frame.clientWidth, scroll: frame.scrollWidth,
          page: document.documentElement.scrollWidth};
}"""


def _context(chromium, width: int, **kw):
    return chromium.new_context(viewport={"width": width, "height": 900}, locale="ru-RU", **kw)


def _shot(locator, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        locator.screenshot(path=str(Path(SHOTS) / name))


@pytest.mark.parametrize("ruleset_id", sorted(DEMOS))
def test_each_demo_board_is_legible_at_both_widths(chromium, live_server, db, ruleset_id):
    service.ensure_demo(db, games=(DEMOS[ruleset_id],))
    game = service.list_games(db)[0]
    for width in WIDTHS:
        context = _context(chromium, width)
        try:
            page = context.new_page()
            page.goto(f"{live_server}/games/{game.id}")
            figure = page.locator("figure.board").first
            m = figure.evaluate(MEASURE)
            assert m["smallest"] >= 9.95, (ruleset_id, width, m)
            assert m["page"] <= width, (ruleset_id, width, m)  # the page itself never scrolls sideways
            if width == 1280:
                assert m["scroll"] <= m["frame"] + 1, m  # the whole board at once
            elif m["width"] > m["frame"] + 1:  # wider than a phone: the frame scrolls, and says so
                assert m["scroll"] > m["frame"]
                assert figure.locator(".swipe").is_visible()
                frame = figure.locator(".board-frame")
                frame.evaluate("f => f.scrollLeft = 200")
                assert frame.evaluate("f => f.scrollLeft") > 0
            _shot(figure, f"{ruleset_id}-{width}.png")
        finally:
            context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_viewer_zooms_and_closes(chromium, live_server, db, width):
    service.ensure_demo(db, games=(DEMOS["dungeon_keeper"],))
    game = service.list_games(db)[0]
    context = _context(chromium, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{live_server}/games/{game.id}")
        page.locator("figure.board .board-frame").click()
        viewer = page.locator("dialog.board-viewer")
        assert viewer.is_visible()
        level = viewer.locator("output")
        assert level.inner_text() == "100 %"  # the DK board's text is 10 px at its own size
        picture = viewer.locator("svg")
        assert picture.bounding_box()["width"] == pytest.approx(1132, abs=1)
        viewer.get_by_role("button", name="Крупнее").click()
        assert level.inner_text() == "125 %"
        assert picture.bounding_box()["width"] == pytest.approx(1132 * 1.25, abs=1)
        viewer.get_by_role("button", name="Показать всю картинку").click()
        whole = picture.bounding_box()
        assert whole["width"] <= width and whole["y"] + whole["height"] <= 900 + 1
        assert viewer.locator("a.viewer-png").get_attribute("href") == f"/games/{game.id}/board.png"
        page.keyboard.press("Escape")
        assert not viewer.is_visible()
        page.get_by_role("button", name="Открыть картинку во весь экран").click()  # the button opens it too
        assert viewer.is_visible()
        viewer.get_by_role("button", name="Закрыть").click()
        assert not viewer.is_visible()
        assert errors == []
    finally:
        context.close()


def test_without_scripts_the_png_link_is_the_full_size_view(chromium, live_server, db):
    service.ensure_demo(db, games=(DEMOS["dungeon_keeper"],))
    game = service.list_games(db)[0]
    context = _context(chromium, 375, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/{game.id}")
        figure = page.locator("figure.board")
        assert figure.locator("button").count() == 0  # no viewer without scripts
        assert figure.locator(".swipe").is_visible()
        with page.expect_navigation() as navigation:
            figure.get_by_role("link", name="PNG в полный размер").click()
        response = navigation.value
        assert response.status == 200 and response.headers["content-type"] == "image/png"
        assert page.url == f"{live_server}/games/{game.id}/board.png"
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_step_s_png_is_reachable_from_its_bbcode(chromium, live_server, db, width):
    service.ensure_demo(db, games=(DEMOS["wargame"],))
    game = service.list_games(db)[0]
    context = _context(chromium, width)
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/{game.id}/steps/2")
        text = page.locator("textarea#bbcode").input_value()
        images = re.findall(r"\[img\](.*?)\[/img\]", text)
        assert images == [f"{live_server}/games/{game.id}/steps/2/board.png"]
        # the forum shows it as an image: load it as one
        size = page.evaluate("""(src) => new Promise((done, fail) => { const i = new Image();
            i.onload = () => done([i.naturalWidth, i.naturalHeight]); i.onerror = fail; i.src = src; })""", images[0])
        assert size[0] >= 768 and size[1] > 500
        response = page.goto(images[0])
        assert response.status == 200 and response.headers["content-type"] == "image/png"
        assert response.headers["etag"]
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_docs_list_the_operations_from_a_local_renderer(chromium, live_server, width, tmp_path):
    context = _context(chromium, width)
    try:
        page = context.new_page()
        hosts: set[str] = set()
        page.on("request", lambda r: hosts.add(r.url.split("/")[2]))
        page.goto(f"{live_server}/docs")
        page.wait_for_selector(".opblock-summary")
        assert page.get_by_text("OAS 3.1").is_visible()
        paths = page.locator(".opblock-summary-path").all_inner_texts()
        for path in ("/api/token", "/api/games", "/api/games/{game_id}/check", "/api/rulesets/{ruleset_id}/schema"):
            assert any(p.replace("\u200b", "") == path for p in paths), path
        summaries = set(page.locator(".opblock-summary-description").all_inner_texts())
        assert {"Получить ключ API", "Список игр", "Проверить пост", "Схема документа настройки",
                "Рассчитать сейчас"} <= summaries
        groups = [" ".join(t.split()) for t in page.locator(".opblock-tag").all_inner_texts()]
        for tag in ("Игры", "Посты", "Мастер", "Архив", "Пользователь", "Уведомления"):
            assert any(g.startswith(tag + " ") for g in groups), (tag, groups)
        assert len(paths) >= 30
        page.locator(".opblock-summary", has_text="/api/rulesets/{ruleset_id}/schema").first.click()
        assert page.locator(".opblock-body").first.is_visible()
        assert "JSON Schema документа" in page.locator(".opblock-body").first.inner_text()
        shot(page, "docs", width, tmp_path)
        assert hosts == {live_server.split("/")[2]}  # nothing from a CDN
    finally:
        context.close()
