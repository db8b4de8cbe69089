"""The demo: users and Dice Roll Party games played a few steps, for a newcomer's first look.

The posts are written by the ruleset's own `propose` and go through `submit_post` like any
player's, so the demo works for any ruleset and its chronicle verifies.
"""

from __future__ import annotations

import logging

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from letopis.db.models import Game
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice, new_seed

from ._common import active_step, load_state, ruleset_by_id, turn_of
from .errors import ServiceError
from .games import create_game, invite_link_token, join_by_invite
from .gm import apply_default
from .posts import submit_post
from .schemas import StepStatus, UserOut
from .users import get_user_by_login, register_user

log = logging.getLogger(__name__)

DEMO_RULESET = "dice_roll_party"
DEMO_PASSWORD = "demo"
DEMO_USERS = (("master", "Мастер"), ("anna", "Анна"), ("boris", "Борис"))


def demo_logins() -> list[str]:
    return [
        f"Мастер игры: логин master, пароль {DEMO_PASSWORD}",
        f"Игрок «Анна»: логин anna, пароль {DEMO_PASSWORD}",
        f"Игрок «Борис»: логин boris, пароль {DEMO_PASSWORD}",
    ]


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


def ensure_demo(db: Session, *, ruleset_id: str = DEMO_RULESET, steps: int = 4) -> list[str]:
    """Create the demo when no game exists; returns Russian lines naming the demo logins.

    Returns an empty list when games already exist and the demo users were never made.
    """
    if db.scalar(select(func.count(Game.id))):
        return demo_logins() if get_user_by_login(db, "master") else []
    master, anna, boris = (_user(db, login, name) for login, name in DEMO_USERS)
    ruleset = ruleset_by_id(ruleset_id)
    factions = [Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")][: ruleset.max_factions]
    players = {"anna": anna.id, "boris": boris.id}
    for title, mode, n in (("Демонстрационная партия", "auto", steps),
                           ("Партия с проверкой мастера", "review", 1)):
        game = create_game(db, ruleset_id=ruleset.id, title=title, factions=factions, gm_user_id=master.id,
                           mode=mode)
        for faction in factions:
            token = invite_link_token(db, game_id=game.id, faction=faction.id, by_user_id=master.id)
            join_by_invite(db, token=token, user_id=players[faction.id])
        play(db, game.id, players, n, master.id)
    return demo_logins()
