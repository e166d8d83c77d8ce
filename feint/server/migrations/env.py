"""Alembic's environment: migrate the database named in the config, online only."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool, text

MIGRATION_LOCK = 0x6665696E74
"""PostgreSQL advisory lock held while migrating, so workers starting together migrate once."""

url = context.config.get_main_option("sqlalchemy.url")
assert url is not None, "feint.server.db.migrate sets the database URL"
connectable = create_engine(url, poolclass=pool.NullPool, hide_parameters=True)  # no values in logs
with connectable.connect() as connection:
    context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        context.run_migrations()
connectable.dispose()
