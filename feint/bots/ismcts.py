"""Information Set Monte Carlo Tree Search for every game, through the engine contract only.

This is MO-ISMCTS, the multiple-observer variant of Cowling, Powley and
Whitehouse (2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)):
one tree per seat, each keyed by what that seat observed.

Why multiple observers: in these games much of what an opponent does is
hidden from the searching seat (a card placed face-down, a cover, the real
cards of an offer). The single-observer tree (SO-ISMCTS) keys
the opponents' moves by their full identity, so the searcher's later nodes
would condition on choices it cannot see; its partially-observable fix
(SO-ISMCTS+POM) keeps those moves as the searcher sees them but then has
each opponent choose the hidden part at random, which makes every opponent a
blind bluffer. With a tree per seat, each seat chooses its own moves with
statistics keyed by its own observations, and the searcher's tree never
branches on anything it could not have seen.

Each iteration:

1. draws a world with the game's sampler, ``GameType.sample(info, rng)``, from
   the bot's own :class:`~feint.engine.info.InfoState` (the bot never holds
   the true state); while another seat's face-down claim waits for an answer
   it draws a few and keeps one by the opponent model
   (:func:`feint.bots.playout.draw`); every other iteration draws the world
   again from one opponent's information in it, and only then do the
   opponents learn (the searcher in a shadow tree), so that no opponent's
   tree learns to answer the searcher's real hidden cards
   (:meth:`IsmctsBot._iterate`; where the world lacks that opponent's own
   past, or the redraw leaves the searcher no move, the iteration is the
   searcher's own instead);
2. walks down the trees: the seat to move picks among its legal moves in
   that world by UCB1 with availability counts (a move legal in only some
   worlds is judged by the visits in which it was available, as in the
   paper), then every seat's tree follows the child keyed by that seat's
   observation of the move: the events after it as ``event.seen_by(seat)``
   shows them (the mover's key adds the move itself). Simultaneous secret
   choices (a draft, a placement, a vote) need nothing
   special: the sampler drew the other seats' pending choices from the
   bot's information, and a seat's observation of another's secret choice is
   only that it was made, so no tree conditions on it. An opponent off its
   tree (in the searcher's iterations, where it does not learn) moves at
   random, but answers a claim by calling it as often as the game's
   heuristic does (``Scoring.doubt_rate``): where a claim has forty answers
   and one of them calls it, a random answer calls once in forty, and a
   search whose opponents let every wild claim pass learns to make one;
3. adds one edge, a move not yet tried, and plays on (quiet moves first,
   else at random) to the horizon (the end of the round: :mod:`feint.bots.playout`), where the world
   is scored for every seat;
4. adds each learning seat's reward to the edges that seat chose.

It then plays the root move visited most. With ``ismcts:guide=N`` a *guide*
(the game's heuristic bot, asked once a decision with the bot's own
information) gives its move at the root a progressive bias (Chaslot et al.
2008) and N virtual visits, so the search plays something else only when it
finds it better over many visits. The opponents' trees start at the
searcher's information, so an opponent's first choices do not yet
distinguish its own hidden cards: a known limit of MO-ISMCTS, paid for the
guarantee that the search never peeks.

Given a *policy* (a bot factory: ``feint.bots.registry.make_bot`` gives
the game's heuristic, in every game that has one) the search is one
level deep instead: each world drawn from the bot's information is played
out once for every root move on common random numbers, every seat (the
searcher after its root move) playing by the policy from its own
information in that world, and the best mean reward is played
(:meth:`IsmctsBot._compare`). Measured stronger there than the trees at the
budget a second allows (docs/bots.md). A game whose decisions have dozens
of moves spends its budget by sequential halving instead
(``Scoring.halving``, :class:`~feint.bots.playout.Halving`): the later worlds
go to the better half of the moves, round after round; a budget of time
counts the playouts it can afford by its first world.

Budgets: ``ismcts:iters=N`` (deterministic: the same seed and information
give the same move), ``ismcts:ms=N`` (wall-clock, so not repeatable), or a
named level, ``ismcts:easy|normal|hard``; plain ``ismcts`` is normal. Easy
searches by the trees (:data:`TREE_LEVELS`); with a policy normal's and
hard's playouts are the whole table's, divided by its seats
(:attr:`Budget.by_seats`).

Given ``truth`` (the true state, which no bot is given) every world is a
copy of it instead of a draw: the omniscient measuring instrument that
only the arena makes (:func:`feint.bots.registry.make_omniscient`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from feint.bots.base import Bot
from feint.bots.playout import (
    Halving,
    Playout,
    Scoring,
    Start,
    clearly_better,
    compare_moves,
    draw,
    play_by_policy,
    scoring_for,
)
from feint.bots.spec import BotSpec
from feint.engine.claims import credences
from feint.engine.claims import doubts as claim_records
from feint.engine.errors import SetupError
from feint.engine.events import Event, log_events
from feint.engine.info import InfoState
from feint.engine.registry import declaration, get_game
from feint.engine.state import GameState, Move, Seat

EXPLORATION = 0.7
"""The UCB1 constant for rewards in 0..1."""
PRIOR_ANSWERS = 1.0
"""A seat's record of answers starts with this many at a stranger's rate of doubting (:data:`STRANGER`).

