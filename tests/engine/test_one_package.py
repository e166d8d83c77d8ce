"""A game is one package: no module of feint outside a game's package names that game, and no game names
another (docs and tests aside). A mention is the game's title or its module path anywhere, and outside
the games' packages also its name as a string (another game may use the word: Guile's ``"knights"``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import feint
from feint.engine.game import Game
from feint.engine.registry import declarations

ROOT = Path(feint.__file__).parent
SOURCES = [p for p in sorted(ROOT.rglob("*")) if p.suffix in (".py", ".js", ".css", ".html", ".json")]


GAMES = ROOT / "games"


def mentions(game: Game, central: bool) -> re.Pattern[str]:
    name = re.escape(game.name)
    quoted = rf"|[\"']{name}[\"']" if central else ""
    return re.compile(
        rf"{re.escape(game.title)}|games[./]{name}\b|\b{re.escape(game.package)}\b{quoted}", re.IGNORECASE
    )


@pytest.mark.parametrize("game", declarations(), ids=lambda game: game.name)
def test_no_module_outside_a_games_package_names_it(game: Game) -> None:
    home = Path(game.state.__module__.replace(".", "/")).parent
    central, elsewhere = mentions(game, central=True), mentions(game, central=False)
    found = [
        f"{path.relative_to(ROOT.parent)}:{number}: {line.strip()}"
        for path in SOURCES
        if not path.relative_to(ROOT.parent).is_relative_to(home)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if (elsewhere if path.is_relative_to(GAMES) else central).search(line)
    ]
    assert found == []
