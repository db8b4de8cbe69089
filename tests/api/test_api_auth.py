"""Registration, log-in, log-out, the session cookie, bearer tokens and CSRF refusals."""

from __future__ import annotations

from api.webclient import TEST_SECRET, bearer, csrf_of, form_post, log_in, make_settings
from fastapi.testclient import TestClient

from letopis import service
from letopis.web.app import create_app
from letopis.web.security import _serializer, make_token


def register(client, login="vera", name="Вера", password="pass-1234"):
    return form_post(client, "/register", {"login": login, "display_name": name, "password": password,
                                           "password2": password, "next": "/"}, follow_redirects=False)


def test_register_log_out_and_log_in_again(client):
    assert register(client).status_code == 303
    home = client.get("/")
    assert "Вера" in home.text and "Выйти" in home.text

    out = form_post(client, "/logout", {}, from_page="/", follow_redirects=False)
    assert out.status_code == 303
    home = client.get("/")
    assert "Войти" in home.text and "Выйти" not in home.text

    wrong = form_post(client, "/login", {"login": "vera", "password": "nope-nope", "next": "/"})
    assert wrong.status_code == 400
    assert "Неверный логин или пароль" in wrong.text
    log_in(client, "vera", "pass-1234")
    assert "Выйти" in client.get("/").text


def test_registration_refusals_are_russian_and_keep_the_form(client, make_user):
    make_user("vera")
    taken = register(client, login="vera")
    assert taken.status_code == 409
    assert "уже занят" in taken.text
    assert 'value="Вера"' in taken.text  # what was typed is still there

    mismatch = form_post(client, "/register", {"login": "gleb", "display_name": "Глеб", "password": "abcd-1",
                                               "password2": "abcd-2"})
    assert mismatch.status_code == 422
    assert "Пароли не совпадают" in mismatch.text


def test_session_cookie_is_signed_httponly_lax(client):
    response = register(client)
    cookie = next(v for k, v in response.headers.multi_items()
                  if k == "set-cookie" and v.startswith("letopis_session="))
    assert "httponly" in cookie.lower()
    assert "samesite=lax" in cookie.lower()
    assert "secure" not in cookie.lower()  # development serves plain http


def test_cookies_are_secure_outside_development(session_factory):
    app = create_app(make_settings(environment="production", secret_key="a-real-production-secret"),
                     session_factory=session_factory)
    with TestClient(app, base_url="https://testserver") as client:
        login_page = client.get("/login")
        csrf_cookie = login_page.headers["set-cookie"].lower()
        assert csrf_cookie.startswith("csrftoken=") and "secure" in csrf_cookie
        response = register(client)
        assert response.status_code == 303
        session_cookie = next(v for k, v in response.headers.multi_items()
                              if k == "set-cookie" and v.startswith("letopis_session="))
        assert "secure" in session_cookie.lower() and "httponly" in session_cookie.lower()


def test_next_only_follows_local_paths(client, make_user):
    make_user("vera")
    response = form_post(client, "/login", {"login": "vera", "password": "secret-pass",
                                            "next": "//evil.example/steal"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/"


def test_pages_that_need_a_user_send_visitors_to_log_in(client):
    response = client.get("/games/new", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/login?next=/games/new"


def test_form_without_csrf_token_is_refused_in_russian(client, make_user, db):
    make_user("vera")
    log_in(client, "vera")
    before = service.list_games(db)
    response = client.post("/games/new", data={"ruleset_id": "race", "title": "Без токена",
                                               "factions": "Аня\nБоря", "mode": "auto"})
    assert response.status_code == 403
    assert "CSRF" in response.text and "Обновите страницу" in response.text
    assert service.list_games(db) == before

    forged = client.post("/games/new", data={"csrftoken": "forged", "ruleset_id": "race",
                                             "title": "Подделка", "factions": "Аня\nБоря"})
    assert forged.status_code == 403
    assert service.list_games(db) == before


def test_log_in_without_any_cookie_is_refused(bot, make_user):
    """Login CSRF: a cross-site form cannot log a visitor in to someone else's account."""
    make_user("vera")
    response = bot.post("/login", data={"login": "vera", "password": "secret-pass"})
    assert response.status_code == 403
    assert "защитный ключ" in response.text


def test_htmx_header_carries_the_token(client, race_game):
    game = race_game()
    log_in(client, "ann")
    token = csrf_of(client, f"/games/{game.id}/post")
    without = client.post(f"/games/{game.id}/check", data={"faction": "a", "text": "ставка 2"})
    assert without.status_code == 403
    with_header = client.post(f"/games/{game.id}/check", data={"faction": "a", "text": "ставка 2"},
                              headers={"X-CSRFToken": token, "HX-Request": "true"})
    assert with_header.status_code == 200
    assert "Пост читается" in with_header.text


def test_api_token_and_bearer_requests(bot, make_user):
    make_user("vera", "Вера")
    refused = bot.post("/api/token", json={"login": "vera", "password": "wrong-one"})
    assert refused.status_code == 401
    assert refused.json()["code"] == "bad_credentials"
    assert refused.json()["message"] == "Неверный логин или пароль."

    headers = bearer(bot, "vera")
    me = bot.get("/api/me", headers=headers)
    assert me.status_code == 200 and me.json()["display_name"] == "Вера"

    assert bot.get("/api/me").status_code == 401
    forged = bot.get("/api/me", headers={"Authorization": "Bearer " + make_token(
        make_settings(secret_key="someone-elses-secret"), me.json()["id"], 1)})
    assert forged.status_code == 401
    assert forged.json()["code"] == "bad_token"
    assert "Ключ доступа неверен" in forged.json()["message"]
    legacy = bot.get("/api/me", headers={"Authorization": "Bearer " + _serializer(
        make_settings(secret_key=TEST_SECRET)).dumps({"uid": me.json()["id"]})})  # a token of 0.1: no row id
    assert legacy.status_code == 401
    garbage = bot.get("/api/me", headers={"Authorization": "Basic dmVyYTp4"})
    assert garbage.status_code == 401


def test_bearer_skips_csrf_even_with_browser_cookies(client, make_user):
    make_user("vera")
    log_in(client, "vera")  # the client now holds session and CSRF cookies
    headers = bearer(client, "vera")
    created = client.post("/api/games", headers=headers,
                          json={"ruleset_id": "race", "title": "Бот", "factions": ["Аня", "Боря"]})
    assert created.status_code == 201, created.text


def test_cookie_session_cannot_post_forms_to_the_api(client, make_user, db):
    """A form-encoded POST riding on the session cookie (what a cross-site form could send) is refused."""
    make_user("vera")
    log_in(client, "vera")
    response = client.post("/api/games", data={"ruleset_id": "race", "title": "x"})
    assert response.status_code == 403
    assert response.json()["code"] == "csrf"
    assert service.list_games(db) == []


def test_tampered_token_is_refused(bot, make_user):
    make_user("vera")
    good = bot.post("/api/token", json={"login": "vera", "password": "secret-pass"}).json()["access_token"]
    assert bot.get("/api/me", headers={"Authorization": f"Bearer {good}"}).status_code == 200
    assert bot.get("/api/me", headers={"Authorization": f"Bearer {good}x"}).status_code == 401
