"""Seats' display names.

Revision ID: 0006
Revises: 0005

``seats.name``: the display name the seat's person gave (checked by the
server: 1 to 24 characters of printable text, see docs/server.md); NULL
until one is given, and for every seat of the tables stored before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("name", sa.String(24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("name")
