"""Log-in throttling (issue 14): per account and per client address, 429 with Retry-After (API and
form), counted in PostgreSQL so every app process sees it, the password not even hashed once an
account or address is over its limit, and a fresh window after the old one ends."""

from __future__ import annotations

import threading
import time

import pytest
from api.webclient import form_post, make_settings
from fastapi.testclient import TestClient
from sqlalchemy import text

from letopis.service import users
from letopis.service.errors import Busy
from letopis.service.logins import LoginLimits, account_key, address_key, wait_text
from letopis.web.app import create_app

GOOD = "secret-pass"


def _client(app, address: str = "203.0.113.7") -> TestClient:
    return TestClient(app, client=(address, 40000))


def _token(client: TestClient, login: str, password: str):
    return client.post("/api/token", json={"login": login, "password": password})


@pytest.fixture
def throttled_app(session_factory):
    def make(**limits):
        return create_app(make_settings(**limits), session_factory=session_factory)

    return make


@pytest.fixture
def counting_hasher(monkeypatch):
    """Counts argon2 work (verify and hash), whatever the caller."""
    calls = {"n": 0}
    real = users._hasher

    class Counting:
        def __getattr__(self, name):
            return getattr(real, name)

        def verify(self, *args):
            calls["n"] += 1
            return real.verify(*args)

        def hash(self, *args):
            calls["n"] += 1
            return real.hash(*args)

    monkeypatch.setattr(users, "_hasher", Counting())
    return calls


def test_an_account_is_throttled_with_429_and_retry_after_without_hashing(throttled_app, make_user,
                                                                          counting_hasher):
    make_user("vera")
    make_user("gleb")
    app = throttled_app(login_max_failures=3, login_max_failures_per_address=100, login_window_seconds=600)
    with _client(app) as c:
        for _ in range(3):
            assert _token(c, "vera", "wrong").status_code == 401
        hashed = counting_hasher["n"]
        refused = _token(c, "vera", "wrong")
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_many_attempts"
        assert 1 <= int(refused.headers["Retry-After"]) <= 600
        assert "Слишком много попыток входа для этой учётной записи" in refused.json()["message"]
        assert "Попробуйте снова через 10 минут" in refused.json()["message"]
        right = _token(c, "VERA ", GOOD)  # even the right password: not checked while throttled
        assert right.status_code == 429
        assert counting_hasher["n"] == hashed  # a throttled attempt costs no hash
        assert _token(c, "gleb", GOOD).status_code == 200  # another account from the same address


def test_the_login_form_shows_the_wait_in_russian(throttled_app, make_user):
    make_user("vera")
    app = throttled_app(login_max_failures=2, login_max_failures_per_address=100, login_window_seconds=90)
    with _client(app) as c:
        for _ in range(2):
            page = form_post(c, "/login", {"login": "vera", "password": "wrong", "next": "/"})
            assert page.status_code == 400 and "Неверный логин или пароль" in page.text
        page = form_post(c, "/login", {"login": "vera", "password": GOOD, "next": "/"}, follow_redirects=False)
        assert page.status_code == 429
        assert 1 <= int(page.headers["Retry-After"]) <= 90
        assert "Слишком много попыток входа для этой учётной записи. Попробуйте снова через 2 минуты." in page.text
        assert 'value="vera"' in page.text  # the login stays in the field


def test_an_address_is_throttled_across_accounts_and_another_address_is_not(throttled_app, make_user):
    for login in ("vera", "gleb", "anna"):
        make_user(login)
    app = throttled_app(login_max_failures=100, login_max_failures_per_address=4, login_window_seconds=300)
    with _client(app, "198.51.100.1") as noisy, _client(app, "198.51.100.2") as quiet:
        for login in ("vera", "gleb", "anna", "nobody"):  # an unknown login counts as well
            assert _token(noisy, login, "wrong").status_code == 401
        refused = _token(noisy, "anna", GOOD)
        assert refused.status_code == 429
        assert "с вашего адреса" in refused.json()["message"]
        assert int(refused.headers["Retry-After"]) >= 1
        assert _token(quiet, "anna", GOOD).status_code == 200


def test_the_count_is_shared_by_app_processes(throttled_app, make_user):
    """Two apps (two processes' worth of state) on one database see one count."""
    make_user("vera")
    limits = {"login_max_failures": 2, "login_max_failures_per_address": 100}
    with _client(throttled_app(**limits)) as one, _client(throttled_app(**limits)) as two:
        assert _token(one, "vera", "wrong").status_code == 401
        assert _token(two, "vera", "wrong").status_code == 401
        assert _token(one, "vera", GOOD).status_code == 429
        assert _token(two, "vera", GOOD).status_code == 429


