"""What a user may be notified of, and by which channel: shared by webhooks and letters."""

from __future__ import annotations

from enum import StrEnum

from .errors import Invalid


class Event(StrEnum):
    """The notices a user subscribes to."""

    YOUR_TURN = "your_turn"
    DEADLINE_SOON = "deadline_soon"
    STEP_PUBLISHED = "step_published"


EVENT_TITLES = {Event.YOUR_TURN: "Ваш ход", Event.DEADLINE_SOON: "Скоро срок",
                Event.STEP_PUBLISHED: "Шаг опубликован"}

# the letter with a confirmation link, sent to a new address before anything else (not subscribable)
EMAIL_CONFIRM = "email_confirm"


class Channel(StrEnum):
    """How a queued notification leaves: a POST to the user's webhook, or a letter."""

    WEBHOOK = "webhook"
    EMAIL = "email"


def chosen_events(events: list[str], *, code: str) -> list[Event]:
    """The events named, sorted and without repeats; Invalid for a name that is not one."""
    try:
        return sorted({Event(e) for e in events})
    except ValueError as exc:
        raise Invalid("Неизвестное событие; возможны: your_turn, deadline_soon, step_published.",
                      code=code) from exc
