"""``feint play liars_dice`` in a pseudo-terminal of 80x24, drawn by the generic renderer: a person plays
OpenSpiel's one-round game against the heuristic to the end, and the log tells it in the game's words."""

from __future__ import annotations

from tests.terminal import play

PROMPT = r"quit\): ?"
END_PROMPT = r"or press Enter to leave: "


def test_a_person_plays_a_game_to_the_end_and_reads_it_in_the_log() -> None:
    terminal = play(
        "liars_dice", "--fast", "--seats", "human,heuristic", "--variant", "openspiel", "--seed", "1",
        "--bot-seed", "1",
    )  # fmt: skip
    terminal.expect(PROMPT)
    screen = terminal.screen()
    assert "1      ?     false" in screen  # seat 1's die, hidden
    assert "Chosen so far: bid.  a) 1  b) 2" in screen  # a bid is chosen a word a step
    terminal.send("bid 1 2s")
    terminal.expect(PROMPT)  # the heuristic raised to 1 5s: seat 0 holds a 2, so 1 5s needs seat 1's die
    assert "b) liar" in terminal.screen()
    terminal.send("liar")
    terminal.expect(END_PROMPT)
    assert "Game over. The winner: seat 1." in terminal.screen()
    terminal.send("log")
    terminal.expect(r"Log, page \d+ of \d+")
    log = terminal.screen()
    for sentence in (
        "Round 1: you rolled 2. You to bid first.",
        "You bid 1 2s.",
        "Seat 1 bid 1 5s.",
        "You called liar on seat 1's bid of 1 5s.",
        "The dice: you 2; seat 1 5. 1 die counts for 1 5s: the bid stood.",
        "Seat 1 won the game; you lost it.",
    ):
        assert sentence in log, log
    terminal.send("")
    terminal.expect(END_PROMPT)
    terminal.send("")
    assert terminal.finish() == 0
