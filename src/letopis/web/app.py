"""The application factory: pages, the JSON API, the GM desk, static files and the middlewares.

Middlewares, outermost first: the slow-request log (every request slower than
``slow_request_seconds``), the body cap (so nothing reads an oversized body), the form
encoding check (a form that is not UTF-8 is refused), CSRF (forms),
sessions (signed cookie). `uvicorn --factory letopis.web.app:create_app` works as is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from importlib.util import find_spec
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.middleware.sessions import SessionMiddleware

from letopis.settings import Settings, get_settings

from . import account, api, api_docs, archive, auth, boards, errors, gm, lobby, own_posts, pages
from . import email as email_web
from . import gm_desk as gm_desk_web
from . import notify as notify_web
from . import turn_length as turn_length_web
from .arenas import limit_arenas
from .csrf import CSRFMiddleware
from .formcheck import FormEncodingMiddleware
from .limits import MAX_BODY_BYTES, BodyLimitMiddleware
from .slowlog import SlowRequestMiddleware

STATIC_DIR = Path(__file__).resolve().parent / "static"
# Swagger UI 5 (it reads the OpenAPI 3.1 that FastAPI writes; 4.x cannot), as shipped in the
# fastapi-offline wheel, so /docs needs no CDN
DOCS_STATIC_DIR = Path(find_spec("fastapi_offline").origin).resolve().parent / "static"  # its files only
SESSION_COOKIE = "letopis_session"
SESSION_MAX_AGE = 14 * 24 * 3600

log = logging.getLogger("letopis.web")

API_DESCRIPTION = """\
JSON API Летописи для ботов форумов и скриптов: те же действия, что и на страницах.

Вход: `POST /api/token` с логином и паролем даёт ключ; передавайте его в заголовке
`Authorization: Bearer <ключ>`. Ошибки приходят как `{"code", "message", "problems"}`, где
`problems` — замечания к строкам поста со ссылками на пункты правил.
"""


def create_app(
    settings: Settings | None = None,
    session_factory: sessionmaker[Session] | None = None,
    *,
    run_deadlines: bool | None = None,
    deadline_interval: float | None = None,
    max_body_bytes: int = MAX_BODY_BYTES,
) -> FastAPI:
    """Build the app. Without a session factory the database comes from the settings (the
    embedded cluster when no ``DATABASE_URL``) on first use, and the deadline ticker runs
    (every ``deadline_interval`` seconds, by default ``deadline_interval_seconds`` of the settings)
    unless ``run_deadlines`` says otherwise."""
    settings = settings or get_settings()
    if deadline_interval is None:
        deadline_interval = settings.deadline_interval_seconds
    settings.check()
    limit_arenas()  # before the thread pool starts (web/arenas.py)
    from letopis import service

    service.configure_password_hashing(concurrency=settings.password_hash_concurrency,
                                       queue=settings.password_hash_queue)
    if run_deadlines is None:
        run_deadlines = session_factory is None

    app = FastAPI(
        title="Летопись",
        description=API_DESCRIPTION,
        version="0.1.0",
        lifespan=_lifespan(deadline_interval),
        openapi_url="/api/openapi.json",
        docs_url=None,  # served below from the packaged Swagger UI: no CDN needed
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.session_factory = session_factory
    app.state.run_deadlines = run_deadlines  # read at start: forked workers are told theirs (web/prefork.py)

    errors.install(app)
    app.mount("/static/docs", StaticFiles(directory=DOCS_STATIC_DIR), name="docs-static")
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/api/openapi.json", title="Летопись — API",
                                   swagger_js_url="/static/docs/swagger-ui-bundle.js",
                                   swagger_css_url="/static/docs/swagger-ui.css",
                                   swagger_favicon_url="/static/docs/favicon.png")
    # The hot routes first: FastAPI tries routes in order and each try costs. The live check (POST
    # /api/games/{id}/check) and a step's JSON, then the kept pages (the game page, a step's
    # chronicle: web/pagecache.py), then the rest. No page path starts with /api/.
    app.include_router(api.hot)
    app.include_router(pages.cached)
    app.include_router(api.router)
    app.include_router(auth.router)
    app.include_router(lobby.pages)  # the home page, /games, «Мои игры»
    app.include_router(lobby.api)
    app.include_router(pages.router)
    app.include_router(gm.router)
    app.include_router(gm_desk_web.router)  # roll back, corrections, seats, rulings
    app.include_router(gm_desk_web.api_router)
    app.include_router(notify_web.pages)  # deadlines, receipts, «Уведомления»
    app.include_router(turn_length_web.pages)  # «Сроки»: the turn length
    app.include_router(notify_web.api)
    app.include_router(own_posts.pages)  # a sent post's receipt page, withdrawing a post
    app.include_router(own_posts.api)
    app.include_router(turn_length_web.api)
    app.include_router(email_web.pages)  # «Письма на почту», the confirmation and unsubscribe links
    app.include_router(email_web.api)
    app.include_router(archive.router)
    app.include_router(boards.router)  # board PNGs
    app.include_router(archive.api_router)
    app.include_router(account.pages)  # «Настройки»: the time zone
    app.include_router(account.api)
    api_docs.install(app)  # /docs in Russian: tags, summaries, descriptions

    secure = settings.environment != "development"
    app.add_middleware(
        SessionMiddleware,
        secret_key=settings.secret_key,
        session_cookie=SESSION_COOKIE,
        max_age=SESSION_MAX_AGE,
        same_site="lax",
        https_only=secure,
    )
    app.add_middleware(CSRFMiddleware, secret=settings.secret_key, secure=secure)
    app.add_middleware(FormEncodingMiddleware)  # a form that is not UTF-8 is refused, not repaired
    app.add_middleware(BodyLimitMiddleware, max_bytes=max_body_bytes)
    app.add_middleware(SlowRequestMiddleware, threshold=settings.slow_request_seconds, router=app.router)
    return app


def _lifespan(interval: float):
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        task = None
        if app.state.run_deadlines:
            log.info("scheduled work (deadlines, reminders, webhooks) runs in this process, pid %d", os.getpid())
            task = asyncio.create_task(_deadline_ticker(app, interval))
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            for name in ("read_pool", "replica_read_pool"):  # hot statements' own connections (deps)
                read_pool = getattr(app.state, name, None)
                if read_pool is not None:  # closed for good: the next start (a test's next client) opens anew
                    delattr(app.state, name)
                    await read_pool.close()

    return lifespan


def _run_deadlines_once(factory: sessionmaker[Session]) -> None:
    from letopis import service

    with factory() as db:
        service.run_worker(db)  # deadlines (pause, grace), reminders, webhook deliveries


async def _deadline_ticker(app: FastAPI, interval: float) -> None:
    """Apply deadline defaults every ``interval`` seconds; the service's advisory lock makes
    exactly one of several app processes do the work."""
    from .deps import ensure_session_factory

    while True:
        await asyncio.sleep(interval)
        try:
            factory = await run_in_threadpool(ensure_session_factory, app)
            await run_in_threadpool(_run_deadlines_once, factory)
        except Exception:  # keep ticking; the next round may succeed
            log.exception("deadline ticker failed")
