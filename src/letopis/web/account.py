"""The user's «Настройки» page and its API: the time zone pages show his times in (the webhooks
and API keys live on «Уведомления», web/notify.py)."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from letopis import service
from letopis.service import UserOut
from letopis.service.inputs import Text
from letopis.timezones import zone_choices, zone_title

from .deps import CurrentUser, SessionDep, current_user
from .forms import FormStr
from .responses import ErrorOut
from .templating import flash, render

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses={401: {"model": ErrorOut}, 422: {"model": ErrorOut}})


def _settings_page(request: Request, user: UserOut, *, chosen: str | None = None, error: str | None = None,
                   status: int = 200) -> Response:
    now = datetime.now(UTC)
    return render(request, "settings.html", {
        "zones": zone_choices(now, user.time_zone), "chosen": chosen or user.time_zone,
        "zone_now": zone_title(user.time_zone, now), "error": error,
    }, status=status)


@pages.get("/settings")
def settings_page(request: Request, user: CurrentUser) -> Response:
    return _settings_page(request, user)


@pages.post("/settings/time-zone")
def time_zone_form(request: Request, db: SessionDep, user: CurrentUser, time_zone: FormStr = "") -> Response:
    try:
        changed = service.set_time_zone(db, user_id=user.id, time_zone=time_zone)
    except service.ServiceError as exc:
        return _settings_page(request, user, chosen=time_zone, error=exc.message, status=exc.status)
    flash(request, f"Часовой пояс сохранён: {zone_title(changed.time_zone)}. Время на страницах теперь в нём.")
    return RedirectResponse("/settings", status_code=303)


class TimeZoneIn(BaseModel):
    time_zone: Text = Field(description="Часовой пояс по имени IANA, например Europe/Moscow или Asia/Novosibirsk.",
                            examples=["Europe/Moscow"])


@api.put("/me/time-zone", response_model=UserOut)
def api_set_time_zone(body: TimeZoneIn, db: SessionDep, user: CurrentUser) -> UserOut:
    """Choose the time zone the pages show your times in (the API itself always answers in UTC)."""
    return service.set_time_zone(db, user_id=user.id, time_zone=body.time_zone)
