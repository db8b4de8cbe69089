"""The live check's latency while someone floods the log-in with wrong passwords (issue 14).

One uvicorn worker on 127.0.0.1 against a throwaway cluster, with the real argon2 costs. A probe
sends Dungeon Keeper live checks one after another (a bearer token, a 20-line post) and times
them: first quietly, then while 8 clients send 200 wrong passwords for the master's account to
``POST /api/token`` (bounded: 200 attempts, 90 s at most). `python -m bench.login_flood` prints
the medians; extra environment (``LETOPIS_LOGIN_…``) passes through to the server, so the same
run measures throttling off (``LETOPIS_LOGIN_MAX_FAILURES=100000``) or on.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from letopis.db.embedded import Cluster

from .http_check import ROOT, _check_scenarios
from .stack import serve as _serve

FLOOD_ATTEMPTS = 200
FLOOD_CLIENTS = 8
FLOOD_LIMIT_S = 90.0
QUIET_S = 4.0


def _probe(port: int, path: str, body: dict, headers: dict, stop: threading.Event, out: list[float],
           max_requests: int = 5_000) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    payload = json.dumps(body).encode()
    hdrs = {"Content-Type": "application/json", **headers}
    while not stop.is_set() and len(out) < max_requests:
        t0 = time.perf_counter()
        conn.request("POST", path, body=payload, headers=hdrs)
        resp = conn.getresponse()
        resp.read()
        if resp.status != 200:
            raise RuntimeError(f"live check answered {resp.status}")
        out.append(time.perf_counter() - t0)
        time.sleep(0.02)
    conn.close()


def _flood(port: int, statuses: dict[int, int], lock: threading.Lock) -> None:
    budget = iter(range(FLOOD_ATTEMPTS))
    deadline = time.monotonic() + FLOOD_LIMIT_S

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        body = json.dumps({"login": "master", "password": "wrong"}).encode()
        while time.monotonic() < deadline:
            with lock:
                if next(budget, None) is None:
                    break
            conn.request("POST", "/api/token", body=body, headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            with lock:
                statuses[resp.status] = statuses.get(resp.status, 0) + 1
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(FLOOD_CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def _summary(latencies: list[float]) -> dict:
    if not latencies:
        return {"n": 0}
    ordered = sorted(latencies)
    return {"n": len(ordered), "p50_ms": round(statistics.median(ordered) * 1000, 1),
            "p90_ms": round(ordered[int(len(ordered) * 0.9)] * 1000, 1)}


def run() -> dict:
    root = Path(tempfile.mkdtemp(prefix="letopis-flood-"))
    os.chmod(root, 0o755)
    cluster = Cluster(root / "pg", fast=True)
    proc = None
    try:
        cluster.init()
        cluster.start()
        cluster.create_database("bench")
        url = cluster.url("bench")
        env = {**os.environ, "DATABASE_URL": url, "LETOPIS_DEMO": "false"}
        subprocess.run([sys.executable, "-m", "letopis.cli", "db", "upgrade"], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        _, game_id, faction, text = next(s for s in _check_scenarios(url) if s[0] == "dk")
        proc, port = _serve("letopis.web.app:create_app", env, factory=True)
        token = httpx.post(f"http://127.0.0.1:{port}/api/token", timeout=30,
                           json={"login": "master", "password": "demo"}).json()["access_token"]
        auth = {"Authorization": f"Bearer {token}"}
        path, body = f"/api/games/{game_id}/check", {"faction": faction, "text": text}
        for _ in range(20):  # warm up
            httpx.post(f"http://127.0.0.1:{port}{path}", json=body, headers=auth, timeout=30).raise_for_status()

        quiet: list[float] = []
        stop = threading.Event()
        probe = threading.Thread(target=_probe, args=(port, path, body, auth, stop, quiet))
        probe.start()
        time.sleep(QUIET_S)
        stop.set()
        probe.join()

        during: list[float] = []
        statuses: dict[int, int] = {}
        stop = threading.Event()
        probe = threading.Thread(target=_probe, args=(port, path, body, auth, stop, during))
        probe.start()
        t0 = time.perf_counter()
        _flood(port, statuses, threading.Lock())
        flood_s = time.perf_counter() - t0
        stop.set()
        probe.join()
        return {"quiet": _summary(quiet), "flood": _summary(during), "flood_seconds": round(flood_s, 1),
                "flood_statuses": statuses}
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    print(json.dumps(run(), ensure_ascii=False))
