"""Two real app processes (`letopis serve`) against one database, as behind a reverse proxy: a game
is played through both, each post sent to one process and its result read through the other; a
token, a session cookie and a form's CSRF token from one process work on the other; and of two
deadline workers ticking every half second, exactly one applies a missed deadline's default."""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis import service
from letopis.db.models import AuditEntry, Resolution, Step
from letopis.db.session import make_engine
from letopis.engine import Dice, Faction, get_ruleset
from letopis.service._common import active_step

pytestmark = pytest.mark.db

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "secret-pass"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def two_db(pg) -> Iterator[str]:
    """A database of its own (the app processes hold connections to it past the test's end)."""
    name = f"letopis_two_{uuid.uuid4().hex[:8]}"
    url = pg.create(name, template=pg.template)
    try:
        yield url
    finally:
        make_engine(url).dispose()
        pg.drop(name)


@pytest.fixture
def processes(two_db) -> Iterator[list[str]]:
    """Two `letopis serve` processes on the database, deadline workers every 0.5 s: their base URLs."""
    env = {**os.environ, "DATABASE_URL": two_db, "LETOPIS_DEMO": "false",
           "LETOPIS_SECRET_KEY": "two-processes-share-this-secret", "LETOPIS_DEADLINE_INTERVAL_SECONDS": "0.5"}
    logs, procs, urls = [], [], []
    files = contextlib.ExitStack()
    for _ in range(2):
        port = _free_port()
        log = files.enter_context(tempfile.TemporaryFile())  # noqa: SIM115 (closed by the ExitStack)
        procs.append(subprocess.Popen([sys.executable, "-m", "letopis.cli", "serve", "--no-demo", "--port", str(port)],
                                      cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT))
        logs.append(log)
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for proc, url in zip(procs, urls, strict=True):
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, "an app process exited"
                try:
                    httpx.get(f"{url}/api/rulesets", timeout=2).raise_for_status()
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline, "an app process did not start"
                    time.sleep(0.2)
        yield urls
    finally:
        for proc in procs:
            proc.terminate()
        for proc, log in zip(procs, logs, strict=True):
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.seek(0)
            out = log.read().decode(errors="replace")
            assert "Traceback" not in out, out[-3000:]
        files.close()


def _duel(db: Session, users: dict[str, int], gm_id: int, title: str) -> int:
    game = service.create_game(db, ruleset_id="dice_roll_party", title=title, gm_user_id=gm_id,
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")])
    for faction, user_id in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm_id)
        service.join_by_invite(db, token=token, user_id=user_id)
    return game.id


def _proposal(db: Session, game_id: int, faction: str) -> tuple[int, str]:
    db.expire_all()
    step = active_step(db, game_id)
    ruleset = get_ruleset("dice_roll_party")
    text = ruleset.propose(ruleset.state_from_json(step.state_before), faction, Dice(f"{step.number:02x}" * 32))
    return step.number, text


def test_a_game_played_through_two_processes(two_db, processes):
    one, two = processes
    with Session(make_engine(two_db)) as db:
        gm = service.register_user(db, login="master", password=PASSWORD, display_name="Мастер")
        anna = service.register_user(db, login="anna", password=PASSWORD, display_name="Анна Игрок")
        boris = service.register_user(db, login="boris", password=PASSWORD, display_name="Борис Игрок")
        game_id = _duel(db, {"p1": anna.id, "p2": boris.id}, gm.id, "Дуэль на двух процессах")
        late_id = _duel(db, {"p1": anna.id, "p2": boris.id}, gm.id, "Дуэль с опозданием")
        # a deadline already missed: both processes' workers see it within half a second
        service.set_deadline(db, game_id=late_id, gm_user_id=gm.id, deadline=datetime.now(UTC) - timedelta(minutes=1))

        # API tokens issued by one process are accepted by the other (one secret, rows in PostgreSQL)
        tokens = {}
        for login, base in (("anna", one), ("boris", two)):
            r = httpx.post(f"{base}/api/token", json={"login": login, "password": PASSWORD}, timeout=30)
            assert r.status_code == 200, r.text
            tokens[login] = {"Authorization": f"Bearer {r.json()['access_token']}"}
        players = {"p1": ("anna", one, two), "p2": ("boris", two, one)}

        published = 0
        while published < 4:  # four steps, each post through one process, each result through the other
            step_number, _ = _proposal(db, game_id, "p1")
            step = active_step(db, game_id)
            for k, faction in enumerate(step.turn["factions"]):
                login, writer, reader = players[faction]
                if step_number % 2:  # odd steps: the other way round
                    writer, reader = reader, writer
                _, text = _proposal(db, game_id, faction)
                check = httpx.post(f"{reader}/api/games/{game_id}/check", json={"faction": faction, "text": text},
                                   headers=tokens[login], timeout=30)
                assert check.status_code == 200 and check.json()["ok"], check.text
                sent = httpx.post(f"{writer}/api/games/{game_id}/posts",
                                  json={"step": step_number, "faction": faction, "text": text},
                                  headers=tokens[login], timeout=30)
                assert sent.status_code == 201, sent.text
                if k + 1 < len(step.turn["factions"]):  # the other process sees the post waiting
                    page = httpx.get(f"{reader}/api/games/{game_id}", headers=tokens[login], timeout=30).json()
                    assert page["step"]["number"] == step_number and faction in page["step"]["posted"]
            published += 1
            # the step as the other process shows it: published, with the posts as sent
            seen = [httpx.get(f"{base}/api/games/{game_id}/steps/{step_number}", timeout=30) for base in (one, two)]
            assert seen[0].status_code == seen[1].status_code == 200
            assert seen[0].json() == seen[1].json()
            assert seen[0].json()["status"] == "published" and seen[0].json()["seed"]
            assert {p["faction"] for p in seen[0].json()["posts"]} == set(step.turn["factions"])
            header = [httpx.get(f"{base}/api/games/{game_id}", timeout=30).json() for base in (one, two)]
            assert header[0]["game"]["steps_published"] == header[1]["game"]["steps_published"] == published

        # a signed-in browser: the log-in form from one process, posted to the other, and the
        # session cookie it sets read by the first
        with httpx.Client(base_url=one, timeout=30) as browser:
            form = browser.get("/login")
            token = re.search(r'name="csrftoken" value="([^"]+)"', form.text).group(1)
            browser.cookies.update(form.cookies)
            logged = browser.post(f"{two}/login", data={"csrftoken": token, "login": "anna", "password": PASSWORD,
                                                        "next": f"/games/{game_id}"})
            assert logged.status_code == 303, logged.text[:500]
            browser.cookies.update(logged.cookies)
            page = browser.get(f"/games/{game_id}")
            assert page.status_code == 200 and "Анна Игрок" in page.text and "Войдите" not in page.text

        # the missed deadline: the default applied once, by one of the two workers
        stop = time.monotonic() + 20
        while service.get_game(db, late_id).open_step == 1:
            assert time.monotonic() < stop, "no worker applied the missed deadline"
            time.sleep(0.2)
            db.expire_all()
        time.sleep(1.5)  # three more rounds of both workers: nothing more may happen to that step
        db.expire_all()
        defaults = db.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.game_id == late_id,
                                                                     AuditEntry.action == "apply_default"))
        step1 = db.scalar(select(Step).where(Step.game_id == late_id, Step.number == 1))
        resolutions = db.scalar(select(func.count(Resolution.id)).where(Resolution.step_id == step1.id))
        assert (defaults, resolutions, step1.status) == (1, 1, "published")
        assert service.verify_game(db, game_id).ok and service.verify_game(db, late_id).ok
