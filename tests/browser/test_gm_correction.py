"""A GM in a real browser types correction lines and watches the live check (htmx): a wrong line
shows its problem, the fixed line what it will change; applied, the chronicle shows the
«Поправка мастера» step."""

from __future__ import annotations

import re

import pytest
from support.race import Race

from letopis import service
from letopis.db.models import Game
from letopis.engine import registry
from letopis.engine.events import Event
from letopis.engine.problems import Problem

pytestmark = pytest.mark.browser


class PatchRace(Race):
    """«Гонка» whose GM moves runners by lines «a +3»."""

    id = "race_patch_browser"

    def correct(self, state, text):
        new = state.model_copy(deep=True)
        events, problems = [], []
        for n, line in enumerate(text.splitlines(), start=1):
            m = re.fullmatch(r"\s*(\w+)\s*([+-]\d+)\s*", line)
            if line.strip() and (not m or m.group(1) not in new.positions):
                problems.append(Problem(line=n, code="bad_patch", message="Не понимаю строку правки."))
            elif m:
                new.positions[m.group(1)] += int(m.group(2))
                events.append(Event(kind="gm_correction", text=f"{new.name(m.group(1))}: {int(m.group(2)):+d} клеток."))
        return (state, [], problems) if problems else (new, events, problems)


@pytest.fixture
def patch_race():
    ruleset = PatchRace()
    registry.register(ruleset)
    yield ruleset
    registry._extra.pop(ruleset.id, None)


def test_gm_checks_and_applies_a_correction(page, live_server, db, race_game, patch_race):
    game = race_game()
    db.get(Game, game.id).ruleset_id = patch_race.id
    db.commit()

    page.goto(f"{live_server}/login")
    page.fill("#login", "gm")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/")
    page.goto(f"{live_server}/games/{game.id}/gm#fix")  # the desk's «Правка»

    check = page.locator("#correct-check")
    page.locator("#correct-text").press_sequentially("a +2\nб +1", delay=20)
    check.get_by_text("Не понимаю строку правки.").wait_for()
    assert check.locator("li.error[data-line='2']").count() == 1
    assert check.get_by_text("→").count() == 0  # nothing changes while a line is wrong

    for _ in range(4):  # «б +1» out
        page.locator("#correct-text").press("Backspace")
    page.locator("#correct-text").press_sequentially("b +1", delay=20)
    check.get_by_text("Правка читается").wait_for()
    assert "→ Боря: +1 клеток." in check.locator("li[data-line='2']").inner_text()
    assert "→ Аня: +2 клеток." in check.locator("li[data-line='1']").inner_text()
    assert check.locator("li.error").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # fits a phone

    page.fill("#correct-reason", "Потерянный ход Ани")
    page.get_by_role("button", name="Применить правку").click()
    page.get_by_text("опубликована как шаг 1").wait_for()

    page.goto(f"{live_server}/games/{game.id}/steps/1")
    body = page.locator("main").inner_text()
    assert "Поправка мастера" in body and "Аня: +2 клеток." in body and "Боря: +1 клеток." in body
    assert "Потерянный ход Ани" in body
    assert service.game_page(db, game.id).view["positions"] == {"a": 2, "b": 1}
    assert service.verify_game(db, game.id).ok
