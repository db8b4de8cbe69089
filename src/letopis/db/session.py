"""Engines and sessions: one engine per database URL, sessions from a sessionmaker.

The web app builds its session factory with `session_factory(url)`; tests pass their own.
`database_url()` answers the URL to use: ``DATABASE_URL`` when set, else the embedded cluster.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker

from letopis.settings import Settings, get_settings


def normalise_url(url: str) -> str:
    """Use psycopg 3 for plain ``postgresql://`` URLs."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


@cache
def make_engine(url: str, *, prepare: bool = True) -> Engine:
    """One pooled engine per URL for the whole process. ``prepare=False``: no server-side prepared
    statements (for PgBouncer before 1.21 in transaction mode, where the next transaction may run
    on another server connection that does not know them)."""
    connect_args = {} if prepare else {"prepare_threshold": None}
    return create_engine(normalise_url(url), pool_pre_ping=True, future=True, connect_args=connect_args)


def session_factory(url: str, *, prepare: bool = True) -> sessionmaker[Session]:
    return sessionmaker(bind=make_engine(url, prepare=prepare), expire_on_commit=False, autoflush=False)


def database_url(settings: Settings | None = None, *, start: bool = True) -> str:
    """``DATABASE_URL`` if set, else the embedded cluster's URL (started when ``start``)."""
    settings = settings or get_settings()
    if settings.database_url:
        return settings.database_url
    from .embedded import ensure_cluster

    return ensure_cluster(settings, start=start)


@contextmanager
def session_scope(url: str) -> Iterator[Session]:
    """A session for scripts and the CLI; rolled back if left with an open transaction."""
    db = session_factory(url)()
    try:
        yield db
    finally:
        db.close()
