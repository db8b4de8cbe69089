"""The GM's «Сроки» and a user's «Уведомления» in a real browser at phone width (375 px): set a
deadline, pause and resume the game; a webhook to a loopback address is refused in Russian with the
default settings, a public one is saved."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from letopis import service

pytestmark = pytest.mark.browser


def _log_in(page, live_server, login: str) -> None:
    page.goto(f"{live_server}/login")
    page.fill("#login", login)
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/")


def _fits_a_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_gm_sets_a_deadline_pauses_and_resumes(page, live_server, db, race_game):
    game = race_game()
    when = (datetime.now(UTC) + timedelta(days=3)).replace(second=0, microsecond=0)
    _log_in(page, live_server, "gm")

    page.goto(f"{live_server}/games/{game.id}/gm#deadlines")  # the desk's «Сроки»
    # the GM types the time of his own zone (Moscow, the default)
    page.fill("#deadline", when.astimezone(ZoneInfo("Europe/Moscow")).strftime("%Y-%m-%dT%H:%M"))
    page.get_by_role("button", name="Сохранить срок").click()
    page.get_by_text("Срок шага установлен.").wait_for()
    assert service.get_schedule(db, game.id).deadline == when

    page.goto(f"{live_server}/games/{game.id}/gm/schedule")
    page.get_by_role("heading", name="Сроки").wait_for()
    assert "Шаг 1: срок" in page.locator("main").inner_text()
    _fits_a_phone(page)

    page.fill("#pause-reason", "Мастер в отпуске")
    page.get_by_role("button", name="Поставить на паузу").click()
    page.get_by_text("Игра на паузе: срок не идёт.").wait_for()
    assert page.locator(".badge", has_text="пауза").count() == 1
    assert service.get_schedule(db, game.id).paused
    _fits_a_phone(page)

    page.get_by_role("button", name="Снять паузу").click()
    page.get_by_text("Пауза снята; срок сдвинут на время паузы.").wait_for()
    assert page.get_by_role("button", name="Поставить на паузу").count() == 1
    after = service.get_schedule(db, game.id)
    assert not after.paused and after.deadline >= when
    assert "Мастер в отпуске" in page.goto(f"{live_server}/games/{game.id}/gm").text()
    _fits_a_phone(page)


def test_webhook_refused_for_loopback_and_saved_for_a_public_address(page, live_server, db, race_game,
                                                                      monkeypatch):
    # Tests never send traffic off this machine: any delivery attempt here fails the test instead.
    from letopis.service import notify

    def no_delivery(*args, **kwargs):
        raise AssertionError("a webhook delivery was attempted in a browser test")

    monkeypatch.setattr(notify, "_post", no_delivery)
    race_game()
    _log_in(page, live_server, "ann")
    page.goto(f"{live_server}/settings/notifications")
    page.fill("#url", "http://127.0.0.1/hook")
    page.get_by_role("button", name="Сохранить").click()
    page.get_by_role("alert").get_by_text("Адрес вебхука ведёт во внутреннюю сеть (127.0.0.1)").wait_for()
    assert page.locator("#url").input_value() == "http://127.0.0.1/hook"  # the form as typed
    assert service.get_webhook(db, user_id=race_game.ann.id) is None
    _fits_a_phone(page)

    page.fill("#url", "https://93.184.215.14/letopis")
    page.get_by_role("button", name="Сохранить").click()
    page.get_by_text("Уведомления сохранены.").wait_for()
    assert page.get_by_text("X-Letopis-Signature").count() == 1
    hook = service.get_webhook(db, user_id=race_game.ann.id)
    assert hook is not None and hook.url == "https://93.184.215.14/letopis" and hook.enabled
    _fits_a_phone(page)
