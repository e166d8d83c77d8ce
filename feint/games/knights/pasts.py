"""Every seat's private past in a sampled Knights of Glory world (``SAMPLES_HISTORIES``).

What a seat saw alone: the cards it was dealt, the cards it discarded
face-down, the card of each of its face-down covers, and its vote. The
sampler draws where the weapon cards are now; this module reads the world
backwards from there to the start, moving each card back where the events
say it came from, so that every seat's hand, the Unknown Deck and the
Discard Pile hold the right cards at every step:

- a deal undone puts cards of the hand back on the deck; a reshuffle undone
  makes the deck the pile again (KG18), and the old deck's cards dealt with
  it go back under it;
- a face-down discard or cover undone takes cards of the pile back to the
  hand; the cards every seat saw go there (revealed, traded, face-up) and
  those the viewer saw (its own) are the ones the events name.

The one pass is a walk of counters over the events that move cards, not a
search: the cards each step leaves open are chosen at random among those
that keep the pass going, first those still needed (the cards the pile
before the reshuffle must hold, a known card the hand must keep), and a
walk that runs into a step it cannot undo is tried again a few times
(:data:`TRIES`), then given up (:class:`Contradiction`: no history was found
for that world, and the sampler draws another). The choices come from a
generator seeded by the world's own, so the sampler's draws are what they
were.

What each seat's past does not check, as the sampler does not: that a seat
failing at the Exit, or covering face-up in a final turn, could not (or
could) cover its dice with the hand it held then.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations

from feint.engine.events import Event, Secret
from feint.engine.history import Rebuild
from feint.engine.state import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.games.knights.board import Board
from feint.games.knights.cards import (
    CARD_KINDS,
    HAND_SIZE,
    INDEX,
    JESTER,
    TOKEN,
    Counts,
    Kind,
    counts_of,
    deck_counts,
)
from feint.games.knights.claims import covers_truly
from feint.games.knights.effects import _own
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.model import ABSENT

_SALT = 0x4B6F47
"""The generator of the past draws from the world's state: none of the sampler's own draws."""
TRIES = 8
"""Walks tried before the world is given up."""


class Contradiction(Exception):
    """The walk cannot undo a step with the cards the world and its earlier choices left."""


# --- the moves of the cards, read forward from the viewer's events -------------------------------


@dataclass(slots=True)
class _Deal:
    seq: int
    seat: Seat
    count: int
    cards: Counter[Kind] | None
    """The cards, where the viewer saw them."""
    keep: Counter[Kind]
    """The cards all knew the hand held then: not the ones dealt."""
    cycle: int
    new: int
    """How many of the cards came from the deck of ``cycle``: all but those left in the deck before it,
    when the pile was reshuffled during the deal."""
    prev: _Deal | None
    """The seat's deal before this one."""
    reshuffled: int | None = None
    """The new deck's size, when the pile was reshuffled during this deal."""


@dataclass(slots=True)
class _Discard:
    """Cards from a hand to the pile, face-down (``cards`` where the viewer saw them)."""

    seq: int
    seat: Seat
    count: int
    cards: Counter[Kind] | None
    known: Counter[Kind]
    """The cards all knew the hand held just before: back in it once undone."""


@dataclass(slots=True)
class _Shown:
    """Cards all saw leave a hand for the pile: revealed and discarded, Jesters traded."""

    seat: Seat
    cards: Counter[Kind]


@dataclass(slots=True)
class _Cover:
    """A card from a hand to the advance's covers."""

    seq: int
    seat: Seat
    hidden: bool
    """Face-down: its card is the seat's alone (and the viewer's, for its own)."""
    known: Counter[Kind]


@dataclass(slots=True)
class _Settled:
    """An advance's covers to the pile: each by its event's number, its seat, its card where the viewer
    knows it (else it is no Jester: all agreed and the Jesters were shown), and whether it goes there
    unseen but by its seat."""

    covers: list[tuple[int, Seat, Kind | None, bool]]
    known: Counter[Kind]
    """The cards all knew the seat held before its first face-down cover."""


@dataclass(slots=True)
class _Leave:
    seat: Seat
    count: int


_Step = _Deal | _Discard | _Shown | _Cover | _Settled | _Leave


