"""A web worker's threads share at most two malloc arenas (web/arenas.py): glibc's report
(``malloc_stats``) lists the arenas after threads allocated at once, with and without the cap."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

CODE = """
import ctypes, sys, threading
from letopis.web.arenas import limit_arenas
took = limit_arenas() if sys.argv[1] == "capped" else None
start = threading.Barrier(8)
kept = []
def work():
    start.wait()  # all at once: each thread finds the arenas busy
    for _ in range(200):
        kept.append(bytearray(200_000))
threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
print(took, flush=True)
ctypes.CDLL(None).malloc_stats()
"""


def _arenas(mode: str) -> tuple[str, int]:
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    out = subprocess.run([sys.executable, "-c", CODE, mode], capture_output=True, text=True, env=env, check=True)
    return out.stdout.strip(), out.stderr.count("Arena ")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc")
def test_threads_share_at_most_two_arenas():
    took, capped = _arenas("capped")
    assert took == "True"
    assert 1 <= capped <= 2
    _, free = _arenas("free")
    assert free > 2  # without the cap the same threads spread over more: the check above can fail


def test_a_cap_set_by_whoever_starts_the_process_wins(monkeypatch):
    from letopis.web.arenas import limit_arenas

    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_arenas() is False
