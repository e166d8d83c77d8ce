"""Bot specifications as written on the command line: ``kind``, ``kind:level``, ``kind:key=value,...``
or ``kind:level,key=value,...``.

>>> parse_spec("ismcts:iters=2000")
BotSpec(kind='ismcts', level=None, options={'iters': 2000})
>>> parse_spec("ismcts:hard")
BotSpec(kind='ismcts', level='hard', options={})
>>> parse_spec("ismcts:hard,trees=1")
BotSpec(kind='ismcts', level='hard', options={'trees': 1})

A spec is at most :data:`MAX_SPEC` characters, a setting's value is written
in ASCII digits, and every setting has an upper limit that its bot declares
(``ismcts.SETTINGS``, ``montecarlo.SETTINGS``): the command line, save files
and the server all read specs here, so a budget refused at one is refused at
every one (docs/bots.md, "Limits").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from feint.engine.errors import SetupError
from feint.engine.words import Phrase

MAX_SPEC = 64
"""Characters in a whole spec: room for every setting at its limit (``ismcts:iters=10000,guide=10000,trees=1``
is 38), and the width of the server's column that stores it."""
_NUMBER = re.compile(r"[0-9]+")
"""A setting's value: ASCII digits only (``str.isdigit`` accepts "²" and "٣", which ``int`` refuses
or reads)."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    kind: str
    level: str | None = None
    """A named level or strategy (``easy``, ``truthful``), if one was given."""
    options: Mapping[str, int] = field(default_factory=dict)
    """Whole-number settings given as ``key=value`` (``iters=2000``)."""

    def __str__(self) -> str:
        """The spec as written: ``kind``, ``kind:level`` or ``kind:level,key=value,...``."""
        parts = ([] if self.level is None else [self.level]) + [f"{k}={v}" for k, v in self.options.items()]
        return f"{self.kind}:{','.join(parts)}" if parts else self.kind

    def check(self, levels: Collection[str], settings: Mapping[str, int]) -> None:
        """Raise SetupError unless the level is one of ``levels`` and every option one of ``settings``,
        at most the limit ``settings`` gives it."""
        if self.level is not None and not levels:
            raise SetupError(
                Phrase("{kind} takes no level, so not {level!r}", kind=self.kind, level=self.level)
            )
        if self.options and not settings:
            raise SetupError(
                Phrase(
                    "{kind} takes no settings, so not {listed}",
                    kind=self.kind,
                    listed=", ".join(self.options),
                )
            )
        if self.level is not None and self.level not in levels:
            raise SetupError(
                Phrase(
                    "unknown {kind} level {level!r}; levels are {listed}",
                    kind=self.kind,
                    level=self.level,
                    listed=", ".join(levels),
                )
            )
        for key, value in self.options.items():
            if key not in settings:
                raise SetupError(
                    Phrase(
                        "unknown {kind} setting {key!r}; settings are {listed}",
                        kind=self.kind,
                        key=key,
                        listed=", ".join(settings),
                    )
                )
            if value > settings[key]:
                raise SetupError(
                    Phrase(
                        "{kind} {key} is at most {most}, not {value}",
                        kind=self.kind,
                        key=key,
                        most=settings[key],
                        value=value,
                    )
                )


def parse_spec(text: str) -> BotSpec:
    """The spec ``text`` names; raises SetupError for a malformed one, saying what is expected."""
    if len(text) > MAX_SPEC:
        shown = repr(text[:MAX_SPEC])
        raise SetupError(
            Phrase(
                "a bot spec is at most {max_spec} characters, not {length}: {shown}...",
                max_spec=MAX_SPEC,
                length=len(text),
                shown=shown,
            )
        )
    kind, _, rest = text.strip().partition(":")
    if not kind:
        raise SetupError(
            Phrase(
                "bot spec {text!r} names no bot; write e.g. ismcts, ismcts:hard or ismcts:iters=500",
                text=text,
            )
        )
    if not rest:
        return BotSpec(kind)
    parts = rest.split(",")
    level = None if "=" in parts[0] else parts.pop(0)
    options: dict[str, int] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key or not _NUMBER.fullmatch(value) or int(value) <= 0:
            raise SetupError(
                Phrase(
                    "bad setting {part!r} in bot spec {text!r}; "
                    "write key=N with N a positive number in digits 0-9",
                    part=part,
                    text=text,
                )
            )
        if key in options:
            raise SetupError(
                Phrase("setting {key!r} is given twice in bot spec {text!r}", key=key, text=text)
            )
        options[key] = int(value)
    return BotSpec(kind, level, options)


def split_specs(text: str) -> tuple[str, ...]:
    """A list of specs separated by commas, each spec's own settings kept with it.

    A part with ``=`` but no ``:`` is a setting of the spec before it, so
    ``ismcts:hard,trees=1,heuristic`` is two specs. Parts are stripped; an
    empty part stays, for the caller to refuse.

    >>> split_specs("ismcts:iters=10,guide=40, heuristic")
    ('ismcts:iters=10,guide=40', 'heuristic')
    """
    specs: list[str] = []
    for part in (part.strip() for part in text.split(",")):
        if "=" in part and ":" not in part and specs and ":" in specs[-1]:
            specs[-1] += f",{part}"
        else:
            specs.append(part)
    return tuple(specs)
