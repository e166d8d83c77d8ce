"""Random playouts of sampled worlds, cut at a horizon and scored from the spectator's view.

The search bots (:mod:`feint.bots.ismcts`, :mod:`feint.bots.montecarlo`)
never hold the true state (but the arena's omniscient instrument): they
play these playouts on worlds drawn by the game's sampler. A playout need
not reach the end of the game: it stops at the game's *horizon* (the end of
a round, say),
and the world is scored there by the game's *estimate* from its public view
(``view(None)``): each seat's share of the win, each in 0..1. A finished game
scores its result: a winner's share is one over the number of winners. Each
game declares its horizon and estimate as a :class:`Scoring`
(``search.py`` in its package); a game that declares none is played out to
its end.

The sampler draws the cards an opponent hid uniformly among those its
information allows, which makes every face-down claim a likely bluff: a
face-down card is true only if the card drawn for it happens to match what
was claimed. Searched on such worlds, a bot would call every claim. So a game's
sampler takes a *trust* per seat (``GameState.sample``): the chance that a
pending claim of that seat the draw made false is made true instead. The
search trusts every seat but itself and the seat it doubts by the game's
``trust``, or, for a seat whose claims have been shown, by its record
(:func:`feint.engine.claims.credence`, passed to :func:`draw`): a seat
always shown truthful is believed more, a caught bluffer less.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from feint.bots.base import Bot
from feint.engine.events import Event, log_events
from feint.engine.info import InfoState
from feint.engine.registry import declaration
from feint.engine.state import GameState, Move, Seat
from feint.engine.view import View

Rewards = tuple[float, ...]
"""Each seat's share of the win, by seat."""


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


@dataclass(frozen=True, slots=True)
class Scoring:
    """How the generic search cuts and scores a game's playouts; each game declares its own."""

    horizon: Horizon | None = None
    """None: every playout is played to the end of the game."""
    estimate: Callable[[View], Rewards] | None = None
    """Each seat's expected share of the win, from the spectator's view of an unfinished game."""
    trust: float = 0.0
    """The opponent model: how far the game's sampler believes a seat's claims. Each game's ``sample``
    reads it its own way: a pending claim drawn false made true with this chance, or a claimant's hidden
    cards weighed by its claims this far."""
    shown_truth: float | None = None
    """The share of an ordinary claimant's claims shown to the table that were true, against which a seat's
    record as a claimant is read (:func:`feint.engine.claims.credence`); None: no record is read, and
    every seat is believed by ``trust``."""
    doubt_rate: float = 0.0
    """How often the game's heuristic calls a claim, the playouts' policy: the prior of every seat's record
    of calls, read from the game's claims; 0 keeps no record."""
    quiet: frozenset[str] = frozenset()
    """Moves (in notation) that change least: a playout plays one whenever it is legal.

    Random swaps, covers and votes scramble a world so thoroughly that the move searched is lost in
    the noise; quiet moves (a look, a pass) let the world reach the horizon as the search left it.
    """
    level_scale: int = 1
    """The named levels' playouts a decision gets, times this: a game whose playouts are cheap gets more,
    so that a level spends about as long a move in every game (the levels are counts, so they repeat)."""
    halving: bool = False
    """Spend a counted budget of playouts at the root by sequential halving (:class:`Halving`) instead of
    playing every move on every world: where a decision has dozens of moves, the worlds go to the
    contenders."""


TO_THE_END = Scoring()
"""No horizon: a playout is played to the end of the game and scores its result."""

Start = Callable[[Seat], InfoState]
"""A seat's information in a drawn world before the move searched, a fresh copy for each playout."""
Player = Callable[[GameState, Move, random.Random, Start], float]
"""Plays a move in a copy of a drawn world and on to the end of the playout: the searcher's reward."""
Lean = Callable[[Seat, Move, Sequence[Move], random.Random], Move]
"""Turns the policy's move for a seat in a playout into the move that seat is expected to make."""


def softmax(strength: Sequence[float | None], temperature: float) -> Rewards:
    """Shares in proportion to ``exp(strength / temperature)``; None (a seat out) gets nothing."""
    top = max((s for s in strength if s is not None), default=0.0)
    weights = [0.0 if s is None else math.exp((s - top) / temperature) for s in strength]
    total = sum(weights) or 1.0
    return tuple(w / total for w in weights)


