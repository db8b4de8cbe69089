"""The demo: users and games created once, played through `submit_post`, verifiable."""

from letopis import service


def test_demo_with_dice_roll_party(db):
    lines = service.ensure_demo(db)
    assert lines == ["Мастер игры: логин master, пароль demo", "Игрок «Анна»: логин anna, пароль demo",
                     "Игрок «Борис»: логин boris, пароль demo"]
    for login in ("master", "anna", "boris"):
        assert service.authenticate(db, login=login, password=service.DEMO_PASSWORD) is not None
    games = {g.title: g for g in service.list_games(db)}
    auto, review = games["Демонстрационная партия"], games["Партия с проверкой мастера"]
    assert auto.ruleset_id == "dice_roll_party" and auto.steps_published >= 3
    assert review.mode == "review" and review.draft_step == 1
    master = service.get_user_by_login(db, "master")
    assert auto.gm_user_id == master.id
    assert {s.player_name for s in service.list_seats(db, auto.id)} == {"Анна", "Борис"}
    for game in games.values():
        assert service.verify_game(db, game.id).ok
    # the posts came through submit_post: each published step has its posts with receipts
    chron = service.step_chronicle(db, game_id=auto.id, step_number=2)
    assert chron.posts and all(len(p.sha256) == 64 for p in chron.posts)


def test_demo_is_created_once(db):
    service.ensure_demo(db, ruleset_id="race", steps=3)
    count = len(service.list_games(db))
    assert count == 2
    assert service.ensure_demo(db, ruleset_id="race")  # still names the logins
    assert len(service.list_games(db)) == count


def test_no_demo_when_games_already_exist(db, race_game):
    race_game()
    assert service.ensure_demo(db) == []
    assert service.get_user_by_login(db, "master") is None
