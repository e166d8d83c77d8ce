"""What one viewer may know of a Guardian's Call state, and the public log.

Information vocabulary: the pool, every tableau, coins, Castle pawns and VP
tokens, offer tokens, Quests, kept Treasures, the discard pile, hand sizes,
deck size and the log of public actions are public. A seat's hand, the
cards it drew from the deck, the real cards of its own offer until they are
revealed, and the two Treasures it drew are private to it. The deck order,
the Treasure deck order and the Treasure put back are known to nobody.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from feint.engine.state import Seat, Viewer
from feint.games.guardians.cards import Card

HIDDEN = "?"
"""A card the viewer cannot see."""


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the log: who did what.

    ``cards`` is secret when only ``seat`` may see them (a card drawn from the
    deck, the real cards of an offer, the Treasures drawn): every other
    viewer gets as many ``HIDDEN`` marks instead.
    """

    kind: str
    seat: Seat
    cards: tuple[str, ...] = ()
    other: Seat | None = None
    word: str = ""
    number: int = 0
    secret: bool = False

    def seen_by(self, viewer: Viewer) -> Event:
        if self.secret and viewer != self.seat:
            return replace(self, cards=(HIDDEN,) * len(self.cards))
        return self

    def to_json(self) -> list[Any]:
        return [self.kind, self.seat, list(self.cards), self.other, self.word, self.number, self.secret]

    @classmethod
    def from_json(cls, data: list[Any]) -> Event:
        kind, seat, cards, other, word, number, secret = data
        return cls(
            str(kind),
            int(seat),
            tuple(str(c) for c in cards),
            None if other is None else int(other),
            str(word),
            int(number),
            bool(secret),
        )


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    guardian: str
    hand: tuple[Card, ...] | None
    """The seat's hand if the viewer is that seat, else None."""
    hand_size: int
    tableau: dict[str, tuple[Card, ...]]
    """Stack name to printed cards, bottom first: a ``spell`` in another stack is an assigned Spell."""
    coins: int
    castle: int
    vp_tokens: tuple[int, ...]
    treasures: tuple[int, ...]
    offer_targets: tuple[Seat, ...]
    """The seats this seat's face-up offer tokens name."""
    cursed: bool
    cleansed: int
    score: int
    points: dict[str, int]


@dataclass(frozen=True, slots=True)
class OfferView:
    offerer: Seat
    target: Seat
    count: int
    declared: Card
    cards: tuple[Card, ...]
    """The real cards for the offerer; ``HIDDEN`` marks for everyone else."""


@dataclass(frozen=True, slots=True)
class QuestView:
    number: int
    name: str
    when: str
    condition: str
    vp: int


@dataclass(frozen=True, slots=True)
class GuardiansView:
    viewer: Viewer
    players: int
    phase: str
    turn: int
    current: Seat
    """The seat whose turn it is."""
    pool: tuple[Card, ...]
    deck_size: int
    discard: tuple[Card, ...]
    council_done: bool
    treasure_deck_size: int
    castle_tokens: dict[int, tuple[int, ...]]
    quests: tuple[QuestView, ...]
    seats: tuple[SeatView, ...]
    offer: OfferView | None
    curse: dict[str, int] | None
    """A curse waiting for its stack: ``chooser``, ``victim`` and ``strength``."""
    treasure_choice: tuple[int, ...]
    """The two Treasures drawn, for the seat that drew them only."""
    drawn: tuple[Card, ...]
    """The cards the 7 VP Treasure drew, waiting for one to be added."""
    log: tuple[Event, ...]
    to_move: tuple[Seat, ...]
    legal: tuple[str, ...]
    """The viewer's own legal moves in notation."""
    over: bool
    winners: tuple[Seat, ...]

    def to_json(self) -> dict[str, Any]:
        # asdict() would also walk the long log entry by entry, field by field.
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seats"] = [asdict(seat) for seat in self.seats]
        data["quests"] = [asdict(quest) for quest in self.quests]
        data["offer"] = None if self.offer is None else asdict(self.offer)
        data["curse"] = None if self.curse is None else dict(self.curse)
        data["log"] = [event.to_json() for event in self.log]
        data["castle_tokens"] = {str(space): list(t) for space, t in self.castle_tokens.items()}
        return {"game": "guardians", **data}

    def me(self) -> SeatView | None:
        return None if self.viewer is None else self.seats[self.viewer]
