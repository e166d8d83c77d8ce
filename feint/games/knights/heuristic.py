"""A heuristic Knights of Glory bot: it pushes its luck by expected value, covers
truthfully when it can, bluffs when the table trusts it, and doubts by counting.

It reasons only from its information: its view and the events it saw
(perfect recall). Three estimates drive it:

- **How often each opponent disagrees**, from the public vote results, with a
  prior. From these it tells how likely a bluff of its own is to pass.
- **Whether a claimed cover is true.** The cards nobody has shown it are the
  deck less its hand, the cards known in hands, the face-up covers and the
  cards it saw go to the Discard Pile since the last reshuffle. The active
  seat's unseen cards are a draw from those, so the chance it held what it
  claims is hypergeometric (the counting is :mod:`feint.games.knights.belief`'s,
  which the sampler uses too); a claim it can see is false is doubted outright.
  That is scaled by the seat's honesty: how many of
  its revealed plays were true, against how many its cards made possible.
- **What an advance is worth**, by enumerating the dice it may roll on the
  card ahead (or every card the place may hold): true covers succeed, a bluff
  passes with the chance nobody doubts, and too few cards fail outright.

Covers follow a plan for all the open dice: matching cards, then the one
weapon substitution, then Wilds and tokens; if the play must be a bluff
anyway it bluffs with Jesters and spare cards and keeps its Wilds and tokens.
Now and then, when the table trusts it, it slips a Jester under a die it could
have covered truly, for the KOG token.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations_with_replacement
from math import comb, factorial, prod
from typing import cast

from feint.engine.events import Event
from feint.engine.info import InfoState
from feint.engine.state import Move, Seat
from feint.engine.view import HIDDEN
from feint.games.knights import moves as mv
from feint.games.knights.belief import weapon_pool
from feint.games.knights.cards import (
    BLANK,
    CARD_KINDS,
    DEATHTRAP,
    DIE_FACES,
    EXIT,
    EXIT_DICE,
    FINAL_PATH,
    JESTER,
    START,
    TOKEN,
    TOKEN_CAP,
    WEAPONS,
    WILD,
    Kind,
    PathCard,
    cards_of,
    tier_deck,
    tier_of,
)
from feint.games.knights.claims import CLAIMS, bluffed
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.model import BLUFFING_WILDS
from feint.games.knights.view import KnightsView, SeatView

PLACE = 1.0
"""The worth of one place along the path: the unit of every estimate here."""
TOKEN_WORTH = 0.45
CARD_WORTH = 0.12
"""A card lost before the refresh: it would have covered a die this round."""
OPPONENT_STEP = 0.3
"""One opponent moving one place, as a loss to us."""
EXIT_WORTH = 8.0
"""Winning: reaching the Exit, worth far more than any place."""
ADVANCE_MARGIN = 0.1
"""An advance must be expected to gain this much to be worth the risk."""

DISAGREE_PRIOR = (1.2, 2.0)
"""Pseudo-counts (disagreements, agreements) before a seat has voted."""
HONESTY_PRIOR = (12.0, 1.0)
"""Pseudo-counts (true plays, bluffs) before a seat's plays have been shown. Seats advance
when their hands allow, so most plays are true: in self-play doubting with a prior of
(2.1, 0.9) lost 70% of games to one of (12, 1), measured with 300 mixed 4-seat games."""
HELD_BASE = 0.55
"""About how often a seat's cards hold what it claims: the truth rate of a seat that
advances without looking at its hand."""
VOLUNTARY_BLUFF = 0.55
"""How readily it slips a Jester under a die it could cover truly, times the chance it passes."""
DOUBT_MARGIN = 0.05


@dataclass
class _Seen:
    """What the bot remembers across views of one game."""

    last: int = -1
    agree: Counter[Seat] = field(default_factory=Counter)
    disagree: Counter[Seat] = field(default_factory=Counter)
    truths: Counter[Seat] = field(default_factory=Counter)
    bluffs: Counter[Seat] = field(default_factory=Counter)
    """Per seat: its plays shown true or false, by a disagreement or a Jester revealed."""
    bluff_planned: bool = False


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)
        self._seen = _Seen()

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        view = info.view
        assert isinstance(view, KnightsView), "the Knights heuristic reads Knights of Glory views"
        moves = cast(Sequence[mv.KnightsMove], legal)
        self._remember(info.events)
        first = moves[0]
        if isinstance(first, mv.Vote):
            return self._vote(view)
        if isinstance(first, mv.Glory):
            return self._glory(view, moves)
        if isinstance(first, mv.Cover | mv.Substitute):
            return self._cover(view, moves)
        if isinstance(first, mv.Reveal):
            return self._reveal(view, moves)
        if mv.REDEEM in moves:
            return mv.REDEEM if self._redeems(view) else mv.RETREAT
        if mv.FREE_ADVANCE in moves:
            return mv.FREE_ADVANCE
        return self._act(view, moves)

    # --- memory ---------------------------------------------------------------

    def _remember(self, events: Sequence[Event]) -> None:
        """Learn from the events not seen yet: each claim's answers, and its truth where a vote showed it."""
        newest = events[-1].seq if events else 0
        if newest < self._seen.last:
            self._seen = _Seen()
        seen = self._seen
        start = len(events)
        while start and events[start - 1].seq > seen.last:
            start -= 1
        for event in events[start:]:
            if event.kind == EventKind.ADVANCE:
                seen.bluff_planned = False
        # A claim answered now may have begun before: read from the advance it began with.
        begun = next((i for i in range(start - 1, -1, -1) if events[i].kind == EventKind.ADVANCE), start)
        for votes, claim in CLAIMS.answered(events[begun:]):
            if votes.seq <= seen.last:
                continue
            seen.agree.update(claim.believers)
            seen.disagree.update(claim.callers)
            if claim.bluff is not None:
                seen.truths[claim.claimant] += not claim.bluff
                seen.bluffs[claim.claimant] += claim.bluff
        seen.last = max(seen.last, newest)

    def _disagree_rate(self, seat: Seat) -> float:
        doubts, trusts = DISAGREE_PRIOR
        seen = self._seen
        return (seen.disagree[seat] + doubts) / (seen.disagree[seat] + seen.agree[seat] + doubts + trusts)

    def _truth_rate(self, seat: Seat) -> float:
        """The share of the seat's plays shown true, with a prior."""
        truths, bluffs = HONESTY_PRIOR
        seen = self._seen
        return (seen.truths[seat] + truths) / (seen.truths[seat] + seen.bluffs[seat] + truths + bluffs)

    def _passes(self, view: KnightsView) -> float:
        """The chance a bluff of ours now meets no disagreement."""
        return prod(1.0 - self._disagree_rate(s) for s in _voters(view))

    # --- the action -------------------------------------------------------------

    def _act(self, view: KnightsView, moves: Sequence[mv.KnightsMove]) -> mv.KnightsMove:
        if mv.TRADE_JESTERS in moves:
            return mv.TRADE_JESTERS
        me = _me(view)
        if view.final_turns is not None:
            # Only an exit wins now: whatever is not an advance is a loss.
            return mv.ADVANCE
        target = me.place + 1
        if target == EXIT:
            if self._exit_worth(view) > 0:
                return mv.ADVANCE
        elif self._advance_worth(view) > ADVANCE_MARGIN:
            return mv.ADVANCE
        discard = self._junk_discard(view, moves)
        return discard if discard is not None else mv.PASS

    def _advance_worth(self, view: KnightsView, glory: int | None = None) -> float:
        """The expected gain of advancing now, over the cards the place ahead may hold."""
        me = _me(view)
        target = me.place + 1
        kind = view.path[target - 1]
        cards = [(Kind(kind), 1.0)] if kind is not HIDDEN else _unflipped(view, target)
        hand = Counter(view.hand or ())
        passes = self._passes(view)
        total = 0.0
        for card_kind, weight in cards:
            card = PathCard(tier_of(target), card_kind)
            options = range(card.glory + 1) if glory is None else (glory,)
            total += weight * max(
                _attempt_worth(view, hand, me.tokens, card, extra, passes) for extra in options
            )
        return total

    def _exit_worth(self, view: KnightsView) -> float:
        me = _me(view)
        hand = Counter(view.hand or ())
        success = _exit_chance(_key(hand), min(me.tokens, EXIT_DICE))
        rivals = sum(1 for s in view.seats if s.seat != me.seat and s.status == "playing")
        failure = PLACE + CARD_WORTH * sum(hand.values()) + OPPONENT_STEP * rivals
        near = any(s.place >= FINAL_PATH - 1 for s in view.seats if s.seat != me.seat and not s.out)
        hurry = 1.5 if near else 1.0
        return success * EXIT_WORTH * hurry - (1 - success) * failure

    def _junk_discard(self, view: KnightsView, moves: Sequence[mv.KnightsMove]) -> mv.KnightsMove | None:
        """Discard what a fresh card would beat: Jesters, then weapons, never a Wild."""
        discards = [m for m in moves if isinstance(m, mv.Discard)]
        if not discards:
            return None
        keep = _keepers(view)
        hand = Counter(view.hand or ())
        junk: list[Kind] = []
        for kind in sorted(hand, key=lambda k: _card_rank(k, keep)):
            if kind == WILD:
                continue
            spare = hand[kind] - (1 if kind in keep else 0)
            junk += [kind] * max(spare, 0)
        best = max(discards, key=lambda m: len(m.cards), default=None)
        limit = len(best.cards) if best else 0
        chosen = tuple(sorted(junk[:limit], key=CARD_KINDS.index))
        return mv.DISCARD.get(chosen) if chosen else None

    def _glory(self, view: KnightsView, moves: Sequence[mv.KnightsMove]) -> mv.KnightsMove:
        hand = Counter(view.hand or ())
        me = _me(view)
        assert view.target is not None
        kind = view.path[view.target - 1]
        card = PathCard(tier_of(view.target), DEATHTRAP if kind is HIDDEN else Kind(kind))
        passes = self._passes(view)
        glories = [m for m in moves if isinstance(m, mv.Glory)]
        return max(
            glories,
            key=lambda m: _attempt_worth(view, hand, me.tokens, card, m.dice, passes) - 0.01 * m.dice,
        )

    # --- covers -----------------------------------------------------------

    def _cover(self, view: KnightsView, moves: Sequence[mv.KnightsMove]) -> mv.KnightsMove:
        hand = Counter(view.hand or ())
        me = _me(view)
        face_up = view.final_turns is not None or view.target == EXIT
        if face_up:
            return min(moves, key=_face_up_preference)
        assert view.target is not None
        weapon = _indicator(view)
        if weapon is DEATHTRAP or any(c.substitution for c in view.covers):
            weapon = None
        bluffing = any(bluffed(c.card, c.claim) for c in view.covers)
        if not view.covers:
            self._seen.bluff_planned = self._wants_voluntary_bluff(view, hand, me.tokens)
        plan = _plan(list(view.open), hand, me.tokens, weapon, bluffing, self._seen.bluff_planned)
        for move in plan:
            if move in moves:
                return move
        return moves[0]

    def _wants_voluntary_bluff(self, view: KnightsView, hand: Counter[Kind], tokens: int) -> bool:
        if not hand[JESTER] or tokens >= TOKEN_CAP:
            return False
        chance = VOLUNTARY_BLUFF * self._passes(view)
        if view.path_of_glory or view.target == FINAL_PATH:
            chance *= 0.5
        return self._rng.random() < chance

    # --- votes ------------------------------------------------------------------

    def _vote(self, view: KnightsView) -> mv.KnightsMove:
        active = view.active
        assert active is not None and view.target is not None
        truth = _combined(self._held_chance(view, active), self._truth_rate(active))
        me = _me(view)
        gain = TOKEN_WORTH if me.place == FINAL_PATH else PLACE
        gain += 0.25 * PLACE  # the bluffer goes back instead of ahead
        if view.target >= FINAL_PATH - 1:
            gain += 0.25 * PLACE
        if me.place == START:
            loss = CARD_WORTH * 2
        elif me.tokens and me.place >= 3:
            loss = min(PLACE, TOKEN_WORTH)
        else:
            loss = PLACE
        doubt = (1 - truth) * gain - truth * loss
        noise = (self._rng.random() - 0.5) * 0.1
        return mv.VOTE_DISAGREE if doubt + noise > DOUBT_MARGIN else mv.VOTE_AGREE

    def _held_chance(self, view: KnightsView, active: Seat) -> float:
        """The chance the active seat held every card its face-down covers claim."""
        claims: Counter[Kind] = Counter()
        hidden = 0
        for cover in view.covers:
            if cover.card is not HIDDEN:
                if bluffed(cover.card, cover.claim):
                    return 0.0  # a claim it can see is false
                continue
            hidden += 1
            claims[cover.claim] += 1
        if not hidden:
            return 1.0
        pool = _unseen_pool(view)
        seat = view.seats[active]
        drawn = seat.hand_size - len(seat.known) + hidden
        size = sum(pool.values())
        wilds = pool[WILD] if BLUFFING_WILDS in view.variants else 0
        chance = 1.0
        for claim, count in claims.items():
            chance *= _at_least(size, pool[claim] + wilds, drawn, count)
        return chance

    # --- decisions --------------------------------------------------------------

    def _redeems(self, view: KnightsView) -> bool:
        me = _me(view)
        if me.place - 1 in view.collapsed:
            return True
        return me.place >= 3 or me.tokens >= 2 or view.final_turns is not None

    def _reveal(self, view: KnightsView, moves: Sequence[mv.KnightsMove]) -> mv.KnightsMove:
        keep = _keepers(view)
        reveals = [m for m in moves if isinstance(m, mv.Reveal)]
        pending = view.pending
        if pending is not None and pending[0] == "reveal one":
            # The card stays in hand, known to all: a Wild is played face-up anyway.
            return min(reveals, key=lambda m: (m.card != WILD, m.card == JESTER, m.card in keep))
        return min(reveals, key=lambda m: _card_rank(m.card, keep))


