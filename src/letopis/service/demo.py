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
from letopis.engine.events import Event
from letopis.engine.registry import all_rulesets
from letopis.engine.resolution import Submission, resolve_step

from ._common import active_step, load_state, ruleset_by_id, turn_of
from .chronicle import step_chronicle
from .errors import ServiceError
from .games import create_game, invite_link_token, join_by_invite
from .gm import apply_default
from .hidden import step_secret_seed
from .schemas import StepStatus, UserOut
from .submit import submit_post
from .users import get_user_by_login, register_user

log = logging.getLogger(__name__)

DEMO_PASSWORD = "demo"
DEMO_USERS = (("master", "Мастер"), ("anna", "Анна"), ("boris", "Борис"), ("vera", "Вера"), ("gleb", "Глеб"))
CHOICES = 8  # proposals weighed for each post of a game with an `aim`

Aim = Callable[[Any, str, list[BaseModel], Any], int]  # (state, faction, orders, state after) -> score


@dataclass(frozen=True)
class DemoGame:
    """One demo game. It plays ``steps`` steps; with ``seek`` it goes on (up to ``max_steps``) until
    a step whose public events ``seek`` accepts has been played; with ``end_on_orders`` it stops
    only where a player writes ordinary orders (never in the middle of a reaction); with ``until``
    it stops only at an open step whose state ``until`` accepts (all of these up to ``max_steps``)."""

    ruleset_id: str
    title: str
    mode: str
    players: tuple[str, ...]  # logins, in seat order
    steps: int
    options: Mapping[str, Any] | None = None
    max_steps: int = 0  # 0: ``steps``
    aim: Aim | None = None  # scores a proposal (state, faction, orders, after): the best of CHOICES is posted
    seek: Callable[[list[Event]], bool] | None = None  # the public events of a resolved step
    end_on_orders: bool = False
    until: Callable[[Any], bool] | None = None  # stop only at an open step whose state it accepts
    choices: int = CHOICES  # proposals weighed for each post when there is an ``aim``


# --- Kozyablo: steer the proposals towards a fight -----------------------------------------------
def toward_a_fight(state: Any, faction: str, orders: list[BaseModel], after: Any) -> int:
    """4 for an attack that asks the defender for his answers (a defender with one choice is not
    asked, so not every attack does); 3 for an attack; 2 for a card played or creatures moved into
    a sector holding enemy cards; -1 for a post that leaves own creatures in an enemy capital (a
    siege takes the capital at the end of the turn and ends a short demo too soon)."""
    capitals = {p.capital_sector for g, p in after.players.items() if g != faction and p.capital_sector}
    if any(p.owner == faction and p.sector in capitals for p in after.pieces.values()):
        return -1
    if in_a_fight(after):
        return 4
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


FIGHT_EVENTS = frozenset({"combat", "damage", "destroyed", "capital_damage"})


def fought(events: list[Event]) -> bool:
    """A Kozyablo step was a fight: a combat was fought in it (with the defenders' answers, or in
    the attacker's own step when each defender had one choice)."""
    return any(e.kind in FIGHT_EVENTS for e in events)


def cards_in_every_hand(state: Any) -> bool:
    """Each player of a Kozyablo state holds a card (a newcomer sees a hand and the rival's backs)."""
    return all(p.hand for p in state.players.values() if not p.eliminated)


KOZYABLO_DEMO = DemoGame("kozyablo", "Козябло: демо", "auto", ("anna", "boris"), 12,
                         options={"races": ["trutni", "zhloby"]}, max_steps=100, aim=toward_a_fight,
                         seek=fought, end_on_orders=True, until=cards_in_every_hand)


# --- Tetranomicon: actions rather than passes, left in the middle of epoch 2 ----------------------
TETRANOMICON_SCORES = {"build": 4, "campaign": 4, "summon": 3, "artifact": 3, "route": 2}


def toward_the_board(state: Any, faction: str, orders: list[BaseModel], after: Any) -> int:
    """An action rather than a pass: a player's first card above all, then a building or a
    campaign, another card, a route; a pass scores 0."""
    score = 0
    player = state.players[faction]
    for order in orders:
        kind = getattr(order, "kind", "")
        value = TETRANOMICON_SCORES.get(kind, 0)
        if kind in ("summon", "artifact") and not (player.creatures or player.artifacts):
            value = 5
        score = max(score, value)
    return score


def mid_epoch_two(state: Any) -> bool:
    """Epoch 2's action phase under way (a few posts made) with buildings, routes and cards in play
    — or, should no card have been taken, before the last players pass (the epoch would end)."""
    if state.phase != "actions" or state.epoch != 2 or state.turns < 4 or not state.buildings or not state.routes:
        return False
    cards = any(p.creatures or p.artifacts for p in state.players.values())
    passed = sum(1 for p in state.players.values() if p.passed)
    return cards or passed >= len(state.players) - 2


TETRANOMICON_DEMO = DemoGame("tetranomicon", "Тетраномикон: демо", "auto", ("anna", "boris", "vera", "gleb"), 1,
                             max_steps=60, aim=toward_the_board, until=mid_epoch_two)

