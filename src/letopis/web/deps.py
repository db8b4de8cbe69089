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
from starlette.concurrency import run_in_threadpool

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

        state.session_factory = session_factory(database_url(state.settings),
                                                prepare=state.settings.prepared_statements)
    return state.session_factory


def ensure_replica_factory(app: FastAPI) -> sessionmaker[Session] | None:
    """Sessions on the read replica (``DATABASE_REPLICA_URL``); None without one."""
    state = app.state
    if not hasattr(state, "replica_factory"):
        url = state.settings.database_replica_url
        if url:
            from letopis.db.session import session_factory

            state.replica_factory = session_factory(url, prepare=state.settings.prepared_statements)
        else:
            state.replica_factory = None
    return state.replica_factory


def ensure_read_pool(app: FastAPI) -> ReadPool:
    """The app's pool of autocommit connections for the live check's single statement."""
    state = app.state
    pool = getattr(state, "read_pool", None)
    if pool is None:
        pool = state.read_pool = ReadPool(conninfo(ensure_session_factory(app).kw["bind"].url),
                                          prepare=state.settings.prepared_statements)
    return pool


def ensure_replica_read_pool(app: FastAPI) -> ReadPool | None:
    """A read pool on the replica (``DATABASE_REPLICA_URL``) for visitors' hot statements; None
    without a replica."""
    state = app.state
    if not hasattr(state, "replica_read_pool"):
        url = state.settings.database_replica_url
        state.replica_read_pool = None
        if url:
            from letopis.db.session import make_engine

            state.replica_read_pool = ReadPool(conninfo(make_engine(url).url),
                                               prepare=state.settings.prepared_statements)
    return state.replica_read_pool


def get_db(request: Request) -> Iterator[Session]:
    db = ensure_session_factory(request.app)()
    try:
        yield db
    finally:
        db.close()


def is_visitor(request: Request) -> bool:
    """Nobody is signed in: no bearer token and no user in the session cookie (no query needed)."""
    return "authorization" not in request.headers and not isinstance(request.session.get(SESSION_USER_KEY), int)


def get_read_db(request: Request, db: Annotated[Session, Depends(get_db)]) -> Iterator[Session]:
    """A session for a read-only page. A visitor reads from the replica, when there is one: a page a
    little behind the primary is no harm to a spectator; a signed-in user reads the primary (the
    request's one session, which also loaded the user) and so always sees what they have just done."""
    replica = ensure_replica_factory(request.app) if is_visitor(request) else None
    if replica is None:
        yield db
        return
    read = replica()
    try:
        yield read
    finally:
        read.close()


SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SessionDep = Annotated[Session, Depends(get_db)]
ReadSessionDep = Annotated[Session, Depends(get_read_db)]


BAD_HEADER = "Заголовок Authorization должен быть вида «Bearer <ключ>»."
BAD_TOKEN = "Ключ доступа неверен, устарел или отозван. Получите новый: POST /api/token."


def bearer_claims(request: Request) -> tuple[int, int] | None:
    """(user id, token id) from an ``Authorization: Bearer`` header, None without the header;
    AuthRequired for a malformed header or a token whose signature or age is wrong. No I/O: whether
    the token was revoked is asked by the caller."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, credentials = header.partition(" ")
    if scheme.lower() != "bearer" or not credentials.strip():
        raise AuthRequired(BAD_HEADER, code="bad_token")
    claims = read_token(request.app.state.settings, credentials.strip())
    if claims is None:
        raise AuthRequired(BAD_TOKEN, code="bad_token")
    return claims


def current_user(request: Request, db: SessionDep, settings: SettingsDep) -> UserOut | None:
    """The user behind this request, or None for a visitor. A bearer token is checked against its
    row in the same query that loads the user (revoked or expired: 401)."""
    if hasattr(request.state, "user"):
        return request.state.user
    user: UserOut | None = None
    claims = bearer_claims(request)
    if claims is not None:
        user = service.user_for_token(db, user_id=claims[0], token_id=claims[1])
        if user is None:
            raise AuthRequired(BAD_TOKEN, code="bad_token")
        request.state.token_id = claims[1]
    else:
        user_id = request.session.get(SESSION_USER_KEY)
        if isinstance(user_id, int):
            user = _user_or_none(db, user_id)
            if user is None:
                request.session.pop(SESSION_USER_KEY, None)
    request.state.user = user
    return user


async def read_pool_of(request: Request, *, replica: bool = False) -> ReadPool:
    """The app's read pool (its first use may start the embedded database: off the loop); with
    ``replica``, the replica's when there is one (a visitor's page reads the replica)."""
    if replica:
        state = request.app.state
        pool = state.replica_read_pool if hasattr(state, "replica_read_pool") else ensure_replica_read_pool(request.app)
        if pool is not None:
            return pool
    pool = getattr(request.app.state, "read_pool", None)
    return pool or await run_in_threadpool(ensure_read_pool, request.app)


async def touch_token(request: Request, token_id: int) -> None:
    """Note the token's last use (at most once a minute per token in this process)."""
    if service.should_touch_token(token_id):
        pool = await read_pool_of(request)
        await pool.fetchone(service.TOKEN_TOUCH_SQL, {"token_id": token_id})


async def identity(request: Request) -> tuple[int, int | None]:
    """(user id, API token id or None for the session cookie) without any query: for the live
    check, whose one statement checks the token's row itself (see service.posts.check_statement)."""
    claims = bearer_claims(request)
    if claims is not None:
        return claims
    user_id = request.session.get(SESSION_USER_KEY)
    if not isinstance(user_id, int):
        raise AuthRequired("Войдите, чтобы сделать это.")
    return user_id, None


Identity = Annotated[tuple, Depends(identity)]


async def current_user_id(request: Request) -> int:
    """Only the id of the signed-in user, without loading the user: for routes whose service call
    checks the user's rights itself. A bearer token costs one primary-key lookup on the read pool,
    awaited on the event loop (revoked or expired: 401)."""
    user_id, token_id = await identity(request)
    if token_id is not None:
        pool = await read_pool_of(request)
        row = await pool.fetchone(service.TOKEN_SQL, {"token_id": token_id, "user_id": user_id})
        if row is None:
            raise AuthRequired(BAD_TOKEN, code="bad_token")
        await touch_token(request, token_id)
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
