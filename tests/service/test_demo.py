"""The demo: users and games created once, played through `submit_post`, verifiable."""

from letopis import service
from letopis.engine.registry import all_rulesets
from letopis.service.demo import KOZYABLO_DEMO, DemoGame, fought


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
    if "kozyablo" in all_rulesets():
        assert games["Козябло: демо"].ruleset_id == "kozyablo"
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


def test_kozyablo_demo_is_played_and_left_on_a_players_turn(db):
    """«Козябло: демо» for anna and boris: the deck step, the mulligans, turns up to at least one
    fight (an attack, with the defenders' answers when they have a choice), then left open on a player's ordinary turn; each
    player sees his own hand only, a spectator sees none."""
    if "kozyablo" not in all_rulesets():
        return
    service.ensure_demo(db, games=(KOZYABLO_DEMO,))
    (game,) = service.list_games(db)
    assert (game.title, game.ruleset_id, game.mode, game.status) == ("Козябло: демо", "kozyablo", "auto", "active")
    assert game.options["races"] == ["trutni", "zhloby"]
    assert [s.player_name for s in service.list_seats(db, game.id)] == ["Анна", "Борис"]
    steps = service.list_steps(db, game.id)
    phases = [s.turn.phase for s in steps if s.status == "published"]
    assert phases[0] == "decks" and phases.count("mulligan") >= 2 and phases.count("play") >= 8
    # a fight: the defenders answered in a step of their own, or (one choice each) it was
    # settled in the attacker's step
    fights = [s for s in steps if s.status == "published" and (
        (s.turn.phase == "reaction" and "атакует" in s.turn.title)
        or fought(service.step_chronicle(db, game_id=game.id, step_number=s.number).events))]
    assert fights
    assert steps[-1].status == "open" and steps[-1].turn.phase == "play"
    assert steps[-1].turn.post_kind == "orders" and steps[-1].turn.factions in (["anna"], ["boris"])
    assert service.verify_game(db, game.id).ok
    for login, other in (("anna", "boris"), ("boris", "anna")):
        user = service.get_user_by_login(db, login)
        seen = service.game_page(db, game.id, user.id).view["players"]
        assert isinstance(seen[login]["hand"], list) and seen[other]["hand"] is None
    public = service.game_page(db, game.id).view["players"]
    assert public["anna"]["hand"] is None and public["boris"]["hand"] is None
    # every post came through submit_post, with its receipt
    chron = service.step_chronicle(db, game_id=game.id, step_number=fights[0].number)
    assert chron.posts and all(len(p.sha256) == 64 for p in chron.posts)
