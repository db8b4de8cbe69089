"""Games: creation from a ruleset, the game page, seats and invitations."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy.orm import Session

from letopis.engine.contract import Faction

from .schemas import GameOut, GamePage, RulesetOut, SeatOut


def list_rulesets() -> list[RulesetOut]:
    """Every registered ruleset with its options' defaults and JSON schema."""
    raise NotImplementedError


def create_game(
    db: Session,
    *,
    ruleset_id: str,
    title: str,
    factions: list[Faction],
    gm_user_id: int,
    options: dict[str, Any] | None = None,
    mode: Literal["auto", "review"] = "auto",
    setup_document: dict[str, Any] | None = None,
) -> GameOut:
    """Set a game up (from a fresh setup seed, or from a setup document) and open step 1."""
    raise NotImplementedError


def get_game(db: Session, game_id: int) -> GameOut:
    raise NotImplementedError


def list_games(db: Session) -> list[GameOut]:
    """Every game, newest first."""
    raise NotImplementedError


def game_page(db: Session, game_id: int, viewer_user_id: int | None = None) -> GamePage:
    """Everything the game page shows, as this viewer may see it."""
    raise NotImplementedError


def list_seats(db: Session, game_id: int, viewer_user_id: int | None = None) -> list[SeatOut]:
    """Seats in faction order; invite tokens only for the GM."""
    raise NotImplementedError


def invite_link_token(db: Session, *, game_id: int, faction: str, by_user_id: int) -> str:
    """A fresh invite token for a seat (the GM's link ``/join/{token}``); the old one stops working."""
    raise NotImplementedError


def join_by_invite(db: Session, *, token: str, user_id: int) -> SeatOut:
    """Take the seat the token names; Conflict if someone else holds it already."""
    raise NotImplementedError


def seat_of(db: Session, *, game_id: int, user_id: int) -> SeatOut | None:
    """The (first) seat this user holds in the game, if any."""
    raise NotImplementedError


def seats_of(db: Session, *, game_id: int, user_id: int) -> list[SeatOut]:
    raise NotImplementedError
