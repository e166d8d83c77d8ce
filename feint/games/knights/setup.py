"""Reading a new game's options and ``setup``: a fixed path, deal, Unknown Deck and dice (KG1-KG3).

Scenario files fix the chance a game would otherwise draw from its seeded
generator, so that a test needs no luck. Every key is optional.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.state import Seat
from feint.engine.words import Phrase
from feint.games.knights.cards import (
    CARD_KINDS,
    DIE_FACES,
    HAND_SIZE,
    PATH_KINDS,
    PATH_PLACES,
    Kind,
    weapon_deck,
)

_KEYS = ("paths", "hands", "unknown", "dice", "reshuffle")


@dataclass(frozen=True, slots=True)
class FixedSetup:
    paths: tuple[Kind, ...] | None
    hands: dict[Seat, list[Kind]] | None
    unknown: list[Kind] | None
    dice: tuple[Kind, ...]
    reshuffle: bool


def read_setup(setup: Mapping[str, Any], players: int, absent: frozenset[Seat]) -> FixedSetup:
    """The fixed parts of a new game; raises SetupError for anything malformed or impossible."""
    if not isinstance(setup, Mapping):
        raise SetupError(Phrase("setup must be an object, not {setup!r}", setup=setup))
    extra = sorted(set(setup) - set(_KEYS))
    if extra:
        raise SetupError(
            Phrase("unknown setup key {key!r}; keys are {listed}", key=extra[0], listed=", ".join(_KEYS))
        )
    paths = setup.get("paths")
    if paths is not None:
        paths = tuple(_names(paths, PATH_KINDS, "paths"))
        if len(paths) != len(PATH_PLACES):
            raise SetupError(
                Phrase("paths names the cards of places 1-6: six kinds, not {length}", length=len(paths))
            )
    hands = _read_hands(setup.get("hands"), players, absent)
    unknown = setup.get("unknown")
    if unknown is not None:
        if hands is None:
            raise SetupError("setup.unknown needs setup.hands: the Unknown Deck is what is not dealt")
        unknown = _names(unknown, CARD_KINDS, "unknown")
        rest = Counter(weapon_deck(players))
        for hand in hands.values():
            rest -= Counter(hand)
        if Counter(unknown) != rest:
            raise SetupError("setup.unknown must be exactly the weapon cards not dealt to a hand")
    dice = tuple(_names(setup.get("dice", []), DIE_FACES, "dice"))
    reshuffle = setup.get("reshuffle", True)
    if not isinstance(reshuffle, bool):
        raise SetupError(Phrase("reshuffle must be true or false, not {reshuffle!r}", reshuffle=reshuffle))
    return FixedSetup(paths, hands, unknown, dice, reshuffle)


def _read_hands(value: Any, players: int, absent: frozenset[Seat]) -> dict[Seat, list[Kind]] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise SetupError('hands must map each seat ("0", "1", ...) to its cards')
    seated = [str(s) for s in range(players) if s not in absent]
    if sorted(value) != sorted(seated):
        raise SetupError(
            Phrase("hands must name exactly the seats dealt at set-up: {listed}", listed=", ".join(seated))
        )
    hands = {int(seat): _names(cards, CARD_KINDS, f"hand of seat {seat}") for seat, cards in value.items()}
    for seat, hand in hands.items():
        if len(hand) > HAND_SIZE:
            raise SetupError(
                Phrase(
                    "seat {seat} is dealt {length} cards; a hand holds at most {hand_size}",
                    seat=seat,
                    length=len(hand),
                    hand_size=HAND_SIZE,
                )
            )
    dealt: Counter[Kind] = Counter()
    for hand in hands.values():
        dealt += Counter(hand)
    deck = Counter(weapon_deck(players))
    over = sorted(kind for kind in dealt if dealt[kind] > deck[kind])
    if over:
        kind = over[0]
        raise SetupError(
            Phrase(
                "{dealt} {kind} cards dealt; a {players}-seat deck has {deck}",
                dealt=dealt[kind],
                kind=kind,
                players=players,
                deck=deck[kind],
            )
        )
    return hands


def _names(value: Any, allowed: tuple[Kind, ...], what: str) -> list[Kind]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise SetupError(Phrase("{what} must be a list of names, not {value!r}", what=what, value=value))
    for name in value:
        if name not in allowed:
            raise SetupError(
                Phrase(
                    "{name!r} in {what} is not one of {listed}",
                    name=name,
                    what=what,
                    listed=", ".join(allowed),
                )
            )
    return [Kind(name) for name in value]


def read_max_rounds(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise SetupError(
            Phrase("max_rounds must be a whole number of at least 1, not {value!r}", value=value)
        )
    return value


def read_absent(value: Any, players: int) -> frozenset[Seat]:
    if not isinstance(value, list) or any(isinstance(s, bool) or not isinstance(s, int) for s in value):
        raise SetupError(Phrase("absent must be a list of seats, not {value!r}", value=value))
    for seat in value:
        if not 0 <= seat < players:
            raise SetupError(
                Phrase(
                    "absent seat {seat} does not exist; seats are 0 to {last}", seat=seat, last=players - 1
                )
            )
    if len(set(value)) >= players:
        raise SetupError("at least one seat must be at the table")
    return frozenset(value)
