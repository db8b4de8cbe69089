"""The Jinja2 environment: project templates (autoescaped), ruleset partials, Russian filters.

Templates live in the top-level ``templates/`` folder of a checkout, or inside the wheel as
``letopis/templates_dist``. A ruleset package may ship a ``templates/`` folder; its files are
reachable as ``<ruleset id>/<name>`` (e.g. ``dice_roll_party/_board.html``).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    TemplateNotFound,
    select_autoescape,
)
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from letopis.engine.registry import get_ruleset
from letopis.engine.text import plural
from letopis.paths import templates_dir
from letopis.service.resolve_delay import minutes_left

from .boardview import board_figure, board_png_path
from .svgsafe import clean_svg

MONTHS_GEN = (
    "января", "февраля", "марта", "апреля", "мая", "июня",
    "июля", "августа", "сентября", "октября", "ноября", "декабря",
)


def ru_datetime(value: datetime | None) -> str:
    """``21 ноября 2026, 14:05 UTC``; an empty string for None."""
    if value is None:
        return ""
    if value.tzinfo is not None:
        value = value.astimezone(UTC)
    return f"{value.day} {MONTHS_GEN[value.month - 1]} {value.year}, {value:%H:%M} UTC"


def rfc3339(value: datetime) -> str:
    """Atom timestamps: naive datetimes are UTC."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def minutes_until(value: datetime | None) -> int | None:
    """Whole minutes from now until ``value``, rounded up; None once it has passed («расчёт через N мин»)."""
    if value is None:
        return None
    moment = datetime.now(UTC)
    return minutes_left(value, moment) if value > moment else None


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
    env.filters["rfc3339"] = rfc3339
    env.filters["svg"] = clean_svg
    env.globals["plural"] = plural
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
    ctx = {
        "user": getattr(request.state, "user", None),
        "csrftoken": csrf_token(request),
        "flashes": request.session.pop("flash", []) if "session" in request.scope else [],
        "path": request.url.path,
    }
    ctx.update(context or {})
    return templates.TemplateResponse(request, name, ctx, status_code=status, headers=headers)
