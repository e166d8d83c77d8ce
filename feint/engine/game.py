"""A game's declaration: everything about one game besides its rules, in one place.

Each package under ``feint.games`` (or a distribution's entry point in the
group ``feint.games``) declares its game once, as ``GAME = Game(...)`` in its
``__init__``. Every other package reads a game only through this object: the
registry finds games by it, the bots take their heuristic and search scoring
from it, the arena its claims, the terminal and the browser its phrasebook
and renderers. So a new game is one new package, and no module outside it
names it.

The parts besides the state are written as references, ``".module:name"``
relative to the game's package, and imported only when asked for: reading the
registry imports a game's rules, never its bots or renderers.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from feint.engine.errors import SetupError
from feint.engine.words import Phrase

if TYPE_CHECKING:
    from feint.engine.claims import Claims
    from feint.engine.events import Event
    from feint.engine.observation import Encoding
    from feint.engine.state import GameState, Viewer
    from feint.engine.teaching import Lesson
    from feint.engine.words import Phrasebook

KIND_PATTERN = r"[a-z]+(-[a-z]+)*"
"""The one spelling of an event kind: lower-case words joined by hyphens (``bluff-caught``)."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its state class and where everything else about it lives.

    ``package`` is the declaring package's ``__name__``; each reference below
    is ``".module:attribute"`` within it (or an absolute ``module:attribute``).
    """

    package: str
    state: type[GameState]
    kinds: type[StrEnum]
    """Every event kind the game writes: a misspelt kind is an AttributeError, not a silent non-match."""
    words: str
    """Its :class:`~feint.engine.words.Phrasebook`: event sentences, rules summary and glossary."""
    claims: str | None = None
    """Its :class:`~feint.engine.claims.Claims`; None for a game where nothing said can be called."""
    heuristic: str | None = None
    """Its baseline bot: a class made with a seed (``HeuristicBot(seed)``)."""
    search: str | None = None
    """Its :class:`~feint.bots.playout.Scoring` for the generic search; None plays every playout out."""
    terminal: str | None = None
    """Its terminal renderer class; None draws it with the generic one."""
    web: str | None = None
    """Its browser renderer, a JavaScript module file in the package; None draws it with the generic one."""
    style: str | None = None
    """Its browser renderer's stylesheet, a CSS file in the package, if it needs one."""
    facts: str | None = None
    """Its rule constants a renderer shows (a JSON mapping: a table of quests, say), read from its rules
    modules so a browser renderer declares none of its own; served with the game."""
    reveals: str | None = None
    """Its ``reveals(event, viewer) -> bool``: whether an event showed the viewer something hidden (a
    card, a die, a vote), so that no undo goes back past it (:mod:`feint.engine.undo`); None: every
    event does, so nothing is ever taken back."""
    observation: str | None = None
    """Its :class:`~feint.engine.observation.Encoding` class, made with the seats and variants: what a
    learning environment (``feint.rl``) hands an agent."""
    lesson: str | None = None
    """Its :class:`~feint.engine.teaching.Lesson`: what each phase, move and event means, for a first game
    taught at the table; None: the game is not taught."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Bots of this game only, by kind (a class made with a seed)."""
    strongest: str = "ismcts:hard"
    """The bot a front-end offers by default: the strongest measured (docs/bots.md)."""

    @property
    def name(self) -> str:
        return self.state.NAME

    @property
    def title(self) -> str:
        return self.state.TITLE

    def load(self, ref: str) -> Any:
        """The object ``ref`` names, imported now."""
        module, _, attribute = ref.partition(":")
        if not attribute:
            raise SetupError(
                Phrase("{name}: a reference is 'module:attribute', not {ref!r}", name=self.name, ref=ref)
            )
        return getattr(importlib.import_module(module, self.package), attribute)

    def phrasebook(self) -> Phrasebook:
        book: Phrasebook = self.load(self.words)
        return book

    def teaching(self) -> Lesson | None:
        """The game's :attr:`lesson`, None if it declares none."""
        if self.lesson is None:
            return None
        lesson: Lesson = self.load(self.lesson)
        return lesson

    def claims_model(self) -> Claims | None:
        if self.claims is None:
            return None
        model: Claims = self.load(self.claims)
        return model

    def shows_hidden(self, event: Event, viewer: Viewer) -> bool:
        """Whether ``event``, as ``viewer`` saw it, showed it something hidden (its :attr:`reveals`)."""
        if self.reveals is None:
            return True
        shown: bool = self.load(self.reveals)(event, viewer)
        return shown

    def encoding(self, players: int, variants: Iterable[str] = ()) -> Encoding[Any]:
        """The game's observation encoding at a table of ``players`` with ``variants``."""
        if self.observation is None:
            raise SetupError(Phrase("{name} declares no observation encoding", name=self.name))
        encoding: Encoding[Any] = self.load(self.observation)(players, variants)
        return encoding

    def facts_data(self) -> Mapping[str, Any]:
        """The game's :attr:`facts`, an empty mapping if it declares none."""
        if self.facts is None:
            return {}
        data: Mapping[str, Any] = self.load(self.facts)
        return data

    def package_file(self, part: Literal["web", "style"]) -> str | None:
        """The text of the file the declaration's ``part`` names (``"web"``, ``"style"``), read from the
        package; None when the game ships none."""
        name: str | None = getattr(self, part)
        if name is None:
            return None
        return resources.files(self.package).joinpath(name).read_text(encoding="utf-8")
