"""Export, import and verification of whole games."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from .schemas import GameOut, VerifyOut


def export_game(db: Session, game_id: int) -> dict[str, Any]:
    """The whole game as JSON: setup, options, factions, every step's posts, seeds, overrides, results."""
    raise NotImplementedError


def import_setup(
    db: Session, *, document: dict[str, Any], gm_user_id: int, title: str | None = None,
    mode: str = "auto",
) -> GameOut:
    """A new game from a ruleset setup document, or from a Letopis export (continues mid-way)."""
    raise NotImplementedError


def verify_export(document: dict[str, Any]) -> VerifyOut:
    """Recompute a whole exported game from its seeds and posts; no database needed."""
    raise NotImplementedError


def verify_game(db: Session, game_id: int) -> VerifyOut:
    """Recompute the setup and every published step from stored posts and revealed seeds."""
    raise NotImplementedError
