"""Events: what happened in a resolution, with the dice behind it and a sentence for the chronicle."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Roll(BaseModel):
    """One draw from `Dice`: its index in the step, the range, the value and why it was rolled.

    ``sides`` is the number of equally likely outcomes; ``value`` is in ``1..sides``. A roll that
    a GM set by hand has ``overridden`` true and the GM's ``reason``; ``natural`` is what the seed
    gave (so the chronicle can show both). ``secret`` marks a draw of `Dice.secret` (a shuffle, a
    hidden draw): shown to nobody but the GM until the game's secrets are revealed. It is left out of
    the JSON when false, so ordinary rolls serialise exactly as before.
    """

    model_config = ConfigDict(frozen=True)

    index: int
    sides: int
    value: int
    purpose: str = ""
    natural: int | None = None
    overridden: bool = False
    reason: str | None = None
    secret: bool = Field(default=False, exclude_if=lambda v: not v)

    def label(self) -> str:
        """Russian short form for the chronicle: ``1d20 → 17`` (``…, задано мастером``)."""
        text = f"1d{self.sides} → {self.value}"
        if self.overridden:
            text += f" (задано мастером, выпало {self.natural})"
        return text


class Event(BaseModel):
    """A thing that happened, for the chronicle and for replay comparison.

    ``kind`` is a stable code (``attack_rolled``); ``data`` holds structured fields; ``text`` is the
    Russian sentence a forum GM would write; ``faction`` is who it concerns (if anyone); ``public``
    false hides it from spectators and opponents (hidden-information games).
    """

    kind: str
    text: str
    data: dict[str, Any] = Field(default_factory=dict)
    rolls: list[Roll] = Field(default_factory=list)
    clause: str | None = None
    faction: str | None = None
    public: bool = True
