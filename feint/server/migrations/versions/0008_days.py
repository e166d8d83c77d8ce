"""Turn-based play over days: the seats' contacts for "your turn" messages, and tables that expired.

Revision ID: 0008
Revises: 0007

``contacts``: one row a seat whose person asked to be told when it is their
move (an e-mail address or a webhook URL), with the seat's token to put its
link in the message, and the count of the seat's moves it was last told at
(``notified``: one message a turn). The rows go when the game ends or the
table expires. ``tables.expired``: the table was idle past the host's limit
(``feint serve --expire-after``): no more moves, its replay open.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as tables:
        tables.add_column(sa.Column("expired", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "contacts",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("address", sa.String(500), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("notified", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("contacts")
    with op.batch_alter_table("tables") as tables:
        tables.drop_column("expired")
