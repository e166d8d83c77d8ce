"""The weapon cards' journey through a viewer's events: a world's hidden cards, and every seat's past.

A viewer knows more than where cards are now. The Discard Pile it saw fed
(its own face-down discards, every card revealed) becomes at a reshuffle the
new Unknown Deck (KG18), whose cards then go to the seats dealt from it, and
on from there: after a reshuffle the viewer's old discards are in the deck,
or in the hand of a seat dealt since, or wherever that seat has put them.
Counting cards (:func:`~feint.games.knights.belief.weapon_pool`) forgets
this. :func:`journey` keeps it: it follows the viewer's events forward with
every weapon card a token, moved where the rules move it, and gives a token
its kind when the viewer sees it (its own cards, every card revealed),
choosing at random what the viewer could not see (which cards of the deck a
seat was dealt, which of its hand it played face-down, which face-down
cover held which revealed card). The kinds still open are dealt at random
at the end. So the world drawn is one a real game could have reached, and
every seat's private past in it (its deals, face-down discards and covers,
votes) is read off the tokens: :meth:`Journey.pasts`.

A random choice may contradict what the viewer sees later (a seat kept the
viewer's old Sword, then showed a hand without one): the walk starts again
with the generator's next draws. A seat's first hand is not an event; the
viewer's is its hand now with its own events undone. Two things the walk
does not check, as the counting sampler did not: that a seat failing at the
Exit could not have covered its dice, and (beyond the seat covering now, see
:mod:`~feint.games.knights.belief`) that covers at the Exit were true.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from feint.engine.events import Event, Secret, audience_of
from feint.engine.history import Rebuild
from feint.engine.state import Seat, Viewer
from feint.games.knights.cards import CARD_KINDS, HAND_SIZE, INDEX, JESTER, TOKEN, Counts, Kind, deck_counts
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.model import ABSENT
from feint.games.knights.view import KnightsView

ATTEMPTS = 2
"""Walks started afresh before the sampler gives up and counts cards instead."""
TRIES = 4
"""Draws of an event with a choice before going back to the one before it."""
STEPS_PER_EVENT = 4
"""A walk's budget of events walked, as a multiple of the events."""

Token = int
"""One physical weapon card, by number."""


class Contradiction(Exception):
    """The walk's random choices disagree with what the viewer saw later: walk again."""


@dataclass(slots=True)
class _Cover:
    token: Token | None
    """None for a KOG token."""
    event: int
    hidden: bool
    """Face-down and not yet revealed."""


