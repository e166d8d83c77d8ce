"""What one viewer may know of a Guardian's Call state: a frozen view, with no log (events are apart).

Information: the pool, every tableau, coins, Castle pawns and VP tokens,
offer tokens, Quests, kept Treasures, the discard pile, hand sizes, the deck
and Treasure deck sizes and where Council and War may lie in the deck (set-up
step 5 is public) are public. A seat's hand, the real cards of its own offer
until they are revealed, and the two Treasures it drew are its own. The deck
order and the Treasure deck order are known to nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from feint.engine.state import Seat
from feint.engine.view import HIDDEN, Hidden, View, extended, slot_init
from feint.games.guardians.cards import Card
from feint.games.guardians.pending import PendingAssign, PendingCurse
from feint.games.guardians.seat import Tableau

__all__ = [
    "HIDDEN",
    "CastleSpace",
    "GuardiansRevealed",
    "GuardiansView",
    "OfferView",
    "SeatView",
    "castle_spaces",
    "revealed",
]


@slot_init
@dataclass(frozen=True, slots=True)
class SeatView:
    seat: Seat
    guardian: str
    hand: tuple[Card, ...] | None
    """The seat's hand if the viewer is that seat, else None."""
    hand_size: int
    tableau: Tableau
    """Stack name to printed cards, bottom first: a ``spell`` in another stack is an assigned Spell."""
    coins: int
    castle: int
    claimed: tuple[int, ...]
    """The VP spaces this pawn has reached: a token is taken at most once per space."""
    vp_tokens: tuple[int, ...]
    treasures: tuple[int, ...]
    used_tokens: tuple[Seat, ...]
    """The seats whose offer token this seat has turned face down."""
    offer_targets: tuple[Seat, ...]
    """The seats this seat may offer to next."""
    cursed: bool
    cleansed: int
    score: int
    points: tuple[int, ...]
    """VP by source, in the order of :data:`~feint.games.guardians.seat.SOURCES`."""


@slot_init
@dataclass(frozen=True, slots=True)
class OfferView:
    offerer: Seat
    target: Seat
    count: int
    declared: Card
    cards: tuple[Card | Hidden, ...]
    """The real cards for the offerer; ``HIDDEN`` marks for everyone else."""


@slot_init
@dataclass(frozen=True, slots=True)
class CastleSpace:
    space: int
    tokens: tuple[int, ...]
    """The VP tokens left on the space, top first."""


@lru_cache(maxsize=1024)
def castle_spaces(tokens: tuple[tuple[int, tuple[int, ...]], ...]) -> tuple[CastleSpace, ...]:
    """The Castle's VP spaces as a view shows them, from each space and its tokens (a state's
    ``castle_tokens.items()``).

    Remembered: the tokens change a few times a game, and a view is made at every decision of a learning
    environment; the spaces are frozen, so views may share them."""
    return tuple(CastleSpace(space, left) for space, left in tokens)


@slot_init
@dataclass(frozen=True, slots=True)
class GuardiansView(View):
    players: int
    turn: int
    current: Seat
    """The seat whose turn it is."""
    offered: bool
    """Whether this turn's offer has been resolved."""
    pool: tuple[Card, ...]
    deck_size: int
    war_pile: tuple[int, int]
    """War lies among these places of the deck, counted from its bottom (set-up step 5)."""
    council_pile: tuple[int, int]
    discard: tuple[Card, ...]
    removed: tuple[Card, ...]
    """Council and War once revealed."""
    council_done: bool
    treasure_deck_size: int
    castle_tokens: tuple[CastleSpace, ...]
    quests: tuple[int, ...]
    """The numbers of the three Quests (``feint.games.guardians.quests``)."""
    seats: tuple[SeatView, ...]
    offer: OfferView | None
    curse: PendingCurse | None
    """A curse waiting for its stack."""
    assign: PendingAssign | None
    """Spells waiting to be assigned."""
    treasure_choice: tuple[int | Hidden, ...]
    """The two Treasures drawn: their values for the seat that drew them, ``HIDDEN`` for the others."""
    drawn: tuple[Card, ...]
    """The cards the 7 VP Treasure drew, waiting for one to be added."""
    naming: bool
    """A 3 VP Treasure waits for its type."""

    def me(self) -> SeatView | None:
        return None if self.viewer is None else self.seats[self.viewer]


@slot_init
@dataclass(frozen=True, slots=True)
class GuardiansRevealed(GuardiansView):
    """Everything (the end screen and the replay): every hand, the offer's cards, the decks in order."""

    deck: tuple[Card, ...]
    """The Guardian deck, top first."""
    treasure_deck: tuple[int, ...]
    """The Treasure deck, top first."""


def revealed(
    spectator: GuardiansView,
    hands: Sequence[Sequence[Card]],
    offer_cards: Sequence[Card],
    treasure_choice: Sequence[int],
    deck: Sequence[Card],
    treasure_deck: Sequence[int],
) -> GuardiansRevealed:
    """``spectator`` (the spectator's view) with the seats' hands, the offer and the decks face-up."""
    offer = spectator.offer
    return extended(
        spectator,
        GuardiansRevealed,
        seats=tuple(
            replace(seat, hand=tuple(hand)) for seat, hand in zip(spectator.seats, hands, strict=True)
        ),
        offer=None if offer is None else replace(offer, cards=tuple(offer_cards)),
        treasure_choice=tuple(treasure_choice),
        deck=tuple(deck),
        treasure_deck=tuple(treasure_deck),
    )
