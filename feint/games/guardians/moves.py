"""Guardian's Call's moves, their notation and their stable indices.

Every move exists once, in the :data:`MOVES` table; parsing returns those
same objects and ``MOVES[m.index] is m``. Moves are values
(:class:`~feint.engine.moves.MoveBase`): an ``Offer`` built by hand with the
right fields equals the listed one, and ``apply`` interns it. Card types may
be written in the singular or the plural; moves print in the singular,
except for the Spells of ``assign``.

>>> str(parse_move("Offer 2 Weapons to 1 as Shields"))
'offer 2 weapon to 1 as shield'
>>> parse_move("draw deck")
DrawDeck()
"""

from __future__ import annotations

from dataclasses import dataclass

from feint.engine.moves import MoveBase, MoveTable
from feint.games.guardians.cards import (
    ASSIGNABLE,
    COPIES,
    DECLARABLE,
    HAND_LIMIT,
    STACKS,
    TREASURE_VALUES,
    TYPES,
    Card,
    singular,
)

MAX_SEATS = 5


@dataclass(frozen=True, slots=True)
class DrawPool(MoveBase):
    card: Card

    def __str__(self) -> str:
        return f"draw pool {self.card}"


@dataclass(frozen=True, slots=True)
class DrawDeck(MoveBase):
    def __str__(self) -> str:
        return "draw deck"


@dataclass(frozen=True, slots=True)
class Buy(MoveBase):
    card: Card

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True)
class Cleanse(MoveBase):
    """Remove a Curse from the pool for 5 coins, and gain 5 VP."""

    def __str__(self) -> str:
        return "cleanse"


@dataclass(frozen=True, slots=True)
class Trade(MoveBase):
    """Discard three Artifacts from the tableau to draw two Treasures."""

    def __str__(self) -> str:
        return "treasure"


@dataclass(frozen=True, slots=True)
class Offer(MoveBase):
    count: int
    card: Card
    """The real type of the cards offered."""
    target: int
    declared: Card

    def __str__(self) -> str:
        return f"offer {self.count} {self.card} to {self.target} as {self.declared}"


@dataclass(frozen=True, slots=True)
class Believe(MoveBase):
    def __str__(self) -> str:
        return "believe"


@dataclass(frozen=True, slots=True)
class Doubt(MoveBase):
    def __str__(self) -> str:
        return "doubt"


@dataclass(frozen=True, slots=True)
class Discard(MoveBase):
    """A one- or two-Curse effect: the top card of this stack is discarded."""

    stack: Card

    def __str__(self) -> str:
        return f"discard {self.stack}"


@dataclass(frozen=True, slots=True)
class Steal(MoveBase):
    """The three-Curse effect: the top card of this stack of the cursed seat is taken."""

    stack: Card

    def __str__(self) -> str:
        return f"steal {self.stack}"


@dataclass(frozen=True, slots=True)
class Assign(MoveBase):
    """Turn ``count`` unassigned Spells into ``card``; ``first`` lays them beneath the cards just gained."""

    count: int
    card: Card
    first: bool

    def __str__(self) -> str:
        spells = "spell" if self.count == 1 else "spells"
        return f"assign {self.count} {spells} to {self.card}{' first' if self.first else ''}"


@dataclass(frozen=True, slots=True)
class LeaveSpells(MoveBase):
    def __str__(self) -> str:
        return "leave spells"


@dataclass(frozen=True, slots=True)
class KeepTreasure(MoveBase):
    value: int

    def __str__(self) -> str:
        return f"keep {self.value}"


@dataclass(frozen=True, slots=True)
class Name(MoveBase):
    """The 3 VP Treasure: the type to keep among the five cards revealed."""

    card: Card

    def __str__(self) -> str:
        return f"name {self.card}"


@dataclass(frozen=True, slots=True)
class Add(MoveBase):
    """The 7 VP Treasure: the drawn card to add to the tableau."""

    card: Card

    def __str__(self) -> str:
        return f"add {self.card}"


GuardiansMove = (
    DrawPool
    | DrawDeck
    | Buy
    | Cleanse
    | Trade
    | Offer
    | Believe
    | Doubt
    | Discard
    | Steal
    | Assign
    | LeaveSpells
    | KeepTreasure
    | Name
    | Add
)


def _every_move() -> list[GuardiansMove]:
    return [
        *(DrawPool(c) for c in TYPES),
        DrawDeck(),
        *(Buy(c) for c in TYPES),
        Cleanse(),
        Trade(),
        *(
            Offer(n, c, t, d)
            for n in range(1, HAND_LIMIT + 1)
            for c in TYPES
            for t in range(MAX_SEATS)
            for d in TYPES
        ),
        Believe(),
        Doubt(),
        *(Discard(s) for s in STACKS),
        *(Steal(s) for s in STACKS),
        *(Assign(n, c, first) for n in range(1, COPIES + 1) for c in ASSIGNABLE for first in (False, True)),
        LeaveSpells(),
        *(KeepTreasure(v) for v in TREASURE_VALUES),
        *(Name(c) for c in TYPES),
        *(Add(c) for c in DECLARABLE),
    ]


USAGE = (
    "moves are: draw pool <type>, draw deck, buy <type>, cleanse, treasure, "
    "offer <count> <type> to <seat> as <type>, believe, doubt, discard <stack>, steal <stack>, "
    "assign <count> spells to <type> [first], leave spells, keep <3|5|7|10>, name <type>, add <type>; "
    f"types are {' '.join(TYPES)}"
)


def normalize(words: list[str]) -> list[str]:
    """Types in the singular, except the Spells of an ``assign`` of more than one."""
    words = [singular(word) for word in words]
    if len(words) > 2 and words[0] == "assign" and words[2] == "spell" and words[1] != "1":
        words[2] = "spells"
    elif words == ["leave", "spell"]:
        words[1] = "spells"
    return words


MOVES: MoveTable[GuardiansMove] = MoveTable("Guardian's Call", _every_move(), USAGE, normalize)
"""Every Guardian's Call move; a move's index is its place here, stable across versions.

Buying, declaring or naming a Curse is in the notation but never legal, so
that trying it is answered with the rule that forbids it."""

DRAW_POOL = {m.card: m for m in MOVES if isinstance(m, DrawPool)}
DRAW_DECK = next(m for m in MOVES if isinstance(m, DrawDeck))
BUY = {m.card: m for m in MOVES if isinstance(m, Buy)}
CLEANSE = next(m for m in MOVES if isinstance(m, Cleanse))
TRADE = next(m for m in MOVES if isinstance(m, Trade))
OFFER = {(m.count, m.card, m.target, m.declared): m for m in MOVES if isinstance(m, Offer)}
BELIEVE = next(m for m in MOVES if isinstance(m, Believe))
DOUBT = next(m for m in MOVES if isinstance(m, Doubt))
DISCARD = {m.stack: m for m in MOVES if isinstance(m, Discard)}
STEAL = {m.stack: m for m in MOVES if isinstance(m, Steal)}
ASSIGN = {(m.count, m.card, m.first): m for m in MOVES if isinstance(m, Assign)}
LEAVE_SPELLS = next(m for m in MOVES if isinstance(m, LeaveSpells))
KEEP = {m.value: m for m in MOVES if isinstance(m, KeepTreasure)}
NAME = {m.card: m for m in MOVES if isinstance(m, Name)}
ADD = {m.card: m for m in MOVES if isinstance(m, Add)}


def parse_move(text: str) -> GuardiansMove:
    """The move written as ``text``: any case and spacing, types singular or plural."""
    return MOVES.parse(text)
