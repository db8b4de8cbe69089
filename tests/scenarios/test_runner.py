"""The scenario runner itself (`play.py`): it must catch a post that reads wrongly, keep the game on
the course the expectations describe, refuse what the expectation refuses, wait for every faction of
a step, and play the same dice every time."""

from __future__ import annotations

from typing import Any

from .play import Game

BUILD_A = "П1: 4/4/1/3\nП2: 3/3/2/4\nП3: 5/2/1/4\nП4: 4/1/2/5"
BUILD_B = "П1: 5/3/1/3\nП2: 4/2/3/3\nП3: 4/3/2/3\nП4: 5/4/1/2"
ORDERS_A = ["П1: 4/4/1/3", "П2: 3/3/2/4", "П3: 5/2/1/4", "П4: 4/1/2/5"]
ORDERS_B = ["П1: 5/3/1/3", "П2: 4/2/3/3", "П3: 4/3/2/3", "П4: 5/4/1/2"]


def duel(**extra: Any) -> dict[str, Any]:
    """The setup of the Dice Roll Party scenario «drp-veteran» (its storages fit the builds above)."""
    return {"id": "drp-veteran", "factions": [{"id": "p1", "name": "Анна"}, {"id": "p2", "name": "Борис"}],
            "options": {"first_player": "1"},
            "seed": "a24d3efed923dfefae9ec2460f45c695faa2093b713bb9abdab9ac6c3f3cac27", **extra}


def test_a_simultaneous_step_waits_for_every_faction_and_checks_run_after_it() -> None:
    game = Game("dice_roll_party", duel())
    first = game.post(1, {"faction": "p1", "text": BUILD_A, "orders": ORDERS_A, "phase": "turn"})
    assert game.step == 1 and game.state.phase == "build"  # Борис has not posted yet
    second = game.post(2, {"faction": "p2", "text": BUILD_B, "orders": ORDERS_B})
    assert first.ok and second.ok, first.failures + second.failures
    assert game.step == 2 and game.turn().factions == ["p1"]


def test_a_misread_post_fails_and_the_game_goes_on_with_the_expected_orders() -> None:
    game = Game("dice_roll_party", duel())
    wrong = game.post(1, {"faction": "p1", "text": BUILD_A, "orders": ["П1: 3/4/2/3", *ORDERS_A[1:]]})
    assert not wrong.ok and "expected the orders" in wrong.failures[0]
    # the expected builds were tried instead and refused (17 red tokens from a storage of 16): stopped
    assert game.stopped and "do not read back" in game.stopped
    later = game.post(2, {"faction": "p2", "text": BUILD_B, "orders": ORDERS_B})
    assert not later.ok and "stopped earlier" in later.failures[0]


def test_a_substituted_post_keeps_the_game_on_course() -> None:
    game = Game("dice_roll_party", duel())
    vague = game.post(1, {"faction": "p1", "text": "Расставляю как в прошлой партии.", "orders": ORDERS_A})
    assert not vague.ok
    game.post(2, {"faction": "p2", "text": BUILD_B, "orders": ORDERS_B})
    assert not game.stopped
    assert [c.time for c in game.state.players["p1"].slots] == [4, 3, 5, 4]


def test_an_expected_refusal_is_not_applied_and_an_accepted_one_fails() -> None:
    game = Game("dice_roll_party", duel())
    refused = game.post(1, {"faction": "p1", "text": "П1: 4/4/2/3", "error": "DRP-SETUP-03"})
    assert refused.ok, refused.failures
    accepted = game.post(2, {"faction": "p1", "text": "П1: 4/4/1/3", "error": "DRP-SETUP-03"})
    assert not accepted.ok and "expected a refusal" in accepted.failures[0]
    assert "p1" not in game.posts and game.step == 1


def test_a_post_out_of_turn_fails_and_a_wrong_check_is_reported() -> None:
    game = Game("dice_roll_party", duel())
    game.post(1, {"faction": "p1", "text": BUILD_A, "orders": ORDERS_A})
    checked = game.post(2, {"faction": "p2", "text": BUILD_B, "orders": ORDERS_B,
                            "state": {"players.p1.slots.0.time": 9}, "unset": ["first_player"],
                            "events": ["no_such_event"], "next": ["p2"]})
    assert len(checked.failures) == 4, checked.failures
    out_of_turn = game.post(3, {"faction": "p2", "text": "П1 бьёт П1", "orders": ["П1 атакует П1 соперника без усилений."]})
    assert not out_of_turn.ok and "waits for ['p1']" in out_of_turn.failures[0]


def test_the_same_scenario_plays_the_same_dice() -> None:
    def events() -> list[str]:
        game = Game("dice_roll_party", duel())
        game.post(1, {"faction": "p1", "text": BUILD_A, "orders": ORDERS_A})
        game.post(2, {"faction": "p2", "text": BUILD_B, "orders": ORDERS_B})
        game.post(3, {"faction": "p1", "text": "П1 бьёт П2", "orders": ["П1 атакует П2 соперника без усилений."]})
        return [e.text for step in game.events.values() for e in step]

    assert events() == events()


def test_a_hidden_information_game_gets_its_secret_seeds() -> None:
    """Kozyablo's deck step is simultaneous and private; the shuffles come from the game's secret, so two
    scenarios with one public seed but different secrets deal different hands."""
    def hand(secret: str) -> list[str]:
        sc = {"id": "kz-secret", "factions": [{"id": "a", "name": "Анна"}, {"id": "b", "name": "Борис"}],
              "seed": "00" * 32, "secret": secret}
        game = Game("kozyablo", sc)
        game.post(1, {"faction": "a", "default": True})
        game.post(2, {"faction": "b", "default": True})
        assert game.turn().phase == "mulligan"
        return list(game.state.players["a"].hand)

    assert hand("11" * 32) == hand("11" * 32)
    assert hand("11" * 32) != hand("22" * 32)
