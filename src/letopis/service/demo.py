"""The demo: users and games of each ruleset played a few steps, for a newcomer's first look.

The posts are written by the ruleset's own `propose` (from seeds derived from the game's title and
the step, so a demo plays the same proposals each time) and go through `submit_post` like any
player's, so the demo works for any ruleset and its chronicle verifies. A demo game may steer its
proposals (`DemoGame.aim`): then the best of a few is posted, never one that would end the game.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import Game
from letopis.engine.contract import Faction, PostKind, Ruleset
from letopis.engine.dice import Dice
from letopis.engine.registry import all_rulesets

from ._common import active_step, load_state, ruleset_by_id, turn_of
from .errors import ServiceError
from .games import create_game, invite_link_token, join_by_invite
from .gm import apply_default
from .posts import submit_post
from .schemas import StepStatus, UserOut
from .users import get_user_by_login, register_user

log = logging.getLogger(__name__)

DEMO_PASSWORD = "demo"
DEMO_USERS = (("master", "Мастер"), ("anna", "Анна"), ("boris", "Борис"), ("vera", "Вера"), ("gleb", "Глеб"))
CHOICES = 8  # proposals weighed for each post of a game with an `aim`

Aim = Callable[[Any, str, list[BaseModel]], int]


@dataclass(frozen=True)
class DemoGame:
    """One demo game. It plays ``steps`` steps; with ``seek`` it goes on (up to ``max_steps``) until
    a step that opened on a state ``seek`` accepts has been played; with ``end_on_orders`` it stops
    only where a player writes ordinary orders (never in the middle of a reaction)."""

    ruleset_id: str
    title: str
    mode: str
    players: tuple[str, ...]  # logins, in seat order
    steps: int
    options: Mapping[str, Any] | None = None
    max_steps: int = 0  # 0: ``steps``
    aim: Aim | None = None  # scores a proposal (state, faction, orders): the best of CHOICES is posted
    seek: Callable[[Any], bool] | None = None
    end_on_orders: bool = False


# --- Kozyablo: steer the proposals towards a fight -----------------------------------------------
def toward_a_fight(state: Any, faction: str, orders: list[BaseModel]) -> int:
    """3 for an attack; 2 for a card played or creatures moved into a sector holding enemy cards."""
    score = 0
    for order in orders:
        kind = getattr(order, "kind", None)
        if kind == "attack":
            score = max(score, 3)
        dest = getattr(order, "dest", None) or getattr(order, "into", None)
        if kind in ("move", "play") and dest and any(p.sector == dest and p.owner != faction
                                                      for p in state.pieces.values()):
            score = max(score, 2)
    return score


def in_a_fight(state: Any) -> bool:
    """A Kozyablo state waiting for the defenders' answers to an attack."""
    return state.pending is not None and state.pending.kind == "attack"


KOZYABLO_DEMO = DemoGame("kozyablo", "Козябло: демо", "auto", ("anna", "boris"), 12,
                         options={"races": ["trutni", "zhloby"]}, max_steps=40, aim=toward_a_fight,
                         seek=in_a_fight, end_on_orders=True)

DEMO_GAMES = (
    DemoGame("dice_roll_party", "Демонстрационная партия", "auto", ("anna", "boris"), 4),
    DemoGame("dice_roll_party", "Партия с проверкой мастера", "review", ("anna", "boris"), 1),
    DemoGame("dungeon_keeper", "Подземелье на четверых", "auto", ("anna", "boris", "vera", "gleb"), 12),
    KOZYABLO_DEMO,
)


def demo_logins() -> list[str]:
    names = dict(DEMO_USERS)
    lines = [f"Мастер игры: логин master, пароль {DEMO_PASSWORD}"]
    lines += [f"Игрок «{names[login]}»: логин {login}, пароль {DEMO_PASSWORD}" for login, _ in DEMO_USERS[1:]]
    return lines


