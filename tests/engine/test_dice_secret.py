"""The engine's hidden-information contract: `Dice.secret`, `step_secret`, `TurnInfo.private`,
`Ruleset.secrets_revealed`, and replay of secret draws (with the «Тайные карты» test ruleset)."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.cards import CARDS, RESERVE

from letopis.engine import PUBLIC, Faction, Submission, TurnInfo, resolve_step, setup_game
from letopis.engine.dice import Dice, derive, derived_secret, step_secret
from letopis.engine.events import Roll
from letopis.engine.resolution import RecordedStep, replay

SEED = "ab" * 32
GAME_SECRET = "cd" * 32
FACTIONS = [Faction(id="a", name="Анна"), Faction(id="b", name="Борис")]


def test_step_secret_is_the_documented_hmac():
    expected = hmac.new(bytes.fromhex(GAME_SECRET), b"letopis-secret:7", hashlib.sha256).hexdigest()
    assert step_secret(GAME_SECRET, 7) == expected
    assert len({step_secret(GAME_SECRET, n) for n in range(50)}) == 50


def test_secret_dice_have_their_own_seed_counter_and_mark():
    dice = Dice(SEED, secret_seed=GAME_SECRET)
    public_first = dice.roll(6)
    hidden = [dice.secret.roll(20, "тасовка") for _ in range(3)]
    public_second = dice.roll(6)
    assert [r.index for r in hidden] == [0, 1, 2]
    assert [r.value for r in hidden] == [derive(GAME_SECRET, i, 20) for i in range(3)]
    assert all(r.secret for r in hidden) and not public_first.secret
    # the public stream is not shifted by secret draws
    assert (public_first.index, public_second.index) == (0, 1)
    assert public_second.value == derive(SEED, 1, 6)
    assert dice.secret_rolls == hidden and dice.rolls == [public_first, public_second]
    assert dice.secret is dice.secret and dice.secret.secret is dice.secret


def test_without_a_secret_seed_it_derives_from_the_public_seed():
    a, b = Dice(SEED), Dice(SEED)
    assert [a.secret.roll(100).value for _ in range(5)] == [b.secret.roll(100).value for _ in range(5)]
    assert a.secret.seed == derived_secret(SEED) != SEED
    assert Dice(SEED).secret_rolls == []


def test_overrides_touch_only_the_public_dice():
    dice = Dice(SEED, {0: (1, "мастер так решил")}, secret_seed=GAME_SECRET)
    assert dice.secret.roll(6).value == derive(GAME_SECRET, 0, 6)
    assert dice.roll(6).value == 1


def test_roll_and_turn_json_unchanged_unless_secret_or_private():
    plain = Roll(index=0, sides=6, value=3)
    assert "secret" not in plain.model_dump(mode="json")
    secret = Roll(index=0, sides=6, value=3, secret=True)
    assert Roll.model_validate(secret.model_dump(mode="json")).secret
    assert "private" not in TurnInfo(phase="x", title="x").model_dump(mode="json")
    assert TurnInfo.model_validate(TurnInfo(phase="x", title="x", private=True).model_dump(mode="json")).private


@given(st.integers(min_value=0, max_value=10_000))
def test_a_secret_shuffle_is_a_permutation(number):
    shuffled, rolls = Dice(SEED, secret_seed=step_secret(GAME_SECRET, number)).secret.shuffle(RESERVE)
    assert sorted(shuffled) == sorted(RESERVE) and all(r.secret for r in rolls)


def _play(secret: str | None):
    state = setup_game(CARDS, CARDS.Options(rounds=1), FACTIONS, SEED, step_secret(secret, 0) if secret else None)
    steps = []
    initial = state
    for number in range(1, 10):
        turn = CARDS.turn(state)
        if turn.over:
            break
        subs = [Submission(f, CARDS.propose(state, f, Dice(SEED[:-2] + f"{number:02d}"))) for f in turn.factions]
        seed = hashlib.sha256(f"step{number}".encode()).hexdigest()
        result = resolve_step(CARDS, state, subs, seed, secret_seed=step_secret(secret, number) if secret else None)
        assert result.ok
        steps.append(RecordedStep(number=number, seed=seed, submissions=subs, state_after=result.state.model_dump(mode="json"),
                                  events=[e.model_dump(mode="json") for e in result.events],
                                  secret_seed=step_secret(secret, number) if secret else None,
                                  secret_rolls=[r.model_dump(mode="json") for r in result.secret_rolls]))
        state = result.state
    return initial, steps, state


def test_the_decks_step_is_private_and_shuffles_on_the_secret_dice():
    initial, steps, _ = _play(GAME_SECRET)
    assert CARDS.turn(initial).private
    first = steps[0]
    assert first.secret_rolls and all(r["secret"] for r in first.secret_rolls)
    assert all(e["public"] or e["faction"] for e in first.events)


def test_replay_recomputes_shuffles_from_the_secret_seed_and_catches_tampering():
    initial, steps, _ = _play(GAME_SECRET)
    assert replay(CARDS, initial, steps) == []
    # without the secret seed the shuffles come out differently
    blind = [RecordedStep(**{**s.__dict__, "secret_seed": None}) for s in steps]
    assert replay(CARDS, initial, blind)
    # a tampered deck order in the stored state
    tampered = [RecordedStep(**s.__dict__) for s in steps]
    deck = tampered[0].state_after["decks"]["a"]
    tampered[0].state_after = {**tampered[0].state_after, "decks": {**tampered[0].state_after["decks"],
                                                                    "a": deck[::-1]}}
    assert [m.step for m in replay(CARDS, initial, tampered)] == [1]
    # a tampered secret roll
    rolls = [dict(r) for r in steps[0].secret_rolls]
    rolls[0]["value"] = rolls[0]["value"] % rolls[0]["sides"] + 1
    forged = [RecordedStep(**{**steps[0].__dict__, "secret_rolls": rolls}), *steps[1:]]
    assert any("тайные броски" in m.what for m in replay(CARDS, initial, forged))


def test_replay_compares_what_happened_not_how_the_chronicle_words_it():
    initial, steps, _ = _play(GAME_SECRET)
    reworded = [RecordedStep(**{**s.__dict__, "events": [{**e, "text": e["text"] + " (в старой редакции)"}
                                                          for e in s.events]}) for s in steps]
    assert [(m.step, m.wording) for m in replay(CARDS, initial, reworded)] == [(s.number, True) for s in steps]
    first = steps[0]
    forged = [{**e, "data": {**e["data"], "forged": 1}} for e in first.events]
    altered = [RecordedStep(**{**first.__dict__, "events": forged}), *steps[1:]]
    assert [(m.step, m.what) for m in replay(CARDS, initial, altered)] == [
        (1, "события не совпадают с опубликованными")]


def test_secrets_revealed_defaults_to_the_end_of_the_game():
    _, _, end = _play(GAME_SECRET)
    assert CARDS.result(end) is not None and CARDS.secrets_revealed(end)
    start = setup_game(CARDS, CARDS.Options(), FACTIONS, SEED)
    assert not CARDS.secrets_revealed(start)
    assert CARDS.secrets_revealed(setup_game(CARDS, CARDS.Options(reveal_at_once=True), FACTIONS, SEED))
    from support.race import RACE

    assert RACE.hidden_information is False and CARDS.hidden_information is True
    assert not RACE.secrets_revealed(setup_game(RACE, RACE.Options(), FACTIONS, SEED))


@pytest.mark.parametrize("viewer_faction", [None, "b"])
def test_the_view_hides_other_hands_and_every_deck(viewer_faction):
    _, steps, _ = _play(GAME_SECRET)
    mid = CARDS.state_from_json(steps[0].state_after)
    from letopis.engine.contract import Viewer, ViewerRole

    viewer = PUBLIC if viewer_faction is None else Viewer(role=ViewerRole.PLAYER, faction=viewer_faction)
    view = CARDS.view(mid, viewer)
    assert "decks" not in view and "reserve" not in view
    assert view["hand"] == (mid.hands["b"] if viewer_faction else [])
    assert view["hand_counts"] == {"a": 3, "b": 3}
