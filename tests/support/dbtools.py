"""Helpers for service tests: whole-database snapshots (to prove nothing changed) and quick play."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from letopis import service
from letopis.db.models import Base


def db_snapshot(db: Session) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, in a stable order (a refused request must leave this unchanged)."""
    db.rollback()
    out = {}
    for table in Base.metadata.sorted_tables:
        order = ", ".join(column.name for column in table.primary_key.columns)
        rows = db.execute(text(f"SELECT * FROM {table.name} ORDER BY {order}")).mappings().all()
        out[table.name] = [dict(r) for r in rows]
    return out


def post(db: Session, game, faction: str, text_: str, *, step: int | None = None, user_id: int | None = None):
    """Submit as the faction's seated player to the open step (or the given one)."""
    page = service.game_page(db, game.id)
    number = step if step is not None else page.step.number
    if user_id is None:
        seat = next(s for s in page.seats if s.faction == faction)
        user_id = seat.user_id
    return service.submit_post(db, game_id=game.id, step_number=number, faction=faction, text=text_,
                               user_id=user_id)


def finish_bids(db: Session, game, a: int = 1, b: int = 3):
    """Play the «ставки» step: b bids higher, so «b» moves next."""
    post(db, game, "a", f"ставка {a}")
    return post(db, game, "b", f"ставка {b}")
