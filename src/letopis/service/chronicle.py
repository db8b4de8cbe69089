"""The chronicle: each step as a viewer may see it."""

from __future__ import annotations

from sqlalchemy.orm import Session

from .schemas import StepChronicle, StepHeader


def step_chronicle(db: Session, *, game_id: int, step_number: int, viewer_user_id: int | None = None) -> StepChronicle:
    raise NotImplementedError


def list_steps(db: Session, game_id: int) -> list[StepHeader]:
    """Every step of the game, oldest first."""
    raise NotImplementedError
