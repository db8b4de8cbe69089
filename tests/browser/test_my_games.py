"""«Мои игры» in a real browser at 375 px (a phone) and 1280 px (a desktop): the games waiting for the
player with their deadlines in Moscow time (the stored UTC deadline + 3 h) and a countdown that
ticks; the time zone setting moves every time on the page; the home page and /games say whose turn
it is; every kind of form field looks alike. Screenshots go to $LETOPIS_SCREENSHOTS when it is set."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from support.times_table import RELATIVE

from letopis import service
from letopis.engine.contract import Faction
from letopis.timezones import MONTHS_GEN

pytestmark = pytest.mark.browser
WIDTHS = (375, 1280)


@pytest.fixture(params=WIDTHS, ids=lambda w: f"{w}px")
def screen(request, chromium):
    context = chromium.new_context(viewport={"width": request.param, "height": 900}, locale="ru-RU",
                                   timezone_id="America/New_York")  # the browser's own zone must not matter
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    try:
        yield tab, request.param
    finally:
        context.close()


def shot(page, name: str, width: int, tmp_path: Path) -> None:
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"my-games-{name}-{width}.png"), full_page=True)


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def log_in(page, base: str, login: str) -> None:
    page.goto(f"{base}/login")
    page.fill("#login", login)
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/")


def local_text(moment: datetime, hours: int) -> str:
    """How the page must write ``moment`` in a zone ``hours`` east of UTC (no summer time there)."""
    here = moment.astimezone(UTC) + timedelta(hours=hours)
    this_year = (datetime.now(UTC) + timedelta(hours=hours)).year
    year = "" if here.year == this_year else f" {here.year}"
    return f"{here.day} {MONTHS_GEN[here.month - 1]}{year}, {here:%H:%M}"


def seat(db, title: str, gm, players: dict[str, object], names: dict[str, str], mode: str = "auto", **options):
    game = service.create_game(db, ruleset_id="race", title=title, gm_user_id=gm.id, mode=mode,
                               factions=[Faction(id=f, name=n) for f, n in names.items()], options=options or None)
    for faction, user in players.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return game


def test_my_games_with_countdowns_in_the_readers_zone(screen, live_server, db, make_user, tmp_path):
    page, width = screen
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    players = {"a": anna, "b": boris}
    names = {"a": "Анна", "b": "Борис"}
    now = datetime.now(UTC).replace(microsecond=0)
    mill = seat(db, "Гонка у старой мельницы", gm, players, names)
    night = seat(db, "Ночная гонка", gm, players, names)
    calm = seat(db, "Гонка без спешки", gm, players, names)
    finished = seat(db, "Короткая гонка", gm, players, names, goal=3)
    red = seat(db, "Гонка армий", gm, {"b": boris}, {"a": "Красные", "b": "Синие"})
    mill_deadline = now + timedelta(hours=5, minutes=20, seconds=40)
    night_deadline = now + timedelta(minutes=10, seconds=30)
    service.set_deadline(db, game_id=mill.id, deadline=mill_deadline, gm_user_id=gm.id)
    service.set_deadline(db, game_id=night.id, deadline=night_deadline, gm_user_id=gm.id)
    service.submit_post(db, game_id=calm.id, step_number=1, faction="a", text="ставка 2", user_id=anna.id)
    step = 1
    while service.get_game(db, finished.id).status == "active":
        turn = service.game_page(db, finished.id).turn
        for faction in turn.factions:
            text = {"bid": "ставка 3", "move": "бросаю", "answer": "пас"}[turn.phase]
            service.submit_post(db, game_id=finished.id, step_number=step, faction=faction, text=text,
                                user_id=players[faction].id)
        step += 1

    log_in(page, live_server, "anna")
    page.click("nav >> text=Мои игры")
    page.wait_for_url(f"{live_server}/me/games")
    waiting = page.locator("#your-turn + ul .game-row")
    assert waiting.count() == 2
    assert [waiting.nth(i).locator("a.title").inner_text() for i in range(2)] == ["Ночная гонка",
                                                                                 "Гонка у старой мельницы"]
    # the deadline in Moscow time: the stored UTC deadline + 3 h, and how long is left
    stored = service.get_schedule(db, mill.id).deadline
    assert stored == mill_deadline
    mill_row = waiting.nth(1)
    assert mill_row.locator(".deadline time").inner_text() == local_text(stored, 3)
    assert mill_row.locator(".deadline time").get_attribute("datetime") == stored.isoformat()
    assert mill_row.locator(".countdown").inner_text() == "(через 5 ч 20 мин)"
    assert mill_row.locator("a.button", has_text="Написать пост").get_attribute("href") == f"/games/{mill.id}/post?faction=a"
    # the countdown of the last hour ticks, with seconds
    ticking = waiting.nth(0).locator(".countdown")
    first = ticking.inner_text()
    assert re.fullmatch(r"\(через (10|9) мин \d\d с\)", first), first
    page.wait_for_timeout(1300)
    assert ticking.inner_text() != first
    others = page.locator("#others + p + ul .game-row")
    assert others.count() == 2
    assert "ждём Бориса." in others.nth(0).inner_text()  # «Гонка без спешки» waits for Борис
    assert "Игра окончена" in others.nth(1).inner_text()  # finished games last
    fits(page, width)
    shot(page, "moscow", width, tmp_path)

    # the script says what the server says
    for seconds, phrase in RELATIVE:
        assert page.evaluate("ms => window.letopisTime.relative(ms, false)", seconds * 1000) == phrase, seconds

    # another zone: every time on the page moves with it
    page.click("header a[href='/settings']")
    page.wait_for_url(f"{live_server}/settings")
    assert page.locator("#time_zone").input_value() == "Europe/Moscow"
    page.select_option("#time_zone", "Asia/Novosibirsk")
    page.get_by_role("button", name="Сохранить").click()
    page.get_by_text("Часовой пояс сохранён: Новосибирск (UTC+7).").wait_for()
    fits(page, width)
    shot(page, "settings", width, tmp_path)
    assert service.get_user(db, anna.id).time_zone == "Asia/Novosibirsk"
    page.goto(f"{live_server}/me/games")
    mill_row = page.locator("#your-turn + ul .game-row").nth(1)
    assert mill_row.locator(".deadline time").inner_text() == local_text(stored, 7)
    assert "Время на страницах: Новосибирск (UTC+7)" in page.locator("footer").inner_text()

    # the home page: what waits for Анна; /games: whose turn it is in every game
    page.goto(f"{live_server}/")
    home = page.locator("#your-turn").locator("xpath=..")
    assert home.locator(".game-row").count() == 2 and "Ночная гонка" in home.inner_text()
    fits(page, width)
    shot(page, "home", width, tmp_path)
    page.goto(f"{live_server}/games")
    listing = page.locator("main").inner_text()
    assert "ждём Красных и Синих (играет Борис)." in listing  # factions declined, their players named
    assert "ждём Анну и Бориса." in listing
    assert red.id and "Игра окончена" in listing
    fits(page, width)
    shot(page, "games", width, tmp_path)


def test_every_kind_of_field_looks_alike(page, live_server, make_user):
    make_user("anna", "Анна")
    log_in(page, live_server, "anna")
    page.goto(f"{live_server}/settings")
    styles = page.evaluate("""() => {
        const form = document.querySelector('form#time-zone');
        const kinds = ['text', 'password', 'number', 'email', 'url', 'search', 'date', 'datetime-local', 'file'];
        const made = kinds.map(t => { const i = document.createElement('input'); i.type = t; form.append(i); return i; });
        made.push(form.appendChild(document.createElement('textarea')));
        made.push(document.getElementById('time_zone'));
        return made.map(el => {
            const s = getComputedStyle(el);
            return [el.type || el.tagName, s.borderTopWidth, s.borderTopColor, s.borderTopLeftRadius,
                    s.paddingLeft, s.backgroundColor, s.width];
        });
    }""")
    look = {tuple(s[1:]) for s in styles if s[0] != "textarea"}
    assert len(look) == 1, styles  # the same border, radius, padding, background and width
    textarea = next(s for s in styles if s[0] == "textarea")
    assert tuple(textarea[1:]) == next(iter(look))
    boxes = page.evaluate("""() => {
        const form = document.querySelector('form#time-zone');
        return ['checkbox', 'radio'].map(t => { const i = document.createElement('input'); i.type = t; form.append(i);
            const s = getComputedStyle(i); return [s.width, s.height, s.accentColor]; });
    }""")
    assert boxes[0] == boxes[1] and boxes[0][2] != "auto"
