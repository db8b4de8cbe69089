"""Posts a player withdraws while the step is open, and the per-game resolution delay
(«задержка расчёта»): a complete step stays open that long after its last post.

Revision ID: 0006_post_withdrawal
Revises: 0005_scale_indexes
Create Date: 2026-11-26 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0006_post_withdrawal'
down_revision: str | None = '0005_scale_indexes'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column('posts', sa.Column('withdrawn_at', sa.DateTime(timezone=True), nullable=True))
    op.add_column('posts', sa.Column('withdrawn_by', sa.Integer(), nullable=True))
    op.create_foreign_key(op.f('fk_posts_withdrawn_by_users'), 'posts', 'users', ['withdrawn_by'], ['id'])
    op.add_column('steps', sa.Column('resolve_at', sa.DateTime(timezone=True), nullable=True))
    op.create_index('ix_steps_resolve_at', 'steps', ['resolve_at'], unique=False,
                    postgresql_where=sa.text('resolve_at IS NOT NULL'))
    # running games keep resolving at their last post, as they did: a GM turns the delay on
    op.add_column('game_schedules', sa.Column('resolve_delay_minutes', sa.Integer(), server_default='0',
                                              nullable=False))


def downgrade() -> None:
    op.drop_column('game_schedules', 'resolve_delay_minutes')
    op.drop_index('ix_steps_resolve_at', table_name='steps', postgresql_where=sa.text('resolve_at IS NOT NULL'))
    op.drop_column('steps', 'resolve_at')
    op.drop_constraint(op.f('fk_posts_withdrawn_by_users'), 'posts', type_='foreignkey')
    op.drop_column('posts', 'withdrawn_by')
    op.drop_column('posts', 'withdrawn_at')
