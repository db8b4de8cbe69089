"""E-mail notices in a real browser at a phone's 375 px and a desktop's 1280 px: a player gives his
address on «Уведомления», the confirmation letter reaches a local SMTP server, its link confirms
the address, «ваш ход» arrives and its unsubscribe link turns the letters off with one click; the
letter's HTML itself is shown at both widths.

Screenshots go to ``LETOPIS_SCREENSHOTS`` when it names a folder."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from support.smtp import html_of, links, path_of

from letopis import service
from letopis.service import notify

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("LETOPIS_SCREENSHOTS")
ADDRESS = "ann@example.org"


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [375, 1280])
def test_opt_in_confirm_receive_and_unsubscribe(chromium, live_server, db, race_game, smtp, width):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) + timedelta(hours=26),
                         gm_user_id=race_game.gm.id)
    context = chromium.new_context(viewport={"width": width, "height": 900}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"{live_server}/login")
        page.fill("#login", "ann")
        page.fill("#password", "secret-pass")
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server}/")

        page.goto(f"{live_server}/settings/notifications")
        page.fill("#email-address", "ann@localhost")
        page.get_by_role("button", name="Сохранить настройки почты").click()
        page.locator("#email").get_by_role("alert").get_by_text("не адрес электронной почты").wait_for()
        assert page.locator("#email-address").input_value() == "ann@localhost"  # as typed
        _fits(page, width)

        page.fill("#email-address", ADDRESS)
        page.locator("#email").get_by_label("Шаг опубликован").check()
        page.get_by_role("button", name="Сохранить настройки почты").click()
        page.get_by_text(f"Письмо со ссылкой для подтверждения отправлено на {ADDRESS}").wait_for()
        assert page.locator('#email [data-status="unconfirmed"]').count() == 1
        assert service.get_email(db, user_id=race_game.ann.id).events == ["deadline_soon", "step_published",
                                                                           "your_turn"]
        _fits(page, width)
        _shot(page, f"email-unconfirmed-{width}.png")

        notify.deliver_due(db, datetime.now(UTC))  # what the worker does on its next round
        [confirmation] = smtp.to(ADDRESS)
        page.goto(live_server + path_of(links(confirmation)[0]))
        page.get_by_role("heading", name="Адрес подтверждён").wait_for()
        assert "«Ваш ход», «Скоро срок», «Шаг опубликован»." in page.locator("main").inner_text()
        _fits(page, width)
        _shot(page, f"email-confirmed-{width}.png")

        page.goto(f"{live_server}/settings/notifications")
        assert f"Письма приходят на {ADDRESS}." in page.locator("#email").inner_text()

        service.run_worker(db)  # «ваш ход» for step 1
        letter = smtp.to(ADDRESS)[-1]
        assert str(letter["Subject"]) == "Ваш ход: «Тестовая гонка», шаг 1"
        page.set_content(html_of(letter))  # the letter as a mail client shows its HTML
        page.get_by_role("link", name="Написать пост").wait_for()
        _fits(page, width)
        _shot(page, f"email-letter-{width}.png")

        page.goto(live_server + path_of(letter["List-Unsubscribe"][1:-1]))
        assert f"Больше не присылать писем Летописи на {ADDRESS}?" in page.locator("main").inner_text()
        _shot(page, f"email-unsubscribe-ask-{width}.png")
        page.get_by_role("button", name="Отписаться от всех писем").click()
        page.get_by_text(f"Готово: писем на {ADDRESS} больше не будет.").wait_for()
        assert service.get_email(db, user_id=race_game.ann.id).enabled is False
        _fits(page, width)
        _shot(page, f"email-unsubscribed-{width}.png")

        page.goto(f"{live_server}/settings/notifications")
        assert "отключены" in page.locator("#email").inner_text()
        _shot(page, f"email-settings-off-{width}.png")
    finally:
        context.close()
