"""Readers' time zones: which IANA zones a user may choose, how the settings page lists them, and
the zone of a reader who has chosen none (Moscow: most forum players live by it).

Times are stored and sent by the JSON API in UTC; every page shows them in its reader's zone (see
web/times.py). Zones come from `zoneinfo`: the system's database, or the `tzdata` package where the
system has none.
"""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta
from functools import cache, lru_cache
from zoneinfo import ZoneInfo

DEFAULT_ZONE = "Europe/Moscow"
MAX_ZONE = 64  # characters; the longest IANA name is 32

# The zones a Russian-speaking forum most often lives in, first in the list, with Russian names.
COMMON_ZONES: tuple[tuple[str, str], ...] = (
    ("Europe/Kaliningrad", "Калининград"),
    ("Europe/Moscow", "Москва"),
    ("Europe/Samara", "Самара"),
    ("Asia/Yekaterinburg", "Екатеринбург"),
    ("Asia/Omsk", "Омск"),
    ("Asia/Novosibirsk", "Новосибирск"),
    ("Asia/Krasnoyarsk", "Красноярск"),
    ("Asia/Irkutsk", "Иркутск"),
    ("Asia/Yakutsk", "Якутск"),
    ("Asia/Vladivostok", "Владивосток"),
    ("Asia/Magadan", "Магадан"),
    ("Asia/Kamchatka", "Петропавловск-Камчатский"),
    ("Europe/Minsk", "Минск"),
    ("Europe/Kyiv", "Киев"),
    ("Asia/Almaty", "Алматы"),
    ("Asia/Tashkent", "Ташкент"),
    ("Asia/Tbilisi", "Тбилиси"),
    ("Asia/Yerevan", "Ереван"),
    ("Asia/Baku", "Баку"),
    ("Europe/Chisinau", "Кишинёв"),
    ("Europe/Riga", "Рига"),
    ("Europe/Vilnius", "Вильнюс"),
    ("Europe/Tallinn", "Таллин"),
    ("Asia/Jerusalem", "Иерусалим"),
    ("Europe/Berlin", "Берлин"),
    ("Europe/London", "Лондон"),
    ("America/New_York", "Нью-Йорк"),
    ("UTC", "UTC"),
)
_OLD_NAMES = {"Europe/Kyiv": "Europe/Kiev"}  # what an older zone database calls a zone
_REGIONS = ("Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/",
            "Pacific/")
_NOT_ZONES = frozenset({"localtime", "posixrules", "Factory"})


@cache
def known_zones() -> frozenset[str]:
    """Every zone name a user may choose (the IANA database's, without its technical entries)."""
    return frozenset(z for z in zoneinfo.available_timezones() if z not in _NOT_ZONES)


def is_zone(name: str) -> bool:
    return isinstance(name, str) and 0 < len(name) <= MAX_ZONE and name in known_zones()


@lru_cache(maxsize=64)
def _zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def zone_info(name: str | None) -> ZoneInfo:
    """The zone called ``name``; the default zone for None or a name this system does not know
    (a zone stored by a newer database than the one this process has)."""
    if name and is_zone(name):
        return _zone(name)
    return _zone(DEFAULT_ZONE)


def offset_text(name: str, when: datetime) -> str:
    """«UTC+3», «UTC−3:30», «UTC» — the zone's offset at ``when``."""
    delta = when.astimezone(zone_info(name)).utcoffset() or timedelta(0)
    minutes = int(delta.total_seconds() // 60)
    if minutes == 0:
        return "UTC"
    sign = "+" if minutes > 0 else "−"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


@cache
def common_zones() -> tuple[tuple[str, str], ...]:
    """`COMMON_ZONES` as this system's database names them (zones it lacks left out)."""
    known = known_zones()
    out = []
    for name, label in COMMON_ZONES:
        name = name if name in known else _OLD_NAMES.get(name, "")
        if name in known:
            out.append((name, label))
    return tuple(out)


def zone_label(name: str) -> str:
    """A zone's Russian name where it has one («Омск»), else its IANA name («Europe/Paris»)."""
    return dict(common_zones()).get(name, name)


def zone_title(name: str, when: datetime | None = None) -> str:
    """How a page names a zone: «Москва (UTC+3)», «Europe/Paris (UTC+1)»."""
    when = when or datetime.now(UTC)
    return "UTC" if name == "UTC" else f"{zone_label(name)} ({offset_text(name, when)})"


MONTHS_GEN = (
    "января", "февраля", "марта", "апреля", "мая", "июня",
    "июля", "августа", "сентября", "октября", "ноября", "декабря",
)


def local_datetime(value: datetime, zone: str | None, now: datetime | None = None) -> str:
    """«21 ноября, 17:05» in ``zone`` (naive datetimes are UTC); the year is written when it is not
    this year there («3 января 2025, 09:00»)."""
    tz = zone_info(zone)
    here = (value.replace(tzinfo=UTC) if value.tzinfo is None else value).astimezone(tz)
    this_year = (now or datetime.now(UTC)).astimezone(tz).year
    year = "" if here.year == this_year else f" {here.year}"
    return f"{here.day} {MONTHS_GEN[here.month - 1]}{year}, {here:%H:%M}"


def zone_choices(when: datetime, current: str | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The settings page's list: (group title, [(zone, title)]): the common zones first, then every
    regional zone by name; ``current`` is listed even if it is neither (a zone set through the API)."""
    return _zone_choices(when.replace(minute=0, second=0, microsecond=0), current)


@lru_cache(maxsize=8)
def _zone_choices(hour: datetime, current: str | None) -> list[tuple[str, list[tuple[str, str]]]]:
    known = known_zones()
    common = [(z, zone_title(z, hour)) for z, _ in common_zones()]
    listed = {z for z, _ in common}
    regional = sorted(z for z in known if z.startswith(_REGIONS) and z not in listed)
    if current and current in known and current not in listed and current not in regional:
        regional = sorted([*regional, current])
    return [("Часто выбирают", common),
            ("Все часовые пояса", [(z, f"{z} ({offset_text(z, hour)})") for z in regional])]
