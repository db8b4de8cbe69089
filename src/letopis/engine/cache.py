"""Per-process caches bounded by bytes, not by entries.

The readers cache what they compute per line and per word (the live check re-reads a post at every
keystroke, and most lines and words have not changed). Any user can send many distinct long posts,
so a cache bounded by its number of entries is not bounded at all: 20,000 cached lines of 20,000
characters each are gigabytes. Every per-process cache that grows with user input is therefore a
`ByteBudgetCache` with a byte budget, and the budgets add up to a ceiling on a worker's memory
(`budgets()` lists them; tests/engine/test_memory_ceiling.py checks the ceiling).

`ByteBudgetCache` keeps two generations: new entries and hits go into the young one; when the young
one has used half the budget it becomes the old one and the old one is dropped. A lookup is one
dict lookup when it hits the young generation; what was used since the last turnover survives the
next one, so the cache behaves like an LRU at the price of a dict per generation. Sizes are
estimated cheaply (`sys.getsizeof` of the key, and a per-cache function of the value); an entry
bigger than ``max_entry`` bytes is never kept (a 20,000-character line is read, not remembered).

The budgets (each is also written beside its cache):

    engine, shared by every ruleset        rulesets
    text_post.plain_lines      24 MB       dice_roll_party.analysed         8 MB
    text_words.parses          16 MB       dice_roll_party.misspelt         1 MB
    text_words.is_known         2 MB       dungeon_keeper.parsed_lines      8 MB
    text_words.near             2 MB       dungeon_keeper.scanned_lines     6 MB
    text_words.word_number      1 MB       dungeon_keeper.word_info         4 MB
    text_words.inflected        1 MB       kozyablo.scanned_lines           8 MB
    text_words.genders,       0.5 MB       kozyablo.fuzzy_words             2 MB
      agreeing                             kozyablo.deck_suggestions        1 MB
    NameIndex.fits              8 MB       tetranomicon.typo_forms          1 MB
    NameIndex.finds             2 MB       wargame.scanned_lines            4 MB
    Lemmatizer (per lexicon,    4 MB       wargame.fixed_words, colours   1.5 MB
      one per ruleset: lemmas 1, sets 2,   wargame.contact_cells            1 MB
      concepts 1)
    text_words.case_forms     0.5 MB
    clauses.split               1 MB
    service.states (web process only) 64 MB
    service.metrics (web process only) 4 MB
    web.board_png (board PNGs)        16 MB
    service.examples (web process only) 1 MB

With five rulesets the readers' caches add up to ~129 MB; reading 2,000 distinct 20,000-character
posts through all five took one process from 82 MB (loaded) to 161 MB (`python -m bench.memory`).
Caches keyed by ruleset data or by states rather than by post text stay bounded by entries (a
lexicon's tags, a vocabulary's normalised form, a state's unit labels and number index).

Thread safety: web workers are threads. A hit is one `dict.get` (atomic under the GIL); inserting
and the turnover of generations happen under a lock, so concurrent readers see either generation
whole. A race between two misses of one key computes the value twice and keeps one, which is
harmless: cached values are pure functions of their keys.
"""

from __future__ import annotations

import inspect
import sys
import threading
import weakref
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

MISSING: Any = object()
_getsizeof = sys.getsizeof
ENTRY_OVERHEAD = 100  # bytes per entry on top of key and value: the dict slot, hash, and a little slack

_ALL: weakref.WeakSet[ByteBudgetCache] = weakref.WeakSet()


def key_bytes(key: Any) -> int:
    """The memory of a key: a string's own size; for a tuple, its slots and the strings and
    numbers in it (nested tuples and other members — a shared vocabulary, a context's signature —
    are owned elsewhere and not counted)."""
    if type(key) is str:
        return _getsizeof(key)
    if type(key) is tuple:
        n = 40 + 8 * len(key)
        for part in key:
            t = type(part)
            if t is str:
                n += _getsizeof(part)
            elif t is int:
                n += 28
        return n
    return 64


def str_bytes(s: str | None) -> int:
    return 0 if s is None else _getsizeof(s)


def column_map_bytes(cols: list[int] | None) -> int:
    """A column map (list of the columns 0…n-1 of a line, roughly): 8 bytes a slot, and an int
    object of 28 bytes for each value past 256 (the small ints are shared)."""
    if cols is None:
        return 0
    n = len(cols)
    return 56 + 8 * n + 28 * max(0, n - 257)


def flat_bytes(value: Any) -> int:
    """A value whose memory is its own `sys.getsizeof` (a bool, an int, a short frozen record)."""
    return _getsizeof(value)


