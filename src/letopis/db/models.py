"""Tables. Nothing a user submits is overwritten: post revisions, resolutions (superseded ones
included), snapshots and GM actions are only ever added; flags mark what no longer counts."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from letopis.timezones import DEFAULT_ZONE

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

Json = dict[str, Any]


class UtcDateTime(TypeDecorator[datetime]):
    """``timestamptz`` read back in UTC whatever the server's or session's ``TimeZone`` is (psycopg
    gives it in the session's zone): the JSON API answers in UTC, and pages convert to each reader's
    own zone themselves (web/times.py)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        return value.astimezone(UTC) if value is not None and value.tzinfo is not None else value


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSONB, list[Any]: JSONB, datetime: UtcDateTime()}


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    login: Mapped[str] = mapped_column(String(64), unique=True)
    display_name: Mapped[str] = mapped_column(String(100))
    password_hash: Mapped[str] = mapped_column(String(255))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    # the IANA zone pages show this user's times in (0006)
    time_zone: Mapped[str] = mapped_column(String(64), default=DEFAULT_ZONE, server_default=DEFAULT_ZONE)


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    ruleset_id: Mapped[str] = mapped_column(String(64))
    title: Mapped[str] = mapped_column(String(200))
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    factions: Mapped[list[Any]] = mapped_column(default=list)  # [{"id", "name"}] in seat order
    mode: Mapped[str] = mapped_column(String(16), default="auto")  # auto | review
    status: Mapped[str] = mapped_column(String(16), default="active")  # active | over
    gm_user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)  # index: «Мои игры» (0006)
    setup_seed: Mapped[str | None] = mapped_column(String(64))  # None when imported
    setup_document: Mapped[dict[str, Any] | None] = mapped_column()
    initial_state: Mapped[dict[str, Any]] = mapped_column()
    state: Mapped[dict[str, Any]] = mapped_column()  # the latest published state
    result: Mapped[dict[str, Any] | None] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())
    # hidden information (0003): one secret seed per game for `Dice.secret`; its SHA-256 is public
    # from the start, the seed itself once `secret_revealed_at` is set (it is never unset)
    secret_seed: Mapped[str | None] = mapped_column(String(64))
    secret_commitment: Mapped[str | None] = mapped_column(String(64))
    secret_revealed_at: Mapped[datetime | None] = mapped_column()
    # (0010) changes, in the same transaction, with everything the game's pages show: bumped by
    # triggers on this row and on its seats, steps, posts, resolutions, audit entries, schedule and
    # its people's names (see the migration); the key of its rendered pages (web/pagecache.py)
    content_version: Mapped[int] = mapped_column(BigInteger, server_default=text("letopis_content_version_now()"))

    gm: Mapped[User] = relationship(lazy="joined")
    seats: Mapped[list[Seat]] = relationship(back_populates="game", order_by="Seat.position")


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "faction_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    faction_id: Mapped[str] = mapped_column(String(64))
    faction_name: Mapped[str] = mapped_column(String(100))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    joined_at: Mapped[datetime | None] = mapped_column()

    game: Mapped[Game] = relationship(back_populates="seats")
    user: Mapped[User | None] = relationship(lazy="joined")


class Step(Base):
    __tablename__ = "steps"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        # 0009: a long game's pages look these up without walking its published steps
        Index("ix_steps_game_active", "game_id", "number", postgresql_where=text("status <> 'published'")),
        Index("ix_steps_game_published", "game_id", "number", postgresql_where=text("status = 'published'")),
        Index("ix_steps_published_at", text("published_at DESC"), text("id DESC"),
              postgresql_where=text("status = 'published'")),
        # 0005: the deadline worker finds the steps whose resolution delay ran out
        Index("ix_steps_resolve_at", "resolve_at", postgresql_where=text("resolve_at IS NOT NULL")),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    turn: Mapped[dict[str, Any]] = mapped_column()  # TurnInfo as JSON
    state_before: Mapped[dict[str, Any]] = mapped_column()
    seed: Mapped[str] = mapped_column(String(64))  # secret until published
    commitment: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="open")  # open | draft | published
    deadline: Mapped[datetime | None] = mapped_column()
    opened_at: Mapped[datetime] = mapped_column(server_default=func.now())
    published_at: Mapped[datetime | None] = mapped_column()
    # (0005) every expected post is in, and the game's resolution delay holds the step open until
    # then, so a slip can still be withdrawn or replaced; the deadline worker resolves it
    resolve_at: Mapped[datetime | None] = mapped_column()


