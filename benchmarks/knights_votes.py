"""How Knights bots bluff, and how often their votes are right, counted from the true state.

    .venv/bin/python benchmarks/knights_votes.py [GAMES]   (default 200; four heuristic seats)
    PYTHONPATH=$PWD .venv/bin/python benchmarks/knights_votes.py 20 --bots fixed:doubt,ismcts:normal --seed 1

With ``--bots`` the listed bots take the seats (as many seats as bots), each game turning them one
seat on, and the counts are each bot's: its plays judged and how many were bluffs, its covers that
were bluffs where a true cover was legal ("chosen"), and its votes by whether the voter stood on
Start (where disagreeing with a truth costs a card, not a place) or on the path.

The bots see only their information (view and events); this script reads the
state to know the truth of each judged play, which is what makes it a
measurement and not a bot.
"""

from __future__ import annotations

import argparse
from collections import Counter

from feint.bots.registry import make_bot
from feint.engine.info import InfoState
from feint.engine.registry import declaration, new_game
from feint.engine.seeding import bot_seed
from feint.games.knights.cards import START
from feint.games.knights.claims import covers_truly
from feint.games.knights.model import Phase
from feint.games.knights.state import KnightsState


def measure(games: int, bots: list[str], seed: int) -> dict[str, Counter[str]]:
    claims = declaration("knights").claims_model()
    assert claims is not None
    counts: dict[str, Counter[str]] = {bot: Counter() for bot in bots}
    players = len(bots)
    for number in range(games):
        stream = seed * 100_000 + number
        seated = bots[number % players :] + bots[: number % players]
        state = new_game("knights", players, stream)
        assert isinstance(state, KnightsState)
        playing = [make_bot(spec, "knights", bot_seed(stream, seat)) for seat, spec in enumerate(seated)]
        infos = [InfoState.of(state, seat) for seat in range(players)]
        while not state.is_over():
            seat = state.to_move()[0]
            infos[seat].sync(state)
            legal = state.legal_moves(seat)
            move = playing[seat].choose(infos[seat], legal)
            mine = counts[seated[seat]]
            view = infos[seat].view
            if claims.truth(view, move) is False and any(claims.truth(view, m) for m in legal):
                mine["bluffs chosen"] += 1
            if state.phase is Phase.VOTE:
                attempt = state.attempt
                assert attempt is not None and attempt.covers is not None and state.active is not None
                true = all(covers_truly(cover.card, cover.claim) for cover in attempt.covers)
                if all(state.votes[voter] is None for voter in state.voters):
                    active = counts[seated[state.active]]
                    active["plays"] += 1
                    active["bluffs"] += not true
                vote = "disagree" if str(move) == "vote disagree" else "agree"
                where = "start" if state.place[seat] == START else "path"
                mine[f"{vote} {where}"] += 1
                mine[f"{vote} {where} right"] += (vote == "agree") == true
            state.apply(seat, move)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=200)
    parser.add_argument("--bots", default=",".join(["heuristic"] * 4), help="A,B,...: a bot a seat")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bots = args.bots.split(",")
    counts = measure(args.games, bots, args.seed)
    print(f"{args.games} games, {len(bots)} seats")
    for bot, found in counts.items():
        plays = found["plays"]
        chosen = found["bluffs chosen"]
        print(f"{bot}: {plays} plays judged, {found['bluffs']} bluffs")
        print(f"  {chosen} covers bluffed where a true one was legal")
        for vote in ("agree", "disagree"):
            for where in ("path", "start"):
                cast = found[f"{vote} {where}"]
                if cast:
                    right = found[f"{vote} {where} right"]
                    print(f"  vote {vote} on the {where}: {cast} votes, right {right} ({right / cast:.2f})")


if __name__ == "__main__":
    main()
