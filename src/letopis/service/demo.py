"""The demo: users and a Dice Roll Party game played a few steps, for a newcomer's first look."""

from __future__ import annotations

from sqlalchemy.orm import Session

DEMO_PASSWORD = "demo"


def ensure_demo(db: Session) -> list[str]:
    """Create the demo when no game exists; returns Russian lines naming the demo logins."""
    raise NotImplementedError
