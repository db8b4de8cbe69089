"""Where the project's own files are, in a checkout and in an installed wheel alike."""

from __future__ import annotations

from pathlib import Path

from letopis.settings import PROJECT_ROOT


def templates_dir() -> Path:
    """The Jinja2 templates: ``templates/`` of a checkout, else ``letopis/templates_dist`` of the wheel
    (pages in the web layer, letters in the service's mail)."""
    checkout = PROJECT_ROOT / "templates"
    if checkout.is_dir():
        return checkout
    return Path(__file__).resolve().parent / "templates_dist"