class Post(Base):
    __tablename__ = "posts"
    __table_args__ = (UniqueConstraint("step_id", "faction_id", "revision"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    step_id: Mapped[int] = mapped_column(ForeignKey("steps.id"), index=True)
    faction_id: Mapped[str] = mapped_column(String(64))
    revision: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    sha256: Mapped[str] = mapped_column(String(64))
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    reading: Mapped[dict[str, Any]] = mapped_column()  # lines, problems, orders as checked
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    annulled: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    annul_reason: Mapped[str | None] = mapped_column(Text)
    annulled_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    annulled_at: Mapped[datetime | None] = mapped_column()
    # (0005) taken back by its faction's player while the step was open; it no longer counts, and
    # unlike an annulment (the GM's act, with a public reason) it is the player's own
    withdrawn_at: Mapped[datetime | None] = mapped_column()
    withdrawn_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))

    author: Mapped[User | None] = relationship(foreign_keys=[author_id], lazy="joined")

    @property
    def counts(self) -> bool:
        """Whether this revision may count for its faction (if it is the latest)."""
        return not self.annulled and self.withdrawn_at is None


class Resolution(Base):
    __tablename__ = "resolutions"

    id: Mapped[int] = mapped_column(primary_key=True)
    step_id: Mapped[int] = mapped_column(ForeignKey("steps.id"), index=True)
    # [{"faction", "post_id" | None, "default": bool}] in the order they were applied
    submissions: Mapped[list[Any]] = mapped_column()
    events: Mapped[list[Any]] = mapped_column()
    rolls: Mapped[list[Any]] = mapped_column()
    overrides: Mapped[dict[str, Any]] = mapped_column(default=dict)  # {"index": [value, reason]}
    state_after: Mapped[dict[str, Any]] = mapped_column()
    secret_rolls: Mapped[list[Any]] = mapped_column(default=list, server_default=text("'[]'::jsonb"))  # Dice.secret
    superseded: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    superseded_at: Mapped[datetime | None] = mapped_column()
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Snapshot(Base):
    """The state after a published resolution; a GM correction adds a new one."""

    __tablename__ = "snapshots"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    step_id: Mapped[int] = mapped_column(ForeignKey("steps.id"), index=True)
    resolution_id: Mapped[int] = mapped_column(ForeignKey("resolutions.id"), unique=True)
    state: Mapped[dict[str, Any]] = mapped_column()
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class AuditEntry(Base):
    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_game_created", "game_id", "id"),
                      Index("ix_audit_log_game_step", "game_id", "step_number", "id"))  # 0009

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    step_number: Mapped[int | None] = mapped_column(Integer)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    action: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str | None] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())

    actor: Mapped[User | None] = relationship(lazy="joined")


# --- issue 4 (G1): deadlines, receipts, notifications ----------------------------------------------
class GameSchedule(Base):
    """A game's deadline settings and its pause; a missing row means the defaults (not paused)."""

    __tablename__ = "game_schedules"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), unique=True)
    paused: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    paused_at: Mapped[datetime | None] = mapped_column()
    grace_minutes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    reminder_minutes: Mapped[int] = mapped_column(Integer, default=360, server_default="360")
    # (0005) «задержка расчёта»: minutes a complete step stays open after its last post
    resolve_delay_minutes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # (0007) the turn length: a new step's deadline is its opening plus this many hours (None: no deadline)
    turn_hours: Mapped[int | None] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())


