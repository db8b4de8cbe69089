"""CSRF protection for every form, through `asgi-csrf` (double-submit cookie, signed token).

Forms carry the token in the hidden field ``csrftoken``; htmx sends it as the ``X-CSRFToken``
header. Not checked: requests with ``Authorization: Bearer`` (scripts and bots; asgi-csrf skips
them itself), JSON requests under /api (a browser cannot send ``application/json`` cross-site
without a CORS preflight, which this app never grants) and GETs there (no answer under /api holds
a form, so no token is minted for them), and the one-click unsubscribe link of a
letter (``POST /email/unsubscribe/<signed token>``: mail clients POST it with no cookie, RFC 8058;
the token is the proof, and all it can do is stop letters). Log-in and registration are checked
even without cookies, against login CSRF.
"""

from __future__ import annotations

import hashlib

from asgi_csrf import Errors, asgi_csrf
from starlette.types import ASGIApp, Receive, Scope, Send

from .responses import error_response

ALWAYS_PROTECT = {"/login", "/register"}
UNSUBSCRIBE_PREFIX = "/email/unsubscribe/"  # web/email.py

CSRF_MESSAGE = (
    "Форма устарела или пришла с чужого сайта (не совпал защитный ключ CSRF). "
    "Обновите страницу и отправьте ещё раз — текст лучше сперва скопировать."
)


def _is_api_json(scope: Scope) -> bool:
    """A JSON request under /api, or a GET or HEAD there (nothing under /api serves a form)."""
    if not scope.get("path", "").startswith("/api/"):
        return False
    if scope.get("method") in ("GET", "HEAD"):
        return True
    for key, value in scope.get("headers") or []:
        if key == b"content-type":
            return value.split(b";", 1)[0].strip().lower() == b"application/json"
    return False


def _is_unsubscribe(scope: Scope) -> bool:
    return scope.get("path", "").startswith(UNSUBSCRIBE_PREFIX)


def _skip(scope: Scope) -> bool:
    return _is_api_json(scope) or _is_unsubscribe(scope)


async def _refuse(scope: Scope, send: Send, message_id: Errors) -> None:
    response = error_response(scope, status=403, code="csrf", message=CSRF_MESSAGE)
    await response(scope, _no_body, send)


async def _no_body():
    return {"type": "http.disconnect"}


class CSRFMiddleware:
    """`asgi_csrf` as a Starlette middleware class, with Russian refusals."""

    def __init__(self, app: ASGIApp, secret: str, secure: bool = False) -> None:
        self.inner = app
        self.app = asgi_csrf(
            app,
            signing_secret=hashlib.sha256(f"csrf:{secret}".encode()).hexdigest(),
            always_protect=ALWAYS_PROTECT,
            skip_if_scope=_skip,
            cookie_secure=secure,
            send_csrf_failed=_refuse,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and _is_api_json(scope):
            # asgi_csrf would let it through anyway, after minting a token (SystemRandom) that a
            # JSON answer never uses: no form, no cookie set, so skipping it changes nothing
            await self.inner(scope, receive, send)
            return
        await self.app(scope, receive, send)
