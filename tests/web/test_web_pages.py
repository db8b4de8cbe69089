"""The Russian pages through a browser-like client: forms, CSRF tokens, redirects, what is shown."""

from __future__ import annotations

import hashlib
import html
import re
import xml.etree.ElementTree as ET

from api.webclient import csrf_of, form_post, log_in
from fastapi.testclient import TestClient

from letopis import service
from letopis.engine.contract import Faction


def play_bids(db, game, race_game, a=3, b=1):
    for faction, amount in (("a", a), ("b", b)):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=f"ставка {amount}",
                            user_id=race_game.players[faction])


def textarea(page: str, name: str = "text") -> str:
    match = re.search(rf'<textarea[^>]*name="{name}"[^>]*>(.*?)</textarea>', page, re.DOTALL)
    assert match, f"no textarea {name}"
    return html.unescape(match.group(1))


def test_gm_creates_a_game_and_invites_a_player(app, client, make_user):
    make_user("gm", "Мастер")
    make_user("ann", "Аня")
    log_in(client, "gm")
    page = client.get("/games/new")
    assert page.status_code == 200 and "Новая игра" in page.text
    created = form_post(client, "/games/new", {"ruleset_id": "race", "title": "Гонка на форуме",
                                               "mode": "review", "factions": "Аня\nБоря",
                                               "options": '{"goal": 20}'}, follow_redirects=False)
    assert created.status_code == 303, created.text
    game_url = created.headers["location"]
    game_page = client.get(game_url)
    assert "Игра создана" in game_page.text and "Гонка на форуме" in game_page.text
    assert "после проверки мастером" in game_page.text

    invited = form_post(client, f"{game_url}/invite", {"faction": "p1"}, from_page=game_url)
    token = re.search(r"/join/([\w\-]+)", invited.text).group(1)

    with TestClient(app) as player:
        assert player.get(f"/join/{token}", follow_redirects=False).status_code == 303  # log in first
        log_in(player, "ann")
        assert "Занять место" in player.get(f"/join/{token}").text
        joined = form_post(player, f"/join/{token}", {})
        assert joined.status_code == 200 and "Вы заняли место Ани." in joined.text
        game_view = player.get(game_url).text
        assert "Написать пост" in game_view


def test_new_game_form_errors_keep_what_was_typed(client, make_user):
    make_user("gm")
    log_in(client, "gm")
    bad_json = form_post(client, "/games/new", {"ruleset_id": "race", "title": "Партия",
                                                "factions": "Аня\nБоря", "options": "{goal: 20"})
    assert bad_json.status_code == 422
    assert "Параметры: это не JSON" in bad_json.text
    assert textarea(bad_json.text, "options") == "{goal: 20"
    assert 'value="Партия"' in bad_json.text

    one_side = form_post(client, "/games/new", {"ruleset_id": "race", "title": "Одиночка", "factions": "Аня"})
    assert one_side.status_code == 422 and "Одиночка" in one_side.text
    no_ruleset = form_post(client, "/games/new", {"ruleset_id": "nope", "title": "x", "factions": "А\nБ"})
    assert no_ruleset.status_code in (404, 422) and "nope" in no_ruleset.text


def test_game_page_for_a_visitor(client, db, race_game):
    game = race_game()
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 200
    text = page.text
    assert "Шаг 1" in text and "Ждём" in text and "Аня" in text and "Боря" in text
    step = service.game_page(db, game.id).step
    assert step.commitment in text
    assert "<svg" in text and "клетка 0" in text  # the board picture and the summary
    assert "/join/" not in text  # invite links are for the GM only
    assert "Войдите" in text


