"""Opt-in notifications: «ваш ход», «скоро срок», «шаг опубликован», by webhook and by e-mail.

Nothing is sent inside a request: the worker notices steps (`enqueue_announcements`) and queues
one row per user and channel in ``notifications``; `deliver_due` sends the due rows outside any
database transaction (webhooks as signed JSON POSTs, letters through the SMTP server of the
settings, see `email_letters` and `letopis.mail`), logs every attempt in
``notification_deliveries`` and retries with exponential backoff. Only http(s) URLs are accepted
for webhooks and, unless ``LETOPIS_WEBHOOK_ALLOW_PRIVATE`` is set, only ones whose host resolves to
public addresses (checked on save and again on every delivery: see `webhook_guard`). Each payload
is signed with the webhook's secret (``X-Letopis-Signature: sha256=<HMAC-SHA256 of the body>``);
its links are absolute, built on ``LETOPIS_BASE_URL``. Letters go only to confirmed addresses
(`email_subscriptions`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from letopis.db.models import Delivery, Game, GameSchedule, Notification, Seat, Step, StepNotice, Webhook
from letopis.engine.declension import sentence
from letopis.mail.mime import SenderError, build, sender_address
from letopis.mail.smtp import Mailer, Outcome
from letopis.settings import get_settings

from . import email_letters
from ._common import counted_posts, load_user, step_posts, transactional, turn_of
from ._common import now as utcnow
from .email_subscriptions import email_subscribers
from .errors import Invalid, NotFound
from .notices import EMAIL_CONFIRM, EVENT_TITLES, Channel, Event, chosen_events
from .schemas import GameStatus, StepStatus
from .webhook_guard import pin, public_addresses

if TYPE_CHECKING:  # httpx (and the CLI it loads: rich, pygments, click) only when a webhook is due
    import httpx

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 6
BACKOFF_BASE = timedelta(seconds=30)
BACKOFF_MAX = timedelta(hours=2)
TIMEOUT_SECONDS = 5.0
BATCH = 50
MAX_URL = 2000


class WebhookOut(BaseModel):
    url: str
    events: list[Event]
    enabled: bool
    secret: str  # shown to its owner only: it verifies the signature


class DeliveryOut(BaseModel):
    notification_id: int
    channel: Channel
    event: Event | Literal["email_confirm"]  # email_confirm: the letter that confirms an address
    attempt: int
    status_code: int | None  # the HTTP status of a webhook, the SMTP reply code of a letter
    error: str | None
    duration_ms: int
    created_at: datetime
    status: str  # of the notification: pending | sent | failed | cancelled


# --- settings -----------------------------------------------------------------------------------
def _allow_private(allow_private: bool | None) -> bool:
    return get_settings().webhook_allow_private if allow_private is None else allow_private


def check_url(url: str, *, allow_private: bool | None = None) -> str:
    """The cleaned URL; raises Invalid for a bad one or (unless allowed) one that leads to a
    non-public address. ``allow_private=None`` follows ``LETOPIS_WEBHOOK_ALLOW_PRIVATE``."""
    url = (url or "").strip()
    if not url:
        raise Invalid("Укажите адрес вебхука.", code="webhook_url_required")
    if len(url) > MAX_URL:
        raise Invalid(f"Адрес слишком длинный (не больше {MAX_URL} знаков).", code="webhook_url_too_long")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid("Адрес вебхука должен начинаться с http:// или https:// и называть сервер.",
                      code="webhook_url_scheme")
    if parts.username or parts.password:
        raise Invalid("Не вписывайте логин и пароль в адрес вебхука.", code="webhook_url_credentials")
    if not _allow_private(allow_private):
        public_addresses(url)
    return url


def _out(row: Webhook) -> WebhookOut:
    return WebhookOut(url=row.url, events=[Event(e) for e in row.events], enabled=row.enabled, secret=row.secret)


def get_webhook(db: Session, *, user_id: int) -> WebhookOut | None:
    row = db.scalars(select(Webhook).where(Webhook.user_id == user_id)).one_or_none()
    return _out(row) if row else None


@transactional
def set_webhook(db: Session, *, user_id: int, url: str, events: list[str], enabled: bool = True,
                allow_private: bool | None = None) -> WebhookOut:
    """Create or replace the user's webhook (opt-in: nothing is sent without one)."""
    load_user(db, user_id)
    url = check_url(url, allow_private=allow_private)
    chosen = chosen_events(events, code="webhook_bad_event")
    if enabled and not chosen:
        raise Invalid("Выберите хотя бы одно событие.", code="webhook_no_events")
    row = db.scalars(select(Webhook).where(Webhook.user_id == user_id).with_for_update()).one_or_none()
    if row is None:
        row = Webhook(user_id=user_id, secret=secrets.token_hex(16))
        db.add(row)
    row.url, row.events, row.enabled, row.updated_at = url, [str(e) for e in chosen], enabled, utcnow()
    db.flush()
    return _out(row)


