"""Indexes that keep the pages of a long game flat (issue 13): what they look up no longer grows
with the number of steps.

- ``steps (game_id, number) WHERE status <> 'published'``: the open or draft step of a game (the
  game page, every post) without walking back through its published steps — in a finished game
  there is none, and the old plan scanned every step to say so;
- ``steps (game_id, number) WHERE status = 'published'``: the published count and the latest
  published steps from the index alone;
- ``steps (published_at DESC, id DESC) WHERE status = 'published'``: the site feed's newest steps
  without sorting every step of every game;
- ``audit_log (game_id, step_number, id)``: a step's GM actions (its chronicle) without reading the
  whole game's audit log.

Revision ID: 0005_scale_indexes
Revises: 0004_tokens_login_attempts
Create Date: 2026-11-27 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005_scale_indexes'
down_revision: str | None = '0004_tokens_login_attempts'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index('ix_steps_game_active', 'steps', ['game_id', 'number'], unique=False,
                    postgresql_where=sa.text("status <> 'published'"))
    op.create_index('ix_steps_game_published', 'steps', ['game_id', 'number'], unique=False,
                    postgresql_where=sa.text("status = 'published'"))
    op.create_index('ix_steps_published_at', 'steps', [sa.text('published_at DESC'), sa.text('id DESC')],
                    unique=False, postgresql_where=sa.text("status = 'published'"))
    op.create_index('ix_audit_log_game_step', 'audit_log', ['game_id', 'step_number', 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_audit_log_game_step', table_name='audit_log')
    op.drop_index('ix_steps_published_at', table_name='steps')
    op.drop_index('ix_steps_game_published', table_name='steps')
    op.drop_index('ix_steps_game_active', table_name='steps')
