"""Every seat's private past in a sampled Knights of Glory world (``SAMPLES_HISTORIES``).

What a seat saw alone: the cards it was dealt, the cards it discarded
face-down, the card of each of its face-down covers (when no vote showed it),
and its vote. The viewer's are its events'. Every other seat's are rebuilt
from the world the sampler drew, reading the seat's hand backwards from the
world's through its own events (covers and discards given back, deals taken
away); what the events leave open is chosen at random so that the seat's
information stays one a real game could give it:

- the cards a seat put face-down on the pile since the last reshuffle are
  the world's pile less what every seat saw go there and the viewer's own:
  the seats' shares of it are drawn once, for all of them;
- before, in each cycle (from one reshuffle to the next), the cards the seat
  knows went to the pile (all saw, and its own) never outnumber a kind's
  cards with those in its hand, and with the cards it was dealt from the
  next deck (which was that pile) they fit in that deck: its own discards
  are first the cards it was dealt back (KG18);
- its view of the last reshuffle fits the world
  (:mod:`feint.games.knights.reshuffled`): a kind a seat dealt nothing since
  holds out of its sight is not all among the cards it knows went to the
  pile before, less those it was dealt or saw since;
- a card all knew it held (Blanks Are Less Rewarding, KG23) stays in its
  hand until it plays face-down, and after, if no cover can have been it (a
  Jester, when the covers not shown were no Jesters); a cover not shown when
  all agreed is no Jester; the covers a vote showed are given to the seat's
  covers so that the play was a bluff exactly when it was caught.

The seats' pasts are each their own: the seats' deals need not add up to one
shuffle of a deck (each seat's past is a history a real game could give
that seat, not all of them one game). A seat's walk that runs into a step it
cannot undo is tried again (:data:`TRIES`), then the world is given up
(:class:`Contradiction`; the sampler draws another). Not checked, as the
sampler does not: that a seat failing at the Exit could not cover its dice
with the hand it held. The choices come from a generator seeded by the
world's own, so the sampler's draws are what they were; the forward reading
of the viewer's events is kept for the next sample from the same
information.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import permutations

from feint.engine.events import Event, Secret
from feint.engine.history import Rebuild
from feint.engine.state import Seat, Viewer
from feint.games.knights.board import Board
from feint.games.knights.cards import CARD_KINDS, HAND_SIZE, INDEX, JESTER, TOKEN, Counts, Kind, deck_counts
from feint.games.knights.claims import covers_truly
from feint.games.knights.effects import _own
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.model import ABSENT

_NONE: Counter[Kind] = Counter()
"""No cards: never changed."""
_SALT = 0x4B6F47
"""The generator of the past draws from the world's state: none of the sampler's own draws."""
TRIES = 8
"""Walks of one seat tried before the world is given up."""


class Contradiction(Exception):
    """A seat's walk cannot undo a step with the cards the world and its earlier choices left."""


# --- the moves of the cards, read forward from the viewer's events -------------------------------


@dataclass(slots=True)
class _Deal:
    seq: int
    seat: Seat
    count: int
    keep: Counter[Kind]
    """The cards all knew the hand held then: not the ones dealt."""
    cycle: int
    new: int
    """How many of the cards came from the deck of ``cycle``; the others (dealt when the pile was
    reshuffled during the deal) were the last of the deck before."""


@dataclass(slots=True)
class _Discard:
    """Cards from a hand to the pile, face-down."""

    seq: int
    seat: Seat
    count: int
    known: Counter[Kind]
    """The cards all knew the hand held just before: back in it once undone."""
    cycle: int


@dataclass(slots=True)
class _Shown:
    """Cards all saw leave a hand: revealed and discarded, Jesters traded, face-up covers."""

    seat: Seat
    cards: Counter[Kind]


@dataclass(slots=True)
class _Hidden:
    """A face-down cover that went to the pile unseen (all agreed and it is no Jester)."""

    seq: int
    seat: Seat
    known: Counter[Kind]
    """For the advance's first face-down cover, the cards all knew the seat held before it."""
    cycle: int


@dataclass(slots=True)
class _Revealed:
    """A face-down cover whose card a vote showed."""

    seq: int
    seat: Seat
    card: Kind
    known: Counter[Kind]
    """As for :class:`_Hidden`."""


@dataclass(slots=True)
class _Current:
    """A face-down cover of the advance under way: its card is the world's."""

    seq: int
    seat: Seat
    index: int
    """Its place among the world's covers."""


