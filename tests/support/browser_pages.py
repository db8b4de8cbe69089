"""Helpers for browser tests that run at a phone's and a desktop's width: a page of the given size,
logging in through the form, the no-sideways-scrolling check, and screenshots (kept in
``LETOPIS_SCREENSHOTS`` when set, for a person to look at)."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

WIDTHS = (375, 1280)  # a small phone and a laptop


@contextmanager
def sized_page(chromium, width: int):
    context = chromium.new_context(viewport={"width": width, "height": 800 if width < 600 else 900}, locale="ru-RU")
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    try:
        yield tab
    finally:
        context.close()


def log_in(page, base: str, login: str, password: str = "secret-pass") -> None:
    page.goto(f"{base}/login")
    page.fill("#login", login)
    page.fill("#password", password)
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")


def fits(page, width: int) -> None:
    """Nothing on the page makes it wider than the screen (a phone would scroll sideways)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def shot(page, name: str, width: int, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{width}.png"
    page.evaluate("window.scrollTo(0, 0)")  # sticky parts are drawn where the top of the page has them
    page.screenshot(path=str(path), full_page=True)
    return path