# --- the estimates, as plain functions --------------------------------------------


def _combined(held: float, rate: float) -> float:
    """The chance of the truth: the odds the seat's cards allow, times how much
    more (or less) often than chance its plays have been true."""
    if held <= 0.0 or rate <= 0.0:
        return 0.0
    if held >= 1.0:
        return 1.0
    odds = held / (1 - held) * _odds(rate) / _odds(HELD_BASE)
    return odds / (1 + odds)


def _odds(chance: float) -> float:
    return chance / (1 - chance) if chance < 1 else 1e9


def _me(view: KnightsView) -> SeatView:
    assert view.viewer is not None
    return view.seats[view.viewer]


def _voters(view: KnightsView) -> list[Seat]:
    """The opponents who would vote on an advance of ours now."""
    return [
        s.seat
        for s in view.seats
        if s.seat != view.viewer and s.status == "playing" and (s.place != START or s.hand_size > 0)
    ]


def _unflipped(view: KnightsView, place: int) -> list[tuple[Kind, float]]:
    """The kinds a face-down card at ``place`` may be, with their chances.

    They come from its tier's deck less its flipped sibling.
    """
    deck = Counter(card.kind for card in _tier_cards(tier_of(place)))
    sibling = place + 1 if place % 2 else place - 1
    flipped = view.path[sibling - 1] if 0 < sibling < EXIT else HIDDEN
    if flipped is not HIDDEN:
        deck[Kind(flipped)] -= 1
    total = sum(deck.values())
    return [(kind, n / total) for kind, n in deck.items() if n > 0]


