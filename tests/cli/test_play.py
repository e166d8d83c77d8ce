"""``feint play`` driven through a pseudo-terminal of 80x24, for each game, as a person would.

Every screen is read through a terminal emulator: the table's heading must
still be on the top row when the prompt is asked, so nothing scrolled away.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from feint.bots.registry import strongest
from feint.cli.main import main
from feint.engine.registry import game_names
from feint.engine.words import or_listing
from tests.terminal import CLEAR, ROOT, Terminal, play

PROMPT = r"quit\): ?"
TITLES = {"guile": "Guile, round", "knights": "Knights of Glory, round", "guardians": "Turn "}
FULL_GAMES = {
    "guile": ("--seed", "1", "--bot-seed", "1"),
    "knights": ("--players", "3", "--seed", "2", "--bot-seed", "3"),
    "guardians": ("--players", "2", "--seed", "9", "--bot-seed", "1"),
}


END_PROMPT = r"or press Enter to leave: "
FINAL_TITLES = {
    "guile": "Guile: the game is over",
    "knights": "Knights of Glory: the game is over",
    "guardians": "Guardian's Call: the game is over",
}


def run_in_process(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """``feint play`` run in this process (for refusals and quick starts): its status and its errors."""
    try:
        status = main(["play", *args])
    except SystemExit as exit:  # argparse's own refusals
        status = int(exit.code or 0)
    return status, " ".join(capsys.readouterr().err.split())


def play_out(terminal: Terminal, game: str, answer: str = "a") -> int:
    """Answer every decision with ``answer``, checking each screen; the number of decisions."""
    decisions = 0
    while True:
        found = terminal.child.expect([PROMPT, r"Game over\.[^\n]*\n", pexpect.EOF])
        terminal._take()
        if found != 0:
            return decisions
        screen = terminal.screen()
        assert screen.splitlines()[0].startswith(TITLES[game]), screen
        assert screen.rstrip().splitlines()[-1].endswith("quit):"), screen
        decisions += 1
        terminal.send(answer)


@pytest.mark.parametrize("game", sorted(FULL_GAMES))
def test_a_whole_game_against_bots_fits_80_by_24_and_ends_with_every_card_shown(game: str) -> None:
    terminal = play(game, "--fast", *FULL_GAMES[game])
    decisions = play_out(terminal, game)
    assert decisions > 5
    terminal.expect(END_PROMPT)
    final = terminal.screen()
    assert len(final.splitlines()) <= 24 and final.startswith(FINAL_TITLES[game]), final
    terminal.send("log")  # the log still opens after the end, and Enter leaves it for the end screen
    terminal.expect(r"Log, page \d+ of \d+")
    terminal.send("")
    terminal.expect(END_PROMPT)
    assert terminal.screen() == final
    terminal.send("")
    assert terminal.finish() == 0
    assert re.search(r"Game over\. (The winners?: .+|Nobody wins)\.", final)
    assert final.count("Game over") == 1
    if game == "guardians":
        assert "VP by source" in final and re.search(r"^you +\w+ +[A-Z]", final, re.MULTILINE)
    if game == "knights":
        assert "Every hand, face-up" in final
    if game == "guile":
        assert "The last table, face-up" in final and "Victory cards:" in final
    drawings = terminal.output.count(CLEAR)
    assert drawings > decisions + 5, "the bots' moves were drawn as they happened, not only the decisions"


@pytest.mark.parametrize("game", sorted(FULL_GAMES))
def test_hot_seat_hands_the_screen_over_before_each_humans_turn(game: str) -> None:
    seats = "human,human" if game == "guile" else "human,human,random"
    terminal = play(game, "--fast", "--seats", seats, "--bot-seed", "1")
    terminal.expect(r"Seat 0: press Enter")
    assert "Your hand" not in terminal.screen() and TITLES[game] not in terminal.screen()
    terminal.send("")
    terminal.expect(PROMPT)
    assert terminal.screen().startswith(TITLES[game])
    for _ in range(12):
        terminal.send("a")
        found = terminal.child.expect([r"Seat 1: press Enter", PROMPT])
        terminal._take()
        if found == 0:
            break
    else:
        pytest.fail("seat 1 was never handed the screen")
    assert "Your hand" not in terminal.screen(), "the next player must not see the last one's hand"
    assert "Seat 0 has moved" in terminal.plain().split("Seat 1: press Enter")[0].splitlines()[-2]
    terminal.send("")
    terminal.expect(PROMPT)
    assert terminal.screen().startswith(TITLES[game])
    terminal.send("undo")
    terminal.expect(PROMPT)
    assert "Undo is only for a game with one human at the table." in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


def test_knights_a_seat_that_sits_out_is_asked_to_sit_in_at_its_turns() -> None:
    terminal = play(
        "knights", "--fast", "--seats", "human,heuristic,heuristic", "--seed", "1", "--bot-seed", "2"
    )
    terminal.expect(PROMPT)
    terminal.send("sit out")
    terminal.expect(r"Press Enter to stay out \([^)]*\): ?")
    assert "Seat 0: you are sitting out, and your turn has come round." in terminal.screen()
    assert "You sat out." in terminal.plain()
    terminal.send("")  # stay out this time
    terminal.expect(r"Press Enter to stay out \([^)]*\): ?")
    assert re.search(r"Round \d begins", terminal.plain().split("You sat out.")[1])
    terminal.send("sit in")
    terminal.expect(PROMPT)
    assert "You sat in." in terminal.plain()
    you = re.search(r"^you .*$", terminal.screen(), re.MULTILINE)
    assert you is not None and "sitting out" not in you.group()
    assert "stay out" not in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


UNDO = {
    "guile": (["a"], "faction arthur"),
    "guardians": (["a", "a"], "draw pool"),
}


@pytest.mark.parametrize("game", sorted(UNDO))
def test_undo_takes_back_the_last_move_when_nothing_was_revealed_since(game: str) -> None:
    answers, move = UNDO[game]
    terminal = play(game, "--fast", "--seed", "2", "--bot-seed", "1")
    terminal.expect(PROMPT)
    first = terminal.screen()
    for answer in answers:
        terminal.answer(answer)
    terminal.answer("undo")
    assert f"Your last move, {move}" in terminal.screen()
    assert terminal.screen().splitlines()[0] == first.splitlines()[0]
    terminal.answer("undo")
    assert "You have made no move to take back." in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


@pytest.mark.parametrize(("game", "answers"), [("guile", ["a", "a", "a"]), ("knights", ["a", "a"])])
def test_undo_is_refused_once_something_hidden_was_shown(game: str, answers: list[str]) -> None:
    terminal = play(game, "--fast", "--players", "2", "--seed", "2", "--bot-seed", "1")
    terminal.expect(PROMPT)
    for answer in answers:
        terminal.answer(answer)
    terminal.answer("undo")
    assert "That move cannot be taken back: since it, you have seen" in " ".join(terminal.screen().split())
    terminal.send("quit")
    assert terminal.finish() == 1


@pytest.mark.parametrize("game", sorted(FULL_GAMES))
def test_save_quit_and_resume_puts_everyone_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str
) -> None:
    saved = tmp_path / "game.json"
    seats = "human,random" if game == "guile" else "human,random,heuristic"
    terminal = play(game, "--fast", "--seats", seats, "--save", str(saved), "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.answer("a")
    terminal.answer("a")
    before = terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1
    assert f"Game abandoned. It is saved in {saved}." in terminal.plain()
    data = json.loads(saved.read_text())
    assert data["seats"] == seats.split(",")
    assert list(tmp_path.iterdir()) == [saved]

    again = play(game, "--fast", "--resume", str(saved))
    again.expect(PROMPT)
    assert again.screen().splitlines()[:4] == before.splitlines()[:4]
    again.send("quit")
    assert again.finish() == 1

    for option in (["--seed", "9"], ["--seats", "human," * (len(seats.split(",")) - 1) + "human"]):
        status, err = run_in_process(capsys, game, "--resume", str(saved), *option)
        assert status == 2 and f"{option[0]} " in err and "contradicts" in err
    status, err = run_in_process(capsys, game, "--save", str(saved))
    assert status == 2 and "exists: use --force to replace it" in err
    assert json.loads(saved.read_text()) == data


def test_a_save_that_fails_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    saved = folder / "game.json"
    terminal = play("guile", "--fast", "--save", str(saved), "--bot-seed", "1")
    terminal.expect(PROMPT)
    saved.unlink()
    folder.rmdir()
    terminal.answer("a")
    assert "Could not save to" in terminal.screen() and "Play goes on" in terminal.screen()
    assert "Choose your Start Knight" in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1
    assert list(tmp_path.rglob("*")) == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01\x02garbage\xff", "is not a text file"),
        (b"{not json", "not valid JSON"),
        (b'{"game": "knights"}', "is a game of knights, not guile"),
    ],
)
def test_an_unreadable_save_is_a_clear_error_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, message: str
) -> None:
    saved = tmp_path / "game.json"
    saved.write_bytes(content)
    status, err = run_in_process(capsys, "guile", "--resume", str(saved))
    assert status == 2 and message in err and "Traceback" not in err
    assert saved.read_bytes() == content


def test_a_save_in_utf_16_is_resumed(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(
        json.dumps({"game": "guile", "seed": 4, "moves": [[0, "faction arthur"]]}), encoding="utf-16"
    )
    terminal = play("guile", "--fast", "--resume", str(saved), "--bot-seed", "1")
    terminal.expect(PROMPT)
    assert "Choose your Start Knight" in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


BAD_MOVES = {"guile": "swap tristan", "knights": "discard bomb", "guardians": "buy curse"}


@pytest.mark.parametrize("game", sorted(BAD_MOVES))
def test_every_kind_of_bad_input_gets_a_clear_answer_and_the_question_again(game: str) -> None:
    terminal = play(game, "--fast", "--players", "2", "--bot-seed", "1")
    terminal.expect(PROMPT)
    question = terminal.screen().rstrip().splitlines()[-1]
    checks = [
        ("zz", "There is no item zz; the items are a to"),
        ("banana", "'banana' is neither an item of the menu nor a move; answer with a letter, or type help."),
        ("0", "'0' is neither an item of the menu nor a move"),
        ("exit", "To stop the game, type quit."),
        (BAD_MOVES[game], "Not a legal move: "),
        ("help nosuchthing", "There is no help on 'nosuchthing'; help knows"),
        ("help", "Also: back, help, help <name>, rules, log, undo and quit."),
        ("back", ""),
        ("", "Answer with the letter of an item, or type help."),
    ]
    for text, answer in checks:
        terminal.answer(text)
        screen = " ".join(terminal.screen().split())
        assert answer in screen, (text, screen)
        assert "moves are:" not in screen, "a wrong answer gets one short line, not the whole notation"
        assert terminal.screen().rstrip().splitlines()[-1] == question
        assert terminal.screen().startswith(TITLES[game])
    terminal.child.sendeof()
    assert terminal.finish() == 1
    assert "The input has ended." in terminal.plain() and "Traceback" not in terminal.plain()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["guile", "--seats", "human,robot"], "'robot' is neither a person nor a bot"),
        (["guile", "--seed", "x"], "argument --seed: must be a whole number, not 'x'"),
        (["guardians", "--variant", "x"], "unknown variant 'x'; this game has no variants"),
        (["knights", "--seats", "human,random", "--players", "3"], "--players 3 contradicts --seats"),
        (["guile", "--seat", "2"], "--seat must be a seat from 0 to 1, not 2"),
        (["guile", "--players", "3"], "Guile is played by 2 players, not 3"),
    ],
)
def test_bad_options_are_refused_in_words_with_status_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, err = run_in_process(capsys, *args)
    assert status == 2 and message in err
    assert "_number" not in err and "invalid" not in err


def test_rules_log_and_help_on_a_name() -> None:
    terminal = play("guile", "--fast", "--seed", "1", "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.answer("a")
    terminal.send("rules")
    terminal.expect("Press Enter to go back")
    assert "Guile: how to play, on one screen" in terminal.screen()
    terminal.answer("")
    terminal.send("log")
    terminal.expect(r"Enter to go back")
    assert "You chose to lead the Allies of King Arthur." in terminal.screen()
    terminal.answer("")
    terminal.answer("help merlin")
    assert "directly across the table" in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


def test_colour_is_used_on_a_terminal_and_no_color_turns_it_off() -> None:
    coloured = play("guile", "--fast", colour=True)
    coloured.expect(PROMPT)
    coloured.send("quit")
    coloured.finish()
    plain = play("guile", "--fast")
    plain.expect(PROMPT)
    plain.send("quit")
    plain.finish()
    assert re.search(r"\x1b\[[0-9;]*3[0-9]m", coloured.output)
    assert not re.search(r"\x1b\[[0-9;]*3[0-9]m", plain.output)


def test_force_lets_a_new_game_replace_an_existing_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text('{"game": "knights", "moves": []}')
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, _ = run_in_process(capsys, "guile", "--fast", "--save", str(saved), "--force", "--seed", "6")
    assert status == 1, "the input ended at once: the game was started, then abandoned"
    data = json.loads(saved.read_text())
    assert (data["game"], data["seed"], data["seats"]) == ("guile", 6, ["human", strongest("guile")])


def test_ctrl_c_during_a_bots_turn_abandons_the_game_and_keeps_the_save(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    # No --fast: the bot in seat 0 moves first, and its move stays on the screen for a pause.
    terminal = play(
        "knights", "--seats", "heuristic,human", "--seed", "1", "--bot-seed", "1", "--save", str(saved)
    )
    terminal.expect("What just happened")
    terminal.child.sendintr()
    assert terminal.finish() == 1
    assert f"Game abandoned. It is saved in {saved}." in terminal.plain()
    assert "Traceback" not in terminal.plain() and "KeyboardInterrupt" not in terminal.plain()
    assert "quit)" not in terminal.plain(), "Ctrl-C came in the bot's turn, before any question"
    moves = json.loads(saved.read_text())["moves"]
    assert moves and all(seat == 0 for seat, _ in moves), "the save holds the bot's moves up to Ctrl-C"


def test_ctrl_c_at_a_prompt_abandons_the_game(tmp_path: Path) -> None:
    terminal = play("guardians", "--fast", "--players", "2", "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.child.sendintr()
    assert terminal.finish() == 1
    assert "Game abandoned." in terminal.plain() and "Traceback" not in terminal.plain()
    assert "The input has ended" not in terminal.plain()


@pytest.mark.parametrize("argv", [[], ["help"]])
def test_feint_alone_and_feint_help_print_the_help(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: feint") and "play a game at the terminal" in out


def test_feint_help_play_lists_each_games_variants(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["help", "play"]) == 0
    out = " ".join(capsys.readouterr().out.split()).replace("- ", "-")
    assert "guile: code-of-chivalry, extended-cast" in out
    assert "knights: bluffing-wilds, blanks-less-rewarding, agreeing-not-safe" in out
    assert "guardians: none" in out


def test_resume_needs_no_game_name_and_play_without_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.json"
    saved.write_text(
        json.dumps({"game": "knights", "seed": 3, "players": 2, "moves": [], "seats": ["human", "random"]})
    )
    terminal = Terminal("play", "--fast", "--resume", str(saved), "--bot-seed", "1")
    terminal.expect(PROMPT)
    assert terminal.screen().startswith(TITLES["knights"])
    terminal.send("quit")
    assert terminal.finish() == 1
    status, err = run_in_process(capsys)
    games = or_listing(game_names())
    assert status == 2 and f"name the game to play ({games}), or --resume FILE" in err


def test_a_move_of_another_decision_is_told_it_is_not_the_time() -> None:
    terminal = play("guardians", "--fast", "--players", "3", "--seed", "1", "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.answer("believe")
    screen = " ".join(terminal.screen().split())
    assert "Not a legal move: this is not a move of this phase; expected preparation:" in screen
    assert "offer 1" not in screen, "not a list of every offer"
    terminal.send("quit")
    assert terminal.finish() == 1


def test_an_offer_built_in_steps_shows_what_is_chosen_so_far_and_help_explains_the_step() -> None:
    terminal = play("guardians", "--fast", "--players", "2", "--seed", "1", "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.answer("offer")
    assert "Chosen so far: offer." in terminal.screen()
    terminal.answer("a")
    # At two seats the only seat to offer to is picked at once, and shown as picked.
    assert re.search(r"Chosen so far: offer, \d \w+, to seat 1\.", terminal.screen())
    terminal.answer("help")
    assert "The type you claim" in " ".join(terminal.screen().split())
    terminal.send("quit")
    assert terminal.finish() == 1


def test_leave_keeps_its_letter_and_asks_for_confirmation() -> None:
    terminal = play("knights", "--fast", "--players", "2", "--seed", "1", "--bot-seed", "1")
    terminal.expect(PROMPT)
    assert re.search(r"y\) sit out\s+z\) leave|z\) leave", terminal.screen())
    terminal.send("z")
    terminal.expect(r"Enter to go back\): ")
    assert "Leave the table for good?" in terminal.screen()
    terminal.answer("")
    assert "Not done: you did not confirm leave." in " ".join(terminal.screen().split())
    terminal.send("z")
    terminal.expect(r"Enter to go back\): ")
    terminal.send("y")
    terminal.expect(END_PROMPT)  # the bots play on to the end, which the human who left still sees
    terminal.send("")
    assert terminal.finish() == 0
    assert "You left the table." in terminal.plain()


@pytest.mark.parametrize("stdin", ["empty", "closed"])
def test_input_that_is_not_a_terminal_ends_a_game_cleanly(stdin: str) -> None:
    """An empty or closed input abandons a human's game; watched bots end without the end prompt."""
    close = (lambda: os.close(0)) if stdin == "closed" else None
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    base = [sys.executable, "-c", "from feint.cli.main import entry; entry()", "play", "guile", "--fast"]
    for seats, status, last in [
        ("human,heuristic", 1, "Game abandoned."),
        ("heuristic,heuristic", 0, "Game over."),
    ]:
        done = subprocess.run(
            [*base, "--seats", seats, "--seed", "1", "--bot-seed", "1"],
            capture_output=True, text=True, timeout=60, env=env, check=False,
            stdin=subprocess.DEVNULL if close is None else None, preexec_fn=close,
        )  # fmt: skip
        assert (done.returncode, done.stderr) == (status, "")
        assert done.stdout.rstrip().splitlines()[-1].startswith(last)
        assert "press Enter to leave" not in done.stdout
