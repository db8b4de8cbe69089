"""Dungeon Keeper figures: reading a 20-line post against a mid-game state of 8 archdemons × 20
units, resolving a full round of 8 × 20 units with three actions each, and the post used by the
HTTP check benchmark."""

from __future__ import annotations

import statistics
import time

from letopis.engine import LineStatus, get_ruleset


def midgame():
    from rulesets.dungeon_keeper.rules.midgame import midgame_state

    return midgame_state(8, 20)


def twenty_line_post(state) -> tuple[str, str]:
    """The active archdemon's post: 20 order lines, written canonically (`to_text`)."""
    from rulesets.dungeon_keeper.rules.midgame import three_actions

    faction = state.active
    orders = three_actions(state, faction)[:20]
    return faction, "\n".join(o.to_text() for o in orders)


def reader_throughput(seconds: float = 2.0) -> dict:
    ruleset = get_ruleset("dungeon_keeper")
    state = midgame()
    faction, text = twenty_line_post(state)
    reading = ruleset.read(text, state, faction)
    assert reading.ok, [p.render() for p in reading.problems][:3]
    order_lines = sum(1 for line in reading.lines if line.status is LineStatus.ORDER)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        ruleset.read(text, state, faction)
        n += 1
    elapsed = time.perf_counter() - t0
    return {"lines_per_s": n * order_lines / elapsed, "order_lines": order_lines}


def round_resolution(repeats: int = 7) -> dict:
    from rulesets.dungeon_keeper.rules.midgame import play_round, replay_round

    state = midgame()
    _, played, _ = play_round(state)
    actions = sum(len(orders) for _, orders in played)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        replay_round(state, played)
        times.append((time.perf_counter() - t0) * 1000)
    return {"ms": statistics.median(times), "actions": actions, "archdemons": len(played)}