@cache
def _tier_cards(tier: int) -> tuple[PathCard, ...]:
    return tuple(tier_deck(tier))


def _attempt_worth(
    view: KnightsView, hand: Counter[Kind], tokens: int, card: PathCard, glory: int, passes: float
) -> float:
    """The expected gain of attempting ``card``: over the dice, truth, a bluff, or failure."""
    me = _me(view)
    target = me.place + 1
    cards = sum(hand.values())
    pog = tier_of(target) > cards
    rivals = sum(1 for s in view.seats if s.seat != me.seat and s.status == "playing")
    gained = glory * (card.is_deathtrap) + pog + (target == FINAL_PATH)
    success = PLACE + TOKEN_WORTH * min(gained, TOKEN_CAP - tokens)
    caught = (me.place if card.is_deathtrap else PLACE) + OPPONENT_STEP * rivals * 0.5
    failed = PLACE + CARD_WORTH * cards + OPPONENT_STEP * rivals
    free, true, spent, bluff, fail = _roll_profile(_key(hand), tokens, card.weapon, card.dice + glory)
    return (
        (free + true + bluff * passes) * success
        - spent * TOKEN_WORTH
        - bluff * (1 - passes) * caught
        - fail * failed
    )


@cache
def _roll_profile(
    hand_key: tuple[int, ...], tokens: int, weapon: Kind | None, dice: int
) -> tuple[float, float, float, float, float]:
    """A roll of ``dice``: the chances of all blanks, of true covers, of tokens spent
    on them, of a bluff, and of too few covers."""
    hand = _hand(hand_key)
    cards = sum(hand_key)
    free = true = spent = bluff = fail = 0.0
    for faces, count, chance in _rolls(dice):
        if not count:
            free += chance
        elif cards + tokens < count:
            fail += chance
        else:
            spend = _true_spend(faces, hand, tokens, weapon)
            if spend is None:
                bluff += chance
            else:
                true += chance
                spent += chance * spend
    return free, true, spent, bluff, fail


