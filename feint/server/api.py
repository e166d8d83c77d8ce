"""The HTTP side: the games, creating and joining tables, the lobby, the replay, and the pages.

What the browser knows of a game comes from the game's declaration: its
description, rules and glossary (``/api/games/{game}``, from its phrasebook)
and its renderer module if it ships one (``/games/{game}/web.js``).

Errors are ``{"error": {"code", "message"}}`` with a 4xx status. Request
bodies are read by hand so that every bad field gets a sentence saying what
was expected.
"""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.datastructures import QueryParams
from starlette.requests import HTTPConnection

from feint.bots.levels import levels
from feint.bots.registry import bot_kinds, make_bot, strongest
from feint.engine.errors import SetupError
from feint.engine.registry import declaration, game_names, get_game
from feint.engine.state import Seat, Viewer
from feint.engine.types import is_whole
from feint.engine.view import jsonable
from feint.engine.words import Phrase, speaking, told_text, tr
from feint.locale import ENGLISH, asked_language, catalogue, chosen, page_strings
from feint.server import chat_store
from feint.server.chat import channels_read, readable
from feint.server.hub import Throttles
from feint.server.messages import phrasebook
from feint.server.replays import replay_frames
from feint.server.service import Tables, TableSpec
from feint.server.tables import TEACHER_BOT, Clock, Table, TableError
from feint.server.tokens import link, matches, new_token, token_hash

MAX_BODY = 64 * 1024
"""Bytes a request body may hold (:class:`feint.server.guards.BodyLimit` refuses more, unread)."""
MAX_CLOCK = 30 * 86400
"""The longest bank or increment, in seconds: 30 days (a turn-based table's clock is in days)."""
STATUS = {
    "not_found": 404,
    "forbidden": 403,
    "bad_token": 401,
    "game_over": 409,
    "expired": 409,
    "not_over": 409,
    "throttled": 429,
    "too_large": 413,
    "internal": 500,
}


def error_response(code: str, message: str, language: str = ENGLISH) -> JSONResponse:
    """A refusal, its ``message`` (a fixed English text or a Phrase) told in ``language``."""
    status = STATUS.get(code, 400)
    headers = {"Retry-After": "1"} if status == 429 else None
    with speaking(catalogue(language)):
        said = told_text(message)
    return JSONResponse({"error": {"code": code, "message": said}}, status_code=status, headers=headers)


def request_language(request: HTTPConnection) -> str:
    """The language a request (or a websocket before its hello) is answered in: its ``?lang=``, else
    its ``Accept-Language`` (docs/web.md)."""
    asked = QueryParams(request.scope.get("query_string", b"")).get("lang")  # a bare scope has none
    return asked_language(asked, request.headers.get("accept-language"))


