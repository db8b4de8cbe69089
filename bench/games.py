"""Games for the scale benchmarks, made fast: real games played through the service with proposed
posts, and long histories copied in SQL from one of their real steps.

- `player` makes (once) a user who holds both seats of every benchmark game;
- `new_game` creates a game through the service and seats that user;
- `play` plays steps with `propose` posts through `submit_post`, as players would;
- `long_copy` makes a game of N published steps (each a copy of one real published step, with its
  posts, resolution and snapshot; the last one given E events) and an open step N + 1, in a few
  INSERT … SELECT statements;
- `pile_revisions` gives a faction's post in the open step N earlier revisions.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from letopis import service
from letopis.db.models import Game, Step
from letopis.engine import Dice, Faction, get_ruleset
from letopis.service._common import active_step

PLAYER, PASSWORD = "bench", "bench-password"
NAMES = ["Анна", "Борис", "Вера", "Глеб"]


def seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def player(db: Session) -> int:
    """The id of the user who plays every benchmark game (made on first call)."""
    user_id = db.scalar(text("SELECT id FROM users WHERE login = :l"), {"l": PLAYER})
    if user_id is None:
        user_id = service.register_user(db, login=PLAYER, password=PASSWORD, display_name="Игрок").id
    return user_id


def gm(db: Session) -> int:
    gm_id = db.scalar(text("SELECT id FROM users WHERE login = 'bench-gm'"))
    if gm_id is None:
        gm_id = service.register_user(db, login="bench-gm", password=PASSWORD, display_name="Мастер").id
    return gm_id


def new_game(db: Session, ruleset_id: str, title: str, *, factions: int = 2) -> int:
    """A new game (open step 1) whose seats are all held by `player`."""
    ruleset = get_ruleset(ruleset_id)
    n = max(ruleset.min_factions, min(factions, ruleset.max_factions))
    game = service.create_game(db, ruleset_id=ruleset_id, title=title, gm_user_id=gm(db),
                               factions=[Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n)])
    db.execute(text("UPDATE seats SET user_id = :u WHERE game_id = :g"), {"u": player(db), "g": game.id})
    db.commit()
    return game.id


def proposal(db: Session, game_id: int, faction: str, salt: object = 0) -> tuple[int, str]:
    """(open step number, a proposed post for ``faction``) in the game's open step."""
    game = db.get(Game, game_id)
    step = active_step(db, game_id)
    ruleset = get_ruleset(game.ruleset_id)
    state = ruleset.state_from_json(step.state_before)
    return step.number, ruleset.propose(state, faction, Dice(seed(game_id, step.number, faction, salt)))


def play(db: Session, game_id: int, steps: int) -> int:
    """Play up to ``steps`` steps with proposed posts (fewer if the game ends); the steps played."""
    user_id = player(db)
    for k in range(steps):
        step = active_step(db, game_id)
        if step is None or step.status != "open":
            return k
        for faction in step.turn["factions"]:
            number, post = proposal(db, game_id, faction)
            service.submit_post(db, game_id=game_id, step_number=number, faction=faction, text=post,
                                user_id=user_id)
    return steps


def richest_step(db: Session, game_id: int) -> Step:
    """The game's published step with the most events (the template of long copies)."""
    return db.scalars(select(Step).from_statement(text(
        "SELECT s.* FROM steps s JOIN resolutions r ON r.step_id = s.id AND NOT r.superseded "
        "WHERE s.game_id = :g AND s.status = 'published' "
        "ORDER BY jsonb_array_length(r.events) DESC, s.number LIMIT 1")), {"g": game_id}).one()