Faces = tuple[tuple[Kind, int], ...]
"""The non-blank faces of a roll, each with how many dice show it."""


def _true_spend(faces: Faces, hand: Counter[Kind], tokens: int, weapon: Kind | None) -> int | None:
    """Tokens spent covering ``faces`` truly, None if impossible.

    Matching cards first, then the one substitution, then Wilds, then tokens.
    Plain counting, not Counter arithmetic: this is the inner loop of every
    advance the bot weighs.
    """
    wilds = hand[WILD]
    short = sum(n - hand[face] for face, n in faces if n > hand[face])
    best = max(0, short - wilds)
    if best and weapon is not None and hand[weapon]:
        # The weapon card covers one die of any face and leaves the hand: the
        # face it covers may be the weapon's own, which then has one card fewer.
        for covered, _ in faces:
            short = 0
            for face, n in faces:
                need = n - (face == covered)
                have = hand[face] - (face == weapon)
                short += max(0, need - have)
            best = min(best, max(0, short - wilds))
    return best if best <= tokens else None


@cache
def _rolls(dice: int) -> tuple[tuple[Faces, int, float], ...]:
    """Every roll of ``dice`` dice as its non-blank faces and their number, with its chance."""
    outcomes = []
    for faces in combinations_with_replacement(DIE_FACES, dice):
        counts = Counter(faces)
        ways = factorial(dice) // prod(factorial(n) for n in counts.values())
        shown = tuple((face, n) for face, n in counts.items() if face != BLANK)
        outcomes.append((shown, sum(n for _, n in shown), ways / len(DIE_FACES) ** dice))
    return tuple(outcomes)