@dataclass(slots=True)
class _Leave:
    seat: Seat
    count: int


_Step = _Deal | _Discard | _Shown | _Hidden | _Revealed | _Current | _Leave


@dataclass(slots=True)
class _Plan:
    """What a viewer's events say of every seat's cards: each seat's steps, in order, and what every
    cycle's pile held (a cycle runs from one reshuffle to the next)."""

    steps: list[list[_Step]]
    """Per seat other than the viewer."""
    shown: list[Counter[Kind]] = field(default_factory=lambda: [Counter()])
    """Per cycle, the cards all saw go to the pile."""
    sizes: list[int] = field(default_factory=lambda: [0])
    """Per cycle, its deck's size when the pile became it (the first: none)."""
    mine: Counter[Kind] = field(default_factory=Counter)
    """The viewer's own cards on the pile, unseen by the others, since the last reshuffle."""
    hidden: dict[Seat, int] = field(default_factory=dict)
    """Per seat, its cards on the pile unseen by the others since the last reshuffle."""
    nonjesters: dict[Seat, int] = field(default_factory=dict)
    """Per seat, those of them that are covers, hence no Jester."""
    votes: dict[int, tuple[Seat, bool]] = field(default_factory=dict)
    """Each vote of another seat whose outcome told it, by its event's number."""
    pending: list[tuple[int, Seat]] = field(default_factory=list)
    """The votes of the vote under way, cast by other seats."""
    fed: set[Seat] = field(default_factory=set)
    """The seats dealt since the last reshuffle."""
    seen: Counter[Kind] = field(default_factory=Counter)
    """The cards all saw since the last reshuffle (revealed, traded, face-up): none of those its pile
    became, as far as a seat can tell (:mod:`feint.games.knights.reshuffled`)."""


@dataclass(slots=True)
class _Advance:
    """The covers of the advance under way, but tokens: event number, seat, face-down, the card where the
    viewer saw it, the claim."""

    covers: list[tuple[int, Seat, bool, Kind | None, Kind]] = field(default_factory=list)
    index: list[int] = field(default_factory=list)
    """Each one's place among all the covers, tokens too."""
    made: int = 0
    revealed: list[Kind] | None = None
    jesters_only: bool = False
    known: Counter[Kind] = field(default_factory=Counter)


