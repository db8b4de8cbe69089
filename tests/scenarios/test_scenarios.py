"""Whole games as strangers write them (format: ``tests/scenarios/__init__.py``): one test per post,
so a failure names the scenario and the post; each scenario is played once per session."""

from __future__ import annotations

import re
from typing import Any

import pytest

from letopis.engine import all_rulesets, get_ruleset

from .play import (
    CHECKS,
    EXPECTATIONS,
    POST_KEYS,
    SCENARIO_KEYS,
    SETUPS,
    failing,
    kinds,
    played,
    post_id,
    scenarios,
)

RULESETS = sorted(all_rulesets())
WITH_SCENARIOS = [r for r in RULESETS if scenarios(r)]
# at least six games each where the strangers' corpus was written (issue: fresh posts); one elsewhere
MIN_SCENARIOS = {"dice_roll_party": 6, "dungeon_keeper": 6, "kozyablo": 6, "tetranomicon": 6, "wargame": 6}
MIN_POSTS = 5
HEX64 = re.compile(r"^[0-9a-f]{64}$")


def cases() -> list[Any]:
    out = []
    for ruleset in WITH_SCENARIOS:
        known = failing(ruleset)
        for sc in scenarios(ruleset):
            for n, _ in enumerate(sc.get("post", []), 1):
                pid = post_id(sc["id"], n)
                marks = [pytest.mark.xfail(strict=True, reason="not played right yet")] if pid in known else []
                out.append(pytest.param(ruleset, sc["id"], n, id=f"{ruleset}:{pid}", marks=marks))
    return out


@pytest.mark.parametrize(("ruleset", "scenario_id", "number"), cases())
def test_scenario_post(ruleset: str, scenario_id: str, number: int) -> None:
    result = played(ruleset, scenario_id).results[number - 1]
    assert result.ok, f"{ruleset}:{post_id(scenario_id, number)}, step {result.step}:\n" + "\n".join(result.failures)


@pytest.mark.parametrize("ruleset", WITH_SCENARIOS)
def test_scenarios_are_whole(ruleset: str) -> None:
    """Enough scenarios, ids unique across the ruleset's files, a known seed or setup, valid options,
    every post of a known faction with exactly one expectation, and each file's failing list naming
    only real posts of that file."""
    rs = get_ruleset(ruleset)
    scs = scenarios(ruleset)
    assert len(scs) >= MIN_SCENARIOS.get(ruleset, 1), f"{ruleset}: {len(scs)} scenarios"
    ids = [sc["id"] for sc in scs]
    assert len(ids) == len(set(ids)), "duplicate scenario ids"
    posts: set[str] = set()
    for sc in scs:
        where = f"{ruleset}:{sc['id']}"
        assert set(sc) <= SCENARIO_KEYS, f"{where}: unknown keys {set(sc) - SCENARIO_KEYS}"
        assert ("seed" in sc) != ("setup" in sc), f"{where}: give either a seed or a setup document"
        if "seed" in sc:
            assert HEX64.match(sc["seed"]), f"{where}: the seed must be 64 hex digits"
            rs.Options.model_validate(sc.get("options", {}))
        else:
            assert (SETUPS / sc["setup"]).is_file(), f"{where}: no setup document {sc['setup']}"
        factions = {f["id"] for f in sc["factions"]}
        assert len(factions) == len(sc["factions"]), f"{where}: duplicate faction ids"
        assert len(sc.get("post", [])) >= MIN_POSTS, f"{where}: fewer than {MIN_POSTS} posts"
        for n, post in enumerate(sc["post"], 1):
            pid = f"{where}#{n}"
            assert set(post) <= POST_KEYS, f"{pid}: unknown keys {set(post) - POST_KEYS}"
            assert post["faction"] in factions, f"{pid}: unknown faction {post['faction']}"
            assert sum(k in post for k in EXPECTATIONS) == 1, f"{pid}: exactly one of {EXPECTATIONS}"
            assert post.get("default") in (None, True), f"{pid}: default is true or absent"
            assert ("text" in post) != bool(post.get("default")), f"{pid}: a text, or default = true"
            assert "line" not in post or "error" in post, f"{pid}: line goes with error"
            assert "error" not in post or not any(k in post for k in CHECKS), f"{pid}: a refused post has no step to check"
            posts.add(post_id(sc["id"], n))
    for kind in kinds(ruleset):
        if kind:  # a further file by other hands is a whole set of games too
            count = len(scenarios(ruleset, kind))
            assert count >= MIN_SCENARIOS.get(ruleset, 1), f"{ruleset}{kind}: {count} scenarios"
        own = {post_id(sc["id"], n) for sc in scenarios(ruleset, kind) for n, _ in enumerate(sc.get("post", []), 1)}
        stray = failing(ruleset, kind) - own
        assert not stray, f"posts not in {ruleset}{kind}.toml listed in {ruleset}{kind}.failing: {sorted(stray)}"
