"""Knights of Glory's moves, their notation and their stable indices.

Every move exists once, in :data:`MOVES`; parsing returns those same objects,
so comparing moves is cheap and ``MOVES[m.index] is m``. Cards are named by
kind, never by position in a hand, since cards of a kind are identical.

>>> parse_move("cover sword with torch")
Cover(face='sword', cover='torch', face_down=False)
>>> str(parse_move("discard wild bomb"))
'discard bomb wild'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import combinations_with_replacement

from feint.engine.errors import NotationError
from feint.games.knights.cards import CARD_KINDS, TOKEN, WEAPONS, WILD


@dataclass(frozen=True, slots=True)
class Simple:
    """A move of one or two fixed words: ``advance``, ``pass``, ``redeem``, ``sit out``..."""

    word: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[str, ...]
    """One to three kinds, in the order of ``CARD_KINDS``."""
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Glory:
    dice: int
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"glory {self.dice}"


@dataclass(frozen=True, slots=True)
class Cover:
    """Cover a die showing ``face`` with a card kind or a KOG token."""

    face: str
    cover: str
    face_down: bool = False
    """Only for a Wild under the Bluffing Wild Cards variant; other cards' sides are set by the rules."""
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"cover {self.face} with {self.cover}" + (" face-down" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class Substitute:
    """Weapon substitution: remove a die showing ``face``; ``card`` goes beside the path."""

    face: str
    card: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"substitute {self.face} with {self.card}"


@dataclass(frozen=True, slots=True)
class Vote:
    agree: bool
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return "vote agree" if self.agree else "vote disagree"


@dataclass(frozen=True, slots=True)
class Reveal:
    card: str
    index: int = field(default=-1, compare=False, repr=False)

    def __str__(self) -> str:
        return f"reveal {self.card}"


KnightsMove = Simple | Discard | Glory | Cover | Substitute | Vote | Reveal

_SIMPLE_WORDS = (
    "advance",
    "pass",
    "redeem",
    "retreat",
    "free advance",
    "stay",
    "trade jesters",
    "sit out",
    "sit in",
    "leave",
    "join",
)
TABLE_WORDS = ("sit out", "sit in", "leave", "join")
"""Moves any seat may make between turns, besides the moves of the seat to move."""


def _every_move() -> tuple[KnightsMove, ...]:
    unindexed: list[KnightsMove] = [
        *(Simple(word) for word in _SIMPLE_WORDS),
        *(Discard(cards) for n in (1, 2, 3) for cards in combinations_with_replacement(CARD_KINDS, n)),
        *(Glory(n) for n in (0, 1, 2)),
        *(Cover(face, cover) for face in WEAPONS for cover in (*CARD_KINDS, TOKEN)),
        *(Cover(face, WILD, face_down=True) for face in WEAPONS),
        *(Substitute(face, card) for face in WEAPONS for card in CARD_KINDS),
        Vote(True),
        Vote(False),
        *(Reveal(card) for card in CARD_KINDS),
    ]
    return tuple(replace(m, index=i) for i, m in enumerate(unindexed))


MOVES = _every_move()
"""Every Knights of Glory move; a move's index is its place here, stable across versions."""

_BY_TEXT: dict[str, KnightsMove] = {str(m): m for m in MOVES}
SIMPLE = {m.word: m for m in MOVES if isinstance(m, Simple)}
ADVANCE = SIMPLE["advance"]
PASS = SIMPLE["pass"]
REDEEM = SIMPLE["redeem"]
RETREAT = SIMPLE["retreat"]
FREE_ADVANCE = SIMPLE["free advance"]
STAY = SIMPLE["stay"]
TRADE_JESTERS = SIMPLE["trade jesters"]
SIT_OUT = SIMPLE["sit out"]
SIT_IN = SIMPLE["sit in"]
LEAVE = SIMPLE["leave"]
JOIN = SIMPLE["join"]
DISCARD = {m.cards: m for m in MOVES if isinstance(m, Discard)}
GLORY = tuple(m for m in MOVES if isinstance(m, Glory))
COVER = {(m.face, m.cover, m.face_down): m for m in MOVES if isinstance(m, Cover)}
SUBSTITUTE = {(m.face, m.card): m for m in MOVES if isinstance(m, Substitute)}
VOTE_AGREE, VOTE_DISAGREE = (m for m in MOVES if isinstance(m, Vote))
REVEAL = {m.card: m for m in MOVES if isinstance(m, Reveal)}

_ORDER = {kind: i for i, kind in enumerate(CARD_KINDS)}
USAGE = (
    "moves are: advance, pass, discard <cards>, glory <n>, cover <face> with <card|token>, "
    "substitute <face> with <card>, vote agree|disagree, redeem, retreat, reveal <card>, "
    "free advance, stay, trade jesters, sit out, sit in, leave, join; "
    f"faces are {' '.join(WEAPONS)}; cards are {' '.join(CARD_KINDS)}"
)


def parse_move(text: str) -> KnightsMove:
    """The move written as ``text``, in any case and spacing; discarded kinds in any order."""
    words = text.lower().split()
    if words[:1] == ["discard"] and all(w in _ORDER for w in words[1:]):
        words = ["discard", *sorted(words[1:], key=_ORDER.__getitem__)]
    move = _BY_TEXT.get(" ".join(words))
    if move is None:
        raise NotationError(text, f"not a Knights of Glory move; {USAGE}")
    return move