def plan_of(events: Sequence[Event], viewer: Viewer, players: int, absent: Sequence[Seat]) -> _Plan:
    """The forward reading of ``events``: the same for every world drawn from them."""
    plan = _Plan([[] for _ in range(players)])
    steps = plan.steps
    joined = {e.actor for e in events if e.kind == EventKind.JOIN}
    size = [0 if seat in joined or seat in absent else HAND_SIZE for seat in range(players)]
    known = [Counter[Kind]() for _ in range(players)]
    advance = _Advance()
    voted: list[tuple[int, Seat]] = []
    reshuffled: int | None = None
    deck = sum(deck_counts(players)) - sum(size)
    """The Unknown Deck's size."""
    for i, event in enumerate(events):
        kind, seat, data = event.kind, event.actor, event.data
        if kind == EventKind.DEALT:
            assert seat is not None
            count = len(data["cards"])
            new = count if reshuffled is None else count - deck
            if reshuffled is not None:
                plan.shown.append(Counter())
                plan.sizes.append(reshuffled)
                plan.mine, plan.hidden, plan.nonjesters = Counter(), {}, {}
                plan.fed, plan.seen = set(), Counter()
            steps[seat].append(_Deal(event.seq, seat, count, +known[seat], len(plan.shown) - 1, new))
            size[seat] += count
            deck = deck - count if reshuffled is None else reshuffled - new
            plan.fed.add(seat)
            reshuffled = None
        elif kind == EventKind.RESHUFFLE:
            reshuffled = data["cards"]
        elif kind == EventKind.DISCARD:
            assert seat is not None
            count = len(data["cards"])
            if seat == viewer:
                plan.mine.update(event.get("cards"))
            else:
                plan.hidden[seat] = plan.hidden.get(seat, 0) + count
            steps[seat].append(_Discard(event.seq, seat, count, +known[seat], len(plan.shown) - 1))
            size[seat] -= count
            known[seat].clear()
        elif kind == EventKind.COVER:
            assert seat is not None
            card = data["card"]
            advance.made += 1
            if card == TOKEN:
                continue
            down = bool(data["face_down"])
            mine = event.get("card") if seat == viewer or not down else None
            if not advance.covers or not any(c[2] for c in advance.covers):
                advance.known = +known[seat]
            advance.covers.append(
                (event.seq, seat, down, None if mine is None else Kind(mine), data["claim"])
            )
            advance.index.append(advance.made - 1)
            size[seat] -= 1
            if down:
                known[seat].clear()
            else:
                steps[seat].append(_Shown(seat, Counter((Kind(card),))))
                plan.seen[Kind(card)] += 1
                if known[seat][card]:
                    known[seat][card] -= 1
        elif kind == EventKind.ADVANCE:
            advance = _Advance()
        elif kind == EventKind.VOTED:
            assert seat is not None
            if seat != viewer:
                voted.append((event.seq, seat))
        elif kind == EventKind.VOTES:
            agreed = set(data["agree"])
            plan.votes.update((seq, (voter, voter in agreed)) for seq, voter in voted)
            voted = []
            advance.jesters_only = not data["disagree"]
            advance.revealed = []
        elif kind == EventKind.REVEAL:
            assert seat is not None
            cards = [Kind(card) for card in data["cards"]]
            plan.seen.update(cards)
            if i and events[i - 1].kind == EventKind.VOTES:
                advance.revealed = cards
            elif data["discarded"]:
                steps[seat].append(_Shown(seat, Counter(cards)))
                plan.shown[-1].update(cards)
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
                steps[seat].append(_Shown(seat, Counter({JESTER: count})))
                plan.shown[-1][JESTER] += count
                plan.seen[JESTER] += count
                size[seat] -= count
                known[seat][JESTER] = max(0, known[seat][JESTER] - count)
        elif (
            kind in _SETTLING
            and advance.covers
            and (kind == EventKind.BLUFF_CAUGHT or seat == advance.covers[0][1])
        ):
            held = _settle(plan, advance, viewer, kind == EventKind.BLUFF_CAUGHT)
            if held is not None:
                known[advance.covers[0][1]] = held
            advance = _Advance()
        elif kind == EventKind.LEAVE:
            assert seat is not None
            steps[seat].append(_Leave(seat, size[seat]))
            deck += size[seat]
            size[seat] = 0
            known[seat].clear()
    for (seq, seat, down, seen, _), index in zip(advance.covers, advance.index, strict=True):
        if down and seen is None:
            steps[seat].append(_Current(seq, seat, index))
    plan.pending = voted
    if viewer is not None:
        plan.steps[viewer] = []
    return plan


_SETTLING = (EventKind.BLUFF_CAUGHT, EventKind.MOVE, EventKind.EXIT)
"""The events just after an advance's covers went to the pile: a bluff caught, the seat's move or exit."""


def _settle(plan: _Plan, advance: _Advance, viewer: Viewer, caught: bool) -> Counter[Kind] | None:
    """The face-down covers of an advance as they go to the pile: those a vote showed (given to the covers
    the viewer did not see, true ones if the claim held, at least one false if it was caught), and the
    others, the viewer's own or no Jester. Returns what the seat must still hold of the cards all knew
    it held before its first face-down cover (None if it made none): those no cover can have been, as
    a Jester when the covers not shown are no Jesters."""
    covers = advance.covers
    cards: list[Kind | None] = [c[3] for c in covers]
    unseen = [i for i, c in enumerate(covers) if c[2] and c[3] is None]
    revealed = advance.revealed
    if unseen and revealed:
        if advance.jesters_only:
            for i in unseen[len(unseen) - len(revealed) :]:
                cards[i] = JESTER
        else:
            cards = _assigned(covers, cards, unseen, revealed, caught)
    first = next((i for i, c in enumerate(covers) if c[2]), None)
    for i, ((seq, seat, down, seen, _), card) in enumerate(zip(covers, cards, strict=True)):
        if not down:
            assert seen is not None
            plan.shown[-1][seen] += 1
            continue
        known = advance.known if i == first else _NONE
        shown = revealed is not None and (not advance.jesters_only or card is JESTER)
        if shown:
            assert card is not None
            plan.shown[-1][card] += 1
            if seat != viewer:
                plan.steps[seat].append(_Revealed(seq, seat, card, known))
        elif seat == viewer:
            assert seen is not None
            plan.mine[seen] += 1
        else:
            plan.steps[seat].append(_Hidden(seq, seat, known, len(plan.shown) - 1))
            plan.hidden[seat] = plan.hidden.get(seat, 0) + 1
            plan.nonjesters[seat] = plan.nonjesters.get(seat, 0) + 1
    if first is None:
        return None
    held = advance.known - Counter(card for card in cards[first:] if card is not None)
    if any(card is None for card in cards[first:]):
        held = Counter({JESTER: held[JESTER]})
    return +held


