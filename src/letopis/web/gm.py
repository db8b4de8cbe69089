"""The GM desk: the open or draft step, its posts, publishing, annulling, overriding a roll, the
deadline default, invitations and the audit log. The service checks that the user is the GM."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from letopis import service
from letopis.service.inputs import Int4

from .deps import CurrentUser, SessionDep, current_user
from .forms import FormError, FormStr, parse_deadline, parse_int
from .pages import faction_names
from .templating import flash, render

router = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])


def _desk(request: Request, db, user, game_id: Int4, *, error: str | None = None, problems=(),
          form: dict | None = None, status: int = 200) -> Response:
    page = service.game_page(db, game_id, user.id)
    if page.viewer.role != service.Role.GM:
        raise service.Forbidden("Стол мастера открыт только мастеру этой игры и администраторам.")
    current = None
    if page.step is not None:
        current = service.step_chronicle(db, game_id=game_id, step_number=page.step.number,
                                         viewer_user_id=user.id)
    last_published = page.recent[0].number if page.recent else None
    latest = None
    if last_published is not None:
        latest = service.step_chronicle(db, game_id=game_id, step_number=last_published,
                                        viewer_user_id=user.id)
    return render(request, "gm.html", {
        "page": page, "game": page.game, "names": faction_names(page.game), "current": current,
        "latest": latest, "audit": list(reversed(service.audit_log(db, game_id))),
        "error": error, "problems": list(problems), "form": form or {},
        "base_url": str(request.base_url).rstrip("/"),
    }, status=status)


@router.get("/games/{game_id}/gm")
def desk(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4) -> Response:
    return _desk(request, db, user, game_id)


def _done(request: Request, game_id: Int4, message: str) -> Response:
    flash(request, message)
    return RedirectResponse(f"/games/{game_id}/gm", status_code=303)


def _act(request: Request, db, user, game_id: Int4, form: dict, action) -> Response:
    """Run one GM action; a refusal re-renders the desk with the message and the form as typed."""
    try:
        message = action()
    except FormError as exc:
        return _desk(request, db, user, game_id, error=str(exc), form=form, status=422)
    except service.ServiceError as exc:
        return _desk(request, db, user, game_id, error=exc.message, problems=exc.problems, form=form,
                     status=exc.status)
    return _done(request, game_id, message)


@router.post("/games/{game_id}/gm/publish")
def publish(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
            step: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(step, "Шаг")
        service.publish_step(db, game_id=game_id, step_number=number, gm_user_id=user.id)
        return f"Шаг {number} опубликован."

    return _act(request, db, user, game_id, {"step": step}, action)


@router.post("/games/{game_id}/gm/annul")
def annul(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, post_id: FormStr = "",
          reason: FormStr = "") -> Response:
    def action() -> str:
        pid = parse_int(post_id, "Пост")
        if not reason.strip():
            raise FormError("Причина: напишите, почему пост отменён — её увидят все.")
        header = service.annul_post(db, post_id=pid, gm_user_id=user.id, reason=reason.strip())
        return f"Пост отменён. Шаг {header.number} снова ждёт поста."

    return _act(request, db, user, game_id, {"annul_post": post_id, "annul_reason": reason}, action)


@router.post("/games/{game_id}/gm/override")
def override(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, step: FormStr = "",
             roll_index: FormStr = "", value: FormStr = "", reason: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(step, "Шаг")
        index = parse_int(roll_index, "Номер броска")
        val = parse_int(value, "Значение")
        if not reason.strip():
            raise FormError("Причина: напишите, почему бросок задан вручную — её увидят все.")
        service.override_roll(db, game_id=game_id, step_number=number, roll_index=index, value=val,
                              gm_user_id=user.id, reason=reason.strip())
        return f"Бросок №{index} шага {number} задан: {val}. Шаг пересчитан."

    form = {"override_step": step, "roll_index": roll_index, "value": value, "override_reason": reason}
    return _act(request, db, user, game_id, form, action)


@router.post("/games/{game_id}/gm/default")
def default(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
            reason: FormStr = "") -> Response:
    def action() -> str:
        header = service.apply_default(db, game_id=game_id, gm_user_id=user.id,
                                       reason=reason.strip() or "срок вышел")
        return f"Стороны без поста получили действие по умолчанию; шаг {header.number} рассчитан."

    return _act(request, db, user, game_id, {"default_reason": reason}, action)


@router.post("/games/{game_id}/gm/deadline")
def deadline(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
             deadline: FormStr = "") -> Response:
    def action() -> str:
        when = parse_deadline(deadline)
        service.set_deadline(db, game_id=game_id, deadline=when, gm_user_id=user.id)
        return "Срок снят." if when is None else "Срок шага установлен."

    return _act(request, db, user, game_id, {"deadline": deadline}, action)
