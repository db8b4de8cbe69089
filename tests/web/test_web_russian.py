"""Sentences of the game, post and receipt pages read as Russian: names declined where the sentence
needs it («Ждём Аню и Борю», «Пост за Красных»), no doubled punctuation."""

from __future__ import annotations

import re

from api.webclient import form_post, log_in

from letopis import service
from letopis.engine.contract import Faction


def text_of(html: str) -> str:
    """The page's text as a reader sees it: styles, scripts and tags dropped, spaces collapsed."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".").replace(" ,", ",")


def no_doubled_punctuation(text: str) -> None:
    for bad in ("..", "?.", "!.", ":.", ".,", ",."):
        assert bad not in text.replace("…", ""), bad


def test_the_game_page_says_whom_it_waits_for(client, db, race_game):
    game = race_game()
    text = text_of(client.get(f"/games/{game.id}").text)
    assert "Ждём Аню и Борю." in text
    service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 1", user_id=race_game.ann.id)
    text = text_of(client.get(f"/games/{game.id}").text)
    assert "Ждём Борю." in text and "Уже написали: Аня." in text
    no_doubled_punctuation(text)


def test_the_post_pages_decline_the_faction(client, db, make_user):
    gm, vera = make_user("gm", "Мастер"), make_user("vera", "Вера")
    game = service.create_game(db, ruleset_id="race", title="Армии", gm_user_id=gm.id,
                               factions=[Faction(id="r", name="Красные"), Faction(id="s", name="Синие")])
    for faction in ("r", "s"):
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=vera.id)
    log_in(client, "vera")
    page = text_of(client.get(f"/games/{game.id}").text)
    assert "Написать пост за Красных" in page and "Написать пост за Синих" in page
    form = text_of(client.get(f"/games/{game.id}/post?faction=s").text)
    assert "Пост за Синих, шаг 1" in form
    assert "Раунд 1: ставки. Напишите «ставка N», N от 1 до 3." in form
    done = form_post(client, f"/games/{game.id}/post", {"faction": "s", "step": "1", "text": "ставка 2"},
                     from_page=f"/games/{game.id}/post?faction=s")
    text = text_of(done.text)
    assert "ждём пост от Красных." in text
    no_doubled_punctuation(text)


def test_a_player_whose_seat_bears_his_name_just_writes_a_post(client, race_game):
    game = race_game()
    log_in(client, "ann")
    text = text_of(client.get(f"/games/{game.id}/post").text)
    assert "Пост, шаг 1" in text and "Пост за" not in text
    no_doubled_punctuation(text)
    other = text_of(client.get(f"/games/{game.id}/post?faction=b").text)  # not hers: the form for her own seat
    assert "Пост, шаг 1" in other


def test_the_chronicle_and_the_receipt_name_whose_post(client, db, race_game):
    game = race_game()
    for faction, amount in (("a", 2), ("b", 1)):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=f"ставка {amount}",
                            user_id=race_game.players[faction])
    step = text_of(client.get(f"/games/{game.id}/steps/1").text)
    assert "Пост Ани · версия 1" in step and "Пост Бори · версия 1" in step
    receipt = text_of(client.get(f"/games/{game.id}/steps/1/posts/a").text)
    assert "Квитанция: пост Ани, шаг 1" in receipt
    no_doubled_punctuation(receipt)
