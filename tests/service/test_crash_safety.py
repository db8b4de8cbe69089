"""Crash safety: the server is killed with SIGKILL during resolutions, again and again, and restarted.

A real server process (`letopis serve` on a free 127.0.0.1 port, on the test database through
DATABASE_URL) serves Dice Roll Party duels through the JSON API with bearer tokens. A client
thread plays them: legal posts written by the ruleset's own `propose` (the post that completes a
step resolves it), GM roll-backs of the last published steps, GM roll overrides of the latest one.
The main thread waits until a resolving request (the completing post, a roll-back, an override) is
on the wire, sleeps a seeded random delay of up to about one such request's duration, and kills
the server with SIGKILL. After each kill it waits for the dead server's database sessions to end
and checks, straight from the tables (support/crash_check.py), that every step is open or
published with one complete resolution and its snapshot (no half-written result, no resolution
without its events, step numbers contiguous, each step starting from the state the one before
ended with, no open step that every faction has posted to, each closed step's posts frozen in
receipts), that every post the client got a 2xx for is stored with its SHA-256, that each GM
action is whole, and that nothing an earlier check saw is gone or rewritten. Then it restarts the
server and goes on. At the end every game is verified (`verify_game`, in process and through the
restarted server, and `letopis verify` with the server down).

Each kill is classified by what it interrupted: the resolution's transaction (the server held the
game row lock and the work was not committed), the answer (committed, the answer lost), the
request before it reached the database, or nothing (the answer had arrived). The test requires
that kills really land inside resolutions.

Server lives are forked from a preloaded parent (support/crash_zygote.py, crash_server.py) because
importing the app costs ~3 s of CPU; each life still runs the `letopis serve` command (migrations,
then uvicorn) and owns its connections and socket.
``LETOPIS_CRASH_FAULT=post-then-resolve`` breaks the server on purpose: the test must then fail.
``LETOPIS_CRASH_COLD_EVERY=N`` makes every N-th life a cold `letopis serve` process instead.
CI runs 20 kills; ``make crash`` runs more (LETOPIS_CRASH_KILLS, LETOPIS_CRASH_SEED).
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import signal
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url
from support.crash_check import Counts, Receipt, Seen, check_database, check_on
from support.crash_server import APP_NAME, Server, take_zygote

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

pytestmark = pytest.mark.db

KILLS = int(os.environ.get("LETOPIS_CRASH_KILLS", "20"))
SEED = os.environ.get("LETOPIS_CRASH_SEED", "letopis-kill-9")
COLD_EVERY = int(os.environ.get("LETOPIS_CRASH_COLD_EVERY", "0"))
VERBOSE = bool(os.environ.get("LETOPIS_CRASH_VERBOSE"))
ROUNDS = 1  # DRP max_rounds: a duel ends in a few steps, so kills also land on game ends and new games begin
P_ROLLBACK, P_OVERRIDE = 0.25, 0.15


@pytest.fixture(scope="session")
def zygote():
    """The preloaded parent (spawned at collection by tests/service/conftest.py, idle until now)."""
    z = take_zygote()
    yield z
    z.close()


# --- the client --------------------------------------------------------------------------------------
@dataclass
class Inflight:
    kind: str  # submit | rollback | override
    sent: float
    game_id: int
    answered: float | None = None
    status: int | None = None


@dataclass
class Player:
    """Plays the games through the API in its own thread; everything it did is recorded."""

    base: str
    games: list[int]
    tokens: dict[str, dict[str, str]]
    rng: random.Random
    new_game: object  # () -> game id: the next duel, set up in process (not the subject here)
    resolving: int = 0  # resolving requests sent in this life
    running: bool = False  # the server is up: play; else wait (and say so through `idle`)
    idle: bool = False
    stop: bool = False
    receipts: list[Receipt] = field(default_factory=list)
    inflight: Inflight | None = None
    acked: Counter = field(default_factory=Counter)  # 2xx answers by kind in this life
    latency: dict[str, list[float]] = field(default_factory=dict)
    timings: dict[str, list[float]] = field(default_factory=dict)
    statuses: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    transport_errors: int = 0
    done_after_last_life: int = 0
    crashed: Exception | None = None

    def __post_init__(self) -> None:
        self.ruleset = get_ruleset("dice_roll_party")
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.lock = threading.Lock()
        self.cond = threading.Condition(self.lock)

    def resume(self) -> None:
        with self.cond:
            self.running = True
            self.cond.notify_all()

    def pause(self, timeout: float = 30) -> bool:
        """The server is dead: wait until the client has noticed and stopped acting."""
        with self.cond:
            self.running = False
            return self.cond.wait_for(lambda: self.idle, timeout)

    def finish(self) -> None:
        with self.cond:
            self.stop = True
            self.cond.notify_all()

    def run(self) -> None:
        try:
            while True:
                with self.cond:
                    if not self.running and not self.stop:
                        self.idle = True
                        self.cond.notify_all()
                        self.cond.wait_for(lambda: self.running or self.stop)
                        self.idle = False
                    if self.stop:
                        return
                try:
                    self.act()
                except httpx.TransportError:
                    self.transport_errors += 1
                    self.http.close()
                    self.http = httpx.Client(base_url=self.base, timeout=30)
                    time.sleep(0.01)
        except Exception as exc:  # noqa: BLE001 - the main thread reports it
            with self.cond:
                self.crashed, self.idle = exc, True
                self.cond.notify_all()

    def _call(self, method: str, path: str, who: str, kind: str | None = None, **kw) -> httpx.Response:
        if kind is not None:
            with self.cond:
                self.inflight = Inflight(kind=kind, sent=time.monotonic(), game_id=self.games[-1])
                self.resolving += 1
                self.cond.notify_all()
        began = time.monotonic()
        response = self.http.request(method, path, headers=self.tokens[who], **kw)
        self.statuses[response.status_code] += 1
        self.timings.setdefault(f"{method} {re.sub(r'[0-9]+', 'N', path)}", []).append(time.monotonic() - began)
        if response.status_code >= 500:
            self.failures.append(f"{method} {path}: {response.status_code} {response.text[:300]}")
        if kind is not None:
            self.inflight.answered, self.inflight.status = time.monotonic(), response.status_code
            if response.is_success:
                self.acked[kind] += 1
                self.latency.setdefault(kind, []).append(self.inflight.answered - self.inflight.sent)
        return response

    def act(self) -> None:
        game_id = self.games[-1]
        page = self._call("GET", f"/api/games/{game_id}", "gm")
        assert page.status_code == 200, page.text
        page = page.json()
        if page["result"] is not None:
            self.games.append(self.new_game())
            return
        step = page["step"]
        last = step["number"] - 1  # the latest published step
        roll = self.rng.random()
        if last >= 1 and roll < P_ROLLBACK:
            frm = self.rng.randint(max(1, last - 2), last)
            r = self._call("POST", f"/api/games/{game_id}/rollback", "gm", "rollback",
                           json={"from_step": frm, "reason": "проверка после сбоя"})
            if r.status_code != 200:
                self.failures.append(f"rollback from {frm}: {r.status_code} {r.text[:300]}")
            else:
                out = r.json()
                if out["stopped_at"] is not None or out["changed"]:
                    self.failures.append(f"rollback from {frm} changed the game: {out}")
            self.done_after_last_life += 1
            return
        if last >= 1 and roll < P_ROLLBACK + P_OVERRIDE and not step["posted"]:
            chron = self._call("GET", f"/api/games/{game_id}/steps/{last}", "gm").json()
            rolls = chron.get("rolls") or []
            if rolls:
                index = self.rng.randrange(len(rolls))
                value = self.rng.randint(1, rolls[index]["sides"])
                r = self._call("POST", f"/api/games/{game_id}/steps/{last}/rolls/{index}", "gm", "override",
                               json={"value": value, "reason": "бросок по просьбе игроков"})
                if r.status_code != 200:
                    self.failures.append(f"override {last}/{index}: {r.status_code} {r.text[:300]}")
                self.done_after_last_life += 1
                return
        # every faction still waiting posts, in a random order, from the one view of the step (the
        # state cannot change before the step resolves); the last post resolves it
        waiting = list(step["waiting_for"])
        self.rng.shuffle(waiting)
        state = self.ruleset.state_from_json(page["view"])
        for i, faction in enumerate(waiting):
            text = self.ruleset.propose(state, faction, Dice(hashlib.sha256(
                f"{SEED}:{game_id}:{step['number']}:{faction}:{self.rng.random()}".encode()).hexdigest()))
            r = self._call("POST", f"/api/games/{game_id}/posts", faction,
                           "submit" if i == len(waiting) - 1 else None,
                           json={"step": step["number"], "faction": faction, "text": text})
            if r.status_code != 201:
                self.failures.append(f"post to step {step['number']}: {r.status_code} {r.text[:300]}")
                return
            out = r.json()
            with self.lock:
                self.receipts.append(Receipt(out["post_id"], game_id, out["step_number"], faction, out["revision"],
                                             out["sha256"]))
                self.acked["post"] += 1
            if out["sha256"] != hashlib.sha256(text.encode()).hexdigest():
                self.failures.append(f"post {out['post_id']}: receipt SHA-256 is not the text's")
            if out["resolved"] != (i == len(waiting) - 1):
                self.failures.append(f"post {out['post_id']}: resolved {out['resolved']}, expected otherwise")
            if out["resolved"]:
                self.done_after_last_life += 1


# --- the test ---------------------------------------------------------------------------------------
def _conninfo(db_url: str) -> dict:
    """psycopg's connection arguments for a SQLAlchemy URL (TCP, or a Unix socket in the query)."""
    u = make_url(db_url)
    args = u.translate_connect_args(username="user", database="dbname")
    args.update(u.query)
    return args