class ByteBudgetCache(Generic[K, V]):
    """A map from keys to computed values holding at most ``budget`` bytes (estimated).

    ``size(value)`` estimates a value's bytes (default: `sys.getsizeof`, right for flat values);
    ``max_entry`` is the largest entry kept (default: a sixteenth of the budget); ``max_key``, if
    given, the longest string key kept, in characters (checked before anything is computed).
    """

    __slots__ = ("__weakref__", "_lock", "_old", "_old_bytes", "_size", "_young", "_young_bytes", "budget",
                 "max_entry", "max_key", "name")

    def __init__(self, name: str, budget: int, *, size: Callable[[Any], int] | None = None,
                 max_entry: int | None = None, max_key: int | None = None) -> None:
        self.name = name
        self.budget = int(budget)
        self.max_entry = int(max_entry if max_entry is not None else max(256, budget // 16))
        self.max_key = max_key
        self._size = size or _getsizeof
        self._young: dict[K, V] = {}
        self._old: dict[K, V] = {}
        self._young_bytes = 0
        self._old_bytes = 0
        self._lock = threading.Lock()
        _ALL.add(self)

    def get(self, key: K, default: Any = None) -> V | Any:
        """The cached value of ``key``, or ``default``."""
        got = self._young.get(key, MISSING)
        if got is not MISSING:
            return got
        got = self._old.get(key, MISSING)
        if got is MISSING:
            return default
        self.put(key, got)  # used again: it survives the next turnover
        return got

    def _too_long(self, key: Any) -> bool:
        if self.max_key is None:
            return False
        if type(key) is tuple and key:
            key = key[0]
        return type(key) is str and len(key) > self.max_key

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` if it fits the budget; return it either way."""
        if self._too_long(key):
            return value
        cost = key_bytes(key) + self._size(value) + ENTRY_OVERHEAD
        if cost > self.max_entry:
            return value
        with self._lock:
            if key in self._young:
                return value
            if self._young_bytes + cost > self.budget // 2:
                self._old = self._young
                self._old_bytes = self._young_bytes
                self._young = {}
                self._young_bytes = 0
            self._young[key] = value
            self._young_bytes += cost
        return value

    def lookup(self, key: K, compute: Callable[[K], V]) -> V:
        """The cached value of ``key``, computed by ``compute(key)`` and kept if missing."""
        got = self._young.get(key, MISSING)
        if got is not MISSING:
            return got
        got = self.get(key, MISSING)
        if got is MISSING:
            if self._too_long(key):
                return compute(key)
            got = self.put(key, compute(key))
        return got

    def discard(self, key: K) -> None:
        """Forget ``key`` (a value that has gone stale), in both generations."""
        with self._lock:
            for gen in (self._young, self._old):
                value = gen.pop(key, MISSING)
                if value is not MISSING:
                    cost = key_bytes(key) + self._size(value) + ENTRY_OVERHEAD
                    if gen is self._young:
                        self._young_bytes -= cost
                    else:
                        self._old_bytes -= cost

    def clear(self) -> None:
        with self._lock:
            self._young, self._old = {}, {}
            self._young_bytes = self._old_bytes = 0

    @property
    def nbytes(self) -> int:
        """Estimated bytes held now (never more than the budget)."""
        return self._young_bytes + self._old_bytes

    def __len__(self) -> int:
        """Entries held (an entry used in both generations counts twice)."""
        return len(self._young) + len(self._old)

    # The dict protocol, so that a dict used as a cache can become a ByteBudgetCache by its
    # declaration alone (``if k in c: return c[k]`` … ``c[k] = v``; ``len(c)``, ``c.clear()``).
    # A key found in the old generation moves to the young one, so ``c[k]`` right after ``k in c``
    # finds it even if another thread turns the generations over in between.
    def __contains__(self, key: object) -> bool:
        return key in self._young or self.get(key, MISSING) is not MISSING  # type: ignore[arg-type]

    def __getitem__(self, key: K) -> V:
        got = self._young.get(key, MISSING)
        if got is MISSING:
            got = self._old.get(key, MISSING)
            if got is MISSING:
                raise KeyError(key)
        return got

    def __setitem__(self, key: K, value: V) -> None:
        self.put(key, value)

    def __repr__(self) -> str:
        return f"<ByteBudgetCache {self.name}: {self.nbytes:,} of {self.budget:,} bytes, {len(self)} entries>"


def byte_cached(name: str, budget: int, *, size: Callable[[Any], int] | None = None,
                max_entry: int | None = None, max_key: int | None = None) -> Callable:
    """Decorator: `functools.lru_cache` with a byte budget, for a pure function of hashable
    arguments (no keywords). A one-argument function is keyed by its argument, others by the
    tuple of arguments. The wrapper has ``cache`` and ``cache_clear()``."""

    def wrap(fn: Callable[..., V]) -> Callable[..., V]:
        cache: ByteBudgetCache[Any, V] = ByteBudgetCache(name, budget, size=size, max_entry=max_entry,
                                                         max_key=max_key)
        def one(arg: Any) -> V:
            got = cache._young.get(arg, MISSING)
            if got is not MISSING:
                return got
            got = cache.get(arg, MISSING)
            if got is MISSING:
                got = cache.put(arg, fn(arg))
            return got

        def many(*args: Any, **kwargs: Any) -> V:
            key = args + tuple(sorted(kwargs.items())) if kwargs else args
            got = cache._young.get(key, MISSING)
            if got is not MISSING:
                return got
            got = cache.get(key, MISSING)
            if got is MISSING:
                got = cache.put(key, fn(*args, **kwargs))
            return got

        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        wrapper: Any = wraps(fn)(one if len(params) == 1 else many)
        wrapper.cache = cache
        wrapper.cache_clear = cache.clear
        return wrapper

    return wrap


def items_bytes(per_item: int) -> Callable[[Any], int]:
    """A size function for a sequence of small records (the items of a line): ``per_item`` bytes
    each (the record, its text and numbers), and the sequence itself."""

    def size(seq: Any) -> int:
        return 64 + (8 + per_item) * len(seq)

    return size


def budgets() -> list[tuple[str, int, int, int]]:
    """(name, budget, bytes held, entries) of every live byte-budget cache in this process."""
    return sorted((c.name, c.budget, c.nbytes, len(c)) for c in list(_ALL))


def total_budget() -> int:
    return sum(c.budget for c in list(_ALL))


def clear_all() -> None:
    for c in list(_ALL):
        c.clear()
