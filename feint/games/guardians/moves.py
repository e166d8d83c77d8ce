"""Guardian's Call's moves, their notation and their stable indices.

Every move exists once, in :data:`MOVES`; parsing returns those same objects,
so moves compare by identity (the dataclasses have ``eq=False``: a legal-move
check over a hundred offers is then a pointer comparison) and
``MOVES[m.index] is m``. Card types may be
written in the singular or the plural; moves print in the singular, except
for the Spells of ``assign``.

>>> str(parse_move("Offer 2 Weapons to 1 as Shields"))
'offer 2 weapon to 1 as shield'
>>> parse_move("draw deck")
DrawDeck()
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from feint.engine.errors import NotationError
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


@dataclass(frozen=True, slots=True, eq=False)
class DrawPool:
    card: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"draw pool {self.card}"


@dataclass(frozen=True, slots=True, eq=False)
class DrawDeck:
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "draw deck"


@dataclass(frozen=True, slots=True, eq=False)
class Buy:
    card: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, slots=True, eq=False)
class Cleanse:
    """Remove a Curse from the pool for 5 coins, and gain 5 VP."""

    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "cleanse"


@dataclass(frozen=True, slots=True, eq=False)
class Trade:
    """Discard three Artifacts from the tableau to draw two Treasures."""

    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "treasure"


@dataclass(frozen=True, slots=True, eq=False)
class Offer:
    count: int
    card: Card
    """The real type of the cards offered."""
    target: int
    declared: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"offer {self.count} {self.card} to {self.target} as {self.declared}"


@dataclass(frozen=True, slots=True, eq=False)
class Believe:
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "believe"


@dataclass(frozen=True, slots=True, eq=False)
class Doubt:
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "doubt"


@dataclass(frozen=True, slots=True, eq=False)
class Discard:
    """A one- or two-Curse effect: the top card of this stack is discarded."""

    stack: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"discard {self.stack}"


@dataclass(frozen=True, slots=True, eq=False)
class Steal:
    """The three-Curse effect: the top card of this stack of the cursed seat is taken."""

    stack: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"steal {self.stack}"


@dataclass(frozen=True, slots=True, eq=False)
class Assign:
    """Turn ``count`` unassigned Spells into ``card``; ``first`` lays them beneath the cards just gained."""

    count: int
    card: Card
    first: bool
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        spells = "spell" if self.count == 1 else "spells"
        return f"assign {self.count} {spells} to {self.card}{' first' if self.first else ''}"


@dataclass(frozen=True, slots=True, eq=False)
class LeaveSpells:
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "leave spells"


@dataclass(frozen=True, slots=True, eq=False)
class KeepTreasure:
    value: int
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"keep {self.value}"


@dataclass(frozen=True, slots=True, eq=False)
class Name:
    """The 3 VP Treasure: the type to keep among the five cards revealed."""

    card: Card
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"name {self.card}"


@dataclass(frozen=True, slots=True, eq=False)
class Add:
    """The 7 VP Treasure: the drawn card to add to the tableau."""

    card: Card
    index: int = field(default=-1, compare=False, repr=False)

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


def _every_move() -> tuple[GuardiansMove, ...]:
    unindexed: list[GuardiansMove] = [
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
    return tuple(replace(m, index=i) for i, m in enumerate(unindexed))


MOVES = _every_move()
"""Every Guardian's Call move; a move's index is its place here, stable across versions.

Buying, declaring or naming a Curse is in the notation but never legal, so
that trying it is answered with the rule that forbids it."""


def _key(text: str) -> str:
    return " ".join(singular(word) for word in text.lower().split())


_BY_KEY: dict[str, GuardiansMove] = {_key(str(m)): m for m in MOVES}
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

USAGE = (
    "moves are: draw pool <type>, draw deck, buy <type>, cleanse, treasure, "
    "offer <count> <type> to <seat> as <type>, believe, doubt, discard <stack>, steal <stack>, "
    "assign <count> spells to <type> [first], leave spells, keep <3|5|7|10>, name <type>, add <type>; "
    f"types are {' '.join(TYPES)}"
)


def parse_move(text: str) -> GuardiansMove:
    """The move written as ``text``: any case and spacing, types singular or plural."""
    move = _BY_KEY.get(_key(text))
    if move is None:
        raise NotationError(text, f"not a Guardian's Call move; {USAGE}")
    return move
