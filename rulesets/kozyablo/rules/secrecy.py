"""Where secret randomness comes from: deck shuffles and draw positions use the step's secret
dice, whose seed stays hidden until the game ends (checklist §5, KZ-DEF-SETUP-02)."""

from __future__ import annotations

from letopis.engine.dice import Dice


def secret_dice(dice: Dice) -> Dice:
    """The secret stream of this step's dice."""
    return dice.secret  # type: ignore[attr-defined]
