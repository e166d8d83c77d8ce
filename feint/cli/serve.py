"""``feint serve``: the web server friends play at (see docs/server.md)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from feint.cli.numbers import number, whole_number

DEFAULT_DATABASE = "sqlite:///feint.db"
USAGE_ERROR = 2


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "serve",
        help="start the web server: tables for friends in the browser, bots in the empty seats",
        description="Start the web server. Open http://HOST:PORT/ to create a table; each seat gets a "
        "secret join link to send to a friend. Tables are kept in the database, so a restart loses "
        "no move. Needs the 'server' extra (pip install 'feint[server]').",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=whole_number(), default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--database",
        default=DEFAULT_DATABASE,
        metavar="URL",
        help=f"SQLAlchemy URL of the database (default {DEFAULT_DATABASE}); "
        "PostgreSQL: postgresql+psycopg://user:password@host/name",
    )
    parser.add_argument(
        "--workers",
        type=whole_number(),
        default=1,
        metavar="N",
        help="worker processes sharing the tables (default 1); more than 1 needs PostgreSQL and --redis",
    )
    parser.add_argument(
        "--redis", metavar="URL", help="Redis URL for the workers' fan-out, e.g. redis://localhost:6379/0"
    )
    parser.add_argument(
        "--bot-pause",
        type=number(),
        default=0.6,
        metavar="SECONDS",
        help="how long a bot waits before it moves, so people can follow (default 0.6)",
    )
    parser.add_argument(
        "--bot-processes",
        type=whole_number(),
        default=2,
        metavar="N",
        help="processes each worker runs bots in (default 2)",
    )
    parser.add_argument(
        "--bot-time-limit",
        type=number(),
        default=15.0,
        metavar="SECONDS",
        help="how long a bot may think over one move before a fallback bot makes it (default 15)",
    )
    parser.add_argument(
        "--throttle",
        type=number(),
        default=10.0,
        metavar="N",
        help="messages a second one connection may send, and table or seat requests one address may, "
        "and table reads (lobby, replays, websockets) one address may, each after a burst of 3 seconds' "
        "worth (default 10)",
    )
    parser.add_argument(
        "--spectators",
        type=whole_number(0),
        default=50,
        metavar="N",
        help="spectators one table may have on each worker; the next is turned away (default 50)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="IPS",
        help="comma-separated addresses of the proxies whose X-Forwarded-For header is trusted for the "
        "client's address (the throttles count per address); by default none is, so a client cannot "
        "name its own address. Behind a proxy on this machine: --forwarded-allow-ips 127.0.0.1",
    )
    parser.add_argument(
        "--table-seed",
        type=whole_number(0),
        metavar="N",
        help="deal the tables from this seed, in the order each worker makes them, so the same "
        "requests give the same games (for tests and demonstrations: anyone who knows it can deal "
        "every table again); by default each table has a fresh secret seed",
    )
    parser.add_argument(
        "--smtp",
        metavar="URL",
        help="send 'your turn' e-mails through this SMTP server: smtp://[user:password@]host[:port] "
        "(or smtp+starttls://, smtps://); a person away when their move comes is told once a turn",
    )
    parser.add_argument(
        "--smtp-from", default="feint@localhost", metavar="ADDRESS", help="the e-mails' sender address"
    )
    parser.add_argument(
        "--webhook-prefix",
        action="append",
        default=[],
        metavar="URL",
        help="let players give a webhook URL beginning with this one (ending with '/'; may be repeated), "
        "e.g. https://discord.com/api/webhooks/ ; none by default: a player's URL is not trusted",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="where people reach this server, for the links in 'your turn' messages "
        "(default http://HOST:PORT)",
    )
    parser.add_argument(
        "--expire-after",
        type=number(),
        metavar="DAYS",
        help="expire an unfinished table after this many days without a move: no more moves, "
        "its replay kept (default: never)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    problem = _problem(args)
    if problem is not None:
        print(f"feint serve: {problem}", file=sys.stderr)
        return USAGE_ERROR
    try:
        import uvicorn

        from feint.server.app import Settings
        from feint.server.contacts import check_prefix
        from feint.server.db import migrate
    except ImportError as err:
        print(
            f"feint serve: {err.name} is missing; install the server extra: pip install 'feint[server]'",
            file=sys.stderr,
        )
        return USAGE_ERROR
    for prefix in args.webhook_prefix:
        try:
            check_prefix(prefix)
        except ValueError as err:
            print(f"feint serve: --webhook-prefix: {err}", file=sys.stderr)
            return USAGE_ERROR
    settings = Settings(
        database=args.database,
        redis=args.redis,
        bot_pause=args.bot_pause,
        bot_processes=args.bot_processes,
        bot_time_limit=args.bot_time_limit,
        throttle=args.throttle,
        spectators=args.spectators,
        table_seed=args.table_seed,
        smtp=args.smtp,
        smtp_from=args.smtp_from,
        webhook_prefixes=tuple(args.webhook_prefix),
        public_url=args.public_url or f"http://{args.host}:{args.port}",
        expire_after=args.expire_after,
    )
    try:
        migrate(settings.database)
    except Exception as err:
        print(f"feint serve: cannot open the database {_shown(settings.database)}: {err}", file=sys.stderr)
        return USAGE_ERROR
    os.environ.update(settings.environment())
    print(
        f"feint serve: http://{args.host}:{args.port}/ ({args.workers} worker(s), {_shown(args.database)})",
        flush=True,
    )
    uvicorn.run(
        "feint.server.app:app_from_environment",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
        proxy_headers=bool(args.forwarded_allow_ips),
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    return 0


def _problem(args: argparse.Namespace) -> str | None:
    if not 1 <= args.port <= 65535:
        return f"--port must be from 1 to 65535, not {args.port}"
    if args.workers < 1:
        return f"--workers must be at least 1, not {args.workers}"
    if args.bot_processes < 1:
        return f"--bot-processes must be at least 1, not {args.bot_processes}"
    if args.throttle < 1:
        return f"--throttle must be at least 1 message a second, not {args.throttle:g}"
    if args.bot_pause < 0:
        return "--bot-pause cannot be negative"
    if args.bot_time_limit <= 0:
        return f"--bot-time-limit must be more than 0 seconds, not {args.bot_time_limit:g}"
    if args.expire_after is not None and args.expire_after <= 0:
        return f"--expire-after must be more than 0 days, not {args.expire_after:g}"
    if args.smtp is not None and not args.smtp.startswith(("smtp://", "smtp+starttls://", "smtps://")):
        return "--smtp is smtp://[user:password@]host[:port] (or smtp+starttls://, smtps://)"
    if args.workers > 1 and (args.redis is None or not args.database.startswith("postgresql")):
        return (
            "--workers above 1 share tables through PostgreSQL and Redis: "
            "give --database postgresql+psycopg://... and --redis URL"
        )
    return None


def _shown(url: str) -> str:
    """The database URL without its password, for the console."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        credentials, _, host = rest.rpartition("@")
        return f"{scheme}{sep}{credentials.split(':')[0]}:***@{host}"
    return url
