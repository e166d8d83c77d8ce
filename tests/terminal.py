"""Running ``feint play`` in a subprocess with scripted answers, for the CLI tests of every game."""

from __future__ import annotations

import subprocess
import sys


def feint_play(game: str, *args: str, answers: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from feint.cli.main import entry; entry()", "play", game, *args],
        input=answers,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
