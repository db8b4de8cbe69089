"""Regression cases exported from GM rulings (`service.export_ruling`): every *.json here is
re-resolved from its state, posts and seed, and the engine must still give the recorded result
(the GM's own result is kept alongside for the record, not checked)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from letopis.engine.registry import get_ruleset
from letopis.engine.resolution import Submission, resolve_step

CASES = sorted(Path(__file__).parent.glob("*.json"))


def load(path: Path) -> dict:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case["format"] == "letopis-ruling/1", f"{path.name}: unknown format"
    return case


def test_there_is_at_least_one_case():
    assert CASES, "tests/rulings holds no exported ruling"


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_engine_still_gives_the_recorded_result(path: Path):
    case = load(path)
    ruleset = get_ruleset(case["ruleset"])
    for sub in case["submissions"]:
        if sub["text"] is not None:
            assert hashlib.sha256(sub["text"].encode("utf-8")).hexdigest() == sub["sha256"]
    subs = [Submission(s["faction"], None if s["default"] else s["text"]) for s in case["submissions"]]
    result = resolve_step(ruleset, ruleset.state_from_json(case["state_before"]), subs, case["seed"])
    engine = case["engine_result"]
    assert result.ok == engine["ok"]
    assert [e.model_dump(mode="json") for e in result.events] == engine["events"]
    assert [r.model_dump(mode="json") for r in result.rolls] == engine["rolls"]
    assert result.state.model_dump(mode="json") == engine["state_after"]
    assert case["reason"], "a ruling says why"