def _assigned(
    covers: list[tuple[int, Seat, bool, Kind | None, Kind]],
    cards: list[Kind | None],
    unseen: list[int],
    revealed: list[Kind],
    caught: bool,
) -> list[Kind | None]:
    """``revealed`` given to the ``unseen`` covers so that the advance is a bluff exactly if ``caught``."""
    for order in permutations(revealed):
        false = any(not covers_truly(card, covers[i][4]) for i, card in zip(unseen, order, strict=True))
        if false == caught:
            done = list(cards)
            for i, card in zip(unseen, order, strict=True):
                done[i] = card
            return done
    raise Contradiction


# --- the walk back from the world ---------------------------------------------------------------

_cache: list[tuple[Sequence[Event], int, Viewer, _Plan]] = []
"""The last plan read, with the events it was read from: a search draws many worlds from one."""


def pasts(world: Board, events: Sequence[Event], viewer: Viewer) -> Rebuild:
    """The private parts of every seat's events consistent with ``world``, which is told what each seat
    saw go to the Discard Pile since the last reshuffle. Raises :class:`Contradiction` if a seat's walk
    was not found."""
    plan = _plan_for(world, events, viewer)
    order = random.Random(world.rng.state ^ _SALT)
    totals = Counter(dict(zip(CARD_KINDS, deck_counts(world.players), strict=True)))
    shares = _shares(world, plan, order)
    parts: dict[int, tuple[Secret, ...]] = {}
    pile_own = [Counter[Kind]() for _ in range(world.players)]
    if viewer is not None:
        pile_own[viewer] = plan.mine
    for seat, steps in enumerate(plan.steps):
        if not steps:
            continue
        for attempt in range(TRIES):
            walk = _Walk(world, plan, seat, shares.get(seat, Counter()), totals, order)
            try:
                walk.run(steps)
            except Contradiction:
                if attempt == TRIES - 1:
                    raise
                continue
            parts.update(walk.parts)
            pile_own[seat] = shares.get(seat, Counter())
            break
    for seq, seat in plan.pending:
        agree = world.votes[seat]
        assert agree is not None
        parts[seq] = _own(seat, "agree", agree)
    for seq, (seat, agree) in plan.votes.items():
        parts[seq] = _own(seat, "agree", agree)
    world.pile_public = _counts(plan.shown[-1])
    world.pile_own = [_counts(cards) for cards in pile_own]
    return lambda event: parts.get(event.seq)


def _plan_for(world: Board, events: Sequence[Event], viewer: Viewer) -> _Plan:
    """The plan of ``events``, read again only when they are not the last ones read (an information
    state's events only grow, by ``sync``)."""
    if _cache:
        seen, length, who, plan = _cache[0]
        if seen is events and length == len(events) and who == viewer:
            return plan
    absent = [seat for seat in range(world.players) if world.status[seat] is ABSENT]
    plan = plan_of(events, viewer, world.players, absent)
    _cache[:] = [(events, len(events), viewer, plan)]
    return plan


def _shares(world: Board, plan: _Plan, order: random.Random) -> dict[Seat, Counter[Kind]]:
    """Each seat's cards on the pile unseen by the others since the last reshuffle: the world's pile less
    what all saw go there and the viewer's own, dealt out at random (no Jester for a cover)."""
    rest = Counter(world.discard)
    rest.subtract(plan.shown[-1])
    rest.subtract(plan.mine)
    if min(rest.values(), default=0) < 0 or rest.total() != sum(plan.hidden.values()):
        raise Contradiction
    cards = list((+rest).elements())
    order.shuffle(cards)
    shares: dict[Seat, Counter[Kind]] = {}
    # Covers first, as they take no Jester.
    for seat, count in sorted(plan.nonjesters.items()):
        share = shares.setdefault(seat, Counter())
        for _ in range(count):
            card = next((c for c in cards if c is not JESTER), None)
            if card is None:
                raise Contradiction
            cards.remove(card)
            share[card] += 1
    for seat, count in sorted(plan.hidden.items()):
        share = shares.setdefault(seat, Counter())
        for _ in range(count - plan.nonjesters.get(seat, 0)):
            share[cards.pop()] += 1
    return shares


