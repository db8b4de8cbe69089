"""A game's turn length: every new step gets its deadline this many hours after it opens.

Revision ID: 0007_turn_length
Revises: 0006_post_withdrawal
Create Date: 2026-11-27 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007_turn_length'
down_revision: str | None = '0006_post_withdrawal'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('game_schedules', sa.Column('turn_hours', sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column('game_schedules', 'turn_hours')
