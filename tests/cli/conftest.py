"""The terminal's tests run in English whatever the machine's language: ``feint play`` called in this
process reads the language from the environment (``tests/terminal.py`` sets it for a child)."""

from __future__ import annotations

import pytest

from feint.cli.language import ENVIRONMENT


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
