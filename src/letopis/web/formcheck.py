"""Forms whose bytes are not UTF-8 are refused, not repaired.

Starlette decodes a URL-encoded form leniently: ``%ED%A0%80`` (an encoded lone surrogate) or
``%FF`` becomes U+FFFD, so a post would be stored altered without anyone knowing. A browser
never sends such bytes (it encodes what the textarea holds); a script might. This middleware reads
a URL-encoded body once (the body cap runs before it), checks that every name and value decodes
as strict UTF-8, and answers a Russian 400 page (or JSON under /api) otherwise; the body is then
passed on unchanged.
"""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from letopis.service.inputs import unstorable

from .responses import error_response

FORM_TYPE = b"application/x-www-form-urlencoded"


def form_problem(body: bytes) -> str | None:
    """A Russian sentence naming the first field that is not UTF-8, or None. (NUL and the like are
    valid UTF-8: the fields' own type, `FormStr`, refuses them with the field's name.)"""
    for pair in body.split(b"&"):
        if not pair:
            continue
        raw_name, _, raw_value = pair.partition(b"=")
        try:
            name = unquote_to_bytes(raw_name.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            return "Имя поля формы — не текст UTF-8."
        try:
            unquote_to_bytes(raw_value.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError as exc:
            shown = name if unstorable(name) is None else "?"
            return (f"Поле «{shown}»: байты с {exc.start + 1}-й позиции — не текст UTF-8 "
                    f"(например, одиночный суррогат); такой текст сохранить нельзя.")
    return None


def _content_type(scope: Scope) -> bytes:
    for key, value in scope.get("headers") or []:
        if key == b"content-type":
            return value.split(b";", 1)[0].strip().lower()
    return b""


class FormEncodingMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or _content_type(scope) != FORM_TYPE:
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay(b"", receive, first=message), send)
                return
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        body = b"".join(chunks)
        problem = form_problem(body)
        if problem is not None:
            response = error_response(scope, status=400, code="unstorable_text",
                                      message="Форму не удалось прочитать: " + problem)
            await response(scope, _replay(body, receive), send)
            return
        await self.app(scope, _replay(body, receive), send)


def _replay(body: bytes, receive: Receive, first: Message | None = None) -> Receive:
    """The body read once, then the client's own channel (its eventual disconnect)."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return first or {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
