"""Dice anyone can verify: every roll is derived from a per-step seed by a published algorithm.

Algorithm (documented for players; `letopis verify` and a ten-line script can recompute it):

    For the n-th draw of a step (n = 0, 1, 2, …) with ``k`` outcomes:
        attempt = 0
        loop:
            block = HMAC-SHA256(key=seed, msg=f"letopis:{n}:{attempt}".encode("ascii"))
            x = int.from_bytes(block[:8], "big")          # 64-bit unsigned
            limit = 2**64 - (2**64 % k)                   # largest multiple of k
            if x < limit: return x % k + 1                # uniform in 1..k
            attempt += 1                                  # rejection sampling, no modulo bias

The seed is 32 random bytes, shown as hex. When the step opens its commitment
``SHA-256(seed)`` (hex of the raw bytes) is published; the seed itself is revealed with the
step's result. A game master may override the value of draw ``n`` with a reason; the draw's
counter still advances, so every later draw is unchanged.

Secret draws (a card game's shuffles and hidden draws) come from `Dice.secret`, a second Dice with
its own seed and counter, by the same algorithm. In a game with hidden information the service
keeps ONE secret seed per game, publishes only its SHA-256 while the game runs, and gives each
step the seed ``step_secret(game_secret, number)`` (step 0 is the setup):

    step_secret = HMAC-SHA256(key=game_secret, msg=f"letopis-secret:{number}".encode("ascii")), hex

so revealing the one game secret at the end lets anyone recompute every shuffle and draw.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from typing import TypeVar

from .events import Roll

T = TypeVar("T")

_TWO64 = 1 << 64


def new_seed() -> str:
    """A fresh 32-byte seed as hex (the service calls this when a step opens)."""
    return secrets.token_hex(32)


def commitment(seed_hex: str) -> str:
    """The public commitment of a seed: SHA-256 of its raw bytes, hex."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def derive(seed_hex: str, index: int, sides: int) -> int:
    """The value (1..sides) of draw ``index`` for ``seed_hex``; the whole algorithm in one place."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    key = bytes.fromhex(seed_hex)
    limit = _TWO64 - (_TWO64 % sides)
    attempt = 0
    while True:
        block = hmac.new(key, f"letopis:{index}:{attempt}".encode("ascii"), hashlib.sha256).digest()
        x = int.from_bytes(block[:8], "big")
        if x < limit:
            return x % sides + 1
        attempt += 1


def step_secret(game_secret_hex: str, number: int) -> str:
    """The secret seed of step ``number`` (0 = the setup) derived from a game's one secret seed."""
    key = bytes.fromhex(game_secret_hex)
    return hmac.new(key, f"letopis-secret:{number}".encode("ascii"), hashlib.sha256).hexdigest()


def derived_secret(seed_hex: str) -> str:
    """The secret seed a `Dice` uses when none is given: derived from its public seed, so pure code
    and games without hidden information stay reproducible from the public seed alone."""
    return hmac.new(bytes.fromhex(seed_hex), b"letopis-secret", hashlib.sha256).hexdigest()


class OverrideOutOfRange(ValueError):
    """A GM override gave a value the die cannot show."""


class Dice:
    """The only source of randomness a ruleset may use.

    It records every draw (`rolls`) so events can cite them and the chronicle can show them.
    ``overrides`` maps a draw index to ``(value, reason)`` set by a GM.

    `secret` is a second Dice for what must stay hidden until the game's secrets are revealed
    (shuffles, hidden draws): its own seed (``secret_seed``, else derived from ``seed``), its own
    counter, no overrides, and rolls marked ``secret`` that the platform never shows to players or
    spectators before the reveal.
    """

    def __init__(self, seed_hex: str, overrides: Mapping[int, tuple[int, str]] | None = None,
                 secret_seed: str | None = None) -> None:
        bytes.fromhex(seed_hex)  # validate early
        if secret_seed is not None:
            bytes.fromhex(secret_seed)
        self.seed = seed_hex
        self.overrides = dict(overrides or {})
        self.rolls: list[Roll] = []
        self.is_secret = False
        self._secret_seed = secret_seed
        self._secret: Dice | None = None

    @property
    def secret(self) -> Dice:
        """The hidden dice of this step (made on first use; the secret dice is its own `secret`)."""
        if self.is_secret:
            return self
        if self._secret is None:
            dice = Dice(self._secret_seed or derived_secret(self.seed))
            dice.is_secret = True
            self._secret = dice
        return self._secret

    @property
    def secret_rolls(self) -> list[Roll]:
        """The secret draws made so far (none if `secret` was never used)."""
        if self.is_secret:
            return list(self.rolls)
        return list(self._secret.rolls) if self._secret is not None else []

    @property
    def next_index(self) -> int:
        return len(self.rolls)

    def roll(self, sides: int, purpose: str = "") -> Roll:
        """Draw a value in ``1..sides`` (a d``sides``) and record it."""
        index = len(self.rolls)
        natural = derive(self.seed, index, sides)
        override = self.overrides.get(index)
        if override is not None:
            value, reason = override
            if not 1 <= value <= sides:
                raise OverrideOutOfRange(f"бросок №{index} — это 1d{sides}, значение {value} невозможно")
            roll = Roll(index=index, sides=sides, value=value, purpose=purpose, natural=natural,
                        overridden=True, reason=reason)
        else:
            roll = Roll(index=index, sides=sides, value=natural, purpose=purpose, natural=natural,
                        secret=self.is_secret)
        self.rolls.append(roll)
        return roll

    def below(self, n: int, purpose: str = "") -> tuple[int, Roll]:
        """A uniform integer in ``0..n-1`` (for picking from a list), with its roll."""
        roll = self.roll(n, purpose)
        return roll.value - 1, roll

    def choice(self, items: Sequence[T], purpose: str = "") -> tuple[T, Roll]:
        i, roll = self.below(len(items), purpose)
        return items[i], roll

    def shuffle(self, items: Sequence[T], purpose: str = "") -> tuple[list[T], list[Roll]]:
        """Fisher–Yates shuffle driven by draws, so a deck order is verifiable too."""
        out = list(items)
        rolls: list[Roll] = []
        for i in range(len(out) - 1, 0, -1):
            j, roll = self.below(i + 1, purpose)
            rolls.append(roll)
            out[i], out[j] = out[j], out[i]
        return out, rolls


class Chooser:
    """Everyday choices (an index, an item, a percentage) drawn from a `Dice`, for code that picks
    rather than rolls — random legal posts, a neutral unit's whims. A choice among one option
    draws nothing, so adding a sole option never shifts the later draws."""

    def __init__(self, dice: Dice, purpose: str) -> None:
        self.dice = dice
        self.purpose = purpose

    def below(self, n: int) -> int:
        return self.dice.below(n, self.purpose)[0] if n > 1 else 0

    def between(self, lo: int, hi: int) -> int:
        return lo + self.below(hi - lo + 1)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return self.dice.shuffle(items, self.purpose)[0]

    def chance(self, percent: int) -> bool:
        return self.below(100) < percent