@transactional
def delete_webhook(db: Session, *, user_id: int) -> None:
    row = db.scalars(select(Webhook).where(Webhook.user_id == user_id)).one_or_none()
    if row is None:
        raise NotFound("Вебхук не настроен.", code="webhook_not_found")
    db.delete(row)


def deliveries(db: Session, *, user_id: int, limit: int = 50) -> list[DeliveryOut]:
    """The user's latest delivery attempts, newest first."""
    rows = db.execute(
        select(Delivery, Notification).join(Notification, Notification.id == Delivery.notification_id)
        .where(Notification.user_id == user_id).order_by(Delivery.id.desc()).limit(limit)
    ).all()
    return [DeliveryOut(notification_id=n.id, channel=Channel(n.channel),
                        event=n.event if n.event == EMAIL_CONFIRM else Event(n.event), attempt=d.attempt,
                        status_code=d.status_code, error=d.error, duration_ms=d.duration_ms, created_at=d.created_at,
                        status=n.status)
            for d, n in rows]


# --- queueing -----------------------------------------------------------------------------------
def _subscribers(db: Session, user_ids: set[int], event: Event) -> list[Webhook]:
    if not user_ids:
        return []
    rows = db.scalars(select(Webhook).where(Webhook.user_id.in_(user_ids), Webhook.enabled.is_(True))).all()
    return [r for r in rows if event.value in r.events]


def _queue(db: Session, user_ids: set[int], event: Event, key: str, payload: dict[str, Any],
           moment: datetime) -> int:
    """One row per subscribed user and channel (once: ``key`` dedupes a repeated round)."""
    body = {"event": event.value, "title": EVENT_TITLES[event], **payload}
    targets = [(h.user_id, Channel.WEBHOOK, h.url, f"{key}:{h.user_id}") for h in _subscribers(db, user_ids, event)]
    targets += [(e.user_id, Channel.EMAIL, f"mailto:{e.address}", f"{key}:{e.user_id}:email")
                for e in email_subscribers(db, user_ids, event)]
    count = 0
    for user_id, channel, url, dedupe_key in targets:
        stmt = insert(Notification).values(
            user_id=user_id, event=event.value, channel=channel.value, dedupe_key=dedupe_key, url=url,
            payload=body, status="pending", attempts=0, next_attempt_at=moment, created_at=moment,
        ).on_conflict_do_nothing(index_elements=["dedupe_key"]).returning(Notification.id)
        count += db.execute(stmt).scalar() is not None
    return count


def _mark(db: Session, step: Step, kind: str) -> bool:
    """Record that ``kind`` was announced for the step; False if it already was."""
    stmt = insert(StepNotice).values(step_id=step.id, kind=kind, created_at=utcnow()).on_conflict_do_nothing(
        index_elements=["step_id", "kind"]).returning(StepNotice.id)
    return db.execute(stmt).scalar() is not None


def _seat_users(db: Session, game_id: int, factions: list[str] | None = None) -> dict[str, int]:
    stmt = select(Seat).where(Seat.game_id == game_id, Seat.user_id.is_not(None))
    return {s.faction_id: s.user_id for s in db.scalars(stmt).unique() if factions is None or s.faction_id in factions}


def _link(path: str) -> str:
    """An absolute link: a webhook's receiver (a chat bot, a phone) does not know our address."""
    return get_settings().public_url + path


def _base(game: Game, step: Step) -> dict[str, Any]:
    return {"game": {"id": game.id, "title": game.title}, "step": step.number,
            "deadline": step.deadline.isoformat() if step.deadline else None,
            "link": _link(f"/games/{game.id}/steps/{step.number}")}


def enqueue_announcements(db: Session, moment: datetime) -> int:
    """Queue «ваш ход» for newly opened steps, «шаг опубликован» for newly published ones and
    «скоро срок» once per deadline; returns how many notifications were queued."""
    queued = 0  # a step published before the next one's «ваш ход»: the order they are read in
    queued += _announce(db, moment, StepStatus.PUBLISHED.value, Event.STEP_PUBLISHED.value)
    queued += _announce(db, moment, StepStatus.OPEN.value, Event.YOUR_TURN.value)
    queued += _remind(db, moment)
    return queued


