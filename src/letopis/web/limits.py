"""A cap on request bodies, enforced before anything reads them (the CSRF check reads forms too).

A body over the cap gets a short Russian 413 at once — HTML for pages, JSON under /api — and the
app never sees the request, so nothing is stored. Bodies without a Content-Length are counted
as they stream in.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .responses import error_response, wants_json

MAX_BODY_BYTES = 512 * 1024

TOO_LARGE_MESSAGE = "Слишком большой запрос: больше {limit} КБ. Сократите текст и отправьте снова."
PAGE_HINT = " Вернитесь на страницу назад — набранное останется в поле."


def too_large_text(scope: Scope, detail: str) -> str:
    """The refusal, with a hint for people at a browser on how to get their text back."""
    return detail if wants_json(scope) else detail + PAGE_HINT


class BodyTooLarge(HTTPException):
    """Raised from the counting `receive`; FastAPI passes HTTP exceptions through untouched."""

    code = "too_large"

    def __init__(self, limit: int) -> None:
        super().__init__(413, TOO_LARGE_MESSAGE.format(limit=limit // 1024))


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(scope, receive, send)
            return

        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(scope, None, send)

    async def _refuse(self, scope: Scope, receive: Receive | None, send: Send) -> None:
        """Answer 413 without reading the body."""
        too_large = BodyTooLarge(self.max_bytes)
        response = error_response(scope, status=413, code=too_large.code,
                                  message=too_large_text(scope, too_large.detail))
        await response(scope, receive or _disconnected, send)


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers") or []:
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _disconnected() -> Message:
    return {"type": "http.disconnect"}
