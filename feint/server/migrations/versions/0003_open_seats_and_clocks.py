"""Seats open to the lobby, clocks that start once everybody is here, moves a stand-in bot made.

Revision ID: 0003
Revises: 0002

``seats.lobby``: the creator opened the seat to strangers in the lobby
(before, every person's seat of a public table was offered; now none is
unless opened, so existing seats are closed). ``tables.clocks_started``:
the clocks run once every person's seat has been opened, or the creator
started them (existing tables' clocks ran from creation, so they have
started). ``moves.stand_in``: a bot played the move for the seat's person.
``seats.pending``: a table move the seat's person asked for that the rules
let it make only later (sitting in during a turn).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as seats:
        seats.add_column(sa.Column("lobby", sa.Boolean, nullable=False, server_default=sa.false()))
        seats.add_column(sa.Column("pending", sa.String(32), nullable=True))
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("clocks_started", sa.Boolean, nullable=False, server_default=sa.true()))
    with op.batch_alter_table("moves") as moves:
        moves.add_column(sa.Column("stand_in", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("moves") as moves:
        moves.drop_column("stand_in")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("clocks_started")
    with op.batch_alter_table("seats") as seats:
        seats.drop_column("pending")
        seats.drop_column("lobby")
