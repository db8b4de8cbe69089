"""Moments as a letter says them: local time in the reader's zone and how far off it is.

A letter is read where its reader lives, later than it was written and without a page to refresh,
so it names the zone in words and says the time left as of sending.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from letopis.engine.text_words import counted

MONTHS_GEN = ("января", "февраля", "марта", "апреля", "мая", "июня",
              "июля", "августа", "сентября", "октября", "ноября", "декабря")
MOSCOW = "Europe/Moscow"
ZONE_WORDS = {MOSCOW: "по московскому времени"}


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def local_datetime(value: datetime, zone: str, now: datetime) -> str:
    """«28 ноября, 21:00 по московскому времени»; the year when it is not this year there."""
    tz = ZoneInfo(zone)
    here = _aware(value).astimezone(tz)
    year = "" if here.year == _aware(now).astimezone(tz).year else f" {here.year}"
    words = ZONE_WORDS.get(zone) or f"({zone}, {_offset(here)})"
    return f"{here.day} {MONTHS_GEN[here.month - 1]}{year}, {here:%H:%M} {words}"


def _offset(here: datetime) -> str:
    """«UTC+5», «UTC−3:30», «UTC»."""
    offset = here.utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    if minutes == 0:
        return "UTC"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{'+' if minutes > 0 else '−'}{hours}" + (f":{rest:02d}" if rest else "")


def time_left(value: datetime, now: datetime) -> str:
    """«5 ч 20 мин», «1 день 4 ч», «3 дня», «меньше минуты»: from ``now`` to ``value``."""
    minutes = int((_aware(value) - _aware(now)).total_seconds() // 60)
    if minutes < 1:
        return "меньше минуты"
    if minutes < 60:
        return f"{minutes} мин"
    if minutes < 24 * 60:
        hours, rest = divmod(minutes, 60)
        return f"{hours} ч" + (f" {rest} мин" if rest else "")
    days, rest = divmod(minutes, 24 * 60)
    hours = rest // 60
    return counted(days, "день", "дня", "дней") + (f" {hours} ч" if days < 3 and hours else "")