@dataclass(slots=True)
class Journey:
    """Where every weapon card is after the viewer's events, and which cards each hidden event moved."""

    kinds: list[Kind | None]
    """Each token's kind; None while nothing the viewer saw fixed it (until :meth:`deal_rest`)."""
    seen: list[bool]
    """Whether what the viewer saw fixed the token's kind: the opponent model never changes it."""
    barred: dict[Token, Kind]
    """A kind a token is known not to be: a cover not revealed when only the Jesters were."""
    left: Counter[Kind]
    """The kinds no token has yet."""
    hands: list[list[Token]]
    known: list[list[Token]]
    """Per seat, the tokens of its hand everybody saw (revealed and kept)."""
    unknown: list[Token] = field(default_factory=list)
    """The Unknown Deck, in no order."""
    carry: list[Token] = field(default_factory=list)
    """At a reshuffle, what was left of the old deck: dealt first."""
    pile: list[Token] = field(default_factory=list)
    covers: list[_Cover] = field(default_factory=list)
    """The covers of the advance under way."""
    moved: dict[int, list[Token]] = field(default_factory=dict)
    """The cards of each event with a private part, by its number: deals, face-down discards and covers."""
    votes: dict[int, bool] = field(default_factory=dict)
    """How each vote was cast, by its event's number, once the outcome told it."""
    voted: list[Event] = field(default_factory=list)
    """The votes cast since the last outcome."""
    needs: list[Counter[Kind]] = field(default_factory=list)
    """What the viewer is dealt from each deck, the first deck's and then each reshuffled one's; the
    current deck's less what it has been dealt so far."""

    def signature(self) -> tuple[object, ...]:
        """What the rest of the walk depends on: the kinds in each place, not which tokens hold them."""

        def kinds(tokens: Sequence[Token]) -> tuple[object, ...]:
            return tuple(sorted((str(self.kinds[t]), str(self.barred.get(t))) for t in tokens))

        return (
            tuple(map(kinds, self.hands)),
            tuple(map(kinds, self.known)),
            kinds(self.unknown),
            kinds(self.carry),
            kinds(self.pile),
            tuple((c.token is None or str(self.kinds[c.token]), c.hidden) for c in self.covers),
            tuple(sorted(self.left.items())),
            tuple(sorted(self.needs[0].items())),
        )

    def copy(self) -> Journey:
        """A copy to go back to; ``moved`` and ``votes`` are shared, as each event walked again rewrites
        its own entry."""
        return Journey(
            list(self.kinds),
            list(self.seen),
            dict(self.barred),
            Counter(self.left),
            [list(hand) for hand in self.hands],
            [list(known) for known in self.known],
            list(self.unknown),
            list(self.carry),
            list(self.pile),
            [_Cover(c.token, c.event, c.hidden) for c in self.covers],
            self.moved,
            self.votes,
            list(self.voted),
            [self.needs[0].copy(), *self.needs[1:]],
        )

    def kind(self, token: Token) -> Kind:
        kind = self.kinds[token]
        assert kind is not None, "every token has a kind once the walk ends"
        return kind

    def cards(self, tokens: Sequence[Token]) -> tuple[Kind, ...]:
        """The kinds of ``tokens``, in the order of the cards' kinds."""
        return tuple(sorted(map(self.kind, tokens), key=INDEX.__getitem__))

    def counts(self, tokens: Sequence[Token]) -> Counts:
        counts = [0] * len(CARD_KINDS)
        for token in tokens:
            counts[INDEX[self.kind(token)]] += 1
        return tuple(counts)

    def pasts(self, votes: Sequence[bool | None]) -> Rebuild:
        """Every seat's private parts in the world, ``votes`` the world's in the vote under way."""

        def rebuild(event: Event) -> tuple[Secret, ...] | None:
            seat, kind = event.actor, event.kind
            if seat is None:
                return None
            if kind == EventKind.DEALT or kind == EventKind.DISCARD:
                return _own(seat, "cards", self.cards(self.moved[event.seq]))
            if kind == EventKind.COVER and event.data["face_down"]:
                return _own(seat, "card", self.kind(self.moved[event.seq][0]))
            if kind == EventKind.VOTED:
                agree = self.votes.get(event.seq, votes[seat])
                assert agree is not None
                return _own(seat, "agree", agree)
            return None

        return rebuild

    # --- what the viewer saw --------------------------------------------------------------

    def fix(self, token: Token, kind: Kind) -> None:
        """Give ``token`` the kind the viewer saw it was."""
        have = self.kinds[token]
        if have is None:
            if not self.left[kind] or self.barred.get(token) is kind:
                raise Contradiction
            self.left[kind] -= 1
            self.kinds[token] = kind
        elif have is not kind:
            raise Contradiction
        self.seen[token] = True

    def take(
        self, place: list[Token], kinds: Sequence[Kind], rng: random.Random, first: Sequence[Token] = ()
    ) -> list[Token]:
        """Tokens of ``kinds`` from ``place``: of ``first`` if of the kind, else any of it, else open ones."""
        taken: list[Token] = []
        for kind in kinds:
            token = self._one(place, kind, first, rng)
            self.fix(token, kind)
            place.remove(token)
            taken.append(token)
        return taken

    def _one(self, place: list[Token], kind: Kind, first: Sequence[Token], rng: random.Random) -> Token:
        """A token of ``place`` that may be of ``kind``: one known to be, or an open one, either at random."""
        same = [t for t in first if self.kinds[t] is kind and t in place] or [
            t for t in place if self.kinds[t] is kind
        ]
        open_ = [t for t in place if self.kinds[t] is None and self.barred.get(t) is not kind]
        if open_ and self.left[kind] and (not same or rng.random() < 0.5):
            return rng.choice(open_)
        if not same:
            raise Contradiction
        return rng.choice(same)

    def fix_all(self, tokens: Sequence[Token], kinds: Sequence[Kind], rng: random.Random) -> None:
        """``tokens`` are exactly ``kinds``, in some order."""
        rest = list(tokens)
        self.take(rest, kinds, rng)
        if rest:
            raise Contradiction

    def deal_rest(self, rng: random.Random) -> None:
        """The kinds nobody saw, dealt at random to the tokens without one (a barred kind avoided)."""
        open_ = [t for t, kind in enumerate(self.kinds) if kind is None]
        open_.sort(key=lambda t: t not in self.barred)
        for token in open_:
            choices = [k for k in CARD_KINDS if self.left[k] and self.barred.get(token) is not k]
            if not choices:
                raise Contradiction
            kind = rng.choices(choices, weights=[self.left[k] for k in choices])[0]
            self.left[kind] -= 1
            self.kinds[token] = kind


