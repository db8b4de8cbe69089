"""A user's time zone: Moscow for a new user, changed on «Настройки» or through the API; pages show
times in it, the JSON API in UTC."""

from __future__ import annotations

from datetime import UTC, datetime

from api.webclient import bearer, form_post, log_in

from letopis import service


def test_a_new_user_reads_moscow_time_and_chooses_another_zone(client, db, make_user):
    anna = make_user("anna", "Анна")
    assert anna.time_zone == "Europe/Moscow"
    log_in(client, "anna")
    page = client.get("/settings")
    assert page.status_code == 200
    assert 'value="Europe/Moscow" selected' in page.text and "Москва (UTC+3)" in page.text
    assert "Время на страницах: Москва (UTC+3)" in page.text

    done = form_post(client, "/settings/time-zone", {"time_zone": "Asia/Novosibirsk"}, from_page="/settings",
                     follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/settings"
    after = client.get("/settings")
    assert "Часовой пояс сохранён: Новосибирск (UTC+7)" in after.text
    assert 'value="Asia/Novosibirsk" selected' in after.text
    assert "Время на страницах: Новосибирск (UTC+7)" in after.text
    assert service.get_user(db, anna.id).time_zone == "Asia/Novosibirsk"


def test_an_unknown_zone_is_refused_and_nothing_changes(client, db, make_user):
    anna = make_user("anna", "Анна")
    log_in(client, "anna")
    bad = form_post(client, "/settings/time-zone", {"time_zone": "Europe/Mordor"}, from_page="/settings")
    assert bad.status_code == 422 and "Часовой пояс «Europe/Mordor» не найден" in bad.text
    assert service.get_user(db, anna.id).time_zone == "Europe/Moscow"


def test_settings_need_a_user(client):
    page = client.get("/settings", follow_redirects=False)
    assert page.status_code in (303, 401)


def test_the_api_sets_the_zone_and_answers_in_utc(bot, db, make_user):
    make_user("anna", "Анна")
    headers = bearer(bot, "anna")
    me = bot.get("/api/me", headers=headers).json()
    assert me["time_zone"] == "Europe/Moscow"
    changed = bot.put("/api/me/time-zone", headers=headers, json={"time_zone": "Asia/Omsk"})
    assert changed.status_code == 200 and changed.json()["time_zone"] == "Asia/Omsk"
    created = datetime.fromisoformat(changed.json()["created_at"])
    assert created.utcoffset() is not None and created.utcoffset().total_seconds() == 0  # UTC, with its offset
    for wrong in ("Mars/Olympus", "", "x" * 200, "Europe/Moscow\u0000"):
        refused = bot.put("/api/me/time-zone", headers=headers, json={"time_zone": wrong})
        assert refused.status_code == 422, wrong
    assert bot.get("/api/me", headers=headers).json()["time_zone"] == "Asia/Omsk"
    assert bot.put("/api/me/time-zone", json={"time_zone": "Asia/Omsk"}).status_code == 401


def test_a_visitor_reads_moscow_time(client, db, race_game):
    game = race_game()
    step = service.game_page(db, game.id).step
    assert step is not None
    service.set_deadline(db, game_id=game.id, deadline=datetime(2031, 3, 4, 5, 6, tzinfo=UTC),
                         gm_user_id=race_game.gm.id)
    page = client.get(f"/games/{game.id}")
    assert "4 марта 2031, 08:06</time>" in page.text  # 05:06 UTC is 08:06 in Moscow
    assert 'datetime="2031-03-04T05:06:00+00:00"' in page.text
    assert " UTC" not in page.text.replace("(UTC+3)", "")


def test_utc_whatever_zone_the_database_session_has(db_url, make_user):
    """psycopg hands out timestamps in the session's TimeZone; the API still answers in UTC and
    the pages still show the reader's zone."""
    from api.webclient import make_settings
    from fastapi.testclient import TestClient
    from sqlalchemy import create_engine
    from sqlalchemy.orm import sessionmaker

    from letopis.db.session import normalise_url
    from letopis.web.app import create_app

    make_user("anna", "Анна")
    engine = create_engine(normalise_url(db_url), connect_args={"options": "-c TimeZone=Asia/Tokyo"})
    try:
        factory = sessionmaker(bind=engine, expire_on_commit=False, autoflush=False)
        with factory() as tokyo:
            from sqlalchemy import text
            assert tokyo.scalar(text("SHOW TimeZone")) == "Asia/Tokyo"
        with TestClient(create_app(make_settings(), session_factory=factory)) as c:
            headers = bearer(c, "anna")
            created = c.get("/api/me", headers=headers).json()["created_at"]
            assert created.endswith(("Z", "+00:00")), created
    finally:
        engine.dispose()
