"""What the server takes in: one rule for every text, number and JSON document, API and forms alike.

PostgreSQL cannot store a NUL character (U+0000) in text, and a lone UTF-16 surrogate
(U+D800…U+DFFF, which a JSON ``"\\ud800"`` escape can carry) is not a character at all: UTF-8
cannot encode it, so neither the database, nor a receipt's SHA-256, nor a JSON answer could hold
it. Such text is refused with a Russian message that says where the character is — never cleaned:
a post is kept exactly as typed, or not at all.

Integers that reach the database are bounded by its column types (``integer`` is int4); a number
past them is refused as input instead of failing in the database.

Display names and faction names have a narrower form (`check_name`): one line of printable text
without square brackets or straight double quotes, so a name reads the same on a page, in a
forum's BBCode and in a post header.

Use: `Text` for every string field of a request model or a form, `Document` for a free JSON
object (options, setup documents), `Int4` for integers, and `require_storable` /
`require_document` in the service for values that come from elsewhere (the CLI, imported files).
"""

from __future__ import annotations

import math
import unicodedata
from typing import Annotated, Any

import annotated_types as at
from pydantic import AfterValidator
from pydantic_core import PydanticCustomError

from .errors import Invalid

INT4_MIN, INT4_MAX = -(2**31), 2**31 - 1
INT8_MIN, INT8_MAX = -(2**63), 2**63 - 1
MAX_DOCUMENT_DEPTH = 64  # nesting of a JSON document (a real setup document has about 6)
MAX_NAME = 100


def unstorable(text: str) -> str | None:
    """Why the text cannot be stored as it is (a Russian phrase with the position), or None."""
    nul = text.find("\x00")
    if nul >= 0:
        return f"нулевой символ (U+0000) на {nul + 1}-м знаке — такой текст сохранить нельзя, уберите его"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(text[exc.start])
            return (f"одиночный суррогат UTF-16 (U+{code:04X}) на {exc.start + 1}-м знаке — это не символ, "
                    f"такой текст сохранить нельзя, уберите его")
    return None


def _text(value: str) -> str:
    reason = unstorable(value)
    if reason is not None:
        raise PydanticCustomError("unstorable_text", "{reason}", {"reason": reason})
    return value


Text = Annotated[str, AfterValidator(_text)]
"""A string that can be stored byte for byte: no NUL, no lone surrogate (a Russian 422 otherwise)."""

Int4 = Annotated[int, at.Interval(ge=INT4_MIN, le=INT4_MAX)]
"""An integer that fits PostgreSQL's ``integer``: ids, step numbers, counts."""

Int8 = Annotated[int, at.Interval(ge=INT8_MIN, le=INT8_MAX)]


def document_problem(value: Any, where: str = "") -> str | None:
    """Why a JSON value cannot be stored (NUL or a surrogate in a key or a string, a number that is
    not finite, nesting deeper than `MAX_DOCUMENT_DEPTH`), with the path to the bad spot; or None."""
    stack: list[tuple[Any, str, int]] = [(value, where, 0)]
    while stack:
        item, path, depth = stack.pop()
        at = f"{path}: " if path else ""
        if depth > MAX_DOCUMENT_DEPTH:
            return f"{at}вложенность глубже {MAX_DOCUMENT_DEPTH} уровней"
        if isinstance(item, str):
            reason = unstorable(item)
            if reason:
                return f"{at}{reason}"
        elif isinstance(item, float):
            if not math.isfinite(item):
                return f"{at}число {item} (NaN или бесконечность) в JSON не сохранить"
        elif isinstance(item, dict):
            for key, sub in item.items():
                key = str(key)
                reason = unstorable(key)
                if reason:
                    return f"{at}ключ — {reason}"
                stack.append((sub, f"{path}.{key}" if path else key, depth + 1))
        elif isinstance(item, (list, tuple)):
            for i, sub in enumerate(item):
                stack.append((sub, f"{path}[{i}]", depth + 1))
    return None


def _document(value: dict[str, Any]) -> dict[str, Any]:
    reason = document_problem(value)
    if reason is not None:
        raise PydanticCustomError("unstorable_document", "{reason}", {"reason": reason})
    return value


Document = Annotated[dict[str, Any], AfterValidator(_document)]
"""A free JSON object (options, a setup document) that PostgreSQL's jsonb can keep as sent."""


def require_storable(value: str | None, field: str) -> None:
    """The service's own check of a text that did not come through `Text`: Invalid (422) if not."""
    reason = unstorable(value) if isinstance(value, str) else None
    if reason is not None:
        raise Invalid(f"{field}: {reason}.", code="unstorable_text")


def require_document(value: Any, field: str) -> None:
    reason = document_problem(value)
    if reason is not None:
        raise Invalid(f"{field}: {reason}.", code="unstorable_text")


# --- names -------------------------------------------------------------------------------------
NAME_FORBIDDEN = '[]"'
NAME_RULE = ("одна строка до 100 знаков: буквы, цифры, пробелы и знаки препинания, "
             "без квадратных скобок [ ], прямых кавычек \" и управляющих символов (кавычки «ёлочки» можно)")


def name_problem(name: str) -> str | None:
    """Why a display name or a faction name is not allowed, or None. The allowed form: one line of
    1…100 printable characters (after trimming), none of ``[ ] "`` and no control or format
    characters (line breaks, tabs, bidi overrides, zero-width spaces…)."""
    if not name:
        return "пустое имя"
    if len(name) > MAX_NAME:
        return f"длиннее {MAX_NAME} знаков"
    reason = unstorable(name)
    if reason is not None:
        return reason
    for i, ch in enumerate(name):
        if ch in NAME_FORBIDDEN:
            return f"знак «{ch}» на {i + 1}-м месте нельзя"
        category = unicodedata.category(ch)
        if category in ("Cc", "Cf", "Zl", "Zp", "Co", "Cs"):
            return f"невидимый или управляющий символ U+{ord(ch):04X} на {i + 1}-м месте нельзя"
    return None


def check_name(name: str, what: str, *, code: str) -> str:
    """The trimmed name, or Invalid: «Имя для показа: знак «[» на 3-м месте нельзя. Имя — …»."""
    name = (name or "").strip()
    reason = name_problem(name)
    if reason is not None:
        raise Invalid(f"{what}: {reason}. Имя — {NAME_RULE}.", code=code)
    return name
