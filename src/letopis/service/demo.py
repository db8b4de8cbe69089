"""The demo: users and Dice Roll Party games played a few steps, for a newcomer's first look.

The posts are written by the ruleset's own `propose` and go through `submit_post` like any
player's, so the demo works for any ruleset and its chronicle verifies.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import Game
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice, new_seed
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


@dataclass(frozen=True)
class DemoGame:
    ruleset_id: str
    title: str
    mode: str
    players: tuple[str, ...]  # logins, in seat order
    steps: int


DEMO_GAMES = (
    DemoGame("dice_roll_party", "Демонстрационная партия", "auto", ("anna", "boris"), 4),
    DemoGame("dice_roll_party", "Партия с проверкой мастера", "review", ("anna", "boris"), 1),
    DemoGame("dungeon_keeper", "Подземелье на четверых", "auto", ("anna", "boris", "vera", "gleb"), 12),
)


def demo_logins() -> list[str]:
    names = dict(DEMO_USERS)
    lines = [f"Мастер игры: логин master, пароль {DEMO_PASSWORD}"]
    lines += [f"Игрок «{names[login]}»: логин {login}, пароль {DEMO_PASSWORD}" for login, _ in DEMO_USERS[1:]]
    return lines


def _user(db: Session, login: str, name: str) -> UserOut:
    return get_user_by_login(db, login) or register_user(db, login=login, password=DEMO_PASSWORD, display_name=name)


def play(db: Session, game_id: int, players: dict[str, int], steps: int, gm_user_id: int) -> int:
    """Post `propose`d texts for up to ``steps`` steps; returns how many steps got resolved."""
    game = db.get(Game, game_id)
    assert game is not None
    ruleset = ruleset_by_id(game.ruleset_id)
    dice = Dice(new_seed())
    resolved = 0
    while resolved < steps:
        db.expire_all()
        step = active_step(db, game_id)
        if step is None or step.status != StepStatus.OPEN.value:
            break
        state = load_state(ruleset, step.state_before)
        for faction in turn_of(step).factions:
            try:
                text = ruleset.propose(state, faction, dice)
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
                           gm_user_id=users["master"].id, mode=demo.mode)
        for faction in factions:
            token = invite_link_token(db, game_id=game.id, faction=faction.id, by_user_id=users["master"].id)
            join_by_invite(db, token=token, user_id=users[faction.id].id)
        play(db, game.id, {login: users[login].id for login in logins}, demo.steps, users["master"].id)
    return demo_logins()
