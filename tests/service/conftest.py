"""Service tests: the kill -9 test's preloaded server parent starts as soon as collection shows it runs."""

from __future__ import annotations


def pytest_collection_finish(session) -> None:
    if any("test_crash_safety.py::" in item.nodeid for item in session.items):
        from support.crash_server import start_early

        start_early()
