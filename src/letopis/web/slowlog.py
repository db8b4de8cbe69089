"""A log line for every request slower than ``Settings.slow_request_seconds`` (issue 14).

The outermost middleware: it times the whole request (body cap, CSRF, session and the route) until
the response is sent, and logs at WARNING on ``letopis.web.slow``: the method, the route's
template (``/api/games/{game_id}/check``, or the raw path when no route matched), the status, the
seconds, and the input's size (body bytes read, or the declared Content-Length when the body was
not read, and the query string's length). The text of a request is never logged.
"""

from __future__ import annotations

import logging
import time

from starlette.routing import Match, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("letopis.web.slow")


class SlowRequestMiddleware:
    def __init__(self, app: ASGIApp, threshold: float = 1.0, router: Router | None = None) -> None:
        self.app = app
        self.threshold = threshold
        self.router = router  # to name the route when an inner middleware routed a copy of the scope

    def route_of(self, scope: Scope) -> str:
        route = scope.get("route")
        if route is None and self.router is not None:
            partial = None
            for candidate in self.router.routes:
                match, _ = candidate.matches(dict(scope))
                if match is Match.FULL:
                    route = candidate
                    break
                if match is Match.PARTIAL and partial is None:
                    partial = candidate
            route = route or partial
        return getattr(route, "path", None) or scope.get("path", "")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or self.threshold <= 0:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        seen = 0
        status = 500  # an exception that escapes is a server error

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
            return message

        async def noting_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, counting_receive, noting_send)
        finally:
            elapsed = time.perf_counter() - started
            if elapsed >= self.threshold:
                path = self.route_of(scope)
                body = seen or _declared_length(scope)
                log.warning("slow request: %s %s → %s in %.2f s, body %d bytes, query %d bytes",
                            scope.get("method", "?"), path, status, elapsed, body,
                            len(scope.get("query_string", b"")),
                            extra={"route": path, "method": scope.get("method"), "status": status,
                                   "seconds": round(elapsed, 3), "body_bytes": body})


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return max(0, int(value))
            except ValueError:
                return 0
    return 0
