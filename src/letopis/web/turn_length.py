"""The turn length on «Сроки» (a form) and in the API: every new step is due that many hours after
it opens. Kept apart from the page's other settings (pause, grace, reminders) on purpose: it is
one setting with one audit entry."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from letopis import service
from letopis.service import ScheduleOut
from letopis.service.inputs import Int4

from .api import ERRORS
from .deps import CurrentUser, CurrentUserId, SessionDep, current_user
from .forms import FormError, FormStr, parse_int
from .notify import _schedule_act

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses=ERRORS)


def hours_text(hours: int) -> str:
    """«48 ч» or, for whole days, «48 ч (2 сут.)»."""
    return f"{hours} ч" + (f" ({hours // 24} сут.)" if hours >= 48 and hours % 24 == 0 else "")


@pages.post("/games/{game_id}/gm/turn-length")
def turn_length_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
                     hours: FormStr = "") -> Response:
    def action() -> str:
        value = parse_int(hours, "Срок хода") if hours.strip() else None
        if value is not None and value < 1:
            raise FormError("Срок хода: не меньше 1 часа; пустое поле — без срока.")
        service.set_turn_length(db, game_id=game_id, gm_user_id=user.id, hours=value)
        if value is None:
            return "Срок хода снят: новые шаги открываются без срока."
        return f"Срок хода: {hours_text(value)}. Его получит каждый новый шаг."

    return _schedule_act(request, db, user, game_id, {"turn_hours": hours}, action)


class TurnLengthIn(BaseModel):
    hours: Int4 | None = Field(description="Срок хода в часах (1…720); null — без срока")


@api.put("/games/{game_id}/turn-length", response_model=ScheduleOut)
def api_set_turn_length(game_id: Int4, body: TurnLengthIn, db: SessionDep, user_id: CurrentUserId) -> ScheduleOut:
    """Set the turn length: every step opened from now on is due ``hours`` after it opens (a
    reaction window keeps its own deadline; the open step keeps its deadline)."""
    return service.set_turn_length(db, game_id=game_id, gm_user_id=user_id, hours=body.hours)