def long_copy(db: Session, source_id: int, steps: int, *, events: int = 200, title: str = "") -> int:
    """A copy of game ``source_id`` with ``steps`` published steps, each a copy of its richest
    published step, the last with ``events`` events (that step's events over and over), and its open
    step as step ``steps + 1``; a GM's deadline note in the audit log of every step."""
    template = richest_step(db, source_id)
    opened = active_step(db, source_id)
    params = {"src": source_id, "tpl": template.id, "n": steps, "open": opened.id}
    new_id = db.scalar(text(
        "INSERT INTO games (ruleset_id, title, options, factions, mode, status, gm_user_id, setup_seed, "
        "setup_document, initial_state, state, result, created_at, updated_at, secret_seed, secret_commitment) "
        "SELECT ruleset_id, :title, options, factions, mode, status, gm_user_id, setup_seed, setup_document, "
        "initial_state, state, result, created_at, now(), secret_seed, secret_commitment "
        "FROM games WHERE id = :src RETURNING id"), {**params, "title": title or f"Долгая игра ({steps} шагов)"})
    params["g"] = new_id
    for sql in (
        ("INSERT INTO seats (game_id, position, faction_id, faction_name, user_id, joined_at) "
         "SELECT :g, position, faction_id, faction_name, user_id, joined_at FROM seats WHERE game_id = :src"),
        ("INSERT INTO steps (game_id, number, turn, state_before, seed, commitment, status, opened_at, published_at) "
         "SELECT :g, k, turn, state_before, seed, commitment, 'published', opened_at, published_at "
         "FROM steps, generate_series(1, :n) AS k WHERE id = :tpl"),
        ("INSERT INTO steps (game_id, number, turn, state_before, seed, commitment, status, deadline, opened_at) "
         "SELECT :g, :n + 1, turn, state_before, seed, commitment, 'open', deadline, opened_at FROM steps WHERE id = :open"),
        ("INSERT INTO posts (game_id, step_id, faction_id, revision, text, sha256, author_id, reading, created_at) "
         "SELECT :g, s.id, p.faction_id, p.revision, p.text, p.sha256, p.author_id, p.reading, p.created_at "
         "FROM steps s JOIN posts p ON p.step_id = :tpl WHERE s.game_id = :g AND s.number <= :n"),
        ("INSERT INTO resolutions (step_id, submissions, events, rolls, overrides, state_after, secret_rolls, "
         "superseded, created_at) "
         "SELECT s.id, r.submissions, r.events, r.rolls, r.overrides, r.state_after, r.secret_rolls, false, r.created_at "
         "FROM steps s JOIN resolutions r ON r.step_id = :tpl AND NOT r.superseded WHERE s.game_id = :g AND s.number <= :n"),
        ("INSERT INTO snapshots (game_id, step_id, resolution_id, state) "
         "SELECT :g, s.id, r.id, r.state_after FROM steps s JOIN resolutions r ON r.step_id = s.id WHERE s.game_id = :g"),
        ("INSERT INTO audit_log (game_id, step_number, actor_id, action, reason, data, created_at) "
         "SELECT :g, k, g.gm_user_id, 'set_deadline', NULL, '{}'::jsonb, now() "
         "FROM games g, generate_series(1, :n + 1) AS k WHERE g.id = :g"),
        # the last published step gets `events` events: the template's, repeated
        ("UPDATE resolutions SET events = (SELECT jsonb_agg(r.events -> (k % jsonb_array_length(r.events))) "
         "  FROM resolutions r, generate_series(0, :events - 1) AS k WHERE r.step_id = :tpl AND NOT r.superseded) "
         "WHERE step_id = (SELECT id FROM steps WHERE game_id = :g AND number = :n)"),
    ):
        db.execute(text(sql), {**params, "events": events})
    db.commit()
    return new_id


def pile_revisions(db: Session, game_id: int, faction: str, count: int) -> int:
    """Give ``faction``'s post in the open step ``count`` revisions in all (copies of its latest);
    returns the number of revisions it has."""
    step = active_step(db, game_id)
    db.execute(text(
        "INSERT INTO posts (game_id, step_id, faction_id, revision, text, sha256, author_id, reading, created_at) "
        "SELECT p.game_id, p.step_id, p.faction_id, p.revision + k, p.text, p.sha256, p.author_id, p.reading, "
        "p.created_at FROM (SELECT * FROM posts WHERE step_id = :s AND faction_id = :f "
        "ORDER BY revision DESC LIMIT 1) p, generate_series(1, :c - p.revision) AS k"),
        {"s": step.id, "f": faction, "c": count})
    db.commit()
    return db.scalar(text("SELECT max(revision) FROM posts WHERE step_id = :s AND faction_id = :f"),
                     {"s": step.id, "f": faction})

