"""A seat's bot holds any spec the bot parser accepts: 64 characters (``feint.bots.spec.MAX_SPEC``), not 32.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("bot", type_=sa.String(64), existing_type=sa.String(32), existing_nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("bot", type_=sa.String(32), existing_type=sa.String(64), existing_nullable=True)
