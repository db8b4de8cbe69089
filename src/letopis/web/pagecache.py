"""Rendered pages of a game kept per process, keyed by what they show (issue 13).

A page of a game — its game page, a step's chronicle, a step as JSON — shows what the game's rows
hold, as one viewer may see it. The game's content version changes in the same transaction as any
of those rows (triggers, migration 0010), so the key

    (page, game, content version, viewer class[, what else the page depends on])

names one rendering. A request asks one small statement on the read pool (`service.page_key`:
the version, the viewer's role and seats, the signed-in user, the API token's validity); a page
kept under that key is sent at once, and a request whose ``If-None-Match`` names it gets 304. A
miss renders the page as before (in the thread pool, for exactly the viewer class the key names)
and keeps it.

What else a key holds:
- the viewer class (`ViewerClass`: public, a player's seats, the GM), never the user: a spectator
  never gets a player's hand, and one player never another's; an HTML page also whether someone
  is signed in (its login hint);
- the reader's time zone and the year there (times are written in it, the year when it is not
  this one);
- for HTML, the site's address (links in the forum BBCode and invitations); a page that says how
  far a moment is from now («через 5 мин», «2 дня назад») lives until that phrase would change
  (`times.clock_watch`);
- the frame of an HTML page (user, menu, one-time messages, CSRF token) is never kept: it is
  rendered per request around the kept parts (`pageparts`).

Visitors read the replica when one is configured (`DATABASE_REPLICA_URL`): their key is read
there too, so a rendering is never older than its key. Bodies are kept in a `ByteBudgetCache`
(`BUDGET` bytes); a body larger than a quarter of it is served but not kept.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from fastapi import Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response

from letopis.engine.cache import ByteBudgetCache
from letopis.service.page_key import PAGE_KEY_SQL, PageKey, page_key, page_key_params
from letopis.timezones import DEFAULT_ZONE, zone_info

from .deps import (
    BAD_TOKEN,
    SESSION_USER_KEY,
    bearer_claims,
    ensure_replica_factory,
    ensure_session_factory,
    read_pool_of,
    touch_token,
)
from .pageparts import Parts, VisitorPage, render_parts, render_shell
from .security import AuthRequired
from .templating import csrf_token

BUDGET = 16 << 20
NO_CACHE = "no-cache"  # kept by browsers, asked again every time (an ETag makes it a 304)
PRIVATE = "private, no-cache"


@dataclass(frozen=True)
class JsonBody:
    body: bytes

    @property
    def nbytes(self) -> int:
        return len(self.body) + 100


_pages: ByteBudgetCache[Hashable, Any] = ByteBudgetCache("web.pages", BUDGET, size=lambda e: e.nbytes,
                                                         max_entry=BUDGET // 4)


def clear() -> None:
    _pages.clear()


async def key_of(request: Request, game_id: int) -> PageKey:
    """Who is asking and the game's version, in one statement. An API token that is forged, revoked
    or expired is refused (401) as `deps.current_user` refuses it; a session whose user is gone
    is a visitor's."""
    claims = bearer_claims(request)
    if claims is not None:
        user_id, token_id = claims
    else:
        uid = request.session.get(SESSION_USER_KEY)
        user_id, token_id = (uid if isinstance(uid, int) else None), None
    pool = await read_pool_of(request, replica=user_id is None)
    row = await pool.fetchone(PAGE_KEY_SQL, page_key_params(game_id=game_id, user_id=user_id, token_id=token_id))
    assert row is not None  # the statement always answers one row
    key = page_key(row, game_id=game_id)
    if token_id is not None:
        if not key.token_ok or key.user is None:
            raise AuthRequired(BAD_TOKEN, code="bad_token")
        request.state.token_id = token_id
        await touch_token(request, token_id)
    elif user_id is not None and key.user is None:
        request.session.pop(SESSION_USER_KEY, None)
    request.state.user = key.user
    return key


def _session(request: Request, key: PageKey) -> Session:
    """A session on the database the key was read from: the replica for a visitor, when there is one."""
    if key.user is None:
        replica = ensure_replica_factory(request.app)
        if replica is not None:
            return replica()
    return ensure_session_factory(request.app)()


