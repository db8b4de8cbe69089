"""A small, bounded HTTP load generator for loopback servers (keep-alive connections in threads).

It only ever targets 127.0.0.1 and stops after a fixed number of requests or seconds.
"""

from __future__ import annotations

import http.client
import json
import threading
import time


def post_load(port: int, path: str, body: dict, headers: dict[str, str] | None = None, *,
              connections: int = 8, seconds: float = 5.0, max_requests: int = 50_000) -> dict:
    """Requests, errors, req/s, p50 and the sorted latencies (s) of ``seconds`` of load."""
    payload = json.dumps(body).encode()
    hdrs = {"Content-Type": "application/json", **(headers or {})}
    done = 0
    errors = 0
    latencies: list[float] = []
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def worker() -> None:
        nonlocal done, errors
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        local: list[float] = []
        local_err = 0
        while time.perf_counter() < stop_at:
            with lock:
                if done >= max_requests:
                    break
                done += 1
            t0 = time.perf_counter()
            conn.request("POST", path, body=payload, headers=hdrs)
            resp = conn.getresponse()
            resp.read()
            local.append(time.perf_counter() - t0)
            if resp.status >= 400:
                local_err += 1
        conn.close()
        with lock:
            latencies.extend(local)
            errors += local_err

    threads = [threading.Thread(target=worker) for _ in range(connections)]
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
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": latencies[len(latencies) // 2] * 1000 if latencies else None,
        "elapsed": elapsed,
        "latencies": latencies,
    }


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
