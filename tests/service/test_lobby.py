"""The games lists (service/lobby.py): «Мои игры» — the games that wait for the user's post or review
now, soonest deadline first, and his other games — and the public list with whose turn it is; built
in a fixed number of queries whatever the number of games or steps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import event

from letopis import service
from letopis.engine.contract import Faction

ANSWERS = {"bid": "ставка 1", "move": "бросаю", "answer": "пас"}


def post(db, game_id: int, faction: str, user_id: int, text: str | None = None) -> None:
    page = service.game_page(db, game_id, user_id)
    assert page.step is not None and page.turn is not None
    service.submit_post(db, game_id=game_id, step_number=page.step.number, faction=faction,
                        text=text or ANSWERS[page.turn.phase], user_id=user_id)


def play_steps(db, game_id: int, players: dict[str, int], steps: int) -> None:
    """Post for every expected faction, ``steps`` times (the race's steps resolve at once)."""
    for _ in range(steps):
        page = service.game_page(db, game_id)
        assert page.step is not None and page.turn is not None
        for faction in page.turn.factions:
            post(db, game_id, faction, players[faction])


def ids(rows) -> list[int]:
    return [r.id for r in rows]


def test_a_game_waits_for_each_player_until_he_posts(db, race_game):
    game = race_game()
    ann, bob = race_game.ann.id, race_game.bob.id
    for user in (ann, bob):
        mine = service.waiting_for(db, user_id=user)
        assert ids(mine.your_turn) == [game.id] and mine.review == []
    row = service.waiting_for(db, user_id=ann).your_turn[0]
    assert row.must_post == ["a"] and row.my_factions == ["a"] and row.my_faction_names == ["Аня"]
    assert row.role == "player" and row.step_number == 1 and row.turn_title == "Раунд 1: ставки"
    assert [(a.faction, a.faction_name, a.player_name) for a in row.awaited] == [("a", "Аня", "Аня"),
                                                                                ("b", "Боря", "Боря")]

    post(db, game.id, "a", ann)
    assert service.waiting_for(db, user_id=ann).your_turn == []
    assert ids(service.waiting_for(db, user_id=bob).your_turn) == [game.id]
    others = service.my_games(db, user_id=ann).others.games
    assert ids(others) == [game.id] and others[0].must_post == []
    assert [a.faction for a in others[0].awaited] == ["b"]  # waiting for the others

    # the GM sees the game among his own, not as one waiting for him
    gm = service.my_games(db, user_id=race_game.gm.id)
    assert gm.your_turn == [] and gm.review == [] and ids(gm.others.games) == [game.id]
    assert gm.others.games[0].role == "gm"


def test_an_annulled_post_makes_the_game_wait_again(db, race_game):
    game = race_game()
    ann = race_game.ann.id
    post(db, game.id, "a", ann)
    assert service.waiting_for(db, user_id=ann).your_turn == []
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id)
    service.annul_post(db, post_id=chronicle.posts[0].id, gm_user_id=race_game.gm.id, reason="не та ставка")
    assert ids(service.waiting_for(db, user_id=ann).your_turn) == [game.id]


def test_soonest_deadline_first_and_no_deadline_last(db, race_game):
    later, none, sooner = race_game(), race_game(), race_game()
    now = datetime.now(UTC)
    gm = race_game.gm.id
    service.set_deadline(db, game_id=later.id, deadline=now + timedelta(days=2), gm_user_id=gm)
    service.set_deadline(db, game_id=sooner.id, deadline=now + timedelta(hours=3), gm_user_id=gm)
    rows = service.waiting_for(db, user_id=race_game.ann.id).your_turn
    assert ids(rows) == [sooner.id, later.id, none.id]
    assert rows[0].deadline is not None and abs(rows[0].deadline - (now + timedelta(hours=3))) < timedelta(seconds=1)
    assert rows[2].deadline is None


def test_a_draft_waits_for_the_gm_not_the_players(db, race_game):
    game = race_game(mode="review")
    play_steps(db, game.id, race_game.players, 1)
    assert service.game_page(db, game.id).game.draft_step == 1
    gm = service.waiting_for(db, user_id=race_game.gm.id)
    assert gm.your_turn == [] and ids(gm.review) == [game.id]
    assert gm.review[0].must_review and gm.review[0].step_status == "draft" and gm.review[0].awaited == []
    for user in (race_game.ann.id, race_game.bob.id):
        mine = service.my_games(db, user_id=user)
        assert mine.your_turn == [] and mine.review == [] and ids(mine.others.games) == [game.id]


