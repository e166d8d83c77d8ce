"""The event-sourced tables: tables, their seats and their ordered moves.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("setup", sa.JSON, nullable=False),
        sa.Column("bot_stream", sa.BigInteger, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("creator_hash", sa.String(64), nullable=False),
        sa.Column("clock_bank", sa.Float, nullable=True),
        sa.Column("clock_increment", sa.Float, nullable=True),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("tables_waiting", "tables", ["public", "over"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("stand_in", sa.Boolean, nullable=False),
        sa.Column("remaining", sa.Float, nullable=True),
        sa.Column("running_since", sa.Float, nullable=True),
    )
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.String(200), nullable=False),
        sa.Column("played", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_index("tables_waiting", "tables")
    op.drop_table("tables")
