"""E-mail notices a user opts into: an address, the events wanted, and its confirmation.

The address is checked by email-validator (syntax only: the confirmation letter is the real test)
and must be confirmed through a signed link sent to it before any notice goes there; a new address
starts unconfirmed. Every notice carries a one-click unsubscribe link (signed, no expiry: a letter
may be opened months later) that turns the letters off without logging in. Tokens carry the user's
id and a digest of the address, never the address itself, and stop working once the address
changes. Confirmation letters are limited per user and day, so the form cannot be used to send
letters to strangers.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from email_validator import EmailNotValidError, validate_email
from itsdangerous import BadSignature, SignatureExpired, URLSafeSerializer, URLSafeTimedSerializer
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import EmailSubscription, Notification
from letopis.settings import get_settings

from ._common import load_user, transactional
from ._common import now as utcnow
from .errors import Conflict, Invalid, NotFound, TooManyAttempts
from .inputs import require_storable
from .logins import wait_text
from .notices import EMAIL_CONFIRM, Channel, Event, chosen_events

CONFIRM_DAYS = 3  # a confirmation link works this long
CONFIRMATIONS_PER_DAY = 5  # confirmation letters one user may have sent in 24 hours
MAX_ADDRESS = 320
_CONFIRM_SALT = "letopis-email-confirm"
_UNSUBSCRIBE_SALT = "letopis-email-unsubscribe"


class EmailOut(BaseModel):
    address: str
    confirmed: bool  # notices go only to a confirmed address
    events: list[Event]
    enabled: bool  # off after «отписаться»
    confirmation_sent_at: datetime | None  # the latest confirmation letter queued for this address


def _out(row: EmailSubscription) -> EmailOut:
    return EmailOut(address=row.address, confirmed=row.confirmed_at is not None,
                    events=[Event(e) for e in row.events], enabled=row.enabled,
                    confirmation_sent_at=row.confirmation_sent_at)


def sending_configured() -> bool:
    """Whether this server can send letters at all (LETOPIS_SMTP_HOST and LETOPIS_SMTP_FROM)."""
    return get_settings().email_enabled


def normalise_address(text: str) -> str:
    """The address as email-validator normalises it (the domain in lower case); Invalid otherwise."""
    text = (text or "").strip()
    if not text:
        raise Invalid("Укажите адрес электронной почты.", code="email_required")
    require_storable(text, "Адрес почты")
    if len(text) > MAX_ADDRESS:
        raise Invalid(f"Адрес почты слишком длинный (не больше {MAX_ADDRESS} знаков).", code="email_invalid")
    try:
        return validate_email(text, check_deliverability=False).normalized
    except EmailNotValidError as exc:
        raise Invalid(f"«{text}» — не адрес электронной почты. Нужны имя ящика, «@» и сервер с точкой в "
                      "имени, например anna@mail.ru.", code="email_invalid") from exc


# --- signed links -------------------------------------------------------------------------------
def _digest(address: str) -> str:
    return hashlib.sha256(address.encode()).hexdigest()[:24]


def confirm_token(user_id: int, address: str) -> str:
    return URLSafeTimedSerializer(get_settings().secret_key, salt=_CONFIRM_SALT).dumps(
        {"uid": user_id, "a": _digest(address)})


def unsubscribe_token(user_id: int, address: str) -> str:
    return URLSafeSerializer(get_settings().secret_key, salt=_UNSUBSCRIBE_SALT).dumps(
        {"uid": user_id, "a": _digest(address)})


def _claims(data: object) -> tuple[int, str] | None:
    if not isinstance(data, dict):
        return None
    uid, digest = data.get("uid"), data.get("a")
    if type(uid) is not int or not 0 < uid < 2**31 or not isinstance(digest, str):
        return None
    return uid, digest


def _read_confirm(token: str) -> tuple[int, str]:
    bad = Invalid("Ссылка для подтверждения повреждена: скопируйте её из письма целиком или отправьте письмо ещё "
                  "раз на странице «Уведомления».", code="email_link_invalid")
    try:
        data = URLSafeTimedSerializer(get_settings().secret_key, salt=_CONFIRM_SALT).loads(
            token, max_age=CONFIRM_DAYS * 24 * 3600)
    except SignatureExpired as exc:
        raise Invalid(f"Ссылка для подтверждения устарела: она действует {CONFIRM_DAYS} дня. Отправьте письмо "
                      "ещё раз на странице «Уведомления».", code="email_link_expired") from exc
    except (BadSignature, UnicodeError, ValueError) as exc:
        raise bad from exc
    claims = _claims(data)
    if claims is None:
        raise bad
    return claims


def _read_unsubscribe(token: str) -> tuple[int, str]:
    bad = Invalid("Ссылка для отписки повреждена: скопируйте её из письма целиком или отключите письма на "
                  "странице «Уведомления».", code="email_link_invalid")
    try:
        data = URLSafeSerializer(get_settings().secret_key, salt=_UNSUBSCRIBE_SALT).loads(token)
    except (BadSignature, UnicodeError, ValueError) as exc:
        raise bad from exc
    claims = _claims(data)
    if claims is None:
        raise bad
    return claims


# --- the user's settings ------------------------------------------------------------------------
def _row(db: Session, user_id: int, *, lock: bool = False) -> EmailSubscription | None:
    stmt = select(EmailSubscription).where(EmailSubscription.user_id == user_id)
    return db.scalars(stmt.with_for_update() if lock else stmt).one_or_none()


def get_email(db: Session, *, user_id: int) -> EmailOut | None:
    """The user's e-mail notices, or None when he has not given an address."""
    row = _row(db, user_id)
    return _out(row) if row else None


