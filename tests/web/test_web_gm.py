"""The GM desk through its forms: review and publish, annul, override a roll, defaults, deadline, audit."""

from __future__ import annotations

import re

from api.webclient import form_post, log_in

from letopis import service
from letopis.engine.contract import Faction


def desk(game):
    return f"/games/{game.id}/gm"


def test_desk_is_for_the_gm_only(client, race_game):
    game = race_game()
    log_in(client, "ann")
    refused = client.get(desk(game))
    assert refused.status_code == 403 and "только мастеру" in refused.text


def test_review_publish_through_the_desk(client, db, race_game):
    game = race_game(mode="review")
    for faction in ("a", "b"):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text="ставка 2",
                            user_id=race_game.players[faction])
    log_in(client, "gm")
    page = client.get(desk(game))
    assert "черновик" in page.text and "Опубликовать шаг 1" in page.text
    published = form_post(client, f"{desk(game)}/publish", {"step": "1"}, from_page=desk(game))
    assert published.status_code == 200 and "Шаг 1 опубликован" in published.text
    assert service.get_game(db, game.id).open_step == 2
    publish = [a for a in service.audit_log(db, game.id) if a.action == "publish"]
    assert publish and publish[0].action_title in published.text  # the audit log on the desk


def test_annul_needs_a_reason_and_reopens_the_step(client, db, race_game):
    game = race_game()
    post = service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 3",
                               user_id=race_game.ann.id)
    log_in(client, "gm")
    no_reason = form_post(client, f"{desk(game)}/annul", {"post_id": str(post.post_id), "reason": " "},
                          from_page=desk(game))
    assert no_reason.status_code == 422 and "Причина" in no_reason.text
    done = form_post(client, f"{desk(game)}/annul", {"post_id": str(post.post_id), "reason": "писал не тот игрок"},
                     from_page=desk(game))
    assert done.status_code == 200 and "Пост отменён" in done.text
    assert "писал не тот игрок" in done.text  # in the audit log, publicly
    page = service.game_page(db, game.id, race_game.gm.id)
    assert set(page.step.waiting_for) == {"a", "b"}


def test_override_a_published_roll(client, db, race_game):
    game = race_game()
    for faction, amount in (("a", 3), ("b", 1)):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=f"ставка {amount}",
                            user_id=race_game.players[faction])
    service.submit_post(db, game_id=game.id, step_number=2, faction="a", text="бросаю", user_id=race_game.ann.id)
    log_in(client, "gm")
    page = client.get(desk(game))
    assert "Исправить бросок опубликованного шага 2" in page.text
    bad = form_post(client, f"{desk(game)}/override",
                    {"step": "2", "roll_index": "0", "value": "шесть", "reason": "вживую"}, from_page=desk(game))
    assert bad.status_code == 422 and "Значение: нужно целое число" in bad.text
    assert 'value="вживую"' in bad.text  # the form keeps what was typed
    done = form_post(client, f"{desk(game)}/override",
                     {"step": "2", "roll_index": "0", "value": "6", "reason": "вживую"}, from_page=desk(game))
    assert done.status_code == 200 and "Бросок №0 шага 2 задан: 6" in done.text
    chronicle = client.get(f"/games/{game.id}/steps/2")
    assert "задано мастером" in chronicle.text and "вживую" in chronicle.text


def test_default_and_deadline_from_the_desk(client, db, race_game):
    game = race_game()
    log_in(client, "gm")
    bad = form_post(client, f"{desk(game)}/deadline", {"deadline": "завтра"}, from_page=desk(game))
    assert bad.status_code == 422 and "Срок: нужны дата и время" in bad.text
    ok = form_post(client, f"{desk(game)}/deadline", {"deadline": "2031-03-04T05:06"}, from_page=desk(game))
    assert ok.status_code == 200 and "4 марта 2031, 05:06</time>" in ok.text  # the GM's zone: Moscow
    assert "4 марта 2031" in client.get(f"/games/{game.id}").text

    asked = form_post(client, f"{desk(game)}/default", {"reason": "все молчат"}, from_page=desk(game))
    assert asked.status_code == 200 and "Применить действие по умолчанию?" in asked.text  # asks first
    assert service.step_chronicle(db, game_id=game.id, step_number=1).status == "open"
    applied = form_post(client, f"{desk(game)}/default", {"reason": "все молчат", "confirm": "yes"},
                        from_page=desk(game))
    assert applied.status_code == 200 and "Действие по умолчанию применено" in applied.text
    step = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert step.status == "published" and set(step.defaults) == {"a", "b"}
    again = form_post(client, f"{desk(game)}/publish", {"step": "1"}, from_page=desk(game))
    assert again.status_code == 409  # nothing to publish: refused on the desk, in Russian
    assert "Стол мастера" in again.text


def test_gm_sees_and_renews_invite_links_of_free_seats(client, db, make_user):
    gm = make_user("gm", "Мастер")
    game = service.create_game(db, ruleset_id="race", title="Свободные места", gm_user_id=gm.id,
                               factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")])
    old = service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=gm.id)
    log_in(client, "gm")
    assert f"/join/{old}" in client.get(desk(game)).text
    renewed = form_post(client, f"/games/{game.id}/invite", {"faction": "a", "back": "gm"}, from_page=desk(game))
    assert renewed.status_code == 200 and "Новая ссылка-приглашение готова" in renewed.text
    new = service.list_seats(db, game.id, gm.id)[0].invite_token
    assert new != old and f"/join/{new}" in renewed.text and f"/join/{old}" not in renewed.text


def test_taken_seats_show_the_player_not_a_link(client, race_game):
    game = race_game()
    log_in(client, "gm")
    page = client.get(f"/games/{game.id}")
    assert re.search(r"<strong>Аня</strong> —\s*Аня", page.text) and "/join/" not in page.text


def test_gm_may_check_any_faction_but_not_post_for_it(client, race_game):
    game = race_game()
    log_in(client, "gm")
    form = client.get(f"/games/{game.id}/post")
    assert "проверить пост за любую сторону" in form.text
    assert '<option value="a"' in form.text and '<option value="b"' in form.text
    checked = form_post(client, f"/games/{game.id}/post",
                        {"faction": "b", "step": "1", "text": "ставка 5", "intent": "check"},
                        from_page=f"/games/{game.id}/post")
    assert "Ставка должна быть от 1 до 3" in checked.text
    refused = form_post(client, f"/games/{game.id}/post", {"faction": "b", "step": "1", "text": "ставка 2"},
                        from_page=f"/games/{game.id}/post")
    assert refused.status_code == 403 and "ставка 2" in refused.text
