"""«Новая игра» in a real browser, at a phone's and a desktop's width: the house-rules form follows
the chosen ruleset (htmx swaps it), a GM sets a few rules with the form's own controls — a choice,
a tick, a number, a part of a nested option — and the game is created with exactly those."""

from __future__ import annotations

import pytest
from support.browser_pages import WIDTHS, fits, log_in, shot, sized_page

from letopis import service

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", WIDTHS)
def test_a_game_is_created_with_house_rules_chosen_in_the_form(chromium, live_server, db, make_user, width, tmp_path):
    make_user("gm", "Мастер")
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/new")
        page.select_option("#ruleset_id", "dungeon_keeper")
        page.get_by_role("heading", name="Правила партии: Хранитель Подземелий").wait_for()
        assert page.locator("[name='o.players']").count() == 0  # Dice Roll Party's fields are gone
        rules = page.locator("details.house-rules")
        assert not rules.evaluate("e => e.open")  # collapsed: most games keep the book's rules
        assert rules.locator("summary").inner_text() == "45 настроек, всё по книге"
        rules.locator("summary").click()
        page.fill("#title", "Подземелья на форуме")
        page.fill("#factions", "Ваал\nМолох\nАстарот")
        page.get_by_label("Ходы Героя").select_option(label="пишет мастер")
        page.get_by_label("Шанс появления Героя, %").fill("25")
        page.get_by_label("Атака своих зданий").uncheck()
        page.get_by_label("Золотая шахта").fill("250")
        hint = page.locator("[data-option='hero_spawn_chance'] a.clause")
        assert hint.get_attribute("href") == "/rules/dungeon_keeper#DK-GAP-74"
        assert not page.locator("details.advanced").evaluate("e => e.open")  # the JSON stays out of the way
        fits(page, width)
        shot(page, "new-game-options", width, tmp_path)

        page.get_by_label("Шанс появления Героя, %").fill("250")  # out of bounds: the browser asks first
        page.locator("[name='o.hero_spawn_chance']").evaluate("e => e.removeAttribute('max')")
        page.get_by_role("button", name="Создать игру").click()
        page.get_by_text("Шанс появления Героя, %: не больше 100").wait_for()
        assert page.locator("details.house-rules").evaluate("e => e.open")  # open again, as left
        assert page.get_by_label("Шанс появления Героя, %").input_value() == "250"  # kept as typed
        assert page.get_by_label("Золотая шахта").input_value() == "250"
        assert service.list_games(db) == []

        page.get_by_label("Шанс появления Героя, %").fill("25")
        page.get_by_role("button", name="Создать игру").click()
        page.get_by_text("Игра создана").wait_for()
        fits(page, width)
    [game] = service.list_games(db)
    assert game.ruleset_id == "dungeon_keeper" and game.title == "Подземелья на форуме"
    options = game.options
    assert options["hero_mode"] == "gm_manual" and options["hero_spawn_chance"] == 25
    assert options["may_attack_own_buildings"] is False
    assert options["default_mine_contents"] == {"gold": 250, "iron": 100, "gem": 10}
    assert options["turn_order"] == "fixed" and options["stacking"] is False  # untouched: the defaults
