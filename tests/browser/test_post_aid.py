"""The post page gives a player what he needs to write, on a phone (375 px) and a desktop (1280 px):
the board with his own pieces standing out, his units / characters / hand with what each can do,
and example lines built from his own pieces that the live check accepts. On a phone the live check
stays in sight while he types; on a desktop the reference panel sits beside the textarea.

Screenshots go to ``$LETOPIS_SCREENSHOTS`` (else the test's temporary folder).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from letopis.service.demo import DEMO_GAMES, DEMO_PASSWORD, KOZYABLO_DEMO
from rulesets.dice_roll_party.mechanics import able_attackers
from rulesets.dungeon_keeper.refs import label

pytestmark = pytest.mark.browser

PHONE, DESKTOP = 375, 1280


def demo(title: str):
    return next(g for g in DEMO_GAMES if g.title == title)


def log_in(page, live_server, login: str, then: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{live_server}/login?next={then}")
    page.fill("#login", login)
    page.fill("#password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}{then}")


def shot(page, name: str, tmp_path: Path, *, full_page: bool = True, element: str | None = None) -> Path:
    """The whole page, the window as it is now, or one element."""
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    width = page.viewport_size["width"]
    path = folder / f"post-aid-{name}-{width}.png"
    if element is not None:
        page.locator(element).screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=full_page)
    return path


def fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def in_viewport(page, selector: str) -> bool:
    """Whether the element's top part (its first 40 px) is inside the window now."""
    return page.evaluate("""(sel) => {
        const r = document.querySelector(sel).getBoundingClientRect();
        return r.top >= 0 && r.top + Math.min(40, r.height) <= window.innerHeight && r.height > 0;
    }""", selector)


def own_pieces_in_sight(page) -> int:
    """How many of the pieces marked as the player's own have their centre inside the board's
    scrolling frame."""
    return page.evaluate("""() => {
        const frame = document.querySelector('#aid-board .board-frame').getBoundingClientRect();
        return [...document.querySelectorAll('#aid-board .own')].filter(el => {
            const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            return x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
        }).length;
    }""")


def the_game(db, ruleset_id: str):
    (game,) = [g for g in service.list_games(db) if g.ruleset_id == ruleset_id]
    ruleset = get_ruleset(ruleset_id)
    state = ruleset.state_from_json(db.get(Game, game.id).state)
    return game, ruleset, state


def read_back(ruleset, state, faction: str, lines: list[str]) -> None:
    """Every example the page shows reads without error against the state the post is read against."""
    assert lines
    for line in lines:
        reading = ruleset.read(line, state, faction)
        assert reading.ok and reading.orders, (line, [p.message for p in reading.problems])


def examples_on(page) -> list[str]:
    return [b.get_attribute("data-line") for b in page.locator("#aid button.example").all()]


def duel(db, make_user):
    """A Dice Roll Party duel between anna and boris after their sealed builds: phase 1 of a turn."""
    ruleset = get_ruleset("dice_roll_party")
    gm = make_user("master", "Мастер")
    users = {"p1": make_user("anna", "Анна", password=DEMO_PASSWORD),
             "p2": make_user("boris", "Борис", password=DEMO_PASSWORD)}
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Дуэль с подсказками",
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")],
                               gm_user_id=gm.id)
    for faction, user in users.items():
        service.join_by_invite(db, token=service.invite_link_token(db, game_id=game.id, faction=faction,
                                                                   by_user_id=gm.id), user_id=user.id)
    state = ruleset.state_from_json(db.get(Game, game.id).state)
    for faction, user in users.items():
        text = ruleset.propose(state, faction, Dice(hashlib.sha256(f"build:{faction}".encode()).hexdigest()))
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text, user_id=user.id)
    db.expire_all()
    return game, ruleset, ruleset.state_from_json(db.get(Game, game.id).state)