def router(tables: Tables, static: Path, throttles: Throttles) -> APIRouter:
    """The HTTP routes; ``throttles`` limits each client address's requests that make tables or take seats."""
    api = APIRouter()

    def check_rate(request: Request) -> None:
        address = request.client.host if request.client is not None else "unknown"
        if not throttles.admit(address):
            raise TableError(
                "throttled",
                "too many requests; slow down to {rate:g} a second and try again",
                rate=throttles.rate,
            )

    @api.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [_game_json(name) for name in game_names()]

    @api.get("/api/locale/{language}")
    async def locale(language: str) -> Response:
        """The page's strings in ``language`` (its catalogue), for the page's ``t()``."""
        return JSONResponse(page_strings(chosen(language)), headers={"Cache-Control": "no-cache"})

    @api.get("/api/games/{game}")
    async def game_info(game: str, lang: str | None = None) -> Response:
        """Everything a page needs to know about one game: what ``/api/games`` lists, its rules and
        glossary, and where its renderer module is (null: the page draws it with the generic one)."""
        if game not in game_names():
            return _no_game(game, chosen(lang))
        declared = declaration(game)
        web = f"/games/{game}/web.js" if declared.web is not None else None
        style = f"/games/{game}/web.css" if declared.style is not None else None
        facts = jsonable(declared.facts_data())
        return JSONResponse(
            {**_game_json(game), **_help_json(game, chosen(lang)), "web": web, "style": style, "facts": facts}
        )

    @api.get("/api/games/{game}/help")
    async def game_help(game: str, lang: str | None = None) -> Response:
        if game not in game_names():
            return _no_game(game, chosen(lang))
        return JSONResponse(_help_json(game, chosen(lang)))

    @api.get("/games/{game}/web.js")
    async def game_module(game: str) -> Response:
        """The game's own browser renderer, from its package; 404 when it ships none."""
        missing = f"no browser renderer for {game!r}: pages draw it with generic.js"
        return _package_file(game, "web", "text/javascript", missing)

    @api.get("/games/{game}/web.css")
    async def game_style(game: str) -> Response:
        """The game's own renderer's stylesheet, from its package; 404 when it ships none."""
        return _package_file(game, "style", "text/css", f"no stylesheet for {game!r}")

    @api.get("/favicon.ico")
    async def favicon() -> Response:
        return FileResponse(static / "favicon.svg", media_type="image/svg+xml")

    @api.post("/api/tables")
    async def create(request: Request) -> Response:
        try:
            check_rate(request)
            spec = _spec(await _body(request))
        except (TableError, SetupError) as err:
            return _error(err, request)
        table, creator, tokens = await tables.create(spec)
        return JSONResponse(
            {
                "table_id": table.id,
                "creator_token": creator,
                "creator_seat": spec.creator_seat,
                "seats": [_seat_json(table, seat, tokens.get(seat)) for seat in range(table.players)],
            },
            status_code=201,
        )

    @api.get("/api/lobby")
    async def lobby() -> list[dict[str, Any]]:
        waiting = []
        for table_id in await tables.waiting():
            table = await tables.get(table_id)
            waiting.append(
                {
                    "table_id": table.id,
                    "game": table.game,
                    "players": table.players,
                    "open_seats": _open_seats(table),
                    "variants": list(table.options.get("variants", [])),
                }
            )
        return waiting

    @api.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> Response:
        """Take an open seat of a public table from the lobby: a fresh token for it."""
        token = new_token()
        try:
            check_rate(request)
            asked = (await _body(request)).get("seat")
            if not is_whole(asked):
                raise TableError("bad_request", 'the body must be {"seat": n}, n a seat number')
            seat = await tables.change(table_id, lambda t: _claim(t, asked, token, tables.clock()))
        except TableError as err:
            return _error(err, request)
        return JSONResponse({"seat": seat, "token": token, "link": link(table_id, seat, token)})

    async def finished(table_id: str, request: Request) -> tuple[Table, Viewer]:
        """The table, if the request holds one of its tokens and its game is over, and the token's seat
        (None for the creator's)."""
        table = await tables.get(table_id)
        viewer = _bearer(table, request.headers.get("authorization"))
        if not table.ended:
            raise TableError("not_over", "the replay opens when the game is over (or the table expired)")
        return table, viewer

    @api.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, request: Request) -> Response:
        try:
            table, _ = await finished(table_id, request)
        except TableError as err:
            return _error(err, request)
        return JSONResponse(
            table.replay().to_json(),
            headers={"Content-Disposition": f'attachment; filename="feint-{table.game}-{table.id}.json"'},
        )

    @api.get("/api/tables/{table_id}/replay/frames")
    async def frames(table_id: str, request: Request) -> Response:
        """The finished game move by move, every card face-up: what the end screen's replay steps through."""
        try:
            table, viewer = await finished(table_id, request)
        except TableError as err:
            return _error(err, request)
        language = chosen(request.query_params.get("lang"))
        played = await asyncio.to_thread(replay_frames, table, viewer, language)
        store = tables.store
        lines = await store.run(chat_store.recent_lines, store.engine, table_id, channels_read(viewer))
        return JSONResponse({**played, "chat": readable(lines, viewer)})

    @api.get("/")
    async def lobby_page() -> Response:
        return _page(static / "index.html")

    @api.get("/table/{table_id}")
    async def table_page(table_id: str) -> Response:
        return _page(static / "table.html")

    return api


def _no_game(game: str, language: str = ENGLISH) -> JSONResponse:
    return error_response(
        "not_found",
        Phrase("no game {game!r}; games are {games}", game=game, games=", ".join(game_names())),
        language,
    )


def _package_file(game: str, part: Literal["web", "style"], media_type: str, missing: str) -> Response:
    """A file a game's package ships for the browser (its ``web`` module or its ``style``); 404 if none."""
    source = _package_source(game, part) if game in game_names() else None
    if source is None:
        return PlainTextResponse(missing, 404)
    return Response(source, media_type=media_type, headers={"Cache-Control": "no-cache"})


@cache
def _package_source(game: str, part: Literal["web", "style"]) -> str | None:
    return declaration(game).package_file(part)


