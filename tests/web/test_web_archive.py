"""The spectators' archive pages, the Atom feeds (site and game) and the round BBCode for forums."""

import html
import re
import xml.etree.ElementTree as ET

import bbcode
from api.webclient import log_in
from support.dbtools import finish_bids, post

from letopis import service
from letopis.service.demo import DemoGame

ATOM = "{http://www.w3.org/2005/Atom}"
TEXTAREA_RE = re.compile(r'<textarea id="bbcode"[^>]*>(.*?)</textarea>', re.DOTALL)
STANDALONE = {"*"}  # [*] closes at the next item or at [/list]


def _demo(db, ruleset_id, steps, players=("anna", "boris")):
    demo = DemoGame(ruleset_id, f"Архив: {ruleset_id}", "auto", players, steps)
    service.ensure_demo(db, games=(demo,))
    return next(g for g in service.list_games(db) if g.title == demo.title)


def assert_balanced(text: str) -> None:
    """Every opened BBCode tag is closed, in order, as a BBCode parser reads the text."""
    parser = bbcode.Parser()
    parser.add_simple_formatter("size", "<span>%(value)s</span>")
    parser.add_simple_formatter("img", '<img src="%(value)s">')  # a step's board
    stack = []
    for kind, tag, _, raw in parser.tokenize(text):
        if kind == parser.TOKEN_TAG_START and tag not in STANDALONE:
            stack.append(tag)
        elif kind == parser.TOKEN_TAG_END:
            assert stack and stack[-1] == tag, f"unbalanced {raw!r} after {stack}"
            stack.pop()
    assert stack == [], f"never closed: {stack}"
    rendered = parser.format(text)
    for tag in ("b", "i", "quote", "list", "url", "size", "img"):
        assert f"[{tag}" not in rendered and f"[/{tag}]" not in rendered


def assert_atom(body: bytes, entries: int) -> ET.Element:
    root = ET.fromstring(body)
    assert root.tag == f"{ATOM}feed"
    for name in ("id", "title", "updated"):
        assert root.find(f"{ATOM}{name}").text.strip()
    items = root.findall(f"{ATOM}entry")
    assert len(items) == entries
    for entry in items:
        for name in ("id", "title", "updated"):
            assert entry.find(f"{ATOM}{name}").text.strip()
        assert entry.find(f"{ATOM}link").get("href").startswith("http")
    return root


def test_archive_lists_games_with_pages(client, db, race_game):
    games = [race_game() for _ in range(21)]
    first = client.get("/archive")
    assert first.status_code == 200 and "страница 1 из 2" in first.text
    assert f'/archive/games/{games[-1].id}"' in first.text and f'/archive/games/{games[0].id}"' not in first.text
    second = client.get("/archive?page=2")
    assert f'/archive/games/{games[0].id}"' in second.text
    assert client.get("/archive?page=0").status_code == 422


def test_game_archive_links_steps_states_rounds_export_and_feed(client, db, race_game):
    game = race_game()
    finish_bids(db, game)
    page = client.get(f"/archive/games/{game.id}")
    assert page.status_code == 200
    for href in (f"/games/{game.id}/steps/1", f"/archive/games/{game.id}/steps/1/state?when=after",
                 f"/archive/games/{game.id}/steps/2/state?when=before", f"/archive/games/{game.id}/steps/1/round",
                 f"/api/games/{game.id}/verify", f"/games/{game.id}/feed.atom"):
        assert f'href="{href}"' in page.text
    assert "/steps/2/state?when=after" not in page.text  # step 2 is open
    assert "Для этих правил графиков нет." in page.text
    # a running game's export is its GM's: a spectator gets no link that would answer 403
    assert f'href="/api/games/{game.id}/export"' not in page.text
    assert client.get(f"/api/games/{game.id}/export").status_code == 403
    log_in(client, "gm")
    assert f'href="/api/games/{game.id}/export"' in client.get(f"/archive/games/{game.id}").text