def etag(*parts: object) -> str:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
    return f'W/"{digest}"'


def _matches(request: Request, tag: str) -> bool:
    """The request's ``If-None-Match`` names ``tag`` (weak comparison) or is ``*``."""
    header = request.headers.get("if-none-match")
    if not header:
        return False
    wanted = tag.removeprefix("W/")
    return any(item.strip() == "*" or item.strip().removeprefix("W/") == wanted for item in header.split(","))


def _cache_control(key: PageKey) -> str:
    return NO_CACHE if key.user is None else PRIVATE


def reading(key: PageKey) -> tuple[str, int]:
    """The reader's time zone and this year there: the times a page writes («21 ноября, 17:05»,
    with the year when it is not this one) depend on both."""
    zone = key.user.time_zone if key.user is not None else DEFAULT_ZONE
    return zone, datetime.now(zone_info(zone)).year


async def json_page(request: Request, key: PageKey, page: tuple, build: Callable[[Session, PageKey], bytes]) -> Response:
    """A JSON answer kept under (``page``, game, version, viewer class, the reader's zone and year:
    the chronicle's notes write the deadline in it); ``build(db, key)`` makes it on a miss (in the
    thread pool). A game that does not exist is never kept: ``build`` raises."""
    cache_key = ("json", *page, key.game_id, key.version, key.viewer, reading(key))
    tag = etag(cache_key)
    headers = {"ETag": tag, "Cache-Control": _cache_control(key)}
    if key.version is not None and _matches(request, tag):
        return Response(status_code=304, headers=headers)
    got = _pages.get(cache_key) if key.version is not None else None
    if got is None:
        body = await run_in_threadpool(_build, request, key, build)
        got = JsonBody(body)
        if key.version is not None:
            _pages.put(cache_key, got)
    return Response(got.body, media_type="application/json", headers=headers)


def _build(request: Request, key: PageKey, build: Callable[[Session, PageKey], Any]) -> Any:
    with _session(request, key) as db:
        return build(db, key)


async def html_page(request: Request, key: PageKey, page: tuple, template: str,
                    build: Callable[[Session, PageKey], dict[str, Any]]) -> Response:
    """An HTML page whose parts are kept under (``page``, game, version, viewer class, signed in,
    the site's address, the reader's zone and year) until the version moves or, for parts that say
    how far a moment is from now, that phrase changes; ``build(db, key)`` gives the template's
    context on a miss (in the thread pool). The frame is rendered for this request around the parts
    (`pageparts`); for visitors the whole page is kept, with a gap for each request's CSRF token."""
    visitor = key.user is None
    zone, year = reading(key)
    cache_key = ("html", *page, key.game_id, key.version, key.viewer, not visitor, str(request.base_url), zone, year)
    flash = bool(request.session.get("flash"))
    got: Parts | VisitorPage | None = _pages.get(cache_key) if key.version is not None else None
    if got is not None and got.expired(time.time()):
        _pages.discard(cache_key)
        got = None
    if got is None or (flash and isinstance(got, VisitorPage)):
        context = await run_in_threadpool(_build, request, key, build)
        parts = render_parts(template, context, signed_in=not visitor, zone=zone)
        if flash:  # a one-time message: the page is made for this request alone, with no ETag
            return render_shell(request, parts, zone=zone, headers={"Cache-Control": PRIVATE})
        got = VisitorPage.of(parts, zone) if visitor else parts
        if key.version is not None:
            _pages.put(cache_key, got)
    elif flash:
        assert isinstance(got, Parts)
        return render_shell(request, got, zone=zone, headers={"Cache-Control": PRIVATE})
    token = csrf_token(request)
    tag = etag(cache_key, got.expires, key.user, token)
    headers = {"ETag": tag, "Cache-Control": PRIVATE}
    if _matches(request, tag):
        return Response(status_code=304, headers=headers)
    if isinstance(got, VisitorPage):
        return Response(got.body(token), media_type="text/html", headers=headers)
    return render_shell(request, got, zone=zone, headers=headers)
