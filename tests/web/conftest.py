"""The browser tests' services: the real ``feint serve`` on a free port and Debian's Chromium.

Screenshots of every table are saved under ``artifacts/screenshots/`` (ignored
by git); the run prints the folder at its end.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.server.services import Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


@pytest.fixture
def served() -> Iterator[tuple[str, str]]:
    """The base URL of a real server with a database file of its own and bots that do not pause, and
    that database's URL.

    One a test, so its tables are dealt from the fixed seed in the test's own order: the same games
    every run, whichever tests ran before it on the same worker.
    """
    with tempfile.TemporaryDirectory(prefix="feint-web-") as folder:
        database = f"sqlite:///{folder}/feint.db"
        with Server(database) as running:
            yield running.url, database


@pytest.fixture
def server(served: tuple[str, str]) -> str:
    """The base URL of :func:`served`'s server."""
    return served[0]


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        raise RuntimeError("Chromium is missing: apt-get install -y chromium (.ci/run does)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SCREENSHOTS.is_dir() and any(SCREENSHOTS.iterdir()):
        terminalreporter.write_line(f"browser screenshots: {SCREENSHOTS}")
