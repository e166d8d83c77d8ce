"""The schema is Alembic's and matches the models; ``feint serve`` refuses bad options before starting."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from feint.cli.main import main
from feint.server.db import Base, migrate


def test_alembic_builds_the_schema_the_models_describe(database: str) -> None:
    migrate(database)
    migrate(database)  # a second upgrade finds nothing to do
    engine = create_engine(database)
    try:
        assert {"tables", "seats", "moves", "alembic_version"} <= set(inspect(engine).get_table_names())
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["--workers", "2"], "--workers above 1"),
        (["--workers", "2", "--redis", "redis://localhost"], "--workers above 1"),
        (["--port", "0"], "--port must be"),
        (["--throttle", "0"], "--throttle must be"),
        (["--bot-pause", "-1"], "--bot-pause cannot"),
        (["--expire-after", "0"], "--expire-after must be"),
        (["--smtp", "http://mail.example.org"], "--smtp is smtp://"),
        (["--webhook-prefix", "https://discord.com"], "ending with '/'"),
        (["--webhook-prefix", "ftp://hooks.example.org/"], "an http(s) URL"),
    ],
)
def test_serve_refuses_bad_options_with_a_reason(
    arguments: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *arguments]) == 2
    assert complaint in capsys.readouterr().err


def test_serve_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = capsys.readouterr().out
    assert all(option in text for option in ("--host", "--port", "--database", "--workers", "--redis"))
