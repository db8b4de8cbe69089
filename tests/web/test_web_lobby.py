"""The games lists as pages and JSON: the home page's «Ваш ход», ``/games`` with whose turn it is and
the deadline, «Мои игры», and ``GET /api/me/games``."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from api.webclient import bearer, log_in

from letopis import service
from letopis.engine.contract import Faction


def bid(db, game, race_game, faction: str, amount: int = 1) -> None:
    service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=f"ставка {amount}",
                        user_id=race_game.players[faction])


def text_of(html: str) -> str:
    """The page's text as a reader sees it: tags dropped, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(" .", ".").replace(" ,", ",")


def test_games_page_lists_whose_turn_and_the_deadline(client, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    bid(db, game, race_game, "a")
    page = client.get("/games")
    assert page.status_code == 200
    text = text_of(page.text)
    assert "Тестовая гонка" in text and "мастер Мастер" in text
    assert "Шаг 1 «Раунд 1: ставки»: ждём Борю." in text
    assert "Срок: 4 марта 2031, 08:06" in text  # Moscow for a visitor
    assert "1 игра, новые сверху" in text


def test_games_page_declines_factions_and_names_their_players(client, db, race_game, make_user):
    gm = race_game.gm
    vera = make_user("vera", "Вера")
    game = service.create_game(db, ruleset_id="race", title="Армии", gm_user_id=gm.id,
                               factions=[Faction(id="r", name="Красные"), Faction(id="s", name="Синяя Орда")])
    token = service.invite_link_token(db, game_id=game.id, faction="s", by_user_id=gm.id)
    service.join_by_invite(db, token=token, user_id=vera.id)
    text = text_of(client.get("/games").text)
    assert "ждём Красных и Синюю Орду (играет Вера)." in text


def test_games_page_paginates(client, db, race_game):
    for _ in range(23):
        race_game()
    first = client.get("/games")
    assert "23 игры" in text_of(first.text) and "страница 1 из 2" in first.text
    assert first.text.count('class="game-row') == 20 and 'href="/games?page=2"' in first.text
    second = client.get("/games?page=2")
    assert second.text.count('class="game-row') == 3 and 'href="/games?page=1"' in second.text
    assert client.get("/games?page=99").status_code == 200  # past the end: the last page
    bad = client.get("/games?page=abc")
    assert bad.status_code == 422 and "номер страницы" in bad.text


def test_home_shows_what_waits_for_me(client, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    anon = client.get("/")
    assert "Ваш ход" not in anon.text and "Тестовая гонка" in anon.text
    rulesets = text_of(anon.text).partition("Наборы правил")[2]
    assert "Козябло kozyablo 2–4 стороны" in rulesets and "2–8 сторон" in rulesets  # agrees with the last number
    assert "2–4 сторон " not in rulesets
    log_in(client, "ann")
    home = client.get("/")
    text = text_of(home.text)
    assert "Ваш ход" in text and "ждём ваш пост." in text
    assert f'href="/games/{game.id}/post?faction=a"' in home.text
    assert "Срок: 4 марта 2031, 08:06" in text
    bid(db, game, race_game, "a")
    after = text_of(client.get("/").text)
    assert "Сейчас ни одна игра не ждёт вашего поста." in after
    assert "ждём Борю." in after


def test_my_games_page(client, db, race_game):
    waiting, other = race_game(), race_game()
    bid(db, other, race_game, "a")
    log_in(client, "ann")
    page = client.get("/me/games")
    assert page.status_code == 200
    text = text_of(page.text)
    your_turn, _, others = text.partition("Остальные игры")
    assert "ждём ваш пост" in your_turn and f'/games/{waiting.id}/post?faction=a' in page.text
    assert "ждём Борю." in others and "вы играете" in others
    assert "вы играете за" not in others  # the seat is named as the player: not «за Аню»
    assert 'href="/me/games"' in page.text  # the header links it

    log_in(client, "gm")
    gm = text_of(client.get("/me/games").text)
    assert "Сейчас ни одна игра не ждёт вашего поста." in gm and "вы мастер" in gm


def test_my_games_needs_a_user(client):
    assert client.get("/me/games", follow_redirects=False).status_code in (303, 401)


def test_api_my_games_in_utc(bot, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    headers = bearer(bot, "ann")
    body = bot.get("/api/me/games", headers=headers).json()
    assert [g["id"] for g in body["your_turn"]] == [game.id]
    row = body["your_turn"][0]
    assert row["must_post"] == ["a"] and row["role"] == "player"
    assert datetime.fromisoformat(row["deadline"]) == datetime(2031, 3, 4, 5, 6, tzinfo=UTC)
    assert row["deadline"].endswith(("Z", "+00:00"))
    assert body["others"] == {"games": [], "page": 1, "pages": 1, "total": 0, "per_page": 20}
    assert bot.get("/api/me/games").status_code == 401
    assert bot.get("/api/me/games?per_page=1000", headers=headers).status_code == 422


def test_every_list_shows_the_readers_zone(client, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    service.set_time_zone(db, user_id=race_game.ann.id, time_zone="Asia/Omsk")
    log_in(client, "ann")
    for path in ("/", "/games", "/me/games", f"/games/{game.id}"):
        text = text_of(client.get(path).text)
        assert "4 марта 2031, 11:06" in text, path  # 05:06 UTC in Omsk (UTC+6)
        assert "08:06" not in text, path
        assert "Время на страницах: Омск (UTC+6)" in text, path