@dataclass(slots=True)
class _Plan:
    """The card moves of a viewer's events, and what every cycle's pile must hold (a cycle runs from
    one reshuffle to the next)."""

    steps: list[_Step] = field(default_factory=list)
    forced: list[Counter[Kind]] = field(default_factory=lambda: [Counter()])
    """Per cycle, the cards the viewer saw go to the pile: named by the events."""
    shown: list[Counter[Kind]] = field(default_factory=lambda: [Counter()])
    """Per cycle, those all saw."""
    nonjesters: list[int] = field(default_factory=lambda: [0])
    """Per cycle, the covers to the pile the viewer did not see that are no Jester."""
    votes: dict[int, tuple[Seat, bool]] = field(default_factory=dict)
    """Each vote cast by a seat other than the viewer whose outcome told it, by its event's number."""
    pending: list[tuple[int, Seat]] = field(default_factory=list)
    """The votes of the vote under way, cast by other seats."""
    current: list[int] = field(default_factory=list)
    """The cover events of the advance under way (tokens too), in order."""
    last: list[_Deal | None] = field(default_factory=list)
    """Each seat's last deal."""


def _plan(events: Sequence[Event], viewer: Viewer, absent: Iterable[Seat], players: int) -> _Plan:
    plan = _Plan()
    steps = plan.steps
    joined = {e.actor for e in events if e.kind == EventKind.JOIN}
    size = [0 if seat in joined or seat in absent else HAND_SIZE for seat in range(players)]
    known = [Counter[Kind]() for _ in range(players)]
    covers: list[tuple[int, Seat, bool, Kind | None, Kind]] = []
    """The advance's covers but tokens: event number, seat, face-down, card if the viewer saw it, claim."""
    revealed: list[Kind] | None = None
    jesters_only = False
    voted: list[tuple[int, Seat]] = []
    reshuffled: int | None = None
    last: list[_Deal | None] = [None] * players
    deck = sum(deck_counts(players)) - sum(size)
    """The Unknown Deck's size."""
    before = Counter[Kind]()
    """What all knew the seat covering held before its first face-down cover."""
    for i, event in enumerate(events):
        kind, seat, data = event.kind, event.actor, event.data
        if kind == EventKind.DEALT:
            assert seat is not None
            mine = _mine(event, viewer, "cards")
            count = len(data["cards"])
            new = count if reshuffled is None else count - deck
            deal = _Deal(
                event.seq,
                seat,
                count,
                Counter(mine) if mine else None,
                +known[seat],
                len(plan.forced) - (reshuffled is None),
                new,
                last[seat],
                reshuffled,
            )
            steps.append(deal)
            last[seat] = deal
            size[seat] += count
            deck = deck - count if reshuffled is None else reshuffled - new
            if reshuffled is not None:
                plan.forced.append(Counter())
                plan.shown.append(Counter())
                plan.nonjesters.append(0)
                reshuffled = None
        elif kind == EventKind.RESHUFFLE:
            reshuffled = data["cards"]
        elif kind == EventKind.DISCARD:
            assert seat is not None
            mine = _mine(event, viewer, "cards")
            steps.append(
                _Discard(
                    event.seq,
                    seat,
                    len(data["cards"]),
                    Counter(mine) if mine else None,
                    +known[seat],
                )
            )
            if mine:
                plan.forced[-1].update(mine)
            size[seat] -= len(data["cards"])
            known[seat].clear()
        elif kind == EventKind.COVER:
            assert seat is not None
            card = data["card"]
            if card == TOKEN:
                plan.current.append(event.seq)
                continue
            down = bool(data["face_down"])
            mine = _mine(event, viewer, "card") if down else card
            steps.append(_Cover(event.seq, seat, down, +known[seat]))
            covers.append((event.seq, seat, down, None if mine is None else Kind(mine), data["claim"]))
            plan.current.append(event.seq)
            size[seat] -= 1
            if down:
                if not any(c[2] for c in covers[:-1]):
                    before = +known[seat]
                known[seat].clear()
            elif known[seat][card]:
                known[seat][card] -= 1
        elif kind == EventKind.ADVANCE:
            covers, revealed, plan.current = [], None, []
        elif kind == EventKind.VOTED:
            assert seat is not None
            if seat != viewer:
                voted.append((event.seq, seat))
        elif kind == EventKind.VOTES:
            agreed = set(data["agree"])
            plan.votes.update((seq, (voter, voter in agreed)) for seq, voter in voted)
            voted = []
            jesters_only = not data["disagree"]
            revealed = []
        elif kind == EventKind.REVEAL:
            assert seat is not None
            cards = [Kind(card) for card in data["cards"]]
            if i and events[i - 1].kind == EventKind.VOTES:
                revealed = cards
                continue
            if data["discarded"]:
                _shown(plan, steps, seat, cards)
                size[seat] -= len(cards)
                for card in cards:
                    if known[seat][card]:
                        known[seat][card] -= 1
            else:
                known[seat].update(cards)
        elif kind == EventKind.TRADE_JESTERS:
            assert seat is not None
            count = data["jesters"]
            if count:
                _shown(plan, steps, seat, [JESTER] * count)
                size[seat] -= count
                known[seat][JESTER] = max(0, known[seat][JESTER] - count)
        elif kind in _SETTLING and covers and (kind == EventKind.BLUFF_CAUGHT or seat == covers[0][1]):
            settled = _settled(plan, covers, revealed, jesters_only, kind == EventKind.BLUFF_CAUGHT)
            settled.known = before
            steps.append(settled)
            covers, revealed, plan.current = [], None, []
        elif kind == EventKind.LEAVE:
            assert seat is not None
            steps.append(_Leave(seat, size[seat]))
            deck += size[seat]
            size[seat] = 0
            known[seat].clear()
    plan.pending = voted
    plan.last = last
    return plan