def test_past_state_page_shows_the_board_and_summary(client, db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    after = client.get(f"/archive/games/{game.id}/steps/2/state?when=after")
    assert after.status_code == 200 and "После шага 2" in after.text and "<svg" in after.text
    before = client.get(f"/archive/games/{game.id}/steps/2/state?when=before")
    assert "До шага 2" in before.text
    assert client.get(f"/archive/games/{game.id}/steps/3/state?when=after").status_code == 404
    # the open step's state before it links to no state after it, nor to a next step's state after
    open_before = client.get(f"/archive/games/{game.id}/steps/3/state?when=before").text
    assert 'href="?when=after"' not in open_before and 'href="?when=after"' in before.text
    assert "/steps/3/state?when=after" not in after.text  # «шаг 3 →» after step 2: step 3 is open
    assert "/steps/3/state?when=before" in before.text


def test_drp_charts_are_inline_svg_without_scripts(client, db):
    game = _demo(db, "dice_roll_party", 5)
    page = client.get(f"/archive/games/{game.id}")
    charts = re.findall(r'<figure class="chart">.*?</figure>', page.text, re.DOTALL)
    assert len(charts) == 3
    assert all("<polyline" in c and 'viewBox="0 0 320 150"' in c and "Анна" in c for c in charts)
    assert "<script" not in "".join(charts)
    # the only script is the one that keeps relative times current
    assert re.findall(r"<script[^>]*>", page.text) == ['<script src="/static/letopis-time.js" defer>']
    state = client.get(f"/archive/games/{game.id}/steps/2/state?when=after")
    assert "Жетоны в хранилище" in state.text


def test_site_feed_is_atom_with_every_published_step(client, db, race_game):
    assert_atom(client.get("/feed.atom").content, 0)
    one, two = race_game(), race_game()
    finish_bids(db, one)
    finish_bids(db, two)
    post(db, two, "b", "бросаю")
    response = client.get("/feed.atom")
    assert response.headers["content-type"].startswith("application/atom+xml")
    root = assert_atom(response.content, 3)
    ids = [e.find(f"{ATOM}id").text for e in root.findall(f"{ATOM}entry")]
    assert ids == [f"http://testserver/games/{two.id}/steps/2", f"http://testserver/games/{two.id}/steps/1",
                   f"http://testserver/games/{one.id}/steps/1"]


def test_game_feed_is_valid_atom(client, db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    assert_atom(client.get(f"/games/{game.id}/feed.atom").content, 2)


def _round_textarea(client, game_id, step):
    page = client.get(f"/archive/games/{game_id}/steps/{step}/round")
    assert page.status_code == 200 and "Скопировать BBCode" in page.text
    text = html.unescape(TEXTAREA_RE.search(page.text).group(1))
    plain = client.get(f"/archive/games/{game_id}/steps/{step}/round.bbcode")
    assert plain.text.strip() == text.strip()
    return text


def test_dungeon_keeper_round_bbcode_is_balanced_with_dice_and_seeds(client, db):
    game = _demo(db, "dungeon_keeper", 4)
    rnd = service.round_of(db, game_id=game.id, step_number=1)
    text = _round_textarea(client, game.id, 1)
    assert text.startswith(f"[b]{game.title} — раунд 1[/b]")
    for c in rnd.steps:
        assert f"шаг {c.number}: {c.turn.title}" in text and f"зерно: {c.seed}" in text
        for r in c.rolls:
            assert r.label() in text
    assert_balanced(text)


def test_dice_roll_party_turn_bbcode_is_balanced_with_dice_and_seeds(client, db):
    game = _demo(db, "dice_roll_party", 6)
    setup = _round_textarea(client, game.id, 1)  # the setup step always rolls
    rolls = service.step_chronicle(db, game_id=game.id, step_number=1).rolls
    assert rolls and all(r.label() in setup for r in rolls)
    assert_balanced(setup)
    rnd = service.round_of(db, game_id=game.id, step_number=2)  # the first turn and its reactions
    assert rnd.number == 1 and rnd.steps[0].number == 2
    text = _round_textarea(client, game.id, 2)
    assert "Ходит" in text and "[quote=" in text
    for c in rnd.steps:
        assert f"зерно: {c.seed}" in text and all(r.label() in text for r in c.rolls)
    assert_balanced(text)


def test_round_of_an_open_step_is_not_found(client, db, race_game):
    game = race_game()
    assert client.get(f"/archive/games/{game.id}/steps/1/round").status_code == 404


def test_bbcode_tags_typed_in_a_post_cannot_break_the_paste(client, db, race_game):
    """Each «[» and «]» of a player's text becomes its full-width twin (［ ］), so no forum reads it
    as a tag (letopis.web.bbcode)."""
    game = race_game()
    post(db, game, "a", "// [/quote][b]жирно [url=x]ссылка\nставка 1")
    post(db, game, "b", "ставка 2")
    text = client.get(f"/games/{game.id}/steps/1/bbcode").text
    assert "［/quote］［b］жирно" in text
    assert_balanced(text)
    assert_balanced(_round_textarea(client, game.id, 1))
