"""What a browser would submit from a page's form controls, read with the standard HTML parser.

Tests use it to send a rendered form back unchanged (or with a few fields changed), so a test of a
generated form checks the template and the reader together, not a hand-made copy of the names.
"""

from __future__ import annotations

from html.parser import HTMLParser


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.values: list[tuple[str, str]] = []
        self.names: set[str] = set()
        self._select: str | None = None
        self._options: list[tuple[str, bool]] = []
        self._textarea: str | None = None
        self._text: list[str] = []
        self._option_value: str | None = None
        self._option_selected = False
        self._option_text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        name = a.get("name")
        if tag == "input" and name:
            self.names.add(name)
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.values.append((name, a.get("value", "on")))
            elif kind not in ("submit", "button", "file"):
                self.values.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self.names.add(name)
            self._select, self._options = name, []
        elif tag == "option" and self._select is not None:
            self._option_value = a.get("value")
            self._option_selected = "selected" in a
            self._option_text = []
        elif tag == "textarea" and name:
            self.names.add(name)
            self._textarea, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)
        elif self._option_value is None and self._select is not None:
            self._option_text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" and self._select is not None:
            value = self._option_value if self._option_value is not None else "".join(self._option_text).strip()
            self._options.append((value, self._option_selected))
            self._option_value = None
        elif tag == "select" and self._select is not None:
            chosen = next((v for v, s in self._options if s), self._options[0][0] if self._options else None)
            if chosen is not None:
                self.values.append((self._select, chosen))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.values.append((self._textarea, "".join(self._text).removeprefix("\n")))
            self._textarea = None


def submitted(html: str, prefix: str = "") -> dict[str, str]:
    """Name → value of every control a browser would send, for names starting with ``prefix``."""
    parser = _Controls()
    parser.feed(html)
    return {name: value for name, value in parser.values if name.startswith(prefix)}


def control_names(html: str, prefix: str = "") -> set[str]:
    """Every control's name (sent or not: an unticked checkbox too), starting with ``prefix``."""
    parser = _Controls()
    parser.feed(html)
    return {name for name in parser.names if name.startswith(prefix)}
