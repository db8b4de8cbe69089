"""A game's content version: a number that changes, in the same transaction, with everything its
pages show (issue 13), so that rendered pages can be kept and served until it changes.

``games.content_version`` is bumped by triggers, not by the service functions, so that no path
can forget it — a GM correction, an annulment, a roll-back, a reopening, a post, a deadline
default, an import, a seat taken or reassigned, the secrets revealed at the game's end, a
faction or game renamed, a raw SQL fix by an operator:

- any UPDATE of a ``games`` row (title, factions, state, status, result, the secret's reveal…)
  bumps its own version (a BEFORE trigger), unless the statement sets the version itself;
- any INSERT, UPDATE or DELETE on the tables a game's pages read — ``seats``, ``steps``,
  ``posts``, ``resolutions``, ``audit_log``, ``game_schedules`` — bumps the versions of the games
  the changed rows belong to, once per statement (statement triggers with transition tables);
- a user's new display name bumps every game that shows it (as its GM, a seat's player, a post's
  author, a resolution's author or an audit entry's actor).

A version is the moment of the change in microseconds since the epoch, or the previous version
plus one if that is larger: it only grows, and a database emptied and refilled (ids restarting,
as between tests) or restored from a backup never gives a game an old version again with new
content.

Revision ID: 0010_content_version
Revises: 0009_user_time_zone
Create Date: 2026-11-28 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0010_content_version'
down_revision: str | None = '0009_user_time_zone'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# tables whose rows carry their game's id, and the one that reaches it through its step
BY_GAME = ("seats", "steps", "posts", "audit_log", "game_schedules")
BY_STEP = ("resolutions",)
EVENTS = ("INSERT", "UPDATE", "DELETE")

NOW_FUNCTION = """
CREATE FUNCTION letopis_content_version_now() RETURNS bigint LANGUAGE sql VOLATILE AS $$
    SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint
$$;
"""

FUNCTIONS = """
CREATE FUNCTION letopis_bump_games(game_ids integer[]) RETURNS void LANGUAGE sql AS $$
    UPDATE games SET content_version = greatest(content_version + 1, letopis_content_version_now())
    WHERE id = ANY(game_ids)
$$;

CREATE FUNCTION letopis_games_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.content_version = OLD.content_version THEN
        NEW.content_version := greatest(OLD.content_version + 1, letopis_content_version_now());
    END IF;
    RETURN NEW;
END
$$;

CREATE FUNCTION letopis_rows_by_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM letopis_bump_games(ARRAY(SELECT DISTINCT game_id FROM changed_old WHERE game_id IS NOT NULL));
    ELSE
        PERFORM letopis_bump_games(ARRAY(SELECT DISTINCT game_id FROM changed_new WHERE game_id IS NOT NULL));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION letopis_rows_by_step() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM letopis_bump_games(ARRAY(SELECT DISTINCT s.game_id FROM steps s
                                         WHERE s.id IN (SELECT step_id FROM changed_old)));
    ELSE
        PERFORM letopis_bump_games(ARRAY(SELECT DISTINCT s.game_id FROM steps s
                                         WHERE s.id IN (SELECT step_id FROM changed_new)));
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION letopis_user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM letopis_bump_games(ARRAY(
        SELECT id FROM games WHERE gm_user_id = NEW.id
        UNION SELECT game_id FROM seats WHERE user_id = NEW.id
        UNION SELECT game_id FROM posts WHERE author_id = NEW.id
        UNION SELECT game_id FROM audit_log WHERE actor_id = NEW.id
        UNION SELECT s.game_id FROM resolutions r JOIN steps s ON s.id = r.step_id WHERE r.created_by = NEW.id));
    RETURN NULL;
END
$$;
"""


def _triggers(table: str, function: str) -> list[str]:
    out = []
    for event in EVENTS:
        rows = "OLD TABLE AS changed_old" if event == "DELETE" else "NEW TABLE AS changed_new"
        out.append(f"CREATE TRIGGER {table}_content_version_{event.lower()} AFTER {event} ON {table} "
                   f"REFERENCING {rows} FOR EACH STATEMENT EXECUTE FUNCTION {function}()")
    return out


def upgrade() -> None:
    op.execute(NOW_FUNCTION)
    op.add_column('games', sa.Column('content_version', sa.BigInteger(), nullable=False,
                                     server_default=sa.text('letopis_content_version_now()')))
    op.execute(FUNCTIONS)
    op.execute("CREATE TRIGGER games_content_version BEFORE UPDATE ON games FOR EACH ROW "
               "EXECUTE FUNCTION letopis_games_version()")
    for table in BY_GAME:
        for stmt in _triggers(table, "letopis_rows_by_game"):
            op.execute(stmt)
    for table in BY_STEP:
        for stmt in _triggers(table, "letopis_rows_by_step"):
            op.execute(stmt)
    op.execute("CREATE TRIGGER users_renamed_content_version AFTER UPDATE OF display_name ON users FOR EACH ROW "
               "WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name) EXECUTE FUNCTION letopis_user_renamed()")


def downgrade() -> None:
    op.execute("DROP TRIGGER users_renamed_content_version ON users")
    for table in BY_GAME + BY_STEP:
        for event in EVENTS:
            op.execute(f"DROP TRIGGER {table}_content_version_{event.lower()} ON {table}")
    op.execute("DROP TRIGGER games_content_version ON games")
    op.drop_column('games', 'content_version')
    for fn in ("letopis_user_renamed()", "letopis_rows_by_step()", "letopis_rows_by_game()",
               "letopis_games_version()", "letopis_bump_games(integer[])", "letopis_content_version_now()"):
        op.execute(f"DROP FUNCTION {fn}")
