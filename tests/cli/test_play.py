"""``feint play``: a whole game through the terminal, bad input, and what the human may see."""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path

import pytest

from feint.cli import main as cli_main
from feint.cli import play as play_command
from feint.engine.replay import Replay
from feint.engine.seeding import bot_seed
from tests.terminal import feint_play as play

PROMPT = "Your move (a number or the move; help, quit): "
ROW = re.compile(r"^(\d)\s+(\w+)\s+(arthur|mordred)\s+(you|seat \d)\s+(\S+)", re.MULTILINE)
BOT_ACCOUNT = re.compile(
    r"^seat 1 (chose the (Allies of King Arthur|Pawns of Sir Mordred)|chose \w+ as the Start Knight"
    r"|picked a card|placed its cards|looked at \w+|swapped \w+ and \w+)$"
)
EVERY_FIRST_MOVE = "1\n" * 300


def feint_play(*args: str, answers: str) -> subprocess.CompletedProcess[str]:
    return play("guile", *args, answers=answers)


@pytest.mark.parametrize(
    "args",
    [
        ("--seed", "0"),
        ("--seed", "4", "--seat", "1", "--vs", "random", "--variant", "extended-cast"),
    ],
    ids=["heuristic", "random-seat-1-extended-cast"],
)
def test_a_whole_game_is_played_to_the_end(args: tuple[str, ...]) -> None:
    done = feint_play(*args, answers=EVERY_FIRST_MOVE)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert re.search(r"^Game over\. The winner: (you|seat [01])\.$", done.stdout, re.MULTILINE)
    assert "Round 2 is over. The cards are turned face-up:" in done.stdout
    final_count = done.stdout.split("Game over")[0].splitlines()[-1]
    assert re.fullmatch(r"Victory cards: (you|seat 0) \d, (you|seat 1) \d \(two win the game\)", final_count)
    assert " 2" in final_count


def test_illegal_input_gets_the_reason_and_the_question_again() -> None:
    done = feint_play("--seed", "0", answers="swap tristan\nbanana\n99\nhelp\nquit\n")
    out = done.stdout
    assert "Not a legal move: this is not a move of this phase" in out
    assert "Not a legal move: not a Guile move; moves are:" in out
    assert "Not a legal move: there is no move 99; choose a number from 1 to 2" in out
    assert out.count(PROMPT) == 5
    assert out.count("Your moves:\n   1. faction arthur\n   2. faction mordred\n") == 2  # again on help
    assert out.rstrip().endswith("Game abandoned.")
    assert done.returncode == 1


def test_a_legal_move_given_in_notation_is_played() -> None:
    done = feint_play("--seed", "0", answers="faction mordred\n")
    assert "you chose the Pawns of Sir Mordred" in done.stdout
    assert "You control the Pawns of Sir Mordred: palamedes, agravaine, meliagant, breunor." in done.stdout


def test_the_end_of_input_mid_game_leaves_cleanly() -> None:
    done = feint_play("--seed", "0", answers="1\n1\n1\n")
    assert done.returncode == 1
    assert "The input has ended.\nGame abandoned." in done.stdout
    assert done.stderr == ""


def test_a_bad_seat_is_refused() -> None:
    done = feint_play("--seat", "2", answers="")
    assert done.returncode == 2
    assert "feint play: --seat must be a seat from 0 to 1, not 2" in done.stderr


def screens(stdout: str) -> list[str]:
    """The output cut before each drawing of the table."""
    return re.split(r"^(?=Guile, round )", stdout, flags=re.MULTILINE)[1:]


def rows(screen: str) -> dict[str, tuple[str, str]]:
    """Knight name to (controller, card) in the first table of a screen."""
    return {m[2]: (m[4], m[5]) for m in ROW.finditer(screen)}