def _user(db: Session, login: str, name: str) -> UserOut:
    return get_user_by_login(db, login) or register_user(db, login=login, password=DEMO_PASSWORD, display_name=name)


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def _post_text(ruleset: Ruleset, demo: DemoGame, state: BaseModel, faction: str, step: int) -> str:
    """The proposal to post: the first one, or with an ``aim`` the best-scoring of CHOICES among
    those the reader accepts and that do not end the game (tried on a copy with a trial dice)."""
    first = ruleset.propose(state, faction, Dice(_seed("демо", demo.title, step, faction, 0)))
    if demo.aim is None:
        return first
    best: tuple[int, str] | None = None
    for k in range(CHOICES):
        text = first if k == 0 else ruleset.propose(state, faction, Dice(_seed("демо", demo.title, step, faction, k)))
        reading = ruleset.read(text, state, faction)
        if any(p.is_error for p in reading.problems):
            continue
        trial = ruleset.apply(state, faction, reading.orders, Dice(_seed("демо-проба", demo.title, step, faction, k)))
        if ruleset.result(trial.state) is not None:
            continue
        score = demo.aim(state, faction, reading.orders)
        if best is None or score > best[0]:
            best = (score, text)
    return best[1] if best else first


def play(db: Session, game_id: int, players: dict[str, int], demo: DemoGame, gm_user_id: int) -> int:
    """Post proposed texts step by step as ``demo`` says; returns how many steps got resolved."""
    game = db.get(Game, game_id)
    assert game is not None
    ruleset = ruleset_by_id(game.ruleset_id)
    limit = max(demo.steps, demo.max_steps)
    sought = demo.seek is None
    resolved = 0
    while resolved < limit:
        db.expire_all()
        step = active_step(db, game_id)
        if step is None or step.status != StepStatus.OPEN.value:
            break
        turn = turn_of(step)
        if resolved >= demo.steps and sought and (not demo.end_on_orders or turn.post_kind == PostKind.ORDERS):
            break
        state = load_state(ruleset, step.state_before)
        sought = sought or bool(demo.seek and demo.seek(state))
        for faction in turn.factions:
            try:
                text = _post_text(ruleset, demo, state, faction, step.number)
                submit_post(db, game_id=game_id, step_number=step.number, faction=faction, text=text,
                            user_id=players[faction])
            except ServiceError as exc:
                log.warning("demo post refused (%s); the default stands in", exc.message)
                apply_default(db, game_id=game_id, gm_user_id=gm_user_id, reason="Демо: пост не прошёл проверку.")
                break
        resolved += 1
    return resolved


def ensure_demo(db: Session, *, games: tuple[DemoGame, ...] = DEMO_GAMES) -> list[str]:
    """Create each demo game that is missing (by ruleset and title) on a database that has no games
    but demo ones; returns Russian lines naming the demo logins.

    A database with games of its own (no demo master) is left alone and gets an empty list. A demo
    game of a ruleset that is not installed is skipped.
    """
    has_games = bool(db.scalar(select(func.count(Game.id))))
    if has_games and get_user_by_login(db, "master") is None:
        return []
    users = {login: _user(db, login, name) for login, name in DEMO_USERS}
    existing = {(g.ruleset_id, g.title) for g in db.scalars(select(Game))}
    installed = all_rulesets()
    for demo in games:
        if (demo.ruleset_id, demo.title) in existing or demo.ruleset_id not in installed:
            continue
        ruleset = ruleset_by_id(demo.ruleset_id)
        logins = demo.players[: ruleset.max_factions]
        factions = [Faction(id=login, name=users[login].display_name) for login in logins]
        game = create_game(db, ruleset_id=ruleset.id, title=demo.title, factions=factions,
                           gm_user_id=users["master"].id, mode=demo.mode,
                           options=dict(demo.options) if demo.options else None)
        for faction in factions:
            token = invite_link_token(db, game_id=game.id, faction=faction.id, by_user_id=users["master"].id)
            join_by_invite(db, token=token, user_id=users[faction.id].id)
        play(db, game.id, {login: users[login].id for login in logins}, demo, users["master"].id)
    return demo_logins()
