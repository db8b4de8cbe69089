"""Parsed states kept per process, so the live check does not re-read and re-validate a large state
(a 45×45 dungeon) on every keystroke.

A key names one stored version of a state: a step's ``state_before`` is keyed by the step id and
the moment it was (re)opened, a game's latest state by the game id and its update time. A stored
state changes only together with that moment, so a cached entry is never stale. Readers treat the
state as read-only (rulesets never mutate their input), which makes sharing one parsed copy safe.

The cache is bounded by bytes (`ByteBudgetCache`, 64 MB): a parsed state is estimated at eight
times its JSON text (a mid-game Dungeon Keeper state of 61,000 characters parses into ~420 KB of
objects), so it holds some 150 such states, or a few of the largest a GM can import.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

from pydantic import BaseModel

from letopis.engine.cache import ByteBudgetCache
from letopis.engine.contract import Ruleset

BUDGET = 64 << 20
PARSED_PER_JSON_CHAR = 8  # bytes of parsed objects per character of the state's JSON (measured ~7)

_cache: ByteBudgetCache[Hashable, tuple[BaseModel, int]] = ByteBudgetCache(
    "service.states", BUDGET, size=lambda entry: entry[1], max_entry=BUDGET // 4)


def peek(ruleset: Ruleset, key: Hashable) -> BaseModel | None:
    """The parsed state stored under ``key``, or None."""
    got = _cache.get((ruleset.id, key))
    return None if got is None else got[0]


def store(ruleset: Ruleset, key: Hashable, data: dict[str, Any] | str) -> BaseModel:
    """Parse ``data`` (the state stored under ``key``), keep it if it fits and return it."""
    state = ruleset.state_from_json(data)
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    _cache.put((ruleset.id, key), (state, PARSED_PER_JSON_CHAR * len(text)))
    return state


def clear() -> None:
    _cache.clear()