def _own(seat: Seat, key: str, value: object) -> tuple[Secret, ...]:
    return (Secret(audience_of(seat), MappingProxyType({key: value})),)


def _spare(j: Journey, rng: random.Random) -> Token:
    """A card of the deck for another seat, taken out of it: one the viewer's own deals from this deck
    can spare, if there is one (the viewer's deals say what the deck must still hold)."""
    deck = j.unknown
    if not deck:
        raise Contradiction
    held = Counter(j.kinds[t] for t in deck)
    open_ = held.pop(None, 0)
    short = sum(max(0, n - held[kind]) for kind, n in j.needs[0].items())
    spare = [
        t
        for t in deck
        if ((kind := j.kinds[t]) is None and open_ > short)
        or (kind is not None and held[kind] > j.needs[0][kind])
    ]
    token = rng.choice(spare or deck)
    deck.remove(token)
    return token


def _played(j: Journey, hand: list[Token], rng: random.Random) -> Token:
    """A card another seat played face-down, taken out of its hand: one of a kind the viewer is dealt
    from the next deck and the pile does not yet hold, if the hand has one (the next deck is the pile)."""
    if not hand:
        raise Contradiction
    held = Counter(j.kinds[t] for t in j.pile)
    later = j.needs[1] if len(j.needs) > 1 else Counter()
    wanted = [t for t in hand if (kind := j.kinds[t]) is not None and later[kind] > held[kind]]
    token = rng.choice(wanted or hand)
    hand.remove(token)
    return token


def _some(place: list[Token], count: int, rng: random.Random) -> list[Token]:
    """``count`` tokens of ``place`` chosen at random, taken out of it."""
    if count > len(place):
        raise Contradiction
    taken = rng.sample(place, count)
    for token in taken:
        place.remove(token)
    return taken


def journey(view: KnightsView, events: Sequence[Event], rng: random.Random) -> Journey:
    """A walk of the weapon cards through ``events`` that agrees with all ``view`` and ``events`` show."""
    for _ in range(ATTEMPTS):
        try:
            return _walk(view, events, rng)
        except Contradiction:
            continue
    raise Contradiction(f"no walk of the cards agrees with seat {view.viewer}'s information")


def _first_hand(view: KnightsView, events: Sequence[Event]) -> list[Kind] | None:
    """The viewer's hand before its first event: its hand now with its own events undone."""
    viewer = view.viewer
    if viewer is None or view.hand is None:
        return None
    hand = Counter(view.hand)
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event.actor != viewer:
            continue
        kind = event.kind
        if kind == EventKind.LEAVE:
            return None
        if kind == EventKind.DEALT:
            hand.subtract(event.get("cards"))
        elif kind == EventKind.DISCARD:
            hand.update(event.get("cards"))
        elif kind == EventKind.COVER and event.get("card") != TOKEN:
            hand[Kind(event.get("card"))] += 1
        elif kind == EventKind.REVEAL and event.data["discarded"] and not _after_votes(events, i):
            hand.update(Kind(card) for card in event.data["cards"])
        elif kind == EventKind.TRADE_JESTERS:
            hand[JESTER] += event.data["jesters"]
    if min(hand.values(), default=0) < 0 or hand.total() != HAND_SIZE:
        return None
    return sorted(hand.elements(), key=INDEX.__getitem__)


def _after_votes(events: Sequence[Event], i: int) -> bool:
    """A reveal right after the votes shows the covers, not cards of a hand."""
    return i > 0 and events[i - 1].kind == EventKind.VOTES


def _walk(view: KnightsView, events: Sequence[Event], rng: random.Random) -> Journey:
    """One walk, going back to the latest event with a choice when the viewer's later information
    contradicts it (each such event tried again :data:`TRIES` times before the one before it)."""
    players, viewer = view.players, view.viewer
    total = deck_counts(players)
    size = sum(total)
    j = Journey(
        [None] * size,
        [False] * size,
        {},
        Counter({kind: total[i] for kind, i in INDEX.items()}),
        [[] for _ in range(players)],
        [[] for _ in range(players)],
    )
    tokens = iter(range(size))
    joined = {e.actor for e in events if e.kind == EventKind.JOIN}
    first = _first_hand(view, events)
    for sitter in range(players):
        if view.seats[sitter].status is ABSENT or sitter in joined:
            continue
        hand = j.hands[sitter] = [next(tokens) for _ in range(HAND_SIZE)]
        if sitter == viewer and first is not None:
            for token, card in zip(hand, first, strict=True):
                j.fix(token, card)
    j.unknown = list(tokens)
    j.needs = _needs(events, viewer)
    return _search(j, view, events, rng)


