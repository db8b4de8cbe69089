"""Kozyablo in a real browser at a phone's width, on the demo game «Козябло: демо»: the player whose
turn it is sees his own hand while the board shows the opponent's hand as card backs; a post naming
a card he does not hold is refused by the live check in Russian, fixed, submitted, and the chronicle
shows the public sentence; a spectator then finds none of his remaining hand cards on the game page
or the step page, though the GM's page names them (checklist §5)."""

from __future__ import annotations

import hashlib
import html

import pytest

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, get_ruleset
from letopis.service.demo import DEMO_PASSWORD, KOZYABLO_DEMO

pytestmark = pytest.mark.browser

PHONE = 375
CARD_BACK = 'svg rect[width="9"][height="13"]'  # picture.py draws a hidden hand card as this back


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def log_in(page, live_server, login: str, then: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{live_server}/login?next={then}")
    page.fill("#login", login)
    page.fill("#password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}{then}")


def fits_a_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE


def posts_for(ruleset, state, faction: str, book) -> tuple[str, str]:
    """A legal proposed post that plays a card from the hand, and the same post naming instead a
    card of that race and type which is neither in the hand nor on the table — one the reader
    refuses as not in the hand (else a draw, and a creature he does not hold)."""
    from rulesets.kozyablo.orders import PlayCard
    from rulesets.kozyablo.propose import proposal

    mine = set(state.players[faction].hand) | {p.card for p in state.pieces.values()}

    def refused(text: str, name: str) -> bool:
        return any(p.message.startswith("У вас в руке нет") and f"«{name}»" in p.message
                   for p in ruleset.read(text, state, faction).problems)

    for k in range(60):
        text, orders = proposal(state, faction, Dice(_seed("kz-browser", k)))
        play = next((o for o in orders if isinstance(o, PlayCard)), None)
        if play is None or text.count(book.card(play.card).name) != 1:
            continue
        card = book.card(play.card)
        for other in book.cards.values():
            if other.id not in mine and other.race == card.race and other.type == card.type:
                wrong = text.replace(card.name, other.name)
                if refused(wrong, other.name):
                    return wrong, text
    other = next(c for c in book.cards.values() if c.id not in mine and c.type == "creature"
                 and refused(f"Играю «{c.name}».", c.name))
    return f"Играю «{other.name}».", "Беру карту."


def public_cards(full: dict) -> set[str]:
    """Card ids anyone may see: the open table, artifacts, lasting magic, discard piles."""
    out = {p["card"] for p in full["pieces"].values() if p.get("card")}
    out |= {c for p in full["pieces"].values() for c in p.get("artifacts", [])}
    out |= {m["card"] for m in full["lasting"]}
    out |= {c for p in full["players"].values() for c in p["discard"]}
    return out


def test_player_posts_from_a_phone_and_a_spectator_sees_no_hand(page, live_server, db):
    service.ensure_demo(db, games=(KOZYABLO_DEMO,))
    (game,) = service.list_games(db)
    ruleset = get_ruleset("kozyablo")
    from rulesets.kozyablo.data import book_for

    state = ruleset.state_from_json(db.get(Game, game.id).state)
    book = book_for(state)
    me = state.order[state.active]  # the demo factions are the demo logins
    rival = next(f for f in state.order if f != me)
    assert state.phase == "play" and state.pending is None
    names = lambda cards: [book.card(c).name for c in cards]

    # the player's game page: his hand by name, the opponent's as backs
    log_in(page, live_server, me, f"/games/{game.id}")
    board = page.locator(".board svg")
    board_text = board.inner_html()
    for name in names(state.players[me].hand):
        assert html.escape(name[:18]) in board_text  # the chips may shorten a long name
    assert page.locator("dl", has_text=f"{state.players[me].name}: рука").count() >= 1
    summary = page.locator("main").inner_text()
    for name in names(state.players[me].hand):
        assert name in summary
    assert page.locator(f".board {CARD_BACK}").count() == len(state.players[rival].hand) > 0
    for name in set(names(state.players[rival].hand)) - {book.card(c).name for c in public_cards(
            service.game_page(db, game.id).view)} - set(names(state.players[me].hand)):
        assert name not in page.content()
    fits_a_phone(page)

    # the live check: a card he does not hold, then the fixed post
    wrong, right = posts_for(ruleset, state, me, book)
    page.goto(f"{live_server}/games/{game.id}/post")
    check = page.locator("#check")
    page.locator("#post-text").fill(wrong)
    page.locator("#post-text").press("End")
    check.get_by_text("У вас в руке нет").wait_for()
    assert check.locator(".lines > li.error").count() >= 1
    fits_a_phone(page)
    page.locator("#post-text").fill(right)
    page.locator("#post-text").press("End")
    check.get_by_text("Пост читается").wait_for()
    assert check.locator(".lines > li.error").count() == 0
    step_number = service.game_page(db, game.id).step.number
    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()
    assert page.locator("#receipt-sha256").inner_text() == hashlib.sha256(right.encode()).hexdigest()
    fits_a_phone(page)

    public = service.step_chronicle(db, game_id=game.id, step_number=step_number)
    sentence = next(e.text for e in public.events if e.text.startswith(state.players[me].name))
    page.get_by_role("link", name=f"Летопись шага {step_number}").click()
    page.get_by_role("heading", name="Что произошло").wait_for()
    assert sentence in page.locator("main").inner_text()
    fits_a_phone(page)

    # a spectator: neither the game page nor the step page names a card left in his hand
    full = service.game_page(db, game.id, game.gm_user_id).view
    hidden = set(full["players"][me]["hand"]) - public_cards(full)
    shown = [book.card(c).name for c in public_cards(full)]
    hidden_names = {n for n in (book.card(c).name for c in hidden) if not any(n in p for p in shown)}
    assert hidden_names, "the test needs a hand card that is nowhere public"
    log_in(page, live_server, "master", f"/games/{game.id}")
    gm_text = html.unescape(page.content())
    assert all(name in gm_text for name in hidden_names)  # the GM sees the hand, so the search can fail
    page.context.clear_cookies()
    for path in (f"/games/{game.id}", f"/games/{game.id}/steps/{step_number}"):
        page.goto(f"{live_server}{path}")
        text = html.unescape(page.content())
        assert [name for name in hidden_names if name in text] == [], path
        assert page.get_by_role("link", name="Войдите").count() >= 1 or "Войти" in text
        fits_a_phone(page)
    left = len(full["players"][me]["hand"])
    page.goto(f"{live_server}/games/{game.id}")
    assert page.locator(f".board {CARD_BACK}").count() == left + len(full["players"][rival]["hand"])
