"""Hidden information: a game's one secret seed (its SHA-256 public from the start, the seed itself
revealed when the ruleset says so) and each resolution's secret draws kept apart from its rolls.

Revision ID: 0003_hidden_information
Revises: 0002_deadlines_notifications
Create Date: 2026-11-21 08:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0003_hidden_information'
down_revision: str | None = '0002_deadlines_notifications'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('games', sa.Column('secret_seed', sa.String(length=64), nullable=True))
    op.add_column('games', sa.Column('secret_commitment', sa.String(length=64), nullable=True))
    op.add_column('games', sa.Column('secret_revealed_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('resolutions', sa.Column('secret_rolls', postgresql.JSONB(astext_type=sa.Text()),
                                           server_default=sa.text("'[]'::jsonb"), nullable=False))


def downgrade() -> None:
    op.drop_column('resolutions', 'secret_rolls')
    op.drop_column('games', 'secret_revealed_at')
    op.drop_column('games', 'secret_commitment')
    op.drop_column('games', 'secret_seed')
