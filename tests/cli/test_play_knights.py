"""``feint play knights``: whole games through the terminal, and what the human may see of them."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from feint.engine.replay import Replay
from tests.terminal import feint_play as play

# --- Knights of Glory ---------------------------------------------------------

KNIGHTS_HEADING = re.compile(r"^(?=Knights of Glory, round )", re.MULTILINE)


def knights_play(*args: str, answers: str) -> subprocess.CompletedProcess[str]:
    return play("knights", *args, answers=answers)


def seat_rows(screen: str) -> dict[int, list[str]]:
    """Seat to its row of the seats table: place, tokens, cards, known cards, status."""
    found = {}
    for line in screen.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        seat = cells[0] == "you" or re.fullmatch(r"seat \d", cells[0])
        if seat and len(cells) == 6 and cells[2].isdigit():
            found[0 if cells[0] == "you" else int(cells[0][5:])] = cells[1:]
    return found


@pytest.mark.parametrize(("players", "vs"), [(3, "random"), (4, "heuristic")])
def test_a_whole_knights_game_shows_the_human_only_what_its_seat_knows(
    tmp_path: Path, players: int, vs: str
) -> None:
    saved = tmp_path / "knights.json"
    done = knights_play("--players", str(players), "--vs", vs, "--save", str(saved), answers="1\n" * 2000)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert re.search(r"^Game over\. (The winners?: .+|Nobody wins)\.$", done.stdout, re.MULTILINE)

    record = Replay.from_json(json.loads(saved.read_text()))
    screens = KNIGHTS_HEADING.split(done.stdout)[1:]
    human_moves = [i for i, (seat, _) in enumerate(record.moves) if seat == 0]
    assert len(screens) == len(human_moves)
    for screen, upto in zip(screens, human_moves, strict=True):
        state = Replay(
            record.game, record.players, record.seed, record.options, moves=record.moves[:upto]
        ).play()
        truth = state.report()
        hand = " ".join(truth["seats"][0]["hand"]) or "no cards"
        assert f"\nYour hand: {hand}\n" in screen
        table = seat_rows(screen)
        assert sorted(table) == list(range(players))
        for seat, (_, tokens, cards, known, _) in table.items():
            facts = truth["seats"][seat]
            assert (int(tokens), int(cards)) == (facts["tokens"], len(facts["hand"]))
            assert known == (" ".join(facts["known"]) or "-")
        attempt = truth["attempt"]
        if attempt and attempt["covers"] and truth["active"] != 0:
            hidden = sum(1 for c in attempt["covers"] if not c["public"])
            assert (
                len(re.findall(r"^  the \w+ die (covered|substituted) with \? ", screen, re.MULTILINE))
                == hidden
            )

    others = [line for line in done.stdout.splitlines() if re.match(r"^Seat \d (is dealt|discards) ", line)]
    assert others
    assert all(
        re.fullmatch(r"Seat \d (is dealt \d cards?|discards \d cards? face-down)", line) for line in others
    )


def test_knights_tells_the_human_what_other_seats_did() -> None:
    done = knights_play(
        "--players", "3", "--vs", "heuristic", "--seed", "2", "--bot-seed", "5", answers="1\n" * 2000
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^Seat [12] advances toward place \d", out, re.MULTILINE)
    assert re.search(r"^Seat [12] rolls ", out, re.MULTILINE)
    assert re.search(r"^The votes are in: ", out, re.MULTILINE)
    assert re.search(r"^Round 2 begins: (you take|seat \d takes) the Rook", out, re.MULTILINE | re.IGNORECASE)
    assert re.search(r"^You are dealt ", out, re.MULTILINE)
