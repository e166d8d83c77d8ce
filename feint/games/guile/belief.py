"""What a Guile seat knows of the cards it cannot see, and worlds drawn from that knowledge.

A seat always knows its own four cards of the round and, through the public
swaps, where each of them lies. Every other card is the opponent's or aside.
The draft tells it most of the opponent's: of the cards it was shown in the
first two steps (its own dealt four and the three passed to it) the ones it
did not keep went to the opponent, whose one remaining card (its first pick)
came from the cards the seat never saw. Under the Code of Chivalry there is
no draft and the opponent's four are unknown. So the opponent holds the
*known* cards plus *free* cards drawn from the unseen rest; looks place some
of them on the table, and what is left lies face-down on the knights the
seat cannot see (in play), in the opponent's hand, picks or placed knights
(draft and placement). Every card not the opponent's is aside.

:func:`sample` draws the free cards from the unseen rest, uniformly, then
lays the opponent's cards over the places the seat cannot see, uniformly,
and rebuilds the whole state from the seat's view and events alone, the
opponent's private past with it (:mod:`feint.games.guile.pasts`). The
bots count cards through the same :class:`GuileBelief`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeVar

from feint.engine.errors import FeintError
from feint.engine.events import log_of
from feint.engine.history import rebuilt_log
from feint.engine.info import InfoState
from feint.engine.rng import Rng
from feint.engine.state import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.games.guile.board import Board
from feint.games.guile.cards import HAND_SIZE, TABLE, Card, deck, faction_positions
from feint.games.guile.kinds import Kind
from feint.games.guile.model import CODE_OF_CHIVALRY, EXTENDED_CAST, Action, DraftStep, Phase, RoundRecord
from feint.games.guile.pasts import pasts
from feint.games.guile.view import GuileView

S = TypeVar("S", bound=Board)

_OPENING = (Phase.FACTION, Phase.START)
"""The phases before the first deal: no card is anywhere yet."""


@dataclass(frozen=True)
class Knowledge:
    """A seat's card counting for the round in progress."""

    seat: Seat
    mine: Counter[Card]
    """The seat's own four cards (or, mid-draft, those it holds now)."""
    opponent_known: Counter[Card]
    """Cards the seat knows the opponent holds, whether placed by a look or not."""
    free: int
    """How many of the opponent's cards came from cards the seat never saw."""
    never_seen: Counter[Card]
    """The cards the seat has not seen this round, in any hand of the draft or on the table."""
    located: dict[int, Card]
    """Knights whose card the seat knows."""

    @property
    def located_opponent(self) -> Counter[Card]:
        return Counter(self.located.values()) - self.mine

    @property
    def required(self) -> Counter[Card]:
        """Free cards the opponent must hold: its cards on the table beyond the known ones."""
        return self.located_opponent - self.opponent_known

    @property
    def unplaced_known(self) -> Counter[Card]:
        """Known opponent cards not yet seen on a knight."""
        return self.opponent_known - self.located_opponent


def knowledge(view: GuileView) -> Knowledge:
    """The seat's card counting, read from its view."""
    seat = view.viewer
    if seat is None:
        raise FeintError("Guile worlds are drawn for a seat, not for a spectator")
    cards = Counter(deck(EXTENDED_CAST in view.variants))
    if view.phase == Phase.OVER:
        # The last round's record shows everyone every card of the table.
        located = dict(enumerate(view.rounds[-1].cards))
    else:
        located = {k.position: k.card for k in view.knights if isinstance(k.card, Card)}
    mine = Counter(view.dealt) if view.dealt else Counter(view.hand) + Counter(view.kept)
    shown = _first_two_hands(view, seat)
    if shown is None:
        seen = Counter(mine)
        known: Counter[Card] = Counter()
    else:
        seen = shown
        known = shown - mine
    return Knowledge(seat, mine, known, HAND_SIZE - sum(known.values()), cards - seen, located)


