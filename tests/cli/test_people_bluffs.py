"""The terminal's end screen tells each seat's bluff statistics in the browser's words (one builder)."""

from __future__ import annotations

from feint.arena.bluffs import bluff_statistics
from feint.engine.replay import Replay
from tests.arena.test_people_bluffs import LIARS_MOVES, LIARS_ROLLS
from tests.cli.screens import play_through


def told(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())


def test_the_end_screen_tells_the_statistics_of_a_fixed_game() -> None:
    record = Replay("liars_dice", 2, 1, {"dice": 2}, LIARS_ROLLS, LIARS_MOVES)
    screen, _ = play_through("liars_dice", 2, 1, record=record)
    end = screen.drawings[-1].lines
    assert end[-1] == "Game over. The winner: seat 1."
    # The news ends with the other seats' statistics, then the viewer's own, just above the outcome.
    assert (
        "Seat 1 bluffed once in 3 claims, and it was called; seat 1 never doubted; seat 1 believed 2 claims, "
        "and 1 was a bluff. You bluffed once in 2 claims, and it was not called; your doubts were right 1 "
        "of 3; you believed none. Game over." in told(end)
    )


def test_at_one_terminal_of_several_people_each_seat_is_named() -> None:
    record = Replay("liars_dice", 2, 1, {"dice": 2}, LIARS_ROLLS, LIARS_MOVES)
    screen, _ = play_through("liars_dice", 2, 1, record=record, humans=2)
    end = told(screen.drawings[-1].lines)
    assert "Seat 0 bluffed once in 2 claims" in end and "Seat 1 bluffed once in 3 claims" in end


def test_a_played_game_ends_with_every_seats_sentence_from_the_function() -> None:
    screen, session = play_through("knights", 3, 4)
    statistics = bluff_statistics(session.state, 0)
    assert statistics is not None
    end = told(screen.drawings[-1].lines)
    assert all(seat["sentence"] in end for seat in statistics)


def test_a_game_without_claims_says_nothing_of_bluffs() -> None:
    screen, _ = play_through("guile", 2, 4)
    assert "bluff" not in screen.drawings[-1].text().lower()
