"""Guile in words: every sentence told of the game, its rules page and its glossary.

:data:`MESSAGES`, :data:`RULES` and :data:`GLOSSARY` are data; :data:`BOOK`
tells each event as one viewer saw it, for the terminal and the browser alike.
It reads the event and the viewer only, so a card the viewer has not seen can
only ever be told as hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feint.engine.events import Event
from feint.engine.types import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import N_, Phrasebook, capital, tr, who
from feint.games.guile.cards import (
    ISOLDE,
    KNIGHTS,
    MERLIN,
    MORGANA,
    Faction,
    across,
    counter_clockwise,
    faction_of,
)
from feint.games.guile.kinds import Kind
from feint.games.guile.scoring import tally

MESSAGES: Mapping[str, str] = {
    "heading": "Guile, round {round}: {phase}. Victory cards: {wins}",
    "phase-faction": "choosing factions",
    "phase-start": "choosing the Start Knight",
    "phase-draft": "the draft",
    "phase-place": "placing cards",
    "phase-play": "cycle {cycle} of 2, turn {turn} of 16",
    "phase-over": "the game is over",
    "factions": "Allies of King Arthur (even knights): {arthur}.  Pawns of Sir Mordred (odd): {mordred}.",
    "turn-card": "Start Knight: {start}.  Knight-Errant: {errant} ({whose}).",
    "start-only": "Start Knight: {start}.",
    "variants": "Variants: {variants}.",
    "hand": "Your hand: {cards}.",
    "kept": "Kept in the draft so far: {cards}.",
    "draft-step": "Draft pick {step}: shown {shown}, kept {kept}.",
    "draft-gave": "So the draft gave the other seat {cards}, and one card you never saw.",
    "placed-count": "Cards placed: you {mine} of 4, the other seat {theirs} of 4.",
    "round-line": "Round {round}: {outcome}",
    "event-faction": "{Actor} chose to lead {faction}.",
    "event-start": "{Actor} chose {knight} as the Start Knight.",
    "event-deal": "Round {round} is dealt: you hold {cards}.",
    "event-deal-hidden": "Round {round} is dealt.",
    "event-pick": "You kept {card}.",
    "event-pick-hidden": "{Actor} picked a card.",
    "event-pass": "The hands are passed: you now hold {cards}.",
    "event-place": "You placed {card} on {knight}.",
    "event-place-hidden": "{Actor} placed a card face-down.",
    "event-placed": "Every card is placed face-down.",
    "event-look": "{Actor} looked at {knight}: it holds {card}.",
    "event-look-hidden": "{Actor} looked at {knight}.",
    "event-swap": "{Actor} swapped the cards of {knight} and {other}.",
    "event-round": "Round {round} is over. Face-up: {cards}.",
    "won-total": "{Winner} won on the total: {totals}.",
    "won-highest": "The totals tied ({totals}); {winner} won on the highest card.",
    "won-dagger": "The totals and the highest cards tied ({totals}); {winner} won on the dagger.",
    "won-nobody": "Nobody won: the totals, the highest cards and the dagger all tied ({totals}).",
    "morgana": "Morgana on {knight} cancelled the {card} on {target}: it counted 0.",
    "merlin": "Merlin on {knight} counted {value}, as the {card} across on {target}.",
    "merlin-zero": "Merlin on {knight} counted 0: the card across on {target} is {card}.",
    "isolde": "Isolde on {knight} counted {value}, the highest card of {faction}.",
    "isolde-zero": "Isolde on {knight} counted 0: she counts only on tristan or palamedes.",
    "cancelled-character": "{card} on {knight} was cancelled and did nothing.",
    "final-heading": "Guile: the game is over. The last table, face-up:",
    "final-rounds": "Victory cards: {wins}.",
    "question-faction": "Choose the faction you lead",
    "question-start": "Choose your Start Knight",
    "question-pick": "Pick a card to keep",
    "question-place-card": "Place which card",
    "question-place-knight": "On which of your knights",
    "question-play": "Look at the Knight-Errant's card, or swap it",
    "question-swap": "Swap with which knight",
    "hint-place-knight": "The knight of yours that takes this card, face-down.",
    "hint-swap": "The knight whose card changes places with the Knight-Errant's card, unseen by both seats.",
    "explain-faction": "You lead one faction: the Allies of King Arthur sit on the even knights "
    "(tristan, lancelot, gawain, percival), the Pawns of Sir Mordred on the odd ones.",
    "explain-start": "Choose one of your knights as the Start Knight: the Turn Card starts there and "
    "goes round the table twice.",
    "explain-draft": "The draft: keep one card of the hand in front of you; the rest pass to the other "
    "seat, which keeps one of them. Remember what you pass.",
    "explain-place": "Lay one card face-down on each of your knights: {left} to go.",
    "explain-play": "The Knight-Errant is {knight}: look at its card (only you see it) or swap its card, "
    "unseen, with any other knight's. The higher total on your knights wins the round.",
    "explain-wait": "Nothing to decide: the other seat is moving.",
}

RULES = """\
Guile: how to play, on one screen

