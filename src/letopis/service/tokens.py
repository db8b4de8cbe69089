"""API tokens as rows: issued at log-in, listed and revoked by their owner, refused once revoked
or expired.

The signed token (web.security) carries the user id and this row's id; every request with it
checks the row in a statement it runs anyway — the live check inside its one statement
(`posts.check_statement`), other routes with the user's own query (`user_for_token`) or one
primary-key lookup (`TOKEN_SQL`). ``last_used_at`` is written at most once a minute per token
and process (`should_touch`), not on every request.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from pydantic import BaseModel
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from letopis.db.models import ApiToken, User
from letopis.timezones import zone_info

from ._common import now, transactional
from .errors import NotFound
from .inputs import require_storable
from .schemas import UserOut
from .users import _out as _user_out

LABEL_MAX = 100
KEEP_EXPIRED_DAYS = 30  # expired tokens stay listed this long, then go
TOUCH_EVERY = 60.0  # seconds between two writes of one token's last use (per process)

# the check for routes that do not query the user: one primary-key lookup (psycopg parameters)
TOKEN_SQL = ("SELECT last_used_at FROM api_tokens WHERE id = %(token_id)s AND user_id = %(user_id)s "
             "AND revoked_at IS NULL AND expires_at > now()")
TOUCH_SQL = "UPDATE api_tokens SET last_used_at = now() WHERE id = %(token_id)s RETURNING id"


class ApiTokenOut(BaseModel):
    id: int
    label: str
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime
    revoked_at: datetime | None
    active: bool  # neither revoked nor expired


def _out(row: ApiToken, at: datetime) -> ApiTokenOut:
    return ApiTokenOut(id=row.id, label=row.label, created_at=row.created_at, last_used_at=row.last_used_at,
                       expires_at=row.expires_at, revoked_at=row.revoked_at,
                       active=row.revoked_at is None and row.expires_at > at)


@transactional
def issue_token(db: Session, *, user_id: int, days: float, label: str | None = None) -> ApiTokenOut:
    """A new token row for the user, valid ``days`` days; the web layer signs its id. Tokens that
    expired long ago are dropped here (KEEP_EXPIRED_DAYS)."""
    at = now()
    if not (label or "").strip():  # named by when it was issued, in its owner's time zone
        owner = db.get(User, user_id)
        local = at.astimezone(zone_info(owner.time_zone if owner else None))
        label = f"Ключ от {local:%d.%m.%Y %H:%M}"
    label = label.strip()[:LABEL_MAX]
    require_storable(label, "Название ключа")
    db.query(ApiToken).filter(ApiToken.user_id == user_id,
                              ApiToken.expires_at < at - timedelta(days=KEEP_EXPIRED_DAYS)).delete()
    row = ApiToken(user_id=user_id, label=label, created_at=at, expires_at=at + timedelta(days=days))
    db.add(row)
    db.flush()
    return _out(row, at)


def list_tokens(db: Session, *, user_id: int) -> list[ApiTokenOut]:
    """The user's tokens, newest first (revoked and expired ones too, marked inactive)."""
    at = now()
    rows = db.scalars(select(ApiToken).where(ApiToken.user_id == user_id).order_by(ApiToken.id.desc())).all()
    return [_out(row, at) for row in rows]


@transactional
def revoke_token(db: Session, *, user_id: int, token_id: int) -> ApiTokenOut:
    """Revoke one of the user's own tokens (again: no change); another user's token is NotFound."""
    row = db.scalars(select(ApiToken).where(ApiToken.id == token_id, ApiToken.user_id == user_id)
                     .with_for_update()).one_or_none()
    if row is None:
        raise NotFound(f"Ключа №{token_id} у вас нет.", code="token_not_found")
    at = now()
    if row.revoked_at is None:
        row.revoked_at = at
    return _out(row, at)


def user_for_token(db: Session, *, user_id: int, token_id: int) -> UserOut | None:
    """The token's user if the token is neither revoked nor expired (one statement), else None."""
    found = db.execute(
        select(User, ApiToken.last_used_at).join(ApiToken, ApiToken.user_id == User.id)
        .where(User.id == user_id, ApiToken.id == token_id, ApiToken.revoked_at.is_(None),
               ApiToken.expires_at > now())).one_or_none()
    if found is None:
        return None
    user = found[0]
    if should_touch(token_id):
        db.execute(update(ApiToken).where(ApiToken.id == token_id).values(last_used_at=now()))
        db.commit()
    return _user_out(user)


_touched: dict[int, float] = {}


def should_touch(token_id: int) -> bool:
    """Whether this process should write the token's last use now (at most once a TOUCH_EVERY)."""
    at = time.monotonic()
    last = _touched.get(token_id)
    if last is not None and at - last < TOUCH_EVERY:
        return False
    if len(_touched) > 10_000:
        _touched.clear()
    _touched[token_id] = at
    return True