One, not four: a 2-seat game of votes holds about ten votes a seat, and with
four always-disagree still looked like the heuristic for half the game, so
the search bluffed into it (0.562 of 40 games to always-disagree; 0.450
with one, docs/bots.md)."""
STRANGER = 0.5
"""How far a seat not yet seen answering is taken to lean from the policy to calling every claim.

Halfway: its prior answer calls at the policy's rate plus half the rest. A
seat with no record used to be taken for the policy itself, so the search
made the bluffs the heuristic lets pass (a Jester for a token) into a seat
that might call them all: at 2 seats of Knights, always-disagree took 0.738
of 40 games from normal; 0.525 with this prior (docs/bots.md). One answer
moves the record as before."""
GUIDE_BIAS = 1.0
"""Progressive bias of the guide's move at the root: this over one more than its visits, added to its UCB1."""

LEVELS: Mapping[str, int] = {"easy": 60, "normal": 300, "hard": 1500}
"""Iterations per decision of each named level when the trees search (``trees=1``, easy, and a game without
a heuristic)."""
POLICY_LEVELS: Mapping[str, int] = {"normal": 60, "hard": 300}
"""Playouts of each level a policy plays, for the whole table: a decision gets this over the seats
(``Budget.by_seats``). A playout costs a few dozen policy decisions, the more the more seats. Hard's stays
under a second a move; four times as many bought no share over it that 47 to 100 games could tell from
even in three of the four games (docs/bots.md)."""
TREE_LEVELS: frozenset[str] = frozenset({"easy"})
"""Levels that search by the trees with quiet playouts even in a game with a heuristic: easy plays without
the rules of thumb, the rung below normal (each level takes a clear majority from the one below in every
game, docs/bots.md). Fewer heuristic playouts could not be that rung: a decision plays at least one world,
and where a decision has thirty-odd moves normal's 30 playouts at 2 seats are about one world already."""

SETTINGS: Mapping[str, int] = {
    "iters": 10_000,
    "ms": 10_000,
    "guide": 10_000,
    "trees": 1,
    "trust": 100,
    "keep": 1_000,
}
"""Each setting's upper limit (``trust`` is the opponent model's, in per cent; ``keep`` the margin by which
another move must beat the heuristic's, in hundredths of a standard error, ten at most). Ten thousand
iterations is near seven times hard, about a minute a decision at the slowest table measured (4 seats,
docs/bots.md); ten seconds stays under the server's limit for one decision (15 s), past which another
bot decides; a guide worth more visits than any search runs would mean nothing more."""

