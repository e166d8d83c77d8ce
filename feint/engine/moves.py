"""The move table: every move of a game once, with its stable index, notation and usage text.

Moves are small frozen dataclasses deriving from :class:`MoveBase`: they
compare and hash by value (the index takes no part), so a move built by hand
equals the one the game lists. The table interns moves: ``table.intern(m)``
is the one listed object equal to ``m``, whose ``index`` is its place in the
table, so a legal-move check after interning is a pointer comparison.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Say(MoveBase):
...     word: str
...     def __str__(self) -> str:
...         return f"say {self.word}"
>>> table = MoveTable("Example", [Say("yes"), Say("no")], usage="say yes|no")
>>> table.parse("SAY  no").index
1
>>> table.intern(Say("no")) is table.moves[1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Generic, Self, TypeVar

from feint.engine.errors import NotationError
from feint.engine.types import is_whole
from feint.engine.words import Phrase


@dataclass(frozen=True, slots=True)
class MoveBase:
    """A move: value equality on its fields; ``index`` is set by the table."""

    index: int = field(default=-1, compare=False, repr=False, kw_only=True)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """A move is immutable: a copy is itself, so a copied state's moves are still the listed ones."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Unpickled as the listed move equal to it (see :func:`_relisted`), so ``apply``'s identity
        check and a game's ``is`` tests hold in another process too."""
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "index"}
        return _relisted, (type(self), values, self.index)


M = TypeVar("M", bound=MoveBase)

_LISTED: dict[tuple[MoveBase, int], MoveBase] = {}
"""Every move some table lists, keyed by its value and its index: what an unpickled move becomes."""


def _relisted(kind: type[MoveBase], values: dict[str, Any], index: int) -> MoveBase:
    """The move ``kind(**values)``, as the very object a table lists at ``index`` when one does."""
    move = kind(**values, index=index)
    return _LISTED.get((move, index), move)


Normalize = Callable[[list[str]], list[str]]
"""Rewrites the words of a move's text (aliases, plurals) before it is looked up."""


def _no_change(words: list[str]) -> list[str]:
    return words


class MoveTable(Generic[M]):
    """Every move of one game, indexed in the order given: indices are stable across versions."""

    def __init__(self, game: str, moves: Iterable[M], usage: str, normalize: Normalize = _no_change) -> None:
        self.game = game
        self.moves: tuple[M, ...] = tuple(replace(m, index=i) for i, m in enumerate(moves))
        self.usage = usage
        self._normalize = normalize
        self._by_text: dict[str, M] = {}
        self._by_value: dict[M, M] = {}
        for move in self.moves:
            text = str(move)
            if text in self._by_text or move in self._by_value:
                raise ValueError(f"{game} lists the move {text!r} twice")
            self._by_text[text] = move
            self._by_value[move] = move
            _LISTED.setdefault((move, move.index), move)

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.moves)

    def __getitem__(self, index: int) -> M:
        return self.moves[index]

    def of_type(self, kind: type[M]) -> Sequence[M]:
        return tuple(m for m in self.moves if type(m) is kind)

    def intern(self, move: M) -> M:
        """The listed move equal to ``move``; raises NotationError for a move the game has not."""
        if not isinstance(move, MoveBase):
            raise NotationError(
                repr(move), Phrase("not a {game} move; {usage}", game=self.game, usage=self.usage)
            )
        index = move.index
        if 0 <= index < len(self.moves) and self.moves[index] is move:
            return move
        listed = self._by_value.get(move)
        if listed is None:
            raise NotationError(
                str(move), Phrase("not a {game} move; {usage}", game=self.game, usage=self.usage)
            )
        return listed

    def parse(self, text: str) -> M:
        """The move written as ``text``, in any case and spacing; raises NotationError."""
        words = self._normalize(text.lower().split())
        move = self._by_text.get(" ".join(words))
        if move is None:
            raise NotationError(text, Phrase("not a {game} move; {usage}", game=self.game, usage=self.usage))
        return move

    def format(self, move: M) -> str:
        return str(move)

    def from_index(self, index: int) -> M:
        if not is_whole(index) or not 0 <= index < len(self.moves):
            raise NotationError(
                str(index), Phrase("move indices run from 0 to {last}", last=len(self.moves) - 1)
            )
        return self.moves[index]
