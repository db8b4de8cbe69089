"""E-mail notices on the web: the «Письма на почту» section of «Уведомления», the JSON API
(``/api/me/email``), and the two links every letter carries — confirming the address and
unsubscribing in one click.

The links work without logging in (the signed token is the proof). The unsubscribe link is the
``List-Unsubscribe`` header too: a mail client POSTs to it (RFC 8058), so its POST takes no CSRF
token (`csrf.py` skips it) and no form fields; a GET only shows the button, because mail scanners
open links in letters without asking anyone.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, status
from fastapi.responses import RedirectResponse, Response
from pydantic import BaseModel, Field

from letopis import service
from letopis.service import EmailOut
from letopis.service.inputs import Text

from .csrf import UNSUBSCRIBE_PREFIX
from .deps import CurrentUser, CurrentUserId, MaybeUser, SessionDep, current_user
from .forms import FormList, FormStr
from .notify import EVENT_CHOICES, settings_page
from .responses import ErrorOut
from .templating import flash, render

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses={400: {"model": ErrorOut}, 404: {"model": ErrorOut},
                                                       409: {"model": ErrorOut}, 422: {"model": ErrorOut},
                                                       429: {"model": ErrorOut}})

SETTINGS = "/settings/notifications#email"


# --- the settings page --------------------------------------------------------------------------
@pages.post("/settings/email")
def email_save(request: Request, db: SessionDep, user: CurrentUser, address: FormStr = "",
               events: FormList = [], enabled: FormStr = "") -> Response:  # noqa: B006
    before = service.get_email(db, user_id=user.id)
    try:
        out = service.set_email(db, user_id=user.id, address=address, events=events, enabled=bool(enabled))
    except service.ServiceError as exc:
        return settings_page(request, db, user, error=exc.message, error_at="email", status_code=exc.status,
                             email_form={"address": address, "events": events, "enabled": bool(enabled)})
    if not out.confirmed and (before is None or before.confirmation_sent_at != out.confirmation_sent_at):
        flash(request, f"Письмо со ссылкой для подтверждения отправлено на {out.address}. Откройте ссылку из "
                       "него — до этого других писем не будет.")
    else:
        flash(request, "Настройки писем сохранены.")
    return RedirectResponse(SETTINGS, status_code=303)


@pages.post("/settings/email/resend")
def email_resend(request: Request, db: SessionDep, user: CurrentUser) -> Response:
    try:
        out = service.resend_confirmation(db, user_id=user.id)
    except service.ServiceError as exc:
        return settings_page(request, db, user, error=exc.message, error_at="email", status_code=exc.status)
    flash(request, f"Письмо для подтверждения отправлено ещё раз на {out.address}.")
    return RedirectResponse(SETTINGS, status_code=303)


@pages.post("/settings/email/delete")
def email_delete(request: Request, db: SessionDep, user: CurrentUser) -> Response:
    try:
        service.delete_email(db, user_id=user.id)
    except service.ServiceError as exc:
        return settings_page(request, db, user, error=exc.message, error_at="email", status_code=exc.status)
    flash(request, "Адрес почты удалён: писем больше не будет.")
    return RedirectResponse(SETTINGS, status_code=303)


# --- the links in letters -----------------------------------------------------------------------
@pages.get("/email/confirm/{token}")
def email_confirm(request: Request, db: SessionDep, user: MaybeUser, token: Text) -> Response:
    try:
        out = service.confirm_email(db, token=token)
    except service.ServiceError as exc:
        return render(request, "email_link.html", {"title": "Адрес не подтверждён", "error": exc.message},
                      status=exc.status)
    chosen = [title for value, title in EVENT_CHOICES if value in out.events]  # in the page's order
    return render(request, "email_link.html", {"title": "Адрес подтверждён", "confirmed": out, "chosen": chosen})


@pages.get(UNSUBSCRIBE_PREFIX + "{token}")
def email_unsubscribe_page(request: Request, db: SessionDep, user: MaybeUser, token: Text) -> Response:
    try:
        target = service.unsubscribe_target(db, token=token)
    except service.ServiceError as exc:
        return render(request, "email_link.html", {"title": "Отписка", "error": exc.message}, status=exc.status)
    return render(request, "email_link.html", {"title": "Отписка от писем", "target": target, "ask": True,
                                               "action": request.url.path})


@pages.post(UNSUBSCRIBE_PREFIX + "{token}")
def email_unsubscribe(request: Request, db: SessionDep, user: MaybeUser, token: Text) -> Response:
    """One click: from the page's button or from a mail client (``List-Unsubscribe-Post``)."""
    try:
        out = service.unsubscribe(db, token=token)
    except service.ServiceError as exc:
        return render(request, "email_link.html", {"title": "Отписка", "error": exc.message}, status=exc.status)
    return render(request, "email_link.html", {"title": "Вы отписались", "target": out, "done": True})


# --- API ----------------------------------------------------------------------------------------
class EmailIn(BaseModel):
    address: Text = Field(description="Адрес почты; новый адрес получит письмо со ссылкой для подтверждения")
    events: list[Text] = Field(description="События: your_turn — ваш ход, deadline_soon — скоро срок, step_published — шаг опубликован.")
    enabled: bool = Field(True, description="false — не присылать писем, не удаляя адреса.")


@api.get("/me/email", response_model=EmailOut | None)
def api_get_email(db: SessionDep, user_id: CurrentUserId) -> EmailOut | None:
    """Your e-mail notices, or null when you have not given an address."""
    return service.get_email(db, user_id=user_id)


@api.put("/me/email", response_model=EmailOut)
def api_set_email(body: EmailIn, db: SessionDep, user_id: CurrentUserId) -> EmailOut:
    """Opt in (or change): a new address gets a letter with a confirmation link and nothing else
    until it is confirmed; 409 ``email_not_configured`` when this server sends no letters."""
    return service.set_email(db, user_id=user_id, address=body.address, events=body.events, enabled=body.enabled)


@api.post("/me/email/confirmation", response_model=EmailOut)
def api_resend_confirmation(db: SessionDep, user_id: CurrentUserId) -> EmailOut:
    """Send the confirmation letter again (at most a few a day)."""
    return service.resend_confirmation(db, user_id=user_id)


@api.delete("/me/email", status_code=status.HTTP_204_NO_CONTENT)
def api_delete_email(db: SessionDep, user_id: CurrentUserId) -> Response:
    service.delete_email(db, user_id=user_id)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