def _error(err: TableError | SetupError, request: Request) -> JSONResponse:
    """The refusal of ``request``, in its language."""
    if isinstance(err, TableError):
        return error_response(err.code, err.message, request_language(request))
    return error_response("bad_request", err.reason, request_language(request))


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()  # at most MAX_BODY bytes: feint.server.guards.BodyLimit saw to it
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # ValueError: bad JSON, bad UTF-8, an integer too long to read
        raise TableError("bad_json", "the body is not valid JSON") from None
    if not isinstance(data, dict):
        raise TableError("bad_json", "the body must be a JSON object")
    return data


def _game_json(name: str) -> dict[str, Any]:
    cls = get_game(name)
    bots = []
    for bot in bot_kinds():
        try:
            make_bot(bot, name)
            bots.append(bot)
        except SetupError:
            pass
    return {
        "name": name,
        "title": cls.TITLE,
        "min_players": cls.MIN_PLAYERS,
        "max_players": cls.MAX_PLAYERS,
        "default_players": cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS,
        "variants": list(cls.VARIANTS),
        "bots": bots,
        "levels": [{"bot": level.bot, "label": level.label} for level in levels(name)],
        "default_bot": strongest(name),
        "table_moves": sorted(str(m) for m in cls.TABLE_MOVES),
        "teaches": declaration(name).lesson is not None,
    }


_TERMINAL_HELP = re.compile(r"\s*(\w+ )?'help \w+'.*$", re.S)
"""The rules page's pointer to the terminal's help command: the web shows the glossary instead."""


def _help_json(name: str, language: str = ENGLISH) -> dict[str, Any]:
    """A game's one-screen rules and glossary, from its phrasebook: the terminal's own words, in
    ``language``."""
    book = phrasebook(name)
    with speaking(catalogue(language)):
        rules = tr(book.rules)
        # A rules page may open with its own heading line; the web panel has a heading of its own.
        heading, _, body = rules.partition("\n\n")
        return {
            "game": name,
            "title": tr(get_game(name).TITLE),
            "rules": _TERMINAL_HELP.sub("", body if "\n" not in heading and body else rules),
            "glossary": {tr(term): tr(text) for term, text in book.glossary.items()},
        }


