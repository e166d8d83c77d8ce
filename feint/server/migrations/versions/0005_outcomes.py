"""Each finished table's outcome per seat: who sat there (a person, or a bot by its spec) and the result.

Revision ID: 0005
Revises: 0004

``outcomes`` holds one row a seat, written in the transaction of the move
that ends the game; ``feint report people`` reads it (docs/server.md).
Tables finished before this revision have no rows.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "outcomes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("stand_in_moves", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("share", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("outcomes_game", "outcomes", ["game"])


def downgrade() -> None:
    op.drop_index("outcomes_game", "outcomes")
    op.drop_table("outcomes")
