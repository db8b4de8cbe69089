"""Initial schema: users, games, seats, steps, posts, resolutions, snapshots, audit log.

Revision ID: 0001
Revises: 
Create Date: 2026-11-21 05:31:04.821593
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('users',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('login', sa.String(length=64), nullable=False),
    sa.Column('display_name', sa.String(length=100), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.Column('is_admin', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users')),
    sa.UniqueConstraint('login', name=op.f('uq_users_login'))
    )
    op.create_table('games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('ruleset_id', sa.String(length=64), nullable=False),
    sa.Column('title', sa.String(length=200), nullable=False),
    sa.Column('options', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('factions', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('gm_user_id', sa.Integer(), nullable=False),
    sa.Column('setup_seed', sa.String(length=64), nullable=True),
    sa.Column('setup_document', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('initial_state', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('state', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('result', postgresql.JSONB(astext_type=sa.Text()), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['gm_user_id'], ['users.id'], name=op.f('fk_games_gm_user_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_games'))
    )
    op.create_table('audit_log',
    sa.Column('id', sa.BigInteger(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('step_number', sa.Integer(), nullable=True),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('action', sa.String(length=32), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('data', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['users.id'], name=op.f('fk_audit_log_actor_id_users')),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_audit_log_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_log'))
    )
    op.create_index('ix_audit_log_game_created', 'audit_log', ['game_id', 'id'], unique=False)
    op.create_table('seats',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('faction_id', sa.String(length=64), nullable=False),
    sa.Column('faction_name', sa.String(length=100), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('invite_token', sa.String(length=64), nullable=True),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_seats_game_id_games')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_seats_user_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seats')),
    sa.UniqueConstraint('game_id', 'faction_id', name=op.f('uq_seats_game_id_faction_id')),
    sa.UniqueConstraint('invite_token', name=op.f('uq_seats_invite_token'))
    )
    op.create_index(op.f('ix_seats_game_id'), 'seats', ['game_id'], unique=False)
    op.create_index(op.f('ix_seats_user_id'), 'seats', ['user_id'], unique=False)
    op.create_table('steps',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('turn', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('state_before', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('seed', sa.String(length=64), nullable=False),
    sa.Column('commitment', sa.String(length=64), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('opened_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_steps_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_steps')),
    sa.UniqueConstraint('game_id', 'number', name=op.f('uq_steps_game_id_number'))
    )
    op.create_index(op.f('ix_steps_game_id'), 'steps', ['game_id'], unique=False)
    op.create_table('posts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('step_id', sa.Integer(), nullable=False),
    sa.Column('faction_id', sa.String(length=64), nullable=False),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('author_id', sa.Integer(), nullable=True),
    sa.Column('reading', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.Column('annulled', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('annul_reason', sa.Text(), nullable=True),
    sa.Column('annulled_by', sa.Integer(), nullable=True),
    sa.Column('annulled_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['annulled_by'], ['users.id'], name=op.f('fk_posts_annulled_by_users')),
    sa.ForeignKeyConstraint(['author_id'], ['users.id'], name=op.f('fk_posts_author_id_users')),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_posts_game_id_games')),
    sa.ForeignKeyConstraint(['step_id'], ['steps.id'], name=op.f('fk_posts_step_id_steps')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_posts')),
    sa.UniqueConstraint('step_id', 'faction_id', 'revision', name=op.f('uq_posts_step_id_faction_id_revision'))
    )
    op.create_index(op.f('ix_posts_game_id'), 'posts', ['game_id'], unique=False)
    op.create_index(op.f('ix_posts_step_id'), 'posts', ['step_id'], unique=False)
    op.create_table('resolutions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('step_id', sa.Integer(), nullable=False),
    sa.Column('submissions', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('events', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('rolls', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('overrides', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('state_after', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('superseded', sa.Boolean(), server_default='false', nullable=False),
    sa.Column('superseded_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_by', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['created_by'], ['users.id'], name=op.f('fk_resolutions_created_by_users')),
    sa.ForeignKeyConstraint(['step_id'], ['steps.id'], name=op.f('fk_resolutions_step_id_steps')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_resolutions'))
    )
    op.create_index(op.f('ix_resolutions_step_id'), 'resolutions', ['step_id'], unique=False)
    op.create_table('snapshots',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('step_id', sa.Integer(), nullable=False),
    sa.Column('resolution_id', sa.Integer(), nullable=False),
    sa.Column('state', postgresql.JSONB(astext_type=sa.Text()), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), server_default=sa.text('now()'), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_snapshots_game_id_games')),
    sa.ForeignKeyConstraint(['resolution_id'], ['resolutions.id'], name=op.f('fk_snapshots_resolution_id_resolutions')),
    sa.ForeignKeyConstraint(['step_id'], ['steps.id'], name=op.f('fk_snapshots_step_id_steps')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_snapshots')),
    sa.UniqueConstraint('resolution_id', name=op.f('uq_snapshots_resolution_id'))
    )
    op.create_index(op.f('ix_snapshots_game_id'), 'snapshots', ['game_id'], unique=False)
    op.create_index(op.f('ix_snapshots_step_id'), 'snapshots', ['step_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_snapshots_step_id'), table_name='snapshots')
    op.drop_index(op.f('ix_snapshots_game_id'), table_name='snapshots')
    op.drop_table('snapshots')
    op.drop_index(op.f('ix_resolutions_step_id'), table_name='resolutions')
    op.drop_table('resolutions')
    op.drop_index(op.f('ix_posts_step_id'), table_name='posts')
    op.drop_index(op.f('ix_posts_game_id'), table_name='posts')
    op.drop_table('posts')
    op.drop_index(op.f('ix_steps_game_id'), table_name='steps')
    op.drop_table('steps')
    op.drop_index(op.f('ix_seats_user_id'), table_name='seats')
    op.drop_index(op.f('ix_seats_game_id'), table_name='seats')
    op.drop_table('seats')
    op.drop_index('ix_audit_log_game_created', table_name='audit_log')
    op.drop_table('audit_log')
    op.drop_table('games')
    op.drop_table('users')