@transactional
def _announce(db: Session, moment: datetime, status: str, kind: str) -> int:
    steps = db.scalars(
        select(Step).where(Step.status == status, ~select(StepNotice.id).where(
            StepNotice.step_id == Step.id, StepNotice.kind == kind).exists()).order_by(Step.id).limit(500)
    ).all()
    queued = 0
    for step in steps:
        if not _mark(db, step, kind):
            continue
        game = db.get(Game, step.game_id)
        assert game is not None
        base = _base(game, step)
        if kind == Event.YOUR_TURN.value:
            turn = turn_of(step)
            for faction, user_id in _seat_users(db, game.id, turn.factions).items():
                text = f"«{game.title}», шаг {step.number}: ваш ход. {sentence(turn.prompt or 'Пришлите приказы')}"
                queued += _queue(db, {user_id}, Event.YOUR_TURN, f"your_turn:{step.id}:{faction}",
                                 {**base, "faction": faction, "text": text, "link": _link(f"/games/{game.id}/post")},
                                 moment)
        else:
            users = set(_seat_users(db, game.id).values()) | {game.gm_user_id}
            text = f"«{game.title}»: опубликован шаг {step.number}."
            queued += _queue(db, users, Event.STEP_PUBLISHED, f"step_published:{step.id}", {**base, "text": text},
                             moment)
    return queued


