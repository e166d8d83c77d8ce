"""``feint play --names``: hot-seat players named at one terminal, in every screen and the log."""

from __future__ import annotations

import pytest

from feint.cli.main import main
from tests.cli.test_play import PROMPT, TITLES, run_in_process
from tests.terminal import play


def test_hot_seat_names_reach_the_hand_off_the_table_and_the_log() -> None:
    terminal = play("guile", "--fast", "--seats", "human,human", "--names", " ann ,Bob")
    terminal.expect(r"ann: press Enter")
    terminal.send("")
    terminal.expect(PROMPT)
    # Seat 0's screen: itself "you", the other seat by its name.
    assert terminal.screen().startswith(TITLES["guile"]) and "you 0, Bob 0" in terminal.screen()
    for _ in range(12):
        terminal.send("a")
        found = terminal.child.expect([r"Bob: press Enter", PROMPT])
        terminal._take()
        if found == 0:
            break
    else:
        pytest.fail("Bob was never handed the screen")
    assert "ann has moved" in terminal.plain().split("Bob: press Enter")[0].splitlines()[-2]
    terminal.send("")
    terminal.expect(PROMPT)
    # Seat 1's screen: the first seat's moves told with its name, never capitalised.
    assert "ann chose to lead the Allies of King Arthur." in terminal.plain().split("Bob: press Enter")[-1]
    assert "Pawns of Sir Mordred (odd): you." in terminal.screen()
    assert "Allies of King Arthur (even knights): ann." in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann,Bob,Cy", "--names gives 3 names for a table of 2 seats"),
        ("you,Bob", "--names, seat 0: a name may not hold the word 'you'"),
        ("Ann,ANN", "--names, seat 1: another seat at this table is called 'ANN' already"),
        ("Ann," + "x" * 25, "--names, seat 1: a name is at most 24 characters"),
    ],
)
def test_bad_names_are_refused_in_words_with_status_2(
    capsys: pytest.CaptureFixture[str], names: str, message: str
) -> None:
    status, err = run_in_process(capsys, "guile", "--seats", "human,human", "--names", names)
    assert status == 2 and message in err


def test_the_help_tells_of_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["help", "play"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--names LIST the seats' names, from seat 0, e.g. Ann,Bob" in out