_SETTLING = (EventKind.BLUFF_CAUGHT, EventKind.MOVE, EventKind.EXIT)
"""The events just after an advance's covers went to the pile: a bluff caught, the seat's move or exit."""


def _mine(event: Event, viewer: Viewer, key: str) -> object:
    """The value of ``key`` the viewer saw in an event of its own; None for another seat's."""
    if event.actor != viewer:
        return None
    value = event.get(key)
    return None if value is HIDDEN or (isinstance(value, tuple) and HIDDEN in value) else value


def _shown(plan: _Plan, steps: list[_Step], seat: Seat, cards: list[Kind]) -> None:
    counted = Counter(cards)
    steps.append(_Shown(seat, counted))
    plan.forced[-1].update(counted)
    plan.shown[-1].update(counted)


def _settled(
    plan: _Plan,
    covers: list[tuple[int, Seat, bool, Kind | None, Kind]],
    revealed: list[Kind] | None,
    jesters_only: bool,
    caught: bool,
) -> _Settled:
    """The covers of an advance as they go to the pile; the cards a vote revealed given to the covers
    the viewer did not see, true ones if the claim held, at least one false if it was caught."""
    unseen = [i for i, c in enumerate(covers) if c[3] is None]
    cards: list[Kind | None] = [c[3] for c in covers]
    if unseen and revealed:
        if jesters_only:
            # All agreed: the Jesters were shown, and the other covers hidden are no Jesters.
            for i in unseen[len(unseen) - len(revealed) :]:
                cards[i] = JESTER
        else:
            cards = _assigned(covers, cards, unseen, revealed, caught)
    entries = []
    for (seq, seat, down, _, _), card in zip(covers, cards, strict=True):
        # Shown to all: face-up, or revealed (all if someone disagreed, else the Jesters).
        shown = not down or (revealed is not None and (not jesters_only or card is JESTER))
        entries.append((seq, seat, card, not shown))
        if card is None:
            plan.nonjesters[-1] += 1
            continue
        plan.forced[-1][card] += 1
        if shown:
            plan.shown[-1][card] += 1
    settled = _Settled(entries, Counter())
    return settled


def _assigned(
    covers: list[tuple[int, Seat, bool, Kind | None, Kind]],
    cards: list[Kind | None],
    unseen: list[int],
    revealed: list[Kind],
    caught: bool,
) -> list[Kind | None]:
    """``revealed`` given to the ``unseen`` covers so that the advance is a bluff exactly if ``caught``."""
    seen_false = any(
        c is not None and covers[i][2] and not covers_truly(c, covers[i][4]) for i, c in enumerate(cards)
    )
    for order in permutations(revealed):
        false = seen_false or any(
            not covers_truly(card, covers[i][4]) for i, card in zip(unseen, order, strict=True)
        )
        if false == caught:
            done = list(cards)
            for i, card in zip(unseen, order, strict=True):
                done[i] = card
            return done
    raise Contradiction


