"""Liar's Dice moves, their notation (``bid 3 5s``, ``liar``, ``spot on``) and their stable indices.

A bid's index is OpenSpiel's action number for the same bid, ``(quantity - 1) * 6 + face - 1``;
``liar`` and ``spot on`` follow the last bid of thirty dice.

>>> str(MOVES.parse("bid 3 fives"))
'bid 3 5s'
>>> MOVES.parse("2 6").index
11
>>> str(MOVES.parse("challenge"))
'liar'
"""

from __future__ import annotations

from dataclasses import dataclass

from feint.engine.moves import MoveBase, MoveTable
from feint.games.liars_dice.rules import FACES, MAX_QUANTITY


@dataclass(frozen=True, slots=True)
class Bid(MoveBase):
    """At least ``quantity`` dice on the table show ``face`` (or a wild face)."""

    quantity: int
    face: int

    def __str__(self) -> str:
        return f"bid {self.quantity} {self.face}s"


@dataclass(frozen=True, slots=True)
class Call(MoveBase):
    """An answer that ends the bidding: ``liar`` (a challenge) or ``spot on``."""

    word: str

    def __str__(self) -> str:
        return self.word


LiarsMove = Bid | Call


_FACE_WORDS = {
    **{word: face for face, word in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), 1)},
    **{word: face for face, word in enumerate(("one", "two", "three", "four", "five", "six"), 1)},
    "aces": 1,
    "ace": 1,
}
_ALIASES: dict[tuple[str, ...], list[str]] = {
    ("challenge",): ["liar"],
    ("call",): ["liar"],
    ("dudo",): ["liar"],
    ("spot-on",): ["spot", "on"],
    ("spoton",): ["spot", "on"],
    ("exact",): ["spot", "on"],
    ("calza",): ["spot", "on"],
}


def _face_word(word: str) -> str:
    face = _FACE_WORDS.get(word)
    if face is not None:
        return f"{face}s"
    bare = word.removesuffix("'s").removesuffix("s")
    return f"{bare}s" if bare.isdigit() else word


def normalize(words: list[str]) -> list[str]:
    """``3 5``, ``bid 3 fives``, ``bid 3 5's`` all read ``bid 3 5s``; ``challenge`` reads ``liar``."""
    alias = _ALIASES.get(tuple(words))
    if alias is not None:
        return alias
    if len(words) == 2 and words[0].isdigit():
        words = ["bid", *words]
    if len(words) == 3 and words[0] == "bid":
        return [words[0], words[1], _face_word(words[2])]
    return words


def _table() -> MoveTable[LiarsMove]:
    bids = [Bid(q, f) for q in range(1, MAX_QUANTITY + 1) for f in range(1, FACES + 1)]
    return MoveTable(
        "Liar's Dice",
        [*bids, Call("liar"), Call("spot on")],
        usage="bid <quantity> <face>s (such as 'bid 3 5s'), 'liar' or 'spot on'",
        normalize=normalize,
    )


MOVES = _table()
BIDS: tuple[Bid, ...] = MOVES.of_type(Bid)  # type: ignore[assignment]
"""Every bid, in index order: ``BIDS[(quantity - 1) * 6 + face - 1]``."""
LIAR = MOVES.intern(Call("liar"))
SPOT_ON = MOVES.intern(Call("spot on"))


def bid_move(quantity: int, face: int) -> Bid:
    """The listed bid of ``quantity`` ``face``s."""
    return BIDS[(quantity - 1) * FACES + face - 1]
