"""The server under the kill -9 test: a preloaded parent that forks `letopis serve` lives, and one
server at a time on a fixed loopback port (see crash_zygote.py and tests/service/test_crash_safety.py).

The parent's imports take 3 s of CPU (7–18 s of wall time on a busy machine), so it is started as
soon as the run's collection shows the crash test will run (`start_early`, from
tests/service/conftest.py) and waits, idle, until the test takes it (`take_zygote`).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy.engine import make_url

from letopis.db.embedded import free_port

APP_NAME = "letopis-crash-server"  # the server's sessions in pg_stat_activity
SECRET = "crash-test-secret-key-0123456789"
ZYGOTE = Path(__file__).resolve().parent / "crash_zygote.py"
_early: Zygote | None = None


class Zygote:
    """The preloaded parent (crash_zygote.py), answering one JSON line per command."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.proc = subprocess.Popen([sys.executable, str(ZYGOTE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=log.open("ab"), text=True, bufsize=1)
        self.ready = False

    def ask(self, command: dict) -> dict:
        if not self.ready:
            line = self.proc.stdout.readline()
            assert line, f"the preloaded parent died: {self.log.read_text()[-3000:]}"
            self.ready = True
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, f"the preloaded parent died: {self.log.read_text()[-3000:]}"
        return json.loads(line)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.log.parent, ignore_errors=True)


class Server:
    """One server at a time on a fixed port: start a life, kill it, learn how it ended."""

    def __init__(self, zygote: Zygote, db_url: str, log: Path) -> None:
        self.zygote, self.log = zygote, log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        url = make_url(db_url).update_query_dict({"application_name": APP_NAME})
        self.env = {"DATABASE_URL": url.render_as_string(hide_password=False), "LETOPIS_SECRET_KEY": SECRET,
                    "LETOPIS_DEMO": "false", "LETOPIS_ENVIRONMENT": "development",
                    "LETOPIS_DATA_DIR": str(log.parent / "data")}
        if os.environ.get("LETOPIS_CRASH_FAULT"):  # prove the test notices a broken server
            self.env["LETOPIS_CRASH_FAULT"] = os.environ["LETOPIS_CRASH_FAULT"]
        self.pid: int | None = None
        self.cold: subprocess.Popen | None = None
        self.cold_starts = 0

    def start(self, cold: bool = False) -> float:
        """Start a life and wait until it answers; returns the seconds it took."""
        began = time.monotonic()
        if cold:
            letopis = Path(sys.executable).with_name("letopis")
            self.cold = subprocess.Popen([str(letopis), "serve", "--no-demo", "--host", "127.0.0.1",
                                          "--port", str(self.port)], env={**os.environ, **self.env},
                                         stdin=subprocess.DEVNULL, stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
            self.pid = self.cold.pid
            self.cold_starts += 1
        else:
            self.cold = None
            self.pid = self.zygote.ask({"op": "start", "port": self.port, "env": self.env, "log": str(self.log)})["pid"]
        deadline = began + (90 if cold else 30)
        while time.monotonic() < deadline:  # uvicorn listens once the app has started
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=2).close()
                return time.monotonic() - began
            except OSError:
                pass
            if self.cold is not None and self.cold.poll() is not None:
                break
            time.sleep(0.02)
        raise AssertionError(f"the server did not start: {self.log.read_text()[-3000:]}")

    def cli(self, *args: str) -> tuple[int | None, str]:
        """Run a `letopis` command (forked like a life, same environment): its exit code and output."""
        out = self.log.with_name(f"cli-{time.monotonic_ns()}.log")
        pid = self.zygote.ask({"op": "start", "port": self.port, "env": self.env, "log": str(out), "args": list(args)})
        code = self.zygote.ask({"op": "wait", "pid": pid["pid"]})["exit"]
        return code, out.read_text()

    def kill(self) -> None:
        assert self.pid is not None
        os.kill(self.pid, signal.SIGKILL)

    def reap(self) -> int | None:
        """Wait for the killed life; the signal that ended it."""
        pid, self.pid = self.pid, None
        if self.cold is not None:
            code = self.cold.wait(timeout=30)
            return -code if code < 0 else None
        return self.zygote.ask({"op": "wait", "pid": pid})["signal"]

    def stop(self) -> None:
        if self.pid is not None:
            self.kill()
            self.reap()


def start_early() -> None:
    """Spawn the parent now, so that its imports overlap whatever runs before the crash test."""
    global _early
    if _early is None:
        _early = Zygote(Path(tempfile.mkdtemp(prefix="letopis-crash-")) / "zygote.log")


def take_zygote() -> Zygote:
    """The parent spawned early, or a new one."""
    global _early
    start_early()
    zygote, _early = _early, None
    return zygote
