"""Parsed states kept per process, so the live check does not re-read and re-validate a large state
(a 45×45 dungeon) on every keystroke.

A key names one stored version of a state: a step's ``state_before`` is keyed by the step id and
the moment it was (re)opened, a game's latest state by the game id and its update time. A stored
state changes only together with that moment, so a cached entry is never stale. Readers treat the
state as read-only (rulesets never mutate their input), which makes sharing one parsed copy safe.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from threading import Lock
from typing import Any

from pydantic import BaseModel

from letopis.engine.contract import Ruleset

MAX_ENTRIES = 256

_cache: OrderedDict[Hashable, BaseModel] = OrderedDict()
_lock = Lock()


def peek(ruleset: Ruleset, key: Hashable) -> BaseModel | None:
    """The parsed state stored under ``key``, or None."""
    full_key = (ruleset.id, key)
    with _lock:
        state = _cache.get(full_key)
        if state is not None:
            _cache.move_to_end(full_key)
        return state


def store(ruleset: Ruleset, key: Hashable, data: dict[str, Any]) -> BaseModel:
    """Parse ``data`` (the state stored under ``key``), keep it and return it."""
    state = ruleset.state_from_json(data)
    with _lock:
        _cache[(ruleset.id, key)] = state
        while len(_cache) > MAX_ENTRIES:
            _cache.popitem(last=False)
    return state


def clear() -> None:
    with _lock:
        _cache.clear()
