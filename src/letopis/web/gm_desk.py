"""The GM desk's further tools as forms: roll back, edit a draft's outcome, correct the state,
take over a faction, reassign a seat, and a ruling's JSON. The service checks the user is the GM."""

from __future__ import annotations

import json
from typing import Any, Literal

from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from letopis import service
from letopis.service.inputs import Int4, Text

from .api import ERRORS
from .deps import CurrentUser, SessionDep, current_user
from .forms import FormError, FormStr, parse_int
from .gm import _act, _desk
from .templating import templates

router = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])


def _reason(reason: str, what: str) -> str:
    if not reason.strip():
        raise FormError(f"Причина: напишите, почему {what} — её увидят все.")
    return reason.strip()


@router.post("/games/{game_id}/gm/rollback")
def rollback(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, step: FormStr = "",
             reason: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(step, "Шаг")
        out = service.rollback(db, game_id=game_id, from_step=number, gm_user_id=user.id,
                               reason=_reason(reason, "шаги пересчитаны"))
        return out.message

    return _act(request, db, user, game_id, {"rollback_step": step, "rollback_reason": reason}, action, "fix")


@router.post("/games/{game_id}/gm/edit")
def edit(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, step: FormStr = "",
         event: FormStr = "", text: FormStr = "", annul: FormStr = "", reason: FormStr = "") -> Response:
    def action() -> str:
        number, index = parse_int(step, "Шаг"), parse_int(event, "Событие")
        why = _reason(reason, "итог исправлен")
        texts = {index: text} if text.strip() else {}
        if not texts and not annul:
            raise FormError("Напишите новый текст события или отметьте «отменить событие».")
        service.edit_outcome(db, game_id=game_id, step_number=number, gm_user_id=user.id, reason=why,
                             texts=texts, annul=[index] if annul else [])
        return f"Событие №{index} шага {number} исправлено; шаг всё ещё черновик."

    form = {"edit_event": event, "edit_text": text, "edit_reason": reason}
    return _act(request, db, user, game_id, form, action, "review")


@router.post("/games/{game_id}/gm/correct/check")
def correct_check(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
                  text: FormStr = "") -> Response:
    """The live check beside the correction textarea (htmx): a partial, nothing applied. Rendered
    without `render`, so the desk's one-time messages are not used up."""
    check, refusal = None, None
    if text.strip():
        try:
            check = service.preview_correction(db, game_id=game_id, text=text, gm_user_id=user.id)
        except service.ServiceError as exc:
            refusal = exc.message
    return templates.TemplateResponse(request, "_correction_check.html", {"check": check, "refusal": refusal})


@router.post("/games/{game_id}/gm/correct")
def correct(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, text: FormStr = "",
            reason: FormStr = "", intent: FormStr = "apply") -> Response:
    if intent == "check":  # the no-JS path of the live check: the desk with the check, nothing applied
        check = service.preview_correction(db, game_id=game_id, text=text, gm_user_id=user.id)
        return _desk(request, db, user, game_id, form={"correct_text": text, "correct_reason": reason,
                                                       "correct_check": check}, tab="fix")

    def action() -> str:
        header = service.correct(db, game_id=game_id, text=text, gm_user_id=user.id,
                                 reason=_reason(reason, "состояние исправлено"))
        return f"Правка применена и опубликована как шаг {header.number}."

    return _act(request, db, user, game_id, {"correct_text": text, "correct_reason": reason}, action, "fix")


@router.post("/games/{game_id}/gm/reopen")
def reopen(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, step: FormStr = "",
           faction: FormStr = "", text: FormStr = "", reason: FormStr = "", source: FormStr = "player") -> Response:
    def action() -> str:
        number = parse_int(step, "Шаг")
        if not text.strip():
            raise FormError("Исправленный пост: вставьте текст, который должен был засчитаться.")
        out = service.reopen_for_post(db, game_id=game_id, step_number=number, faction=faction,
                                      text=text.replace("\r\n", "\n"), gm_user_id=user.id,
                                      reason=_reason(reason, "шаг пересчитан"), source=source)
        return out.message

    form = {"reopen_step": step, "reopen_faction": faction, "reopen_text": text, "reopen_reason": reason,
            "reopen_source": source}
    return _act(request, db, user, game_id, form, action, "fix")


@router.post("/games/{game_id}/gm/takeover")
def takeover(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, faction: FormStr = "",
             text: FormStr = "", reason: FormStr = "") -> Response:
    def action() -> str:
        header = service.take_over(db, game_id=game_id, faction=faction, text=text, gm_user_id=user.id,
                                   reason=_reason(reason, "мастер пишет за фракцию"))
        return f"Пост за фракцию принят (шаг {header.number})."

    form = {"takeover_faction": faction, "takeover_text": text, "takeover_reason": reason}
    return _act(request, db, user, game_id, form, action, "posts")


@router.post("/games/{game_id}/gm/reassign")
def reassign(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, faction: FormStr = "",
             login: FormStr = "", reason: FormStr = "") -> Response:
    def action() -> str:
        why = _reason(reason, "место передано")
        to = None
        if login.strip():
            target = service.get_user_by_login(db, login.strip())
            if target is None:
                raise FormError(f"Пользователя «{login.strip()}» нет.")
            to = target.id
        change = service.reassign_seat(db, game_id=game_id, faction=faction, gm_user_id=user.id, reason=why,
                                       to_user_id=to)
        if change.invite_token:
            base = str(request.base_url).rstrip("/")
            return f"Место освобождено. Новая ссылка-приглашение: {base}/join/{change.invite_token}"
        return f"Место передано игроку «{login.strip()}»."

    form = {"reassign_faction": faction, "reassign_login": login, "reassign_reason": reason}
    return _act(request, db, user, game_id, form, action, "seats")


@router.get("/games/{game_id}/gm/ruling/{step_number}.json")
def ruling(db: SessionDep, user: CurrentUser, game_id: Int4, step_number: Int4, reason: Text = "") -> Response:
    case = service.export_ruling(db, game_id=game_id, step_number=step_number, gm_user_id=user.id, reason=reason)
    return Response(json.dumps(case, ensure_ascii=False, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="ruling-{game_id}-{step_number}.json"'})


# --- the same tools as JSON ----------------------------------------------------------------------
api_router = APIRouter(prefix="/api", responses=ERRORS)


REASON = "Причина; её увидят все в журнале мастера."


class RollbackIn(BaseModel):
    from_step: Int4 = Field(ge=1, description="С какого опубликованного шага пересчитывать.")
    reason: Text = Field(min_length=1, description=REASON)


class EditIn(BaseModel):
    reason: Text = Field(min_length=1, description=REASON)
    texts: dict[Int4, Text] = Field(default_factory=dict, description="Новые формулировки: номер события → текст.")
    annul: list[Int4] = Field(default_factory=list, description="Номера событий, которые отменяются.")


class CorrectIn(BaseModel):
    text: Text = Field(min_length=1, description="Правка позиции, по строке на изменение.")
    reason: Text = Field(min_length=1, description=REASON)


class TakeOverIn(BaseModel):
    faction: Text = Field(description="Код стороны, за которую пишет мастер.")
    text: Text = Field(min_length=1, description="Текст поста.")
    reason: Text = Field(min_length=1, description=REASON)


class ReopenIn(BaseModel):
    faction: Text = Field(description="Фракция, чей пост заменяется")
    text: Text = Field(min_length=1, description="Исправленный пост")
    reason: Text = Field(min_length=1, description="Почему шаг пересчитывается; её увидят все")
    source: Literal["gm", "player"] = Field("player", description="«player» — текст прислал игрок, «gm» — пост "
                                                                  "написал мастер за игрока")


class ReassignIn(BaseModel):
    faction: Text = Field(description="Код стороны, чьё место передаётся.")
    reason: Text = Field(min_length=1, description=REASON)
    to_user_id: Int4 | None = Field(None, description="Кому отдать место; не указан — место освобождается, "
                                                      "и мастер получает новую ссылку-приглашение.")


@api_router.post("/games/{game_id}/rollback", response_model=service.RollbackOut)
def api_rollback(game_id: Int4, body: RollbackIn, db: SessionDep, user: CurrentUser) -> service.RollbackOut:
    return service.rollback(db, game_id=game_id, from_step=body.from_step, gm_user_id=user.id, reason=body.reason)


@api_router.post("/games/{game_id}/steps/{step_number}/reopen", response_model=service.RollbackOut)
def api_reopen(game_id: Int4, step_number: Int4, body: ReopenIn, db: SessionDep, user: CurrentUser) -> service.RollbackOut:
    """Resolve a published step again with one faction's corrected post (its old post annulled, a
    fresh seed), then the later steps as a roll-back does; the reason goes to the public audit log."""
    return service.reopen_for_post(db, game_id=game_id, step_number=step_number, faction=body.faction,
                                   text=body.text, gm_user_id=user.id, reason=body.reason, source=body.source)


@api_router.post("/games/{game_id}/steps/{step_number}/outcome", response_model=service.StepHeader)
def api_edit(game_id: Int4, step_number: Int4, body: EditIn, db: SessionDep, user: CurrentUser) -> service.StepHeader:
    return service.edit_outcome(db, game_id=game_id, step_number=step_number, gm_user_id=user.id,
                                reason=body.reason, texts=body.texts, annul=body.annul)


@api_router.post("/games/{game_id}/corrections", response_model=service.StepHeader)
def api_correct(game_id: Int4, body: CorrectIn, db: SessionDep, user: CurrentUser) -> service.StepHeader:
    return service.correct(db, game_id=game_id, text=body.text, gm_user_id=user.id, reason=body.reason)


@api_router.post("/games/{game_id}/takeover", response_model=service.StepHeader)
def api_take_over(game_id: Int4, body: TakeOverIn, db: SessionDep, user: CurrentUser) -> service.StepHeader:
    return service.take_over(db, game_id=game_id, faction=body.faction, text=body.text, gm_user_id=user.id,
                             reason=body.reason)


@api_router.post("/games/{game_id}/seats/reassign", response_model=service.SeatChange)
def api_reassign(game_id: Int4, body: ReassignIn, db: SessionDep, user: CurrentUser) -> service.SeatChange:
    return service.reassign_seat(db, game_id=game_id, faction=body.faction, gm_user_id=user.id,
                                 reason=body.reason, to_user_id=body.to_user_id)


@api_router.get("/games/{game_id}/steps/{step_number}/ruling")
def api_ruling(game_id: Int4, step_number: Int4, db: SessionDep, user: CurrentUser, reason: Text = "") -> dict[str, Any]:
    return service.export_ruling(db, game_id=game_id, step_number=step_number, gm_user_id=user.id, reason=reason)
