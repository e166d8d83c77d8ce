"""Reading a new game's options (``dice``) and its ``setup`` (fixed rolls, for scenarios and comparisons)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.types import is_whole
from feint.games.liars_dice.rules import FACES, MAX_DICE

Roll = tuple[tuple[int, ...], ...]


def read_dice(value: Any) -> int:
    if not is_whole(value) or not 1 <= value <= MAX_DICE:
        raise SetupError(
            f"dice (each seat's at the start) must be a whole number from 1 to {MAX_DICE}, not {value!r}"
        )
    dice: int = value
    return dice


def read_rolls(setup: Mapping[str, Any], players: int, dice: int) -> list[Roll]:
    """``setup["rolls"]``: one entry per round, each seat's dice in it (a seat's first dice are used)."""
    if not isinstance(setup, Mapping):
        raise SetupError(f"setup must be an object, not {setup!r}")
    extra = sorted(set(setup) - {"rolls"})
    if extra:
        raise SetupError(f"unknown setup key {extra[0]!r}; the set-up may give 'rolls'")
    rolls = setup.get("rolls", [])
    if not isinstance(rolls, list | tuple):
        raise SetupError(f"rolls must be a list of rounds, not {rolls!r}")
    return [_read_roll(roll, players, dice, n) for n, roll in enumerate(rolls, 1)]


def _read_roll(roll: Any, players: int, dice: int, round_number: int) -> Roll:
    where = f"rolls round {round_number}"
    if not isinstance(roll, list | tuple) or len(roll) != players:
        raise SetupError(f"{where}: one list of dice per seat ({players}), not {roll!r}")
    hands = []
    for seat, hand in enumerate(roll):
        if not isinstance(hand, list | tuple) or len(hand) > dice:
            raise SetupError(f"{where}, seat {seat}: a list of at most {dice} dice, not {hand!r}")
        for face in hand:
            if not is_whole(face) or not 1 <= face <= FACES:
                raise SetupError(f"{where}, seat {seat}: a die shows 1 to {FACES}, not {face!r}")
        hands.append(tuple(hand))
    return tuple(hands)
