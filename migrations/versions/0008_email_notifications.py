"""E-mail notifications: each user's address, its confirmation and the events chosen
(``email_subscriptions``), and the delivery queue's channel, so that letters go through the same
queue, retries and log as webhooks (``notifications.channel``: webhook | email).

Revision ID: 0008_email_notifications
Revises: 0007_turn_length
Create Date: 2026-11-28 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0008_email_notifications'
down_revision: str | None = '0007_turn_length'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('email_subscriptions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('address', sa.String(length=320), nullable=False),
    sa.Column('events', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('enabled', sa.Boolean(), server_default='true', nullable=False),
    sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('confirmation_sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_email_subscriptions_user_id_users'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_email_subscriptions')),
    sa.UniqueConstraint('user_id', name=op.f('uq_email_subscriptions_user_id'))
    )
    op.add_column('notifications', sa.Column('channel', sa.String(length=16), server_default='webhook',
                                             nullable=False))


def downgrade() -> None:
    op.execute("DELETE FROM notifications WHERE channel <> 'webhook'")
    op.drop_column('notifications', 'channel')
    op.drop_table('email_subscriptions')
