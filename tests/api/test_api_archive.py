"""The archive as JSON: games and steps paged, a past state, the metric series; the export link."""

from api.webclient import bearer
from support.dbtools import finish_bids, post

from letopis import service
from letopis.service.demo import DemoGame


def test_archive_games_and_steps_are_paged(bot, db, race_game):
    games = [race_game() for _ in range(3)]
    body = bot.get("/api/archive/games", params={"per_page": 2}).json()
    assert (body["total"], body["pages"], [g["id"] for g in body["games"]]) == (3, 2, [games[2].id, games[1].id])
    assert bot.get("/api/archive/games", params={"page": 0}).status_code == 422
    finish_bids(db, games[0])
    steps = bot.get(f"/api/archive/games/{games[0].id}/steps").json()
    assert [(s["number"], s["status"]) for s in steps["steps"]] == [(1, "published"), (2, "open")]
    assert bot.get("/api/archive/games/999/steps").status_code == 404


def test_past_state_as_json(bot, db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    after = bot.get(f"/api/archive/games/{game.id}/steps/2/state").json()
    before = bot.get(f"/api/archive/games/{game.id}/steps/2/state", params={"when": "before"}).json()
    assert after["when"] == "after" and before["when"] == "before" and after["svg"].startswith("<svg")
    assert after["summary"] != before["summary"]
    assert bot.get(f"/api/archive/games/{game.id}/steps/3/state").status_code == 404
    assert bot.get(f"/api/archive/games/{game.id}/steps/2/state", params={"when": "later"}).status_code == 422


def test_metric_series_as_json(bot, db):
    demo = DemoGame("dungeon_keeper", "Подземелье в JSON", "auto", ("anna", "boris"), 2)
    service.ensure_demo(db, games=(demo,))
    game = service.list_games(db)[0]
    series = bot.get(f"/api/archive/games/{game.id}/metrics").json()
    assert [p["step"] for p in series] == [0, 1, 2]
    assert set(series[0]["values"]) == {"anna", "boris"} and "Мана" in series[0]["values"]["anna"]


def test_export_linked_from_the_archive_is_gm_only_while_running(bot, client, db, race_game):
    game = race_game()
    # the archive links to the export only for those who may download it: not for a spectator
    assert f'href="/api/games/{game.id}/export"' not in client.get(f"/archive/games/{game.id}").text
    assert bot.get(f"/api/games/{game.id}/export").status_code in (401, 403)
    gm = bearer(bot, "gm")
    assert f'href="/api/games/{game.id}/export"' in bot.get(f"/archive/games/{game.id}", headers=gm).text
    assert bot.get(f"/api/games/{game.id}/export", headers=gm).status_code == 200
