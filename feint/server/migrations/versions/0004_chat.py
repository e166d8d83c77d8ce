"""A table's chat: the seats' and the spectators' lines and quick reactions, stored with the table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("said", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
