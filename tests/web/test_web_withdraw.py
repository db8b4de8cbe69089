"""Pages: a sent post answers POST → redirect → GET (reloading never sends it again), a player
withdraws or corrects his post from the game and post pages after a confirmation, the resolution
delay is shown as «расчёт через N мин» and set on «Сроки» and «Новая игра»."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from api.webclient import csrf_of, form_post, log_in
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from web.test_web_pages import textarea

from letopis import service
from letopis.db.models import Post
from letopis.engine.contract import Faction


def revisions(db) -> int:
    db.expire_all()
    return db.scalar(select(func.count(Post.id)))


def send(client, game_id: int, text: str, **extra):
    return form_post(client, f"/games/{game_id}/post", {"faction": "a", "step": "1", "text": text, **extra},
                     from_page=f"/games/{game_id}/post", follow_redirects=False)


def withdraw_form_of(page: str) -> tuple[str, dict[str, str]]:
    """The confirmation form's action and hidden fields."""
    form = re.search(r'<form method="post" action="(/games/\d+/posts/\d+/withdraw)"[^>]*>(.*?)</form>', page, re.DOTALL)
    assert form, "no withdrawal form on the page"
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(2)))
    assert "Да, отозвать пост" in form.group(2) and "Отозвать пост…" in page
    return form.group(1), fields


