"""The deadline a step gets when it opens: its own (a reaction window's ``TurnInfo.deadline_hours``)
or else the game's turn length, set once on «Сроки»; no deadline when neither is set.

Every way a step opens — a resolution, a correction, a roll-back, a deadline default — goes
through `step_deadline`, so the turn length cannot be forgotten by one of them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import GameSchedule
from letopis.engine.contract import TurnInfo

MAX_TURN_HOURS = 30 * 24  # a month: a play-by-post turn is hours or days, never longer


def turn_hours(db: Session, game_id: int) -> int | None:
    """The game's turn length in hours, or None."""
    return db.scalar(select(GameSchedule.turn_hours).where(GameSchedule.game_id == game_id))


def step_deadline(db: Session, game_id: int, turn: TurnInfo, opened: datetime) -> datetime | None:
    """When a step opened at ``opened`` for ``turn`` is due."""
    hours = turn.deadline_hours or turn_hours(db, game_id)
    return opened + timedelta(hours=hours) if hours else None