class _Walk:
    """One seat's walk back from the world's hand: the cards of its private events chosen on the way."""

    def __init__(
        self,
        world: Board,
        plan: _Plan,
        seat: Seat,
        share: Counter[Kind],
        totals: Counter[Kind],
        order: random.Random,
    ) -> None:
        self.world = world
        self.plan = plan
        self.seat = seat
        self.hand = _elements(world.hands[seat])
        self.share = share.copy()
        """What is left of the seat's cards on the pile since the last reshuffle."""
        self.share_all = share
        """All of them: the seat sees them in the pile now."""
        self.totals = totals
        self.order = order
        self.own: dict[int, Counter[Kind]] = {}
        """Per cycle, the cards it put face-down on the pile."""
        self.dealt: dict[int, Counter[Kind]] = {}
        """Per cycle, the cards it was dealt from that cycle's deck."""
        self.since: Counter[Kind] = Counter()
        """The cards it was dealt since the last reshuffle."""
        self.margin: dict[Kind, int] | None = None if len(plan.shown) > 1 else {}
        """Per kind a seat dealt nothing since the last reshuffle holds out of this one's sight, how many
        more it may have known went to the pile before the reshuffle than it knows went elsewhere since
        (:meth:`_margins`)."""
        self.parts: dict[int, tuple[Secret, ...]] = {}

    def run(self, steps: list[_Step]) -> None:
        last = len(self.plan.shown) - 1
        for step in reversed(steps):
            if isinstance(step, _Deal):
                self._deal(step)
            elif isinstance(step, _Discard):
                cards = self._to_pile(
                    step.count, step.cycle, step.known, jesters=True, last=step.cycle == last
                )
                self.parts[step.seq] = _own(self.seat, "cards", _sorted(cards))
            elif isinstance(step, _Hidden):
                card = next(
                    iter(self._to_pile(1, step.cycle, step.known, jesters=False, last=step.cycle == last))
                )
                self.parts[step.seq] = _own(self.seat, "card", card)
            elif isinstance(step, _Revealed):
                self.hand[step.card] += 1
                if step.known and step.known - self.hand:
                    raise Contradiction
                self.parts[step.seq] = _own(self.seat, "card", step.card)
            elif isinstance(step, _Current):
                attempt = self.world.attempt
                assert attempt is not None and attempt.covers is not None
                card = attempt.covers[step.index].card
                self.hand[card] += 1
                self.parts[step.seq] = _own(self.seat, "card", card)
            elif isinstance(step, _Shown):
                self.hand.update(step.cards)
            else:
                self.hand.update(self._pick(self.totals - self.hand, step.count))
        if self.share.total():
            raise Contradiction

    def _unseen(self, cycle: int) -> Counter[Kind]:
        """The cards that can be the seat's own on the pile of ``cycle``: a kind's cards less those in its
        hand and those it knows went to that pile."""
        hand, shown, own = self.hand, self.plan.shown[cycle], self.own.get(cycle, _NONE)
        return Counter({kind: n - hand[kind] - shown[kind] - own[kind] for kind, n in self.totals.items()})

    def _deal(self, step: _Deal) -> None:
        source = self.hand - step.keep if step.keep else self.hand
        last = step.cycle == len(self.plan.shown) - 1
        # Cards it knew went to the pile that became this deck are the likeliest to come back, and first
        # those it must have been dealt back since the last reshuffle.
        owed = _NONE
        if last:
            owed = Counter({kind: -n for kind, n in self._margins().items() if n < 0}) - self.since
        dealt = self._pick(source, step.new, owed, self._back(step.cycle))
        self.dealt.setdefault(step.cycle, Counter()).update(dealt)
        if step.count > step.new:
            rest = source - dealt
            old = self._pick(rest, step.count - step.new, self._back(step.cycle - 1))
            self.dealt.setdefault(step.cycle - 1, Counter()).update(old)
            dealt = dealt + old
        _take(self.hand, dealt)
        if last:
            self.since.update(dealt)
        self.parts[step.seq] = _own(self.seat, "cards", _sorted(dealt))

    def _back(self, cycle: int) -> Counter[Kind]:
        """The cards the seat knows went to the pile before the deck of ``cycle``."""
        if cycle < 1:
            return _NONE
        own = self.own.get(cycle - 1)
        return self.plan.shown[cycle - 1] + own if own else self.plan.shown[cycle - 1]

    def _to_pile(
        self, count: int, cycle: int, known: Counter[Kind], jesters: bool, last: bool
    ) -> Counter[Kind]:
        """``count`` cards back from the pile of ``cycle`` to the hand: the seat's share since the last
        reshuffle; before it, cards that keep what the seat knows went to that pile within a kind's
        cards and, with what it was dealt from the next deck, within that deck."""
        wanted = known - self.hand if known else _NONE
        back: Counter[Kind] = _NONE
        if last:
            source = self.share.copy()
        else:
            source = self._unseen(cycle)
            dealt = self.dealt.get(cycle + 1)
            if dealt:
                back = dealt - self._back(cycle + 1)
            if cycle == len(self.plan.shown) - 2:
                own = self.own.get(cycle, Counter())
                for kind, margin in self._margins().items():
                    source[kind] = min(source[kind], margin + self.since[kind] - own[kind])
        if not jesters:
            source[JESTER] = 0
        cards = self._pick(source, count, wanted, back)
        if last:
            _take(self.share, cards)
        else:
            own = self.own.setdefault(cycle, Counter())
            own.update(cards)
            if cycle + 1 < len(self.plan.sizes):
                needed = (self.plan.shown[cycle] + own) | self.dealt.get(cycle + 1, Counter())
                if needed.total() > self.plan.sizes[cycle + 1]:
                    raise Contradiction
        self.hand.update(cards)
        if known and known - self.hand:
            raise Contradiction
        return cards

    def _margins(self) -> dict[Kind, int]:
        if self.margin is None:
            self.margin = self._margin()
        return self.margin

    def _margin(self) -> dict[Kind, int]:
        """For each kind a seat dealt nothing since the last reshuffle holds out of this seat's sight, how
        many of its cards this seat sees nowhere, less one (that seat's), less those it saw go to the pile
        before the reshuffle and not since: what it put there itself must stay under it, with what it was
        dealt since (:mod:`feint.games.knights.reshuffled`)."""
        world, seat, plan = self.world, self.seat, self.plan
        held: Counter[Kind] = Counter()
        unseen = self.totals - _elements(world.hands[seat]) - plan.shown[-1] - self.share_all
        for other in range(world.players):
            if other != seat:
                known = _elements(world.known[other])
                unseen -= known
                if other not in plan.fed:
                    held += _elements(world.hands[other]) - known
        attempt = world.attempt
        for cover in () if attempt is None or attempt.covers is None else attempt.covers:
            if cover.card is TOKEN:
                continue
            if cover.public or world.active == seat:
                unseen[cover.card] -= 1
            elif world.active not in plan.fed:
                held[cover.card] += 1
        before = plan.shown[-2]
        return {kind: unseen[kind] - 1 - before[kind] + plan.seen[kind] for kind in +held}

    def _pick(self, source: Counter[Kind], count: int, *wanted: Counter[Kind]) -> Counter[Kind]:
        """``count`` cards of ``source`` at random: as many of the first ``wanted`` as it holds, then of the
        next, and so on; each card drawn among those left with equal chances."""
        left = {kind: n for kind, n in source.items() if n > 0}
        if sum(left.values()) < count:
            raise Contradiction
        picked: Counter[Kind] = Counter()
        for want in (*wanted, None):
            if not count:
                break
            if want is None:
                pool = left
            elif not want:
                continue
            else:
                pool = {kind: min(n, want[kind]) for kind, n in left.items() if want[kind] > 0}
            total = sum(pool.values())
            for _ in range(min(count, total)):
                kind = _nth(pool, self.order.randrange(total))
                picked[kind] += 1
                pool[kind] -= 1
                if pool is not left:
                    left[kind] -= 1
                total -= 1
                count -= 1
        return picked


def _nth(cards: dict[Kind, int], at: int) -> Kind:
    """The card at place ``at`` of ``cards`` laid out kind by kind."""
    for kind, n in cards.items():
        if at < n:
            return kind
        at -= n
    raise IndexError(at)


def _take(place: Counter[Kind], cards: Counter[Kind]) -> None:
    for card, n in cards.items():
        if place[card] < n:
            raise Contradiction
        place[card] -= n


def _elements(counts: Counts) -> Counter[Kind]:
    return Counter({kind: n for kind, n in zip(CARD_KINDS, counts, strict=True) if n})


def _counts(cards: Counter[Kind]) -> Counts:
    return tuple(cards[kind] for kind in CARD_KINDS)


def _sorted(cards: Counter[Kind]) -> tuple[Kind, ...]:
    return tuple(sorted(cards.elements(), key=INDEX.__getitem__))
