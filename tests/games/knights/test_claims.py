"""Knights of Glory's claims, read once for everybody: the rules' vote, the heuristic's records and the arena.

A fixed two-seat game (``three_claims``, the arena's too): seat 0 bluffs a Jester that
seat 1 believes, bluffs a shield that seat 1 calls, and seat 1 covers truly
and is called wrongly. Each reader judges a claim where its events show the
truth: its own covers, a disagreement's reveal, a Jester shown after all
agreed; a true claim everybody agreed with stays unknown to the others.
"""

from __future__ import annotations

import random

from feint.engine.claims import Claim, bluffs, doubts
from feint.engine.events import log_events
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.replay import Replay
from feint.engine.view import HIDDEN
from feint.games.knights.cards import BOMB, JESTER, KEY, SWORD, TOKEN, WILD
from feint.games.knights.claims import CLAIMS, bluffed, covers_truly, true_covers
from feint.games.knights.heuristic import HeuristicBot
from feint.games.knights.moves import parse_move
from feint.games.knights.view import KnightsView
from tests.games.knights.three_claims import MOVES, SETUP


def test_a_cover_is_true_when_it_matches_its_claim_or_is_a_wild_or_a_token() -> None:
    assert covers_truly(BOMB, BOMB) and covers_truly(WILD, KEY) and covers_truly(TOKEN, SWORD)
    assert not covers_truly(JESTER, BOMB) and not covers_truly(KEY, BOMB)
    assert covers_truly("wild", "key") and not covers_truly("jester", "bomb")
    assert bluffed(HIDDEN, BOMB) is None and bluffed(KEY, BOMB) is True and bluffed(BOMB, BOMB) is False
    assert true_covers(SWORD) == (SWORD, WILD, TOKEN)


def test_each_reader_judges_what_its_events_show() -> None:
    state = Replay("knights", 2, 1, setup=SETUP, moves=MOVES).play()
    full = [Claim(0, True, (), (1,)), Claim(0, True, (1,), ()), Claim(1, False, (0,), ())]
    assert list(CLAIMS.read(log_events(state.log))) == full
    # Every truth was shown: the Jester after all agreed, the covers of each disagreement.
    for viewer in (None, 0, 1):
        assert list(CLAIMS.read(state.events(viewer))) == full


def test_a_true_claim_all_agreed_with_is_known_to_its_claimant_alone() -> None:
    moves = ((0, "advance"), (0, "cover bomb with bomb"), (1, "vote agree"))
    state = Replay("knights", 2, 1, setup=SETUP, moves=moves).play()
    assert list(CLAIMS.read(state.events(0))) == [Claim(0, False, (), (1,))]
    assert list(CLAIMS.read(state.events(1))) == [Claim(0, None, (), (1,))]
    assert list(CLAIMS.read(state.events(None))) == [Claim(0, None, (), (1,))]
    assert list(CLAIMS.read(log_events(state.log))) == [Claim(0, False, (), (1,))]


def test_a_move_about_to_be_made_is_judged_by_the_same_rule() -> None:
    state = Replay("knights", 2, 1, setup=SETUP, moves=MOVES[:1]).play()
    view = state.view(0)
    assert isinstance(view, KnightsView)
    truths = {str(m): CLAIMS.truth(view, m) for m in state.legal_moves(0)}
    assert truths["cover bomb with bomb"] is True and truths["cover bomb with jester"] is False
    assert truths["substitute bomb with sword"] is True and truths["substitute bomb with key"] is False
    assert CLAIMS.answer(parse_move("vote agree")) is True and CLAIMS.answer(parse_move("pass")) is None


def test_the_heuristic_remembers_what_the_claims_read_at_once_tell() -> None:
    """Read a little at each decision, the heuristic's records are the records of every claim it saw."""
    for seed in range(4):
        players = 2 + seed
        state = new_game("knights", players, seed)
        bots = [HeuristicBot(seed * 10 + seat) for seat in range(players)]
        rng = random.Random(seed)
        while not state.is_over() and state.seq < 600:
            seat = rng.choice(state.to_move())
            info = InfoState.of(state, seat)
            move = bots[seat].choose(info, state.legal_moves(seat))
            seen = bots[seat]._seen
            records = doubts(CLAIMS, info.events)
            assert {s: (seen.disagree[s], seen.disagree[s] + seen.agree[s]) for s in records} == records
            made = bluffs(CLAIMS, info.events)
            assert {s: (seen.bluffs[s], seen.bluffs[s] + seen.truths[s]) for s in made} == made
            state.apply(seat, move)
