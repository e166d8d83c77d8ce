"""A lesson at the terminal (``feint play --teach``): the table's teaching, as lines under the menu.

The lesson is :func:`feint.engine.teaching.lesson_for`'s, built from the seat's view, legal moves and
own events, as the browser's; only its layout is the terminal's, in :mod:`feint.cli.words`' sentences.
"""

from __future__ import annotations

from collections.abc import Mapping

from feint.cli.words import message
from feint.engine.types import JsonObject


def lesson_text(told: JsonObject, labels: Mapping[str, str]) -> str:
    """The lesson as lines: the decision and the rule it follows, each option, and the terms behind the
    decision and behind what just happened (the screen's news tells the events themselves).

    ``labels`` names each legal move, by its notation, as the menu does: in the language spoken.
    """
    decision = told["decision"]
    lines = [message("lesson-decision", title=decision["title"], text=decision["text"])]
    if decision["rule"]:
        lines.append(message("lesson-rule", rule=decision["rule"]))
    for option in told["options"]:
        moves = [labels.get(move, move) for move in option["moves"]]
        choices = " ".join(filter(None, [option["more"], ", ".join(moves)]))
        lines.append(message("lesson-option", title=option["title"], text=option["text"], choices=choices))
    terms = {term["term"]: term["text"] for term in decision["terms"]}
    for event in told["events"]:
        terms.update((term["term"], term["text"]) for term in event["terms"])
    lines += [message("lesson-term", term=term, text=text) for term, text in terms.items()]
    return "\n".join(lines)
