"""What a viewer knows of where the cards of the last reshuffle went (KG18; KG25 read backwards).

At a reshuffle the Discard Pile becomes the new Unknown Deck. The viewer saw
some of its cards go there: every card revealed, its own face-down discards
and covers. Its view forgets them (``discard_known`` is the pile since the
reshuffle), but they are still somewhere the new deck's cards can have gone:
in the deck, in the hand of a seat dealt from it since (no more of them than
it was dealt), in that seat's face-down covers, or back in the pile. A world
that puts them elsewhere (in the hand of a seat dealt nothing since) is one
the viewer's information excludes, and the sampler deals again.

What is kept is a lower bound of what the viewer knows, so the check never
excludes a world the real game could have reached: the cards it was dealt
from the new deck and every card revealed since may be some of the
reshuffled ones, and are not counted; earlier reshuffles are not followed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from feint.engine.events import Event
from feint.engine.state import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.games.knights.cards import JESTER, TOKEN, Kind
from feint.games.knights.kinds import Kind as EventKind


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """The cards of the last reshuffle the viewer knows are still hidden, and who was dealt from it."""

    cards: Counter[Kind]
    dealt: dict[Seat, int]
    """Per seat other than the viewer, how many cards it was dealt since the reshuffle."""

    def allows(self, hands: Sequence[Counter[Kind]], unknown: Counter[Kind], pile: Counter[Kind]) -> bool:
        """Whether the reshuffled cards fit a world whose hidden cards are ``hands`` (each seat's hand
        and face-down covers, as the viewer cannot see them), the ``unknown`` deck and the ``pile``."""
        demand = self.cards - unknown - pile
        if not demand:
            return True
        if demand.total() > sum(self.dealt.values()):
            return False
        return _placed(demand, {seat: (n, hands[seat]) for seat, n in self.dealt.items() if n})

    def placed(
        self, pool: list[Kind], owners: Sequence[Seat | None], rng: random.Random
    ) -> list[Kind] | None:
        """The cards of ``pool`` dealt to the hidden places, each owned by a seat or (None) the deck or the
        pile, the reshuffled cards first to the places they may be in; None if they are not in the pool."""
        rest = Counter(pool)
        rest.subtract(self.cards)
        if min(rest.values(), default=0) < 0:
            return None
        cards = list(self.cards.elements())
        rng.shuffle(cards)
        capacity = dict(self.dealt)
        eligible = [i for i, owner in enumerate(owners) if owner is None or capacity.get(owner)]
        rng.shuffle(eligible)
        placed: dict[int, Kind] = {}
        for i in eligible:
            if not cards:
                break
            owner = owners[i]
            if owner is not None:
                if not capacity[owner]:
                    continue
                capacity[owner] -= 1
            placed[i] = cards.pop()
        if cards:
            return None
        others = list((+rest).elements())
        rng.shuffle(others)
        dealt = iter(others)
        return [placed[i] if i in placed else next(dealt) for i in range(len(owners))]


def _placed(demand: Counter[Kind], seats: dict[Seat, tuple[int, Counter[Kind]]]) -> bool:
    """Whether the cards of ``demand`` can go to the seats, each taking no more than its capacity nor
    more of a kind than it holds: a maximum flow from kinds to seats, by augmenting paths (a few cards)."""
    flow: Counter[tuple[Kind, Seat]] = Counter()
    load: Counter[Seat] = Counter()

    def augment(kind: Kind, visited: set[Kind]) -> bool:
        """Place one more card of ``kind``, moving cards of other kinds along if a seat is full."""
        visited.add(kind)
        for seat, (capacity, held) in seats.items():
            if flow[kind, seat] >= held[kind]:
                continue
            if load[seat] < capacity:
                flow[kind, seat] += 1
                load[seat] += 1
                return True
            for other in list(demand):
                if other not in visited and flow[other, seat] > 0 and augment(other, visited):
                    flow[other, seat] -= 1
                    flow[kind, seat] += 1
                    return True
        return False

    return all(augment(kind, set()) for kind in demand.elements())


def _lacks_secret(event: Event) -> bool:
    """Whether an event of the viewer's own cards shows it only their backs."""
    if event.kind == EventKind.DEALT or event.kind == EventKind.DISCARD:
        return HIDDEN in event.get("cards")
    return event.kind == EventKind.COVER and event.get("card") is HIDDEN


def reshuffled(events: Sequence[Event], viewer: Viewer) -> Reshuffled | None:
    """What ``viewer`` knows of the last reshuffle's cards from its ``events``; None before any."""
    seen: Counter[Kind] = Counter()
    """The cards the viewer saw go to the pile since the reshuffle before."""
    covers: list[tuple[Kind | None, bool, bool]] = []
    """The advance's covers: the card if the viewer knows it, whether a reveal counted it, face-down."""
    last: Reshuffled | None = None
    shuffles = [i for i in range(len(events) - 1, -1, -1) if events[i].kind == EventKind.RESHUFFLE][:2]
    if not shuffles:
        return None
    for i in range(shuffles[-1] + 1 if len(shuffles) > 1 else 0, len(events)):
        event = events[i]
        kind, seat = event.kind, event.actor
        if seat == viewer and seat is not None and _lacks_secret(event):
            return None  # a world's log without the viewer's own past (another seat's sample): nothing known
        shown: list[Kind] = []
        if kind == EventKind.RESHUFFLE:
            last = Reshuffled(seen, {})
            seen = Counter()
        elif kind == EventKind.REVEAL:
            shown = [Kind(card) for card in event.data["cards"]]
            if event.data["discarded"]:
                seen.update(shown)
            if i and events[i - 1].kind == EventKind.VOTES:
                covers = [(card, counted or down, down) for card, counted, down in covers]
        elif kind == EventKind.TRADE_JESTERS:
            shown = [JESTER] * event.data["jesters"]
            seen.update(shown)
        elif kind == EventKind.DISCARD and seat == viewer:
            seen.update(event.get("cards"))
        elif kind == EventKind.ADVANCE:
            covers = []
        elif kind == EventKind.COVER and event.get("card") != TOKEN:
            down = bool(event.data["face_down"])
            covers.append((Kind(event.get("card")) if not down or seat == viewer else None, False, down))
            if not down:
                shown = [Kind(event.get("card"))]
        elif kind in (EventKind.BLUFF_CAUGHT, EventKind.MOVE, EventKind.EXIT) and covers:
            seen.update(card for card, counted, _ in covers if card is not None and not counted)
            covers = []
        if last is None:
            continue
        # Since the last reshuffle: a card the viewer was dealt or saw may be one of its cards.
        if shown:
            last.cards.subtract(shown)
        if kind == EventKind.DEALT and seat is not None:
            if seat == viewer:
                last.cards.subtract(event.get("cards"))
            else:
                last.dealt[seat] = last.dealt.get(seat, 0) + len(event.data["cards"])
    if last is None:
        return None
    return Reshuffled(+last.cards, last.dealt)
