"""GM actions: publish a draft, annul a post, override a roll, apply the deadline default."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from .schemas import AuditOut, StepHeader, SubmitOut


def publish_step(db: Session, *, game_id: int, step_number: int, gm_user_id: int) -> StepHeader:
    """Publish a draft resolution (review mode) and open the next step."""
    raise NotImplementedError


def annul_post(db: Session, *, post_id: int, gm_user_id: int, reason: str) -> StepHeader:
    """Annul a post of the open or draft step; a draft is discarded and the step waits again."""
    raise NotImplementedError


def override_roll(
    db: Session,
    *,
    game_id: int,
    step_number: int,
    roll_index: int,
    value: int,
    gm_user_id: int,
    reason: str,
) -> StepHeader:
    """Set roll ``roll_index`` of a step to ``value`` and re-resolve the step."""
    raise NotImplementedError


def apply_default(db: Session, *, game_id: int, gm_user_id: int | None = None, reason: str = "") -> SubmitOut | None:
    """Factions that have not posted in the open step get the ruleset's default orders."""
    raise NotImplementedError


def set_deadline(db: Session, *, game_id: int, deadline: datetime | None, gm_user_id: int) -> StepHeader:
    """Set (or clear) the open step's deadline."""
    raise NotImplementedError


def audit_log(db: Session, game_id: int) -> list[AuditOut]:
    """Every GM action in the game, oldest first (public)."""
    raise NotImplementedError


def run_due_deadlines(db: Session, *, now: datetime | None = None) -> list[int]:
    """Apply defaults to every open step past its deadline; one process at a time (advisory lock)."""
    raise NotImplementedError