def test_other_games_paginate_with_finished_ones_last(db, race_game):
    ann, bob = race_game.ann.id, race_game.bob.id
    finished = race_game(goal=3)
    players = race_game.players
    while service.get_game(db, finished.id).status == "active":
        play_steps(db, finished.id, players, 1)
    waiting = [race_game() for _ in range(3)]
    for g in waiting:
        post(db, g.id, "a", ann)  # each now waits for Боря only
    mine = service.my_games(db, user_id=ann, per_page=2)
    assert mine.your_turn == []
    assert mine.others.total == 4 and mine.others.pages == 2 and mine.others.page == 1
    second = service.my_games(db, user_id=ann, page=2, per_page=2).others
    listed = ids(mine.others.games) + ids(second.games)
    assert sorted(listed) == sorted([finished.id] + [g.id for g in waiting])
    assert listed[-1] == finished.id  # finished games come last
    over = second.games[-1]
    assert over.status == "over" and over.step_number is None and over.awaited == [] and over.result_text
    assert service.my_games(db, user_id=ann, page=99, per_page=2).others.page == 2  # clamped to the last
    assert ids(service.waiting_for(db, user_id=bob).your_turn) == sorted((g.id for g in waiting), reverse=True)


def test_an_admin_is_not_shown_every_game(db, race_game, make_user):
    race_game()
    admin = make_user("root", "Админ")
    service.set_admin(db, user_id=admin.id)
    mine = service.my_games(db, user_id=admin.id)
    assert mine.your_turn == [] and mine.review == [] and mine.others.total == 0


def test_the_public_list_says_whose_turn_it_is(db, race_game, make_user):
    first = race_game()
    service.set_deadline(db, game_id=first.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    post(db, first.id, "a", race_game.ann.id)
    free = service.create_game(db, ruleset_id="race", title="Свободная", gm_user_id=race_game.gm.id,
                               factions=[Faction(id="r", name="Красные"), Faction(id="s", name="Синие")])
    listing = service.list_games_page(db, per_page=10)
    assert ids(listing.games) == [free.id, first.id] and listing.total == 2 and listing.pages == 1
    newest, older = listing.games
    assert [(a.faction_name, a.player_name) for a in newest.awaited] == [("Красные", None), ("Синие", None)]
    assert [(a.faction_name, a.player_name) for a in older.awaited] == [("Боря", "Боря")]
    assert older.deadline == datetime(2031, 3, 4, 5, 6, tzinfo=UTC) and older.gm_name == "Мастер"
    assert older.ruleset_title == "Гонка (тестовая)" and older.step_status == "open"


def test_a_paused_game_says_so(db, race_game):
    game = race_game()
    service.pause_game(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="отпуск")
    row = service.list_games_page(db).games[0]
    assert row.paused and row.id == game.id


@pytest.fixture
def statements(engine):
    """Counts the SQL statements sent while the test runs."""
    count = {"n": 0}

    def note(*args, **kwargs):
        count["n"] += 1

    event.listen(engine, "before_cursor_execute", note)
    yield count
    event.remove(engine, "before_cursor_execute", note)


def test_the_lists_take_a_fixed_number_of_queries(db, race_game, statements):
    """No query per game and none over every step: 3 games or 25, 1 step or 30, the same count."""
    few = [race_game(goal=100), race_game(), race_game()]

    def measure(fn) -> int:
        db.expire_all()
        before = statements["n"]
        fn()
        return statements["n"] - before

    small_list = measure(lambda: service.list_games_page(db, per_page=20))
    small_mine = measure(lambda: service.my_games(db, user_id=race_game.ann.id, per_page=20))
    for _ in range(22):
        race_game()
    play_steps(db, few[0].id, race_game.players, 30)
    assert len(service.list_steps(db, few[0].id)) >= 31
    big_list = measure(lambda: service.list_games_page(db, per_page=20))
    big_mine = measure(lambda: service.my_games(db, user_id=race_game.ann.id, per_page=20))
    assert big_list == small_list <= 6
    assert big_mine == small_mine <= 14