ObservationKey = Hashable


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to search: a number of iterations, or of milliseconds of wall-clock time."""

    iterations: int | None = None
    millis: int | None = None
    by_seats: bool = False
    """The iterations are the whole table's: a decision gets them over the number of seats.

    A policy's playout to the end of the round plays one turn per seat, each
    answered by every other seat, so it costs more the bigger the table; a
    level divided so keeps its time per move alike at every table size."""

    @classmethod
    def of(
        cls, spec: BotSpec, levels: Mapping[str, int] = LEVELS, by_seats: bool = False, scale: int = 1
    ) -> Budget:
        """The budget ``spec`` asks for; a named level's times ``scale`` (the game's
        :attr:`~feint.bots.playout.Scoring.level_scale`), with ``by_seats`` divided by the seats."""
        spec.check(levels, SETTINGS)
        if len({"iters", "ms"} & spec.options.keys()) + (spec.level is not None) > 1:
            raise SetupError("give ismcts one budget: a level, iters=N or ms=N")
        if "ms" in spec.options:
            return cls(millis=spec.options["ms"])
        if "iters" in spec.options:
            return cls(iterations=spec.options["iters"])
        return cls(iterations=levels[spec.level or "normal"] * scale, by_seats=by_seats)

    def limit(self, seats: int) -> int | None:
        """The iterations a decision gets at a table of ``seats``; None for a budget of time."""
        if self.iterations is None or not self.by_seats:
            return self.iterations
        return max(1, self.iterations // seats)

    def affordable(self, played: int, seconds: float) -> int | None:
        """The playouts a budget of time allows at the rate of ``played`` in ``seconds``; None if counted."""
        if self.millis is None:
            return None
        return max(played, int(played * self.millis / 1000 / max(seconds, 1e-6)))

    def spend(self, step: Callable[[], int], seats: Callable[[], int]) -> int:
        """Run ``step`` (which says how many iterations it ran) until the budget is spent; the iterations run.

        At least one step, however short the time; ``seats`` is asked after each step, since the table's
        size is read off the first world drawn.
        """
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        count = 0
        while True:
            count += step()
            limit = self.limit(seats())
            if limit is not None and count >= limit:
                return count
            if deadline is not None and time.perf_counter() >= deadline:
                return count


class Edge:
    """A move's statistics at a node of its mover's tree."""

    __slots__ = ("available", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class Node:
    """One information set of one seat: the moves it chose there, and what it observed next."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[int, Edge] = {}
        self.children: dict[ObservationKey, Node] = {}

    def child(self, key: ObservationKey) -> Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


