"""Reading a new game's options (``dice``) and its ``setup`` (fixed rolls, for scenarios and comparisons)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.types import is_whole
from feint.engine.words import Phrase
from feint.games.liars_dice.rules import FACES, MAX_DICE

Roll = tuple[tuple[int, ...], ...]


def read_dice(value: Any) -> int:
    if not is_whole(value) or not 1 <= value <= MAX_DICE:
        raise SetupError(
            Phrase(
                "dice (each seat's at the start) must be a whole number from 1 to {max_dice}, not {value!r}",
                max_dice=MAX_DICE,
                value=value,
            )
        )
    dice: int = value
    return dice


def read_rolls(setup: Mapping[str, Any], players: int, dice: int) -> list[Roll]:
    """``setup["rolls"]``: one entry per round, each seat's dice in it (a seat's first dice are used)."""
    if not isinstance(setup, Mapping):
        raise SetupError(Phrase("setup must be an object, not {setup!r}", setup=setup))
    extra = sorted(set(setup) - {"rolls"})
    if extra:
        raise SetupError(Phrase("unknown setup key {key!r}; the set-up may give 'rolls'", key=extra[0]))
    rolls = setup.get("rolls", [])
    if not isinstance(rolls, list | tuple):
        raise SetupError(Phrase("rolls must be a list of rounds, not {rolls!r}", rolls=rolls))
    return [_read_roll(roll, players, dice, n) for n, roll in enumerate(rolls, 1)]


def _read_roll(roll: Any, players: int, dice: int, round_number: int) -> Roll:
    where = f"rolls round {round_number}"
    if not isinstance(roll, list | tuple) or len(roll) != players:
        raise SetupError(
            Phrase(
                "{where}: one list of dice per seat ({players}), not {roll!r}",
                where=where,
                players=players,
                roll=roll,
            )
        )
    hands = []
    for seat, hand in enumerate(roll):
        if not isinstance(hand, list | tuple) or len(hand) > dice:
            raise SetupError(
                Phrase(
                    "{where}, seat {seat}: a list of at most {dice} dice, not {hand!r}",
                    where=where,
                    seat=seat,
                    dice=dice,
                    hand=hand,
                )
            )
        for face in hand:
            if not is_whole(face) or not 1 <= face <= FACES:
                raise SetupError(
                    Phrase(
                        "{where}, seat {seat}: a die shows 1 to {faces}, not {face!r}",
                        where=where,
                        seat=seat,
                        faces=FACES,
                        face=face,
                    )
                )
        hands.append(tuple(hand))
    return tuple(hands)
