"""Whole games against bots at 80x24: no frame ever shows the human a secret of another seat.

Each game is played by ``feint play --fast`` in a pseudo-terminal, the human
answering every question with the first item of the menu (and reading the
log once after the end), and every frame
the terminal draws is kept (the screen after each piece of output and before
each clear, not only the settled screens at the prompts). The secrets are
read from the game's save file afterwards: each bot move whose events hold
something the human does not see (a Guile draft pick or placement, or what a
look showed; the card under a Knights face-down cover and a Knights vote; the
real cards of a Guardian's Call offer; a card drawn from a deck) is a secret,
and neither its notation nor the line the game would tell if the human saw
that event as its actor does may appear on any frame.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from feint.cli.render import renderer_for
from feint.cli.saves import read_save
from feint.engine.state import GameState
from tests.terminal import play

PROMPT = r"quit\): ?"
END_PROMPT = r"or press Enter to leave: "
LOG_PAGE = r"Enter to go back\. "
GAMES = [
    ("guile", 2, "5"),
    ("knights", 2, "3"),
    ("knights", 4, "4"),
    ("guardians", 2, "9"),
    ("guardians", 4, "2"),
]
HUMAN = 0


def flat(text: str) -> str:
    """The screen's words on one line: a sentence wrapped over two rows is found whole."""
    return " ".join(text.split())


def seen(state: GameState, since: int) -> list[tuple[str, object, dict[str, object]]]:
    """The events after ``since`` as the human sees them."""
    return [(e.kind, e.actor, dict(e.fields())) for e in state.events(HUMAN, since=since)]


def secrets(game: str, path: Path) -> tuple[list[re.Pattern[str]], int]:
    """The patterns that would show the human another seat's secret in the saved game; how many moves.

    A bot's move is secret when another of its legal moves would have shown the
    human the very same events (a pick of one card or another, a vote either
    way): its notation must never be on the screen. And an event the bot saw
    with more in it than the human did must never be told to the human as the
    bot saw it.
    """
    record = read_save(path).record
    renderer = renderer_for(game)
    state: GameState = record.new_state()
    patterns: dict[str, re.Pattern[str]] = {}
    told: set[str] = set()
    for seat, notation in record.moves:
        before = state.seq
        if seat != HUMAN:
            alternatives = [m for m in state.legal_moves(seat) if str(m) != notation]
            played = state.clone()
            played.apply(seat, notation)
            for other in alternatives:
                world = state.clone()
                world.apply(seat, other)
                if seen(world, before) == seen(played, before):
                    guarded = rf"(?<![\w-])(?<!Draft ){re.escape(notation)}(?![\w-])"
                    patterns[guarded] = re.compile(guarded)
                    break
        state.apply(seat, notation)
        for event in state.events(HUMAN, since=before):
            told.add(flat(renderer.describe(event, HUMAN) or ""))
            if event.actor in (None, HUMAN):
                continue
            theirs = next(e for e in state.events(event.actor, since=event.seq - 1) if e.seq == event.seq)
            leaked = renderer.describe(theirs, HUMAN)
            if leaked and leaked != renderer.describe(event, HUMAN):
                patterns[re.escape(flat(leaked))] = re.compile(re.escape(flat(leaked)))
    # A line the human was rightly told (its own draft pick, say) is no leak, whoever else might say it.
    return [p for p in patterns.values() if not any(p.search(line) for line in told)], len(record.moves)


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_no_frame_of_a_whole_game_shows_another_seats_secret(
    tmp_path: Path, game: str, players: int, seed: str
) -> None:
    saved = tmp_path / "game.json"
    terminal = play(
        game, "--fast", "--players", str(players), "--seed", seed, "--bot-seed", "1",
        "--vs", "heuristic", "--save", str(saved),
    )  # fmt: skip
    terminal.filming = True
    logged = False
    while (which := terminal.child.expect([PROMPT, END_PROMPT, LOG_PAGE, pexpect.EOF])) != 3:
        terminal._take()
        # After the end: the log once, every line of it filmed too, then Enter back and Enter to leave.
        terminal.send("a" if which == 0 else "" if which == 2 or logged else "log")
        logged = logged or which == 1
    terminal._take()
    terminal.child.close()
    assert terminal.child.exitstatus == 0, terminal.plain()[-2000:]
    patterns, moves = secrets(game, saved)
    assert patterns and moves > 20, "the bots kept secrets in this game"
    assert len(terminal.frames) > moves // 2
    for frame in [*terminal.frames, terminal.plain()]:
        shown = flat(frame)
        for pattern in patterns:
            assert not pattern.search(shown), f"{pattern.pattern!r} on the screen:\n{frame}"
