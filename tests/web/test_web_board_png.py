"""Board pictures as PNG at stable addresses (web/boards.py, web/boardpng.py): what they serve, how
they are cached (an ETag per picture, 304, a GM's correction gives a new tag), that they are the
public picture whoever asks, and the [img] of a step's BBCode that points at them."""

from __future__ import annotations

import hashlib
import re

import pytest
from api.webclient import log_in, make_settings
from fastapi.testclient import TestClient
from support import png
from support.dbtools import finish_bids, post

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from letopis.web import boardpng
from letopis.web.app import create_app


@pytest.fixture
def raced(db, race_game):
    """A race in review mode: step 1 (bids) and step 2 (b rolls and moves) published, step 3 open."""
    game = race_game(mode="review")
    gm = race_game.gm.id
    finish_bids(db, game, 1, 3)
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=gm)
    post(db, game, "b", "бросаю")
    service.publish_step(db, game_id=game.id, step_number=2, gm_user_id=gm)
    return game


def test_a_published_step_s_board_is_a_png_with_an_etag(client, raced):
    response = client.get(f"/games/{raced.id}/steps/2/board.png")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/png"
    assert response.content.startswith(png.SIGNATURE)
    width, height = png.size(response.content)
    assert (width, height) == (400, 120)  # the race's 200×60 picture, drawn larger (twice at most)
    assert png.ink(response.content) > 0.005  # the names and positions are drawn, not a blank page
    assert re.fullmatch(r'"[0-9a-f]{40}"', response.headers["etag"])
    assert response.headers["cache-control"] == "public, max-age=60"
    assert 'filename="letopis-' in response.headers["content-disposition"]


def test_the_etag_answers_304_and_names_the_picture(client, raced):
    first = client.get(f"/games/{raced.id}/steps/2/board.png")
    tag = first.headers["etag"]
    again = client.get(f"/games/{raced.id}/steps/2/board.png", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    weak = client.get(f"/games/{raced.id}/steps/2/board.png", headers={"If-None-Match": f'"x", W/{tag}'})
    assert weak.status_code == 304
    stale = client.get(f"/games/{raced.id}/steps/2/board.png", headers={"If-None-Match": '"0000"'})
    assert stale.status_code == 200 and stale.content == first.content
    # the board before step 2 is the board after step 1 (bids move nobody): the same picture
    before = client.get(f"/games/{raced.id}/steps/2/board.png?when=before")
    after_1 = client.get(f"/games/{raced.id}/steps/1/board.png")
    assert before.headers["etag"] == after_1.headers["etag"] != tag
    now = client.get(f"/games/{raced.id}/board.png")  # the game as it stands: after step 2
    assert now.status_code == 200 and now.headers["etag"] == tag
    head = client.head(f"/games/{raced.id}/steps/2/board.png")  # link checkers ask HEAD
    assert head.status_code == 200 and head.headers["etag"] == tag and head.content == b""


def test_a_gm_correction_changes_the_picture_and_its_tag(client, db, raced):
    old = client.get(f"/games/{raced.id}/steps/2/board.png")
    chronicle = service.step_chronicle(db, game_id=raced.id, step_number=2)
    natural = chronicle.rolls[0].value
    service.override_roll(db, game_id=raced.id, step_number=2, roll_index=0, value=1 if natural != 1 else 6,
                          gm_user_id=raced.gm_user_id, reason="кубик упал со стола")
    new = client.get(f"/games/{raced.id}/steps/2/board.png", headers={"If-None-Match": old.headers["etag"]})
    assert new.status_code == 200 and new.headers["etag"] != old.headers["etag"]
    assert new.content != old.content


def test_what_has_no_public_board_is_refused_in_russian(client, raced, db, race_game):
    open_step = client.get(f"/games/{raced.id}/steps/3/board.png")
    assert open_step.status_code == 404 and "ещё не опубликован" in open_step.text
    assert client.get(f"/games/{raced.id}/steps/3/board.png?when=before").status_code == 200
    assert client.get(f"/games/{raced.id}/steps/99/board.png").status_code == 404
    assert client.get("/games/999/board.png").status_code == 404
    assert client.get(f"/games/{raced.id}/steps/2/board.png?when=during").status_code == 422
    assert client.get(f"/games/{raced.id}/steps/99999999999/board.png").status_code in (404, 422)


def test_the_bbcode_embeds_the_board_and_its_address_serves_it(client, raced):
    export = client.get(f"/games/{raced.id}/steps/2/bbcode").text
    images = re.findall(r"\[img\](.*?)\[/img\]", export)
    assert images == [f"http://testserver/games/{raced.id}/steps/2/board.png"]
    assert export.index("[b]Поле после шага[/b]") < export.index("[img]")
    served = client.get(images[0].removeprefix("http://testserver"))
    assert served.status_code == 200 and served.content.startswith(png.SIGNATURE)
    # an open step has no board after it: nothing to embed
    assert "[img]" not in client.get(f"/games/{raced.id}/steps/3/bbcode").text


def test_the_page_links_each_board_to_its_png(client, raced):
    page = client.get(f"/games/{raced.id}/steps/2").text
    assert f'href="/games/{raced.id}/steps/2/board.png"' in page
    assert f'href="/games/{raced.id}/steps/2/board.png?when=before"' in page
    assert f'href="/games/{raced.id}/board.png"' in client.get(f"/games/{raced.id}").text


def test_pngs_are_cached_by_bytes_and_drawn_once(client, raced, monkeypatch):
    boardpng._pngs.clear()
    calls = []
    import cairosvg  # imported by the first drawing, not with the app

    real = cairosvg.svg2png
    monkeypatch.setattr(cairosvg, "svg2png", lambda **kw: calls.append(1) or real(**kw))
    for _ in range(3):
        assert client.get(f"/games/{raced.id}/steps/2/board.png").status_code == 200
    assert len(calls) == 1
    assert 0 < boardpng._pngs.nbytes <= boardpng.BUDGET


def test_a_drawing_flood_gets_503_at_once(client, raced):
    boardpng._pngs.clear()
    gate = boardpng.draw_gate
    with gate._lock:  # as if one board were being drawn and two more waited
        gate._inside += gate.concurrency + gate.queue
    try:
        busy = client.get(f"/games/{raced.id}/steps/2/board.png")
    finally:
        with gate._lock:
            gate._inside -= gate.concurrency + gate.queue
    assert busy.status_code == 503 and int(busy.headers["retry-after"]) >= 1
    assert "слишком много картинок" in busy.text
    assert client.get(f"/games/{raced.id}/steps/2/board.png").status_code == 200


def test_cyrillic_is_drawn_with_real_glyphs():
    """The server's fonts have Cyrillic: «Жук» is not three «missing glyph» boxes."""

    def drawn(text: str) -> bytes:
        svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30"><rect width="120" height="30" '
               f'fill="#fff"/><text x="4" y="22" font-size="20" font-family="DejaVu Sans, sans-serif">{text}</text></svg>')
        return boardpng.draw(boardpng.prepare(svg))

    cyrillic, missing, other_missing = drawn("Жук"), drawn("\U000f0001" * 3), drawn("\U000f0002" * 3)
    assert missing == other_missing  # unknown characters all look alike…
    assert cyrillic != missing  # …and Cyrillic letters do not
    assert png.ink(cyrillic) > 0.02


