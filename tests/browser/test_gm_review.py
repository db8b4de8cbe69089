"""A GM in a real browser: reviews a draft, sets a roll by hand with a reason, publishes, and the
public chronicle shows the GM-set roll and the reason."""

from __future__ import annotations

import pytest

from letopis import service

pytestmark = pytest.mark.browser


def test_gm_reviews_a_draft_with_a_roll_override(page, live_server, db, race_game):
    game = race_game(mode="review")
    for faction, text in (("a", "ставка 1"), ("b", "ставка 3")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text,
                            user_id=race_game.players[faction])
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    service.submit_post(db, game_id=game.id, step_number=2, faction="b", text="бросаю", user_id=race_game.bob.id)
    natural = service.step_chronicle(db, game_id=game.id, step_number=2, viewer_user_id=race_game.gm.id).rolls[0]
    value = 6 if natural.value != 6 else 1

    page.goto(f"{live_server}/login")
    page.fill("#login", "gm")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/")
    page.goto(f"{live_server}/games/{game.id}/gm")
    page.get_by_text("черновик").first.wait_for()

    page.get_by_text("Задать бросок вручную").click()
    page.select_option("#roll-2", "0")
    page.fill("#value-2", str(value))
    page.fill("#oreason-2", "Бросок сделан вживую на встрече")
    page.get_by_role("button", name="Задать бросок и пересчитать шаг").click()
    page.get_by_text("Шаг пересчитан").wait_for()

    page.get_by_role("button", name="Опубликовать шаг 2").click()
    page.get_by_text("Шаг 2 опубликован").wait_for()

    page.goto(f"{live_server}/games/{game.id}/steps/2")
    body = page.locator("main").inner_text()
    assert f"1d6 → {value}" in body and "задано мастером" in body
    assert "Бросок сделан вживую на встрече" in body
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # fits a phone
    assert service.verify_game(db, game.id).ok
