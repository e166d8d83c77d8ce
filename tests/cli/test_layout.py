"""Every table size fits a terminal of 80x24: whole games played in this process, every screen measured.

A screen is the table, at least five lines of news, the decision (menu,
note or status line) and the prompt's line: at most 24 lines of at most 80
columns, and nothing cut short with "…". The end screen fits too. The
fullest, latest and end screens of a 5-seat Guardian's Call game and a
5-seat Knights game with a variant are compared exactly with snapshots
(``FEINT_SNAPSHOTS=update`` rewrites them; read the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from feint.engine.registry import game_names, get_game
from tests.cli.screens import COLUMNS, ROWS, Drawing, cut, play_through

SNAPSHOTS = Path(__file__).parent / "snapshots"
NEWS = 5
"""The fewest lines of news a screen leaves room for."""
SIZES = [
    (game, players)
    for game in game_names()
    for players in range(get_game(game).MIN_PLAYERS, get_game(game).MAX_PLAYERS + 1)
]
KNIGHTS_VARIANTS = ("agreeing-not-safe", "blanks-less-rewarding", "bluffing-wilds")


def check(drawing: Drawing, news: int) -> None:
    text = drawing.text()
    assert drawing.room >= news, f"room for {drawing.room} lines of news:\n{text}"
    assert len(drawing.lines) <= ROWS - 1, text
    assert all(len(line) <= COLUMNS for line in drawing.lines), text
    assert not cut(drawing), text


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_every_screen_of_a_whole_game_fits_80_by_24_with_five_lines_of_news(game: str, players: int) -> None:
    screen, session = play_through(game, players, seed=11)
    assert session.state.is_over()
    *playing, end = screen.drawings
    assert len(playing) > 5
    for drawing in playing:
        check(drawing, NEWS)
    check(end, 0)


@pytest.mark.parametrize("variant", KNIGHTS_VARIANTS)
def test_every_knights_screen_at_five_seats_fits_with_each_variant(variant: str) -> None:
    screen, _ = play_through("knights", 5, seed=3, variants=[variant])
    *playing, end = screen.drawings
    for drawing in playing:
        check(drawing, NEWS)
    check(end, 0)


SNAPSHOT_GAMES = {
    "guardians-5": ("guardians", 5, 11, ()),
    "knights-5": ("knights", 5, 1, ("bluffing-wilds",)),
}


@pytest.mark.parametrize("name", sorted(SNAPSHOT_GAMES))
def test_the_fullest_latest_and_end_screens_at_five_seats_match_their_snapshots(name: str) -> None:
    game, players, seed, variants = SNAPSHOT_GAMES[name]
    screen, _ = play_through(game, players, seed, variants=variants)
    *playing, end = screen.drawings
    fullest = max(playing, key=lambda drawing: drawing.table + drawing.decision)
    shown = {"fullest": fullest, "latest": playing[-1], "end": end}
    for which, drawing in shown.items():
        snapshot = SNAPSHOTS / f"{name}-{which}.txt"
        if os.environ.get("FEINT_SNAPSHOTS") == "update":
            snapshot.write_text(drawing.text())
        assert drawing.text() == snapshot.read_text(), which
