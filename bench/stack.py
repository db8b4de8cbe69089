"""What every HTTP benchmark stands on: a throwaway PostgreSQL cluster with the migrations applied,
uvicorn processes on loopback ports, and a bearer token.

`database()` yields the cluster's URL and removes the cluster afterwards; `Servers` starts
processes (the Letopis app, the bare endpoints) and stops them all when it closes.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

from letopis.db.embedded import Cluster

ROOT = Path(__file__).resolve().parents[1]
APP = "letopis.web.app:create_app"
BARE = "bench.bare_app:app"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(port: int, proc: subprocess.Popen, path: str = "/docs") -> None:
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise RuntimeError("server did not start")


def serve(target: str, env: dict, factory: bool = False) -> tuple[subprocess.Popen, int]:
    """One uvicorn worker serving ``target`` on a free loopback port, started and answering."""
    port = free_port()
    cmd = [sys.executable, "-m", "uvicorn", target, "--host", "127.0.0.1", "--port", str(port),
           "--log-level", "warning", "--no-access-log"]
    if factory:
        cmd.append("--factory")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env)
    try:
        wait_for(port, proc)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    return proc, port


class Servers:
    """Processes started for one benchmark; closing stops every one of them (SIGTERM, then SIGKILL)."""

    def __init__(self, env: dict) -> None:
        self.env = env
        self.procs: list[subprocess.Popen] = []

    def app(self, **extra_env: str) -> tuple[subprocess.Popen, int]:
        proc, port = serve(APP, {**self.env, **extra_env}, factory=True)
        self.procs.append(proc)
        return proc, port

    def prefork(self, workers: int, **extra_env: str) -> tuple[subprocess.Popen, int]:
        """`letopis serve --workers N` (the gunicorn master) on a free port, all its workers answering."""
        port = free_port()
        cmd = [sys.executable, "-m", "letopis.cli", "serve", "--no-demo", "--workers", str(workers),
               "--host", "127.0.0.1", "--port", str(port)]
        proc = subprocess.Popen(cmd, cwd=ROOT, env={**self.env, **extra_env}, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        self.procs.append(proc)
        wait_for(port, proc)
        deadline = time.time() + 60
        while len(children(proc.pid)) < workers and time.time() < deadline:
            time.sleep(0.2)
        return proc, port

    def bare(self) -> tuple[subprocess.Popen, int]:
        proc, port = serve(BARE, self.env)
        self.procs.append(proc)
        return proc, port

    def close(self) -> None:
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        self.procs.clear()


@contextlib.contextmanager
def database() -> Iterator[tuple[str, dict]]:
    """A throwaway cluster with the schema migrated: (its URL, an environment for servers that use
    it, with the demo off)."""
    root = Path(tempfile.mkdtemp(prefix="letopis-bench-"))
    os.chmod(root, 0o755)
    cluster = Cluster(root / "pg", fast=True)
    try:
        cluster.init()
        cluster.start()
        cluster.create_database("bench")
        url = cluster.url("bench")
        env = {**os.environ, "DATABASE_URL": url, "LETOPIS_DEMO": "false"}
        subprocess.run([sys.executable, "-m", "letopis.cli", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        yield url, env
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def servers(env: dict) -> Iterator[Servers]:
    s = Servers(env)
    try:
        yield s
    finally:
        s.close()


def bearer(port: int, login: str, password: str) -> dict[str, str]:
    """An Authorization header for ``login`` from the app on ``port``."""
    r = httpx.post(f"http://127.0.0.1:{port}/api/token", json={"login": login, "password": password}, timeout=60)
    r.raise_for_status()
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def memory_mb(pid: int) -> dict[str, float]:
    """A process's memory from ``/proc/PID/smaps_rollup``, MB: ``rss`` (every resident page it maps),
    ``pss`` (each page divided by the number of processes sharing it: the processes' PSS add up to
    what they take together) and ``uss`` (its private pages: what its exit would free); zeros where
    /proc is missing."""
    fields: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                fields[name] = int(rest.split()[0])
    except OSError:
        pass
    uss = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
    return {"rss": round(fields.get("Rss", 0) / 1024, 1), "pss": round(fields.get("Pss", 0) / 1024, 1),
            "uss": round(uss / 1024, 1)}


def children(pid: int) -> list[int]:
    """The process ids of ``pid``'s children (Linux /proc)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def rss_mb(pid: int, field: str = "VmRSS") -> float:
    """A process's resident memory, MB (``VmRSS``: all of it; ``RssAnon``: its own, without the
    pages of mapped files such as shared libraries); 0 where /proc is missing."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