# --- the walk back from the world ---------------------------------------------------------------


def pasts(world: Board, events: Sequence[Event], viewer: Viewer) -> Rebuild:
    """The private parts of every seat's events consistent with ``world``; the world's piles say what
    each seat saw go to the Discard Pile since the last reshuffle. Raises :class:`Contradiction` if no
    walk was found."""
    absent = [seat for seat in range(world.players) if world.status[seat] is ABSENT]
    plan = _plan(events, viewer, absent, world.players)
    order = random.Random(world.rng.state ^ _SALT)
    for attempt in range(TRIES):
        try:
            walk = _Walk(world, plan, viewer, order)
            walk.run()
        except Contradiction:
            if attempt == TRIES - 1:
                raise
            continue
        parts = walk.parts
        for seq, seat in plan.pending:
            agree = world.votes[seat]
            assert agree is not None
            parts[seq] = _own(seat, "agree", agree)
        for seq, (seat, agree) in plan.votes.items():
            parts[seq] = _own(seat, "agree", agree)
        world.pile_public = counts_of(plan.shown[-1].elements())
        world.pile_own = [counts_of(cards.elements()) for cards in walk.pile_own]
        return lambda event: parts.get(event.seq)
    raise AssertionError("unreachable")


class _Walk:
    """One walk back: the cards of every place, and the private parts rebuilt so far.

    A deck must end up (back at its reshuffle) with the cards the events say went to the pile before
    it, and they can only come from the hands it dealt to. Going back, a hand only grows until its
    next deal undone (nothing else takes cards from it), so which of those cards the deck lacks can
    come back through which deal is a small matching (:meth:`_matched`): a deal undone gives back the
    cards it is matched with, and a card of the pile goes back to a hand whose next deal undone has
    room for a card its deck still lacks.
    """

    def __init__(self, world: Board, plan: _Plan, viewer: Viewer, order: random.Random) -> None:
        self.plan = plan
        self.viewer = viewer
        self.order = order
        self.hands = [_elements(hand) for hand in world.hands]
        self.deck = Counter(world.unknown)
        self.pile = Counter(world.discard)
        self.cycle = len(plan.forced) - 1
        self.still = plan.forced[self.cycle].copy()
        """The cards named by the events still to be taken back from the pile in this cycle."""
        self.nonjesters = plan.nonjesters[self.cycle]
        self.next = list(plan.last)
        """Per seat, its next deal to undo."""
        self.supply = [Counter[Kind]() for _ in plan.forced]
        """Per cycle, the cards the viewer was dealt from its deck in deals not yet undone."""
        for step in plan.steps:
            if isinstance(step, _Deal) and step.cards is not None and step.reshuffled is None:
                self.supply[step.cycle] += step.cards
        self.slots: dict[int, Kind] = {}
        attempt = world.attempt
        if attempt is not None and attempt.covers:
            self.slots = {seq: c.card for seq, c in zip(plan.current, attempt.covers, strict=True)}
        self.pile_own = [Counter[Kind]() for _ in range(world.players)]
        """What each seat put face-down on the pile since the last reshuffle."""
        self.parts: dict[int, tuple[Secret, ...]] = {}

    def run(self) -> None:
        for step in reversed(self.plan.steps):
            if isinstance(step, _Deal):
                self._deal(step)
            elif isinstance(step, _Discard):
                self._discard(step)
            elif isinstance(step, _Cover):
                self._cover(step)
            elif isinstance(step, _Settled):
                self._settled(step)
            elif isinstance(step, _Shown):
                _take(self.pile, step.cards)
                self.still.subtract(step.cards)
                self.hands[step.seat].update(step.cards)
            else:
                self._leave(step)
        if +self.pile:
            raise Contradiction

    def _lacks(self, cycle: int) -> Counter[Kind]:
        """The cards the deck of ``cycle`` must still get back."""
        if not cycle:
            return Counter()
        lacking = self.plan.forced[cycle - 1] - self.supply[cycle]
        return lacking - self.deck if cycle == self.cycle else lacking

    def _matched(self, cycle: int) -> tuple[dict[Seat, Counter[Kind]], Counter[Kind]]:
        """The cards the deck of ``cycle`` lacks matched with the seats whose next deal undone gives back
        to it (as many as the deal took from it, of the cards their hands hold), and those left over."""
        lacking = self._lacks(cycle)
        if not lacking:
            return {}, lacking
        room: dict[Seat, tuple[int, Counter[Kind], Counter[Kind]]] = {}
        for seat, deal in enumerate(self.next):
            size, first = self._room(deal, cycle)
            if size and deal is not None and first is not None:
                held = deal.cards if deal.cards is not None else self.hands[seat] - deal.keep
                room[seat] = (size, held, held - self._later(first))
        flow = _matching(lacking, room)
        left = lacking.copy()
        for cards in flow.values():
            left -= cards
        return flow, left

    @staticmethod
    def _room(deal: _Deal | None, cycle: int) -> tuple[int, _Deal | None]:
        """How many cards a seat's deals still to undo took from the deck of ``cycle`` (``deal`` its
        next), those whose cards the walk chooses; and the first of them."""
        size, first = 0, None
        while deal is not None and deal.cycle == cycle:
            if deal.cards is None or deal.reshuffled is not None:
                size, first = size + deal.new, deal
            deal = deal.prev
        return size, first

    def _later(self, deal: _Deal) -> Counter[Kind]:
        """What the deck of the seat's deal before ``deal`` lacks: cards its hand had better keep."""
        prev = deal.prev
        return Counter() if prev is None or prev.cards is not None else self._lacks(prev.cycle)

    def _deal(self, step: _Deal) -> None:
        seat = step.seat
        hand = self.hands[seat]
        source = step.cards.copy() if step.cards is not None else hand - step.keep
        dealt: Counter[Kind] = Counter()
        if step.reshuffled is not None:
            if step.reshuffled - self.deck.total() != step.new:
                raise Contradiction
            part = self._pick(
                source, step.new, self._matched(step.cycle)[0].get(seat, Counter()), self._later(step)
            )
            source.subtract(part)
            dealt += part
            self.deck.update(part)
            self._unshuffle()
        old = step.count - step.new if step.reshuffled is not None else step.count
        if old:
            if step.reshuffled is not None:
                # The old deck's last cards: what its deck lacks, as far as this hand holds it.
                wanted = self._lacks(self.cycle) & source
            else:
                wanted = self._matched(self.cycle)[0].get(seat, Counter())
            part = self._pick(source, old, wanted, self._later(step))
            dealt += part
            self.deck.update(part)
        _take(hand, dealt)
        self.next[seat] = step.prev
        if step.cards is not None and step.reshuffled is None:
            self.supply[step.cycle] -= step.cards
        if step.cards is None or seat != self.viewer:
            self.parts[step.seq] = _own(seat, "cards", _sorted(dealt))

    def _unshuffle(self) -> None:
        """Undo a reshuffle: the deck was the pile, which must hold what the events say went there."""
        if +self.pile:
            raise Contradiction
        self.cycle -= 1
        forced = self.plan.forced[self.cycle]
        if forced - self.deck:
            raise Contradiction
        self.pile, self.deck = self.deck, Counter()
        self.still = forced.copy()
        self.nonjesters = self.plan.nonjesters[self.cycle]

    def _discard(self, step: _Discard) -> None:
        hand = self.hands[step.seat]
        if step.cards is not None:
            cards = step.cards
            _take(self.pile, cards)
            self.still.subtract(cards)
        else:
            cards = self._from_pile(step.seat, step.count, step.known - hand, jesters=True)
            self.parts[step.seq] = _own(step.seat, "cards", _sorted(cards))
        hand.update(cards)
        if step.known - hand:
            raise Contradiction
        if self.cycle == len(self.plan.forced) - 1:
            self.pile_own[step.seat].update(cards)

    def _cover(self, step: _Cover) -> None:
        card = self.slots.pop(step.seq)
        hand = self.hands[step.seat]
        hand[card] += 1
        if step.known - hand:
            raise Contradiction
        if step.hidden and step.seat != self.viewer:
            self.parts[step.seq] = _own(step.seat, "card", card)

    def _settled(self, step: _Settled) -> None:
        last = self.cycle == len(self.plan.forced) - 1
        for seq, seat, card, unseen in step.covers:
            if card is not None:
                _take(self.pile, Counter((card,)))
                self.still[card] -= 1
            else:
                wanted = step.known - self.hands[seat]
                card = next(iter(self._from_pile(seat, 1, wanted, jesters=False)))
                self.nonjesters -= 1
            if last and unseen:
                self.pile_own[seat][card] += 1
            self.slots[seq] = card

    def _leave(self, step: _Leave) -> None:
        cards = self._pick(self.deck, step.count, Counter(), self._lacks(self.cycle))
        _take(self.deck, cards)
        self.hands[step.seat].update(cards)

    def _from_pile(self, seat: Seat, count: int, wanted: Counter[Kind], jesters: bool) -> Counter[Kind]:
        """``count`` cards of the pile the events do not name, leaving enough that are no Jesters for the
        covers still to come back; no Jester unless ``jesters``. Wanted: a card the deck of the seat's
        next deal undone lacks and no other hand matched, if that deal has room; spared: one this cycle's
        deck lacks and no hand matched, if the seat's hand does not go back to it."""
        free = self.pile - self.still
        spare = free.total() - free[JESTER] - self.nonjesters
        if not jesters:
            free[JESTER] = 0
        elif spare < count:
            # Jesters first, so that enough of the rest are left.
            must = count - max(spare, 0)
            if free[JESTER] < must:
                raise Contradiction
            wanted = wanted + Counter({JESTER: must})
        deal = self.next[seat]
        spared: Counter[Kind] | None = None
        if deal is None or deal.cycle != self.cycle:
            spared = self._matched(self.cycle)[1]
        if deal is not None and deal.cards is None:
            flow, left = self._matched(deal.cycle)
            if flow.get(seat, Counter()).total() < self._room(deal, deal.cycle)[0]:
                wanted = wanted + (left - spared if spared else left)
        cards = self._pick(free, count, wanted, spared)
        _take(self.pile, cards)
        return cards

    def _pick(
        self, source: Counter[Kind], count: int, wanted: Counter[Kind], spared: Counter[Kind] | None = None
    ) -> Counter[Kind]:
        """``count`` cards of ``source`` at random: as many of ``wanted`` first as it holds, as few of
        ``spared`` as it can."""
        cards = list(source.elements())
        if len(cards) < count:
            raise Contradiction
        self.order.shuffle(cards)
        if wanted or spared:
            want = wanted.copy()
            spare = (source - spared) if spared else source.copy()
            first, middle, last = [], [], []
            for card in cards:
                if want[card] > 0:
                    want[card] -= 1
                    first.append(card)
                elif spare[card] > 0:
                    spare[card] -= 1
                    middle.append(card)
                else:
                    last.append(card)
            cards = first + middle + last
        return Counter(cards[:count])


