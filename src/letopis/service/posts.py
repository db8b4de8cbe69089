"""Posts: the live check and the submission of a post (which may resolve the step)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from .schemas import CheckOut, SubmitOut


def check_post(db: Session, *, game_id: int, faction: str, text: str) -> CheckOut:
    """Read a post against the game's current state; stores nothing."""
    raise NotImplementedError


def check_text(*, ruleset_id: str, state: dict[str, Any], faction: str, text: str) -> CheckOut:
    """Read a post against a given state without a database (``letopis check --setup``)."""
    raise NotImplementedError


def submit_post(
    db: Session, *, game_id: int, step_number: int, faction: str, text: str, user_id: int
) -> SubmitOut:
    """Store a new revision of a faction's post and resolve the step when it is complete.

    Refused with nothing changed: TooLarge, Invalid (empty, or errors — with the problems),
    Forbidden (not this faction's player), Conflict (not the open step, or the faction is not
    expected now).
    """
    raise NotImplementedError
