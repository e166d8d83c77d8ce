"""The language the terminal speaks: ``--lang``, else the environment's, as gettext reads it.

Every string the terminal shows is told through :func:`feint.engine.words.tr` inside
:func:`feint.engine.words.speaking`, so choosing a language here is all a session needs.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from feint.locale import ENGLISH, LANGUAGES

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one set decides."""
NAMES = {"en": "English", "fr": "français"}
"""Each language by its own name, for the refusal of one Feint does not speak."""


def _base(tag: str) -> str:
    """``fr`` of ``fr_FR.UTF-8``, ``fr-CA`` or ``fr@euro``."""
    return tag.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, if Feint speaks it; English otherwise (and for ``C``).

    As gettext: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set
    decides, and ``LANGUAGE`` may list several languages (``fr:en``), the first spoken one wins.
    """
    value = next((environ[name] for name in ENVIRONMENT if environ.get(name)), "")
    for tag in value.split(":"):
        base = _base(tag)
        if base in LANGUAGES:
            return base
    return ENGLISH


def language(text: str) -> str:
    """``--lang``: a language Feint speaks (``fr``, ``fr_FR``), else a refusal that lists them."""
    base = _base(text)
    if base in LANGUAGES:
        return base
    spoken = ", ".join(f"{code} ({NAMES[code]})" for code in LANGUAGES)
    raise argparse.ArgumentTypeError(f"Feint does not speak {text!r}; its languages are {spoken}")


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang`` on a command that shows game text to a person."""
    parser.add_argument(
        "--lang",
        type=language,
        metavar="LANG",
        help=f"the language of the game's text: {', '.join(LANGUAGES)} "
        "(default: the environment's, LANGUAGE, LC_ALL, LC_MESSAGES or LANG, if Feint speaks it; else en)",
    )
