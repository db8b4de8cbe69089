"""The GM desk's pages by task: the sections, the confirmation page of the default, the reopening
form, the options read-only; each refusal comes back at its own section with the form as typed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from api.webclient import form_post, log_in
from support.dbtools import finish_bids, post

from letopis import service


def desk(game):
    return f"/games/{game.id}/gm"


def test_the_desk_is_in_sections_by_task(client, db, race_game):
    game = race_game(mode="review", goal=20)
    log_in(client, "gm")
    page = client.get(desk(game)).text
    for anchor in ("posts", "review", "deadlines", "fix", "seats", "audit", "options"):
        assert f'href="#{anchor}"' in page and f'id="{anchor}"' in page
    assert 'class="desk-section current" id="posts"' in page  # a step taking posts: the posts first
    assert "Аня</strong> —" in page and "ждём пост" in page
    finish_bids(db, game)  # a draft now: the review first
    page = client.get(desk(game)).text
    assert 'class="desk-section current" id="review"' in page and "Опубликовать шаг 1" in page
    assert "Финиш" in page and "изменено" in page  # the options, goal 20 marked as not the default
    nothing = client.get(f"{desk(game)}/default").text
    assert "Сейчас применять нечего: шаг 1 уже рассчитан и ждёт проверки." in nothing


def test_the_default_is_asked_for_and_needs_a_reason(client, db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 2")
    when = (datetime.now(UTC) + timedelta(hours=5)).replace(second=0, microsecond=0)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=race_game.gm.id)
    log_in(client, "ann")
    assert client.get(f"{desk(game)}/default").status_code == 403
    log_in(client, "gm")
    asked = client.get(f"{desk(game)}/default")
    assert asked.status_code == 200 and "Сторона без поста — <strong>Боря</strong> — получит" in asked.text
    assert "Срок шага ещё не наступил" in asked.text
    unconfirmed = form_post(client, f"{desk(game)}/default", {"reason": "Боря занят"}, from_page=desk(game))
    assert "Применить действие по умолчанию?" in unconfirmed.text and "Боря занят" in unconfirmed.text
    no_reason = form_post(client, f"{desk(game)}/default", {"reason": " ", "confirm": "yes"}, from_page=desk(game))
    assert no_reason.status_code == 422 and "Причина: напишите" in no_reason.text
    assert service.get_game(db, game.id).open_step == 1  # nothing applied so far
    done = form_post(client, f"{desk(game)}/default", {"reason": "Боря занят", "confirm": "yes"},
                     from_page=desk(game), follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == f"{desk(game)}#deadlines"
    assert service.get_game(db, game.id).open_step == 2
    bbcode = client.get(f"/games/{game.id}/steps/1/bbcode").text  # the forum reads the same truth
    assert "Мастер применил действие по умолчанию (ставка 1) для фракции «Боря» до срока" in bbcode
    assert "Боря занят" in bbcode and "к сроку" not in bbcode
    following = client.get(f"{desk(game)}/default")  # step 2 waits for Боря's roll: asked about it now
    assert "Шаг 2: Раунд 1: бросок." in following.text


def test_reopening_refusals_come_back_at_the_corrections_with_the_text(client, db, race_game):
    game = race_game()
    finish_bids(db, game, a=1, b=3)
    log_in(client, "gm")
    form = {"step": "1", "faction": "a", "text": "ставка много", "reason": "опечатка", "source": "player"}
    refused = form_post(client, f"{desk(game)}/reopen", form, from_page=desk(game))
    assert refused.status_code == 422 and "В посте есть ошибки" in refused.text
    assert 'class="desk-section current" id="fix"' in refused.text
    assert ">ставка много</textarea>" in refused.text and 'value="опечатка"' in refused.text  # as typed
    no_reason = form_post(client, f"{desk(game)}/reopen", form | {"text": "ставка 2", "reason": ""},
                          from_page=desk(game))
    assert no_reason.status_code == 422 and "Причина: напишите" in no_reason.text
    done = form_post(client, f"{desk(game)}/reopen", form | {"text": "ставка 2"}, from_page=desk(game),
                     follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == f"{desk(game)}#fix"
    shown = client.get(done.headers["location"]).text
    assert "Мастер пересчитал шаг 1 с исправленным постом фракции «Аня» (текст прислал игрок)" in shown
