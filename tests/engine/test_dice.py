"""Dice: the documented HMAC-SHA256 derivation, commitments, overrides and uniformity."""

import hashlib
import hmac
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from letopis.engine import Dice, commitment, derive, new_seed
from letopis.engine.dice import OverrideOutOfRange

SEED = "00" * 31 + "01"


def reference_roll(seed_hex: str, index: int, sides: int) -> int:
    """The algorithm exactly as the module docstring publishes it, written out independently."""
    attempt = 0
    while True:
        block = hmac.new(bytes.fromhex(seed_hex), f"letopis:{index}:{attempt}".encode(), hashlib.sha256).digest()
        x = int.from_bytes(block[:8], "big")
        if x < 2**64 - (2**64 % sides):
            return x % sides + 1
        attempt += 1


@given(st.binary(min_size=32, max_size=32), st.integers(0, 500), st.integers(1, 1000))
def test_derive_matches_the_published_algorithm(seed, index, sides):
    assert derive(seed.hex(), index, sides) == reference_roll(seed.hex(), index, sides)


def test_same_seed_same_rolls_and_counter_advances():
    a, b = Dice(SEED), Dice(SEED)
    rolls_a = [a.roll(20).value for _ in range(50)]
    rolls_b = [b.roll(20).value for _ in range(50)]
    assert rolls_a == rolls_b
    assert [r.index for r in a.rolls] == list(range(50))
    assert len(set(rolls_a)) > 5


def test_commitment_is_sha256_of_raw_seed():
    seed = new_seed()
    assert len(seed) == 64
    assert commitment(seed) == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert commitment(seed) != commitment(new_seed())


def test_override_sets_one_roll_and_leaves_the_rest():
    plain = Dice(SEED)
    natural = [plain.roll(6).value for _ in range(5)]
    forced = Dice(SEED, {2: (6 if natural[2] != 6 else 1, "ошибка ввода")})
    got = [forced.roll(6) for _ in range(5)]
    assert [r.value for i, r in enumerate(got) if i != 2] == [v for i, v in enumerate(natural) if i != 2]
    assert got[2].overridden and got[2].natural == natural[2] and got[2].reason == "ошибка ввода"
    assert "задано мастером" in got[2].label()


def test_override_out_of_range_is_refused():
    with pytest.raises(OverrideOutOfRange):
        Dice(SEED, {0: (7, "x")}).roll(6)


def test_rolls_are_roughly_uniform():
    dice = Dice(new_seed())
    counts = Counter(dice.roll(6).value for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values())


def test_shuffle_is_a_permutation_and_reproducible():
    items = list(range(20))
    a, _ = Dice(SEED).shuffle(items)
    b, rolls = Dice(SEED).shuffle(items)
    assert a == b and sorted(a) == items and a != items
    assert len(rolls) == 19
