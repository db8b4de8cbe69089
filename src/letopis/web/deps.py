"""Dependencies as `Annotated` aliases: the DB session, settings, and who is asking.

Identity comes from exactly one place per request: an ``Authorization: Bearer`` token when the
header is present (scripts, bots — the session cookie is then ignored, so a forged header cannot
ride on a browser's cookie), otherwise the signed session cookie.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, Any, TypeVar

import psycopg
from fastapi import Depends, FastAPI, Request
from sqlalchemy import Engine, create_engine
from sqlalchemy.orm import Session, sessionmaker

from letopis import service
from letopis.service import UserOut
from letopis.settings import Settings

from .security import AuthRequired, read_token

SESSION_USER_KEY = "uid"
T = TypeVar("T")


async def get_settings_dep(request: Request) -> Settings:  # no I/O: async keeps it off the threadpool
    return request.app.state.settings


def ensure_session_factory(app: FastAPI) -> sessionmaker[Session]:
    """The app's session factory, built from the settings on first use."""
    state = app.state
    if state.session_factory is None:
        from letopis.db.session import database_url, session_factory

        state.session_factory = session_factory(database_url(state.settings))
    return state.session_factory


READ_POOL_SIZE = 16  # kept open: as many as live checks run at once in one process


def ensure_read_engine(app: FastAPI) -> Engine:
    """An engine for the live check's single read statement: its own pool of autocommit
    connections (no BEGIN/ROLLBACK round trips) without a ping on every checkout; `read_connection`
    retries once when a pooled connection turns out dead instead."""
    state = app.state
    engine = getattr(state, "read_engine", None)
    if engine is None:
        bind = ensure_session_factory(app).kw["bind"]
        engine = create_engine(bind.url, isolation_level="AUTOCOMMIT", pool_size=READ_POOL_SIZE,
                               max_overflow=2 * READ_POOL_SIZE, pool_pre_ping=False)
        state.read_engine = engine
    return engine


def read_connection(app: FastAPI, work: Callable[[Any], T]) -> T:
    """``work(psycopg connection)`` on a pooled autocommit connection, for hot read-only paths
    (FastAPI would run a generator dependency through two worker-thread hops). A connection the
    server dropped (a restart) is discarded and the work runs once more on a fresh one."""
    engine = ensure_read_engine(app)
    pooled = engine.raw_connection()
    try:
        return work(pooled.driver_connection)
    except psycopg.OperationalError:
        pooled.invalidate()
    finally:
        pooled.close()
    pooled = engine.raw_connection()
    try:
        return work(pooled.driver_connection)
    finally:
        pooled.close()


def get_db(request: Request) -> Iterator[Session]:
    db = ensure_session_factory(request.app)()
    try:
        yield db
    finally:
        db.close()


SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SessionDep = Annotated[Session, Depends(get_db)]


def current_user(request: Request, db: SessionDep, settings: SettingsDep) -> UserOut | None:
    """The user behind this request, or None for a visitor."""
    if hasattr(request.state, "user"):
        return request.state.user
    user: UserOut | None = None
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, credentials = header.partition(" ")
        if scheme.lower() != "bearer" or not credentials.strip():
            raise AuthRequired("Заголовок Authorization должен быть вида «Bearer <ключ>».", code="bad_token")
        user_id = read_token(settings, credentials.strip())
        if user_id is None:
            raise AuthRequired("Ключ доступа неверен или устарел. Получите новый: POST /api/token.",
                               code="bad_token")
        user = _user_or_none(db, user_id)
        if user is None:
            raise AuthRequired("Пользователь этого ключа больше не существует.", code="bad_token")
    else:
        user_id = request.session.get(SESSION_USER_KEY)
        if isinstance(user_id, int):
            user = _user_or_none(db, user_id)
            if user is None:
                request.session.pop(SESSION_USER_KEY, None)
    request.state.user = user
    return user


async def current_user_id(request: Request, settings: SettingsDep) -> int:
    """Only the id of the signed-in user, without a database query: for hot paths (the live check)
    whose service call checks the user's rights itself in the same query that loads the game. No I/O,
    so it is async: FastAPI then runs it on the event loop instead of hopping to a worker thread."""
    header = request.headers.get("authorization")
    if header is not None:
        scheme, _, credentials = header.partition(" ")
        user_id = read_token(settings, credentials.strip()) if scheme.lower() == "bearer" else None
        if user_id is None:
            raise AuthRequired("Ключ доступа неверен или устарел. Получите новый: POST /api/token.",
                               code="bad_token")
        return user_id
    user_id = request.session.get(SESSION_USER_KEY)
    if not isinstance(user_id, int):
        raise AuthRequired("Войдите, чтобы сделать это.")
    return user_id


CurrentUserId = Annotated[int, Depends(current_user_id)]


def _user_or_none(db: Session, user_id: int) -> UserOut | None:
    try:
        return service.get_user(db, user_id)
    except service.NotFound:
        return None


MaybeUser = Annotated[UserOut | None, Depends(current_user)]


def require_user(user: MaybeUser) -> UserOut:
    if user is None:
        raise AuthRequired("Войдите, чтобы сделать это.")
    return user


CurrentUser = Annotated[UserOut, Depends(require_user)]