def test_a_picture_cannot_make_the_server_fetch_anything(tmp_path):
    secret = tmp_path / "secret.svg"
    secret.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" '
                      'height="10" fill="#000"/></svg>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" '
           f'height="40"><rect width="40" height="40" fill="#fff"/>'
           f'<image href="file://{secret}" width="40" height="40"/>'
           f'<image xlink:href="http://127.0.0.1:9/x.png" width="40" height="40"/></svg>')
    picture = boardpng.prepare(svg)
    assert "file://" not in picture.svg and "127.0.0.1" not in picture.svg
    assert png.ink(boardpng.draw(picture)) == 0


# --- hidden information -------------------------------------------------------------------------
def test_a_kozyablo_png_is_the_public_picture_even_for_the_hand_s_owner(app, db, make_user):
    ruleset = get_ruleset("kozyablo")
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    game = service.create_game(db, ruleset_id="kozyablo", title="Козябло: руки",
                               factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                               gm_user_id=gm.id, options={"races": ["trutni", "zhloby"]}, mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    for n in range(12):  # random legal posts until Анна holds cards
        state = ruleset.state_from_json(db.get(Game, game.id).state)
        if state.players["a"].hand:
            break
        page = service.game_page(db, game.id)
        for faction in page.turn.factions:
            text = ruleset.propose(state, faction, Dice(hashlib.sha256(f"png-hand-{n}-{faction}".encode()).hexdigest()))
            service.submit_post(db, game_id=game.id, step_number=page.step.number, faction=faction, text=text,
                                user_id=users[faction].id)
        db.expire_all()
    assert state.players["a"].hand, "Анна holds cards"
    owner_svg = ruleset.draw(state, Viewer(role=ViewerRole.PLAYER, faction="a"))
    public_svg = ruleset.draw(state, PUBLIC)
    assert owner_svg != public_svg  # the owner's picture shows her hand, the public one does not

    anonymous = TestClient(app, base_url="http://testserver").get(f"/games/{game.id}/board.png")
    with TestClient(app, base_url="http://testserver") as owner:
        log_in(owner, "anna")
        as_owner = owner.get(f"/games/{game.id}/board.png")
    assert anonymous.status_code == as_owner.status_code == 200
    assert anonymous.content == as_owner.content and anonymous.headers["etag"] == as_owner.headers["etag"]
    assert anonymous.content == boardpng.draw(boardpng.prepare(public_svg))
    assert anonymous.content != boardpng.draw(boardpng.prepare(owner_svg))


def test_a_configured_public_address_is_the_one_the_forum_gets(session_factory, raced):
    """Behind a proxy the request's host may be an inner one: LETOPIS_BASE_URL wins."""
    app = create_app(make_settings(base_url="https://letopis.example/"), session_factory=session_factory)
    with TestClient(app) as proxied:
        export = proxied.get(f"/games/{raced.id}/steps/2/bbcode").text
    assert f"[img]https://letopis.example/games/{raced.id}/steps/2/board.png[/img]" in export
    assert f"[url=https://letopis.example/games/{raced.id}/steps/2]" in export
