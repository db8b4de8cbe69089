"""A worker's memory has a ceiling whatever users send (issue 14).

Every per-process cache that grows with user input is a `ByteBudgetCache`; their budgets add up to
`CACHE_CEILING_MB` (the parsed states of the web process have 64 MB of their own). Reading distinct 20,000-character posts through every registered ruleset's
reader, in a fresh process, must keep that process under `RSS_CEILING_MB` and grow it by no more
than the caches' budgets (before the caches were bounded by bytes, 2,000 such posts through two
readers grew one process from 41 MB to 3.9 GB).

CI reads `POSTS` posts (~20 s of CPU); ``LETOPIS_MEMORY_POSTS=2000`` reads more (`python -m
bench.memory 2000` prints the same figures).
"""

from __future__ import annotations

import importlib
import os
import sys

import pytest

from letopis.engine.cache import ByteBudgetCache, budgets, byte_cached

RSS_CEILING_MB = 300  # the whole process: interpreter, dictionary, five rulesets, full caches
CACHE_CEILING_MB = 160  # the sum of every cache's budget, with room for another ruleset
GROWTH_SLACK_MB = 40  # the allocator's own overhead on top of what the caches hold
POSTS = int(os.environ.get("LETOPIS_MEMORY_POSTS", "100"))


def test_a_cache_holds_no_more_than_its_budget():
    cache: ByteBudgetCache[str, str] = ByteBudgetCache("test", 64_000, max_key=100)
    for i in range(10_000):
        key = f"слово{i}"
        assert cache.lookup(key, lambda k: k.upper()) == key.upper()
        assert cache.nbytes <= cache.budget
    assert 0 < len(cache) < 10_000
    assert cache.get("слово9999") == "СЛОВО9999"  # the newest are kept
    assert cache.get("слово0") is None  # the oldest are gone
    long = "ы" * 101
    assert cache.lookup(long, len) == 101 and long not in cache  # a long key is computed, not kept
    cache.put("огромное", "x" * 100_000)  # bigger than an entry may be: not kept
    assert "огромное" not in cache


def test_what_is_used_survives_a_turnover():
    cache: ByteBudgetCache[str, int] = ByteBudgetCache("test", 40_000, size=lambda v: 0)
    for i in range(5_000):
        cache.put(f"новое{i}", i)
        assert cache.get("частое", 0) in (0, 1) and cache.lookup("частое", lambda k: 1) == 1
    assert "частое" in cache and cache["частое"] == 1


def test_a_discarded_entry_is_gone_from_both_generations_and_its_bytes_with_it():
    cache: ByteBudgetCache[str, str] = ByteBudgetCache("test", 10_000)
    cache.put("старое", "x" * 100)
    for i in range(30):  # one turnover: «старое» is in the old generation
        cache.put(f"k{i}", "y" * 10)
    held = cache.nbytes
    assert "старое" in cache._old and "старое" not in cache._young
    cache.discard("старое")
    assert "старое" not in cache and cache.nbytes < held
    cache.discard("нет такого")  # nothing to forget: nothing happens
    cache.put("новое", "z")
    cache.discard("новое")
    assert "новое" not in cache and cache.nbytes >= 0


def test_byte_cached_is_an_lru_cache_with_a_byte_budget():
    calls = []

    @byte_cached("test.double", 10_000, size=lambda v: 0)
    def double(word: str, times: int = 2) -> str:
        calls.append(word)
        return word * times

    assert double("а") == "аа" and double("а") == "аа" and calls == ["а"]
    assert double("а", 3) == "ааа" and double("а", times=3) == "ааа"
    for i in range(2_000):
        double(str(i))
    assert double.cache.nbytes <= 10_000
    double.cache_clear()
    assert double.cache.nbytes == 0


def test_every_reader_cache_has_a_budget():
    from letopis.service import state_cache

    for module in ("dice_roll_party.reader_words", "dungeon_keeper.reader_syntax", "kozyablo.decks",
                   "tetranomicon.reading.words", "wargame.reading.words"):
        importlib.import_module(f"rulesets.{module}")  # each ruleset's caches

    names = {name for name, *_ in budgets()}
    for expected in ("text_post.plain_lines", "text_words.parses", "NameIndex.fits", "NameIndex.finds", "service.states",
                     "dice_roll_party.analysed", "dungeon_keeper.parsed_lines",
                     "kozyablo.deck_suggestions", "tetranomicon.typo_forms", "wargame.fixed_words",
                     "wargame.scanned_lines"):
        assert expected in names
    assert state_cache.BUDGET <= 64 << 20


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_reading_many_distinct_long_posts_stays_under_the_ceiling():
    from bench import memory

    figures = memory.run(POSTS)
    print(figures)
    assert figures["posts"] == POSTS and figures["rulesets"] >= 5
    assert figures["cache_held_mb"] <= figures["cache_budget_mb"] <= CACHE_CEILING_MB
    growth = figures["rss_end_mb"] - figures["rss_loaded_mb"]
    assert growth <= figures["cache_budget_mb"] + GROWTH_SLACK_MB, figures
    assert figures["rss_end_mb"] <= RSS_CEILING_MB, figures
