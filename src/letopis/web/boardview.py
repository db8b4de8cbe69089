"""How large a board picture is shown on a page.

A board is drawn by its ruleset at its own size (CSS pixels, one SVG unit each unless the picture
says otherwise). On the page it follows the width of its frame, within two bounds computed here
from the picture itself:

- never narrower than the width at which its smallest text is `LEGIBLE_PX` tall: on a phone the
  frame scrolls sideways instead of shrinking a 45×45 dungeon to 3-pixel letters;
- never wider than `UPSCALE` times its own size, so a small card table is not blown up to fill a
  desktop.

A picture whose widest useful size is more than `WIDE_PX` gets the whole page width rather than
a column beside the text. The pages add a full-screen viewer with zoom (static/board.js) and a link
to the PNG at full size for browsers without scripts.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from markupsafe import Markup

from .svgsafe import BROKEN, BrokenPicture, clean_tree, serialise

LEGIBLE_PX = 10.0  # the smallest text a reader should have to read, in CSS pixels
UPSCALE = 1.25
WIDE_PX = 720
DEFAULT_FONT_PX = 16.0  # SVG's initial font-size («medium»)
TEXT_TAGS = {"text", "tspan", "textpath"}
SKIPPED_TAGS = {"title", "desc", "defs", "style", "symbol", "marker", "clippath", "mask", "pattern"}
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|em|%)?\s*$")
_STYLE_FONT = re.compile(r"(?:^|;)\s*font-size\s*:\s*([^;]+)")
_SIZING = re.compile(r"(?:^|;)\s*(?:min-|max-)?(?:width|height)\s*:[^;]*", re.IGNORECASE)
PT = 4 / 3


@dataclass(frozen=True)
class BoardFigure:
    """A cleaned picture and the bounds of its width on the page (CSS pixels)."""

    markup: Markup
    width: float  # its own size
    height: float
    smallest_font: float | None  # the smallest text at its own size; None if it has no text
    min_width: int
    max_width: int

    @property
    def wide(self) -> bool:
        return self.max_width > WIDE_PX


def board_png_path(game_id: int, step_number: int | None = None, when: str = "after") -> str:
    """The address of a board's PNG (web/boards.py): the game now, or after (before) a step."""
    if step_number is None:
        return f"/games/{game_id}/board.png"
    path = f"/games/{game_id}/steps/{step_number}/board.png"
    return path if when == "after" else f"{path}?when=before"


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _length(value: str | None, parent: float | None = None) -> float | None:
    """A length in pixels: plain numbers and px, pt; em and % of ``parent`` when given."""
    if not value:
        return None
    m = _LENGTH.match(value)
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2)
    if unit in (None, "px"):
        return number
    if unit == "pt":
        return number * PT
    if parent is None:
        return None
    return number * parent if unit == "em" else number * parent / 100


def _view_box(root: ET.Element) -> tuple[float, float] | None:
    parts = re.split(r"[\s,]+", (root.get("viewBox") or "").strip())
    try:
        w, h = float(parts[2]), float(parts[3])
    except (IndexError, ValueError):
        return None
    return (w, h) if w > 0 and h > 0 else None


def _own_size(root: ET.Element) -> tuple[float, float] | None:
    """The picture's own size in pixels: its width and height, else its viewBox."""
    box = _view_box(root)
    width, height = _length(root.get("width")), _length(root.get("height"))
    if width and height:
        return width, height
    if box is None:
        return None
    if width:
        return width, width * box[1] / box[0]
    if height:
        return height * box[0] / box[1], height
    return box


def _font_size(element: ET.Element, inherited: float) -> float:
    declared = element.get("font-size")
    style = _STYLE_FONT.search(element.get("style") or "")
    if style:
        declared = style.group(1)
    size = _length(declared, inherited)
    return size if size and size > 0 else inherited


def smallest_font(root: ET.Element) -> float | None:
    """The smallest font size (in the picture's units) of any text that shows."""
    found: list[float] = []

    def walk(element: ET.Element, inherited: float) -> None:
        tag = _local(element.tag)
        if tag in SKIPPED_TAGS:
            return
        size = _font_size(element, inherited)
        if tag in TEXT_TAGS and (element.text or "").strip():
            found.append(size)
        for child in element:
            walk(child, size)

    walk(root, DEFAULT_FONT_PX)
    return min(found) if found else None


def sized_tree(svg: str | None) -> tuple[ET.Element, float, float, float] | None:
    """The cleaned picture (`svgsafe`) with its own size set as width and height and a viewBox (so
    that it scales with its frame), its width and height in pixels and the pixels per picture
    unit; None if there is no picture or it has no size. `BrokenPicture` if it does not parse."""
    root = clean_tree(svg)
    if root is None:
        return None
    size = _own_size(root)
    if size is None:
        return None
    width, height = size
    box = _view_box(root)
    if box is None:
        root.set("viewBox", f"0 0 {width:g} {height:g}")
    style = _SIZING.sub("", root.get("style") or "").strip("; ")
    if style:  # the page and the PNG size the picture, not its own style («height:auto» blanks a PNG)
        root.set("style", style)
    else:
        root.attrib.pop("style", None)
    root.set("width", f"{width:g}")
    root.set("height", f"{height:g}")
    return root, width, height, width / box[0] if box else 1.0


def board_figure(svg: str | None) -> BoardFigure | None:
    """The picture, cleaned, with its width bounds; None if there is none. A picture that does not
    parse is shown as a short notice (never its markup); one with no size follows its frame."""
    try:
        sized = sized_tree(svg)
        if sized is None:
            root = clean_tree(svg)
            return None if root is None else BoardFigure(Markup(serialise(root)), 0, 0, None, 0, 0)
    except BrokenPicture:
        return BoardFigure(Markup(BROKEN), 0, 0, None, 0, 0)
    root, width, height, unit = sized
    smallest = smallest_font(root)
    smallest_px = smallest * unit if smallest else None
    min_width = width * LEGIBLE_PX / smallest_px if smallest_px else 0.0
    max_width = max(min_width, width * UPSCALE)
    return BoardFigure(Markup(serialise(root)), width, height, smallest_px, math.ceil(min_width),
                       math.ceil(max_width))
