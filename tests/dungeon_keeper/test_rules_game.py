"""Whole games: proposed posts read and resolve for hundreds of steps, resolution never changes its
input and repeats itself from the same seeds, a small game played to victory, and the mid-game round
the benchmark uses (DK-GEN-01, DK-GEN-06, DK-GAP-11)."""

from __future__ import annotations

import hashlib

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.resolution import Submission, resolve_step, setup_game
from rulesets.dungeon_keeper import RULESET
from rulesets.dungeon_keeper.orders import AttackBuilding, EndTurn
from rulesets.dungeon_keeper.propose import propose_orders
from rulesets.dungeon_keeper.rules.midgame import midgame_state, play_round, replay_round, three_actions
from rulesets.dungeon_keeper.rules.resolution import apply

from .dk_rules_factory import area, game, label, unit

NAMES = ("Ваал", "Лилит", "Мамон", "Астарот")


def seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def new_game(n: int, tag: str):  # type: ignore[no-untyped-def]
    factions = [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n)]
    return setup_game(RULESET, RULESET.default_options(), factions, seed(tag, "setup"))


def test_proposed_posts_read_without_errors_and_resolve_for_200_steps_DK_GAP_11():
    """DK-GAP-11: four archdemons, 200 steps: every proposed post reads without an error and resolves; no line is
    refused at resolution (the checker and the resolution agree)."""
    state = new_game(4, "propose")
    for number in range(200):
        info = RULESET.turn(state)
        assert not info.over
        faction = info.factions[0]
        text = RULESET.propose(state, faction, Dice(seed("p", number)))
        reading = RULESET.read(text, state, faction)
        assert reading.ok, (text, [p.render() for p in reading.problems])
        result = resolve_step(RULESET, state, [Submission(faction, text)], seed("s", number))
        assert result.ok
        assert not [e for e in result.events if e.kind == "refused"], text
        state = result.state
    assert state.round > 40


def test_apply_never_changes_its_input_and_repeats_from_the_same_seeds_DK_GEN_06():
    """DK-GEN-06."""
    def play():  # type: ignore[no-untyped-def]
        state = new_game(3, "pure")
        trace = []
        for number in range(90):
            faction = state.active
            orders = propose_orders(state, faction, Dice(seed("o", number)))
            before = state.model_dump(mode="json")
            out = apply(state, faction, orders, Dice(seed("d", number)))
            assert state.model_dump(mode="json") == before
            trace.append([e.model_dump(mode="json") for e in out.events])
            state = out.state
        return trace, state.model_dump(mode="json")

    assert play() == play()


def test_a_small_game_played_to_victory_DK_GEN_01():
    """DK-GEN-01: Ваал's siege beast breaks Лилит's Altar while she passes; Ваал is the last archdemon."""
    s = game(area(40, 40, 44, 44), multi_post_turn=False)
    z = unit(s, "p1", "siege_beast", (43, 43))
    altar = s.buildings[s.players["p2"].altar]  # type: ignore[index]
    step = 0
    while not RULESET.turn(s).over:
        info = RULESET.turn(s)
        faction = info.factions[0]
        if faction == "p1":
            hit = AttackBuilding(unit=z.id, who=label(s, z), building=altar.id, building_kind="altar",
                                 cell=altar.cell, ap=2)
            text = f"{hit.to_text()}\n{EndTurn().to_text()}"
        else:
            text = None
        result = resolve_step(RULESET, s, [Submission(faction, text)], seed("win", step))
        assert result.ok
        s = result.state
        step += 1
        assert step < 20
    result = RULESET.result(s)
    assert result is not None and result.winners == ["p1"] and "Ваал" in result.text
    assert s.players["p2"].alive is False and s.buildings.get(altar.id) is None
    assert step == 2 * 5 - 1  # 100 хп, 2 × 11 a turn: the fifth turn of Ваал breaks it


def test_midgame_round_of_eight_archdemons_resolves():
    """The benchmark's position: 8 × 20 units, three actions each, a full round in order."""
    s = midgame_state(8, 20)
    assert len(s.units) == 160 and s.turn_no == 1
    after, played, events = play_round(s)
    assert after.round == 2 and len(played) == 8
    assert sum(len(o) for _, o in played) >= 300 and events > 300
    again = replay_round(s, played)
    assert again.model_dump(mode="json") == after.model_dump(mode="json")
    assert three_actions(after, after.active)  # type: ignore[arg-type]