def test_post_form_live_check_and_receipt(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    form = client.get(f"/games/{game.id}/post")
    assert form.status_code == 200
    assert f'hx-post="/games/{game.id}/check"' in form.text and 'name="step" value="1"' in form.text
    assert "/static/htmx.min.js" in form.text

    token = csrf_of(client, f"/games/{game.id}/post")
    check = client.post(f"/games/{game.id}/check", data={"faction": "a", "text": "// привет\nставка 7"},
                        headers={"X-CSRFToken": token})
    assert check.status_code == 200 and "<html" not in check.text  # a partial
    assert "Ставка должна быть от 1 до 3" in check.text
    assert 'href="/rules/race#RACE-3"' in check.text
    assert "1 ошибка" in check.text

    good = client.post(f"/games/{game.id}/check", data={"faction": "a", "text": "ставка 2"},
                       headers={"X-CSRFToken": token})
    assert "Пост читается" in good.text and "ставка 2" in good.text

    text = "// Аня: удачи!\nставка 2"
    done = form_post(client, f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": text},
                     from_page=f"/games/{game.id}/post")
    assert done.status_code == 200
    assert "Пост принят" in done.text
    assert hashlib.sha256(text.encode("utf-8")).hexdigest() in done.text
    assert "ждём пост от Бори." in done.text


def test_refused_post_keeps_the_text_and_shows_problems(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    text = "// привет <b>всем</b>\nпрыгаю выше всех"
    refused = form_post(client, f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": text},
                        from_page=f"/games/{game.id}/post")
    assert refused.status_code == 422
    assert textarea(refused.text) == text
    assert "<b>всем</b>" not in refused.text  # escaped, not rendered
    assert "ничего не потеряно" in refused.text
    assert "строка" in refused.text.lower() or "data-line=\"2\"" in refused.text
    assert service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id).posts == []


def test_stale_form_is_refused_clearly(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    token = csrf_of(client, f"/games/{game.id}/post")
    play_bids(db, game, race_game)  # the step moved on while Аня was typing
    stale = client.post(f"/games/{game.id}/post",
                        data={"csrftoken": token, "faction": "a", "step": "1", "text": "бросаю"})
    assert stale.status_code == 409
    assert "сейчас идёт шаг 2" in stale.text
    assert textarea(stale.text) == "бросаю"
    assert 'name="step" value="2"' in stale.text  # the form now targets the open step


def test_check_button_works_without_javascript(client, race_game):
    game = race_game()
    log_in(client, "ann")
    page = form_post(client, f"/games/{game.id}/post",
                     {"faction": "a", "step": "1", "text": "ставка 9", "intent": "check"},
                     from_page=f"/games/{game.id}/post")
    assert page.status_code == 200
    assert "Ставка должна быть от 1 до 3" in page.text and textarea(page.text) == "ставка 9"


def test_step_chronicle_shows_posts_dice_and_seed(client, db, race_game):
    game = race_game()
    play_bids(db, game, race_game)
    service.submit_post(db, game_id=game.id, step_number=2, faction="a", text="бросаю", user_id=race_game.ann.id)
    page = client.get(f"/games/{game.id}/steps/2")
    assert page.status_code == 200
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=2)
    roll = chronicle.rolls[0]
    assert f"1d6 → {roll.value}" in page.text
    assert chronicle.seed in page.text and chronicle.commitment in page.text
    assert hashlib.sha256("бросаю".encode()).hexdigest() in page.text
    assert "Поле до шага" in page.text and "Поле после шага" in page.text
    assert 'id="bbcode"' in page.text and "[quote=" in page.text
    bbcode = client.get(f"/games/{game.id}/steps/2/bbcode")
    assert bbcode.headers["content-type"].startswith("text/plain") and "[/list]" in bbcode.text
    feed = client.get(f"/games/{game.id}/feed.atom")
    root = ET.fromstring(feed.content)
    assert len(root.findall("{http://www.w3.org/2005/Atom}entry")) == 2


def test_hostile_names_are_escaped_everywhere(client, db, make_user):
    gm = make_user("gm")
    game = service.create_game(db, ruleset_id="race", title="<img src=x onerror=alert(1)>",
                               factions=[Faction(id="a", name="<script>alert(1)</script>"),
                                         Faction(id="b", name="Боря")], gm_user_id=gm.id)
    for path in ("/", f"/games/{game.id}"):
        text = client.get(path).text
        assert "<script>alert(1)</script>" not in text
        assert "<img src=x" not in text


def test_rules_page_has_clause_anchors(client):
    page = client.get("/rules/dice_roll_party")
    assert page.status_code == 200
    assert 'id="DRP-ATK-09"' in page.text
    assert 'href="#DRP-GAP-01"' in page.text
    alias = client.get("/rules/drp")
    assert alias.status_code == 200 and 'id="DRP-ATK-09"' in alias.text


def test_form_line_breaks_are_the_ones_the_player_typed(client, race_game):
    """Browsers send a textarea's line breaks as CRLF; the receipt is for the text as typed (LF)."""
    game = race_game()
    log_in(client, "ann")
    done = form_post(client, f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": "// привет\r\nставка 2"},
                     from_page=f"/games/{game.id}/post")
    assert done.status_code == 200
    assert hashlib.sha256("// привет\nставка 2".encode()).hexdigest() in done.text


def test_oversized_posts_from_the_form(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    long_post = "// болтовня\n" * 3000  # over the post limit, under the request cap: the text comes back
    refused = form_post(client, f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": long_post},
                        from_page=f"/games/{game.id}/post")
    assert refused.status_code == 413 and "Пост слишком длинный" in refused.text
    assert textarea(refused.text) == long_post
    huge = form_post(client, f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": "я" * 1024 * 1024},
                     from_page=f"/games/{game.id}/post")
    assert huge.status_code == 413 and "Слишком большой запрос" in huge.text and "назад" in huge.text
    assert service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id).posts == []