def test_a_sent_post_redirects_to_its_receipt_and_a_reload_sends_nothing(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    sent = send(client, game.id, "// удачи\nставка 2")
    assert sent.status_code == 303
    location = sent.headers["location"]
    post_id = db.scalars(select(Post.id)).one()
    assert location == f"/games/{game.id}/posts/{post_id}"
    receipt = client.get(location)
    assert receipt.status_code == 200 and "Пост принят" in receipt.text
    assert 'class="flash ok"' in receipt.text and "Пост принят (версия 1). Ждём пост от Бори." in receipt.text
    assert "Исправить пост" in receipt.text and withdraw_form_of(receipt.text)
    again = client.get(location)  # a reload is a GET of stored facts: nothing sent, the message gone
    assert again.status_code == 200 and "Пост принят" in again.text and 'class="flash' not in again.text
    assert revisions(db) == 1


def test_a_refused_post_is_shown_again_with_its_text_and_stores_nothing(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    refused = send(client, game.id, "ставка 9")
    assert refused.status_code == 422 and textarea(refused.text) == "ставка 9"
    assert revisions(db) == 0


def test_the_receipt_is_for_its_player_and_the_gm_only(app, client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    location = send(client, game.id, "ставка 2").headers["location"]
    with TestClient(app) as other:
        log_in(other, "bob")
        assert other.get(location).status_code == 403
        other.cookies.clear()
        log_in(other, "gm")
        assert other.get(location).status_code == 200
    wrong_game = re.sub(r"/games/\d+/", f"/games/{game.id + 1}/", location)
    assert client.get(wrong_game).status_code == 404


def test_withdraw_from_the_game_page_after_a_confirmation(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    send(client, game.id, "ставка 1")
    page = client.get(f"/games/{game.id}").text
    assert "Ваш пост принят: версия 1" in page and "Исправить пост" in page
    assert "Написать пост" not in page  # a correction goes through «Исправить пост»
    action, fields = withdraw_form_of(page)
    done = client.post(action, data=fields, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == f"/games/{game.id}"
    after = client.get(done.headers["location"]).text
    assert "Пост отозван (версия 1): он больше не считается." in after
    assert "Вы отозвали пост (версия 1)" in after and "Написать пост" in after
    assert service.game_page(db, game.id).step.waiting_for == ["a", "b"]
    assert revisions(db) == 1  # kept, only marked
    twice = client.post(action, data=fields)  # a second click after the back button
    assert twice.status_code == 200 and 'class="flash err"' in twice.text and "уже отозван" in twice.text


def test_the_post_page_offers_the_withdrawn_text_for_correction(client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    send(client, game.id, "// опечатка\nставка 1")
    form = client.get(f"/games/{game.id}/post").text
    assert textarea(form) == "// опечатка\nставка 1"  # his current post, to correct
    assert "отправьте новый текст — он заменит этот" in form
    action, fields = withdraw_form_of(form)
    assert fields["back"] == "post"
    done = client.post(action, data=fields, follow_redirects=False)
    assert done.headers["location"] == f"/games/{game.id}/post"
    form = client.get(done.headers["location"]).text
    assert "Вы отозвали пост (версия 1)" in form and "текст отозванного — в поле ниже" in form
    assert textarea(form) == "// опечатка\nставка 1"
    fixed = send(client, game.id, "ставка 3")
    assert fixed.status_code == 303 and "версия 2" in client.get(fixed.headers["location"]).text
    assert [p.counts for p in service.game_page(db, game.id, race_game.ann.id).own_posts] == [True]


def test_another_player_cannot_withdraw_through_the_form(app, client, db, race_game):
    game = race_game()
    log_in(client, "ann")
    send(client, game.id, "ставка 1")
    post_id = db.scalars(select(Post.id)).one()
    with TestClient(app) as other:
        log_in(other, "bob")
        token = csrf_of(other, f"/games/{game.id}")
        refused = other.post(f"/games/{game.id}/posts/{post_id}/withdraw", data={"csrftoken": token})
        assert refused.status_code == 200 and 'class="flash err"' in refused.text
        assert "Отозвать пост может только тот, кто играет за «Аня»" in refused.text
    assert service.game_page(db, game.id).step.waiting_for == ["b"]


def test_the_delay_shows_as_resolution_in_n_minutes(client, db, race_game):
    game = race_game()
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=10)
    service.submit_post(db, game_id=game.id, step_number=1, faction="b", text="ставка 2", user_id=race_game.bob.id)
    log_in(client, "ann")
    receipt = client.get(send(client, game.id, "ставка 1").headers["location"]).text
    assert "Все посты собраны; расчёт шага 1 назначен через 10 мин." in receipt  # the flash
    assert re.search(r"Все посты собраны\. Расчёт через (9|10)&nbsp;мин", receipt)
    game_page = client.get(f"/games/{game.id}").text
    assert re.search(r"Все посты собраны.</strong> Расчёт через (9|10)&nbsp;мин", game_page)
    assert "Задержка расчёта" in game_page and "10 мин после последнего поста" in game_page
    post_page = client.get(f"/games/{game.id}/post").text
    assert re.search(r"Все посты собраны.</strong> Расчёт через (9|10)&nbsp;мин", post_page)
    assert "до этого пост можно исправить или отозвать" in post_page.lower()
    service.run_worker(db, now=datetime.now(UTC) + timedelta(minutes=11))
    assert "Расчёт через" not in client.get(f"/games/{game.id}").text


def test_the_gm_sets_the_delay_on_the_schedule_page_and_when_creating_a_game(client, db, race_game):
    game = race_game()
    log_in(client, "gm")
    page = client.get(f"/games/{game.id}/gm/schedule")
    assert "Задержка расчёта" in page.text and 'name="minutes"' in page.text
    path = f"/games/{game.id}/gm/resolve-delay"
    saved = form_post(client, path, {"minutes": "7"}, from_page=f"/games/{game.id}/gm/schedule",
                      follow_redirects=False)
    assert saved.status_code == 303
    assert "Задержка расчёта: 7 мин после последнего поста." in client.get(saved.headers["location"]).text
    assert service.get_schedule(db, game.id).resolve_delay_minutes == 7
    wrong = form_post(client, path, {"minutes": "семь"}, from_page=f"/games/{game.id}/gm/schedule")
    assert wrong.status_code == 422 and "Задержка расчёта: нужно целое число." in wrong.text
    assert 'value="семь"' in wrong.text
    created = form_post(client, "/games/new", {"ruleset_id": "race", "title": "Гонка с задержкой",
                                               "factions": "Аня\nБоря", "resolve_delay": "3"},
                        follow_redirects=False)
    assert created.status_code == 303
    new_id = int(created.headers["location"].rsplit("/", 1)[1])
    assert service.get_schedule(db, new_id).resolve_delay_minutes == 3
    refused = form_post(client, "/games/new", {"ruleset_id": "race", "title": "Гонка", "factions": "Аня\nБоря",
                                               "resolve_delay": "9999"})
    assert refused.status_code == 422 and "Задержка расчёта — от 0 до 1440 минут." in refused.text
    assert 'value="9999"' in refused.text


def test_every_player_form_answers_with_a_redirect(app, client, db, race_game, make_user):
    """Sign-up, log-in, joining, posting, withdrawing, settings and log-out: each successful form
    answers 303 and its page is a GET, so a reload never sends it again."""
    game = race_game()
    gm = TestClient(app)
    log_in(gm, "gm")
    invited = form_post(gm, f"/games/{game.id}/invite", {"faction": "b"}, from_page=f"/games/{game.id}",
                        follow_redirects=False)
    assert invited.status_code == 303
    free = service.create_game(db, ruleset_id="race", title="Свободные места", gm_user_id=race_game.gm.id,
                               factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")])
    token = service.invite_link_token(db, game_id=free.id, faction="b", by_user_id=race_game.gm.id)
    steps = [
        ("/register", {"login": "vera", "display_name": "Вера", "password": "long-password-1",
                       "password2": "long-password-1", "next": "/"}, "/register"),
        ("/settings/tokens/{token_id}/revoke", {}, "/settings/notifications"),
        (f"/join/{token}", {}, f"/join/{token}"),
        ("/logout", {}, "/"),
        ("/login", {"login": "ann", "password": "secret-pass", "next": "/"}, "/login"),
        (f"/games/{game.id}/post", {"faction": "a", "step": "1", "text": "ставка 2"}, f"/games/{game.id}/post"),
    ]
    for path, data, page in steps:
        if "{token_id}" in path:  # Вера's API key, made after she signed up
            vera = service.get_user_by_login(db, "vera")
            path = path.format(token_id=service.issue_token(db, user_id=vera.id, days=1, label="бот").id)
        answer = form_post(client, path, data, from_page=page, follow_redirects=False)
        assert answer.status_code == 303, (path, answer.status_code, answer.text[:300])
        assert client.get(answer.headers["location"]).status_code == 200
    action, fields = withdraw_form_of(client.get(f"/games/{game.id}").text)
    assert client.post(action, data=fields, follow_redirects=False).status_code == 303
    gm.close()


def test_the_published_chronicle_marks_a_withdrawn_revision_as_the_players_own_act(client, db, race_game):
    game = race_game()
    slip = service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 1",
                               user_id=race_game.ann.id)
    service.withdraw_post(db, post_id=slip.post_id, user_id=race_game.ann.id)
    for faction, text in (("a", "ставка 3"), ("b", "ставка 2")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text,
                            user_id=race_game.players[faction])
    chronicle = client.get(f"/games/{game.id}/steps/1").text
    assert chronicle.count("отозван автором") == 1 and "отменён мастером" not in chronicle
    history = client.get(f"/games/{game.id}/steps/1/posts/a").text
    assert "отозвана автором" in history and "аннулирована" not in history
