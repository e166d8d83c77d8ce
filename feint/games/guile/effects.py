"""What Guile's moves do: every change to the state, and the event each one records.

Rules held here (docs/rules/guile.md):

- Set-up I-II: the faction (G11) and the Start Knight;
- Set-up III: the deal, four cards to each seat and the rest aside, from the
  set-up's fixed deals or the seeded shuffle (G17);
- Set-up IV: a pick, and the pass once both seats have picked; the last card
  is kept without a move (G6);
- Set-up V: a card placed face-down, known to its placer (G7);
- Game Play I-III: a look (known to the looker) and a swap (each seat's
  knowledge follows its cards, G9);
- Game Play IV-V: the round's reveal, totals and tie-breaks (``scoring``),
  and the winner's Victory card (G4, G12).

Each function changes a :class:`Board` and records what a person at the
table would notice. The transitions (the next round, the end) are the
driver's.
"""

from __future__ import annotations

from collections import Counter

from feint.engine.state import Seat, secret
from feint.engine.view import HIDDEN
from feint.games.guile.board import Board
from feint.games.guile.cards import HAND_SIZE, TABLE, Card, Faction, deck
from feint.games.guile.kinds import Kind
from feint.games.guile.model import (
    CODE_OF_CHIVALRY,
    DRAFT_PHASE,
    EXTENDED_CAST,
    PLACE_PHASE,
    PLAY_PHASE,
    START_PHASE,
    DraftStep,
    RoundRecord,
    public_actions,
)
from feint.games.guile.scoring import tally


def choose_faction(s: Board, seat: Seat, faction: Faction) -> None:
    """Set-up I: seat 0 leads ``faction``, seat 1 the other, for the whole game."""
    s.arthur_seat = 0 if faction is Faction.ARTHUR else 1
    s.phase = START_PHASE
    s.record(Kind.FACTION, seat, faction=faction)


def choose_start(s: Board, seat: Seat, knight: int) -> None:
    """Set-up II: the Turn Card starts on ``knight``."""
    s.start_knight = knight
    s.record(Kind.START, seat, knight=knight)


def clear_round(s: Board) -> None:
    """Nothing in hand, nothing on the knights, nothing known: the table between two rounds."""
    s.hands = [[], []]
    s.kept = [[], []]
    s.picked = [False, False]
    s.draft_log = [[], []]
    s.owned = [(), ()]
    s.aside = []
    s.knights = [None] * TABLE
    s.known = [0, 0]
    s.turn = 0
    s.actions = []


def deal(s: Board) -> None:
    """Set-up III (and IV, V): deal four to each seat, the rest aside."""
    clear_round(s)
    cards = list(deck(EXTENDED_CAST in s.variants))
    if s.round_index < len(s.deals):
        fixed = s.deals[s.round_index]
        s.hands = [list(fixed[0]), list(fixed[1])]
        rest = Counter(cards) - Counter(fixed[0]) - Counter(fixed[1])
        s.aside = sorted(rest.elements())
    else:
        s.rng.shuffle(cards)
        s.hands = [cards[:HAND_SIZE], cards[HAND_SIZE : 2 * HAND_SIZE]]
        s.aside = cards[2 * HAND_SIZE :]
    s.record(
        Kind.DEAL,
        None,
        tuple(secret(seat, hand=tuple(s.hands[seat])) for seat in (0, 1)),
        round=s.round_index + 1,
        hand=(HIDDEN,) * HAND_SIZE,
    )
    if CODE_OF_CHIVALRY in s.variants:
        s.owned = [tuple(s.hands[0]), tuple(s.hands[1])]
        s.phase = PLACE_PHASE
    else:
        s.phase = DRAFT_PHASE


def pick(s: Board, seat: Seat, card: Card) -> None:
    """Set-up IV: keep one card, and pass the rest once both seats have picked."""
    hand = s.hands[seat]
    s.draft_log[seat].append(DraftStep(tuple(hand), card))
    hand.remove(card)
    s.kept[seat].append(card)
    s.picked[seat] = True
    s.record(Kind.PICK, seat, (secret(seat, card=card),))
    if not s.picked[1 - seat]:
        return
    s.picked = [False, False]
    s.hands = [s.hands[1], s.hands[0]]
    passed = len(s.hands[0])
    hands = tuple(secret(other, hand=tuple(s.hands[other])) for other in (0, 1))
    s.record(Kind.PASS, None, hands, hand=(HIDDEN,) * passed)
    if passed == 1:
        for other in (0, 1):
            last = s.hands[other][0]
            s.draft_log[other].append(DraftStep((last,), last))
            s.hands[other] = s.kept[other] + [last]
            s.kept[other] = []
            s.owned[other] = tuple(s.hands[other])
        s.phase = PLACE_PHASE


def place(s: Board, seat: Seat, card: Card, knight: int) -> None:
    """Set-up V: one card face-down on one of the seat's knights; play starts once all eight are down."""
    s.hands[seat].remove(card)
    s.knights[knight] = card
    s.known[seat] |= 1 << knight
    s.record(Kind.PLACE, seat, (secret(seat, card=card, knight=knight),))
    if not s.hands[0] and not s.hands[1]:
        s.phase = PLAY_PHASE
        s.record(Kind.PLACED, None)


def look(s: Board, seat: Seat) -> None:
    """Game Play I: the seat alone learns the Knight-Errant's card."""
    errant = s.errant()
    s.known[seat] |= 1 << errant
    s.actions.append((seat, errant, None))
    s.record(Kind.LOOK, seat, (secret(seat, card=s.knights[errant]),), knight=errant, card=HIDDEN)
    s.turn += 1


def swap(s: Board, seat: Seat, other: int) -> None:
    """Game Play I: the Knight-Errant's card and ``other``'s change places; each seat's knowledge follows."""
    errant = s.errant()
    knights = s.knights
    knights[errant], knights[other] = knights[other], knights[errant]
    known = s.known
    for viewer in (0, 1):
        mask = known[viewer]
        if (mask >> errant ^ mask >> other) & 1:
            known[viewer] = mask ^ (1 << errant | 1 << other)
    s.actions.append((seat, errant, other))
    s.record(Kind.SWAP, seat, knight=errant, other=other)
    s.turn += 1


def reveal_round(s: Board) -> Seat | None:
    """Game Play IV-V: total the Influence, record the round, give its winner a Victory card; the winner."""
    layout = tuple(c for c in s.knights if c is not None)
    result = tally(layout)
    winner = None if result.winner is None else s.seat_of_faction(result.winner)
    totals = (result.total(s.faction_of_seat(0)), result.total(s.faction_of_seat(1)))
    record = RoundRecord(winner, totals, layout, str(result.decided_by), public_actions(s.actions))
    s.rounds.append(record)
    wins = s.round_wins
    s.record(
        Kind.ROUND,
        None,
        round=s.round_index + 1,
        winner=winner,
        totals=totals,
        cards=layout,
        decided_by=record.decided_by,
        arthur_seat=s.arthur_seat,
        round_wins=(wins[0] + (winner == 0), wins[1] + (winner == 1)),
    )
    if winner is not None:
        wins[winner] += 1
    return winner
