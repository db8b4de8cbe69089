"""Dice Roll Party in a real browser: the first attack of the game, a boost refused by the live check
(DRP-FIRST-03), fixed, submitted; then the defender answers from the same form (DRP-DEF-10) and the
chronicle shows the dice."""

from __future__ import annotations

import hashlib

import pytest

from letopis import service
from letopis.engine import Dice, Faction, get_ruleset

pytestmark = pytest.mark.browser


def _seed(*parts):
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def log_in(page, live_server, login, then):
    page.context.clear_cookies()
    page.goto(f"{live_server}{then}")  # a visitor is sent to log in, then back
    page.fill("#login", login)
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}{then}")


def test_first_attack_then_defence_in_the_browser(page, live_server, db, make_user):
    ruleset = get_ruleset("dice_roll_party")
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Дуэль в браузере",
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")],
                               gm_user_id=gm.id)
    users = {"p1": anna, "p2": boris}
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    page_info = service.game_page(db, game.id)
    state = ruleset.state_from_json(page_info.view)
    for faction in ("p1", "p2"):  # the sealed builds
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction,
                            text=ruleset.propose(state, faction, Dice(_seed("build", faction))),
                            user_id=users[faction].id)
    page_info = service.game_page(db, game.id)
    state = ruleset.state_from_json(page_info.view)
    attacker_side = state.active
    defender_side = next(f for f in state.seats if f != attacker_side)
    slot = next(s for s, c in state.players[attacker_side].living() if c.time >= 2)
    target = state.players[defender_side].living()[0][0]
    login = {"p1": "anna", "p2": "boris"}

    log_in(page, live_server, login[attacker_side], f"/games/{game.id}/post")
    check = page.locator("#check")
    page.locator("#post-text").fill(f"Ну, держись!\n[b]П{slot} атакует П{target} соперника: урон +1[/b]")
    page.locator("#post-text").press("End")
    check.get_by_text("усиления атаки запрещены").wait_for()
    assert check.locator('a.clause[href="/rules/dice_roll_party#DRP-FIRST-03"]').count() >= 1
    assert check.locator(".lines > li.flavour").count() == 1

    page.locator("#post-text").fill(f"Ну, держись!\n[b]П{slot} атакует П{target} соперника.[/b]")
    page.locator("#post-text").press("End")
    check.get_by_text("Пост читается").wait_for()
    assert check.locator(".lines > li.error").count() == 0
    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()

    log_in(page, live_server, login[defender_side], f"/games/{game.id}/post")
    assert "атакует" in page.locator("main").inner_text()  # the attack value is shown before defending
    page.locator("#post-text").fill("Защищаюсь без усилений. Если пробьёт — не гашу.")
    page.locator("#post-text").press("End")
    check.get_by_text("Пост читается").wait_for()
    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()

    step = service.list_steps(db, game.id)[-1].number - 1
    page.goto(f"{live_server}/games/{game.id}/steps/{step}")
    page.get_by_role("heading", name="Что произошло").wait_for()
    body = page.locator("main").inner_text()
    assert "защищается" in body and "1d" in body
    assert "Зерно" in body or "зерно" in body  # the revealed seed
