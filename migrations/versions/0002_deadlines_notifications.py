"""Deadlines (pause, grace, reminders), receipts frozen by a trigger, webhook notifications.

Revision ID: 0002_deadlines_notifications
Revises: 0001
Create Date: 2026-11-21 06:45:27.308191
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0002_deadlines_notifications'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# When a step stops accepting posts (open -> draft/published), every post revision of it gets a
# receipt with the SHA-256 the database computes from the stored text at that moment.
FREEZE_FUNCTION = """
CREATE OR REPLACE FUNCTION letopis_freeze_posts() RETURNS trigger AS $$
BEGIN
    INSERT INTO receipts (post_id, step_id, sha256, frozen_at)
    SELECT p.id, p.step_id, encode(sha256(convert_to(p.text, 'UTF8')), 'hex'), now()
    FROM posts p WHERE p.step_id = NEW.id
    ON CONFLICT (post_id) DO NOTHING;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql
"""
FREEZE_TRIGGER = """
CREATE TRIGGER steps_freeze_posts AFTER UPDATE OF status ON steps
FOR EACH ROW WHEN (OLD.status = 'open' AND NEW.status <> 'open')
EXECUTE FUNCTION letopis_freeze_posts()
"""


def upgrade() -> None:
    op.create_table('notifications',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('event', sa.String(length=32), nullable=False),
    sa.Column('dedupe_key', sa.String(length=200), nullable=False),
    sa.Column('url', sa.Text(), nullable=False),
    sa.Column('payload', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('status', sa.String(length=16), server_default='pending', nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('next_attempt_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_notifications_user_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notifications')),
    sa.UniqueConstraint('dedupe_key', name=op.f('uq_notifications_dedupe_key'))
    )
    op.create_index('ix_notifications_due', 'notifications', ['status', 'next_attempt_at'], unique=False)
    op.create_index(op.f('ix_notifications_user_id'), 'notifications', ['user_id'], unique=False)
    op.create_table('webhooks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.Text(), nullable=False),
    sa.Column('events', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('enabled', sa.Boolean(), server_default='true', nullable=False),
    sa.Column('secret', sa.String(length=64), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_webhooks_user_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhooks')),
    sa.UniqueConstraint('user_id', name=op.f('uq_webhooks_user_id'))
    )
    op.create_table('game_schedules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('paused', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('paused_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('grace_minutes', sa.Integer(), server_default='0', nullable=False),
    sa.Column('reminder_minutes', sa.Integer(), server_default='360', nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_game_schedules_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_schedules')),
    sa.UniqueConstraint('game_id', name=op.f('uq_game_schedules_game_id'))
    )
    op.create_table('notification_deliveries',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('notification_id', sa.BigInteger(), nullable=False),
    sa.Column('attempt', sa.Integer(), nullable=False),
    sa.Column('status_code', sa.Integer(), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.Column('duration_ms', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['notification_id'], ['notifications.id'], name=op.f('fk_notification_deliveries_notification_id_notifications'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notification_deliveries'))
    )
    op.create_index(op.f('ix_notification_deliveries_notification_id'), 'notification_deliveries', ['notification_id'], unique=False)
    op.create_table('step_notices',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('step_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=100), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['step_id'], ['steps.id'], name=op.f('fk_step_notices_step_id_steps'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_step_notices')),
    sa.UniqueConstraint('step_id', 'kind', name=op.f('uq_step_notices_step_id_kind'))
    )
    op.create_table('receipts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('post_id', sa.Integer(), nullable=False),
    sa.Column('step_id', sa.Integer(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('frozen_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['post_id'], ['posts.id'], name=op.f('fk_receipts_post_id_posts')),
    sa.ForeignKeyConstraint(['step_id'], ['steps.id'], name=op.f('fk_receipts_step_id_steps'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_receipts')),
    sa.UniqueConstraint('post_id', name=op.f('uq_receipts_post_id'))
    )
    op.create_index(op.f('ix_receipts_step_id'), 'receipts', ['step_id'], unique=False)
    op.execute(FREEZE_FUNCTION)
    op.execute(FREEZE_TRIGGER)
    # steps closed before this migration get their receipts now; announced steps stay quiet
    op.execute("INSERT INTO receipts (post_id, step_id, sha256) SELECT p.id, p.step_id, "
               "encode(sha256(convert_to(p.text, 'UTF8')), 'hex') FROM posts p JOIN steps s ON s.id = p.step_id "
               "WHERE s.status <> 'open'")
    op.execute("INSERT INTO step_notices (step_id, kind) SELECT id, 'step_published' FROM steps "
               "WHERE status = 'published'")
    op.execute("INSERT INTO step_notices (step_id, kind) SELECT id, 'your_turn' FROM steps")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS steps_freeze_posts ON steps")
    op.execute("DROP FUNCTION IF EXISTS letopis_freeze_posts()")
    op.drop_index(op.f('ix_receipts_step_id'), table_name='receipts')
    op.drop_table('receipts')
    op.drop_table('step_notices')
    op.drop_index(op.f('ix_notification_deliveries_notification_id'), table_name='notification_deliveries')
    op.drop_table('notification_deliveries')
    op.drop_table('game_schedules')
    op.drop_table('webhooks')
    op.drop_index(op.f('ix_notifications_user_id'), table_name='notifications')
    op.drop_index('ix_notifications_due', table_name='notifications')
    op.drop_table('notifications')