def test_the_human_sees_only_what_its_seat_knows() -> None:
    # Seed 0, you are seat 0 and always take the first move, so in play you only ever look.
    out = feint_play("--seed", "0", answers=EVERY_FIRST_MOVE).stdout
    first_play = next(s for s in screens(out) if "play, cycle 1 of 2, turn 1 of 16" in s)
    table = rows(first_play)
    assert {card for controller, card in table.values() if controller == "seat 1"} == {"?"}
    assert all(re.fullmatch(r"[1-4]d?", card) for controller, card in table.values() if controller == "you")

    revealed = rows(out.split("Round 1 is over.")[1])
    assert all(card != "?" for _, card in revealed.values())

    bot_lines = [line for line in out.splitlines() if line.startswith("seat 1 ")]
    assert bot_lines
    assert [line for line in bot_lines if not BOT_ACCOUNT.match(line)] == []


def test_save_keeps_every_move_so_quitting_loses_nothing_and_resume_goes_on(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    first = feint_play("--seed", "5", "--save", str(saved), answers="1\n1\n1\nquit\n")
    assert first.returncode == 1
    assert f"Game abandoned. It is saved in {saved}." in first.stdout
    record = json.loads(saved.read_text())
    assert record["game"] == "guile" and record["seed"] == 5
    # faction, start, then the draft: three picks by seat 0 answered "1", and the bot's.
    assert record["moves"][:2] == [[0, "faction arthur"], [0, "start tristan"]]
    assert [seat for seat, _ in record["moves"]].count(0) == 3
    assert not list(tmp_path.glob("*.tmp"))

    replayed = Replay.from_json(record).play()
    assert replayed.to_move() == (0,)

    second = feint_play("--resume", str(saved), "--save", str(saved), answers=EVERY_FIRST_MOVE)
    assert second.returncode == 0, second.stderr
    final = Replay.from_json(json.loads(saved.read_text()))
    assert final.moves[: len(record["moves"])] == tuple(tuple(m) for m in record["moves"])
    assert final.play().is_over()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"game": "chess"}', "is a game of chess, not guile"),
        ("not json", "is not valid JSON"),
        ('{"game": "guile", "moves": [[1, "look"]]}', "move 0 (seat 1, 'look')"),
    ],
)
def test_resume_refuses_a_file_it_cannot_continue(tmp_path: Path, content: str, message: str) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(content)
    done = feint_play("--resume", str(saved), answers="")
    assert done.returncode == 2
    assert message in done.stderr
    assert saved.read_text() == content


def test_resume_of_a_missing_file_says_so(tmp_path: Path) -> None:
    done = feint_play("--resume", str(tmp_path / "nowhere.json"), answers="")
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "No such file" in done.stderr


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
        truth = state.to_json()
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
    done = knights_play("--players", "3", "--vs", "heuristic", "--seed", "2", answers="1\n" * 2000)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(r"^Seat [12] advances toward place \d", out, re.MULTILINE)
    assert re.search(r"^Seat [12] rolls ", out, re.MULTILINE)
    assert re.search(r"^The votes are in: ", out, re.MULTILINE)
    assert re.search(r"^Round 2 begins: (you take|seat \d takes) the Rook", out, re.MULTILINE | re.IGNORECASE)
    assert re.search(r"^You are dealt ", out, re.MULTILINE)


def test_bots_are_seeded_from_a_stream_apart_from_the_games_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot seeded with the game's seed could deal the game again and read every hidden card."""
    seeds: list[int] = []
    real = play_command.make_bot

    def recording(kind: str, game: str, seed: int = 0) -> object:
        seeds.append(seed)
        return real(kind, game, seed)

    monkeypatch.setattr(play_command, "make_bot", recording)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert cli_main.main(["play", "guile", "--seed", "7", "--bot-seed", "3"]) == 1
    assert cli_main.main(["play", "guile", "--seed", "7"]) == 1
    given, fresh = seeds
    assert given == bot_seed(3, 1)
    assert not {given, fresh} & {7, 8}, "no bot seed may be the game's seed, or follow from it"
