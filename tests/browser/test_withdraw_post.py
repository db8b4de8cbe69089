"""A player takes back a slip in a real browser, on a phone (375 px) and a desktop (1280 px).

Аня's game holds a complete step open for 10 minutes («задержка расчёта»). Боря has posted; Аня
sends «ставка 1» by mistake and lands on her receipt (POST → redirect → GET: a reload shows the same
page, no «send again» dialog, and no second revision is stored). On the game page she opens
«Отозвать пост…», reads the confirmation, confirms: the step waits for her again and the planned
resolution is cancelled. The post page holds her withdrawn text; she corrects it and sends it; the
worker resolves the step when the delay has passed, with her corrected bid. Screenshots
(``LETOPIS_SCREENSHOTS`` names the folder, else the test's tmp folder) must fit the width.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from letopis import service
from letopis.db.models import Post

pytestmark = pytest.mark.browser


def shot(page, name: str, width: int, tmp_path: Path) -> None:
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"withdraw-{name}-{width}.png"), full_page=True)


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def stored(db) -> list[tuple[int, str, bool]]:
    db.expire_all()
    return [(p.revision, p.text, p.withdrawn_at is not None)
            for p in db.scalars(select(Post).where(Post.faction_id == "a").order_by(Post.revision))]


@pytest.mark.parametrize("width", [375, 1280])
def test_send_withdraw_and_correct_a_post(chromium, live_server, db, race_game, tmp_path, width):
    game = race_game()
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=10)
    service.submit_post(db, game_id=game.id, step_number=1, faction="b", text="ставка 2", user_id=race_game.bob.id)
    context = chromium.new_context(viewport={"width": width, "height": 900}, locale="ru-RU")
    page = context.new_page()
    page.set_default_timeout(15_000)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(f"{live_server}/login?next=/games/{game.id}/post")
        page.fill("#login", "ann")
        page.fill("#password", "secret-pass")
        page.click("main button[type=submit]")
        page.wait_for_url(f"{live_server}/games/{game.id}/post")

        page.locator("#post-text").fill("// Удачи!\nставка ")
        page.locator("#post-text").press_sequentially("1")  # a key: the live check reads it
        page.locator("#check").get_by_text("Пост читается").wait_for()
        page.get_by_role("button", name="Отправить пост").click()
        page.get_by_role("heading", name="Пост принят").wait_for()
        receipt_url = page.url
        assert receipt_url.startswith(f"{live_server}/games/{game.id}/posts/")
        main = page.locator("main").inner_text().replace("\xa0", " ")
        assert "расчёт шага 1 назначен через 10 мин" in main and "Расчёт через 10 мин" in main
        shot(page, "receipt", width, tmp_path)
        page.reload()  # a GET: the same receipt, no «send again», nothing stored twice
        page.get_by_role("heading", name="Пост принят").wait_for()
        assert page.url == receipt_url and dialogs == []
        assert stored(db) == [(1, "// Удачи!\nставка 1", False)]

        page.goto(f"{live_server}/games/{game.id}/post")  # the post page while the step waits
        waiting = page.locator("#resolve-at").inner_text().replace("\xa0", " ")
        assert waiting.startswith("Все посты собраны. Расчёт через 10 мин") and "Ваш пост принят" in page.inner_text(
            "main")
        assert page.locator("#post-text").input_value() == "// Удачи!\nставка 1"
        fits(page, width)
        shot(page, "post-waiting", width, tmp_path)

        page.goto(f"{live_server}/games/{game.id}")
        now = page.locator("section[aria-labelledby=now]")
        assert "Ваш пост принят: версия 1" in now.inner_text()
        assert "Все посты собраны. Расчёт через" in now.inner_text()
        now.get_by_text("Отозвать пост…").click()
        confirm = now.get_by_role("button", name="Да, отозвать пост")
        confirm.wait_for()
        assert "Он перестанет считаться, и шаг снова будет ждать ваш пост." in now.inner_text()
        fits(page, width)
        shot(page, "confirm", width, tmp_path)
        confirm.click()
        page.wait_for_url(f"{live_server}/games/{game.id}")
        flash = page.locator(".flash.ok").inner_text()
        assert "Пост отозван (версия 1)" in flash and "Расчёт шага отменён" in flash
        assert "снова ждёт пост от Ани." in flash
        now = page.locator("section[aria-labelledby=now]").inner_text()
        assert "Ждём Аню." in now and "Вы отозвали пост (версия 1)" in now and "Расчёт через" not in now
        fits(page, width)
        shot(page, "withdrawn", width, tmp_path)
        assert stored(db) == [(1, "// Удачи!\nставка 1", True)]

        page.get_by_role("link", name="Написать пост").click()
        page.wait_for_url(f"{live_server}/games/{game.id}/post?faction=a")
        text = page.locator("#post-text")
        assert text.input_value() == "// Удачи!\nставка 1"  # the withdrawn text, to correct
        assert "текст отозванного — в поле ниже" in page.locator("main").inner_text()
        text.press("Control+End")
        text.press("Backspace")
        text.press_sequentially("3")
        page.wait_for_function("document.querySelector('#check').innerText.includes('ставка 3')")
        fits(page, width)
        shot(page, "correct", width, tmp_path)
        page.get_by_role("button", name="Отправить пост").click()
        page.get_by_role("heading", name="Пост принят").wait_for()
        assert "Пост принят (версия 2)" in page.locator(".flash.ok").inner_text()
        page.reload()
        page.get_by_role("heading", name="Пост принят").wait_for()
        assert dialogs == []
        assert stored(db) == [(1, "// Удачи!\nставка 1", True), (2, "// Удачи!\nставка 3", False)]

        service.run_worker(db, now=datetime.now(UTC) + timedelta(minutes=11))
        page.goto(f"{live_server}/games/{game.id}")
        assert "Шаг 2" in page.locator("section[aria-labelledby=now]").inner_text()
        assert service.game_page(db, game.id).view["mover"] == "a"  # her corrected 3 beat his 2
    finally:
        context.close()
