"""Turning what people type into form fields into values the service takes, with Russian errors.

Only shape is checked here (is it JSON, is it a date, does it fit the database); what the values
mean is the service's job. Every form field is a `FormStr`: text that can be stored as typed (no
NUL, no lone surrogate — see `letopis.service.inputs`), or a Russian 400 page.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Form

from letopis.engine.contract import Faction
from letopis.service.inputs import INT4_MAX, INT4_MIN, Text, document_problem
from letopis.timezones import zone_info

FormStr = Annotated[Text, Form()]
FormList = Annotated[list[Text], Form()]


class FormError(ValueError):
    """A field could not be read; the message is Russian and names the field."""


def parse_json_object(text: str, field: str) -> dict[str, Any] | None:
    """None for an empty field; a dict, or a FormError that says where the JSON broke."""
    if not text.strip():
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormError(f"{field}: это не JSON — ошибка в строке {exc.lineno}, столбце {exc.colno}.") from None
    if not isinstance(value, dict):
        raise FormError(f"{field}: нужен объект JSON в фигурных скобках {{…}}.")
    problem = document_problem(value)
    if problem is not None:
        raise FormError(f"{field}: {problem}.")
    return value


def parse_factions(text: str) -> list[Faction]:
    """One faction name per line; ids are p1, p2, … in that order."""
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if not names:
        raise FormError("Стороны: впишите хотя бы имена сторон, по одному в строке.")
    if len({n.casefold() for n in names}) != len(names):
        raise FormError("Стороны: имена повторяются — у каждой стороны должно быть своё.")
    too_long = [n for n in names if len(n) > 60]
    if too_long:
        raise FormError(f"Стороны: имя «{too_long[0][:60]}…» длиннее 60 знаков.")
    return [Faction(id=f"p{i + 1}", name=name) for i, name in enumerate(names)]


def parse_deadline(text: str, zone: str) -> datetime | None:
    """``2026-11-21T18:00`` (the browser's datetime-local) as a time in ``zone``, the zone the form
    showed the GM (his setting); the result is in UTC. Empty clears it."""
    text = text.strip()
    if not text:
        return None
    for fmt in ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"):
        try:
            local = datetime.strptime(text, fmt).replace(tzinfo=zone_info(zone))
        except ValueError:
            continue
        return local.astimezone(UTC)
    raise FormError("Срок: нужны дата и время, например 21.11.2026 18:00.")


def parse_int(text: str, field: str) -> int:
    """An integer that fits the database's ``integer`` (a FormError for anything else)."""
    try:
        value = int(text.strip())
    except ValueError:
        raise FormError(f"{field}: нужно целое число.") from None
    if not INT4_MIN <= value <= INT4_MAX:
        raise FormError(f"{field}: слишком большое число.")
    return value
