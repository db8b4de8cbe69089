"""The forum export: one function builds BBCode, and every value in it passes one escaping rule.

`render_bbcode` renders a ``.bbcode`` template in an environment of its own whose *finalize* hook
is `bb_escape`: whatever a ``{{ … }}`` inserts — a game title, a faction or display name, an
event text, a GM's reason, a post — is escaped, and only the template's literal text can be
markup. So the server writes every tag, by construction; a value cannot open or close one.

The rule (`bb_escape`): every ASCII square bracket of a value becomes its full-width twin,
``[`` → ``［`` (U+FF3B) and ``]`` → ``］`` (U+FF3D). An escaped value holds no ``[`` or ``]`` at all,
so no BBCode parser can read a tag in it, open or closing, nor end the attribute of a
``[quote="…"]`` the server opened, nor swallow the server's own tags into a broken one (a
zero-width space after ``[`` stops phpBB but not every parser). Everything else is kept, so
``［b］`` still reads as what the player typed.

A published step's board is embedded with ``[img]`` at the absolute address of its PNG (web/boards.py),
the public picture, so that the GM can paste the whole step, picture included, into the thread.

Display names and faction names have a narrower allowed form on top (no ``[ ] "``, no control
characters: `letopis.service.inputs.name_problem`), so a name reads the same everywhere; the
escaping does not rely on it and also covers names stored before that rule.
"""

from __future__ import annotations

from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader

from .boardview import board_png_path
from .templating import RulesetTemplateLoader, templates_dir

OPEN, CLOSE = "\uff3b", "\uff3d"  # ［ ］
_ESCAPE = str.maketrans({"[": OPEN, "]": CLOSE})


def bb_escape(value: Any) -> str:
    """The one escaping rule for every value put into BBCode: ``[`` → ``［``, ``]`` → ``］``
    (None is empty)."""
    return ("" if value is None else str(value)).translate(_ESCAPE)


def _environment() -> Environment:
    return Environment(
        loader=ChoiceLoader([FileSystemLoader(templates_dir()), RulesetTemplateLoader()]),
        autoescape=False,
        finalize=bb_escape,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )


_ENV = _environment()
_ENV.globals["board_png"] = board_png_path  # the [img] of a step's board


def render_bbcode(template: str, **context: Any) -> str:
    """BBCode from a ``.bbcode`` template: its own text is the markup, every inserted value is
    escaped. Ends with one line break."""
    if not template.endswith(".bbcode"):
        raise ValueError(f"not a BBCode template: {template}")
    return _ENV.get_template(template).render(**context).strip() + "\n"
