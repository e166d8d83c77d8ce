"""Drawing a seat's view in the terminal: one renderer per game, chosen by name.

A renderer only ever gets views, so it can show nothing the seat may not know.
Games without a renderer of their own are shown as their view's JSON.
"""

from __future__ import annotations

import importlib
from typing import Protocol

from rich.console import RenderableType
from rich.json import JSON

from feint.engine.events import Event
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

    def describe(self, event: Event, viewer: Viewer) -> RenderableType | None:
        """One event, as ``viewer`` saw it (``state.events(viewer)``), in words; None if not worth a line.

        A renderer learns what happened only from the viewer's events, so it
        can tell nothing the viewer may not know.
        """
        ...


class PlainRenderer:
    """The fallback: the view's JSON, and each event's kind and public fields."""

    def table(self, view: View) -> RenderableType:
        return JSON.from_data(view.to_json())

    def describe(self, event: Event, viewer: Viewer) -> RenderableType | None:
        actor = "" if event.actor is None else f"{who(event.actor, viewer)}: "
        return f"{actor}{event.kind} {dict(event.data)}"


def renderer_for(game: str) -> Renderer:
    if game not in _RENDERERS:
        return PlainRenderer()
    module, name = _RENDERERS[game]
    renderer: Renderer = getattr(importlib.import_module(module), name)()
    return renderer


def who(seat: Seat, viewer: Viewer) -> str:
    """A seat as the viewer calls it."""
    return "you" if seat == viewer else f"seat {seat}"
