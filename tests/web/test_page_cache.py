"""The rendered pages' cache (web/pagecache.py) through HTTP: a kept page is the page, it changes as
soon as the game does (every path that changes a game), one viewer's page never reaches another,
a kept page costs one statement, and ETags give 304s."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from api.webclient import bearer, log_in
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from support.dbtools import finish_bids, post

from letopis import service
from letopis.web import pagecache, pageparts
from letopis.web.readpool import ReadPool
from letopis.web.templating import templates

CSRF_FIELD = re.compile(r'(name="csrftoken" value=")[^"]+(")|("X-CSRFToken": ")[^"]+(")')


def same_page(a: str, b: str) -> bool:
    """Equal but for the CSRF token (each client has its own)."""
    return CSRF_FIELD.sub(r"\1\2\3\4", a) == CSRF_FIELD.sub(r"\1\2\3\4", b)


@pytest.fixture(autouse=True)
def _empty_cache():
    pagecache.clear()  # ids restart with every test's emptied tables
    yield


@pytest.fixture
def counted(engine, monkeypatch):
    """Statements run by SQLAlchemy and by the read pool (a kept page: one, on the read pool)."""
    box = {"orm": 0, "pool": 0}

    def orm(*_):
        box["orm"] += 1

    event.listen(engine, "before_cursor_execute", orm)
    original = ReadPool.fetchone

    async def pool(self, sql, params):
        box["pool"] += 1
        return await original(self, sql, params)

    monkeypatch.setattr(ReadPool, "fetchone", pool)
    yield box
    event.remove(engine, "before_cursor_execute", orm)


def test_a_kept_page_costs_one_statement_and_answers_304_to_its_etag(client, db, race_game, counted):
    game = race_game()
    finish_bids(db, game)
    for path in (f"/games/{game.id}", f"/games/{game.id}/steps/1", f"/api/games/{game.id}/steps/1"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["etag"].startswith('W/"')
        counted.update(orm=0, pool=0)
        again = client.get(path)
        assert again.status_code == 200 and again.text == first.text, path
        assert counted == {"orm": 0, "pool": 1}, path
        assert again.headers["etag"] == first.headers["etag"]
        assert "no-cache" in again.headers["cache-control"]
        unchanged = client.get(path, headers={"If-None-Match": first.headers["etag"]})
        assert unchanged.status_code == 304 and unchanged.content == b"", path
        assert client.get(path, headers={"If-None-Match": 'W/"other"'}).status_code == 200


@pytest.fixture
def frozen(monkeypatch):
    """A clock that stands still unless moved (``frozen.shift``), for pages and for the cache."""
    from letopis.web import times

    start = datetime.now(UTC).replace(microsecond=0)

    class Clock(datetime):
        shift = timedelta(0)

        @classmethod
        def now(cls, tz=None):
            return (start + cls.shift).astimezone(tz)

    monkeypatch.setattr(times, "datetime", Clock)
    monkeypatch.setattr(pagecache.time, "time", lambda: (start + Clock.shift).timestamp())
    return Clock


def test_the_parts_and_the_frame_are_the_page_byte_for_byte(db, race_game, frozen):
    """What `templating.render` would give (the page in one piece) is what the cache serves."""
    from letopis.web.times import page_zone

    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    page = service.game_page(db, game.id, race_game.ann.id)
    names = {"a": "Аня", "b": "Боря", "мастер": "Мастер игры"}
    steps, earlier = service.step_links(db, game.id, 100)
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=2, viewer_user_id=race_game.gm.id)
    contexts = {
        "game.html": {"page": page, "game": page.game, "names": names, "steps": steps, "earlier_steps": earlier,
                      "base_url": "http://example.test"},
        "step.html": {"c": chronicle, "game": service.get_game(db, game.id), "names": names, "bbcode": "[b]x[/b]",
                      "by_post": {p.id: {} for p in chronicle.posts}},
    }
    user = service.get_user(db, race_game.ann.id)
    for name, ctx in contexts.items():
        for who, flashes, zone in ((user, [{"kind": "ok", "text": "Готово."}], "Asia/Vladivostok"),
                                   (None, [], "Europe/Moscow")):
            token = page_zone.set(zone)
            try:
                whole = templates.env.get_template(name).render(
                    {**ctx, "user": who, "csrftoken": "токен-123", "flashes": flashes, "path": "/x", "request": None})
            finally:
                page_zone.reset(token)
            assert "Владивосток" in whole or zone == "Europe/Moscow"
            parts = pageparts.render_parts(name, ctx, signed_in=who is not None, zone=zone)
            assert pageparts.frame(parts, user=who, csrftoken="токен-123", flashes=flashes, zone=zone,
                                   path="/x") == whole
            if who is None:
                assert pageparts.VisitorPage.of(parts, zone).body("токен-123").decode() == whole
    assert pageparts.CSRF_MARK not in pageparts.frame(
        pageparts.render_parts("game.html", contexts["game.html"], signed_in=True, zone="Europe/Moscow"), user=user,
        csrftoken="t", flashes=[], zone="Europe/Moscow")


# --- every path that changes a game changes its kept pages ----------------------------------------
def _published(db, race_game, mode="auto"):
    """Step 1 (bids) resolved; step 2 (Боря rolls) open."""
    game = race_game(mode=mode)
    finish_bids(db, game, a=1, b=3)
    return game


def _deadline(db, game, race_game):
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 5, 17, 9, 30, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    return "2031"


def _submit(db, game, race_game):
    post(db, game, "b", "// кубик в руке\nбросаю")
    return "кубик в руке"


def _withdraw(db, game, race_game):
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=60)
    sent = post(db, game, "b", "бросаю")
    service.withdraw_post(db, post_id=sent.post_id, user_id=race_game.bob.id)
    return "отозван"


def _default(db, game, race_game):
    service.apply_default(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="Боря молчит неделю")
    return "Боря молчит неделю"


def _pause(db, game, race_game):
    service.pause_game(db, game_id=game.id, gm_user_id=race_game.gm.id, reason="Праздники у всех")
    return "Праздники у всех"


def _extend(db, game, race_game):
    _deadline(db, game, race_game)
    pagecache.clear()
    service.extend_deadline(db, game_id=game.id, gm_user_id=race_game.gm.id, minutes=24 * 60, reason="В дороге")
    return "18 мая 2031"


def _delay(db, game, race_game):
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=45)
    return "45 мин"


def _resolve_now(db, game, race_game):
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=60)
    post(db, game, "b", "бросаю")
    service.resolve_now(db, game_id=game.id, gm_user_id=race_game.gm.id)
    return "досрочно"


def _rollback(db, game, race_game):
    service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="пересчёт по жалобе")
    return "пересчёт по жалобе"


def _reopen(db, game, race_game):
    service.reopen_for_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2",
                            gm_user_id=race_game.gm.id, reason="форум съел цифру", source="player")
    return "форум съел цифру"


def _override(db, game, race_game):
    post(db, game, "b", "бросаю")  # step 2 published with its roll; step 3 open, no posts
    pagecache.clear()
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=6, gm_user_id=race_game.gm.id,
                          reason="кубик упал со стола")
    return "кубик упал со стола"


def _take_over(db, game, race_game):
    service.take_over(db, game_id=game.id, faction="b", text="// за Борю\nбросаю", gm_user_id=race_game.gm.id,
                      reason="Боря просил")
    return "за Борю"


def _reassign(db, game, race_game):
    vera = service.register_user(db, login="vera", password="secret-pass", display_name="Вера Павловна")
    service.reassign_seat(db, game_id=game.id, faction="b", gm_user_id=race_game.gm.id, reason="Боря ушёл",
                          to_user_id=vera.id)
    return "Вера Павловна"


def _join(db, game, race_game):
    change = service.reassign_seat(db, game_id=game.id, faction="b", gm_user_id=race_game.gm.id,
                                   reason="Боря ушёл")
    pagecache.clear()
    dan = service.register_user(db, login="dan", password="secret-pass", display_name="Даниил Грозный")
    service.join_by_invite(db, token=change.invite_token, user_id=dan.id)
    return "Даниил Грозный"


def _rename_user(db, game, race_game):
    db.execute(text("UPDATE users SET display_name = 'Борис Годунов' WHERE id = :u"), {"u": race_game.bob.id})
    db.commit()
    return "Борис Годунов"


def _rename_game(db, game, race_game):
    db.execute(text("UPDATE games SET title = 'Гонка колесниц' WHERE id = :g"), {"g": game.id})
    db.commit()
    return "Гонка колесниц"


def _rename_faction(db, game, race_game):
    db.execute(text("UPDATE games SET factions = jsonb_set(factions, '{1,name}', '\"Боярин\"') WHERE id = :g"),
               {"g": game.id})
    db.execute(text("UPDATE seats SET faction_name = 'Боярин' WHERE game_id = :g AND faction_id = 'b'"), {"g": game.id})
    db.commit()
    return "Боярин"


PATHS = {
    # what is done: (doing it, the page whose GM's view shows it)
    "deadline": (_deadline, "/games/{id}"),
    "submit": (_submit, "/games/{id}/steps/2"),
    "withdraw": (_withdraw, "/games/{id}/steps/2"),
    "default": (_default, "/games/{id}/steps/2"),
    "pause": (_pause, "/games/{id}/steps/2"),
    "extend": (_extend, "/games/{id}"),
    "delay": (_delay, "/games/{id}"),
    "resolve_now": (_resolve_now, "/games/{id}/steps/2"),
    "rollback": (_rollback, "/games/{id}/steps/1"),
    "reopen": (_reopen, "/games/{id}/steps/1"),
    "override": (_override, "/games/{id}/steps/2"),
    "take_over": (_take_over, "/games/{id}/steps/2"),
    "reassign": (_reassign, "/games/{id}"),
    "join": (_join, "/games/{id}"),
    "rename_user": (_rename_user, "/games/{id}"),
    "rename_game": (_rename_game, "/games/{id}/steps/1"),
    "rename_faction": (_rename_faction, "/games/{id}/steps/1"),
}


@pytest.mark.parametrize("name", list(PATHS))
def test_every_change_shows_at_once(name, app, client, db, race_game):
    """The GM's kept view shows what was done; a visitor's kept page is renewed too (its ETag)."""
    act, where = PATHS[name]
    game = _published(db, race_game)
    path = where.format(id=game.id)
    log_in(client, "gm")
    client.get("/")  # the greeting, a one-time message
    with TestClient(app) as visitor:
        before = {"gm": client.get(path), "visitor": visitor.get(path)}
        for who, viewer in (("gm", client), ("visitor", visitor)):
            assert before[who].status_code == 200 and viewer.get(path).text == before[who].text  # kept
        marker = act(db, game, race_game)
        after = {"gm": client.get(path), "visitor": visitor.get(path)}
        assert marker not in before["gm"].text and marker in after["gm"].text, (name, path)
        for who in ("gm", "visitor"):
            assert after[who].status_code == 200 and after[who].headers["etag"] != before[who].headers["etag"]


def test_a_missed_deadline_shows_once_the_worker_applied_the_default(app, client, db, race_game):
    game = _published(db, race_game)
    when = datetime.now(UTC) + timedelta(minutes=5)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=race_game.gm.id)
    path = f"/games/{game.id}/steps/2"
    before = client.get(path)
    assert "по умолчанию" not in before.text
    assert service.run_worker(db, now=when + timedelta(seconds=1), deliver=False).defaults == [game.id]
    after = client.get(path)
    assert after.headers["etag"] != before.headers["etag"] and "по умолчанию" in after.text


# --- one viewer's page never reaches another --------------------------------------------------------
def test_a_players_secret_post_stays_his_after_he_was_served(app, client, db, race_game):
    """Bids are secret until the step resolves: Аня's kept view of the open step, with her bid, is
    never what Боря, a visitor or a bot gets — in HTML or JSON."""
    game = race_game()
    post(db, game, "a", "// тайная ставка\nставка 2")
    log_in(client, "ann")
    for path in (f"/games/{game.id}/steps/1", f"/api/games/{game.id}/steps/1", f"/games/{game.id}"):
        mine = client.get(path)
        assert mine.status_code == 200
        if "steps" in path:
            assert "тайная ставка" in mine.text
        with TestClient(app) as other:
            log_in(other, "bob")
            assert "тайная ставка" not in other.get(path).text
        with TestClient(app) as visitor:
            assert "тайная ставка" not in visitor.get(path).text
        with TestClient(app) as bot:
            assert "тайная ставка" not in bot.get(path, headers=bearer(bot, "bob")).text
    with TestClient(app) as gm:
        log_in(gm, "gm")
        assert "тайная ставка" in gm.get(f"/games/{game.id}/steps/1").text


def test_a_signed_in_users_name_never_reaches_another_user_or_a_visitor(app, client, db, race_game, make_user):
    game = race_game()
    make_user("zoe", "Зоя Космодемьянская")
    log_in(client, "zoe")
    assert "Зоя Космодемьянская" in client.get(f"/games/{game.id}").text  # in her own header
    with TestClient(app) as other:
        assert "Зоя Космодемьянская" not in other.get(f"/games/{game.id}").text
        log_in(other, "ann")
        page = other.get(f"/games/{game.id}").text
        assert "Зоя Космодемьянская" not in page and "Написать пост" in page


def test_a_revoked_token_is_refused_on_a_kept_page(bot, db, race_game):
    game = race_game()
    auth = bearer(bot, "ann")
    path = f"/api/games/{game.id}/steps/1"
    assert bot.get(path, headers=auth).status_code == 200
    token_id = bot.get("/api/me/tokens", headers=auth).json()[0]["id"]
    assert bot.delete(f"/api/me/tokens/{token_id}", headers=auth).status_code == 200
    refused = bot.get(path, headers=auth)
    assert refused.status_code == 401 and refused.json()["code"] == "bad_token"
    assert bot.get(path, headers={"Authorization": "Bearer forged"}).status_code == 401
    assert bot.get("/api/games/999/steps/1", headers=auth).status_code == 401  # refused before the 404


def test_a_missing_game_or_step_is_404_and_nothing_is_kept(client, db, race_game):
    game = race_game()
    for path in ("/games/999", "/games/999/steps/1", f"/games/{game.id}/steps/7", "/api/games/999/steps/1",
                 f"/api/games/{game.id}/steps/7"):
        assert client.get(path).status_code == 404, path
    assert pagecache._pages.nbytes == 0


# --- time ---------------------------------------------------------------------------------------------
def test_an_html_page_lives_until_its_phrases_relative_to_now_change(client, db, race_game, frozen):
    """«Расчёт через N мин» is true when the page is served: a kept page is that minute's."""
    game = race_game()
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, resolve_delay_minutes=30)
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 3")
    first = client.get(f"/games/{game.id}")
    assert re.search(r"Расчёт через (29|30|31)&nbsp;мин", first.text)
    assert client.get(f"/games/{game.id}").headers["etag"] == first.headers["etag"]  # kept this minute
    frozen.shift = timedelta(minutes=10)
    later = client.get(f"/games/{game.id}")
    assert later.headers["etag"] != first.headers["etag"]
    assert re.search(r"Расчёт через (19|20|21)&nbsp;мин", later.text)


