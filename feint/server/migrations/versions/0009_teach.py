"""Teaching tables: a first game against bots, each decision explained.

Revision ID: 0009
Revises: 0008

``tables.teach``: the table teaches its person the game; every state message
to a seat carries a lesson (``feint.server.messages``). Set when the table is
made, never changed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("teach", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("teach")