def test_after_the_window_a_right_password_works_and_clears_the_account(throttled_app, make_user, db):
    make_user("vera")
    app = throttled_app(login_max_failures=2, login_max_failures_per_address=100, login_window_seconds=1)
    with _client(app) as c:
        assert _token(c, "vera", "wrong").status_code == 401
        assert _token(c, "vera", "wrong").status_code == 401
        refused = _token(c, "vera", GOOD)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"
        time.sleep(1.1)
        assert _token(c, "vera", GOOD).status_code == 200  # a new window
        assert db.execute(text("SELECT count(*) FROM login_attempts WHERE key = 'login:vera'")).scalar() == 0
        # the success cleared the account's count: the full allowance again
        assert _token(c, "vera", "wrong").status_code == 401
        assert _token(c, "vera", "wrong").status_code == 401
        assert _token(c, "vera", "wrong").status_code == 429


def test_a_long_window_ends_too(throttled_app, make_user, db):
    make_user("vera")
    app = throttled_app(login_max_failures=1, login_max_failures_per_address=100, login_window_seconds=3600)
    with _client(app) as c:
        assert _token(c, "vera", "wrong").status_code == 401
        refused = _token(c, "vera", GOOD)
        assert refused.status_code == 429 and 3500 < int(refused.headers["Retry-After"]) <= 3600
        assert "через 1 час" in refused.json()["message"]
        db.execute(text("UPDATE login_attempts SET window_start = window_start - interval '3601 seconds'"))
        db.commit()
        assert _token(c, "vera", GOOD).status_code == 200


def test_a_successful_log_in_gives_its_address_an_attempt_back(throttled_app, make_user):
    """Many people behind one address (a club, a NAT) who log in fine do not lock each other out."""
    for login in ("vera", "gleb", "anna"):
        make_user(login)
    app = throttled_app(login_max_failures=100, login_max_failures_per_address=2)
    with _client(app) as c:
        for _ in range(5):
            for login in ("vera", "gleb", "anna"):
                assert _token(c, login, GOOD).status_code == 200


def test_hashing_is_bounded_per_process():
    """At most `concurrency` hashes at once; `queue` more wait; the next is refused at once."""
    gate = users.HashGate(concurrency=1, queue=1)
    inside = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with gate.slot():
            inside.set()
            release.wait(10)

    first = threading.Thread(target=hold)
    first.start()
    assert inside.wait(10)
    second_done = threading.Event()

    def wait_turn() -> None:
        with gate.slot():
            second_done.set()

    second = threading.Thread(target=wait_turn)
    second.start()
    deadline = time.monotonic() + 10
    while gate._inside < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    with pytest.raises(Busy), gate.slot():
        pass
    assert not second_done.is_set()  # still waiting its turn
    release.set()
    first.join(10)
    second.join(10)
    assert second_done.is_set() and gate._inside == 0

    peak = {"now": 0, "max": 0}
    lock = threading.Lock()
    many = users.HashGate(concurrency=2, queue=20)

    def work() -> None:
        with many.slot():
            with lock:
                peak["now"] += 1
                peak["max"] = max(peak["max"], peak["now"])
            time.sleep(0.01)
            with lock:
                peak["now"] -= 1

    threads = [threading.Thread(target=work) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert peak["max"] == 2


def test_a_full_hash_queue_answers_503_and_counts_nothing(throttled_app, make_user, db):
    make_user("vera")
    app = throttled_app(password_hash_concurrency=1, password_hash_queue=0)
    try:
        with _client(app) as c, users.hash_gate.slot():  # someone else's hash is running
            busy = _token(c, "vera", GOOD)
            assert busy.status_code == 503 and busy.headers["Retry-After"] == "2"
            assert busy.json()["code"] == "login_busy"
            assert db.execute(text("SELECT coalesce(sum(attempts), 0) FROM login_attempts")).scalar() == 0
        with _client(app) as c:
            assert _token(c, "vera", GOOD).status_code == 200
    finally:
        users.configure_password_hashing(concurrency=1, queue=8)


def test_keys_and_waits():
    assert account_key(" Vera ") == "login:vera"
    assert account_key("x\x00y").startswith("login:#") and len(account_key("я" * 5000)) < 200
    assert address_key("192.0.2.5") == "addr:192.0.2.5"
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "addr:2001:db8::/64"
    assert address_key("::ffff:192.0.2.5") == "addr:192.0.2.5"
    assert address_key("testclient").startswith("addr:#") and address_key(None) is None
    assert [wait_text(n) for n in (1, 3, 45, 60, 61, 300, 3600, 7200)] == [
        "через 1 секунду", "через 3 секунды", "через 45 секунд", "через 1 минуту", "через 2 минуты",
        "через 5 минут", "через 1 час", "через 2 часа"]
    assert LoginLimits().per_account == 5