def _first_two_hands(view: GuileView, seat: Seat) -> Counter[Card] | None:
    """The cards of the first two hands the seat was shown, once the first pass is done."""
    steps = view.draft
    if CODE_OF_CHIVALRY in view.variants or not steps:
        return None
    if len(steps) >= 2:
        return Counter(steps[0].shown) + Counter(steps[1].shown)
    if _passes(view, seat) >= 1:
        return Counter(steps[0].shown) + Counter(view.hand)
    return None


def _passes(view: GuileView, seat: Seat) -> int:
    """How many times the hands have been passed this round."""
    picks = len(view.draft)
    return picks - 1 if seat not in view.to_move else picks


@dataclass(frozen=True)
class GuileBelief:
    """The engine's :class:`~feint.engine.state.Belief` for a Guile seat: each hidden place's candidates."""

    hidden: Counter[Card]
    """Every card the seat cannot see: face-down on a knight, in the other hand, aside."""
    candidates: dict[str, frozenset[Card]]
    """The cards each hidden place may hold, named as ``hidden_placement`` names them."""

    @classmethod
    def of(cls, info: InfoState[GuileView]) -> GuileBelief:
        view = info.view
        assert isinstance(view, GuileView)
        if view.phase in _OPENING:
            return cls(Counter(), {})
        know = knowledge(view)
        cards = deck(EXTENDED_CAST in view.variants)
        visible = Counter(view.hand) + Counter(view.kept) + Counter(know.located.values())
        hidden = Counter(cards) - visible
        pool = frozenset(hidden - know.unplaced_known)
        places = {f"aside #{i}": pool for i in range(len(cards) - 2 * HAND_SIZE)}
        if view.phase == Phase.DRAFT:
            places.update(_draft_candidates(view, know, frozenset(know.never_seen - know.required)))
        elif view.phase != Phase.OVER:
            opponent = know.unplaced_known.keys() | (pool if _free_slots(view, know) else frozenset())
            if view.phase == Phase.PLACE:
                other = 1 - know.seat
                names = [f"placed #{i}" for i in range(view.placed[other])]
                names += [f"hand {other} #{i}" for i in range(HAND_SIZE - view.placed[other])]
            else:
                names = [f"knight {k.position}" for k in view.knights if k.card is HIDDEN]
            places.update({name: frozenset(opponent) for name in names})
        return cls(hidden, places)

    def unseen(self) -> Counter[Hashable]:
        return Counter(self.hidden)

    def allows(self, location: str, card: Hashable) -> bool:
        return card in self.candidates.get(location, frozenset())


def _free_slots(view: GuileView, know: Knowledge) -> int:
    """Hidden places of the opponent's cards that hold none of the cards known to be its."""
    places = HAND_SIZE if view.phase == Phase.PLACE else sum(1 for k in view.knights if k.card is HIDDEN)
    return places - sum(know.unplaced_known.values())


def _draft_candidates(view: GuileView, know: Knowledge, free: frozenset[Card]) -> dict[str, frozenset[Card]]:
    """Mid-draft: the opponent's picks made before the last pass are known, but its first; its hand
    is the hand the seat passed it, less the pick it may have made since."""
    seat, other = know.seat, 1 - know.seat
    passes = _passes(view, seat)
    picked = other not in view.to_move
    places: dict[str, frozenset[Card]] = {}
    if passes == 0:
        for i in range(HAND_SIZE - picked):
            places[f"hand {other} #{i}"] = free
        if picked:
            places[f"kept {other} #0"] = free
        return places
    hands = [step.shown for step in view.draft] + ([view.hand] if seat in view.to_move else [])
    places[f"kept {other} #0"] = free
    for j in range(1, passes):
        pick = next((Counter(_given(view, j)) - Counter(hands[j + 1])).elements())
        places[f"kept {other} #{j}"] = frozenset({pick})
    start = frozenset(_given(view, passes))
    if picked:
        places[f"kept {other} #{passes}"] = start
    for i in range(len(_given(view, passes)) - picked):
        places[f"hand {other} #{i}"] = start
    return places


