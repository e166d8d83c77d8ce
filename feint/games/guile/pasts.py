"""Every seat's private past in a sampled Guile world (``SAMPLES_HISTORIES``).

What a seat saw of a round: its deal, its picks and the hands passed to it
(the draft), where it laid each card and what it looked at. The table as
placed is the table now (a finished round's, as its reveal showed every
card) with the round's public swaps undone: it gives every placed card, and
walking the swaps forward again, every look. A finished round's draft
follows from what the viewer saw: the opponent's cards are the table's less
the viewer's, each of its picks after the first is a hand the viewer passed
it less the hand it passed back, its last card the last the viewer passed,
and its first pick the one card of its four left over. The round under way's
draft is the world's, both seats' (the sampler drew the opponent's).

Left open, and drawn from a generator seeded by the world's own (so the
sampler's draws are what they were): the order in which the opponent laid
its cards down, and under the Code of Chivalry the order of a finished
round's dealt hand. Every other part is rebuilt from the world, the
viewer's own included (so :func:`~feint.engine.history.rebuilt_log` checks
it), but the viewer's past drafts, which only its events hold.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from feint.engine.events import Event, Secret
from feint.engine.history import Rebuild
from feint.engine.state import Seat, secret
from feint.games.guile.board import Board
from feint.games.guile.cards import TABLE, Card
from feint.games.guile.kinds import Kind
from feint.games.guile.model import CODE_OF_CHIVALRY, DraftStep

_SALT = 0x9A57
"""Parts the generator of the past draws from the world's state: none of the world's own draws."""


@dataclass(frozen=True, slots=True)
class _Draft:
    """One seat's draft of one round: its dealt hand, its picks, and the hand passed to it at each pass."""

    dealt: tuple[Card, ...]
    picks: tuple[Card, ...]
    passed: tuple[tuple[Card, ...], ...]


def pasts(world: Board, events: Sequence[Event], viewer: Seat) -> Rebuild:
    """The private parts of every event with any, for both seats, consistent with ``world``."""
    order = random.Random(world.rng.state ^ _SALT)
    parts: dict[int, tuple[Secret, ...]] = {}
    for round_events in _rounds(events):
        parts.update(_round(world, round_events, viewer, order))
    return lambda event: parts.get(event.seq)


def _rounds(events: Sequence[Event]) -> list[list[Event]]:
    """The events of each round dealt, from its deal to its reveal (or to now)."""
    rounds: list[list[Event]] = []
    for event in events:
        if event.kind == Kind.DEAL:
            rounds.append([])
        if rounds:
            rounds[-1].append(event)
    return rounds


def _round(
    world: Board, events: list[Event], viewer: Seat, order: random.Random
) -> dict[int, tuple[Secret, ...]]:
    other = 1 - viewer
    finished = events[-1].kind == Kind.ROUND
    table: list[Card | None] = list(events[-1].data["cards"]) if finished else list(world.knights)
    swaps = [(e.data["knight"], e.data["other"]) for e in events if e.kind == Kind.SWAP]
    for errant, target in reversed(swaps):
        table[errant], table[target] = table[target], table[errant]
    chivalry = CODE_OF_CHIVALRY in world.variants
    laid = [(card, k) for k in range(TABLE) if world.seat_of(k) == other and (card := table[k]) is not None]
    drafts: list[_Draft]
    if finished:
        mine = _seen(events, viewer)
        cards = Counter(card for card, _ in laid)
        theirs = _Draft(tuple(_shuffled(cards, order)), (), ()) if chivalry else _inferred(mine, cards)
        drafts = [mine, theirs] if viewer == 0 else [theirs, mine]
    else:
        drafts = [_drawn(world, s, chivalry) for s in (0, 1)]
    order.shuffle(laid)
    placements = iter(laid)
    parts: dict[int, tuple[Secret, ...]] = {}
    picks = [0, 0]
    passes = 0
    for event in events:
        kind, seat = event.kind, event.actor
        if kind == Kind.DEAL:
            parts[event.seq] = tuple(secret(s, hand=drafts[s].dealt) for s in (0, 1))
        elif kind == Kind.PICK:
            assert seat is not None
            parts[event.seq] = (secret(seat, card=drafts[seat].picks[picks[seat]]),)
            picks[seat] += 1
        elif kind == Kind.PASS:
            parts[event.seq] = tuple(secret(s, hand=drafts[s].passed[passes]) for s in (0, 1))
            passes += 1
        elif kind == Kind.PLACE:
            if seat == viewer:
                knight = event.get("knight")
                parts[event.seq] = (secret(seat, card=table[knight], knight=knight),)
            else:
                card, knight = next(placements)
                parts[event.seq] = (secret(other, card=card, knight=knight),)
        elif kind == Kind.LOOK:
            assert seat is not None
            parts[event.seq] = (secret(seat, card=table[event.data["knight"]]),)
        elif kind == Kind.SWAP:
            errant, target = event.data["knight"], event.data["other"]
            table[errant], table[target] = table[target], table[errant]
    return parts


def _seen(events: list[Event], seat: Seat) -> _Draft:
    """The draft ``seat`` saw, read from its events of the round."""
    dealt = next(e.get("hand") for e in events if e.kind == Kind.DEAL)
    picks = tuple(e.get("card") for e in events if e.kind == Kind.PICK and e.actor == seat)
    passed = tuple(e.get("hand") for e in events if e.kind == Kind.PASS)
    return _Draft(dealt, picks, passed)


def _inferred(mine: _Draft, cards: Counter[Card]) -> _Draft:
    """The opponent's draft of a finished round: ``cards`` its four, ``mine`` the viewer's draft."""
    given: list[tuple[Card, ...]] = []
    for hand, pick in zip((mine.dealt, *mine.passed), mine.picks, strict=False):
        rest = list(hand)
        rest.remove(pick)
        given.append(tuple(rest))
    later = [_one(Counter(given[j]) - Counter(mine.passed[j + 1])) for j in range(len(given) - 1)]
    first = _one(cards - Counter(later) - Counter(given[-1]))
    # The first pick leads the dealt hand: taking it out leaves the hand the viewer was passed, in its order.
    return _Draft((first, *mine.passed[0]), (first, *later), tuple(given))


def _drawn(world: Board, seat: Seat, chivalry: bool) -> _Draft:
    """The draft of the round under way, as the world holds it."""
    if chivalry:
        return _Draft(tuple(world.owned[seat]), (), ())
    steps: list[DraftStep] = world.draft_log[seat]
    hand = tuple(world.hands[seat])
    shown = [step.shown for step in steps]
    return _Draft(shown[0] if shown else hand, tuple(step.kept for step in steps), (*shown[1:], hand))


def _one(cards: Counter[Card]) -> Card:
    (card,) = cards.elements()
    return card


def _shuffled(cards: Counter[Card], order: random.Random) -> list[Card]:
    items = sorted(cards.elements())
    order.shuffle(items)
    return items
