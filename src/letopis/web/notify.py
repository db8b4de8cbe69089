"""Pages and API for deadlines (the GM's «Сроки» page: pause, resume, extend, grace, reminders),
receipts (a faction's revisions in a step with diffs) and the user's settings page «Уведомления»:
letters (their forms are in web/email.py), webhooks, the delivery log, and the «Ключи API» section
(the user's API tokens, each revocable)."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, status
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from letopis import service
from letopis.engine.text_words import plural
from letopis.service import DeliveryOut, PostHistoryOut, ScheduleOut, WebhookOut
from letopis.service.inputs import Int4, Text

from .deps import CurrentUser, CurrentUserId, MaybeUser, SessionDep, SettingsDep, current_user
from .forms import FormError, FormList, FormStr, parse_int
from .responses import ErrorOut
from .templating import flash, render

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses={400: {"model": ErrorOut}, 403: {"model": ErrorOut},
                                                       404: {"model": ErrorOut}, 409: {"model": ErrorOut},
                                                       422: {"model": ErrorOut}})

EVENT_CHOICES = [("your_turn", "Ваш ход"), ("deadline_soon", "Скоро срок"), ("step_published", "Шаг опубликован")]
LOG_EVENTS = {**dict(EVENT_CHOICES), "email_confirm": "Подтверждение адреса"}


# --- receipts -----------------------------------------------------------------------------------
@pages.get("/games/{game_id}/steps/{step_number}/posts/{faction}")
def receipt_page(request: Request, db: SessionDep, user: MaybeUser, game_id: Int4, step_number: Int4,
                 faction: Text) -> Response:
    history = service.post_history(db, game_id=game_id, step_number=step_number, faction=faction,
                                   viewer_user_id=user.id if user else None)
    return render(request, "receipt.html", {"h": history})


# --- the GM's deadline page ---------------------------------------------------------------------
def _schedule_page(request: Request, db, user, game_id: Int4, *, error: str | None = None,
                   form: dict | None = None, status_code: int = 200) -> Response:
    game = service.get_game(db, game_id)
    page = service.game_page(db, game_id, user.id)
    if page.viewer.role != service.Role.GM:
        raise service.Forbidden("Сроки игры меняет только её мастер.", code="not_gm")
    return render(request, "schedule.html", {"game": game, "s": service.get_schedule(db, game_id),
                                             "error": error, "form": form or {}}, status=status_code)


@pages.get("/games/{game_id}/gm/schedule")
def schedule_page(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4) -> Response:
    return _schedule_page(request, db, user, game_id)


def _schedule_act(request: Request, db, user, game_id: Int4, form: dict, action) -> Response:
    try:
        message = action()
    except FormError as exc:
        return _schedule_page(request, db, user, game_id, error=str(exc), form=form, status_code=422)
    except service.ServiceError as exc:
        return _schedule_page(request, db, user, game_id, error=exc.message, form=form, status_code=exc.status)
    flash(request, message)
    return RedirectResponse(f"/games/{game_id}/gm/schedule", status_code=303)


@pages.post("/games/{game_id}/gm/pause")
def pause_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, reason: FormStr = "") -> Response:
    def action() -> str:
        service.pause_game(db, game_id=game_id, gm_user_id=user.id, reason=reason)
        return "Игра на паузе: срок не идёт."

    return _schedule_act(request, db, user, game_id, {"reason": reason}, action)


@pages.post("/games/{game_id}/gm/resume")
def resume_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, reason: FormStr = "") -> Response:
    def action() -> str:
        service.resume_game(db, game_id=game_id, gm_user_id=user.id, reason=reason)
        return "Пауза снята; срок сдвинут на время паузы."

    return _schedule_act(request, db, user, game_id, {"reason": reason}, action)


@pages.post("/games/{game_id}/gm/extend")
def extend_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, hours: FormStr = "",
                reason: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(hours, "Часы")
        service.extend_deadline(db, game_id=game_id, gm_user_id=user.id, minutes=number * 60, reason=reason)
        return f"Срок продлён на {number} ч."

    return _schedule_act(request, db, user, game_id, {"hours": hours, "reason": reason}, action)


@pages.post("/games/{game_id}/gm/schedule")
def schedule_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, grace: FormStr = "",
                  reminder: FormStr = "") -> Response:
    def action() -> str:
        service.set_schedule(db, game_id=game_id, gm_user_id=user.id, grace_minutes=parse_int(grace, "Отсрочка"),
                             reminder_minutes=parse_int(reminder, "Напоминание"))
        return "Настройки сроков сохранены."

    return _schedule_act(request, db, user, game_id, {"grace": grace, "reminder": reminder}, action)


@pages.post("/games/{game_id}/gm/resolve-delay")
def resolve_delay_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
                       minutes: FormStr = "") -> Response:
    def action() -> str:
        number = parse_int(minutes, "Задержка расчёта")
        service.set_schedule(db, game_id=game_id, gm_user_id=user.id, resolve_delay_minutes=number)
        return (f"Задержка расчёта: {number} мин после последнего поста." if number
                else "Задержки расчёта нет: шаг рассчитывается, как только пришёл последний пост.")

    return _schedule_act(request, db, user, game_id, {"minutes": minutes}, action)


# --- «Уведомления» ------------------------------------------------------------------------------
def settings_page(request: Request, db, user, *, error: str | None = None, error_at: str = "webhook",
                  form: dict | None = None, email_form: dict | None = None, status_code: int = 200) -> Response:
    """«Уведомления»: letters, the webhook, the delivery log and the API keys; ``error_at`` names
    the section whose form failed (email, webhook, tokens), where its message is shown."""
    hook = service.get_webhook(db, user_id=user.id)
    return render(request, "notifications.html", {
        "hook": hook, "choices": EVENT_CHOICES, "log_events": LOG_EVENTS, "error": error, "error_at": error_at,
        "form": form,
        "email": service.get_email(db, user_id=user.id), "email_form": email_form,
        "email_ready": service.sending_configured(),
        "log": service.deliveries(db, user_id=user.id, limit=20),
        "tokens": service.list_tokens(db, user_id=user.id),
        "token_lifetime": lifetime_text(request.app.state.settings.api_token_days),
    }, status=status_code)


def lifetime_text(days: float) -> str:
    """«7 дней», «1 день», «12 часов»: how long a new API token lives."""
    if days >= 1 and float(days).is_integer():
        n = int(days)
        return f"{n} {plural(n, 'день', 'дня', 'дней')}"
    hours = max(1, round(days * 24))
    return f"{hours} {plural(hours, 'час', 'часа', 'часов')}"


@pages.post("/settings/tokens/{token_id}/revoke")
def revoke_token_form(request: Request, db: SessionDep, user: CurrentUser, token_id: Int4) -> Response:
    try:
        token = service.revoke_token(db, user_id=user.id, token_id=token_id)
    except service.ServiceError as exc:
        return settings_page(request, db, user, error=exc.message, error_at="tokens", status_code=exc.status)
    flash(request, f"Ключ «{token.label}» отозван: с ним больше нельзя войти.")
    return RedirectResponse("/settings/notifications#tokens", status_code=303)


@pages.get("/settings/notifications")
def notifications_page(request: Request, db: SessionDep, user: CurrentUser) -> Response:
    return settings_page(request, db, user)


@pages.post("/settings/notifications")
def notifications_save(request: Request, db: SessionDep, user: CurrentUser, settings: SettingsDep,
                       url: FormStr = "", events: FormList = [], enabled: FormStr = "",  # noqa: B006
                       delete: FormStr = "") -> Response:
    try:
        if delete:
            service.delete_webhook(db, user_id=user.id)
            flash(request, "Вебхук удалён: уведомлений больше не будет.")
        else:
            service.set_webhook(db, user_id=user.id, url=url, events=events, enabled=bool(enabled),
                                allow_private=settings.webhook_allow_private)
            flash(request, "Уведомления сохранены.")
    except service.ServiceError as exc:
        return settings_page(request, db, user, error=exc.message, status_code=exc.status,
                              form={"url": url, "events": events, "enabled": bool(enabled)})
    return RedirectResponse("/settings/notifications", status_code=303)


# --- API ----------------------------------------------------------------------------------------
class WebhookIn(BaseModel):
    url: Text = Field(description="Адрес http(s), на который придёт POST с JSON.")
    events: list[Text] = Field(description="События: your_turn — ваш ход, deadline_soon — скоро срок, step_published — шаг опубликован.")
    enabled: bool = Field(True, description="false — не отправлять событий, не удаляя вебхука.")


class ExtendIn(BaseModel):
    minutes: Int4 = Field(description="На сколько минут сдвинуть срок.")
    reason: Text = Field(description="Причина; её увидят все в журнале мастера.")


class ReasonIn(BaseModel):
    reason: Text = Field("", description="Причина (необязательно); её увидят все в журнале мастера.")


class ScheduleIn(BaseModel):
    grace_minutes: Int4 | None = Field(None, description="Льготное время после срока, минут, до действия по "
                                                         "умолчанию; не указано — не меняется.")
    reminder_minutes: Int4 | None = Field(None, description="За сколько минут до срока напомнить (0 — не "
                                                            "напоминать); не указано — не меняется.")
    resolve_delay_minutes: Int4 | None = Field(
        default=None, description="Задержка расчёта: через сколько минут после последнего поста шаг "
                                  "рассчитывается (0 — сразу, до 1440); пока он ждёт, пост можно исправить или отозвать.")


@api.get("/me/webhook", response_model=WebhookOut | None)
def api_get_webhook(db: SessionDep, user_id: CurrentUserId) -> WebhookOut | None:
    """Your webhook, or null when you have not opted in."""
    return service.get_webhook(db, user_id=user_id)


@api.put("/me/webhook", response_model=WebhookOut)
def api_set_webhook(body: WebhookIn, db: SessionDep, user_id: CurrentUserId, settings: SettingsDep) -> WebhookOut:
    """Opt in (or change): payloads are signed with ``secret`` in ``X-Letopis-Signature``; the
    host must resolve to public addresses."""
    return service.set_webhook(db, user_id=user_id, url=body.url, events=body.events, enabled=body.enabled,
                               allow_private=settings.webhook_allow_private)


@api.delete("/me/webhook", status_code=status.HTTP_204_NO_CONTENT)
def api_delete_webhook(db: SessionDep, user_id: CurrentUserId) -> Response:
    service.delete_webhook(db, user_id=user_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@api.get("/me/deliveries", response_model=list[DeliveryOut])
def api_deliveries(db: SessionDep, user_id: CurrentUserId) -> list[DeliveryOut]:
    """The delivery log of your notifications, newest first."""
    return service.deliveries(db, user_id=user_id)


@api.get("/games/{game_id}/schedule", response_model=ScheduleOut)
def api_schedule(game_id: Int4, db: SessionDep) -> ScheduleOut:
    return service.get_schedule(db, game_id)


@api.put("/games/{game_id}/schedule", response_model=ScheduleOut)
def api_set_schedule(game_id: Int4, body: ScheduleIn, db: SessionDep, user_id: CurrentUserId) -> ScheduleOut:
    return service.set_schedule(db, game_id=game_id, gm_user_id=user_id, grace_minutes=body.grace_minutes,
                                reminder_minutes=body.reminder_minutes, resolve_delay_minutes=body.resolve_delay_minutes)


@api.post("/games/{game_id}/pause", response_model=ScheduleOut)
def api_pause(game_id: Int4, body: ReasonIn, db: SessionDep, user_id: CurrentUserId) -> ScheduleOut:
    return service.pause_game(db, game_id=game_id, gm_user_id=user_id, reason=body.reason)


@api.post("/games/{game_id}/resume", response_model=ScheduleOut)
def api_resume(game_id: Int4, body: ReasonIn, db: SessionDep, user_id: CurrentUserId) -> ScheduleOut:
    return service.resume_game(db, game_id=game_id, gm_user_id=user_id, reason=body.reason)


@api.post("/games/{game_id}/extend", response_model=ScheduleOut)
def api_extend(game_id: Int4, body: ExtendIn, db: SessionDep, user_id: CurrentUserId) -> ScheduleOut:
    return service.extend_deadline(db, game_id=game_id, gm_user_id=user_id, minutes=body.minutes, reason=body.reason)


@api.get("/games/{game_id}/steps/{step_number}/posts/{faction}", response_model=PostHistoryOut)
def api_post_history(game_id: Int4, step_number: Int4, faction: Text, db: SessionDep,
                     user: MaybeUser) -> PostHistoryOut:
    """A faction's revisions in a step with the receipts and diffs (secret until published)."""
    return service.post_history(db, game_id=game_id, step_number=step_number, faction=faction,
                                viewer_user_id=user.id if user else None)