def _matching(
    lacking: Counter[Kind], seats: dict[Seat, tuple[int, Counter[Kind], Counter[Kind]]]
) -> dict[Seat, Counter[Kind]]:
    """As many of ``lacking`` as can go to the seats, each taking no more than its room nor more of a
    kind than it holds (first of what it can spare, then of all): augmenting paths, as in
    :func:`~feint.games.knights.reshuffled._placed`."""
    flow: dict[Seat, Counter[Kind]] = {seat: Counter() for seat in seats}
    load = dict.fromkeys(seats, 0)
    spare = True

    def augment(kind: Kind, visited: set[Kind]) -> bool:
        visited.add(kind)
        for seat, (room, full, spared) in seats.items():
            held = spared if spare else full
            if flow[seat][kind] >= held[kind]:
                continue
            if load[seat] < room:
                flow[seat][kind] += 1
                load[seat] += 1
                return True
            for other in list(flow[seat]):
                if other not in visited and flow[seat][other] > 0 and augment(other, visited):
                    flow[seat][other] -= 1
                    flow[seat][kind] += 1
                    return True
        return False

    left = [kind for kind in lacking.elements() if not augment(kind, set())]
    spare = False
    for kind in left:
        augment(kind, set())
    return {seat: +cards for seat, cards in flow.items() if +cards}


def _take(place: Counter[Kind], cards: Counter[Kind]) -> None:
    for card, n in cards.items():
        if place[card] < n:
            raise Contradiction
        place[card] -= n


def _elements(counts: Counts) -> Counter[Kind]:
    return Counter({kind: n for kind, n in zip(CARD_KINDS, counts, strict=True) if n})


def _sorted(cards: Counter[Kind]) -> tuple[Kind, ...]:
    return tuple(sorted(cards.elements(), key=INDEX.__getitem__))