def _spec(data: dict[str, Any]) -> TableSpec:
    if "teach" in data:
        return _teaching_spec(data)
    known = {"game", "players", "variants", "seats", "public", "clock", "creator_seat"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise TableError(
            "bad_request",
            "unknown field {field!r}; fields are {known}",
            field=unknown[0],
            known=", ".join(sorted(known)),
        )
    game = data.get("game")
    if not isinstance(game, str) or game not in game_names():
        raise TableError("bad_request", "game must be one of {games}", games=", ".join(game_names()))
    cls = get_game(game)
    players = data.get("players", cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS)
    if not is_whole(players):
        raise TableError("bad_request", "players must be a whole number")
    if not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
        raise TableError(
            "bad_request",
            "{game} seats {least} to {most} players",
            game=Phrase(cls.TITLE),
            least=cls.MIN_PLAYERS,
            most=cls.MAX_PLAYERS,
        )
    variants = data.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise TableError("bad_request", "variants must be a list of names")
    default_bot = strongest(game)
    seats = data.get("seats", [{"kind": "human"}] + [{"kind": "bot", "bot": default_bot}] * (players - 1))
    if not isinstance(seats, list) or len(seats) != players:
        raise TableError("bad_request", "seats must list the {players} seats", players=players)
    public = data.get("public", False)
    if not isinstance(public, bool):
        raise TableError("bad_request", "public must be true or false")
    kinds = tuple(_seat_kind(seat, n, default_bot) for n, seat in enumerate(seats))
    lobby = frozenset(n for n, seat in enumerate(seats) if seat.get("lobby") is True)
    if lobby and not public:
        raise TableError(
            "bad_request", "seat {seat}: only a public table opens seats to the lobby", seat=min(lobby)
        )
    people = [n for n, kind in enumerate(kinds) if kind is None]
    creator_seat = data.get("creator_seat", people[0] if people else None)
    if creator_seat is not None and (isinstance(creator_seat, bool) or creator_seat not in people):
        raise TableError(
            "bad_request", "creator_seat must be a person's seat ({people}) or null", people=people
        )
    if creator_seat in lobby:
        raise TableError(
            "bad_request",
            "seat {seat} is the creator's own: it is never open to the lobby",
            seat=creator_seat,
        )
    spec = TableSpec(
        game,
        players,
        {"variants": variants} if variants else {},
        public,
        _clock(data.get("clock")),
        kinds,
        lobby,
        creator_seat,
    )
    get_game(game).new(players, 0, spec.options, {})  # raises SetupError for a bad variant
    return spec


def _teaching_spec(data: dict[str, Any]) -> TableSpec:
    """A teaching table: the person in seat 0, the teacher's bots in the others, the game's usual seats,
    no variant and no clock; the server deals it from its seed like any table."""
    if data.get("teach") is not True or set(data) != {"game", "teach"}:
        raise TableError("bad_request", 'a teaching table is asked for as {"game": NAME, "teach": true} only')
    game = data["game"]
    if not isinstance(game, str) or game not in game_names() or declaration(game).lesson is None:
        taught = ", ".join(name for name in game_names() if declaration(name).lesson is not None)
        raise TableError("bad_request", "a teaching table's game is one of {taught}", taught=taught)
    cls = get_game(game)
    players = cls.DEFAULT_PLAYERS or cls.MIN_PLAYERS
    kinds = (None,) + (TEACHER_BOT,) * (players - 1)
    return TableSpec(game, players, {}, False, None, kinds, creator_seat=0, teach=True)


def _seat_kind(seat: Any, n: int, default_bot: str) -> str | None:
    if isinstance(seat, dict) and seat.get("kind") == "human" and set(seat) <= {"kind", "lobby"}:
        if not isinstance(seat.get("lobby", False), bool):
            raise TableError("bad_request", "seat {n}: lobby must be true or false", n=n)
        return None
    if isinstance(seat, dict) and seat.get("kind") == "bot" and set(seat) <= {"kind", "bot"}:
        bot = seat.get("bot", default_bot)
        if not isinstance(bot, str):
            raise TableError(
                "bad_request",
                "seat {n}: a bot is named by a spec such as {example!r}",
                n=n,
                example=default_bot,
            )
        return bot  # TableSpec checks the spec and its limits
    raise TableError(
        "bad_request",
        'seat {n} must be {{"kind": "human"}}, {{"kind": "human", "lobby": true}} '
        'or {{"kind": "bot", "bot": NAME}}',
        n=n,
    )


def _clock(clock: Any) -> Clock | None:
    """A clock in seconds: minutes for a game at one sitting, days for one played turn by turn."""
    if clock is None:
        return None
    if not isinstance(clock, dict) or set(clock) != {"bank", "increment"}:
        raise TableError("bad_request", 'clock must be null or {"bank": seconds, "increment": seconds}')
    bank, increment = clock["bank"], clock["increment"]
    for name, value in (("bank", bank), ("increment", increment)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= MAX_CLOCK:
            raise TableError(
                "bad_request",
                "clock {name} must be a number of seconds from 0 to {most} (30 days)",
                name=name,
                most=MAX_CLOCK,
            )
    if bank <= 0:
        raise TableError("bad_request", "clock bank must be more than 0 seconds")
    return Clock(float(bank), float(increment))


def _seat_json(table: Table, seat: Seat, token: str | None) -> dict[str, Any]:
    entry = table.seats[seat]
    return {
        "seat": seat,
        "kind": entry.kind,
        "bot": entry.bot,
        "lobby": entry.lobby,
        "link": None if token is None else link(table.id, seat, token),
    }


def _open_seats(table: Table) -> list[Seat]:
    """The seats the creator opened to the lobby that nobody has taken (nor a bot stands in for)."""
    return [s.seat for s in table.seats if s.lobby and not s.claimed and not s.stand_in]


def _claim(table: Table, seat: Any, token: str, now: float) -> Seat:
    if not table.public:
        raise TableError("not_found", "there is no public table {table!r}", table=table.id)
    if table.over:
        raise TableError("game_over", "the game is over")
    if seat not in _open_seats(table):
        raise TableError(
            "forbidden",
            "seat {seat!r} is not open; open seats are {open}",
            seat=seat,
            open=_open_seats(table),
        )
    table.take_from_lobby(int(seat), token_hash(token), now)
    return int(seat)


def _bearer(table: Table, header: str | None) -> Viewer:
    """The seat whose token the request holds, None for the creator's; a TableError for any other."""
    token = header[7:] if header is not None and header.startswith("Bearer ") else None
    if token is None:
        raise TableError("bad_token", "send a seat's or the creator's token as 'Authorization: Bearer TOKEN'")
    seat = table.seat_of(token)
    if seat is None and not matches(token, table.creator_hash):
        raise TableError("bad_token", "this token opens no seat of this table")
    return seat


def _page(path: Path) -> Response:
    if not path.is_file():
        return PlainTextResponse(f"the browser client is not installed here ({path.name} is missing)", 404)
    return FileResponse(path, headers={"Cache-Control": "no-cache"})
