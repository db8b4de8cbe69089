"""Every message code the reader uses is in its catalogue, and every reader message reads."""

from __future__ import annotations

import re
import string
from pathlib import Path

from rulesets.dungeon_keeper.reading.messages import READER_MESSAGES, msg

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "dungeon_keeper"
READER = sorted([PACKAGE / "reader.py", *(PACKAGE / "reading").glob("*.py")])
CODE = re.compile(r'"(read\.[a-z0-9_]+)"')


def test_the_reader_modules_are_found():
    assert {p.name for p in READER} >= {"reader.py", "syntax.py", "words.py", "bind.py"}


def test_every_code_the_reader_uses_is_in_the_catalogue():
    used = set()
    for path in READER:
        if path.name != "messages.py":
            used |= set(CODE.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 50
    assert sorted(c for c in used if c not in READER_MESSAGES) == []


def test_every_catalogue_entry_is_used():
    text = "".join(p.read_text(encoding="utf-8") for p in READER if p.name != "messages.py")
    assert sorted(c for c in READER_MESSAGES if f'"{c}"' not in text) == []


def test_every_reader_message_formats_and_is_russian():
    for code, text in READER_MESSAGES.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        filled = msg(code, **{f: "1" for f in fields})
        assert re.search("[а-яё]", filled), code
        assert "{" not in filled, code