def hidden_placement(state: Board[GuileView], viewer: Viewer) -> dict[str, Hashable]:
    """Every place whose card ``viewer`` cannot see, with the card there."""
    view = state.view(viewer)
    placement: dict[str, Hashable] = {f"aside #{i}": c for i, c in enumerate(state.aside)}
    if view.phase == Phase.OVER:
        # The last round's record shows everyone every card of the table.
        return placement
    # Cards placed face-down during placement are named by order, not by knight: which knights
    # hold them is itself hidden until every seat is done.
    placed = [c for k, c in zip(view.knights, state.knights, strict=True) if c is not None and k.card is None]
    placement.update({f"placed #{i}": c for i, c in enumerate(placed)})
    for knight in view.knights:
        card = state.knights[knight.position]
        if card is not None and knight.card is HIDDEN:
            placement[f"knight {knight.position}"] = card
    for seat in (0, 1):
        if seat != viewer:
            placement.update({f"hand {seat} #{i}": c for i, c in enumerate(state.hands[seat])})
            placement.update({f"kept {seat} #{i}": c for i, c in enumerate(state.kept[seat])})
    return placement


def sample(cls: type[S], info: InfoState[GuileView], rng: random.Random) -> S:
    """A whole Guile state consistent with ``info``, drawn at random; it reads nothing else."""
    view = info.view
    state = _public_part(cls, view, info, rng)
    if view.phase in _OPENING:
        state.log = log_of(info.events)
        return state
    know = knowledge(view)
    seat, other = know.seat, 1 - know.seat
    rest = _shuffled(know.never_seen - know.required, rng)
    free = sorted(know.required.elements()) + rest[: know.free - sum(know.required.values())]
    state.aside = _shuffled(know.never_seen - Counter(free), rng)
    state.hands[seat] = list(view.hand)
    state.kept[seat] = list(view.kept)
    state.draft_log[seat] = list(view.draft)
    state.owned[seat] = view.dealt
    state.knights = [k.card if isinstance(k.card, Card) else None for k in view.knights]
    steps, picks, hand = _opponent_draft(view, seat, free, rng)
    state.draft_log[other] = steps
    if view.phase == Phase.DRAFT:
        state.kept[other], state.hands[other] = picks, hand
    else:
        opponent = Counter(picks) if view.draft else Counter(free)
        state.owned[other] = tuple(picks) if view.draft else tuple(free)
        if view.phase == Phase.PLACE:
            _opponent_placement(state, view, other, opponent, rng)
        else:
            unplaced = iter(_shuffled(opponent - know.located_opponent, rng))
            state.knights = [know.located.get(p) or next(unplaced) for p in range(TABLE)]
    state.known = [_mask(state, view, s) for s in (0, 1)]
    state.log = rebuilt_log(info.events, seat, pasts(state, info.events, seat))
    return state


def _opponent_draft(
    view: GuileView, seat: Seat, free: list[Card], rng: random.Random
) -> tuple[list[DraftStep], list[Card], list[Card]]:
    """The opponent's draft record, picks and hand in front of it, consistent with what ``seat`` saw.

    The opponent was shown, at step 1, the three cards it then passed on plus
    its first pick (a free card); at each later step, the hand the seat had
    passed it. What it passed on is the seat's next hand, so each pick is
    known but the ones it made since the last pass, drawn at random.
    """
    hands = [step.shown for step in view.draft]
    if view.phase == Phase.DRAFT and seat in view.to_move:
        hands.append(view.hand)
    if not hands:
        return [], [], []
    passes = len(hands) - 1
    picked = view.phase != Phase.DRAFT or (1 - seat) not in view.to_move
    steps: list[DraftStep] = []
    picks: list[Card] = []
    shown: list[Card] = list(hands[1]) + free if passes >= 1 else list(free)
    for j in range(1, passes + 2):
        if j > 1:
            shown = _given(view, j - 1)
        if j <= passes:
            pick = next((Counter(shown) - Counter(hands[j])).elements())
        elif picked:
            pick = rng.choice(shown)
        else:
            rng.shuffle(shown)
            return steps, picks, shown
        steps.append(DraftStep(tuple(shown), pick))
        picks.append(pick)
    left = list(shown)
    left.remove(picks[-1])
    rng.shuffle(left)
    return steps, picks, left