def _key(hand: Counter[Kind]) -> tuple[int, ...]:
    return tuple(hand[kind] for kind in CARD_KINDS)


def _hand(hand_key: tuple[int, ...]) -> Counter[Kind]:
    return Counter({kind: n for kind, n in zip(CARD_KINDS, hand_key, strict=True) if n})


@cache
def _exit_chance(hand_key: tuple[int, ...], tokens: int) -> float:
    hand = _hand(hand_key)
    return sum(
        chance for faces, _, chance in _rolls(EXIT_DICE) if _true_spend(faces, hand, tokens, None) is not None
    )


def _at_least(population: int, successes: int, draws: int, needed: int) -> float:
    """The hypergeometric chance of at least ``needed`` successes in ``draws`` from ``population``."""
    draws = min(draws, population)
    if needed <= 0:
        return 1.0
    if population <= 0 or successes < needed or draws < needed:
        return 0.0
    total = comb(population, draws)
    fewer = sum(comb(successes, k) * comb(population - successes, draws - k) for k in range(needed))
    return max(0.0, 1.0 - fewer / total)


def _unseen_pool(view: KnightsView) -> Counter[Kind]:
    """The cards the viewer cannot place: the deck less every card it knows the whereabouts of."""
    return Counter(cards_of(weapon_pool(view)))


