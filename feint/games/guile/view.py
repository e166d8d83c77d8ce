"""What one viewer may know of a Guile state.

Information vocabulary (``GuileState.INFORMATION`` declares it per field): the
faction choice, the Start Knight, which knight was looked at, which knights
swapped, and every finished round's revealed table are public. A seat's own
hand, the hands it was shown in the draft and the cards it placed or looked
at (followed through public swaps) are private to that seat. The aside
cards, the opponent's picks and the cards a viewer has not seen are known to
nobody but their holder, or to nobody at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from feint.engine.state import Seat
from feint.engine.view import Hidden, View, extended
from feint.games.guile.cards import Card, Faction


@dataclass(frozen=True, slots=True)
class KnightView:
    position: int
    name: str
    faction: Faction
    seat: Seat | None
    """The seat that controls this knight, once factions are chosen."""
    card: Card | Hidden | None
    """The card as the viewer knows it, ``HIDDEN`` if face-down and unknown, None if empty."""


@dataclass(frozen=True, slots=True)
class DraftStep:
    shown: tuple[Card, ...]
    """The cards in front of the viewer at this step of the draft."""
    kept: Card


@dataclass(frozen=True, slots=True)
class Action:
    """A public Game Play action: which seat, from which Knight-Errant, what it did."""

    seat: Seat
    knight: int
    kind: str
    target: int | None

    def __str__(self) -> str:
        return "look" if self.target is None else f"swap {self.target}"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round's outcome, revealed to everyone (its moves are in the events)."""

    winner: Seat | None
    totals: tuple[int, int]
    """The Influence total of seat 0's faction and of seat 1's faction."""
    cards: tuple[Card, ...]
    decided_by: str


@dataclass(frozen=True, slots=True)
class RoundRecord(RoundResult):
    """A finished round with its public actions, in order: the state's record."""

    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class GuileView(View):
    variants: tuple[str, ...]
    round: int
    arthur_seat: Seat | None
    start_knight: int | None
    turn: int
    """Turns taken this round, 0 to 16."""
    cycle: int
    knight_errant: int | None
    knights: tuple[KnightView, ...]
    hand: tuple[Card, ...]
    """The viewer's cards to pick from (draft) or to place."""
    kept: tuple[Card, ...]
    """The cards the viewer has picked so far in the draft."""
    draft: tuple[DraftStep, ...]
    """This round's draft as the viewer saw it, step by step."""
    dealt: tuple[Card, ...]
    """The viewer's four cards of this round once its draft is done (its dealt hand without a draft)."""
    placed: tuple[int, int]
    """How many cards each seat has placed this round."""
    actions: tuple[Action, ...]
    round_wins: tuple[int, int]
    rounds: tuple[RoundResult, ...]

    def own_knights(self) -> tuple[KnightView, ...]:
        return tuple(k for k in self.knights if k.seat == self.viewer)


@dataclass(frozen=True, slots=True)
class GuileRevealed(GuileView):
    """Everything (the end screen and the replay): every knight's card face-up, every seat's cards."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards to pick from or to place."""
    picks: tuple[tuple[Card, ...], ...]
    """Each seat's cards kept so far in the draft."""
    aside: tuple[Card, ...]
    """The cards set aside this round, which nobody sees in play."""


def revealed(
    spectator: GuileView,
    cards: Sequence[Card | None],
    hands: Sequence[Sequence[Card]],
    picks: Sequence[Sequence[Card]],
    aside: Sequence[Card],
) -> GuileRevealed:
    """``spectator`` (the spectator's view) with the knights' ``cards`` face-up and the seats' cards."""
    return extended(
        spectator,
        GuileRevealed,
        knights=tuple(replace(k, card=card) for k, card in zip(spectator.knights, cards, strict=True)),
        hands=tuple(tuple(hand) for hand in hands),
        picks=tuple(tuple(kept) for kept in picks),
        aside=tuple(aside),
    )
