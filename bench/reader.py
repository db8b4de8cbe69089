"""In-process reader throughput: order lines read per second against a mid-game state."""

from __future__ import annotations

import hashlib
import time

from letopis.engine import Dice, Faction, LineStatus, Submission, get_ruleset, resolve_step, setup_game


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def sample_posts(ruleset_id: str, count: int = 40) -> list[tuple[object, str, str]]:
    """(state, faction, post) triples from a game played with proposed posts."""
    ruleset = get_ruleset(ruleset_id)
    factions = [Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")]
    state = setup_game(ruleset, ruleset.default_options(), factions, _seed("bench", "setup"))
    samples = []
    step = 0
    while len(samples) < count and step < 5000:
        info = ruleset.turn(state)
        if info.over:
            state = setup_game(ruleset, ruleset.default_options(), factions, _seed("bench", "setup", step))
            continue
        subs = []
        for faction in info.factions:
            text = ruleset.propose(state, faction, Dice(_seed("bench", "propose", step, faction)))
            if info.phase not in {"build", "setup"}:
                samples.append((state, faction, text))
            subs.append(Submission(faction, text))
        state = resolve_step(ruleset, state, subs, _seed("bench", "step", step)).state
        step += 1
    return samples


def reader_throughput(ruleset_id: str, seconds: float = 2.0) -> dict:
    ruleset = get_ruleset(ruleset_id)
    samples = sample_posts(ruleset_id)
    order_lines = [sum(1 for line in ruleset.read(text, state, f).lines if line.status is LineStatus.ORDER)
                   for state, f, text in samples]
    lines = 0
    t0 = time.perf_counter()
    rounds = 0
    while time.perf_counter() - t0 < seconds:
        for (state, faction, text), n in zip(samples, order_lines):
            ruleset.read(text, state, faction)
            lines += n
        rounds += 1
    elapsed = time.perf_counter() - t0
    return {"lines_per_s": lines / elapsed, "posts": len(samples) * rounds}


def megabyte_post(ruleset_id: str) -> dict:
    """Seconds to read a 1 MB post (the service refuses posts over its cap; the reader must stay
    linear anyway), and how that compares with ten times a 100 KB post (1.0 = exactly linear)."""
    ruleset = get_ruleset(ruleset_id)
    state, faction, text = next((s, f, t) for s, f, t in sample_posts(ruleset_id) if len(t) > 40)
    chunk = text + "\nНу держись, сейчас начнётся! :)\n"
    small, big = chunk * (100_000 // len(chunk)), chunk * (1_000_000 // len(chunk))
    t0 = time.perf_counter()
    ruleset.read(small, state, faction)
    t1 = time.perf_counter()
    ruleset.read(big, state, faction)
    t2 = time.perf_counter()
    return {"seconds": t2 - t1, "vs_linear": (t2 - t1) / (10 * (t1 - t0))}
