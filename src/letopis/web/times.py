"""Times as a reader reads them: local time in his zone and a relative phrase in Russian.

The database and the JSON API keep UTC; a page shows «21 ноября, 17:05» in the reader's zone (his
setting, Moscow for visitors and new users) and «через 5 ч 20 мин» / «2 дня назад» beside it. The
server writes both, so a page is right without JavaScript; static/letopis-time.js then keeps the
relative phrases current and makes deadline countdowns tick. `relative` here and `relative` there
must say the same thing (tests/web/test_times.py holds both to the same table).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from markupsafe import Markup

from letopis.engine.declension import counted
from letopis.timezones import DEFAULT_ZONE, local_datetime, zone_info, zone_title


def aware(value: datetime) -> datetime:
    """Naive datetimes are UTC (what the database and the service hand out)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


# --- the clock of a page being rendered ---------------------------------------------------------------
# A kept rendering of a page (web/pagecache.py) is true until the game changes — unless it says how
# far a moment is from now («через 5 мин», «2 дня назад»). Every phrase relative to now takes its
# «now» from `page_now` and says, with `good_until`, when it would read differently; the kept
# rendering expires then (a phrase in minutes within the minute, «2 дня назад» within the day).
@dataclass
class PageClock:
    now: datetime
    expires: datetime | None = None  # the earliest moment a phrase of the page reads differently


_page_clock: ContextVar[PageClock | None] = ContextVar("page_clock", default=None)


def page_now() -> datetime:
    """Now, for the page being rendered (one moment for the whole page)."""
    clock = _page_clock.get()
    return clock.now if clock is not None else datetime.now(UTC)


def good_until(moment: datetime) -> None:
    """The page being rendered reads differently from ``moment`` on."""
    clock = _page_clock.get()
    if clock is not None and (clock.expires is None or moment < clock.expires):
        clock.expires = moment


@contextmanager
def clock_watch() -> Iterator[PageClock]:
    """Within the block, pages take their «now» from the clock it yields, which collects when
    they stop being true (`good_until`)."""
    clock = PageClock(datetime.now(UTC))
    token = _page_clock.set(clock)
    try:
        yield clock
    finally:
        _page_clock.reset(token)


def _unit(minutes: int) -> int:
    """The step, in seconds, at which `relative` reads differently, by how far the moment is."""
    if minutes < 24 * 60:
        return 60  # «5 мин», «4 ч 20 мин»
    if minutes < 3 * 24 * 60:
        return 3600  # «1 день 4 ч»
    return 86400  # days, weeks, months, years: whole days


def relative(value: datetime, now: datetime | None = None) -> str:
    """«через 5 ч 20 мин», «2 дня назад», «только что»: how far ``value`` is from ``now``.

    Minutes and hours are abbreviated (they need no agreement); days, weeks, months and years
    agree with their number. Within three days the hours are said too («через 1 день 4 ч»)."""
    now = aware(now or page_now())
    seconds = (aware(value) - now).total_seconds()
    future = seconds > 0
    minutes = int(abs(seconds) // 60)
    # the phrase stands while abs(seconds) // unit does: a future moment's count drops just after
    # it passes a whole unit (and it is past the moment it comes), a past one's grows as it reaches
    # the next unit
    unit, left = _unit(minutes), abs(seconds)
    if not future:
        wait = timedelta(seconds=unit - left % unit)
    elif left < unit:
        wait = timedelta(seconds=left)
    else:
        wait = timedelta(seconds=left % unit, microseconds=1)
    good_until(now + wait)
    if minutes == 0:
        return "меньше чем через минуту" if future else "только что"
    if minutes < 60:
        body = f"{minutes} мин"
    elif minutes < 24 * 60:
        hours, rest = divmod(minutes, 60)
        body = f"{hours} ч" + (f" {rest} мин" if rest else "")
    else:
        days = minutes // (24 * 60)
        hours = minutes % (24 * 60) // 60
        if days < 7:
            body = counted(days, "день", "дня", "дней") + (f" {hours} ч" if days < 3 and hours else "")
        elif days < 30:
            body = counted(days // 7, "неделю", "недели", "недель")
        elif days < 365:
            body = counted(days // 30, "месяц", "месяца", "месяцев")
        else:
            body = counted(days // 365, "год", "года", "лет")
    return f"через {body}" if future else f"{body} назад"


def iso_utc(value: datetime) -> str:
    return aware(value).astimezone(UTC).isoformat()


# --- what templates call ------------------------------------------------------------------------------
# The zone of the page being rendered, set by `templating.render` for the whole rendering: macros
# imported without the template's context (``{% from … import … %}``) see it too.
page_zone: ContextVar[str | None] = ContextVar("page_zone", default=None)


def reader_zone(context: Any) -> str:
    """The zone of whoever reads the page being rendered: ``tz`` when the template was given one,
    else the page's (`page_zone`), else the signed-in user's setting, else the default (visitors,
    e-mails, BBCode)."""
    tz = context.get("tz") or page_zone.get()
    if tz:
        return tz
    request = context.get("request")
    user = getattr(getattr(request, "state", None), "user", None) if request is not None else None
    return getattr(user, "time_zone", None) or DEFAULT_ZONE


def when_html(value: datetime | None, zone: str, *, countdown: bool = False, now: datetime | None = None) -> Markup:
    """``<time>`` with the local time, then the relative phrase that the script keeps current; a
    countdown (a deadline) ticks, and is marked ``overdue`` once past."""
    if value is None:
        return Markup("")
    now = now or page_now()
    iso = iso_utc(value)
    past = aware(value) <= aware(now)
    kind = "countdown" if countdown else "rel"
    classes = kind + (" overdue" if countdown and past else "")
    return Markup('<time datetime="{iso}" title="{title}">{local}</time> '
                  '<span class="{classes}" data-{kind}="{iso}">({rel})</span>').format(
        iso=iso, title=f"время: {zone_title(zone, now)}", local=local_datetime(value, zone, now),
        classes=classes, kind=kind, rel=relative(value, now))


def text_datetime(value: datetime | None, zone: str) -> str:
    """Plain text: «21 ноября, 17:05 (через 5 ч 20 мин)»; an empty string for None."""
    if value is None:
        return ""
    now = page_now()
    return f"{local_datetime(value, zone, now)} ({relative(value, now)})"


def datetime_local_value(value: datetime | None, zone: str) -> str:
    """The value of an ``<input type="datetime-local">`` in ``zone`` («2026-11-21T17:05»)."""
    if value is None:
        return ""
    return aware(value).astimezone(zone_info(zone)).strftime("%Y-%m-%dT%H:%M")
