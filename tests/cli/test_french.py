"""``feint play`` in French: every screen of a whole game of each title, its lesson, help, rules and log,
holds no English the catalogue translates, nor an English word no translation uses
(``tests/english_left.py``), so a string nobody marked fails too.

French is chosen by ``--lang fr`` or by the environment (``LANG=fr_FR.UTF-8``), as gettext reads it;
a language Feint does not speak is refused. The commands are typed in French or in English.
"""

from __future__ import annotations

import re

import pexpect
import pytest

from feint.cli.language import from_environment
from feint.cli.main import main
from feint.cli.render import renderer_for
from feint.cli.words import command
from feint.engine.registry import game_names, get_game
from feint.engine.words import speaking, tr
from feint.locale import catalogue
from tests.cli.screens import play_through
from tests.cli.test_layout import check
from tests.english_left import english
from tests.terminal import Terminal, play

PROMPT = r"quitter\) : ?"
END_PROMPT = r"ou appuyez sur Entrée pour quitter : "
GAMES = {
    "guile": ("--vs", "heuristic", "--seed", "1", "--bot-seed", "1"),
    "knights": ("--players", "3", "--vs", "heuristic", "--seed", "2", "--bot-seed", "3"),
    "guardians": ("--players", "2", "--vs", "heuristic", "--seed", "9", "--bot-seed", "1"),
    "liars_dice": ("--players", "2", "--seed", "4", "--bot-seed", "1"),
}
"""A short game of each title, against quick bots; guile is the first game that teaches (``--teach``)."""


def english_in(text: str) -> list[str]:
    return english("fr").left_in(text)


def french(game: str) -> Terminal:
    return play(game, "--fast", "--lang", "fr", *GAMES[game], *(["--teach"] if game == "guile" else []))


def test_the_check_finds_the_english_of_a_screen() -> None:
    screen, _ = play_through("liars_dice", 2, seed=4)
    assert english_in(screen.drawings[-1].text()), "an English end screen is found out"


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_in_french_shows_no_english(game: str) -> None:
    terminal = french(game)
    terminal.expect(PROMPT)
    first = terminal.screen()
    with speaking(catalogue("fr")):
        renderer = renderer_for(game)
        term = tr(next(iter(renderer.glossary)))
        entry = renderer.explained(term)
    assert entry is not None
    shown = [first]
    # The commands, in French: the help, a term of the glossary, the rules page and the log.
    for typed in ("aide", f"aide {term}", "zz", "bananes"):
        terminal.answer(typed, PROMPT)
        shown.append(terminal.screen())
    assert "Et aussi : retour, aide, aide <nom>, règles, journal, annuler et quitter." in " ".join(
        shown[1].split()
    )
    assert " ".join(entry.split()[:6]) in " ".join(shown[2].split()), "help NAME, in French"
    assert "Il n'y a pas de choix zz" in shown[3] and "'bananes' n'est ni un choix" in " ".join(
        shown[4].split()
    )
    if game == "liars_dice":  # a move the rules refuse, its reason told in French with its values
        terminal.answer("bid 11 3s", PROMPT)
        shown.append(terminal.screen())
        said = " ".join(shown[-1].split())
        assert "Coup interdit : seuls 10 dés sont en jeu, donc une enchère en nomme au plus 10." in said
    terminal.send("règles")
    terminal.expect("Appuyez sur Entrée pour revenir à la table.")
    shown.append(terminal.screen())
    terminal.answer("", PROMPT)
    terminal.send("journal")
    terminal.expect(r"Journal, page \d+ sur \d+")
    shown.append(terminal.screen())
    terminal.answer("", PROMPT)
    decisions = 0
    while True:
        terminal.send("a")
        found = terminal.child.expect([PROMPT, r"Partie terminée\.[^\n]*\n", pexpect.EOF])
        terminal._take()
        shown.append(terminal.screen())
        if found != 0:
            break
        decisions += 1
    assert found == 1 and decisions > 3
    terminal.expect(END_PROMPT)
    shown.append(terminal.screen())
    assert re.search(r"Partie terminée\. (Vainqueurs? : .+|Personne ne gagne)\.", shown[-1])
    terminal.send("journal")
    terminal.expect(r"Journal, page \d+ sur \d+ : p pour la page précédente, s pour la suivante")
    shown.append(terminal.screen())
    terminal.send("")
    terminal.expect(END_PROMPT)
    terminal.send("")
    assert terminal.finish() == 0
    if game == "guile":
        assert any("Apprendre à jouer." in screen for screen in shown), "the lesson is taught, in French"
    left = {leak: screen for screen in shown for leak in english_in(screen)}
    assert not left, next(iter(left.values()))


