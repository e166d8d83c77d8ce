"""Every seat's private past in a sampled Guardian's Call world (``SAMPLES_HISTORIES``).

What a seat saw alone: the cards it drew from the deck, the cards of its own
offers, the two Treasures it drew and the one it put back. Rebuilt from the
world the sampler drew, read backwards from now:

- an offer's cards are those its answer showed everyone, or, still pending,
  the world's offer;
- the Treasure deck is the world's, and each trade undone takes its
  Treasure put back off the bottom and lays the two drawn on top again;
- a seat's hand is the world's, and each of its moves undone gives back the
  cards it offered and takes away the card it drew: from the pool, the card
  all saw; from the deck, a card of its hand that leaves enough of each type
  for the pool draws before it (the card it drew is one of the hand it holds
  or offered since, as in the real game).

Left open, and drawn from a generator seeded by the world's own (so the
sampler's draws are what they were): which of a hand's cards were deck draws
rather than the starting hand, and which of two Treasures drawn lay on top.
The viewer's own deck draws and Treasure order are its events'; every other
part of its past is rebuilt too, so :func:`~feint.engine.history.rebuilt_log`
checks it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from feint.engine.events import Event, Secret
from feint.engine.history import Rebuild
from feint.engine.state import Seat, Viewer, secret
from feint.engine.view import HIDDEN
from feint.games.guardians.board import Board
from feint.games.guardians.cards import TREASURES_DRAWN, TYPE_ORDER, Card
from feint.games.guardians.kinds import Kind

_SALT = 0x6A4D
"""Parts the generator of the past draws from the world's state: none of the world's own draws."""

Parts = dict[int, tuple[Secret, ...]]


def pasts(world: Board, events: Sequence[Event], viewer: Viewer) -> Rebuild:
    """The private parts of every event with any, for its audience, consistent with ``world``."""
    order = random.Random(world.rng.state ^ _SALT)
    parts: Parts = {}
    offered = _offers(world, events, parts)
    _treasures(world, events, viewer, order, parts)
    for seat in range(world.players):
        if seat != viewer:
            _draws(world, events, seat, offered, order, parts)
    return lambda event: parts.get(event.seq)


def _offers(world: Board, events: Sequence[Event], parts: Parts) -> dict[int, tuple[Card, ...]]:
    """Each offer's cards, by its event's number: shown by its answer, or the world's pending offer."""
    offered: dict[int, tuple[Card, ...]] = {}
    pending: Event | None = None
    for event in events:
        if event.kind == Kind.OFFER:
            pending = event
            continue
        if pending is None or not (event.kind == Kind.BELIEVE or event.kind == Kind.DOUBT):
            continue
        cards = offered[pending.seq] = tuple(event.data["cards"])
        parts[pending.seq] = (secret(pending.actor or 0, cards=cards),)
        pending = None
    if pending is not None:
        cards = offered[pending.seq] = tuple(world.offer_cards)
        parts[pending.seq] = (secret(pending.actor or 0, cards=cards),)
    return offered


def _treasures(
    world: Board, events: Sequence[Event], viewer: Viewer, order: random.Random, parts: Parts
) -> None:
    """The Treasures of every trade, the world's Treasure deck read backwards."""
    deck = list(world.treasure_deck)
    drawn = tuple(world.treasure_choice)
    for event in reversed(events):
        seat = event.actor or 0
        if event.kind == Kind.KEEP:
            back = tuple(deck[len(deck) - (TREASURES_DRAWN - 1) :])
            del deck[len(deck) - len(back) :]
            parts[event.seq] = (secret(seat, put_back=back),)
            choice = [event.data["value"], *back]
            order.shuffle(choice)
            drawn = tuple(choice)
        elif event.kind == Kind.TREASURES_DRAWN:
            seen = event.get("values")
            if seat == viewer and sorted(seen) == sorted(drawn):
                drawn = tuple(seen)
            parts[event.seq] = (secret(seat, values=drawn),)
            deck[:0] = drawn


def _draws(
    world: Board,
    events: Sequence[Event],
    seat: Seat,
    offered: dict[int, tuple[Card, ...]],
    order: random.Random,
    parts: Parts,
) -> None:
    """The card of each of ``seat``'s deck draws, its hand read backwards from the world's."""
    moves: list[tuple[Event, Counter[Card] | None]] = []
    net: Counter[Card] = Counter()
    """Pool draws less offers, of each type, since the start."""
    low: Counter[Card] = Counter()
    """The least ``net`` has been, of each type."""
    for event in events:
        if event.actor != seat:
            continue
        if event.kind == Kind.DRAW_DECK and event.data["card"] == HIDDEN:
            # What the hand must keep, of each type, for the pool draws before this one once undone.
            moves.append((event, net - low))
        elif event.kind == Kind.DRAW_POOL:
            moves.append((event, None))
            net[event.data["card"]] += 1
        elif event.kind == Kind.OFFER:
            moves.append((event, None))
            cards = offered[event.seq]
            net[cards[0]] -= len(cards)
            low[cards[0]] = min(low[cards[0]], net[cards[0]])
    hand = Counter(world.hands[seat])
    for event, keep in reversed(moves):
        if event.kind == Kind.DRAW_POOL:
            hand[event.data["card"]] -= 1
        elif event.kind == Kind.OFFER:
            hand.update(offered[event.seq])
        else:
            assert keep is not None
            card = _drawn(hand, keep, order)
            hand[card] -= 1
            parts[event.seq] = (secret(seat, card=card),)


def _drawn(hand: Counter[Card], keep: Counter[Card], order: random.Random) -> Card:
    """A card of ``hand`` drawn at random among those beyond what it must ``keep`` (any, if none is)."""
    types = sorted((card for card in hand if hand[card] > 0), key=TYPE_ORDER.__getitem__)
    spare = [hand[card] - keep[card] for card in types]
    if max(spare, default=0) <= 0:
        spare = [hand[card] for card in types]
    return order.choices(types, weights=[max(n, 0) for n in spare])[0]