@transactional
def _remind(db: Session, moment: datetime) -> int:
    rows = db.execute(
        select(Step, GameSchedule).join(Game, Game.id == Step.game_id)
        .outerjoin(GameSchedule, GameSchedule.game_id == Step.game_id)
        .where(Step.status == StepStatus.OPEN.value, Step.deadline.is_not(None), Step.deadline > moment,
               Game.status == GameStatus.ACTIVE.value)
    ).all()
    queued = 0
    for step, row in rows:
        lead = row.reminder_minutes if row else 360
        if (row is not None and row.paused) or lead <= 0 or step.deadline - timedelta(minutes=lead) > moment:
            continue
        kind = f"{Event.DEADLINE_SOON.value}:{step.deadline.isoformat()}"
        if not _mark(db, step, kind):
            continue  # sent once per deadline; an extension gets its own reminder
        game = db.get(Game, step.game_id)
        assert game is not None
        posted = counted_posts(step_posts(db, step))
        waiting = [f for f in turn_of(step).factions if f not in posted]
        left = step.deadline - moment
        hours, minutes = int(left.total_seconds() // 3600), int(left.total_seconds() % 3600 // 60)
        for faction, user_id in _seat_users(db, game.id, waiting).items():
            text = (f"«{game.title}», шаг {step.number}: до срока {hours} ч {minutes} мин, "
                    "а вашего поста ещё нет.")
            queued += _queue(db, {user_id}, Event.DEADLINE_SOON, f"{kind}:{step.id}:{faction}",
                             {**_base(game, step), "faction": faction, "text": text, "link": _link(f"/games/{game.id}/post")},
                             moment)
    return queued


# --- delivery -----------------------------------------------------------------------------------
def backoff(attempts: int) -> timedelta:
    """Wait before attempt ``attempts + 1``: 30 s, 1 min, 2 min, … at most 2 h."""
    return min(BACKOFF_BASE * (2 ** min(max(attempts - 1, 0), 20)), BACKOFF_MAX)


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def deliver_due(db: Session, moment: datetime, *, limit: int = BATCH, client: httpx.Client | None = None,
                allow_private: bool | None = None) -> tuple[int, int]:
    """Send every due pending notification; returns (sent, failed attempts). Webhooks are POSTed
    (each URL checked again before it is called), letters handed to the SMTP server; neither runs
    with a database transaction open."""
    allow_private = _allow_private(allow_private)
    due = db.execute(
        select(Notification.id, Notification.url, Notification.payload, Notification.attempts,
               Notification.user_id, Notification.event, Notification.channel)
        .where(Notification.status == "pending", Notification.next_attempt_at <= moment)
        .order_by(Notification.next_attempt_at, Notification.id).limit(limit)
    ).all()
    hook_rows = [row for row in due if row.channel == Channel.WEBHOOK.value]
    hooks = {h.user_id: h for h in db.scalars(select(Webhook).where(
        Webhook.user_id.in_({row.user_id for row in hook_rows}))).all()} if hook_rows else {}
    secrets_by_user = {uid: h.secret for uid, h in hooks.items() if h.enabled}
    letters = email_letters.prepare(db, [
        email_letters.Queued(id=row.id, user_id=row.user_id, event=row.event, url=row.url, payload=row.payload,
                             attempts=row.attempts)
        for row in due if row.channel == Channel.EMAIL.value], moment)
    db.rollback()  # no transaction stays open while we talk to other servers
    sent, failed = _post_hooks(db, hook_rows, secrets_by_user, moment, client=client, allow_private=allow_private)
    if letters:
        mailed, not_mailed = _mail(db, letters, moment)
        sent, failed = sent + mailed, failed + not_mailed
    return sent, failed


def _post_hooks(db: Session, rows: list[Any], secrets_by_user: dict[int, str], moment: datetime, *,
                client: httpx.Client | None, allow_private: bool) -> tuple[int, int]:
    if not rows:
        return 0, 0
    import httpx

    own = client is None
    client = client or httpx.Client(timeout=TIMEOUT_SECONDS, follow_redirects=False)
    sent = failed = 0
    try:
        for row in rows:
            secret = secrets_by_user.get(row.user_id)
            if secret is None:
                _record(db, row.id, row.attempts, None, "вебхук отключён", 0, moment, give_up=True)
                failed += 1
                continue
            code, error, ms = _post(client, row.url, row.payload, secret, allow_private=allow_private)
            ok = error is None
            _record(db, row.id, row.attempts, code, error, ms, moment, give_up=False, ok=ok)
            sent += ok
            failed += not ok
    finally:
        if own:
            client.close()
    return sent, failed


def _mail(db: Session, letters: list[email_letters.Prepared], moment: datetime) -> tuple[int, int]:
    """Hand each letter to the SMTP server through one connection; a letter no longer wanted is
    cancelled without an attempt."""
    settings = get_settings()
    sent = failed = 0
    with Mailer(settings) as mailer:
        for item in letters:
            row = item.row
            if item.letter is None:
                _cancel(db, row.id, item.dropped or "")
                continue
            try:
                message = build(item.letter, sender=sender_address(settings.smtp_from or ""), moment=moment)
            except SenderError as exc:
                outcome = Outcome(None, str(exc), permanent=False, ms=0)
            else:
                outcome = mailer.send(message)
            _record(db, row.id, row.attempts, outcome.code, outcome.error, outcome.ms, moment,
                    give_up=outcome.permanent, ok=outcome.ok)
            sent += outcome.ok
            failed += not outcome.ok
    return sent, failed


@transactional
def _cancel(db: Session, notification_id: int, reason: str) -> None:
    row = db.get(Notification, notification_id, with_for_update=True)
    if row is not None and row.status == "pending":
        row.status, row.last_error = "cancelled", reason


def _post(client: httpx.Client, url: str, payload: dict[str, Any], secret: str, *,
          allow_private: bool) -> tuple[int | None, str | None, int]:
    import httpx

    body = json.dumps(payload, ensure_ascii=False).encode()
    headers = {"Content-Type": "application/json; charset=utf-8", "User-Agent": "Letopis-Webhook/1",
               "X-Letopis-Event": payload.get("event", ""), "X-Letopis-Signature": sign(secret, body)}
    extensions: dict[str, Any] = {}
    started = time.monotonic()
    try:
        check_url(url, allow_private=True)
        if not allow_private:
            # connect to the address just checked, not to whatever DNS answers next
            url, headers["Host"], server_name = pin(url, public_addresses(url)[0])
            extensions["sni_hostname"] = server_name
        response = client.post(url, content=body, headers=headers, extensions=extensions)
    except (httpx.HTTPError, Invalid) as exc:
        return None, f"{type(exc).__name__}: {exc}"[:500], int((time.monotonic() - started) * 1000)
    ms = int((time.monotonic() - started) * 1000)
    if 200 <= response.status_code < 300:
        return response.status_code, None, ms
    return response.status_code, f"HTTP {response.status_code}", ms


@transactional
def _record(db: Session, notification_id: int, attempts: int, code: int | None, error: str | None, ms: int,
            moment: datetime, *, give_up: bool, ok: bool = False) -> None:
    row = db.get(Notification, notification_id, with_for_update=True)
    if row is None:
        return
    attempt = attempts + 1
    db.add(Delivery(notification_id=row.id, attempt=attempt, status_code=code, error=error, duration_ms=ms,
                    created_at=utcnow()))
    row.attempts = attempt
    row.last_error = error
    if ok:
        row.status, row.sent_at = "sent", utcnow()
    elif give_up or attempt >= MAX_ATTEMPTS:
        row.status = "failed"
    else:
        row.next_attempt_at = moment + backoff(attempt)
