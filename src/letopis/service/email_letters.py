"""The letter for each queued e-mail notification, written when it is sent.

A notice is written at sending time, not when it was queued: the deadline and the time left are
as of now, in the reader's time zone, and a notice that is no longer true is dropped instead
(«ваш ход» once the player has posted or the step has closed, «скоро срок» for a deadline since
moved, anything for an address the user has since changed, unsubscribed or not confirmed).

What a letter says comes from what every spectator sees on the game page (the game's title, the
step's number, title and prompt, its deadline) and from the recipient's own account; never from
the state, the posts or the rolls, so it cannot carry anything its reader may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import EmailSubscription, Game, Seat, Step, User
from letopis.engine.text_words import counted
from letopis.mail.dates import MOSCOW, local_datetime, time_left
from letopis.mail.mime import Letter
from letopis.paths import templates_dir
from letopis.settings import get_settings

from ._common import counted_posts, step_posts, turn_of
from .email_subscriptions import CONFIRM_DAYS, confirm_token, subscription_of, unsubscribe_token
from .notices import EMAIL_CONFIRM, EVENT_TITLES, Event
from .schemas import GameStatus, StepStatus

_environment: Environment | None = None


def _templates() -> Environment:
    global _environment
    if _environment is None:
        _environment = Environment(loader=FileSystemLoader(templates_dir() / "email"),
                                   autoescape=select_autoescape(["html"], default=False),
                                   trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                                   undefined=StrictUndefined)
    return _environment


@dataclass(frozen=True)
class Queued:
    """A due e-mail row of the queue, as the worker read it."""

    id: int
    user_id: int
    event: str
    url: str  # mailto:<address>
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True)
class Prepared:
    """A row with its letter, or with the reason it is dropped instead."""

    row: Queued
    letter: Letter | None
    dropped: str | None = None


def reader_zone(user: User) -> str:
    """The zone a letter names its times in: the reader's own setting (Moscow unless he chose another)."""
    return user.time_zone or MOSCOW


def _link(path: str) -> str:
    return get_settings().public_url + path


def _one_line(text: str) -> str:
    return " ".join((text or "").split())


def _sentence(text: str) -> str:
    """A prompt as a sentence of its own: a capital letter first, a full stop at the end once."""
    text = _one_line(text)
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def _render(name: str, subject: str, context: dict[str, Any]) -> tuple[str, str]:
    env = _templates()
    ctx = {**context, "subject": subject}
    return env.get_template(f"{name}.txt").render(ctx), env.get_template(f"{name}.html").render(ctx)


def prepare(db: Session, rows: list[Queued], moment: datetime) -> list[Prepared]:
    """The letter of each row (or why it is dropped); reads the database, sends nothing."""
    return [_prepare_one(db, row, moment) for row in rows]


def _prepare_one(db: Session, row: Queued, moment: datetime) -> Prepared:
    user = db.get(User, row.user_id)
    sub = subscription_of(db, row.user_id)
    address = row.url.removeprefix("mailto:")
    if user is None or sub is None or sub.address != address:
        return Prepared(row, None, "адрес больше не указан в настройках")
    if row.event == EMAIL_CONFIRM:
        if sub.confirmed_at is not None:
            return Prepared(row, None, "адрес уже подтверждён")
        return Prepared(row, _confirmation(user, address))
    if sub.confirmed_at is None:
        return Prepared(row, None, "адрес не подтверждён")
    if not sub.enabled or row.event not in sub.events:
        return Prepared(row, None, "письма об этом отключены")
    return _notice(db, row, user, sub, moment)


def _confirmation(user: User, address: str) -> Letter:
    subject = "Подтвердите адрес для уведомлений Летописи"
    site = get_settings().public_url
    text, html = _render("confirm", subject, {
        "name": user.display_name, "login": user.login, "site": site,
        "link": _link(f"/email/confirm/{confirm_token(user.id, address)}"),
        "valid_for": counted(CONFIRM_DAYS, "день", "дня", "дней"),
    })
    return Letter(to=address, to_name=_one_line(user.display_name), subject=subject, text=text, html=html)


def _notice(db: Session, row: Queued, user: User, sub: EmailSubscription, moment: datetime) -> Prepared:
    event = Event(row.event)
    payload = row.payload
    game_id, number = int(payload["game"]["id"]), int(payload["step"])
    game = db.get(Game, game_id)
    step = db.scalars(select(Step).where(Step.game_id == game_id, Step.number == number)).one_or_none()
    if game is None or step is None:
        return Prepared(row, None, "шага больше нет")
    faction = payload.get("faction")
    if event in (Event.YOUR_TURN, Event.DEADLINE_SOON):
        if step.status != StepStatus.OPEN.value:
            return Prepared(row, None, f"шаг {number} уже закрыт")
        if faction in counted_posts(step_posts(db, step)):
            return Prepared(row, None, "пост уже прислан")
        if event == Event.DEADLINE_SOON and not _same_deadline(step, payload.get("deadline"), moment):
            return Prepared(row, None, "срок перенесён или прошёл")
    turn = turn_of(step)
    zone = reader_zone(user)
    context = {
        "event": event.value, "event_title": EVENT_TITLES[event], "name": user.display_name,
        "game_title": game.title, "step": number, "turn_title": _one_line(turn.title),
        "prompt": _sentence(turn.prompt), "faction": _faction_name(db, game_id, user.id, faction),
        "deadline": local_datetime(step.deadline, zone, moment) if step.deadline else None,
        "left": time_left(step.deadline, moment) if step.deadline else None,
        "over": game.status == GameStatus.OVER.value,
        "link": _link(f"/games/{game_id}/post?faction={quote(faction, safe='')}" if faction
                      else f"/games/{game_id}/steps/{number}"),
        "settings_link": _link("/settings/notifications"),
        "unsubscribe_link": _link(f"/email/unsubscribe/{unsubscribe_token(user.id, sub.address)}"),
    }
    subject = _subject(event, context)
    text, html = _render("notice", subject, context)
    return Prepared(row, Letter(to=sub.address, to_name=_one_line(user.display_name), subject=subject, text=text,
                                html=html, unsubscribe_url=context["unsubscribe_link"]))


def _same_deadline(step: Step, queued: str | None, moment: datetime) -> bool:
    """Whether the reminder's deadline is still the step's, and still ahead."""
    if step.deadline is None or queued is None or step.deadline <= moment:
        return False
    return datetime.fromisoformat(queued) == step.deadline


def _faction_name(db: Session, game_id: int, user_id: int, faction: str | None) -> str | None:
    """The side's name when the reader holds several seats in the game (else «ваш ход» says it)."""
    if faction is None:
        return None
    seats = db.scalar(select(func.count()).select_from(Seat).where(Seat.game_id == game_id, Seat.user_id == user_id))
    if not seats or seats < 2:
        return None
    return db.scalar(select(Seat.faction_name).where(Seat.game_id == game_id, Seat.faction_id == faction))


def _subject(event: Event, ctx: dict[str, Any]) -> str:
    title = _one_line(ctx["game_title"])
    if event == Event.YOUR_TURN:
        return f"Ваш ход: «{title}», шаг {ctx['step']}"
    if event == Event.DEADLINE_SOON:
        return f"Скоро срок: «{title}», шаг {ctx['step']} — осталось {ctx['left']}"
    return f"Опубликован шаг {ctx['step']}: «{title}»"
