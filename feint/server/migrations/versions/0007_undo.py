"""Undo by consent: the count of take-backs, and the request to take moves back.

Revision ID: 0007
Revises: 0006

``tables.undos``: how many times moves were taken back at the table; a
worker holding a copy that counts fewer rebuilds it from the moves stored
(moves are deleted when taken back, so catching up by appending is not
enough). ``tables.undo``: the open request to take moves back, or the last
one until the next move, as JSON text (``feint.server.undo.UndoRequest``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))
        tables.add_column(sa.Column("undo", sa.String(400), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("undo")
        tables.drop_column("undos")
