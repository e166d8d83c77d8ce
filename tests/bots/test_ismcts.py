"""The ISMCTS bot: it builds worlds only through the sampler, so it cannot peek; it
chooses by its information alone; its budgets and levels parse; it plays a legal
move in every phase of every game; and it repeats itself given the same seed."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from itertools import pairwise
from types import MappingProxyType
from typing import Any

import pytest

from feint.bots.ismcts import LEVELS, POLICY_LEVELS, STRANGER, TREE_LEVELS, Budget, IsmctsBot, Node
from feint.bots.playout import scoring_for
from feint.bots.registry import bot_kinds, make_bot
from feint.bots.spec import parse_spec
from feint.cli.main import build_parser, main
from feint.engine.claims import doubts
from feint.engine.errors import SetupError
from feint.engine.events import Event
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.engine.state import GameState, Move, Trust
from feint.games.guardians.claims import CLAIMS as GUARDIANS_CLAIMS
from feint.games.guardians.search import CALL_RATE as GUARDIANS_CALL_RATE
from feint.games.knights.claims import CLAIMS as KNIGHTS_CLAIMS
from feint.games.knights.search import DISAGREE_RATE as KNIGHTS_DISAGREE_RATE
from tests.engine.configurations import configurations, ids

TABLES = [("guile", 2), ("knights", 2), ("knights", 4), ("guardians", 2), ("guardians", 4)]
SMALL = "ismcts:iters=40"


def advanced(game: str, players: int, seed: int, moves: int) -> GameState:
    """A game played on at random for ``moves`` moves, or to a decision with a choice."""
    state = new_game(game, players, seed)
    rng = random.Random(seed)
    played = 0
    while not state.is_over() and (played < moves or len(state.legal_moves(state.to_move()[0])) < 2):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        played += 1
    return state


def wide_decision(
    game: str, players: int, seed: int, moves: int, choices: int
) -> tuple[InfoState, Sequence[Move]]:
    """The mover's information and legal moves at the first decision of ``choices`` moves or more, after
    :func:`advanced` and then each mover's first legal move."""
    state = advanced(game, players, seed, moves)
    while len(state.legal_moves(state.to_move()[0])) < choices:
        seat = state.to_move()[0]
        state.apply(seat, state.legal_moves(seat)[0])
    seat = state.to_move()[0]
    return InfoState.of(state, seat), state.legal_moves(seat)


def decide(state: GameState, seat: int, spec: str = SMALL, stream: int = 7) -> Move:
    bot = make_bot(spec, state.NAME, bot_seed(stream, seat))
    return bot.choose(InfoState.of(state, seat), state.legal_moves(seat))


