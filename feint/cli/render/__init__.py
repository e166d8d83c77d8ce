"""Drawing a seat's view in the terminal: one renderer per game, chosen by name.

A renderer only ever gets views, so it can show nothing the seat may not know.
Games without a renderer of their own are shown as their view's JSON.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Protocol

from rich.console import RenderableType
from rich.json import JSON

from feint.engine.state import Seat, View, Viewer

_RENDERERS = {
    "guile": ("feint.cli.render.guile", "GuileRenderer"),
    "knights": ("feint.cli.render.knights", "KnightsRenderer"),
    "guardians": ("feint.cli.render.guardians", "GuardiansRenderer"),
}
"""Game name to the module and class that draw it, imported only when asked for."""


class Renderer(Protocol):
    def table(self, view: View) -> RenderableType:
        """The game as the viewer knows it, drawn before each of its decisions."""
        ...

    def account(self, seat: Seat, before: View, after: View) -> str | None:
        """One line on another seat's move, told from the viewer's views before and after it.

        The move itself never reaches a renderer: what the viewer learns of it is
        exactly what its view learned.
        """
        ...

    def news(self, before: View, after: View) -> Sequence[RenderableType]:
        """What a move revealed to the viewer (a round's end, say); empty if nothing."""
        ...


class PlainRenderer:
    """The fallback: the view's JSON, and no word on what other seats did."""

    def table(self, view: View) -> RenderableType:
        return JSON.from_data(view.to_json())

    def account(self, seat: Seat, before: View, after: View) -> str | None:
        return f"seat {seat} moved"

    def news(self, before: View, after: View) -> Sequence[RenderableType]:
        return ()


def renderer_for(game: str) -> Renderer:
    if game not in _RENDERERS:
        return PlainRenderer()
    module, name = _RENDERERS[game]
    renderer: Renderer = getattr(importlib.import_module(module), name)()
    return renderer


def who(seat: Seat, viewer: Viewer) -> str:
    """A seat as the viewer calls it."""
    return "you" if seat == viewer else f"seat {seat}"