Two seats lead two factions of the Round Table: the Allies of King Arthur
(the even knights) and the Pawns of Sir Mordred (the odd ones).

Each round, every seat drafts four Influence cards (keep one, pass the
rest, four times) and lays them face-down on its own four knights.

Then the Turn Card goes round the table twice from the Start Knight: the
seat controlling the Knight-Errant either LOOKS at that knight's card, or
SWAPS it with any other knight's card, unseen. Every swap is public, and
the table follows your known cards for you.

After sixteen turns the cards are turned up: the faction with the higher
total Influence wins the round; a tie goes to the highest card, then to
the dagger (4d). Two round wins take the game.

Variants: code-of-chivalry (no draft); extended-cast (Isolde, Morgana and
Merlin join the deck). Type 'help NAME' for a card or term, e.g. help merlin."""

GLOSSARY: Mapping[str, str] = {
    "1": "An Influence card worth 1. The deck holds three 1s, three 2s, two 3s, a 4 and the 4d.",
    "2": "An Influence card worth 2; there are three.",
    "3": "An Influence card worth 3; there are two.",
    "4": "An Influence card worth 4; the other 4 carries the dagger (4d).",
    "4d": "The dagger: a 4 that also breaks a tie of totals and of highest cards.",
    "dagger": "The 4d card: worth 4, and it wins a round whose totals and highest cards tie.",
    "isolde": "Extended Cast. On tristan she is worth the Allies' highest card; on palamedes, the "
    "Pawns' highest card; anywhere else 0.",
    "morgana": "Extended Cast. Worth 0; she cancels the card on the first knight counter-clockwise "
    "from her (it counts 0 and does nothing). She is resolved first.",
    "merlin": "Extended Cast. Worth the numbered card directly across the table (four knights on); "
    "0 if that card is a character or was cancelled.",
    "knight-errant": "The knight holding the Turn Card: its controller looks at or swaps its card.",
    "errant": "The Knight-Errant: the knight holding the Turn Card this turn.",
    "start knight": "Where the Turn Card starts each round; it moves one knight on each round.",
    "start": "The Start Knight: where the Turn Card starts; it moves one knight on each round.",
    "look": "Secretly look at the Knight-Errant's card: only you learn it.",
    "swap": "Exchange the Knight-Errant's card with any other knight's card, unseen by both seats.",
    "draft": "Keep one card of the hand in front of you and pass the rest, until you hold four.",
    "faction": "The Allies of King Arthur (even knights) or the Pawns of Sir Mordred (odd knights).",
    "arthur": "The Allies of King Arthur: tristan, lancelot, gawain and percival (even positions).",
    "mordred": "The Pawns of Sir Mordred: palamedes, agravaine, meliagant and breunor (odd positions).",
    "cycle": "One trip of the Turn Card round the table: eight turns. A round has two.",
    "victory": "A round's winner takes a Victory card; two of them win the game.",
    "code-of-chivalry": "Variant: no draft; you place the four cards you are dealt.",
    "extended-cast": "Variant: Isolde, Morgana and Merlin are shuffled into the deck.",
}

FACTION_NAMES = {
    Faction.ARTHUR: N_("the Allies of King Arthur"),
    Faction.MORDRED: N_("the Pawns of Sir Mordred"),
}
"""Marked for the catalogue; told with :func:`~feint.engine.words.tr`."""


class GuileBook(Phrasebook):
    """Guile's sentences: each event as its viewer saw it, and a round's outcome."""

    def tell(self, event: Event, viewer: Viewer) -> str | None:
        kind, actor, get = event.kind, event.actor, event.get
        if kind == Kind.FACTION:
            return self("event-faction", actor, viewer, faction=tr(FACTION_NAMES[get("faction")]))
        if kind == Kind.START:
            return self("event-start", actor, viewer, knight=KNIGHTS[get("knight")])
        if kind == Kind.DEAL:
            hand = get("hand")
            if HIDDEN in hand:
                return self("event-deal-hidden", round=get("round"))
            return self("event-deal", round=get("round"), cards=cards_told(hand))
        if kind == Kind.PICK:
            card = get("card")
            if card is None or card == HIDDEN:
                return self("event-pick-hidden", actor, viewer)
            return self("event-pick", card=card)
        if kind == Kind.PASS:
            hand = get("hand")
            return None if HIDDEN in hand else self("event-pass", cards=cards_told(hand))
        if kind == Kind.PLACE:
            card = get("card")
            if card is None or card == HIDDEN:
                return self("event-place-hidden", actor, viewer)
            return self("event-place", card=card, knight=KNIGHTS[get("knight")])
        if kind == Kind.PLACED:
            return self("event-placed")
        if kind == Kind.LOOK:
            card, knight = get("card"), KNIGHTS[get("knight")]
            if card == HIDDEN:
                return self("event-look-hidden", actor, viewer, knight=knight)
            return self("event-look", actor, viewer, knight=knight, card=card)
        if kind == Kind.SWAP:
            return self(
                "event-swap", actor, viewer, knight=KNIGHTS[get("knight")], other=KNIGHTS[get("other")]
            )
        if kind == Kind.ROUND:
            return self._round(event, viewer)
        return None  # Kind.OVER too: the end screen tells the outcome, once

    def outcome(self, winner: Seat | None, totals: Sequence[int], decided_by: str, viewer: Viewer) -> str:
        """Who won a round and why, with each seat's total."""
        listed = ", ".join(f"{who(seat, viewer)} {total}" for seat, total in enumerate(totals))
        if winner is None:
            return self("won-nobody", totals=listed)
        name = who(winner, viewer)
        key = {"total": "won-total", "highest card": "won-highest", "dagger": "won-dagger"}[decided_by]
        return self(key, Winner=capital(name), winner=name, totals=listed)

    def _round(self, event: Event, viewer: Viewer) -> str:
        cards = event.get("cards")
        face_up = ", ".join(f"{KNIGHTS[p]} {card}" for p, card in enumerate(cards))
        parts = [self("event-round", round=event.get("round"), cards=face_up)]
        parts += self._cast(cards)
        parts.append(self.outcome(event.get("winner"), event.get("totals"), event.get("decided_by"), viewer))
        return " ".join(parts)

    def _cast(self, cards: Sequence[Any]) -> list[str]:
        """What Morgana, Merlin and Isolde did to the totals, in the order they resolve."""
        result = tally(cards)
        told = []
        for p, card in enumerate(cards):
            if card == MORGANA:
                target = counter_clockwise(p)
                told.append(self("morgana", knight=KNIGHTS[p], card=cards[target], target=KNIGHTS[target]))
        for p, card in enumerate(cards):
            if card not in (MERLIN, ISOLDE):
                continue
            name = capital(str(card))
            if result.cancelled[p]:
                told.append(self("cancelled-character", card=name, knight=KNIGHTS[p]))
            elif card == MERLIN:
                other = across(p)
                key = "merlin" if result.values[p] else "merlin-zero"
                told.append(
                    self(
                        key,
                        knight=KNIGHTS[p],
                        value=result.values[p],
                        card=cards[other],
                        target=KNIGHTS[other],
                    )
                )
            elif p in (0, 1):
                faction = tr(FACTION_NAMES[faction_of(p)])
                told.append(self("isolde", knight=KNIGHTS[p], value=result.values[p], faction=faction))
            else:
                told.append(self("isolde-zero", knight=KNIGHTS[p]))
        return told


def cards_told(cards: Sequence[Any]) -> str:
    """Cards in a row, as the sentences write them."""
    return " ".join(str(card) for card in cards)


BOOK = GuileBook(MESSAGES, RULES, GLOSSARY)
"""Guile's phrasebook, declared as ``GAME.words``."""
