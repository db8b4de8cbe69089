"""Board pictures are inlined into pages, so they are cleaned first.

A ruleset must escape player text in its SVG, but a picture that slips (a faction named
``<script>…``) must not run code in a reader's browser. We parse the SVG, drop scripts, foreign
HTML, event-handler attributes and non-local links, and serialise it again. Anything that does not
parse as XML is not shown.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from markupsafe import Markup

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

# Only SVG's own drawing elements: an HTML name inside inline SVG (``<b>``, ``<meta>``) would make
# the browser's HTML parser leave the SVG, so everything not listed here goes.
ALLOWED = {
    "svg", "g", "defs", "symbol", "use", "title", "desc", "style", "a",
    "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "textpath",
    "lineargradient", "radialgradient", "stop", "clippath", "mask", "pattern", "marker", "filter",
    "feblend", "fecolormatrix", "fecomposite", "feflood", "fegaussianblur", "femerge", "femergenode",
    "feoffset", "fedropshadow", "fedisplacementmap", "feturbulence", "femorphology",
}
LINK_ATTRS = {"href", f"{{{XLINK_NS}}}href"}
BROKEN = '<p class="muted">Картинку поля не удалось показать.</p>'


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower()


def _allowed(tag: object) -> bool:
    if not isinstance(tag, str):
        return False
    namespace = tag[1:].split("}", 1)[0] if tag.startswith("{") else None
    return namespace in (None, SVG_NS) and _local(tag) in ALLOWED


def _drop(parent: ET.Element, child: ET.Element) -> None:
    """Remove an element but keep the text that followed it."""
    tail = child.tail or ""
    index = list(parent).index(child)
    if tail:
        if index > 0:
            prev = parent[index - 1]
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(child)


def _clean(element: ET.Element) -> None:
    for child in list(element):
        if not _allowed(child.tag):
            _drop(element, child)
            continue
        _clean(child)
    for name in list(element.attrib):
        local = _local(name)
        value = element.attrib[name].strip().lower()
        if local.startswith("on") or name in LINK_ATTRS and not value.startswith("#") or "javascript:" in value or "expression(" in value:
            del element.attrib[name]


class BrokenPicture(ValueError):
    """A ruleset's picture that does not parse as XML."""


def clean_tree(svg: str | None) -> ET.Element | None:
    """The parsed picture with everything that could run taken out; None when there is no
    picture (empty, or not an SVG). `BrokenPicture` if it is not well-formed."""
    if not svg or not svg.strip():
        return None
    try:
        root = ET.fromstring(svg.strip())
    except ET.ParseError as exc:
        raise BrokenPicture(str(exc)) from exc
    if _local(root.tag) != "svg":
        return None
    _clean(root)
    return root


def serialise(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


def clean_svg(svg: str | None) -> Markup:
    """The SVG without anything that could run; empty markup if it is not well-formed."""
    try:
        root = clean_tree(svg)
    except BrokenPicture:
        return Markup(BROKEN)
    return Markup("") if root is None else Markup(serialise(root))