# --- Битвы FANTASY: armies deployed forward and sent at each other, left in round 2's melee ------
def toward_contact(state: Any, faction: str, orders: list[BaseModel], after: Any) -> int:
    """A melee stopped for a decision scores highest; otherwise contacts with several figures a
    side (20 for each figure of the smaller side: a lone figure dies without a choice), less own
    figures' distances to the nearest enemy; a deployment is scored by how far forward it stands."""
    if melee_decision(after):
        return 1000
    own = [f for f in after.figures.values() if f.side == faction and f.alive and f.cell is not None]
    enemies = [f.cell for f in after.figures.values() if f.side != faction and f.alive and f.cell is not None]
    if not own:
        return 0
    if not enemies:  # deploying first: the rows nearest the middle of the board
        mid = (after.board.height + 1) / 2
        return -int(sum(abs(f.cell[1] - mid) for f in own))

    def steps(a: tuple[int, int], b: tuple[int, int]) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    near = [min(steps(f.cell, e) for e in enemies) for f in own]
    touched = sum(1 for e in enemies if any(steps(f.cell, e) <= 1 for f in own))
    return 20 * min(sum(1 for d in near if d <= 1), touched) - sum(near)


def melee_decision(state: Any) -> bool:
    """A melee (of the melee phase or a charge) stopped for a decision, from round 2 on: a fight
    frame on the stack and an answer awaited. Round 1 ends with the armies still apart as a rule,
    so the demo stops in round 2; should round 2's melees all end without a question (a lone
    figure dies without a choice), it stops at the next one."""
    return state.round >= 2 and state.pending is not None and any(f.kind == "fight" for f in state.stack)


WARGAME_DEMO = DemoGame("wargame", "Битвы FANTASY: демо", "auto", ("anna", "boris"), 1, max_steps=40,
                        aim=toward_contact, until=melee_decision, choices=16)

DEMO_GAMES = (
    DemoGame("dice_roll_party", "Демонстрационная партия", "auto", ("anna", "boris"), 4),
    DemoGame("dice_roll_party", "Партия с проверкой мастера", "review", ("anna", "boris"), 1),
    DemoGame("dungeon_keeper", "Подземелье на четверых", "auto", ("anna", "boris", "vera", "gleb"), 12),
    KOZYABLO_DEMO,
    TETRANOMICON_DEMO,
    WARGAME_DEMO,
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


def _post_text(ruleset: Ruleset, demo: DemoGame, state: BaseModel, faction: str, step: int,
               dice_seeds: tuple[str, str | None] | None = None) -> str:
    """The proposal to post: the first one, or with an ``aim`` the best-scoring of CHOICES among
    those the reader accepts and that do not end the game. Each is tried on a copy of the state
    with the step's own dice (``dice_seeds``: its seed and secret seed) when the step has only
    this poster, so what is tried is what will happen; otherwise with a trial dice."""
    first = ruleset.propose(state, faction, Dice(_seed("демо", demo.title, step, faction, 0)))
    if demo.aim is None:
        return first
    best: tuple[int, str] | None = None
    for k in range(demo.choices):
        text = first if k == 0 else ruleset.propose(state, faction, Dice(_seed("демо", demo.title, step, faction, k)))
        reading = ruleset.read(text, state, faction)
        if any(p.is_error for p in reading.problems):
            continue
        if dice_seeds is not None:
            tried = resolve_step(ruleset, state, [Submission(faction, text)], dice_seeds[0],
                                 secret_seed=dice_seeds[1]).state
        else:
            tried = ruleset.apply(state, faction, reading.orders,
                                  Dice(_seed("демо-проба", demo.title, step, faction, k))).state
        if ruleset.result(tried) is not None:
            continue
        score = demo.aim(state, faction, reading.orders, tried)
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
        state = load_state(ruleset, step.state_before)
        if resolved >= demo.steps and sought and (not demo.end_on_orders or turn.post_kind == PostKind.ORDERS) \
                and (demo.until is None or demo.until(state)):
            break
        own_dice = (step.seed, step_secret_seed(game, step.number)) if len(turn.factions) == 1 else None
        for faction in turn.factions:
            try:
                text = _post_text(ruleset, demo, state, faction, step.number, own_dice)
                submit_post(db, game_id=game_id, step_number=step.number, faction=faction, text=text,
                            user_id=players[faction])
            except ServiceError as exc:
                log.warning("demo post refused (%s); the default stands in", exc.message)
                apply_default(db, game_id=game_id, gm_user_id=gm_user_id, reason="Демо: пост не прошёл проверку.")
                break
        resolved += 1
        if not sought and demo.seek is not None:
            sought = demo.seek(step_chronicle(db, game_id=game_id, step_number=step.number).events)
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
        # no resolution delay: the demo plays its steps now, and a newcomer then tries seat after seat
        game = create_game(db, ruleset_id=ruleset.id, title=demo.title, factions=factions,
                           gm_user_id=users["master"].id, mode=demo.mode,
                           options=dict(demo.options) if demo.options else None, resolve_delay_minutes=0)
        for faction in factions:
            token = invite_link_token(db, game_id=game.id, faction=faction.id, by_user_id=users["master"].id)
            join_by_invite(db, token=token, user_id=users[faction.id].id)
        play(db, game.id, {login: users[login].id for login in logins}, demo, users["master"].id)
    return demo_logins()