def placed(page, width: int) -> None:
    """On a desktop the panel sits beside the textarea; on a phone it follows the live check."""
    area, panel = page.locator("#post-text").bounding_box(), page.locator("#aid").bounding_box()
    if width == DESKTOP:
        assert panel["x"] >= area["x"] + area["width"] and panel["y"] < area["y"] + area["height"]
    else:
        dock = page.locator("#check-dock").bounding_box()
        assert panel["y"] >= dock["y"] + dock["height"] and panel["x"] < area["x"] + area["width"]


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_dice_roll_party_characters_board_and_examples(page, live_server, db, make_user, tmp_path, width):
    page.set_viewport_size({"width": width, "height": 900})
    game, ruleset, state = duel(db, make_user)
    me = state.active
    assert state.phase == "turn" and me is not None
    log_in(page, live_server, {"p1": "anna", "p2": "boris"}[me], f"/games/{game.id}/post")
    aid = page.locator("#aid")
    placed(page, width)

    # the board: the player's own row stands out, nobody else's
    assert aid.locator("svg rect.own").count() == 1
    assert f"{state.name(me)} (вы)" in aid.locator("svg").inner_html()
    assert own_pieces_in_sight(page) == 1
    # his characters, each as a post names it, with its dice and whether it may attack
    roster = aid.locator("#aid-roster")
    own = roster.locator(".roster-group").first
    assert own.locator("h3").inner_text() == "Ваши персонажи"
    living = state.player(me).living()
    for slot, c in living:
        item = own.locator("ul.roster > li", has_text=state.label(me, slot))
        assert c.sheet() in item.inner_text()
    assert "Лимит фазы ресурсов" in own.inner_text()
    assert own.locator("ul.can > li", has_text="атаковать").count() == len(able_attackers(state, me)) > 0
    rival = next(f for f in state.seats if f != me)
    assert roster.locator("h3", has_text="Персонажи").count() == 2 and state.player(rival).name[:3] in roster.inner_text()

    # examples from his own characters, each read back; one is clicked into the post
    lines = examples_on(page)
    read_back(ruleset, state, me, lines)
    assert any(f"П{slot}" in line for line in lines for slot, _ in living)
    page.locator("#aid button.example").first.click()
    assert page.locator("#post-text").input_value() == lines[0] + "\n"
    page.locator("#check").get_by_text("Пост читается").wait_for()
    fits(page, width)
    shot(page, "drp", tmp_path)
    shot(page, "drp-aid", tmp_path, element="#aid")