class IsmctsBot:
    """MO-ISMCTS within ``budget``, guided at the root by ``guide``'s move if given; with ``policy``,
    the one-level search on common random numbers that plays every playout by the policy.

    The guide's move gets ``guide_visits`` virtual visits when the most visited
    root move is chosen, so the search must find a move clearly better to play
    another. Seeded from the bot stream, so a budget of iterations repeats itself.
    """

    def __init__(
        self,
        game: str,
        seed: int = 0,
        budget: Budget | None = None,
        guide: Bot | None = None,
        guide_visits: int = 0,
        policy: Callable[[int], Bot] | None = None,
        truth: Callable[[], GameState] | None = None,
        trust: float | None = None,
        keep: float | None = None,
    ) -> None:
        """``trust``: the opponent model's trust in other seats' claims instead of the game's
        (``Scoring.trust``), to measure it. ``keep`` (with a policy): play the policy's own move unless
        another beats it by more than this many standard errors (:func:`~feint.bots.playout.clearly_better`);
        None plays the best mean."""
        self.name = "ismcts" if truth is None else "omniscient"
        self.policy = policy
        """Makes, from a seed, the bot every seat plays the playouts by (this one after its move); or None."""
        self._guide = guide
        self._guide_visits = guide_visits
        self._game: type[GameState] = get_game(game)
        scoring = scoring_for(game)
        self._scoring: Scoring = scoring if trust is None else replace(scoring, trust=trust)
        self._rng = random.Random(seed)
        self.budget = budget or Budget(iterations=LEVELS["normal"])
        self.iterations = 0
        """Iterations run for the last decision (with a policy: playouts)."""
        self._seats = 0
        """The seats at the table, read off the worlds drawn."""
        self._leanings: dict[Seat, float] = {}
        self._credences: dict[Seat, float] = {}
        """Per seat, how far the worlds drawn from the searcher's information believe its claims."""
        self._claims = declaration(game).claims_model()
        """The game's claims: which moves believe and which call another seat's claim."""
        self._doubt_rate = self._scoring.doubt_rate if self._claims is not None else 0.0
        """How often a seat answering a claim off its tree calls it (:meth:`_iterate`); 0: as at random."""
        self._stranger = STRANGER if self._doubt_rate else 0.0
        """The leaning of a seat with no record of answers (:meth:`_leanings_of`); 0 where none is kept."""
        self._truth = truth
        """The true state, for the omniscient measuring instrument only (``make_omniscient``): then every
        world searched is a copy of it instead of a draw from the bot's information."""
        self._keep = keep if policy is not None else None
        """Standard errors by which another move must beat the policy's own to be played (None: the best
        mean is played)."""

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        # A forced move is searched like any other: a bot that answered it at once would tell the
        # table, by its speed, that it had no choice (a bot with no card to cover a die).
        seat = info.viewer
        assert seat is not None, "a bot plays a seat"
        trees: list[Node] = []
        """One tree per seat, and last the searcher's shadow tree (see :func:`_iterate`)."""
        favoured = None if self._guide is None else self._guide.choose(info, legal).index
        policy = self.policy
        self._leanings = self._leanings_of(info) if policy is not None else {}
        self._credences = self._credences_of(info)
        halving: Halving | None = None
        # Each world's rewards by move, kept where the policy's own move stands unless clearly beaten.
        worlds: list[dict[int, float]] = []
        margin = self._keep
        own = None
        if margin is not None and policy is not None:
            own = policy(self._rng.getrandbits(32)).choose(info, legal).index
        iterations = 0
        started = time.perf_counter()

        def step() -> int:
            nonlocal iterations, halving
            if policy is not None:
                world = self._draw(info)
                first = halving is None
                if halving is None:
                    budget = self.budget.limit(world.players) if self._scoring.halving else None
                    halving = Halving([m.index for m in legal], budget, own)
                rewards = self._compare(world, seat, halving.moves(), policy)
                if margin is not None:
                    worlds.append(rewards)
                played = halving.record(rewards)
                if first and self._scoring.halving:
                    # A budget of time halves too, by the playouts its first world says it can afford.
                    affordable = self.budget.affordable(played, time.perf_counter() - started)
                    if affordable is not None:
                        halving.afford(affordable)
                return played
            self._iterate(info, seat, trees, iterations % 2 == 1, favoured)
            iterations += 1
            return 1

        self.iterations = self.budget.spend(step, lambda: self._seats)
        if halving is not None:
            best = halving.best()
            if margin is not None and own is not None and not clearly_better(worlds, best, own, margin):
                best = own
            return next(m for m in legal if m.index == best)
        edges = trees[seat].edges
        virtual = self._guide_visits
        return max(legal, key=lambda m: _rank(edges.get(m.index), virtual if m.index == favoured else 0))

    def _iterate(
        self, info: InfoState, seat: Seat, trees: list[Node], theirs: bool, favoured: int | None = None
    ) -> None:
        """One iteration: the searcher's own if not ``theirs``, else one drawn as an opponent sees it.

        A world drawn from the searcher's information holds its real hidden
        cards, so opponents' trees grown on such worlds would learn to answer
        those very cards: in a game of votes they disagreed with exactly the
        searcher's bluffs and agreed with its true covers, which no real
        opponent can do (docs/bots.md). So only the searcher learns in its own
        iterations, the opponents playing by their trees untouched; in every
        other iteration the world is drawn again from the information of one
        opponent in it (reading nothing real the searcher cannot see), and
        every seat learns, the searcher in a shadow tree of its own: what it
        would do with the hands the opponents imagine, never mixed into its
        statistics for the hand it holds. That opponent's opponent model
        spares the searcher's pending claims (the sampler's odds): believing
        them as a real claim would be believed taught the opponents' trees to
        let the searcher's bluffs pass. It believes every other seat by that
        seat's record as the opponent saw it in the world (:meth:`_credences_of`).
        Where no such world is to be had (:meth:`_their_world`), the iteration is the searcher's own.
        """
        rng = self._rng
        world = self._draw(info)
        players = world.players
        if not trees:
            trees.extend(Node() for _ in range(players + 1))
        nodes: list[Node | None] = list(trees[:players])
        redrawn = self._their_world(world, seat) if theirs else None
        theirs = redrawn is not None
        if redrawn is not None:
            world = redrawn
            nodes[seat] = trees[players]
        chosen: list[tuple[Seat, Edge]] = []
        playout = Playout(self._scoring, players)
        mover = seat
        expanded = done = False
        while not expanded:
            learns = theirs or mover == seat
            node = nodes[mover]
            bias = favoured if node is trees[seat] else None
            legal = world.legal_moves(mover)
            move, edge, grown = _select(node, legal, rng, learns, bias)
            if edge is None and not learns and self._doubt_rate:
                move = self._lean(move, legal, self._doubt_rate, rng)
            if learns:
                assert edge is not None
                chosen.append((mover, edge))
                expanded = grown
            seq = world.seq
            world.apply(mover, move)
            events = log_events(world.log, seq)
            done = playout.passed(world, events)
            if done:
                break
            if not expanded:
                for viewer, node in enumerate(nodes):
                    if node is None:
                        continue
                    key = _observation(events, viewer)
                    key = (move.index, key) if viewer == mover else key
                    nodes[viewer] = node.child(key) if theirs or viewer == seat else node.children.get(key)
            mover = world.to_move()[0]
        rewards = playout.score(world) if done else playout.finish(world, rng)
        for player, edge in chosen:
            edge.visits += 1
            edge.reward += rewards[player]

    def _their_world(self, world: GameState, seat: Seat) -> GameState | None:
        """A world drawn again from the information of one opponent in ``world``, or None where there is
        none to search.

        A sampler is approximate, and where it gives up it may keep a world
        that no real game reaches: a world without the opponent's own private
        past (its events would hide from the opponent what it did itself,
        :meth:`GameState.recalls`), or one in which ``seat``, the searcher to
        move at the root, has no move (its hand, drawn again, cannot make any
        move the rules left it). Neither is searched.
        """
        rng = self._rng
        players = world.players
        opponent = (seat + 1 + rng.randrange(players - 1)) % players
        if not world.recalls(opponent):
            return None
        seen = InfoState.of(world, opponent)
        believed = self._credences_of(seen)
        theirs = draw(self._game, seen, self._scoring, rng, doubted=seat, credences=believed)
        return theirs if theirs.legal_moves(seat) else None

    def _compare(
        self, world: GameState, seat: Seat, moves: Collection[int], policy: Callable[[int], Bot]
    ) -> dict[int, float]:
        """``seat``'s reward for each root move in ``moves`` (by index), each played out in a copy of
        ``world`` on common random numbers (:func:`~feint.bots.playout.compare_moves`)."""

        def play(world: GameState, move: Move, rng: random.Random, start: Start) -> float:
            return self._play_out(world, seat, move, policy, rng, start)

        return compare_moves(world, seat, play, self._rng, moves)

    def _draw(self, info: InfoState) -> GameState:
        """A world drawn from ``info`` by the game's sampler and opponent model (:func:`draw`); for the
        omniscient instrument, a copy of the true state."""
        truth = self._truth
        if truth is None:
            world = draw(self._game, info, self._scoring, self._rng, credences=self._credences)
        else:
            world = truth().clone()
        self._seats = world.players
        return world

    def _credences_of(self, info: InfoState) -> dict[Seat, float]:
        """Per seat, how far to believe its pending claim, by its claims ``info`` shows true or caught
        (:func:`~feint.engine.claims.credence`); a seat with none shown is believed by the game's trust.
        Only in a game that declares the share of shown claims it expects true (``Scoring.shown_truth``):
        the others believe every seat alike."""
        scoring = self._scoring
        if self._claims is None or not scoring.trust or scoring.shown_truth is None:
            return {}
        return credences(self._claims, info.events, scoring.trust, scoring.shown_truth)

    def _leanings_of(self, info: InfoState) -> dict[Seat, float]:
        """Per seat that has answered, how much more (positive) or less often than the policy it doubts,
        by its record; a seat absent leans as a stranger (:data:`STRANGER`).

        The policy answers claims as the heuristic would; a seat that has
        doubted far more often (always-disagree) would otherwise be
        searched as one that lets bluffs pass, and the search would bluff
        into it. A record of ``PRIOR_ANSWERS`` answers at a stranger's rate
        comes first, so a seat with few answers is not yet taken for the policy.
        """
        base = self._scoring.doubt_rate
        if self._claims is None or not base:
            return {}
        stranger = base + (1 - base) * STRANGER
        leanings = {}
        for seat, (doubts, answers) in claim_records(self._claims, info.events).items():
            rate = (doubts + stranger * PRIOR_ANSWERS) / (answers + PRIOR_ANSWERS)
            leanings[seat] = (rate - base) / (1 - base) if rate > base else (rate - base) / base
        return leanings

    def _play_out(
        self,
        world: GameState,
        seat: Seat,
        move: Move,
        policy: Callable[[int], Bot],
        rng: random.Random,
        start: Start,
    ) -> float:
        """``seat``'s reward for ``move`` in ``world``, every seat playing on by ``policy`` to the horizon,
        each other seat's answers turned by its record (:func:`~feint.bots.playout.play_by_policy`)."""
        playout = Playout(self._scoring, world.players)
        return play_by_policy(world, seat, move, policy, playout, rng, start, self._leaned)[seat]

    def _leaned(self, mover: Seat, move: Move, legal: Sequence[Move], rng: random.Random) -> Move:
        """The policy's move for ``mover``, turned by its record of answers (:meth:`_leanings_of`)."""
        leaning = self._leanings.get(mover, self._stranger)
        return self._lean(move, legal, leaning, rng) if leaning else move

    def _lean(self, move: Move, legal: Sequence[Move], leaning: float, rng: random.Random) -> Move:
        """The policy's answer, turned to doubt (or to trust) with chance ``leaning`` (or ``-leaning``)."""
        assert self._claims is not None
        answer = self._claims.answer(move)
        if answer is None or (leaning > 0) != answer:
            return move
        other = next((m for m in legal if self._claims.answer(m) is (not answer)), None)
        return move if other is None or rng.random() >= abs(leaning) else other


