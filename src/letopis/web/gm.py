"""The GM desk, organised by task — posts, review, deadlines, corrections, seats, audit, options —
with the board beside it: publishing, annulling, overriding a roll, the deadline and the default
(asked for with a reason first). The service checks that the user is the GM."""

from __future__ import annotations

from datetime import UTC, datetime

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from letopis import service
from letopis.engine.registry import get_ruleset
from letopis.service.default_notes import default_action
from letopis.service.inputs import Int4
from letopis.service.option_fields import option_fields

from .deps import CurrentUser, SessionDep, current_user
from .forms import FormError, FormStr, parse_deadline, parse_int
from .pages import faction_names
from .templating import flash, render

router = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])


# The desk's sections, one per task; a form sends the GM back to the section it belongs to.
TABS = ("posts", "review", "deadlines", "fix", "seats", "audit", "options")


def _desk(request: Request, db, user, game_id: Int4, *, error: str | None = None, problems=(),
          form: dict | None = None, status: int = 200, tab: str | None = None) -> Response:
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
    draft = page.step is not None and page.step.status == service.StepStatus.DRAFT
    return render(request, "gm.html", {
        "page": page, "game": page.game, "names": faction_names(page.game), "current": current,
        "latest": latest, "audit": list(reversed(service.audit_log(db, game_id))),
        "error": error, "problems": list(problems), "form": form or {},
        "base_url": str(request.base_url).rstrip("/"), "schedule": service.get_schedule(db, game_id),
        "tab": tab if tab in TABS else ("review" if draft else "posts"),
        "options": option_fields(get_ruleset(page.game.ruleset_id), page.game.options),
        "correction_examples": get_ruleset(page.game.ruleset_id).correction_examples,
        "default_action": default_action(page.turn) if page.turn else "",
    }, status=status)


@router.get("/games/{game_id}/gm")
def desk(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4) -> Response:
    return _desk(request, db, user, game_id)


def _done(request: Request, game_id: Int4, message: str, tab: str) -> Response:
    flash(request, message)
    return RedirectResponse(f"/games/{game_id}/gm#{tab}", status_code=303)


def _act(request: Request, db, user, game_id: Int4, form: dict, action, tab: str) -> Response:
    """Run one GM action; a refusal re-renders the desk at the action's section with the message
    and the form as typed."""
    try:
        message = action()
    except FormError as exc:
        return _desk(request, db, user, game_id, error=str(exc), form=form, status=422, tab=tab)
    except service.ServiceError as exc:
        return _desk(request, db, user, game_id, error=exc.message, problems=exc.problems, form=form,
                     status=exc.status, tab=tab)
    return _done(request, game_id, message, tab)


@router.post("/games/{game_id}/gm/publish")
def publish(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
            step: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(step, "Шаг")
        service.publish_step(db, game_id=game_id, step_number=number, gm_user_id=user.id)
        return f"Шаг {number} опубликован."

    return _act(request, db, user, game_id, {"step": step}, action, "review")


@router.post("/games/{game_id}/gm/annul")
def annul(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, post_id: FormStr = "",
          reason: FormStr = "") -> Response:
    def action() -> str:
        pid = parse_int(post_id, "Пост")
        if not reason.strip():
            raise FormError("Причина: напишите, почему пост отменён — её увидят все.")
        header = service.annul_post(db, post_id=pid, gm_user_id=user.id, reason=reason.strip())
        return f"Пост отменён. Шаг {header.number} снова ждёт поста."

    return _act(request, db, user, game_id, {"annul_post": post_id, "annul_reason": reason}, action, "posts")


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
    return _act(request, db, user, game_id, form, action, "review")


def _confirm_default(request: Request, db, user, game_id: Int4, *, reason: str = "", error: str | None = None,
                     status: int = 200) -> Response:
    """The page that asks before a default: who gets it, what it does, whether the deadline has
    passed, and the reason the GM must write (the chronicle will quote it)."""
    page = service.game_page(db, game_id, user.id)
    if page.viewer.role != service.Role.GM:
        raise service.Forbidden("Действие по умолчанию применяет только мастер этой игры.", code="not_gm")
    return render(request, "gm_default.html", {
        "page": page, "game": page.game, "names": faction_names(page.game), "reason": reason, "error": error,
        "default_action": default_action(page.turn) if page.turn else "",
        "schedule": service.get_schedule(db, game_id), "now": datetime.now(UTC),
    }, status=status)


@router.get("/games/{game_id}/gm/default")
def default_confirm(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4) -> Response:
    return _confirm_default(request, db, user, game_id)


@router.post("/games/{game_id}/gm/default")
def default(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
            reason: FormStr = "", confirm: FormStr = "") -> Response:
    """Applies the default only from the confirmation page (``confirm=yes``) and with a reason; any
    other request shows that page first."""
    if confirm != "yes":
        return _confirm_default(request, db, user, game_id, reason=reason)
    if not reason.strip():
        return _confirm_default(request, db, user, game_id, status=422,
                                error="Причина: напишите, почему вы применяете действие по умолчанию — "
                                      "её увидят все, летопись её приведёт.")
    try:
        header = service.apply_default(db, game_id=game_id, gm_user_id=user.id, reason=reason.strip())
    except service.ServiceError as exc:
        return _confirm_default(request, db, user, game_id, reason=reason, error=exc.message, status=exc.status)
    return _done(request, game_id, f"Действие по умолчанию применено; шаг {header.number} рассчитан.", "deadlines")


@router.post("/games/{game_id}/gm/resolve-now")
def resolve_now(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
                confirm: FormStr = "") -> Response:
    """«Рассчитать сейчас» during a resolution delay; only with the box «да, рассчитать» ticked,
    since the players lose the chance to correct or withdraw their posts."""
    def action() -> str:
        if confirm != "yes":
            raise FormError("Отметьте «Да, рассчитать сейчас»: после расчёта посты этого шага "
                            "уже нельзя будет исправить или отозвать.")
        header = service.resolve_now(db, game_id=game_id, gm_user_id=user.id)
        if header.status == service.StepStatus.DRAFT:
            return f"Шаг {header.number} рассчитан и ждёт вашей проверки."
        return f"Шаг {header.number} рассчитан и опубликован."

    return _act(request, db, user, game_id, {"resolve_confirm": confirm}, action, "posts")


@router.post("/games/{game_id}/gm/deadline")
def deadline(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
             deadline: FormStr = "") -> Response:
    def action() -> str:
        when = parse_deadline(deadline, user.time_zone)
        service.set_deadline(db, game_id=game_id, deadline=when, gm_user_id=user.id)
        return "Срок снят." if when is None else "Срок шага установлен."

    return _act(request, db, user, game_id, {"deadline": deadline}, action, "deadlines")