def draw(
    game: type[GameState],
    info: InfoState,
    scoring: Scoring,
    rng: random.Random,
    doubted: Seat | None = None,
    credences: Mapping[Seat, float] | None = None,
) -> GameState:
    """A world for one search iteration, drawn by the game's sampler trusting every other seat's claims:
    a seat in ``credences`` (its record as a claimant) by its own, any other by the game's ``trust``.

    The claims of the viewer itself and of ``doubted`` are not weighed: the
    sampler's uniform odds stand for them.
    """
    viewer = info.viewer
    if viewer is None or not scoring.trust:
        return game.sample(info, rng)
    spared = (viewer, doubted)
    chance = scoring.trust
    known = credences or {}
    return game.sample(info, rng, lambda seat: 0.0 if seat in spared else known.get(seat, chance))


def compare_moves(
    world: GameState, seat: Seat, play: Player, rng: random.Random, only: Collection[int] | None = None
) -> dict[int, float]:
    """``seat``'s reward for each of its legal moves in ``world`` (those whose index is in ``only``, if
    given), by move index: each move played out by ``play`` in a copy of the world on the same random
    stream.

    The moves are compared on common random numbers: the same hidden
    cards, the same dice, the same choices of the other seats as far as the
    moves leave them alike; so a difference in reward is the move's, not
    the luck of the draw.
    """
    stream = rng.getrandbits(64)
    legal = world.legal_moves(seat)
    known: dict[Seat, InfoState] = {}

    def start(viewer: Seat) -> InfoState:
        """``viewer``'s information in the drawn world, read from its log once for all the moves."""
        info = known.get(viewer)
        if info is None:
            info = known[viewer] = InfoState.of(world, viewer)
        return InfoState(viewer, info.view, list(info.events))

    return {
        move.index: play(world.clone(), move, random.Random(stream), start)
        for move in legal
        if only is None or move.index in only
    }


