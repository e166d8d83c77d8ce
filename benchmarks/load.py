"""Load on loopback: N live tables, each a websocket client against a bot, for a bounded time.

    .venv/bin/python benchmarks/load.py --tables 200 --seconds 60
    .venv/bin/python benchmarks/load.py --tables 200 --seconds 60 --workers 2   # PostgreSQL and Redis

It starts ``feint serve`` (with its own throwaway PostgreSQL and Redis for
``--workers 2`` or ``--postgres``), creates the tables (Guile: a person's
seat driven by this script, a heuristic bot with no pause in the other),
plays random legal moves as soon as it is the client's turn, starts a new
table when one ends, and prints the moves the server applied per second
(the person's and the bots') and the round trip of the client's moves, from
sending to its acknowledging ``state``: p50 and p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path
from tempfile import TemporaryDirectory

import httpx
from sqlalchemy import create_engine, func, select
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from feint.server.db import MoveRow
from tests.server.services import Postgres, Server, redis_server


async def table_client(url: str, until: float, rng: random.Random, trips: list[float]) -> None:
    """Play tables one after another until ``until``; every round trip goes into ``trips``."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        while time.monotonic() < until:
            spec = {
                "game": "guile",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            }
            table = (await http.post("/api/tables", json=spec)).json()
            token = table["seats"][0]["link"].split("token=")[1]
            async with connect(url.replace("http", "ws") + f"/ws/{table['table_id']}", open_timeout=60) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "since": None}))
                state = json.loads(await ws.recv())
                sent: tuple[int, float] | None = None
                while not state.get("over") and time.monotonic() < until:
                    if sent is None and state.get("legal"):
                        move = rng.choice(state["legal"])["text"]
                        sent = (state["seq"], time.perf_counter())
                        await ws.send(json.dumps({"type": "move", "move": move, "seq": state["seq"]}))
                    message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if message["type"] == "error":
                        sent = None  # a stale move in the simultaneous draft: try again from the next state
                        continue
                    state = message
                    if sent is not None and state["seq"] > sent[0]:
                        trips.append(time.perf_counter() - sent[1])
                        sent = None


def moves_stored(database: str) -> int:
    engine = create_engine(database)
    with engine.connect() as connection:
        count = connection.execute(select(func.count()).select_from(MoveRow)).scalar_one()
    engine.dispose()
    return int(count)


async def drive(url: str, tables: int, seconds: float, trips: list[float]) -> list[BaseException]:
    """Drive the tables; the errors of the clients that failed."""
    until = time.monotonic() + seconds
    outcomes = await asyncio.gather(
        *(table_client(url, until, random.Random(n), trips) for n in range(tables)), return_exceptions=True
    )
    return [outcome for outcome in outcomes if isinstance(outcome, BaseException)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="live tables at once (default 200)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to drive them (default 60)")
    parser.add_argument(
        "--workers", type=int, default=1, help="uvicorn workers (2+ uses PostgreSQL and Redis)"
    )
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL even with one worker")
    args = parser.parse_args()
    trips: list[float] = []
    with TemporaryDirectory() as folder:
        postgres = Postgres() if args.workers > 1 or args.postgres else None
        try:
            database = postgres.new_database() if postgres else f"sqlite:///{folder}/load.db"
            with redis_server() as redis:
                extra = ["--workers", str(args.workers), "--bot-processes", "2", "--throttle", "1000"]
                if args.workers > 1:
                    extra += ["--redis", redis]
                with Server(database, *extra) as server:
                    print(
                        f"driving {args.tables} tables for {args.seconds:.0f} s against {server.url} "
                        f"({args.workers} worker(s), {database.split(':')[0]})",
                        flush=True,
                    )
                    started = time.perf_counter()
                    errors = asyncio.run(drive(server.url, args.tables, args.seconds, trips))
                    elapsed = time.perf_counter() - started
                moves = moves_stored(database)
        finally:
            if postgres is not None:
                postgres.stop()
    for error in errors[:3]:
        print(f"a client failed: {error!r}", file=sys.stderr)
    if not trips or errors:
        print(f"{len(errors)} of {args.tables} clients failed; {len(trips)} moves came back", file=sys.stderr)
        return 1
    trips.sort()
    p99 = trips[min(len(trips) - 1, int(len(trips) * 0.99))]
    print(
        f"moves applied: {moves} in {elapsed:.1f} s = {moves / elapsed:.0f} moves/s "
        f"(the clients' {len(trips)}, the rest the bots')"
    )
    print(
        f"round trip of a client's move: p50 {statistics.median(trips) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