@pytest.mark.parametrize("game", game_names())
def test_every_lesson_of_a_first_game_in_french_is_french(game: str) -> None:
    """Every screen the session draws, in this process: the whole lesson under every menu, and the log."""
    players = {"knights": 3}.get(game, 2)
    with speaking(catalogue("fr")):
        screen, session = play_through(game, players, seed=26, teach=True, after=["journal"])
    assert session.state.is_over()
    texts = [drawing.text() for drawing in screen.drawings] + screen.pages
    assert sum("Apprendre à jouer." in text for text in texts) > 3
    left = {leak: text for text in texts for leak in english_in(text)}
    assert not left, next(iter(left.values()))


LARGEST = [(game, get_game(game).MAX_PLAYERS) for game in game_names()]
NEWS = 2
"""The fewest lines of news a French screen leaves: French is longer than English (which leaves five,
``tests/cli/test_layout.py``), so the largest tables keep fewer; nothing is cut or scrolled away."""


@pytest.mark.parametrize(("game", "players"), LARGEST)
def test_every_french_screen_of_the_largest_table_fits_80_by_24_and_nothing_is_cut(
    game: str, players: int
) -> None:
    with speaking(catalogue("fr")):
        screen, session = play_through(game, players, seed=11)
    assert session.state.is_over()
    *playing, end = screen.drawings
    for drawing in playing:
        check(drawing, NEWS)
    check(end, 0)


def test_the_environment_chooses_french_and_quit_is_understood_in_french() -> None:
    terminal = play("liars_dice", "--fast", locale={"LANG": "fr_FR.UTF-8"})
    terminal.expect(PROMPT)
    assert re.search(r"\(lettre, coup, (retour, )?aide, quitter\) :$", terminal.screen())
    terminal.send("quitter")
    assert terminal.finish() == 1
    assert "Partie abandonnée." in terminal.plain()


def test_english_commands_are_understood_in_french_too() -> None:
    terminal = Terminal("play", "guile", "--fast", "--lang", "fr", "--vs", "random", "--bot-seed", "1")
    terminal.expect(PROMPT)
    terminal.answer("help", PROMPT)
    assert "Et aussi :" in terminal.screen()
    terminal.send("quit")
    assert terminal.finish() == 1


def test_a_language_feint_does_not_speak_is_refused_with_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as refused:
        main(["play", "guile", "--lang", "de"])
    assert refused.value.code == 2
    error = " ".join(capsys.readouterr().err.split())
    assert "Feint does not speak 'de'; its languages are en (English), fr (français)" in error


def test_the_environment_is_read_as_gettext_reads_it() -> None:
    assert from_environment({}) == "en"
    assert from_environment({"LANG": "C.UTF-8"}) == "en"
    assert from_environment({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert from_environment({"LC_ALL": "en_GB.UTF-8", "LANG": "fr_FR.UTF-8"}) == "en"
    assert from_environment({"LC_MESSAGES": "fr_CA", "LANG": "en_US.UTF-8"}) == "fr"
    assert from_environment({"LANGUAGE": "de:fr:en", "LC_ALL": "en_US.UTF-8"}) == "fr"


def test_a_command_is_its_english_word_or_the_word_shown() -> None:
    with speaking(catalogue("fr")):
        said = [
            command(text) for text in ("aide", "HELP", "règles", "regles", "journal", "o", "oui", "y", "s")
        ]
    assert said == ["help", "help", "rules", "rules", "log", "yes", "yes", "yes", "next"]
    assert [command(text) for text in ("aide", "help", "y", "yes", "n", "banana")] == [
        None,
        "help",
        "yes",
        "yes",
        "next",
        None,
    ]
