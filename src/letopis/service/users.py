"""Users: registration and password checks (argon2)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from .schemas import UserOut


def register_user(db: Session, *, login: str, password: str, display_name: str) -> UserOut:
    """Create a user; Invalid for a bad login/password/name, Conflict when the login is taken."""
    raise NotImplementedError


def authenticate(db: Session, *, login: str, password: str) -> UserOut | None:
    """The user when the password matches, else None (no hint which part was wrong)."""
    raise NotImplementedError


def get_user(db: Session, user_id: int) -> UserOut:
    """A user by id; NotFound otherwise."""
    raise NotImplementedError


def get_user_by_login(db: Session, login: str) -> UserOut | None:
    raise NotImplementedError


def set_admin(db: Session, *, user_id: int, is_admin: bool = True) -> UserOut:
    """Grant or revoke the admin role (admins may act as GM of any game)."""
    raise NotImplementedError
