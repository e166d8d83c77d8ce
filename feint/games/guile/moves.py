"""Guile's moves, their notation and their stable indices.

Every move exists once, in :data:`MOVES`; parsing returns those same objects,
so comparing moves is cheap and ``MOVES[m.index] is m``.

>>> parse_move("swap 5")
Swap(knight=5)
>>> str(parse_move("place 3 lancelot"))
'place 3 lancelot'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from feint.engine.errors import NotationError
from feint.games.guile.cards import CARD_KINDS, KNIGHTS, TABLE, Card, Faction


@dataclass(frozen=True, slots=True)
class ChooseFaction:
    faction: Faction
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"faction {self.faction}"


@dataclass(frozen=True, slots=True)
class ChooseStart:
    knight: int
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"start {KNIGHTS[self.knight]}"


@dataclass(frozen=True, slots=True)
class Pick:
    card: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"pick {self.card}"


@dataclass(frozen=True, slots=True)
class Place:
    card: Card
    knight: int
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"place {self.card} {KNIGHTS[self.knight]}"


@dataclass(frozen=True, slots=True)
class Look:
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "look"


@dataclass(frozen=True, slots=True)
class Swap:
    knight: int
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"swap {KNIGHTS[self.knight]}"


GuileMove = ChooseFaction | ChooseStart | Pick | Place | Look | Swap


def _every_move() -> tuple[GuileMove, ...]:
    unindexed: list[GuileMove] = [
        *(ChooseFaction(f) for f in Faction),
        *(ChooseStart(k) for k in range(TABLE)),
        *(Pick(c) for c in CARD_KINDS),
        *(Place(c, k) for c in CARD_KINDS for k in range(TABLE)),
        Look(),
        *(Swap(k) for k in range(TABLE)),
    ]
    return tuple(replace(m, index=i) for i, m in enumerate(unindexed))


MOVES = _every_move()
"""Every Guile move; a move's index is its place here, stable across versions."""

_BY_TEXT: dict[str, GuileMove] = {str(m): m for m in MOVES}
FACTION = {m.faction: m for m in MOVES if isinstance(m, ChooseFaction)}
START = tuple(m for m in MOVES if isinstance(m, ChooseStart))
PICK = {m.card: m for m in MOVES if isinstance(m, Pick)}
PLACE = {(m.card, m.knight): m for m in MOVES if isinstance(m, Place)}
LOOK = next(m for m in MOVES if isinstance(m, Look))
SWAP = tuple(m for m in MOVES if isinstance(m, Swap))

_KNIGHT_WORDS = {**{name: i for i, name in enumerate(KNIGHTS)}, **{str(i): i for i in range(TABLE)}}
USAGE = (
    "moves are: faction arthur|mordred, start <knight>, pick <card>, "
    "place <card> <knight>, look, swap <knight>; "
    f"cards are {' '.join(CARD_KINDS)}; knights are {' '.join(KNIGHTS)} or 0-7"
)


def parse_move(text: str) -> GuileMove:
    """The move written as ``text``: knights by name or position, any case and spacing."""
    words = text.lower().split()
    if words and len(words) >= 2 and words[-1] in _KNIGHT_WORDS and words[0] != "pick":
        words[-1] = KNIGHTS[_KNIGHT_WORDS[words[-1]]]
    move = _BY_TEXT.get(" ".join(words))
    if move is None:
        raise NotationError(text, f"not a Guile move; {USAGE}")
    return move
