"""Webhook notifications: opt-in, queued by the worker, delivered outside transactions to a local
receiver (127.0.0.1 only, so these tests allow private addresses explicitly), retried with backoff,
every attempt logged."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sqlalchemy import select, text
from support.dbtools import post

from letopis import service
from letopis.db.models import Notification
from letopis.service import notify
from letopis.settings import get_settings

ALL = ["your_turn", "deadline_soon", "step_published"]


class Receiver:
    """An HTTP server on 127.0.0.1 that records POSTs and answers with the queued status codes."""

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.statuses: list[int] = []
        self.open_transactions: list[int] = []
        self.probe = None  # optional callable run inside each request
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                if outer.probe is not None:
                    outer.open_transactions.append(outer.probe())
                outer.received.append({"path": self.path, "headers": dict(self.headers), "body": body})
                self.send_response(outer.statuses.pop(0) if outer.statuses else 200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def events(self) -> list[str]:
        return [json.loads(r["body"])["event"] for r in self.received]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def allow_private(monkeypatch) -> Iterator[None]:
    """LETOPIS_WEBHOOK_ALLOW_PRIVATE=true: the receiver lives on 127.0.0.1."""
    monkeypatch.setenv("LETOPIS_WEBHOOK_ALLOW_PRIVATE", "true")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


@pytest.fixture
def receiver(allow_private) -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("url", ["ftp://127.0.0.1/x", "file:///etc/passwd", "http:///nohost", "127.0.0.1:80",
                                 "http://user:pw@127.0.0.1/", ""])
def test_only_http_urls_are_accepted(db, make_user, allow_private, url):
    user = make_user("ann")
    with pytest.raises(service.Invalid):
        service.set_webhook(db, user_id=user.id, url=url, events=ALL)
    assert service.get_webhook(db, user_id=user.id) is None


def test_unknown_events_and_empty_choice_are_refused(db, make_user, receiver):
    user = make_user("ann")
    with pytest.raises(service.Invalid):
        service.set_webhook(db, user_id=user.id, url=receiver.url, events=["spam"])
    with pytest.raises(service.Invalid):
        service.set_webhook(db, user_id=user.id, url=receiver.url, events=[])


def test_nothing_is_sent_without_opting_in(db, race_game, receiver):
    race_game()
    report = service.run_worker(db)
    assert report.queued == 0 and receiver.received == []


def test_your_turn_is_delivered_once_and_signed(db, race_game, receiver):
    game = race_game()
    hook = service.set_webhook(db, user_id=race_game.ann.id, url=receiver.url, events=["your_turn"])
    first = service.run_worker(db)
    assert (first.queued, first.delivered) == (1, 1)
    assert service.run_worker(db).queued == 0  # announced once
    [got] = receiver.received
    payload = json.loads(got["body"])
    assert payload["event"] == "your_turn" and payload["title"] == "Ваш ход"
    assert payload["game"]["id"] == game.id and payload["step"] == 1 and payload["faction"] == "a"
    expected = "sha256=" + hmac.new(hook.secret.encode(), got["body"], hashlib.sha256).hexdigest()
    assert got["headers"]["X-Letopis-Signature"] == expected
    [log] = service.deliveries(db, user_id=race_game.ann.id)
    assert (log.status, log.status_code, log.attempt, log.error) == ("sent", 200, 1, None)


def test_step_published_goes_to_the_game_s_subscribers(db, race_game, receiver):
    game = race_game()
    service.run_worker(db)  # step 1 announced before anyone subscribed
    service.set_webhook(db, user_id=race_game.bob.id, url=receiver.url, events=["step_published", "your_turn"])
    service.set_webhook(db, user_id=race_game.gm.id, url=receiver.url, events=["step_published"])
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 3")  # published; step 2 is «b»'s move
    service.run_worker(db)
    assert sorted(receiver.events()) == ["step_published", "step_published", "your_turn"]
    assert {json.loads(r["body"])["step"] for r in receiver.received} == {1, 2}


def test_deadline_soon_is_sent_once_at_the_lead_time_to_who_has_not_posted(db, race_game, receiver):
    game = race_game()
    for user in (race_game.ann, race_game.bob):
        service.set_webhook(db, user_id=user.id, url=receiver.url, events=["deadline_soon"])
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, reminder_minutes=60)
    post(db, game, "a", "ставка 1")
    deadline = datetime.now(UTC) + timedelta(hours=3)
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=race_game.gm.id)
    assert service.run_worker(db, now=deadline - timedelta(minutes=61)).queued == 0
    assert service.run_worker(db, now=deadline - timedelta(minutes=59)).queued == 1
    assert service.run_worker(db, now=deadline - timedelta(minutes=30)).queued == 0
    [got] = receiver.received
    payload = json.loads(got["body"])
    assert (payload["event"], payload["faction"]) == ("deadline_soon", "b") and "до срока" in payload["text"]
    # an extension is a new deadline, with its own reminder
    service.extend_deadline(db, game_id=game.id, gm_user_id=race_game.gm.id, minutes=120, reason="Ждём Борю")
    assert service.run_worker(db, now=deadline + timedelta(minutes=61)).queued == 1


def test_failed_delivery_is_retried_with_backoff(db, race_game, receiver):
    race_game()
    service.set_webhook(db, user_id=race_game.ann.id, url=receiver.url, events=["your_turn"])
    receiver.statuses = [500]
    t0 = datetime.now(UTC)
    first = service.run_worker(db, now=t0)
    assert (first.delivered, first.failed) == (0, 1)
    assert service.run_worker(db, now=t0 + timedelta(seconds=20)).delivered == 0  # still backing off
    assert service.run_worker(db, now=t0 + timedelta(seconds=31)).delivered == 1
    logs = service.deliveries(db, user_id=race_game.ann.id)
    assert [(d.attempt, d.status_code) for d in reversed(logs)] == [(1, 500), (2, 200)]
    assert logs[-1].error == "HTTP 500" and len(receiver.received) == 2


def test_gives_up_after_the_last_attempt(db, race_game, allow_private):
    race_game()
    dead = f"http://127.0.0.1:{_free_port()}/nobody"
    service.set_webhook(db, user_id=race_game.ann.id, url=dead, events=["your_turn"])
    moment = datetime.now(UTC)
    for _ in range(notify.MAX_ATTEMPTS + 2):
        service.run_worker(db, now=moment)
        moment += notify.BACKOFF_MAX
    row = db.scalars(select(Notification)).one()
    assert (row.status, row.attempts) == ("failed", notify.MAX_ATTEMPTS)
    assert len(service.deliveries(db, user_id=race_game.ann.id)) == notify.MAX_ATTEMPTS


def test_backoff_doubles_up_to_the_cap():
    assert [notify.backoff(n).total_seconds() for n in (1, 2, 3)] == [30, 60, 120]
    assert notify.backoff(50) == notify.BACKOFF_MAX


def test_disabled_webhook_is_not_called(db, race_game, receiver):
    race_game()
    service.set_webhook(db, user_id=race_game.ann.id, url=receiver.url, events=["your_turn"])
    service.run_worker(db, deliver=False)
    service.set_webhook(db, user_id=race_game.ann.id, url=receiver.url, events=["your_turn"], enabled=False)
    service.run_worker(db)
    assert receiver.received == [] and db.scalars(select(Notification)).one().status == "failed"


def test_delivery_runs_with_no_transaction_open(db, engine, race_game, receiver):
    race_game()
    service.set_webhook(db, user_id=race_game.ann.id, url=receiver.url, events=["your_turn"])

    def idle_in_transaction() -> int:
        """Open transactions but the worker's advisory lock, which is held for the round by design
        (gm.worker_lock: on a connection of its own, with nothing else in it)."""
        with engine.connect() as conn:
            return conn.execute(text(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                "AND state LIKE 'idle in transaction%' AND pid <> pg_backend_pid() "
                "AND query NOT LIKE '%pg_try_advisory_xact_lock%'")).scalar()

    receiver.probe = idle_in_transaction
    assert service.run_worker(db).delivered == 1
    assert receiver.open_transactions == [0]
