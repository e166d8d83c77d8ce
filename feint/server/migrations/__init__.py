"""Alembic's migrations of the server's schema (run by :func:`feint.server.db.migrate`)."""
