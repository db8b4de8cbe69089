"""Tetranomicon in a real browser at a phone's width (issue 10): Анна types a build post, the live
check writes out the arithmetic as a forum GM would (the source and the route it travels over,
Борис's route charged, the creature discount, the total and the coins left), the post is sent, and
the step's chronicle shows the building. The post page and the game page are saved as screenshots
(``LETOPIS_SCREENSHOTS`` names the folder, else the test's tmp folder) and must fit 375 px."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from letopis import service
from letopis.engine import Dice, Faction, get_ruleset
from rulesets.tetranomicon.options import Options
from rulesets.tetranomicon.rules.transfer import export_setup
from rulesets.tetranomicon.state import Building

pytestmark = pytest.mark.browser

PHONE = 375
RULESET = get_ruleset("tetranomicon")
POST = "Всем привет!\nСтрою лесопилку в Дубраве.\n(офф: пишу с телефона)"


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def position() -> dict:
    """Epoch 1, Анна to move with 10 coins: her farm in Северград, her road Северград — Речной
    Брод (У1), Борис's road Речной Брод — Дубрава (У3), and «Лесной Дух» (−1 to a farm or a
    sawmill) in her army. A sawmill in Дубрава: 4 + 1 for Борис's road − 1 = 4, 6 left."""
    options = Options(first_holder=1, fixed_trophies={"kamenets": 2, "chernolesye": 3,
                                                      "tumanny_pereval": 1, "yuzhnaya_zastava": 4})
    state = RULESET.setup(options, [Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                          Dice(_seed("tet-browser"), secret_seed=_seed("tet-browser", "secret")))
    spirit = "C1-1"
    state.creature_decks = [[c for c in deck if c != spirit] for deck in state.creature_decks]
    state.creature_pool = [None if c == spirit else c for c in state.creature_pool]
    state.players["a"].creatures.append(spirit)
    state.buildings.append(Building(owner="a", kind="farm", castle="severgrad", tower=1))
    state.routes.update({"У1": "a", "У3": "b"})
    assert state.active == "a" and state.players["a"].coins == 10
    return export_setup(state)


def fits_a_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE


def shot(page, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"tetranomicon-{name}-{PHONE}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def test_a_build_from_a_phone_shows_the_arithmetic_and_lands_in_the_chronicle(page, live_server, db, make_user,
                                                                               tmp_path):
    gm = make_user("master", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    game = service.create_game(db, ruleset_id="tetranomicon", title="Тетраномикон: с телефона",
                               factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                               gm_user_id=gm.id, mode="auto", setup_document=position())
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    db.commit()

    page.goto(f"{live_server}/login?next=/games/{game.id}/post")
    page.fill("#login", "anna")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/games/{game.id}/post")

    # the live check: the order's line carries the whole sum
    check = page.locator("#check")
    page.locator("#post-text").fill(POST)
    page.locator("#post-text").press("End")
    check.get_by_text("Пост читается").wait_for()
    assert check.locator(".lines > li.error").count() == 0
    order = check.locator(".lines > li.order")
    assert order.count() == 1
    line = order.inner_text()
    assert "лесопилка" in line.lower() and "Дубрава" in line
    assert "Доставка: ферма — Северград" in line  # the source, chosen by the server
    assert "выбрал сервер" in line
    assert "Северград — Речной Брод (свой)" in line and "Речной Брод — Дубрава (чужой, Борис)" in line
    assert "Надбавка за чужие маршруты" in line and "+1" in line
    assert "− 1 («Лесной Дух»)" in line
    assert "= 4 мон." in line and "останется 6" in line
    assert check.locator(".lines > li.flavour").count() == 2  # the greeting and the off-topic line
    fits_a_phone(page)
    post_shot = shot(page, "post", tmp_path)

    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()
    fits_a_phone(page)

    # the chronicle of step 1: the set-up is not retold (an imported game), the building is there
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    built = next(e for e in public.events if e.faction == "a")
    assert "лесопилк" in built.text and "Дубрав" in built.text
    assert not [e for e in public.events if e.kind == "setup"]
    page.get_by_role("link", name="Летопись шага 1").click()
    page.get_by_role("heading", name="Что произошло").wait_for()
    flat = " ".join(page.locator("main").inner_text().split())
    assert " ".join(built.text.split()) in flat  # the sum one sentence a line, the words all there
    assert page.locator("ol.events .tet-cost li", has_text="Надбавка за чужие маршруты").count() == 1
    fits_a_phone(page)
    shot(page, "step", tmp_path)

    # the game page: Борис to move, the sawmill on the board
    page.goto(f"{live_server}/games/{game.id}")
    main = page.locator("main").inner_text()
    assert "Борис" in main
    assert page.locator(".board svg").count() == 1
    fits_a_phone(page)
    game_shot = shot(page, "game", tmp_path)
    assert post_shot.stat().st_size > 10_000 and game_shot.stat().st_size > 10_000
