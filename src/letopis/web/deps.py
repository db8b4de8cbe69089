"""Dependencies as `Annotated` aliases: the DB session, settings, and who is asking.

Identity comes from exactly one place per request: an ``Authorization: Bearer`` token when the
header is present (scripts, bots — the session cookie is then ignored, so a forged header cannot
ride on a browser's cookie), otherwise the signed session cookie.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, FastAPI, Request
from sqlalchemy.orm import Session, sessionmaker

from letopis import service
from letopis.service import UserOut
from letopis.settings import Settings

from .readpool import ReadPool, conninfo
from .security import AuthRequired, read_token

SESSION_USER_KEY = "uid"


async def get_settings_dep(request: Request) -> Settings:  # no I/O: async keeps it off the threadpool
    return request.app.state.settings


def ensure_session_factory(app: FastAPI) -> sessionmaker[Session]:
    """The app's session factory, built from the settings on first use."""
    state = app.state
    if state.session_factory is None:
        from letopis.db.session import database_url, session_factory

        state.session_factory = session_factory(database_url(state.settings))
    return state.session_factory


def ensure_read_pool(app: FastAPI) -> ReadPool:
    """The app's pool of autocommit connections for the live check's single statement."""
    state = app.state
    pool = getattr(state, "read_pool", None)
    if pool is None:
        pool = state.read_pool = ReadPool(conninfo(ensure_session_factory(app).kw["bind"].url))
    return pool


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


async def current_user_id(request: Request) -> int:
    """Only the id of the signed-in user, without a database query: for hot paths (the live check)
    whose service call checks the user's rights itself in the same query that loads the game. No I/O,
    so it is async: FastAPI then runs it on the event loop instead of hopping to a worker thread.
    The settings come straight from the app (one dependency less to solve on the hot path)."""
    settings: Settings = request.app.state.settings
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
