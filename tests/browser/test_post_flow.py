"""A player in a real browser: logs in, writes a post, watches the live check (htmx), submits, reads
the chronicle."""

from __future__ import annotations

import hashlib

import pytest

from letopis import service

pytestmark = pytest.mark.browser


def test_write_check_submit_and_read_the_chronicle(page, live_server, db, race_game):
    game = race_game()
    # Боря has already bid; Аня's post completes the step.
    service.submit_post(db, game_id=game.id, step_number=1, faction="b", text="ставка 1", user_id=race_game.bob.id)

    page.goto(f"{live_server}/games/{game.id}/post")
    assert "/login" in page.url  # visitors are sent to log in first, then back
    page.fill("#login", "ann")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/games/{game.id}/post")

    check = page.locator("#check")
    page.locator("#post-text").press_sequentially("// Удачи, Боря!\nставка 7", delay=20)
    check.get_by_text("Ставка должна быть от 1 до 3").wait_for()
    assert check.locator(".lines > li.error").count() == 1
    rule_link = check.locator('a.clause[href="/rules/race#RACE-3"]')
    assert rule_link.count() == 1

    page.locator("#post-text").press("Backspace")
    page.locator("#post-text").press_sequentially("2", delay=20)
    check.get_by_text("Пост читается").wait_for()
    assert check.locator(".lines > li.order").count() == 1
    assert check.locator(".lines > li.error").count() == 0
    assert check.locator(".lines > li.flavour").count() == 1

    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()
    text = "// Удачи, Боря!\nставка 2"
    assert page.locator("#receipt-sha256").inner_text() == hashlib.sha256(text.encode()).hexdigest()

    page.get_by_role("link", name="Летопись шага 1").click()
    page.get_by_role("heading", name="Что произошло").wait_for()
    body = page.locator("main").inner_text()
    assert "Ставки открыты" in body
    assert "// Удачи, Боря!" in body and "ставка 2" in body
    assert "опубликован" in body
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # fits a phone


def test_visitor_sees_no_post_form(page, live_server, race_game):
    """A visitor who is not logged in gets no form: the post page sends them to log in."""
    game = race_game()
    page.goto(f"{live_server}/games/{game.id}")
    assert page.get_by_role("link", name="Войдите").count() == 1
    assert page.locator("#post-text").count() == 0