def reachable(root: object, limit: int = 20000) -> Iterator[object]:
    """Every object reachable from ``root`` by references, up to ``limit`` objects."""
    seen = {id(root)}
    stack = [root]
    while stack and len(seen) < limit:
        item = stack.pop()
        yield item
        for ref in gc.get_referents(item):
            if id(ref) not in seen and not isinstance(ref, type):
                seen.add(id(ref))
                stack.append(ref)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_it_gets_an_info_state_and_draws_every_world_from_the_sampler(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = advanced(game, players, 3, 12)
    seat = state.to_move()[0]
    info = InfoState.of(state, seat)
    assert not any(isinstance(item, GameState) for item in reachable(info))
    legal = state.legal_moves(seat)
    cls = type(state)
    draws = spy_on_the_sampler(monkeypatch, cls)
    # The true state is out of reach: any use of it would fail. (A state has slots and no
    # __dict__, so it is moved to a subclass that forbids them rather than patched in place.)
    forbidden = ("apply", "clone", "view", "events", "legal_moves", "to_json", "resample")
    state.__class__ = type(cls)("Untouchable", (cls,), dict.fromkeys(forbidden, _forbidden))
    bot = IsmctsBot(game, bot_seed(1, seat), Budget(iterations=25))
    assert bot.choose(info, legal) in legal
    assert bot.iterations == 25
    # Each iteration draws from the bot's information; every other one draws
    # again from an opponent's information in the world just drawn.
    own = [s for s, _ in draws if s is info]
    theirs = [s for s, _ in draws if s is not info]
    assert len(own) == 25 and len(theirs) == 12
    assert all(s.viewer != seat for s in theirs)


class Spy:
    """A policy bot that records the information it is given and plays the first legal move."""

    name = "spy"

    def __init__(self, asked: list[tuple[InfoState, Sequence[Move]]]) -> None:
        self.asked = asked

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        self.asked.append((InfoState(info.viewer, info.view, list(info.events)), legal))
        return legal[0]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_with_a_policy_each_seat_plays_it_from_its_own_information_in_the_world(
    game: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = advanced(game, players, 3, 12)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    worlds = spy_on_the_sampler(monkeypatch, type(state))
    played: list[tuple[int, int]] = []
    play_out = IsmctsBot._play_out

    def spy_play_out(self: IsmctsBot, world: GameState, *args: Any) -> float:
        played.append((len(worlds), args[1].index))
        return play_out(self, world, *args)

    monkeypatch.setattr(IsmctsBot, "_play_out", spy_play_out)
    asked: list[tuple[InfoState, Sequence[Move]]] = []
    bot = IsmctsBot(game, bot_seed(1, seat), Budget(iterations=20), policy=lambda seed: Spy(asked))
    assert bot.choose(info, legal) in legal
    # Each world drawn from the bot's own information (no opponent learns, so none is drawn
    # again from an opponent's) is played out once for every legal move, until 20 playouts; a game
    # that halves the moves (tests/bots/test_halving.py) plays every move on the first world only.
    indices = [m.index for m in legal]
    by_world = [[index for w, index in played if w == world] for world in range(1, len(worlds) + 1)]
    assert by_world[0] == indices and bot.iterations == len(played) >= 20
    if not scoring_for(game).halving:
        assert by_world == [indices] * -(-20 // len(legal))
    assert all(set(later) <= set(earlier) for earlier, later in pairwise(by_world))
    assert asked, "the other seats and the playouts play by the policy"
    for seen, moves in asked:
        assert seen.viewer is not None and len(moves) > 1
        # What the policy saw is what its seat may see: a view and events of its own.
        assert all(event.seen_by(seen.viewer) == event for event in seen.events)
        assert seen.view.viewer == seen.viewer
        # And all of it (perfect recall): every event up to the view it is asked with.
        assert [event.seq for event in seen.events] == list(range(1, seen.view.header.seq + 1))
    assert any(seen.viewer != seat for seen, _ in asked)


def test_with_a_policy_it_plays_the_move_whose_playouts_score_best(monkeypatch: pytest.MonkeyPatch) -> None:
    state = advanced("knights", 2, 3, 12)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    best = legal[len(legal) // 2]

    def rigged(self: IsmctsBot, world: GameState, seat: int, move: Move, *args: Any) -> float:
        return 0.9 if move == best else 0.1

    monkeypatch.setattr(IsmctsBot, "_play_out", rigged)
    bot = IsmctsBot("knights", 1, Budget(iterations=10), policy=lambda seed: Spy([]))
    assert bot.choose(info, legal) == best


def _visits(node: Node) -> int:
    """Every visit counted in the tree under ``node``."""
    return sum(e.visits for e in node.edges.values()) + sum(_visits(c) for c in node.children.values())


@pytest.mark.parametrize(
    ("game", "players", "moves"), [("guile", 2, 20), ("knights", 4, 20), ("guardians", 4, 12)]
)
def test_opponents_learn_only_in_worlds_drawn_again_from_an_opponents_information(
    game: str, players: int, moves: int
) -> None:
    state = advanced(game, players, 3, moves)
    seat = state.to_move()[0]
    info = InfoState.of(state, seat)
    bot = IsmctsBot(game, 1)
    trees: list[Node] = []
    for _ in range(30):
        bot._iterate(info, seat, trees, theirs=False)
    # In worlds holding the searcher's real cards only the searcher learns.
    others = [trees[s] for s in range(players) if s != seat] + [trees[players]]
    assert _visits(trees[seat]) > 0 and all(_visits(t) == 0 and not t.children for t in others)
    own = _visits(trees[seat])
    for _ in range(100):
        bot._iterate(info, seat, trees, theirs=True)
    # In the others every seat learns, the searcher in its shadow tree only.
    assert _visits(trees[seat]) == own and _visits(trees[players]) > 0
    assert any(_visits(t) > 0 for t in others[:-1])


@pytest.mark.parametrize("seed", range(8))
def test_off_their_trees_opponents_call_a_wild_bid_so_the_trees_open_low(seed: int) -> None:
    # Liar's Dice, 2 seats of 5 dice, the opening bid. An opponent off its tree (the searcher's own
    # iterations) answers by calling as often as the heuristic does (Scoring.doubt_rate): at random,
    # one of forty answers is "liar", and on main the trees opened with 9 1s, 7 5s and 6 3s
    # (seeds 2, 3 and 7) into opponents that let them pass. Ten dice hold about two of a face and a
    # seat sees five of them: an opening above three of a face is a bluff that is called.
    state = new_game("liars_dice", 2, seed)
    seat = state.to_move()[0]
    bot = make_bot("ismcts:iters=1000,trees=1", "liars_dice", seed)
    opening = bot.choose(InfoState.of(state, seat), state.legal_moves(seat))
    assert opening.quantity <= 3, opening


def spy_on_the_sampler(
    monkeypatch: pytest.MonkeyPatch, cls: type[GameState]
) -> list[tuple[InfoState, GameState]]:
    """Every world ``cls.sample`` draws from now on, with the information it was drawn from."""
    draws: list[tuple[InfoState, GameState]] = []
    sample = cls.sample

    def spy(info: InfoState, rng: random.Random, trust: Trust | None = None) -> GameState:
        world = sample(info, rng, trust)
        draws.append((info, world))
        return world

    monkeypatch.setattr(cls, "sample", spy)
    return draws


def _forbidden(*args: Any, **kwargs: Any) -> None:
    raise AssertionError("the bot touched the true state")


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_hidden_cards_it_cannot_know_do_not_change_its_move(game: str, players: int) -> None:
    state = advanced(game, players, 11, 15)
    seat = state.to_move()[0]
    other = state.resample(seat, random.Random(5))
    # Two true states, one information: the cards the seat cannot see differ.
    assert other.hidden_placement(seat) != state.hidden_placement(seat)
    assert other.view(seat) == state.view(seat)
    assert other.events(seat) == state.events(seat)
    for stream in range(3):
        assert decide(state, seat, stream=stream) == decide(other, seat, stream=stream)


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_the_same_seed_gives_the_same_move(game: str, players: int) -> None:
    state = advanced(game, players, 21, 10)
    seat = state.to_move()[0]
    moves = [decide(state, seat, "ismcts:iters=60", stream=4) for _ in range(2)]
    assert moves[0] == moves[1]


def phases(game: str, players: int, variants: tuple[str, ...], seed: int) -> Iterator[GameState]:
    """A random game, stopping at the first decision with a choice in each phase it reaches."""
    state = new_game(game, players, seed, {"variants": list(variants)})
    rng = random.Random(seed)
    seen: set[object] = set()
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        if state.phase not in seen and len(legal) > 1:
            seen.add(state.phase)
            yield state
        state.apply(seat, rng.choice(legal))


CONFIGS = configurations(every_size=False)


@pytest.mark.parametrize(("game", "players", "variants"), CONFIGS, ids=ids(CONFIGS))
def test_it_plays_a_legal_move_in_every_phase(game: str, players: int, variants: tuple[str, ...]) -> None:
    reached = set()
    for seed in (1,):
        for state in phases(game, players, variants, seed):
            reached.add(state.phase)
            for seat in state.to_move():
                assert decide(state, seat, "ismcts:iters=12") in state.legal_moves(seat)
    if game == "guile":
        assert {"place", "play"} <= {str(p) for p in reached}
    if game == "knights":
        assert "vote" in {str(p) for p in reached}


def test_in_a_simultaneous_phase_the_other_seats_pending_choices_change_nothing() -> None:
    # Guile's placement: seat 0 has placed one card in secret, a different one in each world.
    state = new_game("guile", 2, 4, {"variants": ["code-of-chivalry"]})
    state.apply(0, "faction arthur")
    state.apply(0, "start tristan")
    assert state.in_simultaneous_phase() and state.to_move() == (0, 1)
    worlds = []
    for move in state.legal_moves(0)[:: len(state.legal_moves(0)) - 1]:
        world = state.clone()
        world.apply(0, move)
        worlds.append(world)
    one, other = worlds
    assert one.view(0) != other.view(0)
    assert one.view(1) == other.view(1) and one.events(1) == other.events(1)
    assert decide(one, 1, "ismcts:iters=200") == decide(other, 1, "ismcts:iters=200")


def test_it_plays_on_when_a_knights_seat_sits_out_or_is_away() -> None:
    state = new_game("knights", 4, 6, {"absent": [3]})
    state.apply(2, "sit out")
    rng = random.Random(6)
    for _ in range(30):
        seat = state.to_move()[0]
        assert seat not in (2, 3)
        legal = state.legal_moves(seat)
        move = decide(state, seat, "ismcts:iters=12") if len(legal) > 1 else legal[0]
        assert move in legal
        state.apply(seat, move if rng.random() < 0.5 else rng.choice(legal))


def heuristic_play(game: str, players: int, seed: int, decisions: int) -> GameState:
    """A seeded game the game's heuristic plays at every seat for ``decisions`` decisions."""
    state = new_game(game, players, seed)
    bots = [make_bot("heuristic", game, seed + seat) for seat in range(players)]
    for _ in range(decisions):
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(InfoState.of(state, seat), state.legal_moves(seat)))
    return state


@pytest.mark.parametrize(("seed", "decisions"), [(1, 124), (0, 92)], ids=["no-pasts", "no-move"])
def test_a_tree_per_seat_searches_on_where_the_sampler_gave_up_on_a_world(seed: int, decisions: int) -> None:
    # Knights at 4 seats. At the first decision a world drawn from the searcher's information is one the
    # sampler found no other seat's past for (kept with the viewer's events: an opponent's own face-down
    # cover is hidden from it there); at the second a world drawn again from an opponent's information
    # gives the searcher, covering at the Exit, a hand with no move. Each one crashed the search.
    state = heuristic_play("knights", 4, seed, decisions)
    seat = state.to_move()[0]
    legal = state.legal_moves(seat)
    bot = make_bot("ismcts:iters=40,trees=1", "knights", 0)
    assert bot.choose(InfoState.of(state, seat), legal) in legal


class Last:
    """A guide that always picks the last legal move."""

    name = "last"

    def choose(self, info: InfoState, legal: Sequence[Move]) -> Move:
        return legal[-1]


@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_guides_move_stands_unless_the_search_finds_better_over_many_visits(
    game: str, players: int
) -> None:
    state = advanced(game, players, 4, 14)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    # Ten iterations cannot outvote the guide's virtual visits.
    guided = IsmctsBot(game, 2, Budget(iterations=10), guide=Last(), guide_visits=40)
    assert guided.choose(info, legal) is legal[-1]
    # ismcts:guide=N is guided by the game's heuristic, seeded alike; it guides the trees, which
    # a game with a heuristic searches with only when asked (trees=1).
    heuristic = make_bot("heuristic", game, 2).choose(info, legal)
    assert make_bot("ismcts:iters=10,guide=40,trees=1", game, 2).choose(info, legal) == heuristic


@pytest.mark.parametrize("game", ["guile", "knights", "guardians"])
@pytest.mark.parametrize("trees", [False, True])
@pytest.mark.parametrize(
    ("spec", "level", "iterations"),
    [
        ("ismcts", "normal", None),
        ("ismcts:easy", "easy", None),
        ("ismcts:normal", "normal", None),
        ("ismcts:hard", "hard", None),
        ("ismcts:iters=2000", None, 2000),
        ("ismcts:iters=50", None, 50),
    ],
)
def test_budgets_and_levels(
    game: str, trees: bool, spec: str, level: str | None, iterations: int | None
) -> None:
    # By default the search plays its playouts by the game's heuristic, so its levels count
    # fewer, dearer, iterations, and those of a level are the table's, divided by its seats;
    # with trees=1, and at easy, it grows a tree per seat with the levels of iterations.
    if trees:
        spec += ",trees=1" if ":" in spec else ":trees=1"
    by_trees = trees or level == "easy"
    levels = LEVELS if by_trees else POLICY_LEVELS
    by_seats = level is not None and not by_trees
    budget = Budget(iterations=levels[level] if level else iterations, by_seats=by_seats)
    assert Budget.of(parse_spec(spec), levels, by_seats=not by_trees) == budget
    bot = make_bot(spec, game, 1)
    assert isinstance(bot, IsmctsBot) and bot.budget == budget and (bot.policy is None) == by_trees


@pytest.mark.parametrize(
    ("game", "players"), [("guile", 2), ("knights", 2), ("knights", 4), ("guardians", 4)]
)
def test_a_level_with_a_policy_divides_its_playouts_among_the_seats(game: str, players: int) -> None:
    state = advanced(game, players, 3, 12)
    seat = state.to_move()[0]
    info, legal = InfoState.of(state, seat), state.legal_moves(seat)
    bot = make_bot("ismcts:normal", game, 1)
    assert isinstance(bot, IsmctsBot)
    bot.choose(info, legal)
    # Whole worlds are played out, one playout per legal move (per surviving move, in a game that halves
    # them), until the share is reached: the level's playouts times the game's scale (cheap playouts, more
    # of them), over the seats.
    scoring = scoring_for(game)
    share = POLICY_LEVELS["normal"] * scoring.level_scale // players
    if scoring.halving:
        assert share <= bot.iterations < share + len(legal)
    else:
        assert bot.iterations == -(-share // len(legal)) * len(legal)
    assert Budget(iterations=300, by_seats=True).limit(players) == 300 // players
    assert Budget(iterations=300).limit(players) == 300
    assert Budget(millis=50, by_seats=True).limit(players) is None


def test_a_games_level_scale_multiplies_the_named_levels_only() -> None:
    # Liar's Dice playouts end at the round's reveal: its levels get ten times the playouts; a count or a
    # time asked for is kept as asked, and a game with dear playouts keeps the levels as they are.
    assert scoring_for("liars_dice").level_scale == 10 and scoring_for("knights").level_scale == 1
    for level in POLICY_LEVELS:
        bot = make_bot(f"ismcts:{level}", "liars_dice", 1)
        assert isinstance(bot, IsmctsBot) and bot.budget.iterations == POLICY_LEVELS[level] * 10
        knights = make_bot(f"ismcts:{level}", "knights", 1)
        assert isinstance(knights, IsmctsBot) and knights.budget.iterations == POLICY_LEVELS[level]
    # Easy's trees count iterations, which no game scales.
    easy = make_bot("ismcts:easy", "liars_dice", 1)
    assert isinstance(easy, IsmctsBot) and easy.budget == Budget(iterations=LEVELS["easy"])
    asked = make_bot("ismcts:iters=40", "liars_dice", 1)
    assert isinstance(asked, IsmctsBot) and asked.budget == Budget(iterations=40)
    timed = make_bot("ismcts:ms=30", "liars_dice", 1)
    assert isinstance(timed, IsmctsBot) and timed.budget == Budget(millis=30)


def test_a_guide_is_refused_where_the_heuristic_plays_every_playout_already() -> None:
    with pytest.raises(SetupError, match="add trees=1 for the trees"):
        make_bot("ismcts:guide=40", "knights", 0)
    bot = make_bot("ismcts:guide=40,trees=1", "knights", 0)
    assert (
        isinstance(bot, IsmctsBot)
        and bot.policy is None
        and bot.budget == Budget(iterations=LEVELS["normal"])
    )


def test_a_time_budget_parses() -> None:
    assert Budget.of(parse_spec("ismcts:ms=500")) == Budget(millis=500)
    bot = make_bot("ismcts:ms=500", "knights", 1)
    assert isinstance(bot, IsmctsBot) and bot.budget == Budget(millis=500)


def test_the_levels_search_more_as_they_go_up() -> None:
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["hard"]
    assert POLICY_LEVELS["normal"] < POLICY_LEVELS["hard"]
    # Easy searches by the trees with quiet playouts, in every game: it plays without the heuristic.
    assert set(POLICY_LEVELS) | TREE_LEVELS == set(LEVELS) and not set(POLICY_LEVELS) & TREE_LEVELS
    for game in ("guile", "liars_dice"):
        easy = make_bot("ismcts:easy", game, 1)
        assert isinstance(easy, IsmctsBot) and easy.policy is None


def test_every_game_with_a_heuristic_plays_its_playouts_by_it_unless_asked_for_trees() -> None:
    for game in ("guile", "knights", "guardians"):
        bot = make_bot("ismcts", game, 1)
        assert isinstance(bot, IsmctsBot) and bot.policy is not None
        assert type(bot.policy(3)) is type(make_bot("heuristic", game, 3))
        trees = make_bot("ismcts:hard,trees=1", game, 1)
        assert isinstance(trees, IsmctsBot) and trees.policy is None
        assert trees.budget == Budget(iterations=LEVELS["hard"])


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:expert", "unknown ismcts level 'expert'; levels are easy, normal, hard"),
        ("ismcts:iters=0", "write key=N with N a positive number"),
        ("ismcts:iters=many", "write key=N with N a positive number"),
        ("ismcts:iters=10,ms=10", "one budget: a level, iters=N or ms=N"),
        ("ismcts:hard,iters=10", "one budget: a level, iters=N or ms=N"),
        ("ismcts:depth=3", "unknown ismcts setting 'depth'; settings are iters, ms, guide, trees, trust"),
        ("ismcts:trees=2", "ismcts trees is at most 1, not 2"),
        ("ismcts:easy,keep=100", "the trees \\(trees=1, and easy\\) have no such move"),
        ("ismcts:iters=3,iters=4", "given twice"),
        (":hard", "names no bot"),
        ("random:hard", "random takes no level"),
    ],
)
def test_bad_specs_are_refused_clearly(spec: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        make_bot(spec, "guile", 0)


def test_a_time_budget_searches_until_its_time_is_up() -> None:
    state = advanced("guardians", 2, 8, 10)
    seat = state.to_move()[0]
    bot = make_bot("ismcts:ms=1", "guardians", 3)
    assert isinstance(bot, IsmctsBot)
    assert bot.choose(InfoState.of(state, seat), state.legal_moves(seat)) in state.legal_moves(seat)
    assert bot.iterations >= 1


def test_the_play_command_takes_a_bot_spec_and_refuses_an_unknown_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "ismcts:hard" in bot_kinds() and "fixed:truthful" in bot_kinds() and "ismcts" in bot_kinds()
    assert "oracle:hard" not in bot_kinds() and ":hard" not in bot_kinds()
    args = build_parser().parse_args(["play", "guile", "--vs", "ismcts:iters=50"])
    assert args.vs == "ismcts:iters=50"
    assert main(["play", "guile", "--vs", "oracle"]) == 2
    assert "--vs: unknown bot 'oracle'" in capsys.readouterr().err


def _votes(seq: int, agree: tuple[int, ...], disagree: tuple[int, ...]) -> list[Event]:
    """A face-down cover by seat 3 that went to a vote, as a voter saw it; ``seq`` to ``seq + 1``."""
    cover = {"face": "sword", "claim": "sword", "card": "?", "face_down": True}
    return [
        Event(seq, "cover", 3, MappingProxyType(cover), ()),
        Event(seq + 1, "votes", None, MappingProxyType({"agree": agree, "disagree": disagree}), ()),
    ]


def test_a_knights_seats_record_of_votes_is_read_from_the_votes_events() -> None:
    events = [
        *_votes(1, (0, 2), (1,)),
        *_votes(5, (0,), (1, 2)),
        Event(7, "pass", 0, MappingProxyType({}), ()),
    ]
    assert doubts(KNIGHTS_CLAIMS, events) == {0: (0, 2), 1: (2, 2), 2: (1, 2)}


def test_the_playouts_answer_as_each_seat_has_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 has disagreed with all of ten advances, seat 2 agreed with all ten; seat 3 never voted.
    events = [event for seq in range(1, 21, 2) for event in _votes(seq, (2,), (1,))]
    state = advanced("knights", 4, 3, 12)
    info = InfoState(0, state.view(0), events)
    bot = IsmctsBot("knights", 1, Budget(iterations=10), policy=lambda seed: Spy([]))
    leanings = bot._leanings_of(info)
    assert set(leanings) == {1, 2}
    # One answer at a stranger's rate comes first, halfway from the policy's 0.32 to calling every claim:
    # (10 + 0.66) / 11 doubts, and 0.66 / 11.
    stranger = KNIGHTS_DISAGREE_RATE + (1 - KNIGHTS_DISAGREE_RATE) * STRANGER
    assert stranger == pytest.approx(0.66)
    assert leanings[1] == pytest.approx(((10 + stranger) / 11 - 0.32) / 0.68)
    assert leanings[2] == pytest.approx((stranger / 11 - 0.32) / 0.32)
    agree, disagree = (type(state).parse_move(text) for text in ("vote agree", "vote disagree"))
    legal = [agree, disagree]
    rng = random.Random(0)
    # Seat 3 has no record: the playouts turn half of its agreements into disagreements, a stranger's leaning.
    bot._leanings = leanings
    turned = sum(bot._leaned(3, agree, legal, rng) == disagree for _ in range(2000)) / 2000
    assert turned == pytest.approx(STRANGER, abs=0.04)
    assert all(bot._leaned(3, disagree, legal, rng) == disagree for _ in range(50))
    assert bot._lean(agree, legal, 1.0, rng) == disagree and bot._lean(disagree, legal, -1.0, rng) == agree
    assert bot._lean(disagree, legal, 1.0, rng) == disagree and bot._lean(agree, legal, -1.0, rng) == agree
    turned = sum(bot._lean(agree, legal, leanings[1], rng) == disagree for _ in range(2000)) / 2000
    assert turned == pytest.approx(leanings[1], abs=0.04)


def _disputed(seq: int, claimant: int, caught: bool) -> list[Event]:
    """A face-down cover by ``claimant`` that seat 0 disagreed with, revealed, and the bluff caught or
    the claim left standing; ``seq`` to ``seq + 3``."""
    cover = {"face": "sword", "claim": "sword", "card": "?", "face_down": True}
    shown = Event(seq + 3, "bluff-caught", claimant, MappingProxyType({}), ())
    standing = Event(seq + 3, "pass", 0, MappingProxyType({}), ())
    revealed = {"cards": ("torch" if caught else "sword",)}
    return [
        Event(seq, "cover", claimant, MappingProxyType(cover), ()),
        Event(seq + 1, "votes", None, MappingProxyType({"agree": (), "disagree": (0,)}), ()),
        Event(seq + 2, "reveal", claimant, MappingProxyType(revealed), ()),
        shown if caught else standing,
    ]


def test_the_worlds_believe_a_claimant_by_its_shown_claims() -> None:
    # Seat 1 was shown truthful four times, seat 2 caught bluffing twice; seat 3's claims never shown.
    events = [
        *(event for seq in range(1, 17, 4) for event in _disputed(seq, 1, caught=False)),
        *(event for seq in range(17, 25, 4) for event in _disputed(seq, 2, caught=True)),
    ]
    state = advanced("knights", 4, 3, 12)
    bot = IsmctsBot("knights", 1, Budget(iterations=10))
    believed = bot._credences_of(InfoState(0, state.view(0), events))
    assert set(believed) == {1, 2}
    # Two shown claims at the share expected true (0.5) come first, read against it from the trust (0.8).
    assert believed[1] == pytest.approx(0.8 + 0.2 * ((4 + 1) / 6 - 0.5) / 0.5) and believed[1] > 0.8
    assert believed[2] == pytest.approx(0.8 * (1 / 4) / 0.5) and believed[2] < 0.8


def test_guardians_playouts_answer_offers_as_each_seat_has_answered() -> None:
    # Four seats of Guardian's Call from a fixed deal, at random but for the answers: seat 1 doubts
    # every offer made to it, seat 2 believes every one. Either answer shows the cards to the table
    # (rulebook "Making an Offer"), so seat 0 reads both records from its own events.
    state = new_game("guardians", 4, 3)
    believe, doubt = (type(state).parse_move(text) for text in ("believe", "doubt"))
    chosen = {1: doubt.index, 2: believe.index}
    answered = {1: 0, 2: 0}
    rng = random.Random(3)
    while min(answered.values()) < 4:
        assert not state.is_over()
        seat = state.to_move()[0]
        legal = state.legal_moves(seat)
        move = next((m for m in legal if m.index == chosen.get(seat)), None)
        if move is None:
            move = rng.choice(legal)
        else:
            answered[seat] += 1
        state.apply(seat, move)
    info = InfoState.of(state, 0)
    record = doubts(GUARDIANS_CLAIMS, info.events)
    assert record[1] == (answered[1], answered[1]) and record[2] == (0, answered[2])
    bot = IsmctsBot("guardians", 1, Budget(iterations=10), policy=lambda seed: Spy([]))
    leanings = bot._leanings_of(info)
    # One answer at a stranger's rate comes first, halfway from the heuristic's 0.66 to doubting every offer.
    stranger = GUARDIANS_CALL_RATE + (1 - GUARDIANS_CALL_RATE) * STRANGER
    calls, answers = record[1]
    believed = record[2][1]
    assert leanings[1] == pytest.approx(((calls + stranger) / (answers + 1) - 0.66) / 0.34)
    assert leanings[2] == pytest.approx((stranger / (believed + 1) - 0.66) / 0.66)
    assert leanings[1] > 0 > leanings[2]
    bot._leanings = leanings
    legal = [believe, doubt]
    turned = sum(bot._leaned(1, believe, legal, rng) == doubt for _ in range(2000)) / 2000
    assert turned == pytest.approx(leanings[1], abs=0.04)
    trusted = sum(bot._leaned(2, doubt, legal, rng) == believe for _ in range(2000)) / 2000
    assert trusted == pytest.approx(-leanings[2], abs=0.04)


def test_a_game_without_claims_leaves_every_seat_to_the_policy() -> None:
    # Guile has no claims: no record of answers, no stranger, every move as the policy made it.
    state = new_game("guile", 2, 3)
    bot = IsmctsBot("guile", 1, Budget(iterations=10), policy=lambda seed: Spy([]))
    assert bot._leanings_of(InfoState.of(state, 0)) == {} and bot._stranger == 0.0
    legal = state.legal_moves(state.to_move()[0])
    rng = random.Random(0)
    assert all(bot._leaned(1, move, legal, rng) is move for move in legal)
