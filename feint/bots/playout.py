"""Random playouts of sampled worlds, cut at a horizon and scored from the spectator's view.

The search bots (:mod:`feint.bots.ismcts`, :mod:`feint.bots.montecarlo`)
never hold the true state: they play these playouts on worlds drawn by the
game's sampler. A playout need not reach the end of the game: it stops at
the game's *horizon*, the end of the current round (Guile's round of
sixteen turns, a Knights round of one turn per seat, in Guardian's Call one
answered offer per seat), and the world is scored there from its public view
(``view(None)``): an estimate of each seat's share of the win, each in 0..1.
A finished game scores its result: a winner's share is one over the number
of winners.

The sampler draws the cards an opponent hid uniformly among those its
information allows, which makes every face-down claim a likely bluff: a
Knights cover is true only if the card drawn for it happens to match its
die, a Guardian's Call offer only if the cards drawn for it happen to be of
the declared type. Searched on such worlds, a bot would call every claim.
So each game may also give an opponent model, applied by :func:`draw` only
to the claims of seats other than the viewer (and another it doubts):
either a *persuasion* that makes each false part of a pending claim true
with a chance (Knights: ``COVER_TRUST``), or a *plausibility*: how likely
a world is, up to a factor, under the assumption that players tell the
truth far more often than chance (``TRUTH_ODDS`` to 1 for each true claim),
as the chance of keeping it: 1 if the pending claim is true,
``1 / TRUTH_ODDS`` if false; :func:`draw` then draws worlds until it keeps
one (rejection sampling, at most ``MAX_DRAWS``). Rejection suits a claim
of one declaration (a Guardian's Call offer), persuasion one of several
parts each rarely true by chance (the covers of a Knights advance).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache

from feint.engine.errors import SetupError
from feint.engine.events import Event, log_events
from feint.engine.info import InfoState
from feint.engine.state import GameState, Seat
from feint.engine.view import View
from feint.games.guardians.cards import COINS_PER_VP, shield_points
from feint.games.guardians.state import GuardiansState
from feint.games.guardians.view import GuardiansView
from feint.games.guile.view import GuileView
from feint.games.knights.cards import INDEX, plus
from feint.games.knights.state import KnightsState
from feint.games.knights.view import KnightsView

Rewards = tuple[float, ...]
"""Each seat's share of the win, by seat."""

ROUNDS_TO_WIN = 2
"""Guile's match is won by two rounds."""
KNIGHTS_TEMPERATURE = 2.75
"""A place ahead on the path is worth one over this more log-odds of winning Knights.

Fitted, with ``KNIGHTS_TOKEN_PLACES``, by ``benchmarks/knights_estimate.py``:
the estimate at each round's end against who won, in heuristic self-play
(docs/bots.md). It was 1.5, which made six places ahead a certain win, so
a leader was indifferent to an Exit attempt that would fail."""
KNIGHTS_TOKEN_PLACES = 1.0
"""A KOG token is worth this many places in the estimate (fitted with ``KNIGHTS_TEMPERATURE``)."""
EXITED = 8.0
"""An exited Knights seat's strength in the estimate: a place beyond the Exit."""
GUARDIANS_TEMPERATURE = 8.0
"""Estimated VP ahead worth one more log-odds of winning Guardian's Call."""


@dataclass(frozen=True, slots=True)
class Horizon:
    """Where a playout stops: after ``count`` events whose kind is one of ``kinds``."""

    kinds: frozenset[str]
    per_seat: bool = False
    """Count one event per seat at the table rather than one in all."""
    moves: int | None = None
    """At most this many random moves, if the events come later."""

    def count(self, players: int) -> int:
        return players if self.per_seat else 1


Persuasion = Callable[[GameState, Collection[Seat | None], random.Random], None]
"""Changes a sampled world so that the pending face-down claims of seats not ``spared`` are true more
often than the sampler made them, keeping it consistent with the information it was drawn from."""
Plausibility = Callable[[GameState], tuple[Seat, float] | None]
"""The seat whose face-down claim is pending in a sampled world, and the chance of keeping the world by the
opponent model (0..1); None when no claim is pending."""

TRUTH_ODDS = 16.0
"""The opponent model: a true face-down claim is this many times likelier than the sampler makes it.

At 4, kept by importance from four worlds, a one-card Knights cover was
believed true about three times in ten, so ISMCTS disagreed with every
advance of a heuristic that bluffs about one time in five (docs/bots.md).
"""
MAX_DRAWS = 8
"""Worlds drawn at most for one kept while a claim is pending: the last is kept if none was."""
COVER_TRUST = 0.8
"""The opponent model in Knights: the chance a face-down cover the sampler made false is made true instead.

A Knights cover the sampler deals is true about one time in six. Rejection
(``TRUTH_ODDS``) cannot lift that for an advance of two or three covers: a
world with every cover true is drawn about once in 36 or 216 tries, so after
``MAX_DRAWS`` the search mostly kept a false one and disagreed with nearly
every such advance. Made true one by one, each cover is true about five
times in six (1/6 + 5/6 * 0.8), the heuristic's own rate (it bluffed 39 of
241 covers against ISMCTS, docs/bots.md).
"""


