"""Knights of Glory's moves, their notation and their stable indices.

Every move exists once, in :data:`MOVES`; parsing returns those same objects,
so comparing moves is cheap and ``MOVES[m.index] is m``. A move built by hand
equals the listed one and is interned by the engine. Cards are named by kind,
never by position in a hand, since cards of a kind are identical.

>>> parse_move("cover sword with torch")
Cover(face=<Kind.SWORD: 'sword'>, cover=<Kind.TORCH: 'torch'>, face_down=False)
>>> str(parse_move("discard wild bomb"))
'discard bomb wild'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement

from feint.engine.moves import MoveBase, MoveTable
from feint.games.knights.cards import CARD_KINDS, INDEX, TOKEN, WEAPONS, WILD, Kind

TITLE = "Knights of Glory"


@dataclass(frozen=True, slots=True)
class Simple(MoveBase):
    """A move of one or two fixed words: ``advance``, ``pass``, ``redeem``, ``sit out``..."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Discard(MoveBase):
    cards: tuple[Kind, ...]
    """One to three kinds, in the order of ``CARD_KINDS``."""

    def __str__(self) -> str:
        return "discard " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class Glory(MoveBase):
    dice: int

    def __str__(self) -> str:
        return f"glory {self.dice}"


@dataclass(frozen=True, slots=True)
class Cover(MoveBase):
    """Cover a die showing ``face`` with a card kind or a KOG token."""

    face: Kind
    cover: Kind
    face_down: bool = False
    """Only for a Wild under the Bluffing Wild Cards variant; other cards' sides are set by the rules."""

    def __str__(self) -> str:
        return f"cover {self.face} with {self.cover}" + (" face-down" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class Substitute(MoveBase):
    """Weapon substitution: remove a die showing ``face``; ``card`` goes beside the path."""

    face: Kind
    card: Kind

    def __str__(self) -> str:
        return f"substitute {self.face} with {self.card}"


@dataclass(frozen=True, slots=True)
class Vote(MoveBase):
    agree: bool

    def __str__(self) -> str:
        return "vote agree" if self.agree else "vote disagree"


@dataclass(frozen=True, slots=True)
class Reveal(MoveBase):
    card: Kind

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

USAGE = (
    "moves are: advance, pass, discard <cards>, glory <n>, cover <face> with <card|token>, "
    "substitute <face> with <card>, vote agree|disagree, redeem, retreat, reveal <card>, "
    "free advance, stay, trade jesters, sit out, sit in, leave, join; "
    f"faces are {' '.join(WEAPONS)}; cards are {' '.join(CARD_KINDS)}"
)


def _normalize(words: list[str]) -> list[str]:
    """Discarded kinds in any order."""
    if words[:1] == ["discard"] and all(w in INDEX for w in words[1:]):
        return ["discard", *sorted(words[1:], key=lambda w: INDEX[Kind(w)])]
    return words


def _every_move() -> list[KnightsMove]:
    return [
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


MOVES: MoveTable[KnightsMove] = MoveTable(TITLE, _every_move(), USAGE, _normalize)
"""Every Knights of Glory move; a move's index is its place here, stable across versions."""

SIMPLE = {m.word: m for m in MOVES.moves if isinstance(m, Simple)}
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
DISCARD = {m.cards: m for m in MOVES.moves if isinstance(m, Discard)}
GLORY = tuple(m for m in MOVES.moves if isinstance(m, Glory))
COVER = {(m.face, m.cover, m.face_down): m for m in MOVES.moves if isinstance(m, Cover)}
SUBSTITUTE = {(m.face, m.card): m for m in MOVES.moves if isinstance(m, Substitute)}
VOTE_AGREE, VOTE_DISAGREE = (m for m in MOVES.moves if isinstance(m, Vote))
REVEAL = {m.card: m for m in MOVES.moves if isinstance(m, Reveal)}


def parse_move(text: str) -> KnightsMove:
    """The move written as ``text``, in any case and spacing; discarded kinds in any order."""
    return MOVES.parse(text)
