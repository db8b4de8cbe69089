"""Where chance comes from: the step's `Dice` at resolution, or foresight while a post is checked.

Every 50% chance of the rules is one ``dice.roll(100, purpose)`` that succeeds when the value is at
most the chance (checklist §4). While a post is read, the rolls are not made yet (DK-GAP-11): the
checker's `Foresight` answers each question with the outcome that keeps later lines possible and
marks the units (or a faction's resources) whose fate hangs on it, so a later line about them is
accepted with a note instead of an error.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from letopis.engine.dice import Dice
from letopis.engine.events import Roll

T = TypeVar("T")


class Fate:
    """Chance through the dice (resolution)."""

    checking = False

    def __init__(self, dice: Dice) -> None:
        self.dice = dice

    def chance(self, percent: int, purpose: str, hopeful: bool = True,
               about: Iterable[str] = ()) -> tuple[bool, Roll | None]:
        """Success with ``percent``% (1d100 ≤ percent); 0 and 100 are certain and roll nothing."""
        if percent >= 100:
            return True, None
        if percent <= 0:
            return False, None
        roll = self.dice.roll(100, purpose)
        return roll.value <= percent, roll

    def between(self, lo: int, hi: int, purpose: str, about: Iterable[str] = ()) -> tuple[int, Roll | None]:
        """A uniform integer in ``lo..hi`` (chest and crystal contents, DK-GAP-48)."""
        if hi <= lo:
            return lo, None
        roll = self.dice.roll(hi - lo + 1, purpose)
        return lo + roll.value - 1, roll

    def pick(self, items: Sequence[T], purpose: str, about: Iterable[str] = ()) -> tuple[T, Roll | None]:
        """One of ``items`` at random; a single item is taken without a roll."""
        if len(items) == 1:
            return items[0], None
        roll = self.dice.roll(len(items), purpose)
        return items[roll.value - 1], roll


class Foresight(Fate):
    """Chance while checking: no dice; outcomes are assumed and what depends on them is marked."""

    checking = True

    def __init__(self, uncertain: set[str]) -> None:
        self.uncertain = uncertain

    def chance(self, percent: int, purpose: str, hopeful: bool = True,
               about: Iterable[str] = ()) -> tuple[bool, Roll | None]:
        if percent >= 100:
            return True, None
        if percent <= 0:
            return False, None
        self.uncertain.update(about)
        return hopeful, None

    def between(self, lo: int, hi: int, purpose: str, about: Iterable[str] = ()) -> tuple[int, Roll | None]:
        self.uncertain.update(about)
        return hi, None  # the most a chest can hold: a later purchase is possible under some roll

    def pick(self, items: Sequence[T], purpose: str, about: Iterable[str] = ()) -> tuple[T, Roll | None]:
        if len(items) > 1:
            self.uncertain.update(about)
        return items[0], None