def _select(
    node: Node | None,
    legal: Sequence[Move],
    rng: random.Random,
    learns: bool = True,
    favoured: int | None = None,
) -> tuple[Move, Edge | None, bool]:
    """The move to play at ``node``: an untried one if any (True: the tree grows), else the best by UCB1.

    A seat that does not learn in this iteration chooses the same way but
    leaves its statistics as they were (no edge, no availability counted),
    and off its tree (``node`` None) at random. The move whose index is
    ``favoured`` (the guide's, at the root) gets a bias that fades with its visits.
    """
    if node is None:
        return rng.choice(legal), None, False
    edges = node.edges
    untried = []
    for move in legal:
        edge = edges.get(move.index)
        if edge is None:
            untried.append(move)
        elif learns:
            edge.available += 1
    if untried:
        move = rng.choice(untried)
        if not learns:
            return move, None, False
        edge = edges[move.index] = Edge()
        edge.available = 1
        return move, edge, True
    best: Move | None = None
    best_score = -math.inf
    for move in legal:
        edge = edges[move.index]
        score = edge.reward / edge.visits + EXPLORATION * math.sqrt(math.log(edge.available) / edge.visits)
        if move.index == favoured:
            score += GUIDE_BIAS / (edge.visits + 1)
        if score > best_score:
            best, best_score = move, score
    assert best is not None
    return best, edges[best.index], False


def _observation(events: Sequence[Event], viewer: Seat) -> ObservationKey:
    """What ``viewer`` saw of ``events``: kinds, actors and the fields it may read, without seq numbers."""
    seen = []
    for event in events:
        event = event.seen_by(viewer)
        seen.append(
            (
                event.kind,
                event.actor,
                tuple(event.data.items()),
                tuple(tuple(s.data.items()) for s in event.secrets),
            )
        )
    key = tuple(seen)
    try:
        hash(key)
    except TypeError:
        return repr(key)
    return key


def _rank(edge: Edge | None, virtual: int) -> tuple[int, float]:
    if edge is None:
        return (virtual, 0.0)
    return (edge.visits + virtual, edge.reward / edge.visits if edge.visits else 0.0)