def test_the_live_check_stays_in_sight_while_typing_on_a_phone(page, live_server, db, make_user, tmp_path):
    game, _, state = duel(db, make_user)
    log_in(page, live_server, {"p1": "anna", "p2": "boris"}[state.active], f"/games/{game.id}/post")
    # the keyboard takes the lower part of the screen: on focus the textarea comes to the top, and
    # the live check stays in sight under it, covering none of it
    area = page.locator("#post-text")
    page.set_viewport_size({"width": PHONE, "height": 460})
    area.click()
    page.wait_for_function("Math.abs(document.querySelector('#post-text').getBoundingClientRect().top) < 20")
    area.press_sequentially("Ну, держись!\nП9 атакует", delay=10)
    page.locator("#check .verdict.bad").wait_for()
    assert in_viewport(page, "#post-text") and in_viewport(page, "#check .verdict")
    box, dock = area.bounding_box(), page.locator("#check-dock").bounding_box()
    assert dock["y"] >= box["y"] + box["height"] - 1
    shot(page, "drp-typing", tmp_path, full_page=False)
    # scrolled up a little, the textarea low in the window: the check, which would fall below the
    # window, is pinned to its bottom edge
    page.evaluate("window.scrollBy(0, document.querySelector('#post-text').getBoundingClientRect().top - 260)")
    natural = page.evaluate("document.querySelector('#post-text').getBoundingClientRect().bottom + 60")
    assert natural > 460  # where the verdict would be, unpinned
    assert in_viewport(page, "#check .verdict")
    shot(page, "drp-pinned", tmp_path, full_page=False)
    fits(page, PHONE)


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_kozyablo_hand_with_cost_and_text(page, live_server, db, tmp_path, width, monkeypatch):
    page.set_viewport_size({"width": width, "height": 900})
    # The decks are shuffled by the game's secret seed, new in every run; a fixed one deals the
    # rival cards that no public page shows, so the leak check below always has something to find.
    monkeypatch.setattr("letopis.service.hidden.new_seed", lambda: "0" * 64)
    service.ensure_demo(db, games=(KOZYABLO_DEMO,))
    game, ruleset, state = the_game(db, "kozyablo")
    from rulesets.kozyablo.data import RESOURCE_NAMES, book_for
    from rulesets.kozyablo.roster import card_text

    me = state.order[state.active]
    rival = next(f for f in state.order if f != me)
    book = book_for(state)
    log_in(page, live_server, me, f"/games/{game.id}/post")
    hand = page.locator("#aid-roster .roster-group", has=page.locator("h3", has_text="Рука"))
    items = hand.locator("ul.roster > li")
    assert items.count() == len(state.players[me].hand) > 0
    for i, cid in enumerate(state.players[me].hand):
        card, text = book.card(cid), items.nth(i).inner_text()
        assert card.name in text and card_text(card) in text
        if card.resource:
            assert f"уровень {card.level}, {RESOURCE_NAMES[card.resource]}" in text
    # the opponent's hand is nowhere on the page, his cards on the board are card backs
    table = {p.card for p in state.pieces.values()} | {c for p in state.players.values() for c in p.discard}
    secret = {book.card(c).name for c in state.players[rival].hand if c not in table} - {
        book.card(c).name for c in state.players[me].hand}
    content = page.content()
    assert secret and not any(name in content for name in secret)
    # his block on the board lies on the amber band; his table cards are framed
    own_pieces = sum(1 for p in state.pieces.values() if p.owner == me)
    assert page.locator("#aid svg rect.own").count() == 1 + own_pieces
    lines = examples_on(page)
    read_back(ruleset, state, me, lines)
    placed(page, width)
    fits(page, width)
    shot(page, "kozyablo", tmp_path)
    shot(page, "kozyablo-roster", tmp_path, element="#aid-roster")

    # the game page shows the same hand, with levels and texts
    page.goto(f"{live_server}/games/{game.id}")
    game_hand = page.locator("#roster ul.roster").first
    for cid in state.players[me].hand:
        assert card_text(book.card(cid)) in game_hand.inner_text()
    fits(page, width)
    shot(page, "kozyablo-game", tmp_path)


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_dungeon_keeper_units_board_and_examples(page, live_server, db, tmp_path, width):
    page.set_viewport_size({"width": width, "height": 900})
    service.ensure_demo(db, games=(demo("Подземелье на четверых"),))
    game, ruleset, state = the_game(db, "dungeon_keeper")
    me = state.active
    log_in(page, live_server, me, f"/games/{game.id}/post")
    aid = page.locator("#aid")
    # the board: an amber halo round each of his units and buildings
    mine = [u for u in state.units.values() if u.side == me]
    buildings = [b for b in state.buildings.values() if b.owner == me]
    assert aid.locator("svg .own").count() == len(mine) + len(buildings) > 0
    # his units with their cell, ОД and what they can do
    units = aid.locator(".roster-group", has=page.locator("h3", has_text="Юниты")).locator("ul.roster > li")
    names = [units.nth(i).locator(".name").inner_text() for i in range(units.count())]
    assert sorted(names) == sorted(label(state, u, me).text(capital=True) for u in mine)
    first = units.first.inner_text()
    assert "ОД" in first and "хп" in first and "атака" in first
    lines = examples_on(page)
    read_back(ruleset, state, me, lines)
    placed(page, width)
    # the map as legible as on the game page (wider than the panel: it scrolls), opened on his pieces
    frame = page.locator("#aid-board .board-frame")
    assert page.evaluate("document.querySelector('#aid-board svg').getBoundingClientRect().width") > \
        frame.bounding_box()["width"]
    frame.scroll_into_view_if_needed()
    assert own_pieces_in_sight(page) > 0
    assert page.locator("#aid-board button.board-zoom").count() == 1  # the full-screen viewer (board.js)
    page.locator("#aid button.example").last.click()
    page.locator("#check").get_by_text("Пост читается").wait_for()
    fits(page, width)
    shot(page, "dungeon-keeper", tmp_path)
    shot(page, "dungeon-keeper-board", tmp_path, element="#aid-board")
