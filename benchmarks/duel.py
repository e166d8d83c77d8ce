"""Two bots at 2 seats, each deal played from both seats: the loop the duel benchmarks share."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from feint.arena.stats import wilson
from feint.bots.base import Bot
from feint.bots.match import play_out, share
from feint.engine.registry import new_game
from feint.engine.types import Seat

Pairing = Callable[[int, Seat], Mapping[Seat, Bot]]
"""Both seats' bots for a deal's seed, the bot under test in the seat given."""


def duel(game: str, games: int, seed: int, pairing: Pairing, tested: str) -> float:
    """Game N on seed ``seed + N // 2`` with the bot under test in seat N % 2; prints each game as it ends,
    then the tested bot's share and its 95% Wilson interval, and returns the share."""
    won = 0.0
    for number in range(games):
        deal, seat = seed + number // 2, number % 2
        state = new_game(game, 2, deal)
        play_out(state, pairing(deal, seat))
        gained = share(state, seat)
        won += gained
        print(f"game {number + 1}: seed {deal}, {tested} in seat {seat}, its share {gained}", flush=True)
    low, high = wilson(won, games)
    print(f"share {won / games:.3f} [{low:.3f}, {high:.3f}] of {games} games, seeds {seed} on")
    return won / games
