"""Number options read as English in every command: no "invalid int value", no internal names."""

from __future__ import annotations

import pytest

from feint.cli.main import main


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["bench", "guile", "--games", "x"], "argument --games: must be a whole number, not 'x'"),
        (["bench", "guile", "--games", "0"], "argument --games: must be at least 1, not 0"),
        (["bench", "guile", "--seed", "1.5"], "argument --seed: must be a whole number, not '1.5'"),
        (["serve", "--port", "http"], "argument --port: must be a whole number, not 'http'"),
        (["serve", "--bot-pause", "soon"], "argument --bot-pause: must be a number, not 'soon'"),
        (["serve", "--throttle", "nan"], "argument --throttle: must be a number, not nan"),
        (["replay", "x.jsonl", "--line", "0"], "argument --line: must be at least 1, not 0"),
        (["arena", "guile", "--seed", "one"], "argument --seed: must be a whole number, not 'one'"),
        (["balance", "guile", "--players", "two"], "argument --players: must be a whole number, not 'two'"),
        (["play", "guile", "--seat", "\u0661"], "argument --seat: must be a whole number, not '\u0661'"),
        (["play", "guile", "--seed", "\uff17"], "argument --seed: must be a whole number, not '\uff17'"),
        (["arena", "guile", "--seed", "9" * 21], "argument --seed: must be a whole number, not '9999"),
    ],
)
def test_a_bad_number_is_refused_in_words(
    arguments: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(arguments)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert complaint in err
    assert "invalid" not in err and "_" not in err.split("error:")[-1]
