"""How often Knights heuristic bots bluff, and how often their votes are right, in self-play.

    .venv/bin/python benchmarks/knights_votes.py [GAMES]   (default 200; 4 seats)

The bots see only their information (view and events); this script reads the
state to know the truth of each judged play, which is what makes it a
measurement and not a bot.
"""

from __future__ import annotations

import sys
from collections import Counter

from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import new_game
from feint.engine.seeding import bot_seed
from feint.games.knights.claims import covers_truly
from feint.games.knights.model import Phase
from feint.games.knights.state import KnightsState


def measure(games: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for number in range(games):
        state = new_game("knights", 4, number)
        assert isinstance(state, KnightsState)
        bots = [make_bot("heuristic", "knights", bot_seed(number, seat)) for seat in range(4)]
        infos = [InfoState.of(state, seat) for seat in range(4)]
        while not state.is_over():
            seat = state.to_move()[0]
            infos[seat].sync(state)
            move = bots[seat].choose(infos[seat], state.legal_moves(seat))
            if state.phase is Phase.VOTE:
                assert state.attempt is not None and state.attempt.covers is not None
                true = all(covers_truly(cover.card, cover.claim) for cover in state.attempt.covers)
                if all(state.votes[voter] is None for voter in state.voters):
                    counts["plays"] += 1
                    counts["bluffs"] += not true
                vote = "disagree" if str(move) == "vote disagree" else "agree"
                counts[vote] += 1
                counts[f"{vote} right"] += (vote == "agree") == true
            state.apply(seat, move)
    return counts


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    counts = measure(games)
    share = counts["bluffs"] / counts["plays"]
    print(f"{games} games: {counts['plays']} plays judged, {share:.2f} of them bluffs")
    for vote in ("agree", "disagree"):
        print(f"  vote {vote}: {counts[vote]} votes, right {counts[f'{vote} right'] / counts[vote]:.2f}")


if __name__ == "__main__":
    main()
