"""Guardian's Call in the terminal: the table as one seat knows it.

Everything here is drawn from a :class:`GuardiansView`: other seats' hands
are only ever a count, and a card another seat drew from the deck, or the
real cards of its offer before they are revealed, only ever appear as ``?``.
What happened between two views is told from the log entries the later view
added, so a renderer learns of a move exactly what its seat learned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.state import Seat, View
from feint.games.guardians.cards import GUARDIAN_NAMES, SPELL, STACKS
from feint.games.guardians.view import Event as LogEvent
from feint.games.guardians.view import GuardiansView, SeatView

PHASES = {
    "prepare": "preparing an offer",
    "respond": "an offer waits for an answer",
    "curse": "a curse strikes",
    "assign": "Spells may be assigned",
    "keep": "a Treasure to keep",
    "name": "the 3 VP Treasure: name a type",
    "add": "the 7 VP Treasure: add a card",
    "over": "the game is over",
}


class GuardiansRenderer:
    def table(self, view: View) -> RenderableType:
        gc = _guardians(view)
        return Group(
            Text(_heading(gc), style="bold"),
            *(Text(line) for line in _situation(gc)),
            _seats(gc),
            *(Text(line) for line in _private(gc)),
        )

    def account(self, seat: Seat, before: View, after: View) -> str | None:
        """The mover's own action: the first log entry its move added."""
        events = _new_events(before, after)
        if not events:
            return f"{who(seat, _guardians(after).viewer)} moved"
        return describe(events[0], _guardians(after).viewer)

    def news(self, before: View, after: View) -> Sequence[RenderableType]:
        """What followed the action: reveals, curses, refills, Council, War and the final score."""
        new = _guardians(after)
        items: list[RenderableType] = [Text(describe(e, new.viewer)) for e in _new_events(before, after)[1:]]
        if new.over and not _guardians(before).over:
            items.append(Text("War! The final score:", style="bold"))
            items.append(_final(new))
        return items


def _guardians(view: View) -> GuardiansView:
    assert isinstance(view, GuardiansView), "the Guardian's Call renderer draws Guardian's Call views"
    return view


def _new_events(before: View, after: View) -> tuple[LogEvent, ...]:
    return _guardians(after).log[len(_guardians(before).log) :]


def _cards(cards: Sequence[str]) -> str:
    counts = Counter(cards)
    return ", ".join(f"{n} {card}" for card, n in counts.items()) or "nothing"


def describe(event: LogEvent, viewer: Seat | None) -> str:
    """One log entry in words, as the viewer may know it."""
    name = who(event.seat, viewer)
    other = "" if event.other is None else who(event.other, viewer)
    owner = "your" if other == "you" else ("its own" if other == name else f"{other}'s")
    cards = _cards(event.cards)
    match event.kind:
        case "pool":
            return f"the pool is refilled with {_a(event.cards[0])}"
        case "draw-pool":
            return f"{name} drew {_a(event.cards[0])} from the pool"
        case "draw-deck":
            shown = "" if event.cards[0] == "?" else f" ({event.cards[0]})"
            return f"{name} drew a card from the deck{shown}"
        case "buy":
            return f"{name} bought {_a(event.cards[0])}"
        case "cleanse":
            return f"{name} paid 5 coins to remove a Curse from the pool, for 5 VP"
        case "trade":
            return f"{name} traded three Artifacts for two Treasures"
        case "treasures-drawn":
            return f"{name} drew the Treasures {cards}"
        case "keep":
            return f"{name} kept the {event.number} VP Treasure"
        case "reveal-five":
            return f"{name} named {event.word}s and revealed {cards}"
        case "draw-seven":
            return f"{name} drew {cards} for the 7 VP Treasure"
        case "add":
            return f"{name} added {_a(event.cards[0])}"
        case "offer":
            real = "" if event.cards[0] == "?" else f" (really {cards})"
            count = f"{event.number} card{'' if event.number == 1 else 's'}"
            return f"{name} offered {count} to {other}, declared as {event.word}{real}"
        case "believe" | "doubt":
            return f"{name} {'believed' if event.kind == 'believe' else 'doubted'} the offer"
        case "reveal":
            return f"the offer was {cards}: {other} {'win' if other == 'you' else 'wins'}"
        case "cursed":
            verb = "are" if name == "you" else "is"
            return f"{name} {verb} cursed (strength {event.number}) and takes a coin"
        case "discard":
            return f"{name} discarded the top {event.cards[0]} of {owner} {event.word} stack"
        case "steal":
            return f"{name} stole the top {event.cards[0]} of {owner} {event.word} stack"
        case "assign":
            return f"{name} assigned {event.number} Spells to {event.word}"
        case "leave-spells":
            return f"{name} left the Spells unassigned"
        case "council":
            return "the Council is revealed: the Castle race and the Council Quests are scored"
        case "war":
            return "War is revealed: the game ends"
    return f"{name}: {event.kind}"


