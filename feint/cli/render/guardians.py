"""Guardian's Call in the terminal: the table as one seat knows it, and each event in words.

The table is drawn from a :class:`GuardiansView`: other seats' hands are
only ever a count, and the real cards of another seat's offer before they
are revealed only ever appear as ``?``. What happened is told event by
event, from the events the seat saw, so the renderer tells of a move
exactly what its seat learned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from feint.cli.render import who
from feint.engine.events import Event
from feint.engine.state import View, Viewer
from feint.engine.view import HIDDEN
from feint.games.guardians.cards import GUARDIAN_NAMES, SPELL, STACKS
from feint.games.guardians.quests import QUEST_BY_NUMBER
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

    def describe(self, event: Event, viewer: Viewer) -> RenderableType | None:
        if event.kind == "war":
            return Group(
                Text(describe(event, viewer)),
                Text("War! The final score:", style="bold"),
                _final(event, viewer),
            )
        return Text(describe(event, viewer))


def _guardians(view: View) -> GuardiansView:
    assert isinstance(view, GuardiansView), "the Guardian's Call renderer draws Guardian's Call views"
    return view


def _cards(cards: Sequence[Any]) -> str:
    counts = Counter(str(card) for card in cards)
    return ", ".join(f"{n} {card}" for card, n in counts.items()) or "nothing"


def describe(event: Event, viewer: Viewer) -> str:
    """One event in words, as the viewer saw it."""
    actor = event.actor
    name = "the game" if actor is None else who(actor, viewer)
    get = event.get
    match event.kind:
        case "refill":
            whose = "your" if name == "you" else f"{name}'s"
            return f"turn {get('turn')} ({whose}): the pool is refilled with {_cards(get('cards'))}"
        case "draw-pool":
            return f"{name} drew {_a(get('card'))} from the pool"
        case "draw-deck":
            card = get("card")
            shown = "" if card == HIDDEN else f" ({card})"
            return f"{name} drew a card from the deck{shown}"
        case "buy":
            return f"{name} bought {_a(get('card'))}"
        case "cleanse":
            return f"{name} paid 5 coins to remove a Curse from the pool, for 5 VP"
        case "trade":
            return f"{name} traded three Artifacts for two Treasures"
        case "treasures-drawn":
            values = get("values")
            shown = "" if HIDDEN in values else f": {' and '.join(map(str, values))} VP"
            return f"{name} drew two Treasures{shown}"
        case "keep":
            return f"{name} kept the {get('value')} VP Treasure"
        case "reveal-five":
            return f"{name} named {get('named')}s and revealed {_cards(get('cards'))}"
        case "draw-seven":
            return f"{name} drew {_cards(get('cards'))} for the 7 VP Treasure"
        case "add":
            return f"{name} added {_a(get('card'))}"
        case "offer":
            cards = get("cards")
            real = "" if HIDDEN in cards else f" (really {_cards(cards)})"
            count = get("count")
            target = who(get("target"), viewer)
            cards_text = f"{count} card{'' if count == 1 else 's'}"
            return f"{name} offered {cards_text} to {target}, declared as {get('declared')}{real}"
        case "believe" | "doubt":
            answer = "believed" if event.kind == "believe" else "doubted"
            winner = who(get("winner"), viewer)
            if "curse" in get("cards"):
                wins = "are spared" if winner == "you" else "is spared"
            else:
                wins = "win" if winner == "you" else "wins"
            return f"{name} {answer} the offer; it was {_cards(get('cards'))}: {winner} {wins}"
        case "cursed":
            verb = "are" if name == "you" else "is"
            return f"{name} {verb} cursed (strength {get('strength')}) and takes a coin"
        case "discard" | "steal":
            victim = who(get("victim"), viewer)
            owner = "your" if victim == "you" else ("its own" if victim == name else f"{victim}'s")
            verb = "stole" if event.kind == "steal" else "discarded"
            return f"{name} {verb} the top {get('card')} of {owner} {get('stack')} stack"
        case "assign":
            first = " beneath the cards just added" if get("first") else ""
            return f"{name} assigned {get('count')} Spells to {get('card')}{first}"
        case "leave-spells":
            return f"{name} left the Spells unassigned"
        case "castle":
            tokens = get("tokens")
            taken = f", taking VP tokens {' '.join(map(str, tokens))}" if tokens else ""
            return f"{name} {'move' if name == 'you' else 'moves'} to Castle space {get('space')}{taken}"
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
    quests = [QUEST_BY_NUMBER[number] for number in view.quests]
    tokens = "  ".join(f"{s.space}: {' '.join(map(str, s.tokens)) or '-'}" for s in view.castle_tokens)
    lines = [
        f"Pool: {' '.join(view.pool) or 'empty'}    Deck: {view.deck_size} cards"
        f"    Council {'done' if view.council_done else 'to come'}",
        f"Castle VP tokens: {tokens}",
        "Quests: " + "; ".join(f"{q.name} ({q.when}: {q.condition}, {q.vp} VP)" for q in quests),
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
        cards = "" if HIDDEN in offer.cards else f" (really {_cards(offer.cards)})"
        lines.append(
            f"Offer: {who(offer.offerer, view.viewer)} to {who(offer.target, view.viewer)}, "
            f"{offer.count} cards declared as {offer.declared}{cards}"
        )
    curse = view.curse
    if curse is not None:
        lines.append(
            f"Curse of strength {curse.strength} on {who(curse.victim, view.viewer)}; "
            f"{who(curse.chooser, view.viewer)} chooses the stack"
        )
    if view.treasure_choice and HIDDEN not in view.treasure_choice:
        lines.append(f"Treasures drawn: {' and '.join(map(str, view.treasure_choice))} VP")
    if view.drawn:
        lines.append(f"Cards drawn for the 7 VP Treasure: {' '.join(view.drawn)}")
    return lines


def _final(event: Event, viewer: Viewer) -> Table:
    """VP by source, a column per seat, from the War event."""
    scores = event.get("scores")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("VP")
    for seat in range(len(scores)):
        table.add_column(who(seat, viewer), justify="right")
    for source, points in zip(event.get("sources"), event.get("points"), strict=True):
        table.add_row(source.replace("_", " "), *(str(p) for p in points))
    table.add_row("total", *(str(total) for total in scores), style="bold")
    return table


def _a(card: Any) -> str:
    """The card with its article: a weapon, an artifact."""
    text = str(card)
    return f"an {text}" if text[0] in "aeiou" else f"a {text}"
