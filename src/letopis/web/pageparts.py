"""A page rendered once as parts that can be kept, and put into the site's frame per request.

Every page extends ``base.html``, whose frame holds what differs from request to request: the
signed-in user and their menu, the one-time messages, the CSRF token. A page's own blocks (its
title, its main section…) hold what the game's rows hold, as one viewer may see it. So a page is
rendered in two steps:

- `render_parts` renders the page's blocks alone: the page template is compiled in an overlay of
  the site's environment where ``base.html`` is a template that renders each block into a dict
  instead of into a frame. The parts are rendered with stand-ins for the per-request values: the
  user is only «signed in» (`SIGNED_IN`: truthy, with no name or id to show), the CSRF token a
  random mark of this process (`CSRF_MARK`) that `Parts.filled` replaces with the request's own.
- `render_shell` renders ``base.html`` for this request with the parts as its blocks (a block the
  page leaves alone keeps base.html's own content); `VisitorPage` is that page once for every
  visitor, with a gap for each request's CSRF token.

Parts that say how far a moment is from now («расчёт через 5 мин», «2 дня назад») are true until
that phrase changes (`times.clock_watch`): they carry the moment they expire. Times are in the
reader's zone (`times.page_zone`), which is part of what a kept page is kept under.

The result is the page `templating.render` gives, byte for byte (tests/web/test_page_cache.py).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from jinja2 import ChoiceLoader, DictLoader, Environment, Template
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from .templating import csrf_token, templates
from .times import clock_watch, page_zone

BASE = "base.html"
CSRF_MARK = "csrf-" + secrets.token_hex(16)  # never shown: replaced by the request's token
_UNSET = "\x00unset-" + secrets.token_hex(8)  # a block the page does not fill


class _SignedIn:
    """The user as the parts see them: someone is signed in (a login hint is not shown), but not who
    (their name is the frame's; a page part that asked for it would render nothing)."""

    def __bool__(self) -> bool:
        return True

    def __repr__(self) -> str:
        return "SIGNED_IN"


SIGNED_IN = _SignedIn()


@dataclass(frozen=True)
class Parts:
    """A page's blocks, rendered (UTF-8: a third smaller than Cyrillic text as str); ``csrf``:
    whether they hold `CSRF_MARK` (a form); ``expires``: when they stop being true (the epoch
    second at which the minute turns, for a page that says «через 5 мин»), or None."""

    blocks: dict[str, bytes | None]  # None: the page leaves the block to base.html
    csrf: bool
    expires: float | None = None

    @property
    def nbytes(self) -> int:
        return sum(len(v) + 80 for v in self.blocks.values() if v is not None) + 300

    def expired(self, now: float) -> bool:
        return self.expires is not None and now >= self.expires

    def filled(self, token: str) -> dict[str, Markup | None]:
        """The blocks with this request's CSRF token in their forms."""
        out: dict[str, Markup | None] = {}
        for name, html in self.blocks.items():
            if html is None:
                out[name] = None
                continue
            text = html.decode()
            out[name] = Markup(text.replace(CSRF_MARK, token) if self.csrf else text)
        return out


@dataclass(frozen=True)
class VisitorPage:
    """A whole page as every visitor (nobody signed in, no one-time message) gets it, encoded, in
    pieces between which each request's CSRF token goes."""

    pieces: tuple[bytes, ...]
    expires: float | None = None

    @classmethod
    def of(cls, parts: Parts, zone: str) -> VisitorPage:
        html = frame(parts, user=None, csrftoken=CSRF_MARK, flashes=[], zone=zone)
        return cls(tuple(piece.encode() for piece in html.split(CSRF_MARK)), parts.expires)

    @property
    def nbytes(self) -> int:
        return sum(len(p) + 40 for p in self.pieces) + 100

    def expired(self, now: float) -> bool:
        return self.expires is not None and now >= self.expires

    def body(self, token: str) -> bytes:
        return token.encode().join(self.pieces)


def _block_names(env: Environment) -> list[str]:
    return list(env.get_template(BASE).blocks)


def _parts_source(names: list[str]) -> str:
    """``base.html`` of the parts overlay: each block is declared (so a page's blocks have something
    to override) but rendered only into ``parts``."""
    declared = "".join(f"{{% block {n} %}}{_UNSET}{{% endblock %}}" for n in names)
    captured = ", ".join(f"{n}=self.{n}()" for n in names)
    return f"{{% if false %}}{declared}{{% endif %}}{{% set _ = parts.update({captured}) %}}"


def _shell_source(names: list[str]) -> str:
    """A page of nothing but the parts: each block is the part, or base.html's own if unset."""
    blocks = "".join(f"{{% block {n} %}}{{% if parts.{n} is none %}}{{{{ super() }}}}{{% else %}}{{{{ parts.{n} }}}}"
                     f"{{% endif %}}{{% endblock %}}" for n in names)
    return f'{{% extends "{BASE}" %}}{blocks}'


class _Renderer:
    def __init__(self, env: Environment) -> None:
        self.names = _block_names(env)
        parts_loader = ChoiceLoader([DictLoader({BASE: _parts_source(self.names)}), env.loader])
        self.parts_env = env.overlay(loader=parts_loader, cache_size=200)
        self.shell: Template = env.from_string(_shell_source(self.names))


_renderer: _Renderer | None = None


def _get() -> _Renderer:
    global _renderer
    if _renderer is None:
        _renderer = _Renderer(templates.env)
    return _renderer


def render_parts(name: str, context: dict[str, Any], *, signed_in: bool, zone: str) -> Parts:
    """The blocks of template ``name`` rendered with ``context``, the times in ``zone``, and the
    stand-ins for the user and the CSRF token (no request: nothing of it may reach a part). Parts
    that say how far a moment is from now («через 5 мин») expire when that phrase would change
    (`times.clock_watch`)."""
    renderer = _get()
    captured: dict[str, Any] = {}
    ctx = {**context, "user": SIGNED_IN if signed_in else None, "csrftoken": CSRF_MARK, "flashes": [],
           "parts": captured}
    token = page_zone.set(zone)
    try:
        with clock_watch() as clock:
            renderer.parts_env.get_template(name).render(ctx)
    finally:
        page_zone.reset(token)
    blocks: dict[str, bytes | None] = {}
    for block in renderer.names:
        html = str(captured[block])
        if _UNSET in html:
            if html != _UNSET:
                raise RuntimeError(f"{name}: block «{block}» calls super(), which cached parts cannot render")
            blocks[block] = None
        else:
            blocks[block] = html.encode()
    expires = clock.expires.timestamp() if clock.expires is not None else None
    return Parts(blocks, csrf=any(CSRF_MARK.encode() in v for v in blocks.values() if v), expires=expires)


def frame(parts: Parts, *, user: Any, csrftoken: str, flashes: list, zone: str, path: str = "",
          request: Request | None = None) -> str:
    """The page: base.html with this user, CSRF token, one-time messages and time zone, and the
    parts as its blocks (a block the page leaves alone keeps base.html's own)."""
    token = page_zone.set(zone)
    try:
        return _get().shell.render({"user": user, "csrftoken": csrftoken, "flashes": flashes, "path": path,
                                    "request": request, "parts": parts.filled(csrftoken)})
    finally:
        page_zone.reset(token)


def render_shell(request: Request, parts: Parts, *, zone: str, status: int = 200,
                 headers: dict[str, str] | None = None) -> HTMLResponse:
    """The page for this request: its user, one-time messages (taken from the session) and CSRF token."""
    html = frame(parts, user=getattr(request.state, "user", None), csrftoken=csrf_token(request),
                 flashes=request.session.pop("flash", []) if "session" in request.scope else [], zone=zone,
                 path=request.url.path, request=request)
    return HTMLResponse(html, status_code=status, headers=headers)