class Halving:
    """Sequential halving at the root (Karnin, Koren and Somekh 2013), on common random numbers.

    The moves are compared in rounds, as many as it takes to halve them to
    one: each round plays every surviving move on the same worlds,
    as many worlds as the playouts left allow spread evenly over the rounds
    left (at least one), then keeps the better half by mean reward over every
    world they were played on. The last two moves get what is left. So a
    decision of thirty moves and 150 playouts plays its two finalists on
    about thirty worlds each instead of five, and a budget smaller than a
    world a round plays one world for all moves, as without halving.
    A search of time learns its budget from its first world (:meth:`afford`);
    without a budget every move is played on every world.
    A ``kept`` move (the policy's own, where it stands unless clearly
    beaten) survives every round, so it is judged on every world.
    """

    __slots__ = ("_budget", "_kept", "_played", "_rewards", "_survivors", "_visits", "_worlds")

    def __init__(self, moves: Sequence[int], budget: int | None, kept: int | None = None) -> None:
        self._survivors = list(moves)
        self._budget = budget
        self._kept = kept
        self._played = 0
        self._worlds = 0
        """Worlds left in the current round."""
        self._rewards: dict[int, float] = dict.fromkeys(moves, 0.0)
        self._visits: dict[int, int] = dict.fromkeys(moves, 0)

    def moves(self) -> list[int]:
        """The moves to play on the next world (starting a new round if this one is done)."""
        if self._budget is not None and not self._worlds:
            if self._played:
                keep = -(-len(self._survivors) // 2)
                ranked = sorted(self._survivors, key=self.mean, reverse=True)
                self._survivors = ranked[:keep] + [m for m in ranked[keep:] if m == self._kept]
            survivors = len(self._survivors)
            rounds = max(1, (survivors - 1).bit_length())
            left = self._budget - self._played
            self._worlds = max(1, -(-left // (survivors * rounds)))
        return self._survivors

    def afford(self, total: int) -> None:
        """Give a search of time its budget once the first world, played on every move, tells what a
        playout costs: ``total`` playouts in all, the first round's worlds made up to its share of them."""
        self._budget = total
        survivors = len(self._survivors)
        rounds = max(1, (survivors - 1).bit_length())
        self._worlds = max(0, -(-total // (survivors * rounds)) - 1)

    def record(self, rewards: Mapping[int, float]) -> int:
        """Add one world's rewards, by move index; the playouts they took."""
        for index, reward in rewards.items():
            self._rewards[index] += reward
            self._visits[index] += 1
        self._played += len(rewards)
        self._worlds = max(0, self._worlds - 1)
        return len(rewards)

    def mean(self, index: int) -> float:
        visits = self._visits.get(index, 0)
        return self._rewards[index] / visits if visits else -math.inf

    def best(self) -> int:
        """The surviving move with the best mean reward (the first of equals, in the order given)."""
        return max(self._survivors, key=self.mean)


def clearly_better(worlds: Sequence[Mapping[int, float]], move: int, base: int, margin: float) -> bool:
    """Whether ``move`` beats ``base`` by more than ``margin`` standard errors of their difference, over the
    worlds (each a world's rewards by move index) where both were played.

    The moves were played on common random numbers, so each world pairs
    them: the paired difference is free of the world's own luck. With fewer
    than two such worlds nothing is clearly better.
    """
    differences = [world[move] - world[base] for world in worlds if move in world and base in world]
    if len(differences) < 2:
        return False
    mean = statistics.fmean(differences)
    return mean > 0 and mean > margin * statistics.stdev(differences) / math.sqrt(len(differences))


def play_by_policy(
    world: GameState,
    seat: Seat,
    move: Move,
    policy: Callable[[int], Bot],
    playout: Playout,
    rng: random.Random,
    start: Start,
    lean: Lean | None = None,
) -> Rewards:
    """The rewards of ``seat``'s ``move`` in ``world``, every seat playing on by ``policy`` to ``playout``'s
    horizon; ``lean`` (if given) turns each other seat's choices.

    A fresh policy bot per seat, fed its seat's own information in the
    world (``start``, its information before the move, then ``sync``): it
    answers from what that seat sees there and nothing else. The
    searcher's real hidden cards are in the world, but not in an
    opponent's view of it. A forced move is played without asking.
    """
    players = world.players
    bots: list[Bot | None] = [None] * players
    infos: list[InfoState | None] = [None] * players
    mover = seat
    while True:
        seq = world.seq
        world.apply(mover, move)
        if playout.passed(world, log_events(world.log, seq)):
            return playout.score(world)
        mover = world.to_move()[0]
        legal = world.legal_moves(mover)
        if len(legal) == 1:
            move = legal[0]
            continue
        bot, seen = bots[mover], infos[mover]
        if bot is None or seen is None:
            bot = bots[mover] = policy(rng.getrandbits(32))
            seen = infos[mover] = start(mover)
        seen.sync(world)
        move = bot.choose(seen, legal)
        if lean is not None and mover != seat:
            move = lean(mover, move, legal, rng)


def final_rewards(world: GameState) -> Rewards:
    winners = world.result().winners
    share = 1.0 / len(winners) if winners else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(world.players))


class Playout:
    """Plays a world on at random to its horizon and scores it; counts the horizon's events as they pass."""

    __slots__ = ("_kinds", "_left", "_moves", "_scoring")

    def __init__(self, scoring: Scoring, players: int) -> None:
        self._scoring = scoring
        horizon = scoring.horizon or Horizon(frozenset())
        self._kinds = horizon.kinds
        self._left = horizon.count(players) if scoring.horizon else math.inf
        self._moves = horizon.moves

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
        estimate = self._scoring.estimate
        if estimate is None:
            return (1.0 / world.players,) * world.players
        return estimate(world.view(None))


@cache
def _quiet_moves(game: type[GameState], quiet: frozenset[str]) -> frozenset[int]:
    """The indices of the moves written ``quiet``."""
    return frozenset(game.parse_move(text).index for text in quiet)


def scoring_for(game: str) -> Scoring:
    """The game's declared :class:`Scoring`; without one, playouts are played to the end."""
    declared = declaration(game)
    if declared.search is None:
        return Scoring()
    scoring: Scoring = declared.load(declared.search)
    return scoring