def _keepers(view: KnightsView) -> set[Kind]:
    """Weapons worth keeping a copy of: the indicators of the next places, for substitution."""
    assert view.viewer is not None
    place = view.seats[view.viewer].place
    ahead = [view.path[p - 1] for p in (place + 1, place + 2) if 0 < p < EXIT]
    return {Kind(kind) for kind in ahead if kind in WEAPONS}


def _card_rank(kind: Kind, keep: set[Kind]) -> int:
    """Least useful first: Jesters, weapons, kept weapons, Wilds."""
    if kind == JESTER:
        return 0
    if kind == WILD:
        return 3
    return 2 if kind in keep else 1


def _face_up_preference(move: mv.KnightsMove) -> int:
    """At the Exit and in final turns: spend matching cards before substitutes, Wilds, then tokens."""
    if isinstance(move, mv.Substitute):
        return 1
    if isinstance(move, mv.Cover):
        return {WILD: 2, TOKEN: 3}.get(move.cover, 0)
    return 4


def _indicator(view: KnightsView) -> Kind | None:
    """The kind of the path card being advanced to; None at the Exit."""
    if view.target is None or view.target == EXIT:
        return None
    kind = view.path[view.target - 1]
    return None if kind is HIDDEN else Kind(kind)


def _plan(
    faces: list[Kind],
    hand: Counter[Kind],
    tokens: int,
    weapon: Kind | None,
    bluffing: bool,
    voluntary: bool,
) -> list[mv.KnightsMove]:
    """Moves covering every open die, the first to be played first."""
    cards = Counter(hand)
    plan: list[mv.KnightsMove] = []
    rest = sorted(faces)
    if not bluffing:
        rest = []
        for face in sorted(faces):
            if cards[face]:
                cards[face] -= 1
                plan.append(mv.COVER[face, face, False])
            else:
                rest.append(face)
        if rest and weapon is not None and cards[weapon]:
            cards[weapon] -= 1
            plan.append(mv.SUBSTITUTE[rest.pop(0), weapon])
        if len(rest) <= cards[WILD] + tokens:
            wilds = min(cards[WILD], len(rest))
            plan += [mv.COVER[face, WILD, False] for face in rest[:wilds]]
            plan += [mv.COVER[face, TOKEN, False] for face in rest[wilds:]]
            if voluntary and cards[JESTER] and plan:
                return _with_jester(plan)
            return plan
    # A bluff either way: spend Jesters and spare cards, keep Wilds and tokens.
    spares = sorted((k for k in cards.elements() if k != WILD), key=lambda k: (k != JESTER, k))
    wilds = cards[WILD]
    for face in rest:
        if spares:
            plan.insert(0, mv.COVER[face, spares.pop(0), False])
        elif wilds:
            wilds -= 1
            plan.append(mv.COVER[face, WILD, False])
        else:
            plan.append(mv.COVER[face, TOKEN, False])
    return plan


def _with_jester(plan: list[mv.KnightsMove]) -> list[mv.KnightsMove]:
    """A truthful plan with one cover swapped for a Jester: a token first, then a Wild, then a card."""

    def spared(move: mv.KnightsMove) -> int:
        if isinstance(move, mv.Cover):
            return {TOKEN: 0, WILD: 1}.get(move.cover, 2)
        return 3

    replaced = min(plan, key=spared)
    assert isinstance(replaced, mv.Cover | mv.Substitute)
    jester = (
        mv.SUBSTITUTE[replaced.face, JESTER]
        if isinstance(replaced, mv.Substitute)
        else mv.COVER[replaced.face, JESTER, False]
    )
    return [jester, *(m for m in plan if m is not replaced)]