def _heading(view: GuardiansView) -> str:
    """The turn, whose it is, and what is being decided; the viewer's Guardian."""
    turn = who(view.current, view.viewer)
    whose = "your turn" if turn == "you" else f"{turn}'s turn"
    heading = f"Guardian's Call, turn {view.turn} ({whose}): {PHASES.get(view.phase, view.phase)}"
    me = view.me()
    return heading if me is None else f"{heading}. You are {GUARDIAN_NAMES[me.guardian]}."


def _situation(view: GuardiansView) -> list[str]:
    tokens = "  ".join(f"{space}: {' '.join(map(str, t)) or '-'}" for space, t in view.castle_tokens.items())
    lines = [
        f"Pool: {' '.join(view.pool) or 'empty'}    Deck: {view.deck_size} cards"
        f"    Council {'done' if view.council_done else 'to come'}",
        f"Castle VP tokens: {tokens}",
        "Quests: " + "; ".join(f"{q.name} ({q.when}: {q.condition}, {q.vp} VP)" for q in view.quests),
    ]
    if view.discard:
        lines.append(f"Discard pile: {_cards(view.discard)}")
    return lines


def _stack(seat: SeatView) -> str:
    parts = []
    for stack in STACKS:
        cards = seat.tableau[stack]
        if cards:
            spells = cards.count(SPELL) if stack != SPELL else 0
            parts.append(f"{stack} {len(cards)}" + (f" ({spells}s)" if spells else ""))
    return ", ".join(parts) or "-"


def _seats(view: GuardiansView) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for column in ("seat", "guardian", "hand", "coins", "castle", "VP", "tableau", "offers to"):
        table.add_column(column)
    for seat in view.seats:
        table.add_row(
            who(seat.seat, view.viewer),
            seat.guardian,
            str(seat.hand_size),
            str(seat.coins),
            str(seat.castle),
            str(seat.score),
            _stack(seat),
            " ".join(str(s) for s in seat.offer_targets),
        )
    return table


def _private(view: GuardiansView) -> list[str]:
    lines = []
    me = view.me()
    if me is not None and me.hand is not None:
        lines.append(f"Your hand: {' '.join(me.hand) or 'empty'}")
    offer = view.offer
    if offer is not None:
        cards = "" if offer.cards[0] == "?" else f" (really {_cards(offer.cards)})"
        lines.append(
            f"Offer: {who(offer.offerer, view.viewer)} to {who(offer.target, view.viewer)}, "
            f"{offer.count} cards declared as {offer.declared}{cards}"
        )
    if view.curse is not None:
        curse = view.curse
        lines.append(
            f"Curse of strength {curse['strength']} on {who(curse['victim'], view.viewer)}; "
            f"{who(curse['chooser'], view.viewer)} chooses the stack"
        )
    if view.treasure_choice:
        lines.append(f"Treasures drawn: {' and '.join(map(str, view.treasure_choice))} VP")
    if view.drawn:
        lines.append(f"Cards drawn for the 7 VP Treasure: {' '.join(view.drawn)}")
    return lines


def _final(view: GuardiansView) -> Table:
    """VP by source, a column per seat."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("VP")
    for seat in view.seats:
        table.add_column(who(seat.seat, view.viewer), justify="right")
    for source in view.seats[0].points:
        table.add_row(source.replace("_", " "), *(str(seat.points[source]) for seat in view.seats))
    table.add_row("total", *(str(seat.score) for seat in view.seats), style="bold")
    return table


def _a(card: str) -> str:
    """The card with its article: a weapon, an artifact."""
    return f"an {card}" if card[0] in "aeiou" else f"a {card}"
