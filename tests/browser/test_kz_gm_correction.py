"""A GM in a real browser corrects a Kozyablo game (issue 12): the live check reads «Анне +2 золота»
and «Анне в руку: …» line by line — a card that is nowhere refused with its hint, the fixed lines
with what they change, the hidden card named for the GM — and the applied correction shows the
spectator only «карта из колоды в руку». At 375 and 1280 px; screenshots go to
``LETOPIS_SCREENSHOTS`` when it names a folder."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from rulesets.kozyablo.data import CARDS

pytestmark = pytest.mark.browser
KZ = get_ruleset("kozyablo")
SHOTS = os.environ.get("LETOPIS_SCREENSHOTS")


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def _kozyablo_in_play(db, make_user) -> int:
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    game = service.create_game(db, ruleset_id="kozyablo", title="Козябло: правка",
                               factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                               gm_user_id=gm.id, options={"races": ["trutni", "zhloby"]}, mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    for n in range(6):
        page = service.game_page(db, game.id)
        state = KZ.state_from_json(db.get(Game, game.id).state)
        db.expire_all()
        for f in page.turn.factions:
            seed = hashlib.sha256(f"kz-browser:{n}:{f}".encode()).hexdigest()
            service.submit_post(db, game_id=game.id, step_number=page.step.number, faction=f,
                                text=KZ.propose(state, f, Dice(seed)), user_id=users[f].id)
    return game.id


@pytest.mark.parametrize("width", [375, 1280])
def test_gm_corrects_a_kozyablo_game_in_the_browser(page, live_server, db, make_user, width):
    game_id = _kozyablo_in_play(db, make_user)
    state = KZ.state_from_json(db.get(Game, game_id).state)
    shown = {p.card for p in state.pieces.values()} | {m.card for m in state.lasting}
    shown |= {c for p in state.pieces.values() for c in p.artifacts}
    shown |= {c for player in state.players.values() for c in player.discard}
    # a card whose name no public page shows already (another copy may lie face up in a discard pile)
    card = next(c for c in state.players["a"].deck if c not in state.players["a"].hand and c not in shown)
    name = CARDS.card(card).name
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server}/login")
    page.fill("#login", "gm")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/")
    page.goto(f"{live_server}/games/{game_id}/gm#fix")

    box, check = page.locator("#correct-text"), page.locator("#correct-check")
    assert "«Анне в руку: Оса»" in page.locator("#fix-h").locator("..").inner_text()  # the ruleset's own help
    box.fill("Анне +2 золота\nАнне в руку: Пряник")
    box.dispatch_event("keyup")
    check.get_by_text("Нет такой карты: «Пряник».").wait_for()
    assert check.locator("li.error[data-line='2']").count() == 1
    _shot(page, f"kz-correction-error-{width}.png")

    box.fill(f"Анне +2 золота\nАнне в руку: {name} из колоды")
    box.dispatch_event("keyup")
    check.get_by_text("Правка читается").wait_for()
    assert "добыча золота +2" in check.locator("li[data-line='1']").inner_text()
    assert f"«{name}» — из колоды в руку" in check.locator("li[data-line='2']").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _shot(page, f"kz-correction-ok-{width}.png")

    page.fill("#correct-reason", "Карта не пришла из-за сбоя форума")
    page.get_by_role("button", name="Применить правку").click()
    page.get_by_text("опубликована как шаг").wait_for()
    step = service.game_page(db, game_id).recent[0].number

    spectator = page.context.browser.new_context(viewport={"width": width, "height": 900}, locale="ru-RU").new_page()
    spectator.goto(f"{live_server}/games/{game_id}/steps/{step}")
    body = spectator.locator("main").inner_text()
    assert "Правка мастера: Анна — карта из колоды в руку." in body and name not in body
    _shot(spectator, f"kz-correction-public-{width}.png")
    spectator.context.close()