def test_a_page_whose_times_are_days_old_is_kept_for_hours(client, db, race_game, frozen, counted):
    """«5 дней назад» reads the same all day: the page is kept until the day turns, not the minute."""
    game = race_game()
    finish_bids(db, game)
    for table in ("posts", "steps", "resolutions", "audit_log"):
        column = {"steps": "opened_at", "audit_log": "created_at"}.get(table, "created_at")
        where = "step_id IN (SELECT id FROM steps WHERE game_id = :g)" if table == "resolutions" else "game_id = :g"
        db.execute(text(f"UPDATE {table} SET {column} = {column} - interval '5 days 1 hour' WHERE {where}"), {"g": game.id})
    db.execute(text("UPDATE steps SET published_at = published_at - interval '5 days 1 hour' WHERE game_id = :g"),
               {"g": game.id})
    db.commit()
    first = client.get(f"/games/{game.id}/steps/1")
    assert "5 дней назад" in first.text and "мин назад" not in first.text
    frozen.shift = timedelta(hours=1)
    counted.update(orm=0, pool=0)
    later = client.get(f"/games/{game.id}/steps/1")
    assert later.headers["etag"] == first.headers["etag"] and counted == {"orm": 0, "pool": 1}
    frozen.shift = timedelta(days=1)
    next_day = client.get(f"/games/{game.id}/steps/1")
    assert next_day.headers["etag"] != first.headers["etag"] and "6 дней назад" in next_day.text


