"""The post page's reference panel, for every registered ruleset: `roster` gives plain values with
Russian words, `examples` gives lines that `read` accepts on their own, built for the faction the
step waits for (and none for another), the same on every call; a picture for a player marks his
own pieces, a public picture marks nobody's.

States are taken along a game played with each ruleset's own random legal posts, so every phase a
game passes through early is covered.
"""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from letopis.engine import (
    PUBLIC,
    Dice,
    Faction,
    Submission,
    Viewer,
    ViewerRole,
    all_rulesets,
    resolve_step,
    setup_game,
)
from letopis.engine.contract import RosterGroup

RULESETS = sorted(all_rulesets())
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
SAMPLED = (0, 1, 2, 3, 5, 8, 13, 21, 34)  # the steps whose states are checked


def seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def states_along_a_game(ruleset, name: str):
    """(step number, state) at the sampled steps of one game played with proposed posts."""
    n = max(ruleset.min_factions, min(2, ruleset.max_factions))
    factions = [Faction(id=f"p{i + 1}", name=["Анна", "Борис", "Вера", "Глеб"][i]) for i in range(n)]
    state = setup_game(ruleset, ruleset.default_options(), factions, seed(name, "setup"))
    for number in range(max(SAMPLED) + 1):
        info = ruleset.turn(state)
        if info.over:
            return
        if number in SAMPLED:
            yield number, state
        posts = [Submission(f, ruleset.propose(state, f, Dice(seed(name, number, f)))) for f in info.factions]
        state = resolve_step(ruleset, state, posts, seed(name, "step", number)).state


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_roster_and_examples_along_a_game(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    shown = 0
    for number, state in states_along_a_game(ruleset, f"aid-{ruleset_id}"):
        expected = ruleset.turn(state).factions
        for faction in [f"p{i + 1}" for i in range(ruleset.min_factions)]:
            roster = ruleset.roster(state, faction)
            _plain_russian(roster, f"{ruleset_id}, шаг {number}, {faction}")
            examples = ruleset.examples(state, faction)
            assert examples == ruleset.examples(state, faction), "examples must not change between calls"
            if faction not in expected:
                assert examples == [], f"step {number}: examples for {faction}, whom the step does not wait for"
                continue
            assert examples, f"step {number}: no example for {faction}, whom the step waits for"
            assert len(examples) == len(set(examples)) <= 6
            for example in examples:
                reading = ruleset.read(example, state, faction)
                assert reading.ok and reading.orders, (
                    f"step {number}: example {example!r} does not read: {[p.message for p in reading.problems]}")
            shown += len(examples)
    assert shown > 0


def _plain_russian(roster: list[RosterGroup], where: str) -> None:
    """Plain values (JSON round-trips exactly) whose titles and names are Russian text."""
    for group in roster:
        assert isinstance(group, RosterGroup)
        again = RosterGroup.model_validate_json(group.model_dump_json())
        assert again == group and json.loads(group.model_dump_json())
        assert CYRILLIC.search(group.title), f"{where}: title {group.title!r}"
        for label, value in group.facts:
            assert value.strip(), f"{where}: {group.title}: an empty value for {label!r}"
        for entry in group.entries:
            assert entry.name.strip(), f"{where}: {group.title}: an entry without a name"
            for label, value in entry.facts:
                assert value.strip(), f"{where}: {entry.name}: an empty value for {label!r}"
            for text in [*entry.can, entry.text, entry.note]:
                assert not text or CYRILLIC.search(text), f"{where}: {entry.name}: {text!r}"
        if not group.entries and not group.facts:
            assert CYRILLIC.search(group.empty), f"{where}: {group.title} is empty and says nothing"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_players_picture_marks_his_own_pieces_only(ruleset_id):
    ruleset = all_rulesets()[ruleset_id]
    checked = rostered = 0
    for _, state in states_along_a_game(ruleset, f"own-{ruleset_id}"):
        public = ruleset.draw(state, PUBLIC)
        if public is None:
            pytest.skip("this ruleset draws no picture")
        assert 'class="own"' not in public
        if not ruleset.roster(state, "p1"):
            continue  # a ruleset without a roster (the tests' «Гонка») need not mark pieces
        rostered += 1
        mine = ruleset.draw(state, Viewer(role=ViewerRole.PLAYER, faction="p1"))
        theirs = ruleset.draw(state, Viewer(role=ViewerRole.PLAYER, faction="p2"))
        assert mine is not None and theirs is not None
        if 'class="own"' in mine:
            checked += 1
            assert mine != theirs
    if rostered:
        assert checked > 0, "a ruleset that lists a player's pieces must mark them in his picture"
