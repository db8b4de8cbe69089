"""What the post page shows beside the textarea for one faction: the board with that faction's
pieces standing out, its roster (units, characters, hand with what each can do) and example lines
built from its own pieces for the step now.

It is read against the same state the live check reads posts against (the open or draft step's
``state_before``, else the game's state), through the same parsed-state cache. A roster shows the
faction's own secrets (a hand, a deck's size, a creature in shadow), so only that faction's player,
the game's GM or an admin may ask for it.

Examples cost a few proposals and readings (tens of milliseconds), so they are kept per state
version and faction in a small byte-bounded cache; a state changes only with its key, so a kept
entry is never stale. A ruleset that fails to list or to exemplify never takes the post page down:
the failure is logged and the page shows the rest.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from letopis.engine.cache import ByteBudgetCache, str_bytes
from letopis.engine.contract import RosterGroup, Ruleset, Viewer, ViewerRole

from . import state_cache
from ._common import active_step, is_gm, load_game, ruleset_by_id, seats, turn_of
from .errors import Forbidden, Invalid
from .schemas import StepStatus

log = logging.getLogger(__name__)
T = TypeVar("T")

EXAMPLES_BUDGET = 1 << 20  # 1 MB: some 2,000 pages' worth of examples

_examples: ByteBudgetCache[Hashable, list[str]] = ByteBudgetCache(
    "service.examples", EXAMPLES_BUDGET, size=lambda lines: 56 + sum(8 + str_bytes(x) for x in lines))


class PlayerAid(BaseModel):
    """The post page's reference panel for one faction."""

    faction: str
    expected: bool = False  # the open step waits for this faction's post
    svg: str | None = None  # the board, this faction's pieces standing out
    roster: list[RosterGroup] = Field(default_factory=list)
    examples: list[str] = Field(default_factory=list)  # lines that read without error now


def player_aid(db: Session, *, game_id: int, faction: str, user_id: int) -> PlayerAid:
    """The board, roster and examples for ``faction``, for its player or the GM."""
    game = load_game(db, game_id)
    if not any(f["id"] == faction for f in game.factions):
        raise Invalid(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    seated = any(s.faction_id == faction and s.user_id == user_id for s in seats(db, game.id))
    gm = is_gm(db, game, user_id)
    if not (seated or gm):
        raise Forbidden("Подсказки к посту видит только игрок этой стороны или мастер.", code="not_your_seat")
    ruleset = ruleset_by_id(game.ruleset_id)
    step = active_step(db, game.id)
    if step is not None:
        key: tuple = ("step", step.id, step.opened_at)
        data, expected = step.state_before, step.status == StepStatus.OPEN.value and faction in turn_of(step).factions
    else:
        key, data, expected = ("game", game.id, game.updated_at), game.state, False
    state = state_cache.peek(ruleset, key)
    if state is None:
        state = state_cache.store(ruleset, key, data)
    viewer = Viewer(role=ViewerRole.GM, faction=faction) if gm else Viewer(role=ViewerRole.PLAYER, faction=faction)
    examples: list[str] = []
    if expected:
        examples = _examples.lookup((ruleset.id, key, faction),
                                    lambda _: _guarded(ruleset, "examples", list, ruleset.examples, state, faction))
    return PlayerAid(faction=faction, expected=expected,
                     svg=_guarded(ruleset, "draw", lambda: None, ruleset.draw, state, viewer),
                     roster=_guarded(ruleset, "roster", list, ruleset.roster, state, faction),
                     examples=examples)


def _guarded(ruleset: Ruleset, what: str, empty: Callable[[], T], fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, or ``empty()`` with the traceback logged: the post page must stay usable."""
    try:
        return fn(*args)
    except Exception:
        log.exception("%s.%s failed for the post page", ruleset.id, what)
        return empty()