@dataclass(frozen=True, slots=True)
class Scoring:
    horizon: Horizon
    estimate: Callable[[View], Rewards]
    """Each seat's expected share of the win, from the spectator's view of an unfinished game."""
    plausibility: Plausibility | None = None
    persuasion: Persuasion | None = None
    answers: tuple[str, str] | None = None
    """The moves (in notation) that answer another seat's claim, trusting and doubting it, if the game
    keeps a record of them (``doubts``): the playouts' answers then follow each seat's record."""
    doubts: Callable[[Sequence[Event]], dict[Seat, tuple[int, int]]] | None = None
    """Each seat's doubting answers and answers, read from a viewer's events."""
    doubt_rate: float = 0.0
    """How often the game's heuristic doubts, the playouts' policy: the prior of every seat's record."""
    quiet: frozenset[str] = frozenset()
    """Moves (in notation) that change least: a playout plays one whenever it is legal.

    Random swaps, covers and votes scramble a world so thoroughly that the
    move searched is lost in the noise; quiet moves (Guile's ``look``, a
    Knights ``pass``) let the world reach the horizon as the search left it.
    """


def guile_estimate(view: View) -> Rewards:
    """Two round wins take the match; each round left to play is taken as a coin toss."""
    assert isinstance(view, GuileView)
    first, second = view.round_wins
    chance = _match_chance(ROUNDS_TO_WIN - first, ROUNDS_TO_WIN - second)
    return (chance, 1.0 - chance)


def _match_chance(needed: int, other_needed: int) -> float:
    if needed <= 0:
        return 1.0
    if other_needed <= 0:
        return 0.0
    return 0.5 * _match_chance(needed - 1, other_needed) + 0.5 * _match_chance(needed, other_needed - 1)


def knights_estimate(
    view: View, temperature: float = KNIGHTS_TEMPERATURE, token_places: float = KNIGHTS_TOKEN_PLACES
) -> Rewards:
    """The place on the path plus ``token_places`` a token, as a softmax over the seats still in the game.

    The playouts use the fitted constants; ``benchmarks/knights_estimate.py`` passes others to fit them.
    """
    assert isinstance(view, KnightsView)
    exited = set(view.exits)
    # An exit is a win: the others can only hope to join it.
    strength = [
        EXITED if seat.seat in exited else None if seat.out else seat.place + token_places * seat.tokens
        for seat in view.seats
    ]
    return _softmax(strength, temperature)


def guardians_estimate(view: View) -> Rewards:
    """The VP scored so far and a rough worth of each tableau, as a softmax over the seats."""
    assert isinstance(view, GuardiansView)
    worth: list[float | None] = []
    for seat in view.seats:
        table = seat.tableau
        held = (
            3.0 * len(table.weapon)
            + shield_points(len(table.shield))
            + 2.0 * len(table.artifact)
            + 2.0 * len(table.spell)
            + 1.5 * seat.castle
            + seat.coins / COINS_PER_VP
            + sum(seat.treasures)
            + sum(seat.vp_tokens)
        )
        worth.append(seat.score + held)
    return _softmax(worth, GUARDIANS_TEMPERATURE)


def knights_persuasion(world: GameState, spared: Collection[Seat | None], rng: random.Random) -> None:
    """Make each false face-down cover of the advance under way true with chance ``COVER_TRUST``.

    A cover is made true by exchanging its card for one of the claimed kind
    among the claimant's cards nobody else knows it holds, else in the
    Unknown Deck, which nobody has seen; so the world stays consistent
    with the information of every seat but the claimant's (whose hidden
    cards were drawn anyway). It reads and changes the simulated world
    itself (the searcher's own sample, not the game).
    """
    assert isinstance(world, KnightsState)
    attempt = world.attempt
    if attempt is None or not attempt.covers or world.active in spared:
        return
    claimant = world.active
    covers = list(attempt.covers)
    unknown = world.unknown
    for i, cover in enumerate(covers):
        if not cover.face_down or cover.public or cover.true or rng.random() >= COVER_TRUST:
            continue
        claim = INDEX[cover.claim]
        hand = world.hands[claimant]
        if hand[claim] > world.known[claimant][claim]:
            world.hands[claimant] = plus(plus(hand, cover.claim, -1), cover.card)
        elif cover.claim in unknown:
            unknown[unknown.index(cover.claim)] = cover.card
        else:
            continue
        covers[i] = cover._replace(card=cover.claim)
    world.attempt = attempt._replace(covers=tuple(covers))


KNIGHTS_DISAGREE_RATE = 0.32
"""The Knights heuristic's share of disagree votes in self-play: 0.32 and 0.25 in two runs (60 two-seat
and 30 four-seat games, 619 and 1,284 votes); the higher, so a seat is not taken for a doubter too soon."""


