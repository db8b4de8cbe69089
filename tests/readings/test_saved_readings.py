"""Readings that were right stay byte-identical (see `tests/readings/saved.py`)."""

from __future__ import annotations

import pytest

from letopis.engine import all_rulesets

from .saved import RULESETS, load, reading_json


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_saved_readings_are_unchanged(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    saved = load(ruleset_id)
    states = {k: ruleset.state_from_json(v) for k, v in saved["states"].items()}
    changed = []
    for i, sample in enumerate(saved["samples"]):
        got = reading_json(ruleset.read(sample["text"], states[sample["state"]], sample["faction"]))
        if got != sample["reading"]:
            changed.append((i, sample["text"], sample["reading"], got))
    assert not changed, f"{len(changed)} of {len(saved['samples'])} readings changed; first: {changed[0]}"