def _public_part(cls: type[S], view: GuileView, info: InfoState[GuileView], rng: random.Random) -> S:
    """A state holding everything public, empty hands, and a fresh generator drawn from ``rng``."""
    state = cls.__new__(cls)
    state.players = 2
    state.rng = Rng(state=rng.getrandbits(64))
    state.variants = frozenset(view.variants)
    state.deals = ()
    state.phase = view.phase  # type: ignore[assignment]
    state.arthur_seat = view.arthur_seat
    state.start_knight = view.start_knight
    state.round_index = view.round - 1
    state.hands = [[], []]
    state.kept = [[], []]
    state.picked = [s not in view.to_move for s in (0, 1)] if view.phase == Phase.DRAFT else [False, False]
    state.draft_log = [[], []]
    state.owned = [(), ()]
    state.aside = []
    state.knights = [None] * TABLE
    state.known = [0, 0]
    state.turn = view.turn
    state.actions = [(a.seat, a.knight, a.target) for a in view.actions]
    state.round_wins = list(view.round_wins)
    state.rounds = _round_records(info)
    return state


def _round_records(info: InfoState[GuileView]) -> list[RoundRecord]:
    """The finished rounds, with their public actions, from the events."""
    records: list[RoundRecord] = []
    actions: list[Action] = []
    for event in info.events:
        if event.kind == Kind.LOOK or event.kind == Kind.SWAP:
            actions.append(Action(event.actor or 0, event.get("knight"), event.kind, event.get("other")))
        elif event.kind == Kind.ROUND:
            records.append(
                RoundRecord(
                    event.get("winner"),
                    event.get("totals"),
                    event.get("cards"),
                    event.get("decided_by"),
                    tuple(actions),
                )
            )
            actions = []
    return records


def _given(view: GuileView, j: int) -> list[Card]:
    """The hand the seat passed to the opponent at pass ``j`` (1-based)."""
    step = view.draft[j - 1]
    rest = Counter(step.shown)
    rest[step.kept] -= 1
    return sorted(rest.elements())


def _opponent_placement(
    state: Board, view: GuileView, other: Seat, holding: Counter[Card], rng: random.Random
) -> None:
    assert state.arthur_seat is not None
    faction = 0 if other == state.arthur_seat else 1
    places = [p for p in range(faction, TABLE, 2)]
    rng.shuffle(places)
    cards = _shuffled(holding, rng)
    count = view.placed[other]
    for position, card in zip(places[:count], cards[:count], strict=True):
        state.knights[position] = card
    state.hands[other] = cards[count:]


def _mask(state: Board, view: GuileView, seat: Seat) -> int:
    """Which knights ``seat`` knows: its own placed cards, its looks, followed through the public swaps."""
    if view.phase == Phase.PLACE:
        return sum(1 << p for p, c in enumerate(state.knights) if c is not None and state.seat_of(p) == seat)
    assert state.arthur_seat is not None
    own = faction_positions(state.faction_of_seat(seat))
    mask = sum(1 << p for p in own)
    for actor, errant, target in state.actions:
        if target is None:
            if actor == seat:
                mask |= 1 << errant
        elif (mask >> errant ^ mask >> target) & 1:
            mask ^= 1 << errant | 1 << target
    return mask


def _shuffled(cards: Counter[Card], rng: random.Random) -> list[Card]:
    items = sorted(cards.elements())
    rng.shuffle(items)
    return items