def knights_doubts(events: Sequence[Event]) -> dict[Seat, tuple[int, int]]:
    """Each seat's disagreements and votes, from the ``votes`` events (every vote is shown there)."""
    record: dict[Seat, tuple[int, int]] = {}
    for event in events:
        if event.kind == "votes":
            for seat in event.get("disagree"):
                doubts, votes = record.get(seat, (0, 0))
                record[seat] = (doubts + 1, votes + 1)
            for seat in event.get("agree"):
                doubts, votes = record.get(seat, (0, 0))
                record[seat] = (doubts, votes + 1)
    return record


def guardians_plausibility(world: GameState) -> tuple[Seat, float] | None:
    """The offerer, and 1 if the offer waiting for an answer is of the declared type, else ``1 / TRUTH_ODDS``.

    Read from the simulated world itself, as in Knights.
    """
    assert isinstance(world, GuardiansState)
    offer = world.offer
    if offer is None:
        return None
    return offer.offerer, 1.0 if world.offer_cards[0] == offer.declared else 1 / TRUTH_ODDS


def draw(
    game: type[GameState],
    info: InfoState,
    scoring: Scoring,
    rng: random.Random,
    doubted: Seat | None = None,
) -> GameState:
    """A world for one search iteration: the sampler's, kept or drawn again by the opponent model.

    The claims of the viewer itself and of ``doubted`` are not weighed: the
    sampler's uniform odds stand for them.
    """
    world = game.sample(info, rng)
    if info.viewer is None:
        return world
    if scoring.persuasion is not None:
        scoring.persuasion(world, (info.viewer, doubted), rng)
    plausibility = scoring.plausibility
    if plausibility is None:
        return world
    for _ in range(MAX_DRAWS - 1):
        weighed = plausibility(world)
        if weighed is None or weighed[0] in (info.viewer, doubted) or rng.random() < weighed[1]:
            break
        world = game.sample(info, rng)
    return world


def _softmax(strength: Sequence[float | None], temperature: float) -> Rewards:
    """Shares in proportion to ``exp(strength / temperature)``; None (a seat out) gets nothing."""
    top = max((s for s in strength if s is not None), default=0.0)
    weights = [0.0 if s is None else math.exp((s - top) / temperature) for s in strength]
    total = sum(weights) or 1.0
    return tuple(w / total for w in weights)


_ROUND = Horizon(frozenset({"round"}))
SCORING: dict[str, Scoring] = {
    "guile": Scoring(_ROUND, guile_estimate, quiet=frozenset({"look"})),
    "knights": Scoring(
        _ROUND,
        knights_estimate,
        persuasion=knights_persuasion,
        quiet=frozenset({"pass", "vote agree"}),
        answers=("vote agree", "vote disagree"),
        doubts=knights_doubts,
        doubt_rate=KNIGHTS_DISAGREE_RATE,
    ),
    "guardians": Scoring(
        Horizon(frozenset({"believe", "doubt"}), per_seat=True), guardians_estimate, guardians_plausibility
    ),
}
"""How a playout of each game is cut and scored."""


def final_rewards(world: GameState) -> Rewards:
    winners = world.result().winners
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(world.players))


class Playout:
    """Plays a world on at random to its horizon and scores it; counts the horizon's events as they pass."""

    __slots__ = ("_kinds", "_left", "_moves", "_scoring")

    def __init__(self, scoring: Scoring, players: int) -> None:
        self._scoring = scoring
        self._kinds = scoring.horizon.kinds
        self._left = scoring.horizon.count(players)
        self._moves = scoring.horizon.moves

    def passed(self, world: GameState, events: Sequence[Event]) -> bool:
        """Count the horizon's ``events`` (the last move's); True at the horizon or the end of the game."""
        kinds = self._kinds
        for event in events:
            if event.kind in kinds:
                self._left -= 1
        return self._left <= 0 or world.is_over()

    def finish(self, world: GameState, rng: random.Random) -> Rewards:
        """Random moves to the horizon, then the rewards."""
        moves = self._moves
        quiet = _quiet_moves(type(world), self._scoring.quiet)
        while not world.is_over() and self._left > 0 and (moves is None or moves > 0):
            if moves is not None:
                moves -= 1
            seat = world.to_move()[0]
            seq = world.seq
            legal = world.legal_moves(seat)
            move = next((m for m in legal if m.index in quiet), None) if quiet else None
            world.apply(seat, rng.choice(legal) if move is None else move)
            self.passed(world, log_events(world.log, seq))
        return self.score(world)

    def score(self, world: GameState) -> Rewards:
        if world.is_over():
            return final_rewards(world)
        return self._scoring.estimate(world.view(None))


@cache
def _quiet_moves(game: type[GameState], quiet: frozenset[str]) -> frozenset[int]:
    """The indices of the moves written ``quiet``."""
    return frozenset(game.parse_move(text).index for text in quiet)


def scoring_for(game: str) -> Scoring:
    scoring = SCORING.get(game)
    if scoring is None:
        raise SetupError(f"the search bots cannot score {game!r} yet; games are {', '.join(SCORING)}")
    return scoring