def _search(start: Journey, view: KnightsView, events: Sequence[Event], rng: random.Random) -> Journey:
    """Walk the events from ``start``, depth first: at an event with a choice, up to :data:`TRIES` draws
    of it, each different in the cards' kinds, before going back; a walk whose kinds were found to lead
    nowhere at an event is not walked on again."""
    failed: set[tuple[int, tuple[object, ...]]] = set()
    stack: list[tuple[int, Journey, set[tuple[object, ...]], int]] = [(0, start, set(), 0)]
    """Each event under way: its index, the walk before it, the outcomes tried and the draws made."""
    budget = STEPS_PER_EVENT * (len(events) + 1)
    end = len(events)
    while stack:
        budget -= 1
        if budget < 0:
            break
        i, before, tried, draws = stack[-1]
        limit = TRIES if i == end or _chooses(events[i]) else 1
        if draws >= limit:
            failed.add((i, before.signature()))
            stack.pop()
            continue
        stack[-1] = (i, before, tried, draws + 1)
        j = before.copy()
        try:
            if i == end:
                _finish(j, view, rng)
                return j
            _event(j, events, i, view.viewer, rng)
        except Contradiction:
            continue
        outcome = j.signature()
        if outcome in tried or (i + 1, outcome) in failed:
            continue
        tried.add(outcome)
        stack.append((i + 1, j, set(), 0))
    raise Contradiction


def _needs(events: Sequence[Event], viewer: Viewer) -> list[Counter[Kind]]:
    """The cards the viewer is dealt from each deck: the first, then each reshuffled one. A deal just
    after a reshuffle may have begun with what was left of the old deck: its cards count for both."""
    needs: list[Counter[Kind]] = [Counter()]
    reshuffled = False
    for event in events:
        if event.kind == EventKind.RESHUFFLE:
            needs.append(Counter())
            reshuffled = True
        elif event.kind == EventKind.DEALT:
            if event.actor == viewer:
                cards = event.get("cards")
                needs[-1].update(cards)
                if reshuffled:
                    needs[-2].update(cards)
            reshuffled = False
    return needs


def _chooses(event: Event) -> bool:
    """Whether the walk chooses something at ``event`` (a card among several), to go back to."""
    return event.kind in _CHOOSING


_CHOOSING = frozenset(
    {EventKind.DEALT, EventKind.DISCARD, EventKind.COVER, EventKind.REVEAL, EventKind.TRADE_JESTERS}
)


def _event(j: Journey, events: Sequence[Event], i: int, viewer: Viewer, rng: random.Random) -> None:
    """Move the cards as ``events[i]`` did."""
    event = events[i]
    kind, seat = event.kind, event.actor
    if kind == EventKind.DEALT:
        assert seat is not None
        count = len(event.data["cards"])
        dealt = j.carry[:count]
        del j.carry[: len(dealt)]
        if seat == viewer:
            cards = _from_new_deck(j, dealt, event.get("cards"), rng)
            dealt += j.take(j.unknown, cards, rng)
            j.needs[0].subtract(cards)
        else:
            dealt += [_spare(j, rng) for _ in range(count - len(dealt))]
        j.hands[seat] += dealt
        j.moved[event.seq] = dealt
    elif kind == EventKind.RESHUFFLE:
        if len(j.pile) != event.data["cards"]:
            raise Contradiction
        j.carry, j.unknown, j.pile = j.unknown, j.pile, []
        j.needs = j.needs[1:] or [Counter()]
    elif kind == EventKind.DISCARD:
        assert seat is not None
        if seat == viewer:
            gone = j.take(j.hands[seat], event.get("cards"), rng)
        else:
            gone = [_played(j, j.hands[seat], rng) for _ in event.data["cards"]]
        j.known[seat] = []
        j.pile += gone
        j.moved[event.seq] = gone
    elif kind == EventKind.ADVANCE:
        j.covers = []
    elif kind == EventKind.COVER:
        assert seat is not None
        _cover(j, event, seat == viewer, rng)
    elif kind == EventKind.VOTED:
        j.voted.append(event)
    elif kind == EventKind.VOTES:
        agreed = set(event.data["agree"])
        j.votes.update((vote.seq, vote.actor in agreed) for vote in j.voted)
        j.voted = []
    elif kind == EventKind.REVEAL:
        assert seat is not None
        shown = [Kind(card) for card in event.data["cards"]]
        if _after_votes(events, i):
            _reveal_covers(j, shown, rng)
        elif event.data["discarded"]:
            j.pile += j.take(j.hands[seat], shown, rng, j.known[seat])
            j.known[seat] = [t for t in j.known[seat] if t in j.hands[seat]]
        else:
            (token,) = j.take(j.hands[seat], shown, rng, [t for t in j.hands[seat] if t not in j.known[seat]])
            if token in j.known[seat]:
                raise Contradiction
            j.hands[seat].append(token)
            j.known[seat].append(token)
    elif kind in (EventKind.BLUFF_CAUGHT, EventKind.MOVE, EventKind.EXIT):
        j.pile += [c.token for c in j.covers if c.token is not None]
        j.covers = []
    elif kind == EventKind.TRADE_JESTERS:
        assert seat is not None
        j.pile += j.take(j.hands[seat], [JESTER] * event.data["jesters"], rng, j.known[seat])
        j.known[seat] = [t for t in j.known[seat] if t in j.hands[seat]]
    elif kind == EventKind.LEAVE:
        assert seat is not None
        j.unknown += j.hands[seat]
        j.hands[seat], j.known[seat] = [], []


