"""What a client may send before the app reads it: the request body limit and the read throttle.

A body is refused by its ``Content-Length`` before a byte of it is read,
and a body without one (chunked) is counted as it streams in and cut off
at the limit, so a client can make the server hold at most the limit.
Requests that look a table up (the lobby, a replay, a websocket) are
throttled per client address, as the requests that make things are. And
whatever goes wrong, the answer is in the JSON error format
(:func:`json_errors`), never a plain-text page.
"""

from __future__ import annotations

import json

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from feint.engine.words import Phrase
from feint.server.api import MAX_BODY, error_response, request_language
from feint.server.hub import TRY_AGAIN_LATER, Throttles
from feint.server.messages import error_message

READS = ("/api/lobby", "/api/tables/")
"""The paths whose GET requests are throttled, with every websocket: each looks tables up."""


class BodyLimit:
    """ASGI middleware: an HTTP request whose body is over ``limit`` bytes gets 413 ``too_large``.

    The body, at most ``limit`` bytes, is read here and handed to the app
    whole; what the app receives after it comes from the client as before
    (a disconnect).
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(scope, receive, send)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
            more = message.get("more_body", False)
        await self.app(scope, _replay(bytes(body), receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        text = Phrase("a request body is at most {most} bytes", most=self.limit)
        response = error_response("too_large", text, request_language(HTTPConnection(scope)))
        await response(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` as the whole request, then whatever the client sends next."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if given:
            return await receive()
        given = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


class ReadLimit:
    """ASGI middleware: a client address over its :class:`Throttles` bucket for reads is refused.

    An HTTP request gets 429 ``throttled``; a websocket is accepted, told
    ``throttled`` in an ``error`` message and closed (1013, try again later).
    """

    def __init__(self, app: ASGIApp, throttles: Throttles) -> None:
        self.app = app
        self.throttles = throttles

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._reads(scope) or self.throttles.admit(client_address(scope)):
            await self.app(scope, receive, send)
            return
        text = Phrase(
            "too many requests; slow down to {rate:g} a second and try again", rate=self.throttles.rate
        )
        language = request_language(HTTPConnection(scope))
        if scope["type"] == "http":
            await error_response("throttled", text, language)(scope, receive, send)
            return
        if (await receive())["type"] == "websocket.connect":
            await send({"type": "websocket.accept"})
            refusal = error_message("throttled", text, language=language)
            await send({"type": "websocket.send", "text": json.dumps(refusal)})
            await send({"type": "websocket.close", "code": TRY_AGAIN_LATER})

    @staticmethod
    def _reads(scope: Scope) -> bool:
        if scope["type"] == "http":
            return scope["method"] in ("GET", "HEAD") and str(scope["path"]).startswith(READS)
        return bool(scope["type"] == "websocket")


def client_address(scope: Scope) -> str:
    """The client's address as the server saw it (behind a trusted proxy, the one it forwarded)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def json_errors(app: FastAPI) -> None:
    """Answer an unknown path or method, and any error of the server's own, in the JSON error format."""

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, err: HTTPException) -> JSONResponse:
        code = "not_found" if err.status_code == 404 else "bad_request"
        error = {"code": code, "message": f"{request.method} {request.url.path}: {err.detail}"}
        return JSONResponse({"error": error}, status_code=err.status_code, headers=err.headers)

    @app.exception_handler(Exception)
    async def server_error(request: Request, err: Exception) -> JSONResponse:
        # Starlette raises the error again once this is sent, and uvicorn logs it.
        text = Phrase(
            "the server failed to answer {method} {path}", method=request.method, path=request.url.path
        )
        return error_response("internal", text, request_language(request))
