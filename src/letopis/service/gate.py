"""A bound on expensive work in one process: a few at once, a few more waiting, the rest refused.

Hashing a password (argon2) and drawing a board as a PNG each take a core for a noticeable time.
A flood of either must take one core's share at most, and never every worker thread, so that
other requests keep running: the caller past the queue gets `Busy` (503 with Retry-After) at once.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import Busy


class Gate:
    """At most ``concurrency`` holders of a slot at once, and at most ``queue`` more waiting for
    their turn (a thread each); the next one gets `Busy` with ``busy_message`` and ``busy_code``."""

    def __init__(self, concurrency: int = 1, queue: int = 8, *, busy_message: str, busy_code: str) -> None:
        self.busy_message, self.busy_code = busy_message, busy_code
        self._lock = threading.Lock()
        self.configure(concurrency, queue)

    def configure(self, concurrency: int, queue: int) -> None:
        with self._lock:
            self.concurrency, self.queue = max(1, concurrency), max(0, queue)
            self._slots = threading.BoundedSemaphore(self.concurrency)
            self._inside = 0

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._lock:
            if self._inside >= self.concurrency + self.queue:
                raise Busy(self.busy_message, code=self.busy_code)
            self._inside += 1
            slots = self._slots
        try:
            with slots:
                yield
        finally:
            with self._lock:
                self._inside -= 1
