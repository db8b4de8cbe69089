"""Long games (issue 13): the game page, a step's chronicle and its JSON ask the database the same
number of questions in a 10-step and a 150-step game; the game page links the latest 100 steps and
sends the rest to the archive; a game's feed holds its latest 50 steps; the scheduled work's lock
is one transaction's; a read replica serves visitors and only them."""

from __future__ import annotations

import uuid

import pytest
from api.webclient import bearer, log_in, make_settings
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from bench import games
from letopis import service
from letopis.db.session import make_engine
from letopis.service.gm import DEADLINE_LOCK_KEY, worker_lock
from letopis.web.app import create_app


@pytest.fixture
def long_games(db: Session) -> dict[int, int]:
    """Two copies of one real duel: 10 and 150 published steps (the last with 200 events), each with
    its open step after them. Its steps' number → the game's id."""
    source = games.new_game(db, "dice_roll_party", "Образец")
    games.play(db, source, 4)
    return {n: games.long_copy(db, source, n, events=200) for n in (10, 150)}


def _statements(engine, fn) -> int:
    seen = []

    def count(*_args) -> None:
        seen.append(1)

    event.listen(engine, "before_cursor_execute", count)
    try:
        fn()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def test_the_pages_of_a_long_game_ask_as_much_as_a_short_one(db, engine, long_games):
    asked = {}
    for steps, game_id in long_games.items():
        asked[steps] = [
            _statements(engine, lambda g=game_id, n=steps: service.step_chronicle(db, game_id=g, step_number=n)),
            _statements(engine, lambda g=game_id: service.game_page(db, g, None)),
            _statements(engine, lambda g=game_id: service.step_links(db, g, 100)),
            _statements(engine, lambda g=game_id: service.list_steps(db, g)),
        ]
    assert asked[10] == asked[150]
    long = service.step_chronicle(db, game_id=long_games[150], step_number=150)
    short = service.step_chronicle(db, game_id=long_games[10], step_number=10)
    assert (long.prev_step, long.next_step) == (149, 151)
    assert long.events == short.events and len(long.events) > 100  # of the 200, those the public sees
    assert service.step_chronicle(db, game_id=long_games[150], step_number=1).prev_step is None


def test_step_headers_in_one_batch_are_the_steps_own(db, long_games):
    """Every header from the batch says what the step's own posts and resolution say."""
    from letopis.db.models import Game, Step
    from letopis.service._common import counted_posts, current_resolution, step_posts

    game_id = long_games[10]
    game = db.get(Game, game_id)
    for header in service.list_steps(db, game_id):
        step = db.query(Step).filter_by(game_id=game_id, number=header.number).one()
        posted = counted_posts(step_posts(db, step))
        assert header.posted == [f for f in header.turn.factions if f in posted]
        res = current_resolution(db, step)
        expected = [e["text"] for e in res.events if e.get("public", True)] if res and header.status == "published" else []
        assert header.headlines == expected
    assert game.id == game_id


def test_the_game_page_links_the_latest_steps_and_the_archive_the_rest(client, long_games):
    page = client.get(f"/games/{long_games[150]}")
    assert page.status_code == 200
    assert "Последние 100 шагов" in page.text and "Шаги с 1-го по 51-й — в архиве игры" in page.text
    assert f'href="/games/{long_games[150]}/steps/52"' in page.text
    assert f'href="/games/{long_games[150]}/steps/51"' not in page.text
    short = client.get(f"/games/{long_games[10]}")
    assert "Все шаги" in short.text and "в архиве игры" not in short.text
    assert all(f'href="/games/{long_games[10]}/steps/{n}"' in short.text for n in range(1, 12))
    feed = client.get(f"/games/{long_games[150]}/feed.atom")
    assert feed.text.count("<entry>") == 50 and "/steps/150</id>" in feed.text and "/steps/100</id>" not in feed.text


def test_the_worker_lock_lives_in_one_transaction(engine):
    def others_try() -> bool:
        with engine.connect() as other, other.begin():
            return bool(other.execute(text("SELECT pg_try_advisory_xact_lock(:k)"), {"k": DEADLINE_LOCK_KEY}).scalar())

    with worker_lock(engine) as got:
        assert got and not others_try()
        with worker_lock(engine) as second:  # another process's round meanwhile: it does nothing
            assert not second
    assert others_try()
    with engine.connect() as conn:  # nothing is left held by any session
        assert conn.execute(text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")).scalar() == 0


@pytest.fixture
def replica(pg, db, make_user):
    """A second database standing for a replica that lags: the same game under another title."""
    name = f"letopis_replica_{uuid.uuid4().hex[:8]}"
    url = pg.create(name, template=pg.template)
    try:
        yield url
    finally:
        make_engine(url).dispose()
        pg.drop(name)


def test_a_replica_serves_visitors_and_only_them(db, session_factory, race_game, replica):
    game = race_game()
    with session_factory(bind=make_engine(replica)) as lagging:  # the replica's copy, not yet renamed
        gm = service.register_user(lagging, login="gm", password="secret-pass", display_name="Мастер")
        service.register_user(lagging, login="ann", password="secret-pass", display_name="Аня")
        service.create_game(lagging, ruleset_id="dice_roll_party", title="Копия на реплике", gm_user_id=gm.id,
                            factions=[{"id": "a", "name": "Аня"}, {"id": "b", "name": "Боря"}])
    settings = make_settings()
    settings.database_replica_url = replica
    app = create_app(settings, session_factory=session_factory)
    with TestClient(app) as visitor:
        assert "Копия на реплике" in visitor.get(f"/games/{game.id}").text
        assert visitor.get(f"/api/games/{game.id}").json()["game"]["title"] == "Копия на реплике"
        assert "Копия на реплике" in visitor.get("/archive").text
    with TestClient(app) as player:
        log_in(player, "ann")
        assert "Тестовая гонка" in player.get(f"/games/{game.id}").text
    with TestClient(app) as bot:
        auth = bearer(bot, "ann")
        assert bot.get(f"/api/games/{game.id}", headers=auth).json()["game"]["title"] == "Тестовая гонка"
    # without a replica every page reads the primary
    plain = create_app(make_settings(), session_factory=session_factory)
    with TestClient(plain) as visitor:
        assert "Тестовая гонка" in visitor.get(f"/games/{game.id}").text
