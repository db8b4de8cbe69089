"""`letopis serve --workers 2`: gunicorn's master with the app loaded, two forked workers.

Every request here is traced to the worker process that served it (the client's port → the
server's socket in /proc/net/tcp → the worker holding it), so the test knows that a game is played
through both workers; one worker runs the scheduled work (a missed deadline gets its default once,
and when that worker dies its replacement takes the work over, as one of the new workers does after
a reload, SIGHUP); SIGTERM stops the master and both workers cleanly."""

from __future__ import annotations

import contextlib
import os
import re
import signal
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
from letopis.db.models import AuditEntry
from letopis.db.session import make_engine
from letopis.engine import Dice, Faction, get_ruleset
from letopis.service._common import active_step

pytestmark = pytest.mark.db

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "secret-pass"
RUNNER = re.compile(r"scheduled work .* runs in this process, pid (\d+)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children(pid: int) -> list[int]:
    try:
        return sorted(int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())
    except OSError:
        return []


def _alive(pid: int) -> bool:
    """Running, not a zombie."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class Server:
    """A running `letopis serve --workers 2`: its master, its port and its log."""

    def __init__(self, proc: subprocess.Popen, port: int, log) -> None:
        self.proc, self.port, self.log = proc, port, log
        self.base = f"http://127.0.0.1:{port}"

    def workers(self) -> list[int]:
        return _children(self.proc.pid)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def runners(self) -> list[int]:
        return [int(pid) for pid in RUNNER.findall(self.output())]

    def served_by(self, response: httpx.Response) -> int:
        """The worker that served ``response``, while its keep-alive connection is still open."""
        client_port = response.extensions["network_stream"].get_extra_info("client_addr")[1]
        inode = None
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote = (int(addr.split(":")[1], 16) for addr in fields[1:3])
            if local == self.port and remote == client_port:
                inode = fields[9]
        assert inode is not None, "the connection is no longer open"
        for pid in self.workers():
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                            return pid
        raise AssertionError("no worker holds the connection")


@pytest.fixture
def prefork_db(pg) -> Iterator[str]:
    name = f"letopis_prefork_{uuid.uuid4().hex[:8]}"
    url = pg.create(name, template=pg.template)
    try:
        yield url
    finally:
        make_engine(url).dispose()
        pg.drop(name)


@pytest.fixture
def server(prefork_db) -> Iterator[Server]:
    env = {**os.environ, "DATABASE_URL": prefork_db, "LETOPIS_DEMO": "false",
           "LETOPIS_SECRET_KEY": "prefork-workers-share-this-secret", "LETOPIS_DEADLINE_INTERVAL_SECONDS": "0.5"}
    port = _free_port()
    with tempfile.TemporaryFile() as log:
        proc = subprocess.Popen([sys.executable, "-m", "letopis.cli", "serve", "--no-demo", "--workers", "2",
                                 "--port", str(port)], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        running = Server(proc, port, log)
        try:
            deadline = time.monotonic() + 120
            while len(running.workers()) < 2 or len(running.runners()) < 1:
                assert proc.poll() is None, running.output()[-3000:]
                assert time.monotonic() < deadline, "the workers did not start"
                time.sleep(0.2)
            httpx.get(f"{running.base}/api/rulesets", timeout=30).raise_for_status()
            yield running
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for pid in _children(proc.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def _pinned_clients(server: Server, headers: dict[str, str]) -> dict[int, httpx.Client]:
    """One keep-alive client per worker (new clients until each worker has accepted one)."""
    pinned: dict[int, httpx.Client] = {}
    spare: list[httpx.Client] = []
    for _ in range(200):
        client = httpx.Client(base_url=server.base, headers=headers, timeout=60,
                              limits=httpx.Limits(max_connections=1))
        pid = server.served_by(client.get("/api/rulesets"))
        if pid in pinned:
            spare.append(client)
        else:
            pinned[pid] = client
        if len(pinned) == 2:
            break
    for client in spare:
        client.close()
    assert set(pinned) == set(server.workers()), "every new connection went to one worker"
    return pinned


def _duel(db: Session, users: dict[str, int], gm_id: int, title: str) -> int:
    game = service.create_game(db, ruleset_id="dice_roll_party", title=title, gm_user_id=gm_id,
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")])
    for faction, user_id in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm_id)
        service.join_by_invite(db, token=token, user_id=user_id)
    return game.id


def _defaults(db: Session, game_id: int) -> int:
    db.expire_all()
    return db.scalar(select(func.count(AuditEntry.id)).where(AuditEntry.game_id == game_id,
                                                             AuditEntry.action == "apply_default"))


def _wait_default(db: Session, game_id: int) -> None:
    stop = time.monotonic() + 30
    while _defaults(db, game_id) == 0:
        assert time.monotonic() < stop, "no worker applied the missed deadline"
        time.sleep(0.2)


def test_two_forked_workers_play_a_game_run_the_schedule_once_and_stop_on_sigterm(prefork_db, server):
    first_workers = server.workers()
    assert server.runners() == [server.runners()[0]] and server.runners()[0] in first_workers
    with Session(make_engine(prefork_db)) as db:
        gm = service.register_user(db, login="master", password=PASSWORD, display_name="Мастер")
        anna = service.register_user(db, login="anna", password=PASSWORD, display_name="Анна Игрок")
        game_id = _duel(db, {"p1": anna.id, "p2": anna.id}, gm.id, "Дуэль на двух рабочих процессах")
        late_id = _duel(db, {"p1": anna.id, "p2": anna.id}, gm.id, "Дуэль с опозданием")
        service.set_deadline(db, game_id=late_id, gm_user_id=gm.id, deadline=datetime.now(UTC) - timedelta(minutes=1))

        token = httpx.post(f"{server.base}/api/token", json={"login": "anna", "password": PASSWORD}, timeout=60)
        assert token.status_code == 200, token.text
        clients = _pinned_clients(server, {"Authorization": f"Bearer {token.json()['access_token']}"})
        workers = sorted(clients)

        # two steps, each post checked by one worker and sent through the other, read back from both
        ruleset = get_ruleset("dice_roll_party")
        for k in range(2):
            db.expire_all()
            step = active_step(db, game_id)
            for i, faction in enumerate(step.turn["factions"]):
                checker, sender = (workers[(i + k) % 2], workers[(i + k + 1) % 2])
                text = ruleset.propose(ruleset.state_from_json(step.state_before), faction,
                                       Dice(f"{step.number:02x}{i:02x}" * 16))
                check = clients[checker].post(f"/api/games/{game_id}/check", json={"faction": faction, "text": text})
                assert check.status_code == 200 and check.json()["ok"], check.text
                assert server.served_by(check) == checker
                sent = clients[sender].post(f"/api/games/{game_id}/posts",
                                            json={"step": step.number, "faction": faction, "text": text})
                assert sent.status_code == 201, sent.text
                assert server.served_by(sent) == sender
            seen = [clients[pid].get(f"/api/games/{game_id}/steps/{step.number}") for pid in workers]
            assert [server.served_by(r) for r in seen] == workers
            assert seen[0].json() == seen[1].json() and seen[0].json()["status"] == "published"
        assert service.verify_game(db, game_id).ok

        # the missed deadline: its default once, though both workers run for several rounds
        _wait_default(db, late_id)
        time.sleep(2)
        assert _defaults(db, late_id) == 1
        assert len(server.runners()) == 1

        # the runner dies: the master forks a replacement, which takes the scheduled work over
        runner = server.runners()[0]
        for client in clients.values():
            client.close()
        os.kill(runner, signal.SIGKILL)
        stop = time.monotonic() + 60
        while len(server.runners()) < 2:
            assert time.monotonic() < stop, "no worker took the scheduled work over"
            time.sleep(0.2)
        successor = server.runners()[1]
        assert successor not in first_workers and sorted(server.workers()) == sorted(
            {*first_workers, successor} - {runner})
        late2 = _duel(db, {"p1": anna.id, "p2": anna.id}, gm.id, "Ещё одна дуэль с опозданием")
        service.set_deadline(db, game_id=late2, gm_user_id=gm.id, deadline=datetime.now(UTC) - timedelta(minutes=1))
        _wait_default(db, late2)
        time.sleep(2)
        assert _defaults(db, late2) == 1

    # SIGHUP: the master forks a new set of workers and stops the old; one of the new runs the schedule
    old = set(server.workers())
    server.proc.send_signal(signal.SIGHUP)
    stop = time.monotonic() + 60
    while not (len(server.workers()) == 2 and old.isdisjoint(server.workers())
               and set(server.runners()) & set(server.workers())):
        assert time.monotonic() < stop, "the reload did not replace the workers"
        time.sleep(0.2)
    time.sleep(1)
    assert len(set(server.runners()) & set(server.workers())) == 1

    # SIGTERM: the workers finish and exit, then the master, with status 0
    workers = server.workers()
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(60) == 0
    assert not any(_alive(pid) for pid in workers)
    out = server.output()
    assert "Traceback" not in out, out[-3000:]
    assert all(f"[{pid}] [INFO] Application shutdown complete" in out for pid in workers), out[-3000:]
