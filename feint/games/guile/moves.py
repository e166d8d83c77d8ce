"""Guile's moves, their notation and their stable indices.

Every move exists once, in :data:`MOVES`; parsing returns those same objects,
so comparing moves is cheap and ``MOVES[m.index] is m``.

>>> parse_move("swap 5")
Swap(knight=5)
>>> str(parse_move("place 3 lancelot"))
'place 3 lancelot'
"""

from __future__ import annotations

from dataclasses import dataclass

from feint.engine.moves import MoveBase, MoveTable
from feint.games.guile.cards import CARD_KINDS, KNIGHTS, TABLE, Card, Faction


@dataclass(frozen=True, slots=True)
class ChooseFaction(MoveBase):
    faction: Faction

    def __str__(self) -> str:
        return f"faction {self.faction}"


@dataclass(frozen=True, slots=True)
class ChooseStart(MoveBase):
    knight: int

    def __str__(self) -> str:
        return f"start {KNIGHTS[self.knight]}"


@dataclass(frozen=True, slots=True)
class Pick(MoveBase):
    card: Card

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Place(MoveBase):
    card: Card
    knight: int

    def __str__(self) -> str:
        return f"place {self.card} {KNIGHTS[self.knight]}"


@dataclass(frozen=True, slots=True)
class Look(MoveBase):
    def __str__(self) -> str:
        return "look"


@dataclass(frozen=True, slots=True)
class Swap(MoveBase):
    knight: int

    def __str__(self) -> str:
        return f"swap {KNIGHTS[self.knight]}"


GuileMove = ChooseFaction | ChooseStart | Pick | Place | Look | Swap


_KNIGHT_WORDS = {**{name: i for i, name in enumerate(KNIGHTS)}, **{str(i): i for i in range(TABLE)}}
USAGE = (
    "moves are: faction arthur|mordred, start <knight>, pick <card>, "
    "place <card> <knight>, look, swap <knight>; "
    f"cards are {' '.join(CARD_KINDS)}; knights are {' '.join(KNIGHTS)} or 0-7"
)


def _knights_by_name(words: list[str]) -> list[str]:
    """Knights may be written by name or position: ``swap 5`` is ``swap meliagant``."""
    if len(words) >= 2 and words[-1] in _KNIGHT_WORDS and words[0] != "pick":
        words[-1] = KNIGHTS[_KNIGHT_WORDS[words[-1]]]
    return words


MOVES: MoveTable[GuileMove] = MoveTable(
    "Guile",
    [
        *(ChooseFaction(f) for f in Faction),
        *(ChooseStart(k) for k in range(TABLE)),
        *(Pick(c) for c in CARD_KINDS),
        *(Place(c, k) for c in CARD_KINDS for k in range(TABLE)),
        Look(),
        *(Swap(k) for k in range(TABLE)),
    ],
    USAGE,
    _knights_by_name,
)
"""Every Guile move; a move's index is its place here, stable across versions."""

FACTION = {m.faction: m for m in MOVES if isinstance(m, ChooseFaction)}
START = tuple(m for m in MOVES if isinstance(m, ChooseStart))
PICK = {m.card: m for m in MOVES if isinstance(m, Pick)}
PLACE = {(m.card, m.knight): m for m in MOVES if isinstance(m, Place)}
LOOK = next(m for m in MOVES if isinstance(m, Look))
SWAP = tuple(m for m in MOVES if isinstance(m, Swap))


def parse_move(text: str) -> GuileMove:
    """The move written as ``text``: knights by name or position, any case and spacing."""
    return MOVES.parse(text)
