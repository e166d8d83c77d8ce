"""Reading the ``options`` of a new game: variants and game-specific settings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.words import Phrase


def read_variants(
    options: Mapping[str, Any], known: tuple[str, ...], allowed_keys: tuple[str, ...] = ()
) -> frozenset[str]:
    """The set of variants named in ``options["variants"]``.

    Raises SetupError for an unknown option key or variant, so a typo never
    silently plays the base game.
    """
    if not isinstance(options, Mapping):
        raise SetupError(Phrase("options must be an object, not {options!r}", options=options))
    extra = sorted(set(options) - {"variants", *allowed_keys})
    if extra:
        raise SetupError(
            Phrase(
                "unknown option {option!r}; options are {listed}",
                option=extra[0],
                listed=", ".join(("variants", *allowed_keys)),
            )
        )
    variants = options.get("variants", [])
    if isinstance(variants, str) or not isinstance(variants, list | tuple):
        raise SetupError(Phrase("variants must be a list of names, not {variants!r}", variants=variants))
    for name in variants:
        if name not in known:
            listed = f"variants are {', '.join(known)}" if known else "this game has no variants"
            raise SetupError(Phrase("unknown variant {name!r}; {listed}", name=name, listed=listed))
    return frozenset(variants)


CHANCE_OPTION = "chance"
"""The option that asks a game declaring ``CHANCE_NODES`` for explicit chance: ``"explicit"``, or ``"seeded"``
(the default: chance drawn from the game's generator inside ``apply``)."""


def read_chance(options: Mapping[str, Any]) -> bool:
    """Whether ``options`` ask for explicit chance nodes (``{"chance": "explicit"}``)."""
    value = options.get(CHANCE_OPTION, "seeded")
    if value not in ("seeded", "explicit"):
        raise SetupError(Phrase('chance must be "seeded" or "explicit", not {value!r}', value=value))
    return bool(value == "explicit")
