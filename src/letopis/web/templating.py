"""The Jinja2 environment: project templates (autoescaped), ruleset partials, Russian filters.

Templates live in the top-level ``templates/`` folder of a checkout, or inside the wheel as
``letopis/templates_dist``. A ruleset package may ship a ``templates/`` folder; its files are
reachable as ``<ruleset id>/<name>`` (e.g. ``dice_roll_party/_board.html``).

Russian in templates: ``{{ name|decline("gen") }}`` («Пост {{ …|decline("gen") }}» → «Пост Анны»),
``{{ names|decline_all("acc") }}`` («ждём Анну и Бориса»), ``counted(n, "ход", "хода", "ходов")``,
``counted_range(2, 4, …)`` («2–4 стороны»), ``{{ text|sentence }}`` (one full stop, never «..»).
Times: ``{{ t|ru_datetime }}`` is the reader's local time with a relative phrase («21 ноября,
17:05 (через 5 ч 20 мин)»), ``{{ t|countdown }}`` the same for a deadline, ticking on the page.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    TemplateNotFound,
    pass_context,
    select_autoescape,
)
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from letopis.engine.registry import get_ruleset
from letopis.engine.text import counted, counted_range, decline, decline_all, plural, sentence
from letopis.paths import templates_dir
from letopis.service.resolve_delay import minutes_left
from letopis.timezones import DEFAULT_ZONE, zone_title

from .boardview import board_figure, board_png_path
from .svgsafe import clean_svg
from .times import (
    datetime_local_value,
    good_until,
    local_datetime,
    page_now,
    page_zone,
    reader_zone,
    when_html,
)


@pass_context
def ru_datetime(context: Any, value: datetime | None) -> Markup:
    """The reader's local time and how long ago or ahead it is: «21 ноября, 17:05 (2 дня назад)»."""
    return when_html(value, reader_zone(context))


@pass_context
def countdown(context: Any, value: datetime | None) -> Markup:
    """A deadline: local time and a countdown that ticks on the page («через 5 ч 20 мин»)."""
    return when_html(value, reader_zone(context), countdown=True)


@pass_context
def local_time(context: Any, value: datetime | None) -> str:
    """Only the local time, as plain text («21 ноября, 17:05»): for titles and attributes."""
    return local_datetime(value, reader_zone(context), page_now()) if value is not None else ""


@pass_context
def datetime_local(context: Any, value: datetime | None) -> str:
    """An ``<input type="datetime-local">`` value in the reader's zone."""
    return datetime_local_value(value, reader_zone(context))


@pass_context
def time_zone_title(context: Any) -> str:
    """«Москва (UTC+3)»: the zone this page's times are in."""
    return zone_title(reader_zone(context))


def rfc3339(value: datetime) -> str:
    """Atom timestamps: naive datetimes are UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def minutes_until(value: datetime | None) -> int | None:
    """Whole minutes from now until ``value``, rounded up; None once it has passed («расчёт через N мин»)."""
    if value is None:
        return None
    moment = page_now()
    if value <= moment:
        return None
    good_until(moment + timedelta(seconds=(value - moment).total_seconds() % 60 or 60))
    return minutes_left(value, moment)


def clause_url(ruleset_id: str, clause: str | None) -> str:
    return f"/rules/{ruleset_id}#{clause}" if clause else f"/rules/{ruleset_id}"


class RulesetTemplateLoader(BaseLoader):
    """``<ruleset id>/<name>`` from that ruleset's ``templates/`` folder, looked up when asked."""

    def get_source(self, environment: Environment, template: str):
        ruleset_id, _, name = template.partition("/")
        try:
            ruleset = get_ruleset(ruleset_id)
        except LookupError:
            raise TemplateNotFound(template) from None
        folder = Path(ruleset.package_dir) / "templates"
        return FileSystemLoader(folder).get_source(environment, name)


def make_environment() -> Environment:
    env = Environment(
        loader=ChoiceLoader([FileSystemLoader(templates_dir()), RulesetTemplateLoader()]),
        autoescape=select_autoescape(["html", "xml", "svg"], default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["ru_datetime"] = ru_datetime
    env.filters["countdown"] = countdown
    env.filters["local_time"] = local_time
    env.filters["datetime_local"] = datetime_local
    env.filters["rfc3339"] = rfc3339
    env.filters["svg"] = clean_svg
    env.filters["decline"] = decline
    env.filters["decline_all"] = decline_all
    env.filters["sentence"] = sentence
    env.globals["plural"] = plural
    env.globals["counted"] = counted
    env.globals["counted_range"] = counted_range
    env.globals["time_zone_title"] = time_zone_title
    env.globals["clause_url"] = clause_url
    env.globals["board_figure"] = board_figure
    env.globals["board_png"] = board_png_path
    env.globals["minutes_until"] = minutes_until
    return env


templates = Jinja2Templates(env=make_environment())


def csrf_token(request: Request) -> str:
    getter = request.scope.get("csrftoken")
    return getter() if callable(getter) else ""


def flash(request: Request, text: str, kind: str = "ok") -> None:
    """A one-time message shown on the next page (after a redirect)."""
    request.session.setdefault("flash", []).append({"kind": kind, "text": text})


def render(request: Request, name: str, context: dict[str, Any] | None = None, status: int = 200,
           headers: dict[str, str] | None = None) -> HTMLResponse:
    """A page with what every page needs: the user, the CSRF token, the one-time messages."""
    user = getattr(request.state, "user", None)
    ctx = {
        "user": user,
        "csrftoken": csrf_token(request),
        "flashes": request.session.pop("flash", []) if "session" in request.scope else [],
        "path": request.url.path,
    }
    ctx.update(context or {})
    token = page_zone.set(getattr(user, "time_zone", None) or DEFAULT_ZONE)
    try:  # the response renders its template here, at once
        return templates.TemplateResponse(request, name, ctx, status_code=status, headers=headers)
    finally:
        page_zone.reset(token)
