"""Menus in steps with letters, and save files: what they read, what they write, how they fail."""

from __future__ import annotations

import codecs
import json
from functools import partial
from pathlib import Path

import pytest

from feint.cli.menu import Menu, letter
from feint.cli.render import renderer_for
from feint.cli.saves import SaveFile, read_save
from feint.engine import new_game
from feint.engine.errors import FeintError
from feint.engine.replay import Replay


def test_letters_never_become_numbers() -> None:
    assert [letter(i) for i in (0, 1, 25, 26, 27)] == ["a", "b", "z", "aa", "ab"]


def guardians_menu(seed: int = 1) -> Menu:
    state = new_game("guardians", 3, seed)
    view = state.view(0)
    renderer = renderer_for("guardians")
    return Menu(state.legal_moves(0), partial(renderer.steps, view=view))


def test_a_guardians_offer_is_chosen_in_steps_cards_seat_declared_type() -> None:
    menu = guardians_menu()
    top = [item.label for item in menu.items()]
    assert top[0] == "draw from the pool" and "offer" in top and "draw from the deck" in top
    assert len(top) <= 8, "the first step is short even with every offer legal"
    offer = menu.choose("offer")
    assert offer is not None and offer.move is None
    assert menu.question() == "Offer which cards"
    cards = menu.choose("a")
    assert cards is not None and cards.move is None
    assert menu.question() == "To whom"
    assert [item.label for item in menu.items()] == ["to seat 1", "to seat 2"]
    menu.choose("to seat 2")
    assert menu.question() == "Declared as"
    declared = menu.choose("as shields")
    assert declared is not None and declared.move is not None
    assert str(declared.move).endswith("to 2 as shield")
    assert str(declared.move).startswith(f"offer {cards.label.split()[0]} ")


def test_back_goes_up_a_step_and_an_unknown_answer_chooses_nothing() -> None:
    menu = guardians_menu()
    menu.choose("offer")
    menu.choose("a")
    assert menu.back() and menu.question() == "Offer which cards"
    assert menu.back() and menu.question() == "Your move"
    assert not menu.back()
    assert menu.choose("zz") is None and menu.choose("offer 1 weapon to 1 as shield") is None


def test_a_guile_card_is_picked_by_its_own_name_never_by_a_menu_number() -> None:
    state = new_game("guile", 2, 0)
    state.apply(0, "faction arthur")
    state.apply(0, "start tristan")
    renderer = renderer_for("guile")
    menu = Menu(state.legal_moves(0), partial(renderer.steps, view=state.view(0)))
    labels = [item.label for item in menu.items()]
    assert all(item.letter.isalpha() for item in menu.items())
    card = labels[0]
    chosen = menu.choose(card)
    assert chosen is not None and str(chosen.move) == f"pick {card}"


RECORD = Replay("guile", 2, 5, moves=((0, "faction arthur"),))


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: text.encode("utf-8"),
        lambda text: codecs.BOM_UTF8 + text.encode("utf-8"),
        lambda text: text.encode("utf-16"),
        lambda text: text.encode("utf-16-le"),
        lambda text: text.encode("utf-16-be"),
    ],
    ids=["utf-8", "utf-8-bom", "utf-16-bom", "utf-16-le", "utf-16-be"],
)
def test_saves_are_read_in_utf_8_with_or_without_a_mark_and_in_utf_16(tmp_path: Path, encode: object) -> None:
    saved = tmp_path / "game.json"
    text = json.dumps({**RECORD.to_json(), "seats": ["human", "random"]})
    saved.write_bytes(encode(text))  # type: ignore[operator]
    game = read_save(saved)
    assert game.record == RECORD and game.seats == ("human", "random")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00\xd8", "is not a text file"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "is not a text file"),
        (b"not json", "not valid JSON"),
        (b'{"game": "guile", "seats": "human"}', '"seats" must be a list of names'),
    ],
)
def test_an_unreadable_save_is_a_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    saved = tmp_path / "game.json"
    saved.write_bytes(content)
    with pytest.raises(FeintError, match=message):
        read_save(saved)


def test_a_save_is_written_whole_and_a_failed_one_says_why_and_leaves_no_temporary_file(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    save = SaveFile(folder / "game.json", RECORD, ("human", "heuristic"))
    assert save.write() is None
    assert save.add(0, new_game("guile").parse_move("start tristan")) is None
    data = json.loads((folder / "game.json").read_text())
    assert data["seats"] == ["human", "heuristic"]
    assert data["moves"] == [[0, "faction arthur"], [0, "start tristan"]]
    assert sorted(p.name for p in folder.iterdir()) == ["game.json"]

    (folder / "game.json").unlink()
    folder.rmdir()
    assert save.keep(1) == "No such file or directory"
    assert not tmp_path.joinpath("saves").exists()
    assert list(tmp_path.rglob("*.tmp")) == []
