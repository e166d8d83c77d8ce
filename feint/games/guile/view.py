"""What one viewer may know of a Guile state.

Information vocabulary (``Board.INFORMATION`` declares it per field): the
faction choice, the Start Knight, which knight was looked at, which knights
swapped, and every finished round's revealed table are public. A seat's own
hand, the hands it was shown in the draft and the cards it placed or looked
at (followed through public swaps) are private to that seat. The aside
cards, the opponent's picks and the cards a viewer has not seen are known to
nobody but their holder, or to nobody at all.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from feint.engine.state import Seat
from feint.engine.view import HIDDEN, Header, Hidden, View, extended, slot_init
from feint.games.guile.board import Board
from feint.games.guile.cards import HAND_SIZE, KNIGHTS, TABLE, Card, Faction, faction_of
from feint.games.guile.model import PLACE_PHASE, PLAY_PHASE, Action, DraftStep, RoundResult, public_actions


@slot_init
@dataclass(frozen=True, slots=True)
class KnightView:
    position: int
    name: str
    faction: Faction
    seat: Seat | None
    """The seat that controls this knight, once factions are chosen."""
    card: Card | Hidden | None
    """The card as the viewer knows it, ``HIDDEN`` if face-down and unknown, None if empty."""


@slot_init
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


@slot_init
@dataclass(frozen=True, slots=True)
class GuileRevealed(GuileView):
    """Everything (the end screen and the replay): every knight's card face-up, every seat's cards."""

    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards to pick from or to place."""
    picks: tuple[tuple[Card, ...], ...]
    """Each seat's cards kept so far in the draft."""
    aside: tuple[Card, ...]
    """The cards set aside this round, which nobody sees in play."""


def build_view(s: Board, header: Header) -> GuileView:
    """What ``header.viewer`` may know: the cards it placed or looked at, its own hand and draft."""
    seat = header.viewer
    mask = 0 if seat is None else s.known[seat]
    # During placement only the seat's own cards are down for it to see; later the others are face-down.
    unseen = None if s.phase is PLACE_PHASE else HIDDEN
    shown = [card if card is None or mask >> p & 1 else unseen for p, card in enumerate(s.knights)]
    knights = tuple(map(_knight_view, range(TABLE), _CONTROLLERS[s.arthur_seat], shown))
    return GuileView(
        header=header,
        variants=tuple(sorted(s.variants)),
        round=s.round_index + 1,
        arthur_seat=s.arthur_seat,
        start_knight=s.start_knight,
        turn=s.turn,
        cycle=1 if s.turn < TABLE else 2,
        knight_errant=s.knight_errant(),
        knights=knights,
        hand=() if seat is None else tuple(s.hands[seat]),
        kept=() if seat is None else tuple(s.kept[seat]),
        draft=() if seat is None else tuple(s.draft_log[seat]),
        dealt=() if seat is None else s.owned[seat],
        placed=_placed(s),
        actions=public_actions(s.actions),
        round_wins=(s.round_wins[0], s.round_wins[1]),
        rounds=tuple(RoundResult(r.winner, r.totals, r.cards, r.decided_by) for r in s.rounds),
    )


def build_revealed(s: Board, header: Header) -> GuileRevealed:
    """The spectator's view with the knights' cards face-up and the seats' cards: everything."""
    spectator = build_view(s, header)
    return extended(
        spectator,
        GuileRevealed,
        knights=tuple(replace(k, card=card) for k, card in zip(spectator.knights, s.knights, strict=True)),
        hands=tuple(tuple(hand) for hand in s.hands),
        picks=tuple(tuple(kept) for kept in s.kept),
        aside=tuple(s.aside),
    )


def _placed(s: Board) -> tuple[int, int]:
    """How many cards each seat has placed this round."""
    if s.phase is PLAY_PHASE:
        return (HAND_SIZE, HAND_SIZE)
    if s.phase is not PLACE_PHASE:
        return (0, 0)
    return (HAND_SIZE - len(s.hands[0]), HAND_SIZE - len(s.hands[1]))


_CONTROLLERS: dict[Seat | None, tuple[Seat | None, ...]] = {
    None: (None,) * TABLE,
    **{arthur: tuple(arthur if p % 2 == 0 else 1 - arthur for p in range(TABLE)) for arthur in (0, 1)},
}
"""The seat that controls each knight, by the seat leading Arthur's faction (None before the choice)."""


@cache
def _knight_view(position: int, seat: Seat | None, card: Card | Hidden | None) -> KnightView:
    """Knight views are few and immutable, so each is made once."""
    return KnightView(position, KNIGHTS[position], faction_of(position), seat, card)
