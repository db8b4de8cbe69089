"""A reader's memory after many distinct long posts (issue 14): the per-process caches are bounded by
bytes (`letopis.engine.cache`), so a worker's memory levels off however many posts users send.

`python -m bench.memory [POSTS]` reads POSTS distinct posts of 20,000 characters through every
registered ruleset's reader (in turns, against states from the start, the middle and the end of a
game played with proposed posts), in a fresh process, and prints the process's resident memory
(RSS) before, midway and after, and what the caches hold. `run(posts)` does the same in a
subprocess and returns the figures (the test and `make bench` use it).

The posts are what a flood of distinct posts looks like to the caches: lines of proposed posts with
words and numbers added (every line new), lines of invented words (a pool of 3,000 the dictionary
does not know, and a fresh one now and then), quoted lines, and a 3,000-character paragraph.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

POST_SIZE = 20_000
BENCH_POSTS = 200  # `make bench` (~35 s of CPU); `python -m bench.memory 2000` for the long run
ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def rss_mb() -> float:
    """This process's resident memory, MB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def game_states(ruleset_id: str, steps: int = 12) -> tuple[object, list[tuple[object, str]], list[str]]:
    """(ruleset, [(state, poster)] at the start, middle and end of `steps` steps, the proposed lines)."""
    from letopis.engine import Dice, Faction, Submission, get_ruleset, resolve_step, setup_game

    ruleset = get_ruleset(ruleset_id)
    n = max(ruleset.min_factions, min(2, ruleset.max_factions))
    factions = [Faction(id=f"p{i + 1}", name=name) for i, name in enumerate(["Анна", "Борис", "Вера", "Глеб"][:n])]
    state = setup_game(ruleset, ruleset.default_options(), factions, _seed(ruleset_id, "setup"))
    states: list[tuple[object, str]] = []
    lines: list[str] = []
    for k in range(steps):
        info = ruleset.turn(state)
        if info.over:
            break
        subs = []
        for faction in info.factions:
            text = ruleset.propose(state, faction, Dice(_seed(ruleset_id, k, faction)))
            lines += [ln for ln in text.splitlines() if ln.strip()]
            subs.append(Submission(faction, text))
        if k in (0, steps // 2, steps - 1):
            states.append((state, info.factions[0]))
        state = resolve_step(ruleset, state, subs, _seed(ruleset_id, "step", k)).state
    return ruleset, states, lines or ["Пас."]


def invented_word(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(3, 10)))


def distinct_post(rng: random.Random, lines: list[str], pool: list[str], size: int = POST_SIZE) -> str:
    """A post of `size` characters whose lines are (almost surely) new."""
    out: list[str] = []
    n = 0
    while n < size:
        r = rng.random()
        if r < 0.7:
            line = f"{rng.choice(lines)} {rng.choice(pool)} {rng.randint(1, 999)}"
        elif r < 0.9:
            line = " ".join(rng.choice(pool) for _ in range(rng.randint(3, 9)))
        elif r < 0.98:
            line = f"[quote]{rng.choice(lines)}[/quote] {rng.choice(pool)} {invented_word(rng)}"
        else:
            line = " ".join(rng.choice(pool) for _ in range(400))
        out.append(line)
        n += len(line) + 1
    return "\n".join(out)[:size]


def measure(posts: int, ruleset_ids: list[str] | None = None) -> dict:
    """Read `posts` distinct posts (spread over the rulesets) in this process; the figures."""
    from letopis.engine import all_rulesets

    try:
        from letopis.engine.cache import budgets, total_budget
    except ImportError:  # a version before the caches were bounded by bytes (for comparison)
        def budgets() -> list:
            return []

        def total_budget() -> int:
            return 0

    start = rss_mb()
    rng = random.Random(14)
    pool = [invented_word(rng) for _ in range(3000)]
    games = [game_states(rid) for rid in (ruleset_ids or sorted(all_rulesets()))]
    loaded = rss_mb()
    t0 = time.process_time()
    middle = loaded
    for i in range(posts):
        ruleset, states, lines = games[i % len(games)]
        state, faction = states[(i // len(games)) % len(states)]
        ruleset.read(distinct_post(rng, lines, pool), state, faction)  # type: ignore[attr-defined]
        if i + 1 == posts // 2:
            middle = rss_mb()
    cpu = time.process_time() - t0
    held = budgets()
    return {
        "posts": posts, "post_chars": POST_SIZE, "rulesets": len(games), "cpu_s": round(cpu, 1),
        "rss_start_mb": round(start, 1), "rss_loaded_mb": round(loaded, 1), "rss_middle_mb": round(middle, 1),
        "rss_end_mb": round(rss_mb(), 1), "cache_budget_mb": round(total_budget() / 2**20, 1),
        "cache_held_mb": round(sum(h for _, _, h, _ in held) / 2**20, 1), "caches": len(held),
    }


def run(posts: int, timeout: float = 900) -> dict:
    """`measure(posts)` in a fresh Python process (so that nothing read before counts)."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-m", "bench.memory", str(posts), "--json"], cwd=root, check=True,
                         capture_output=True, text=True, timeout=timeout)
    return json.loads(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    figures = measure(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
    if "--json" in sys.argv:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name}: {value}")
