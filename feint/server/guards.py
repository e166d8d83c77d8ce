"""What a client may send over HTTP before the app reads it: the request body limit.

A body is refused by its ``Content-Length`` before a byte of it is read,
and a body without one (chunked) is counted as it streams in and cut off
at the limit, so a client can make the server hold at most the limit.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from feint.server.api import MAX_BODY, error_response


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
        response = error_response("too_large", f"a request body is at most {self.limit} bytes")
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
