"""Hidden information on the platform: a game's one secret seed, and what each viewer may see of a
game whose ruleset has secrets (hands, deck order) while they are not yet revealed.

For a ruleset with ``hidden_information`` a game gets a secret seed at creation; its SHA-256 is
public from the start, and step ``n`` shuffles with ``step_secret(seed, n)`` (0 = the setup). Once
``ruleset.secrets_revealed(state)`` holds for a stored state, the seed is revealed for good.

Until then, for anyone but the GM (`Sight`):
- events are those meant for the viewer (``Event.public`` or the viewer's ``Event.faction``), and
  their secret rolls are stripped; the step's secret rolls are not shown at all;
- of other factions' posts only the counted revision of a published, non-private step is shown,
  without its reading (a reading or a problem may name a hand card); drafts, earlier revisions,
  annulled posts, GM corrections and the posts of private steps (`TurnInfo.private`) stay with
  their author's faction and the GM;
- the audit log keeps only data that cannot name a card.
Games without hidden information keep their ordinary rules (posts public once published), but
events and rolls are filtered the same way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from letopis.db.models import Game
from letopis.engine.contract import Ruleset
from letopis.engine.dice import commitment, new_seed, step_secret
from letopis.engine.events import Event, Roll
from letopis.engine.resolution import GM_CORRECTION

from ._common import now
from .schemas import ReadingOut, Role, ViewerOut

# audit data a spectator may read in a game with unrevealed secrets: none of it can name a card
PUBLIC_AUDIT_KEYS = frozenset({
    "faction", "faction_name", "factions", "index", "value", "was", "natural", "sides", "deadline",
    "from_user", "to_user", "by_invite", "resolution_id", "superseded_id", "draft_discarded", "post_id",
    "revision", "sha256", "from_step", "stopped_at", "redone", "changed", "detached", "annulled",
    "from_game", "from_title", "steps_before", "minutes", "grace_minutes", "reminder_minutes", "paused",
})


# --- the game's secret seed ----------------------------------------------------------------------
def has_secrets(ruleset: Ruleset) -> bool:
    return bool(getattr(ruleset, "hidden_information", False))


def new_game_secret(ruleset: Ruleset) -> tuple[str | None, str | None]:
    """A fresh secret seed and its public commitment for a game of this ruleset (None, None if the
    ruleset has no secrets)."""
    if not has_secrets(ruleset):
        return None, None
    seed = new_seed()
    return seed, commitment(seed)


def step_secret_seed(game: Game, number: int) -> str | None:
    """The secret seed of step ``number`` (0 = the setup), or None for a game without one (its
    `Dice.secret` then derives from the public seed)."""
    return step_secret(game.secret_seed, number) if game.secret_seed else None


def is_revealed(game: Game) -> bool:
    return game.secret_revealed_at is not None


def in_secret(game: Game, ruleset: Ruleset) -> bool:
    """The game has secrets that are not revealed yet."""
    return has_secrets(ruleset) and not is_revealed(game)


def note_reveal(game: Game, ruleset: Ruleset, state: BaseModel) -> None:
    """Reveal the secret seed once the ruleset says so for the game's stored state; never undone."""
    if game.secret_seed and game.secret_revealed_at is None and ruleset.secrets_revealed(state):
        game.secret_revealed_at = now()


def revealed_seed(game: Game) -> str | None:
    return game.secret_seed if is_revealed(game) else None


# --- what a viewer may see -----------------------------------------------------------------------
@dataclass(frozen=True)
class Sight:
    """What one viewer may see of one game."""

    gm: bool = False
    factions: frozenset[str] = field(default_factory=frozenset)
    secret: bool = False  # the game's secrets are not revealed

    @classmethod
    def of(cls, viewer: ViewerOut, game: Game, ruleset: Ruleset) -> Sight:
        return cls(gm=viewer.role is Role.GM, factions=frozenset(viewer.factions), secret=in_secret(game, ruleset))

    @classmethod
    def public(cls, game: Game, ruleset: Ruleset) -> Sight:
        return cls(secret=in_secret(game, ruleset))

    # events and rolls
    def sees_event(self, event: Event) -> bool:
        return event.public or self.gm or (event.faction is not None and event.faction in self.factions)

    def event(self, event: Event) -> Event:
        """The event with its secret rolls stripped unless this viewer may see them."""
        if self.gm or not self.secret or not any(r.secret for r in event.rolls):
            return event
        return event.model_copy(update={"rolls": [r for r in event.rolls if not r.secret]})

    def events(self, events: Iterable[Event]) -> list[Event]:
        return [self.event(e) for e in events if self.sees_event(e)]

    def rolls(self, rolls: Iterable[Roll], visible_events: list[Event]) -> list[Roll]:
        """The step's public rolls: all for the GM, else those the viewer's events cite."""
        rolls = list(rolls)
        if self.gm:
            return rolls
        cited = {r.index for e in visible_events for r in e.rolls if not r.secret}
        return [r for r in rolls if r.index in cited]

    def secret_rolls(self, rolls: Iterable[Roll]) -> list[Roll]:
        return list(rolls) if self.gm or not self.secret else []

    # posts
    def sees_post(self, faction: str, *, published: bool, counted: bool, private_step: bool) -> bool:
        if self.gm or faction in self.factions:
            return True
        if not published:
            return False
        if not self.secret:
            return True
        return counted and not private_step and faction != GM_CORRECTION

    def sees_reading(self, faction: str) -> bool:
        return self.gm or not self.secret or faction in self.factions

    def reading(self, faction: str, data: dict[str, Any]) -> ReadingOut:
        if self.sees_reading(faction):
            return ReadingOut.model_validate(data)
        return ReadingOut(ok=bool(data.get("ok", True)))

    def audit_data(self, action: str, data: dict[str, Any]) -> dict[str, Any]:
        if self.gm or not self.secret:
            return data
        kept = {k: v for k, v in data.items() if k in PUBLIC_AUDIT_KEYS}
        if action == "rollback" and "text" in data:  # the service's own summary: step numbers only
            kept["text"] = data["text"]
        return kept


def event_dicts(sight: Sight, events: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored events (JSON) as this viewer may see them."""
    return [e.model_dump(mode="json") for e in sight.events(Event.model_validate(x) for x in events)]


def roll_dicts(sight: Sight, rolls: Iterable[dict[str, Any]], visible: list[dict[str, Any]]) -> list[dict[str, Any]]:
    events = [Event.model_validate(e) for e in visible]
    return [r.model_dump(mode="json") for r in sight.rolls((Roll.model_validate(x) for x in rolls), events)]

