"""One conformance suite for every registered ruleset (after OpenSpiel's random_sim_test).

Each ruleset is played with its own random legal posts (`propose`) for many steps; the same seeds
must give the same events and states; states and events round-trip through JSON; no text makes the
reader raise; pictures are well-formed SVG; every clause of its checklist is an anchor in rules.md.
"""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from letopis.engine import (
    GM,
    PUBLIC,
    Dice,
    Event,
    Faction,
    Submission,
    Viewer,
    ViewerRole,
    all_rulesets,
    resolve_step,
    setup_game,
)

STEPS = 240
RULESETS = sorted(all_rulesets())
CHECKLISTS = Path(__file__).resolve().parents[3] / "shared" / "checklists"
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар"]


def seed_for(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def factions_for(ruleset) -> list[Faction]:
    n = max(ruleset.min_factions, min(2, ruleset.max_factions))
    return [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n)]


def play(ruleset, game_seed: str, steps: int):
    """Play `steps` steps with proposed posts; start a new game whenever one ends."""
    trace = []
    game = 0
    state = setup_game(ruleset, ruleset.default_options(), factions_for(ruleset), seed_for(game_seed, "setup", game))
    for number in range(steps):
        info = ruleset.turn(state)
        if info.over:
            assert ruleset.result(state) is not None, "a finished game must have a result"
            game += 1
            state = setup_game(ruleset, ruleset.default_options(), factions_for(ruleset),
                               seed_for(game_seed, "setup", game))
            continue
        assert info.factions, f"step {number}: nobody may post but the game is not over"
        submissions = []
        for faction in info.factions:
            text = ruleset.propose(state, faction, Dice(seed_for(game_seed, "propose", number, faction)))
            reading = ruleset.read(text, state, faction)
            assert reading.ok, f"step {number}: proposed post refused:\n{text}\n{[p.render() for p in reading.problems]}"
            submissions.append(Submission(faction, text))
        result = resolve_step(ruleset, state, submissions, seed_for(game_seed, "step", number))
        assert result.ok
        trace.append(([e.model_dump(mode="json") for e in result.events], result.state.model_dump(mode="json")))
        state = result.state
    return trace, state


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_legal_play_is_deterministic_and_round_trips(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    trace, state = play(ruleset, f"conformance-{ruleset_id}", STEPS)
    assert len(trace) >= STEPS * 0.9
    again, _ = play(ruleset, f"conformance-{ruleset_id}", STEPS)
    assert again == trace, "same seeds must give the same events and states"
    for events, snapshot in trace[:60]:
        restored = ruleset.state_from_json(json.dumps(snapshot))
        assert restored.model_dump(mode="json") == snapshot
        for event in events:
            assert Event.model_validate_json(json.dumps(event)).model_dump(mode="json") == event
    for viewer in (PUBLIC, GM, Viewer(role=ViewerRole.PLAYER, faction="p1")):
        json.dumps(ruleset.view(state, viewer))
        svg = ruleset.draw(state, viewer)
        if svg is not None:
            ET.fromstring(svg)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_apply_does_not_change_its_input(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    state = setup_game(ruleset, ruleset.default_options(), factions_for(ruleset), seed_for("input"))
    for number in range(30):
        info = ruleset.turn(state)
        if info.over:
            break
        before = state.model_dump(mode="json")
        subs = [Submission(f, ruleset.propose(state, f, Dice(seed_for("p", number, f)))) for f in info.factions]
        result = resolve_step(ruleset, state, subs, seed_for("s", number))
        assert state.model_dump(mode="json") == before
        state = result.state


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_deadline_defaults_are_always_legal(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    state = setup_game(ruleset, ruleset.default_options(), factions_for(ruleset), seed_for("defaults"))
    for number in range(60):
        info = ruleset.turn(state)
        if info.over:
            break
        assert info.default, "TurnInfo must say what happens at the deadline"
        result = resolve_step(ruleset, state, [Submission(f, None) for f in info.factions], seed_for("d", number))
        assert result.ok
        state = result.state


@pytest.mark.parametrize("ruleset_id", RULESETS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=400))
def test_no_text_makes_the_reader_raise(ruleset_id, text):
    ruleset = all_rulesets()[ruleset_id]
    state = _midgame_state(ruleset_id)
    for faction in ruleset.turn(state).factions or ["p1"]:
        reading = ruleset.read(text, state, faction)
        for problem in reading.problems:
            assert problem.message and problem.line >= 0


_MIDGAME: dict[str, object] = {}


def _midgame_state(ruleset_id):
    if ruleset_id not in _MIDGAME:
        _, state = play(all_rulesets()[ruleset_id], "midgame", 12)
        _MIDGAME[ruleset_id] = state
    return _MIDGAME[ruleset_id]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_rules_page_anchors_every_clause_of_the_checklist(ruleset_id):
    checklist = CHECKLISTS / f"{ruleset_id}.md"
    if not checklist.exists():
        pytest.skip("no shared checklist for this ruleset")
    ids = set(re.findall(r"^\s*(?:\d+\.|[-*]|\|)\s*\**`?([A-Z]{2,4}-[A-Z]+(?:-[A-Z]+)?-\d+[a-z]?)`?",
                         checklist.read_text(encoding="utf-8"), re.MULTILINE))
    rules = all_rulesets()[ruleset_id].rules_markdown()
    missing = sorted(i for i in ids if f'id="{i}"' not in rules)
    assert not missing, f"rules.md lacks anchors for {missing}"