@transactional
def set_email(db: Session, *, user_id: int, address: str, events: list[str], enabled: bool = True) -> EmailOut:
    """Give or change the address and choose the notices; a new address gets a confirmation letter
    and nothing else until it is confirmed."""
    if not sending_configured():
        raise Conflict("На этом сервере отправка писем не настроена: уведомления можно получать вебхуком.",
                       code="email_not_configured")
    load_user(db, user_id)
    address = normalise_address(address)
    chosen = chosen_events(events, code="email_bad_event")
    if enabled and not chosen:
        raise Invalid("Выберите хотя бы одно событие.", code="email_no_events")
    moment = utcnow()
    row = _row(db, user_id, lock=True)
    if row is None:
        row = EmailSubscription(user_id=user_id, address=address, created_at=moment)
        db.add(row)
    if row.address != address or row.confirmation_sent_at is None:
        row.address, row.confirmed_at = address, None
        _queue_confirmation(db, row, moment)
    row.events, row.enabled, row.updated_at = [str(e) for e in chosen], enabled, moment
    db.flush()
    return _out(row)


@transactional
def resend_confirmation(db: Session, *, user_id: int) -> EmailOut:
    """Send the confirmation letter again (the first one was lost or its link expired)."""
    row = _row(db, user_id, lock=True)
    if row is None:
        raise NotFound("Адрес почты не указан.", code="email_not_found")
    if row.confirmed_at is not None:
        raise Conflict(f"Адрес {row.address} уже подтверждён.", code="email_already_confirmed")
    if not sending_configured():
        raise Conflict("На этом сервере отправка писем не настроена.", code="email_not_configured")
    _queue_confirmation(db, row, utcnow())
    db.flush()
    return _out(row)


def _queue_confirmation(db: Session, row: EmailSubscription, moment: datetime) -> None:
    since = moment - timedelta(days=1)
    sent = db.scalars(
        select(Notification.created_at).where(Notification.user_id == row.user_id,
                                              Notification.event == EMAIL_CONFIRM,
                                              Notification.created_at > since)
        .order_by(Notification.created_at)
    ).all()
    if len(sent) >= CONFIRMATIONS_PER_DAY:
        wait = int((sent[0] + timedelta(days=1) - moment).total_seconds()) + 1
        raise TooManyAttempts(f"За сутки отправлено уже {CONFIRMATIONS_PER_DAY} писем для подтверждения; "
                              f"следующее можно будет отправить {wait_text(wait)}.", retry_after=wait,
                              code="email_confirmations_limit")
    db.add(Notification(user_id=row.user_id, event=EMAIL_CONFIRM, channel=Channel.EMAIL.value,
                        dedupe_key=f"{EMAIL_CONFIRM}:{row.user_id}:{secrets.token_hex(8)}",
                        url=f"mailto:{row.address}", payload={"address": row.address}, status="pending",
                        attempts=0, next_attempt_at=moment, created_at=moment))
    row.confirmation_sent_at = moment


@transactional
def delete_email(db: Session, *, user_id: int) -> None:
    """Forget the address: no letters at all (queued ones are dropped when their turn comes)."""
    row = _row(db, user_id, lock=True)
    if row is None:
        raise NotFound("Адрес почты не указан.", code="email_not_found")
    db.delete(row)


# --- the links in letters -----------------------------------------------------------------------
@transactional
def confirm_email(db: Session, *, token: str) -> EmailOut:
    """Confirm the address the link was sent to (again: nothing changes)."""
    user_id, digest = _read_confirm(token)
    row = _row(db, user_id, lock=True)
    if row is None or _digest(row.address) != digest:
        raise Conflict("Этот адрес уже не указан в настройках Летописи: ссылка относится к прежнему адресу.",
                       code="email_link_stale")
    if row.confirmed_at is None:
        row.confirmed_at = row.updated_at = utcnow()
    db.flush()
    return _out(row)


def unsubscribe_target(db: Session, *, token: str) -> EmailOut | None:
    """The subscription an unsubscribe link stands for; None when that address gets no letters
    any more (removed or replaced)."""
    user_id, digest = _read_unsubscribe(token)
    row = _row(db, user_id)
    return _out(row) if row is not None and _digest(row.address) == digest else None


@transactional
def unsubscribe(db: Session, *, token: str) -> EmailOut | None:
    """Turn the letters off for the address of the link (no log-in: the signed link is enough);
    None when that address gets no letters any more anyway."""
    user_id, digest = _read_unsubscribe(token)
    row = _row(db, user_id, lock=True)
    if row is None or _digest(row.address) != digest:
        return None
    row.enabled, row.updated_at = False, utcnow()
    db.flush()
    return _out(row)


# --- who gets a notice --------------------------------------------------------------------------
def email_subscribers(db: Session, user_ids: set[int], event: Event) -> list[EmailSubscription]:
    """The confirmed, enabled subscriptions of these users that want ``event`` (none while this
    server cannot send letters)."""
    if not user_ids or not sending_configured():
        return []
    rows = db.scalars(select(EmailSubscription).where(
        EmailSubscription.user_id.in_(user_ids), EmailSubscription.enabled.is_(True),
        EmailSubscription.confirmed_at.is_not(None))).all()
    return [r for r in rows if event.value in r.events]


def subscription_of(db: Session, user_id: int) -> EmailSubscription | None:
    return _row(db, user_id)

