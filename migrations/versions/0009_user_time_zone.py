"""Each user's time zone (an IANA name): pages show times in it; Moscow for everyone until they
choose another. And the index «Мои игры» needs to find the games a user masters
(``games.gm_user_id``); a game's active step comes through 0009's ``ix_steps_game_active``.

Revision ID: 0009_user_time_zone
Revises: 0008_email_notifications
Create Date: 2026-11-27 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009_user_time_zone'
down_revision: str | None = '0008_email_notifications'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('users', sa.Column('time_zone', sa.String(length=64), server_default='Europe/Moscow',
                                     nullable=False))
    op.create_index(op.f('ix_games_gm_user_id'), 'games', ['gm_user_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_games_gm_user_id'), table_name='games')
    op.drop_column('users', 'time_zone')
