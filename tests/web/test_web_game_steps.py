"""/games/N/steps: every step of a game with its title, state and dates, a page at a time (people
edit URLs, and the game page links to it)."""

from __future__ import annotations

import re

from support.dbtools import finish_bids, post

from letopis import service
from letopis.web import pages


def _rows(html: str) -> list[str]:
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.findall(r"<tr>(.*?)</tr>", body, re.DOTALL)


def test_the_steps_of_a_game_with_titles_states_and_dates(client, db, race_game):
    game = race_game(mode="review")
    finish_bids(db, game)
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id)
    post(db, game, "b", "бросаю")  # step 2 resolved, waiting for the GM; step 3 not open yet
    response = client.get(f"/games/{game.id}/steps")
    assert response.status_code == 200
    html = response.text
    assert "Тестовая гонка: шаги" in html and "2 шага" in html
    rows = _rows(html)
    assert len(rows) == 2
    steps = service.list_steps(db, game.id)
    first, second = rows
    assert f'href="/games/{game.id}/steps/1"' in first and steps[0].turn.title in first
    assert "опубликован" in first and f"{steps[0].published_at.day} " in first
    assert "у мастера" in second and steps[1].turn.title in second
    assert f'href="/games/{game.id}/steps/2"' in second
    assert f'<a href="/games/{game.id}/steps">Все шаги</a>' in client.get(f"/games/{game.id}").text


def test_an_open_step_shows_its_deadline(client, db, race_game):
    game = race_game()
    html = client.get(f"/games/{game.id}/steps").text
    (row,) = _rows(html)
    assert "идёт" in row and "—" in row  # no deadline set
    assert "1 шаг" in html


def test_steps_come_a_page_at_a_time(client, db, race_game, monkeypatch):
    monkeypatch.setattr(pages, "STEPS_PER_PAGE", 1)
    game = race_game()
    finish_bids(db, game)
    first = client.get(f"/games/{game.id}/steps")
    assert len(_rows(first.text)) == 1 and "страница 1 из 2" in first.text and 'href="?page=2"' in first.text
    second = client.get(f"/games/{game.id}/steps?page=2")
    assert f'href="/games/{game.id}/steps/2"' in _rows(second.text)[0]
    beyond = client.get(f"/games/{game.id}/steps?page=7")
    assert beyond.status_code == 200 and "На этой странице шагов нет" in beyond.text


def test_bad_addresses_are_refused_without_a_500(client, race_game):
    game = race_game()
    assert client.get("/games/999/steps").status_code == 404
    assert client.get(f"/games/{game.id}/steps?page=0").status_code == 422
    assert client.get(f"/games/{game.id}/steps?page=x").status_code == 422
    assert client.get("/games/x/steps").status_code in (404, 422)
    trailing = client.get(f"/games/{game.id}/steps/", follow_redirects=True)
    assert trailing.status_code == 200 and "шаги" in trailing.text