class StepNotice(Base):
    """What the worker has already announced about a step (so each notice goes out once)."""

    __tablename__ = "step_notices"
    __table_args__ = (UniqueConstraint("step_id", "kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    step_id: Mapped[int] = mapped_column(ForeignKey("steps.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(100))  # your_turn | step_published | deadline_soon:<iso>
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Receipt(Base):
    """A post frozen when its step closed: the SHA-256 the database computed from the text then.

    Rows are written by a trigger on ``steps`` (status leaves ``open``), whatever code closes it.
    """

    __tablename__ = "receipts"

    id: Mapped[int] = mapped_column(primary_key=True)
    post_id: Mapped[int] = mapped_column(ForeignKey("posts.id"), unique=True)
    step_id: Mapped[int] = mapped_column(ForeignKey("steps.id", ondelete="CASCADE"), index=True)
    sha256: Mapped[str] = mapped_column(String(64))
    frozen_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Webhook(Base):
    """A user's opt-in webhook: a URL and the events to POST there."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), unique=True)
    url: Mapped[str] = mapped_column(Text)
    events: Mapped[list[Any]] = mapped_column(default=list)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    secret: Mapped[str] = mapped_column(String(64))  # signs each payload (HMAC-SHA256)
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())


class EmailSubscription(Base):
    """A user's opt-in e-mail notices (0010): the address, the events, and whether the address was
    confirmed through the link sent to it; nothing but that letter goes to an unconfirmed address."""

    __tablename__ = "email_subscriptions"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    address: Mapped[str] = mapped_column(String(320))  # as email-validator normalised it
    events: Mapped[list[Any]] = mapped_column(default=list)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")  # off: unsubscribed
    confirmed_at: Mapped[datetime | None] = mapped_column()
    confirmation_sent_at: Mapped[datetime | None] = mapped_column()  # the latest confirmation letter queued
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    updated_at: Mapped[datetime] = mapped_column(server_default=func.now())


class Notification(Base):
    """The delivery queue: one payload for one user, retried with backoff until sent or given up.
    A webhook's row has its URL in ``url``; a letter's (``channel`` email, 0010) has ``mailto:``
    and its address."""

    __tablename__ = "notifications"
    __table_args__ = (Index("ix_notifications_due", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    event: Mapped[str] = mapped_column(String(32))
    channel: Mapped[str] = mapped_column(String(16), default="webhook", server_default="webhook")  # webhook|email
    dedupe_key: Mapped[str] = mapped_column(String(200), unique=True)
    url: Mapped[str] = mapped_column(Text)
    payload: Mapped[dict[str, Any]] = mapped_column()
    # pending | sent | failed | cancelled (a letter no longer wanted: the step closed, the address left)
    status: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_attempt_at: Mapped[datetime] = mapped_column(server_default=func.now())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    sent_at: Mapped[datetime | None] = mapped_column()


class Delivery(Base):
    """The delivery log: one row per attempt."""

    __tablename__ = "notification_deliveries"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    notification_id: Mapped[int] = mapped_column(ForeignKey("notifications.id", ondelete="CASCADE"), index=True)
    attempt: Mapped[int] = mapped_column(Integer)
    status_code: Mapped[int | None] = mapped_column(Integer)
    error: Mapped[str | None] = mapped_column(Text)
    duration_ms: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())


class ApiToken(Base):
    """A bearer token of the JSON API (0004): the signed token carries this row's id, so its owner
    can list and revoke it; a revoked or expired token is refused."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    label: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(server_default=func.now())
    last_used_at: Mapped[datetime | None] = mapped_column()  # kept to the minute, not per request
    expires_at: Mapped[datetime] = mapped_column()
    revoked_at: Mapped[datetime | None] = mapped_column()


class LoginAttempt(Base):
    """Log-in attempts per account or client address in the current window (0004): one row per key
    (``login:<name>`` or ``addr:<address>``), counted before the password is hashed, so that every
    app process sees the same count; a successful log-in clears its account's row."""

    __tablename__ = "login_attempts"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(index=True)
    attempts: Mapped[int] = mapped_column(Integer)