def _game_lock_held(monitor: psycopg.Connection) -> bool:
    """Is a server session inside a resolution (holding a game row lock, SELECT … FOR UPDATE)?"""
    return bool(monitor.execute(
        "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
        "WHERE a.application_name = %s AND l.relation = 'games'::regclass AND l.mode = 'RowShareLock'",
        (APP_NAME,)).fetchone()[0])


def _wait_sessions_gone(monitor: psycopg.Connection, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while monitor.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = %s",
                          (APP_NAME,)).fetchone()[0]:
        assert time.monotonic() < deadline, "the killed server's database sessions did not end"
        time.sleep(0.01)


def test_kill_9_during_resolutions_leaves_every_step_whole(zygote, db_url, session_factory, make_user, tmp_path):
    began = time.monotonic()
    rng = random.Random(SEED)
    gm, anna, boris = make_user("master", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    users = {"p1": anna, "p2": boris}
    setup_db = session_factory()

    def new_game() -> int:
        game = service.create_game(setup_db, ruleset_id="dice_roll_party", title="Дуэль под kill -9",
                                   factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")],
                                   gm_user_id=gm.id, options={"max_rounds": ROUNDS})
        for faction, user in users.items():
            token = service.invite_link_token(setup_db, game_id=game.id, faction=faction, by_user_id=gm.id)
            service.join_by_invite(setup_db, token=token, user_id=user.id)
        return game.id

    server = Server(zygote, db_url, tmp_path / "server.log")
    conninfo = _conninfo(db_url)
    monitor = psycopg.connect(**conninfo, autocommit=True)
    seen = Seen()
    kinds: Counter = Counter()
    outcomes: Counter = Counter()
    starts: list[float] = []
    player = None
    thread = None
    try:
        starts.append(server.start())
        tokens = {}
        for who, login in (("gm", "master"), ("p1", "anna"), ("p2", "boris")):
            r = httpx.post(f"{server.base}/api/token", json={"login": login, "password": "secret-pass"}, timeout=30)
            assert r.status_code == 200, r.text
            tokens[who] = {"Authorization": f"Bearer {r.json()['access_token']}"}
        player = Player(base=server.base, games=[new_game()], tokens=tokens, rng=random.Random(f"{SEED}:client"),
                        new_game=new_game)
        thread = threading.Thread(target=player.run, name="crash-client", daemon=True)
        previous = Counts()
        window = {"submit": 0.3, "rollback": 0.3, "override": 0.3}  # adapted to where kills land
        thread.start()
        t_resumed = time.monotonic()
        player.resume()
        for kill in range(KILLS):
            # wait for the first or second resolving request of this life (a fresh server or a warm
            # one), then kill it within about such a request's duration
            target = 2 if rng.random() < 0.2 else 1
            with player.cond:
                player.cond.wait_for(lambda t=target: player.resolving >= t or player.crashed is not None, 30)
                inflight = player.inflight
            assert player.crashed is None, player.crashed
            assert player.resolving >= target, f"no resolving request in life {kill + 1}: {player.failures[-3:]}"
            t_sent = time.monotonic()
            delay = rng.uniform(0, window[inflight.kind])
            time.sleep(max(0.0, inflight.sent + delay - time.monotonic()))
            in_resolution = _game_lock_held(monitor)
            server.kill()
            assert server.reap() == signal.SIGKILL
            kinds[inflight.kind] += 1
            assert player.pause(), "the client did not notice the crash"
            assert player.crashed is None, player.crashed
            _wait_sessions_gone(monitor)
            with player.lock:
                receipts = list(player.receipts)
            bad, counts = check_database(conninfo, receipts, seen)
            assert not bad, f"after kill {kill + 1} ({inflight.kind}):\n" + "\n".join(bad[:20])
            # what the kill interrupted
            if inflight.answered is not None:
                outcome = "after its answer"
                window[inflight.kind] *= 0.8  # aim a little earlier next time
            else:  # did its work commit? (what the table grew by, beyond the answered requests)
                table, answered = {"submit": ("posts", "post"), "rollback": ("rollbacks", "rollback"),
                                   "override": ("overrides", "override")}[inflight.kind]
                grown = getattr(counts, table) - getattr(previous, table) - player.acked[answered]
                if grown > 0:
                    outcome = "committed, answer lost"
                elif in_resolution:
                    outcome = "inside the resolution's transaction"
                else:
                    outcome = "before the database"
                    window[inflight.kind] *= 1.3  # aim a little later next time
            outcomes[outcome] += 1
            if VERBOSE:
                print(f"life {kill + 1}: start {starts[-1]:.2f} s, to request {t_sent - t_resumed:.2f} s, "
                      f"{inflight.kind} killed after {delay * 1000:.0f} ms: {outcome}; "
                      f"checked {time.monotonic() - t_sent:.2f} s after", flush=True)
            previous = counts
            player.acked.clear()
            player.resolving = 0
            starts.append(server.start(cold=bool(COLD_EVERY) and (kill + 1) % COLD_EVERY == 0))
            t_resumed = time.monotonic()
            player.resume()
        # the last life: play on a little, then verify every game through the server and in process
        player.done_after_last_life = 0
        deadline = time.monotonic() + 20
        while player.done_after_last_life < 3 and time.monotonic() < deadline and player.crashed is None:
            time.sleep(0.05)
        player.finish()
        thread.join(30)
        assert player.crashed is None, player.crashed
        assert player.done_after_last_life >= 3, "the server did not go on after its last restart"
        for game_id in player.games:
            verified = httpx.get(f"{server.base}/api/games/{game_id}/verify", timeout=60).json()
            assert verified["ok"], (game_id, verified["mismatches"])
        server.stop()
        _wait_sessions_gone(monitor)
        bad, counts = check_database(conninfo, list(player.receipts), seen)
        assert not bad, "at the end:\n" + "\n".join(bad[:20])
        with session_factory() as db:
            for game_id in player.games:
                out = service.verify_game(db, game_id)
                assert out.ok, (game_id, out.mismatches)
        for game_id in player.games:  # and the command an operator would run
            code, output = server.cli("verify", str(game_id))
            assert code == 0 and "Все броски и результаты сходятся" in output, output
        assert not player.failures, player.failures[:10]
    finally:
        if player is not None:
            player.finish()
        server.stop()
        if thread is not None:
            thread.join(10)
        monitor.close()
        setup_db.close()
    elapsed = time.monotonic() - began
    inside = outcomes["inside the resolution's transaction"] + outcomes["committed, answer lost"]
    report = (f"seed {SEED!r}: kills {KILLS} ({dict(kinds)}), interrupted: {dict(outcomes)}; games {len(player.games)}, "
              f"published steps {counts.published}, posts {counts.posts} ({len(player.receipts)} acknowledged), "
              f"resolutions {counts.resolutions} ({counts.superseded} superseded), roll-backs {counts.rollbacks}, "
              f"overrides {counts.overrides}; start {min(starts):.2f}–{max(starts):.2f} s "
              f"(cold {server.cold_starts}); statuses {dict(player.statuses)}; {elapsed:.1f} s")
    print("\ncrash safety:", report)
    if VERBOSE:
        for what, times in sorted(player.timings.items()):
            times.sort()
            print(f"  {what}: {len(times)} requests, median {times[len(times) // 2] * 1000:.0f} ms, "
                  f"max {times[-1] * 1000:.0f} ms")
    assert inside >= KILLS // 4, f"too few kills landed inside a resolution: {report}"


def test_the_invariants_catch_a_half_written_step(db, make_user, db_url):
    """The checks are not vacuous: each kind of damage a crash could leave is named."""
    gm, anna, boris = make_user("master", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    users = {"p1": anna.id, "p2": boris.id}
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Проверка проверок",
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")],
                               gm_user_id=gm.id, options={"max_rounds": 5})  # still running after 3 steps
    for faction, user_id in users.items():
        service.join_by_invite(db, token=service.invite_link_token(db, game_id=game.id, faction=faction,
                                                                    by_user_id=gm.id), user_id=user_id)
    ruleset, receipts = get_ruleset("dice_roll_party"), []
    while len(service.list_steps(db, game.id)) < 3:
        page = service.game_page(db, game.id, gm.id)
        state = ruleset.state_from_json(page.view)
        for faction in page.step.waiting_for:
            text = ruleset.propose(state, faction, Dice(hashlib.sha256(f"{page.step.number}{faction}".encode()).hexdigest()))
            out = service.submit_post(db, game_id=game.id, step_number=page.step.number, faction=faction, text=text,
                                      user_id=users[faction])
            receipts.append(Receipt(out.post_id, game.id, out.step_number, faction, out.revision, out.sha256))
    conninfo = _conninfo(db_url)
    seen = Seen()
    assert check_database(conninfo, receipts, seen)[0] == []
    open_step = service.game_page(db, game.id).step
    assert open_step is not None and open_step.status == "open"
    first, last = receipts[0].post_id, receipts[-1].post_id

    damages = {  # what a crash might leave: the SQL that does it, the complaint expected
        "posts without their resolution": (
            ("INSERT INTO posts (game_id, step_id, faction_id, revision, text, sha256, author_id, reading, created_at) "
            f"SELECT {game.id}, id, f, 1, 'x', encode(sha256('x'), 'hex'), {gm.id}, '{{}}', now() FROM steps, "
            f"unnest(ARRAY{open_step.waiting_for!r}) AS f WHERE game_id = {game.id} AND number = {open_step.number}"),
            "open although every faction has posted"),
        "a resolution without its snapshot": ("DELETE FROM snapshots WHERE id = (SELECT max(id) FROM snapshots)",
                                              "0 snapshots"),
        "a published step without a current resolution": (
            "UPDATE resolutions SET superseded = true, superseded_at = now() WHERE id = (SELECT min(id) FROM resolutions)",
            "0 current resolutions"),
        "a resolution without its events": (
            "UPDATE resolutions SET events = '[]' WHERE id = (SELECT min(id) FROM resolutions)", "without its events"),
        "a half-written game state": (
            f"UPDATE games SET state = initial_state WHERE id = {game.id}", "last published step's result"),
        "a step that starts from another state": (
            f"UPDATE steps SET state_before = '{{}}' WHERE game_id = {game.id} AND number = {open_step.number}",
            "state_before is not the state after"),
        "a gap in the step numbers": (
            f"UPDATE steps SET number = number + 10 WHERE game_id = {game.id} AND number = {open_step.number}",
            "step numbers are not"),
        "a post changed after its receipt": (f"UPDATE posts SET text = text || ' ' WHERE id = {first}",
                                             "does not match its SHA-256"),
        "a closed step's post without its frozen receipt": (f"DELETE FROM receipts WHERE post_id = {first}",
                                                            "frozen receipt"),
        "an acknowledged post lost": (
            f"DELETE FROM receipts WHERE post_id = {last}; DELETE FROM posts WHERE id = {last}", "is lost"),
    }
    with psycopg.connect(**conninfo) as conn:
        for what, (damage, complaint) in damages.items():
            conn.execute(damage)
            bad, _ = check_on(conn, receipts, Seen())
            conn.rollback()
            assert any(complaint in b for b in bad), (what, bad)
    assert check_database(conninfo, receipts, seen)[0] == []
