"""Board pictures as PNG for the forum: the SVG the pages show, drawn on the server by CairoSVG.

- The picture is cleaned first (`svgsafe`), and CairoSVG runs in its safe mode: no XML entities,
  and nothing fetched but ``data:`` URLs, so a picture cannot make the server read a file or call
  an address.
- The ETag names the picture: the SHA-256 of the cleaned SVG and of how it is drawn here. A
  published step's board changes only through a GM's correction, which changes its SVG and so its
  tag; a client that holds the tag gets 304 without a PNG being drawn.
- PNGs are kept per process by that tag in a `ByteBudgetCache` (`BUDGET`); at most one is drawn at
  a time and two more wait (a 45×45 dungeon takes ~0.15 s of a core), the rest get 503.
- A small picture (a card table 400 units wide) is drawn larger, so that a forum shows it crisp:
  at least `MIN_WIDTH` pixels wide (at most twice its size), and large enough for its smallest text
  to be `LEGIBLE_PX` tall, as on the pages; never more than `MAX_SIDE` a side.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import version

from starlette.requests import Request
from starlette.responses import Response

from letopis.engine.cache import ByteBudgetCache
from letopis.service.errors import NotFound
from letopis.service.gate import Gate

from .boardview import LEGIBLE_PX, sized_tree, smallest_font
from .svgsafe import BrokenPicture, serialise

# part of every ETag: change it with the drawing (cairosvg itself, 14 MB with cairo and Pillow, is
# imported by the first drawing: most workers never draw one)
RENDERING = f"cairosvg {version('cairosvg')}, png 1"
MIN_WIDTH = 800
MAX_UPSCALE = 2.0
MAX_SIDE = 3000
BUDGET = 16 << 20
CACHE_CONTROL = "public, max-age=60"  # then revalidate: a GM's correction shows within a minute

_pngs: ByteBudgetCache[str, bytes] = ByteBudgetCache("web.board_png", BUDGET, size=len, max_entry=BUDGET // 4)
draw_gate = Gate(1, 2, busy_code="board_busy",
                 busy_message="Сервер сейчас рисует слишком много картинок сразу. Обновите страницу через пару секунд.")


class PngPicture:
    """A board ready to be drawn: its cleaned SVG, its size and its tag."""

    __slots__ = ("etag", "height", "smallest_font", "svg", "width")

    def __init__(self, svg: str, width: float, height: float, smallest_font: float | None = None) -> None:
        self.svg, self.width, self.height, self.smallest_font = svg, width, height, smallest_font
        digest = hashlib.sha256(f"{RENDERING}\n{svg}".encode()).hexdigest()
        self.etag = f'"{digest[:40]}"'

    def scale(self) -> float:
        """Large enough to be crisp and for its smallest text to be legible, within `MAX_SIDE`."""
        scale = min(MAX_UPSCALE, max(1.0, MIN_WIDTH / self.width))
        if self.smallest_font:
            scale = max(scale, LEGIBLE_PX / self.smallest_font)
        return min(scale, MAX_SIDE / max(self.width, self.height))


def prepare(svg: str) -> PngPicture:
    """The public picture made ready for drawing; `NotFound` if there is none to draw."""
    try:
        sized = sized_tree(svg)
    except BrokenPicture:
        sized = None
    if sized is None:
        raise NotFound("Картинку поля не удалось нарисовать.", code="no_picture")
    root, width, height, unit = sized
    smallest = smallest_font(root)
    return PngPicture(serialise(root), width, height, smallest * unit if smallest else None)


def draw(picture: PngPicture) -> bytes:
    """The PNG of the picture, from the cache or drawn now (through the gate)."""
    cached = _pngs.get(picture.etag)
    if cached is not None:
        return cached
    with draw_gate.slot():
        cached = _pngs.get(picture.etag)  # drawn by another request while this one waited
        if cached is not None:
            return cached
        import cairosvg

        scale = picture.scale()
        png = cairosvg.svg2png(bytestring=picture.svg.encode(), unsafe=False,
                               output_width=round(picture.width * scale),
                               output_height=round(picture.height * scale))
    return _pngs.put(picture.etag, png)


def _matches(header: str | None, etag: str) -> bool:
    """Whether an If-None-Match header names this tag (weak tags compare equal, ``*`` matches)."""
    if not header:
        return False
    tags = [t.strip().removeprefix("W/") for t in header.split(",")]
    return "*" in tags or etag in tags


def png_response(request: Request, svg: str, filename: str) -> Response:
    """The PNG of a public board, or 304 when the client already has this one."""
    picture = prepare(svg)
    headers = {"ETag": picture.etag, "Cache-Control": CACHE_CONTROL}
    if _matches(request.headers.get("if-none-match"), picture.etag):
        return Response(status_code=304, headers=headers)
    headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return Response(draw(picture), media_type="image/png", headers=headers)
