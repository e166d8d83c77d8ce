"""One seat's belongings: hand, tableau, coins, Castle pawn, VP and offer tokens.

A tableau is one stack per type (:data:`STACKS`), each a list of printed card
types from bottom to top: a ``"spell"`` in the Shield stack is a Spell
assigned as a Shield, and counts as one everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feint.games.guardians.cards import SPELL, STACKS, Card
from feint.games.guardians.quests import Standing

SOURCES: tuple[str, ...] = (
    "council_castle",
    "council_quests",
    "war_castle",
    "war_quests",
    "weapons",
    "shields",
    "coins",
    "vp_tokens",
    "curses_removed",
    "treasures",
)
"""Where VP come from, in the order the score breakdown lists them."""


class SeatState:
    __slots__ = (
        "castle",
        "claimed",
        "cleansed",
        "coins",
        "cursed",
        "guardian",
        "hand",
        "points",
        "tableau",
        "treasures",
        "used_tokens",
        "vp_tokens",
    )

    def __init__(self, guardian: str) -> None:
        self.guardian = guardian
        self.hand: list[Card] = []
        self.tableau: dict[Card, list[Card]] = {stack: [] for stack in STACKS}
        self.coins = 0
        self.castle = 0
        self.claimed: list[int] = []
        """The VP spaces this pawn has reached: a token is taken at most once per space."""
        self.vp_tokens: list[int] = []
        self.treasures: list[int] = []
        self.used_tokens: list[int] = []
        """The seats whose offer token this seat has flipped face down."""
        self.cursed = False
        self.cleansed = 0
        self.points: dict[str, int] = dict.fromkeys(SOURCES, 0)

    def size(self, stack: Card) -> int:
        return len(self.tableau[stack])

    def score(self) -> int:
        return sum(self.points.values())

    def standing(self) -> Standing:
        return Standing(
            stacks={stack: len(cards) for stack, cards in self.tableau.items()},
            spells=sum(cards.count(SPELL) for cards in self.tableau.values()),
            castle=self.castle,
            treasures=len(self.treasures),
            coins=self.coins,
            cursed=self.cursed,
            cleansed=self.cleansed,
        )

    def copy(self) -> SeatState:
        other = SeatState(self.guardian)
        other.hand = list(self.hand)
        other.tableau = {stack: list(cards) for stack, cards in self.tableau.items()}
        other.coins = self.coins
        other.castle = self.castle
        other.claimed = list(self.claimed)
        other.vp_tokens = list(self.vp_tokens)
        other.treasures = list(self.treasures)
        other.used_tokens = list(self.used_tokens)
        other.cursed = self.cursed
        other.cleansed = self.cleansed
        other.points = dict(self.points)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "guardian": self.guardian,
            "hand": list(self.hand),
            "hand_size": len(self.hand),
            "tableau": {stack: list(cards) for stack, cards in self.tableau.items()},
            "coins": self.coins,
            "castle": self.castle,
            "claimed": list(self.claimed),
            "vp_tokens": list(self.vp_tokens),
            "treasures": list(self.treasures),
            "used_tokens": list(self.used_tokens),
            "cursed": self.cursed,
            "cleansed": self.cleansed,
            "score": {"total": self.score(), "sources": dict(self.points)},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SeatState:
        seat = cls(str(data["guardian"]))
        seat.hand = [str(c) for c in data["hand"]]
        seat.tableau = {stack: [str(c) for c in data["tableau"][stack]] for stack in STACKS}
        seat.coins = int(data["coins"])
        seat.castle = int(data["castle"])
        seat.claimed = [int(s) for s in data["claimed"]]
        seat.vp_tokens = [int(v) for v in data["vp_tokens"]]
        seat.treasures = [int(v) for v in data["treasures"]]
        seat.used_tokens = [int(s) for s in data["used_tokens"]]
        seat.cursed = bool(data["cursed"])
        seat.cleansed = int(data["cleansed"])
        points = data["score"]["sources"]
        seat.points = {source: int(points[source]) for source in SOURCES}
        return seat
