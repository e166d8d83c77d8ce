"""``feint play guardians``: whole games through the terminal, bad input, and what the human may see."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.terminal import feint_play as play

EVERY_FIRST_MOVE = "1\n" * 3000
BOT_LINE = re.compile(r"^seat \d ")


def feint_play(*args: str, answers: str) -> subprocess.CompletedProcess[str]:
    return play("guardians", *args, answers=answers)


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "3", "--seed", "2", "--bot-seed", "1"),
        ("--players", "2", "--seat", "1", "--vs", "random", "--seed", "4", "--bot-seed", "2"),
    ],
    ids=["three-seats-heuristic", "two-seats-random-seat-1"],
)
def test_a_whole_game_is_played_to_the_end(args: tuple[str, ...]) -> None:
    done = feint_play(*args, answers=EVERY_FIRST_MOVE)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "War is revealed: the game ends" in out
    assert "War! The final score:" in out
    assert re.search(r"^total\s+\d+\s+\d+", out, re.MULTILINE)
    assert re.search(r"^Game over\. The winner: (you|seat \d)( and (you|seat \d))*\.$", out, re.MULTILINE)


def test_the_human_never_sees_what_other_seats_hide() -> None:
    out = feint_play("--players", "3", "--seed", "2", "--bot-seed", "3", answers=EVERY_FIRST_MOVE).stdout
    bot_lines = [line for line in out.splitlines() if BOT_LINE.match(line)]
    draws = [line for line in bot_lines if "drew a card from the deck" in line]
    offers = [line for line in bot_lines if " offered " in line]
    assert draws and offers
    assert all(line.endswith("drew a card from the deck") for line in draws)
    assert all("really" not in line for line in offers)
    assert re.search(r"^Your hand: (weapon|artifact|shield|villager|spell|curse)( |$)", out, re.MULTILINE)
    assert "?" not in "".join(line for line in out.splitlines() if line.startswith("Your hand"))


def test_illegal_input_gets_the_reason_and_the_question_again() -> None:
    done = feint_play("--players", "2", answers="buy curse\noffer 9 weapon to 1 as shield\n999\nquit\n")
    out = done.stdout
    assert "Not a legal move: a Curse cannot be bought; cleanse removes one from the pool" in out
    assert "Not a legal move: not a Guardian's Call move; moves are: draw pool <type>" in out
    assert "Not a legal move: there is no move 999" in out
    assert out.rstrip().endswith("Game abandoned.")
    assert done.returncode == 1


def test_the_table_shows_the_turn_the_pool_and_the_seats() -> None:
    out = feint_play("--players", "4", "--seed", "1", answers="quit\n").stdout
    first = out.split("Your moves:")[0]
    assert re.search(
        r"^Guardian's Call, turn 1 \(your turn\): preparing an offer\. You are .+\.$", first, re.MULTILINE
    )
    assert re.search(r"^Pool: (\w+ ){4}\w+\s+Deck: 105 cards\s+Council to come$", first, re.MULTILINE)
    assert "Castle VP tokens: 5: 5 4 3 2  10: 5 4 3 2  15: 5 4 3 2  20: 5 4 3 2" in first
    assert len(re.findall(r"^(you|seat [123])\s+\w+\s+3\s+0\s+0\s+0\s+-", first, re.MULTILINE)) == 4
