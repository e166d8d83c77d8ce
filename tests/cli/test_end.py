"""The end screen: why a tie went as it did, how each seat ended, "you", the outcome told once, and log after.

Each test plays a fixed game through :class:`TerminalGame` in this process
(tests/cli/screens.py) and reads the end screen as drawn at 80x24.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from feint.cli.render import renderer_for
from feint.engine.replay import Replay
from feint.engine.state import Result
from tests.cli.screens import ROWS, play_through
from tests.cli.test_render import text

SCENARIOS = Path(__file__).parent.parent / "scenarios"
GAMES = {"guile": 2, "knights": 3, "guardians": 3}


def test_guardians_a_tie_on_vp_won_on_coins_says_the_rule_that_broke_it() -> None:
    # Rulings, Scoring ("Final ties: most coins, then a shared victory"); GC31.
    record = Replay.from_json(json.loads((SCENARIOS / "guardians" / "final-tie-most-coins.json").read_text()))
    assert record.play().result().tiebreak == "coins"
    screen, _ = play_through("guardians", 2, 1, record=record)
    end = screen.drawings[-1].lines
    told = " ".join(" ".join(end).split())
    assert (
        "You and seat 1 tied on 0 VP; a tie goes to the most coins left (you 2 coins and seat 1 1 coin)."
        in told
    )
    assert end[-1] == "Game over. The winner: you."


def test_guardians_a_win_on_vp_alone_names_no_tiebreak() -> None:
    screen, session = play_through("guardians", 5, 11)
    assert session.state.result().tiebreak is None
    assert not any("tied on" in line for line in screen.drawings[-1].lines)


def test_knights_the_end_screen_says_how_each_seat_ended() -> None:
    screen, session = play_through("knights", 5, 1, variants=["bluffing-wilds"])
    view = session.state.view(None)
    assert list(view.exits) == [2, 4, 0]  # type: ignore[attr-defined]
    rows = {line[:7].rstrip(): line for line in screen.drawings[-1].lines[4:9]}
    assert rows["you"].endswith("left by the Exit, third")
    assert rows["seat 2"].endswith("left by the Exit, first")
    assert rows["seat 4"].endswith("left by the Exit, second")
    assert rows["seat 1"].endswith("out: caught in the collapse")
    assert rows["seat 3"].endswith("out: caught in the collapse")


def test_knights_a_seat_still_in_the_dungeon_at_the_end_is_told_where_it_stood() -> None:
    # A game of one round (max_rounds) ends with both seats in the dungeon; the furthest wins.
    screen, session = play_through("knights", 2, 1, record=Replay("knights", 2, 1, {"max_rounds": 1}))
    assert session.state.winners() == (0,)
    rows = screen.drawings[-1].lines[4:6]
    assert rows[0].startswith("you    4") and rows[0].endswith("still in, at place 4")
    assert rows[1].startswith("seat 1 3") and rows[1].endswith("still in, at place 3")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_end_screen_calls_the_human_you_and_tells_the_outcome_once(game: str) -> None:
    screen, session = play_through(game, GAMES[game], 11)
    end = screen.drawings[-1].text()
    assert "seat 0" not in end.lower() and "you" in end
    assert end.count("Game over.") == 1
    assert "won two rounds and the game" not in end and "The game is over;" not in end
    names = ["you" if seat == 0 else f"seat {seat}" for seat in session.state.winners()]
    assert screen.drawings[-1].lines[-1].startswith("Game over. The winner")
    assert all(name in screen.drawings[-1].lines[-1] for name in names)


def test_guile_the_end_screen_tells_each_rounds_outcome_once() -> None:
    screen, session = play_through("guile", 2, 11)
    end = screen.drawings[-1]
    table = end.lines[: end.table]
    rounds = [line.split(": ", 1)[1] for line in table if line.startswith("Round ")]
    assert len(rounds) == len(session.state.view(0).rounds) > 1  # type: ignore[attr-defined]
    assert all(" ".join(table).count(outcome) == 1 for outcome in rounds), "\n".join(table)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_with_several_humans_the_end_screen_names_every_seat(game: str) -> None:
    screen, _ = play_through(game, GAMES[game], 11, humans=2)
    end = screen.drawings[-1].text()
    assert "seat 0" in end.lower() and "seat 1" in end.lower()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_log_still_works_after_the_end_and_enter_leaves(game: str) -> None:
    screen, session = play_through(game, GAMES[game], 11, after=["log", ""])
    first, again = screen.drawings[-2], screen.drawings[-1]
    assert first.lines == again.lines, "after the log the end screen is drawn again"
    assert len(screen.pages) == 1
    last = " ".join(session.windows[0].lines()[-1].split())
    assert " ".join(screen.pages[0].split()).endswith(last)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_of_the_log_fits_the_screen_and_the_pages_hold_every_line_once(game: str) -> None:
    # A page counts the rows its long lines wrap to: none of them scrolls off the top.
    screen, session = play_through(game, GAMES[game], 11, after=["log", ""], leaf=True)
    pages = screen.pages
    assert len(pages) > 2
    assert all(len(page.splitlines()) <= ROWS - 1 for page in pages), max(pages, key=len)
    told = " ".join(session.windows[0].lines())
    assert " ".join(" ".join(reversed(pages)).split()) == " ".join(told.split())


def test_guardians_a_tie_on_vp_and_coins_is_told_as_a_shared_victory() -> None:
    # GC31: still tied on coins, the victory is shared. The scenario's end, with seat 1 given seat 0's coins.
    record = Replay.from_json(json.loads((SCENARIOS / "guardians" / "final-tie-most-coins.json").read_text()))
    state = record.play()
    views = [state.view(seat) for seat in range(2)]
    views = [replace(view, seats=tuple(replace(s, coins=2) for s in view.seats)) for view in views]  # type: ignore[attr-defined]
    result = Result((0, 1), state.result().scores, "war", "coins")
    drawn = text(renderer_for("guardians").final(views, state.events(None), result, 0))
    told = " ".join(drawn.split())
    assert (
        "You and seat 1 tied on 0 VP and on coins (you 2 coins and seat 1 2 coins): the victory is shared."
        in told
    )
