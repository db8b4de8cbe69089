"""Moments as a letter says them: local time in the reader's zone and how far off it is.

A letter is read where its reader lives, later than it was written and without a page to refresh,
so it names the zone in words and says the time left as of sending.
"""

from __future__ import annotations

from datetime import UTC, datetime

from letopis.engine.text_words import counted
from letopis.timezones import DEFAULT_ZONE, MONTHS_GEN, offset_text, zone_info, zone_label

MOSCOW = DEFAULT_ZONE
ZONE_WORDS = {MOSCOW: "по московскому времени"}


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def local_datetime(value: datetime, zone: str, now: datetime) -> str:
    """«28 ноября, 21:00 по московскому времени», «28 ноября, 00:00 (Омск, UTC+6)»; the year
    when it is not this year there. A zone this system does not know reads as Moscow."""
    tz = zone_info(zone)
    here = _aware(value).astimezone(tz)
    year = "" if here.year == _aware(now).astimezone(tz).year else f" {here.year}"
    words = ZONE_WORDS.get(tz.key) or f"({zone_label(tz.key)}, {offset_text(tz.key, here)})"
    return f"{here.day} {MONTHS_GEN[here.month - 1]}{year}, {here:%H:%M} {words}"


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
