"""``feint bench GAME``: random games per second on one core, against a baseline."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.progress import Progress

from feint.bench.costs import measure
from feint.bench.throughput import against_baseline
from feint.cli.numbers import whole_number
from feint.engine.errors import SetupError
from feint.engine.registry import game_names, get_game, new_game


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "bench",
        help="measure random games per second for a game",
        description="Play random games on one core and print games/s and moves/s (every applied "
        "move, each a decision of a seat), with their ratio to a reference workload (random "
        "tic-tac-toe moves/s) timed in slices alternating with the games.",
    )
    parser.add_argument("game", choices=game_names(), help="the game to measure")
    parser.add_argument("--games", type=whole_number(1), default=2000, help="how many games (default 2000)")
    parser.add_argument(
        "--players",
        type=whole_number(1),
        help="seats per game (default: the game's usual table)",
    )
    parser.add_argument("--seed", type=whole_number(), default=0, help="seed of the first game (default 0)")
    parser.add_argument(
        "--costs",
        action="store_true",
        help="instead, time one view with its JSON text and one clone, median by move number "
        "(over the states of --games games, every viewer)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    out = Console()
    err = Console(stderr=True, markup=False, highlight=False, soft_wrap=True)
    cls = get_game(args.game)
    try:
        players = new_game(args.game, args.players, args.seed).players
    except SetupError as error:
        err.print(f"feint bench: {error}")
        return 2
    if args.costs:
        return _costs(out, err, args.game, players, args.games, args.seed)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(f"{cls.TITLE}, {players} seats", total=args.games)
        comparison = against_baseline(
            args.game, players, args.games, args.seed, progress=lambda done: bar.update(task, completed=done)
        )
    measured = comparison.game
    out.print(f"{cls.TITLE}, {players} seats, {measured.games} random games on one core")
    out.print(f"  games/s      {measured.games_per_second:10,.0f}")
    out.print(f"  moves/s      {measured.decisions_per_second:10,.0f}")
    reference = comparison.baseline.decisions_per_second
    out.print(f"  baseline     {reference:10,.0f} tic-tac-toe moves/s, timed between the games")
    out.print(
        f"  ratio        {comparison.ratio:10.3f} moves per baseline move "
        f"(median of {len(comparison.ratios)} slices)"
    )
    return 0


def _costs(out: Console, err: Console, game: str, players: int, games: int, seed: int) -> int:
    with err.status(f"timing views and clones over {games} random games"):
        rows = measure(game, players, games, seed)
    out.print(f"{get_game(game).TITLE}, {players} seats: median µs by move number, over {games} random games")
    out.print(f"  {'moves from':>10} {'states':>7} {'view+JSON':>10} {'clone':>7} {'baseline/s':>11}")
    for row in rows:
        timed = f"{row.view_us:>10.1f} {row.clone_us:>7.1f} {row.baseline:>11,.0f}"
        out.print(f"  {row.bucket:>10} {row.states:>7} {timed}")
    out.print("  (baseline: tic-tac-toe moves/s timed just before each row, the machine's speed then)")
    return 0
