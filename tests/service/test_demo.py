"""The demo: users and games created once, played through `submit_post`, verifiable."""

from letopis import service
from letopis.engine.registry import all_rulesets
from letopis.service.demo import DemoGame


def test_demo_games_for_every_installed_ruleset(db):
    lines = service.ensure_demo(db)
    assert lines[:3] == ["Мастер игры: логин master, пароль demo", "Игрок «Анна»: логин anna, пароль demo",
                         "Игрок «Борис»: логин boris, пароль demo"]
    for login in ("master", "anna", "boris", "vera", "gleb"):
        assert service.authenticate(db, login=login, password=service.DEMO_PASSWORD) is not None
    games = {g.title: g for g in service.list_games(db)}
    auto, review = games["Демонстрационная партия"], games["Партия с проверкой мастера"]
    assert auto.ruleset_id == "dice_roll_party" and auto.steps_published >= 3
    assert review.mode == "review" and review.draft_step == 1
    master = service.get_user_by_login(db, "master")
    assert auto.gm_user_id == master.id
    assert {s.player_name for s in service.list_seats(db, auto.id)} == {"Анна", "Борис"}
    if "dungeon_keeper" in all_rulesets():
        dungeon = games["Подземелье на четверых"]
        assert dungeon.ruleset_id == "dungeon_keeper" and dungeon.steps_published >= 8
        assert len(service.list_seats(db, dungeon.id)) == 4
    for game in games.values():
        assert service.verify_game(db, game.id).ok
    # the posts came through submit_post: each published step has its posts with receipts
    chron = service.step_chronicle(db, game_id=auto.id, step_number=2)
    assert chron.posts and all(len(p.sha256) == 64 for p in chron.posts)


RACE_DEMO = (DemoGame("race", "Гонка", "auto", ("anna", "boris"), 3),
             DemoGame("race", "Гонка с мастером", "review", ("anna", "boris"), 1))


def test_demo_is_created_once_and_missing_games_are_added(db):
    service.ensure_demo(db, games=RACE_DEMO[:1])
    assert len(service.list_games(db)) == 1
    assert service.ensure_demo(db, games=RACE_DEMO[:1])  # still names the logins
    assert len(service.list_games(db)) == 1
    service.ensure_demo(db, games=RACE_DEMO)  # a newly installed demo game joins the old ones
    assert {g.title for g in service.list_games(db)} == {"Гонка", "Гонка с мастером"}


def test_demo_skips_rulesets_that_are_not_installed(db):
    service.ensure_demo(db, games=(DemoGame("no_such_ruleset", "Нет", "auto", ("anna",), 1), RACE_DEMO[0]))
    assert [g.title for g in service.list_games(db)] == ["Гонка"]


def test_no_demo_when_games_already_exist(db, race_game):
    race_game()
    assert service.ensure_demo(db) == []
    assert service.get_user_by_login(db, "master") is None