def _from_new_deck(j: Journey, carried: list[Token], cards: Sequence[Kind], rng: random.Random) -> list[Kind]:
    """The viewer's dealt ``cards`` the reshuffled deck gave, those left being what remained of the old
    deck (``carried``): the new deck gives first the kinds it is known to hold, then open cards."""
    rest = list(cards)
    for token in carried:
        kind = j.kinds[token]
        if kind is not None:
            if kind not in rest:
                raise Contradiction
            rest.remove(kind)
    rng.shuffle(rest)
    held = Counter(j.kinds[t] for t in j.unknown)
    blank = held.pop(None, 0)
    new: list[Kind] = []
    for kind in list(rest):
        if len(new) + len(carried) < len(cards) and held[kind] > 0:
            held[kind] -= 1
            new.append(kind)
            rest.remove(kind)
    while len(new) + len(carried) < len(cards) and rest and blank > 0:
        new.append(rest.pop())
        blank -= 1
    for token in carried:
        if j.kinds[token] is None:
            j.fix(token, rest.pop())
    if rest:
        raise Contradiction
    return new


def _cover(j: Journey, event: Event, own: bool, rng: random.Random) -> None:
    seat = event.actor
    assert seat is not None
    hand = j.hands[seat]
    card = event.get("card")
    if event.data["face_down"]:
        token = j.take(hand, [Kind(card)], rng)[0] if own else _played(j, hand, rng)
        j.known[seat] = []
        j.moved[event.seq] = [token]
        j.covers.append(_Cover(token, event.seq, hidden=True))
    elif card == TOKEN:
        j.covers.append(_Cover(None, event.seq, hidden=False))
    else:
        (token,) = j.take(hand, [Kind(card)], rng, j.known[seat])
        j.known[seat] = [t for t in j.known[seat] if t in hand]
        j.covers.append(_Cover(token, event.seq, hidden=False))


def _reveal_covers(j: Journey, shown: list[Kind], rng: random.Random) -> None:
    """The hidden covers turned up: all of them, or (every vote agreeing) the Jesters among them.

    Which cover held which card nobody's events say (the covers go to the pile at once, so no view
    shows them turned up either).
    """
    hidden = [c for c in j.covers if c.hidden and c.token is not None]
    tokens = [c.token for c in hidden if c.token is not None]
    turned = set(j.take(tokens, shown, rng))
    for c in hidden:
        if c.token in turned:
            c.hidden = False
        elif c.token is not None:
            if j.kinds[c.token] is JESTER:
                raise Contradiction
            j.barred[c.token] = JESTER


def _finish(j: Journey, view: KnightsView, rng: random.Random) -> None:
    """The viewer's hand as it holds it, the known cards as everybody knows them, and the rest dealt."""
    if j.carry:
        raise Contradiction
    viewer = view.viewer
    if viewer is not None and view.hand is not None:
        j.fix_all(j.hands[viewer], view.hand, rng)
    for seat in view.seats:
        if seat.seat != viewer:
            j.fix_all(j.known[seat.seat], seat.known, rng)
    j.deal_rest(rng)
