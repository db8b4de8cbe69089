"""A small, bounded HTTP load generator for loopback servers (keep-alive connections in threads).

It only ever targets 127.0.0.1 and stops after a fixed number of requests or seconds.
`side_by_side` measures several endpoints in alternating slices, so that load from elsewhere on a
shared machine falls on every figure alike.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Request:
    """One request of a load: where it goes and what it carries (a JSON body for POST)."""

    port: int
    path: str
    body: dict | None = None
    headers: dict[str, str] = field(default_factory=dict)
    method: str = "POST"

    def encoded(self) -> tuple[bytes | None, dict[str, str]]:
        if self.body is None:
            return None, dict(self.headers)
        return json.dumps(self.body).encode(), {"Content-Type": "application/json", **self.headers}


def load(requests: Sequence[Request], *, connections: int = 8, seconds: float = 5.0,
         max_requests: int = 50_000, expect: Callable[[int], bool] = lambda status: status < 400) -> dict:
    """``seconds`` of load: each connection sends the requests in turn (connection ``i`` starts at
    request ``i``; a request to another port uses that port's own connection). Returns requests,
    errors (statuses ``expect`` refuses), req/s, p50 and the sorted latencies (s)."""
    prepared = [(r.port, r.method, r.path, *r.encoded()) for r in requests]
    done = 0
    errors = 0
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def worker(start: int) -> None:
        nonlocal done, errors
        conns: dict[int, http.client.HTTPConnection] = {}
        local: list[float] = []
        local_err = 0
        k = start
        while time.perf_counter() < stop_at:
            with lock:
                if done >= max_requests:
                    break
                done += 1
            port, method, path, payload, hdrs = prepared[k % len(prepared)]
            k += 1
            conn = conns.get(port) or conns.setdefault(port, http.client.HTTPConnection("127.0.0.1", port, timeout=60))
            t0 = time.perf_counter()
            try:
                conn.request(method, path, body=payload, headers=hdrs)
                resp = conn.getresponse()
                resp.read()
                status = resp.status
            except (ConnectionError, http.client.HTTPException):  # the server dropped it: status 0
                conn.close()
                conns.pop(port)
                status = 0
            local.append(time.perf_counter() - t0)
            if not expect(status):
                local_err += 1
                with lock:
                    statuses[status] = statuses.get(status, 0) + 1
        for conn in conns.values():
            conn.close()
        with lock:
            latencies.extend(local)
            errors += local_err

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    latencies.sort()
    return {
        "requests": len(latencies),
        "errors": errors,
        "error_statuses": statuses,
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": latencies[len(latencies) // 2] * 1000 if latencies else None,
        "elapsed": elapsed,
        "latencies": latencies,
    }


def post_load(port: int, path: str, body: dict, headers: dict[str, str] | None = None, *,
              connections: int = 8, seconds: float = 5.0, max_requests: int = 50_000) -> dict:
    """``seconds`` of one POST, again and again."""
    return load([Request(port, path, body, headers or {})], connections=connections, seconds=seconds,
                max_requests=max_requests)


def merged(runs: list[dict]) -> dict:
    """Several slices of load on one endpoint as one figure: all requests over all the time."""
    latencies = sorted(x for r in runs for x in r["latencies"])
    elapsed = sum(r["elapsed"] for r in runs)
    return {
        "requests": len(latencies),
        "errors": sum(r["errors"] for r in runs),
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": latencies[len(latencies) // 2] * 1000 if latencies else None,
    }


def side_by_side(loads: dict[str, Callable[[float], dict]], *, seconds: float, slices: int = 6,
                 warm: float = 0.5) -> dict[str, dict]:
    """Each load (``fn(seconds) -> load figures``) warmed for ``warm`` seconds, then run for
    ``seconds`` in all, cut into ``slices`` slices that alternate with the others' (the order
    turns each round, so that none always follows the same neighbour); the merged figures."""
    names = list(loads)
    for name in names:
        loads[name](warm)
    runs: dict[str, list[dict]] = {name: [] for name in names}
    for i in range(slices):
        shift = i % len(names)
        order = names[shift:] + names[:shift]
        if i % 2:
            order.reverse()
        for name in order:
            runs[name].append(loads[name](seconds / slices))
    out = {}
    for name in names:
        fig = merged(runs[name])
        bad = {}
        for r in runs[name]:
            for status, n in r.get("error_statuses", {}).items():
                bad[status] = bad.get(status, 0) + n
        if fig["errors"]:
            raise RuntimeError(f"{name}: {fig['errors']} failed requests of {fig['requests']} (statuses {bad})")
        out[name] = fig
    return out