def test_a_relative_phrase_says_when_it_will_read_differently():
    """Within a week the phrase changes exactly when it says; weeks, months and years are said in
    whole days' steps, so their phrase is kept a day at most (never past its change)."""
    from letopis.web.times import clock_watch, relative

    for seconds in (-30, 30, 59, 61, 3599, 3601, -7_000, 86_000, -90_000, 200_000, -300_000, 5_000_000,
                    -40_000_000):
        with clock_watch() as clock:
            value = clock.now + timedelta(seconds=seconds)
            phrase = relative(value)
        assert clock.expires is not None and clock.expires > clock.now, seconds
        assert relative(value, clock.expires - timedelta(microseconds=1)) == phrase, seconds
        if abs(seconds) < 7 * 86_400:
            assert relative(value, clock.expires) != phrase, seconds
        else:
            assert clock.expires - clock.now <= timedelta(days=1), seconds


def test_visitors_read_their_key_and_their_page_on_the_replica(session_factory, db, race_game, db_url, monkeypatch):
    from api.webclient import make_settings

    from letopis.web.app import create_app

    game = race_game()
    app = create_app(make_settings(database_replica_url=db_url), session_factory=session_factory)
    used = []
    original = ReadPool.fetchone

    async def spy(self, sql, params):
        used.append("replica" if self is app.state.replica_read_pool else "primary")
        return await original(self, sql, params)

    monkeypatch.setattr(ReadPool, "fetchone", spy)
    with TestClient(app) as visitor:
        assert visitor.get(f"/games/{game.id}").status_code == 200
        log_in(visitor, "ann")
        assert visitor.get(f"/games/{game.id}").status_code == 200
    assert used == ["replica", "primary"]
