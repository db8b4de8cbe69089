"""Every message code the reader uses is in the one catalogue, and every reader message reads."""

from __future__ import annotations

import re
import string
from pathlib import Path

from rulesets.dice_roll_party.messages import MESSAGES

PACKAGE = Path(__file__).resolve().parents[2] / "rulesets" / "dice_roll_party"
READER = sorted([PACKAGE / "reader.py", *(PACKAGE / "reading").glob("*.py")])
CODE = re.compile(r'(?:Issue|fail|note|msg|Problem\(.*?code=)\(?\s*"([a-z0-9_]+\.[a-z0-9_]+)"')


def test_the_reader_modules_are_found():
    assert {p.name for p in READER} >= {"reader.py", "grammar.py", "items.py"}


def test_every_code_the_reader_uses_is_in_the_catalogue():
    used = set()
    for path in READER:
        used |= set(CODE.findall(path.read_text(encoding="utf-8")))
    assert len(used) > 40
    assert sorted(c for c in used if c not in MESSAGES) == []


def test_every_reader_message_formats_and_is_russian():
    for code, text in MESSAGES.items():
        if not code.startswith("read."):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        filled = text.format(**{f: "1" for f in fields})
        assert re.search("[а-яё]", filled), code
        assert "{" not in filled, code
