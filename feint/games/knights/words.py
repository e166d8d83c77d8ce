"""Knights of Glory in words: every sentence told of it, its rules page and its glossary, and :data:`BOOK`.

The templates are data; :class:`KnightsBook` fills them to tell each event as
one viewer saw it, from that event alone, for the terminal and the browser
alike. Another seat's face-down cover or discard, and how a seat voted until
every vote is in, reach the viewer only as hidden, so they are told as such.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from feint.engine.events import Event
from feint.engine.types import Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import N_, Phrasebook, count, listing, seats, tally, tr, who
from feint.games.knights.kinds import Kind

MESSAGES: Mapping[str, str] = {
    "heading": "Knights of Glory, round {round}: {turn}. The Rook: {rook}.",
    "heading-over": "Knights of Glory, round {round}: the game is over.",
    "turn": "{whose} turn",
    "final-turns": "FINAL TURNS: covers face-up and true, no vote; {whose} last turn.",
    "owed": "Still owed a final turn: {owed}.",
    "hand": "Your hand: {cards}.",
    "variants": "Variants: {variants}.",
    "advance": "Advance: {actor} to place {target} ({card}){glory}. Dice: {dice}.",
    "covers": "Covers: {covers}.",
    "cover-line": "{face}: {card}",
    "substitution-line": "{face}: {card}, beside the path",
    "to-cover": "Still to cover: {faces}.",
    "voting": "Voting: {voted} voted; waiting for {waiting}.",
    "my-vote": "You voted {vote}.",
    "pending": "Waiting for {actor} to {what}.",
    "pending-you": "You must {what}.",
    "unknown-deck": "Unknown Deck: {unknown}.",
    "discard-pile": "Discard Pile: {discard}{seen}.",
    "supply": "KOG supply: {supply}.",
    "seen": " (you saw {cards})",
    "event-round": "Round {round} begins; the Rook goes to {first}, who plays first.",
    "event-dealt": "{Actor} drew {cards}.",
    "event-reshuffle": "The Discard Pile ({cards}) was shuffled into a new Unknown Deck.",
    "event-pass": "{Actor} passed.",
    "event-discard": "{Actor} discarded {cards} face-down.",
    "event-trade": "{Actor} traded {jesters} for as many KOG tokens.",
    "event-advance": "{Actor} advanced toward place {to}{glory}.",
    "event-flip": "The path card at place {place} was turned over: {card}.",
    "event-glory": "{Actor} added {dice}.",
    "event-roll": "{Actor} rolled {dice}.",
    "event-cover": "{Actor} covered the {face} die with {what}.",
    "event-substitute": "{Actor} substituted {what} for the {face} die, claiming {claim}.",
    "event-voted": "{Actor} voted.",
    "event-voted-how": "{Actor} voted {how}.",
    "event-votes-agree": "The votes are in: everyone agreed.",
    "event-votes": "The votes are in: {said}.",
    "event-reveal-kept": "{Actor} revealed {cards} and kept {them} in hand.",
    "event-reveal": "{Actor} revealed {cards} and discarded {them}.",
    "event-bluff": "{Actor} {was} caught bluffing.",
    "event-move": "{Actor} moved forward to place {to}.",
    "event-retreat": "{Actor} retreated to place {to}.",
    "event-stay": "{Actor} stayed put.",
    "event-eliminated": "{Actor} {is} out: {its} place collapsed.",
    "event-tokens": "{Actor} gained {tokens}.",
    "event-exit": "{Actor} reached the Exit and won!",
    "event-failed": "{Actor} could not cover the dice, and failed.",
    "event-redeem": "{Actor} spent a KOG token on the Path to Redemption, and stayed.",
    "event-final-glory": "{Actor} caught a bluff from the Final Path: Final Glory.",
    "event-sit-out": "{Actor} sat out.",
    "event-sit-in": "{Actor} sat in.",
    "event-leave": "{Actor} left the table.",
    "event-join": "{Actor} joined the game on Start.",
    "final-heading": "Knights of Glory: the game is over after {rounds}. Every hand, face-up:",
    "ended-exited": "left by the Exit, {nth}",
    "ended-eliminated": "out: caught in the collapse",
    "ended-playing": "still in, at place {place}",
    "ended-sitting out": "sitting out, at place {place}",
    "ended-absent": "absent",
    "ended-left": "left the table",
    "question-turn": "Your turn",
    "question-discard": "Discard which cards, face-down",
    "question-die": "Cover which die",
    "question-cover": "Cover the {face} die with",
    "question-vote": "Agree or disagree",
    "question-glory": "How many glory dice",
    "question-decide": "Your decision",
    "question-table": "Sit in",
    "label-die": "{face} die",
    "label-substitute": "{card}, beside the path",
    "label-face-down": "{card} face-down",
    "hint-discard": "The cards to lay face-down on the Discard Pile: one card up to your tier level.",
    "hint-cover": "What covers the {face} die: a {face} card face-down is true; another weapon or a Jester "
    "face-down is a bluff; a Wild face-up or a KOG token is never judged.",
    "explain-action": "Your turn: advance (the place ahead is turned over and you roll its dice), pass, "
    "or discard cards face-down (up to your tier level). 'sit out' skips your turns until you sit in.",
    "explain-push": "You made it: advance again (push your luck) or pass to end your turn.",
    "explain-cover": "Cover every die still open: a weapon card face-down (true if it is the die's weapon, "
    "a bluff if not), a Jester face-down (a bluff), a Wild face-up, a KOG token, or once per advance a "
    "card of the path's weapon beside the path.",
    "explain-vote": "The covers of {actor} wait for your vote. Agree, or disagree to have them shown: "
    "a bluff sends {actor} back and you forward; the truth sends you back.",
    "explain-glory": "A Deathtrap: add glory dice for KOG tokens if you cover them.",
    "explain-decide": "{what}.",
    "explain-wait": "Nothing for you to decide now.",
    "confirm-leave": "Leave the table for good? Your knight leaves the dungeon and cannot come back",
    "pending-retreat": "redeem with a KOG token, or retreat",
    "pending-discard one": "reveal and discard a card",
    "pending-reveal one": "reveal a card (it stays in hand)",
    "pending-free advance": "take a free advance, or stay",
}

RULES = """\
Knights of Glory: how to play, on one screen

Goal: reach the Exit (place 7) of a dungeon: Start (0), Tier 1 (1-2),
Tier 2 (3-4), Tier 3 (5-6; 6 is the Final Path), Exit. Several may win.
Your turn: advance, pass, or discard up to your tier level of cards
face-down (never on Start, nor after a retreat since your last turn).
Advance: the place ahead is turned over; roll its dice (the tier level;
one at a Deathtrap plus glory dice; four at the Exit). Blanks are removed.
Cover every other die: a weapon card face-down (true if it matches, else a
bluff), a Jester face-down (a bluff), a Wild face-up, a KOG token, or once
per advance a card beside the path claiming its weapon. Too few: you fail.
Vote: the others agree or disagree in secret. All agree: you advance.
Someone disagrees: your cards are shown. True: you advance, the doubters
retreat. A bluff: you retreat, the doubters advance. After a success you
may act again. KOG tokens (at most four) come from Jesters, the Path of
Glory, the Final Path and glory dice; spend one to cover a die or to avoid
a retreat. Round end: the knight furthest back takes the Rook.
The Exit: four dice, covered face-up and true. The first out wins, the
tiers collapse behind, and everyone else gets one final turn, face-up.
Table moves: 'sit out' (you are asked at each of your turns to sit in)."""

GLOSSARY: Mapping[str, str] = {
    "bomb": "A weapon card and die face. Face-down it covers a bomb die truly, or any other as a bluff.",
    "key": "A weapon card and die face.",
    "shield": "A weapon card and die face.",
    "sword": "A weapon card and die face.",
    "torch": "A weapon card and die face.",
    "jester": "A card that covers any die face-down, always as a bluff; if all agree, it earns a KOG token.",
    "wild": "A card that covers any die face-up, always truly; with the bluffing-wilds variant it may also "
    "go face-down, and is still always true.",
    "blank": "A die face that needs no cover: blanks are removed from play.",
    "deathtrap": "A path card with one die; you may add glory dice. A bluff caught there sends you back to "
    "Start, and failing to cover its dice sends you back one place: neither may be redeemed.",
    "glory": "Glory dice: extra dice you may add at a Deathtrap; a successful advance earns a KOG token "
    "per glory die rolled.",
    "token": "A KOG token: covers any die, or pays the Path to Redemption. At most four each.",
    "kog": "KOG tokens: cover a die, or redeem a retreat. At most four each; twenty in the supply.",
    "rook": "The Rook marks the first player of the round: the knight furthest back takes it.",
    "vote": "After you cover, the others agree or disagree in secret; a disagreement shows your cards.",
    "bluff": "A cover that does not match its die: a Jester, or a weapon of another kind.",
    "substitution": "Once per advance and only on a regular path: a card laid face-down beside the path, "
    "claiming the path's weapon, removes one die (a bluff if it is not that weapon).",
    "redemption": "The Path to Redemption: spend a KOG token instead of retreating.",
    "tier": "Tier 1 is places 1-2, Tier 2 places 3-4, Tier 3 places 5-6: a tier has as many dice.",
    "final path": "Place 6: catching a bluff from there gains a token (Final Glory), never the Exit.",
    "exit": "Place 7: four dice, covered face-up and true. Every seat that exits wins; the first exit "
    "starts the final turns.",
    "final turns": "After the first exit, every other seat gets one last turn: covers face-up, no vote.",
    "path of glory": "Advancing to a tier above your hand size earns a KOG token.",
    "sit out": "A table move between turns: your turns are skipped until you sit in; you agree to votes.",
    "sit in": "Come back into play after sitting out.",
    "leave": "A table move: leave the game for good. Your pawn is removed and your cards are shuffled into "
    "the Unknown Deck; you are asked to confirm.",
    "push": "Push your luck: after a success you may act again in the same turn.",
    "discard": "Lay up to your tier level of cards face-down on the Discard Pile, instead of advancing.",
}


class KnightsBook(Phrasebook):
    """Knights of Glory's phrasebook: each event in words, as its viewer saw it."""

    def __init__(self) -> None:
        super().__init__(MESSAGES, RULES, GLOSSARY)
        simple = self._simple
        self._tellers: dict[str, Callable[[Event, Viewer], str]] = {
            Kind.ROUND: lambda e, v: self("event-round", round=e.get("round"), first=who(e.get("first"), v)),
            Kind.DEALT: lambda e, v: self("event-dealt", e.actor, v, cards=_cards(e.get("cards"))),
            Kind.RESHUFFLE: lambda e, v: self("event-reshuffle", cards=_cards(e.get("cards"))),
            Kind.PASS: simple("event-pass"),
            Kind.DISCARD: lambda e, v: self("event-discard", e.actor, v, cards=_cards(e.get("cards"))),
            Kind.TRADE_JESTERS: lambda e, v: self(
                "event-trade", e.actor, v, jesters=_cards(e.get("jesters"), jesters=True)
            ),
            Kind.ADVANCE: lambda e, v: self(
                "event-advance",
                e.actor,
                v,
                to=e.get("to"),
                glory=tr(" on the Path of Glory") if e.get("path_of_glory") else "",
            ),
            Kind.FLIP: lambda e, v: self("event-flip", place=e.get("place"), card=tr(e.get("card"))),
            Kind.GLORY: lambda e, v: self(
                "event-glory", e.actor, v, dice=count(int(e.get("dice")), "glory die", "glory dice")
            ),
            Kind.ROLL: lambda e, v: self(
                "event-roll", e.actor, v, dice=", ".join(tr(d) for d in e.get("dice"))
            ),
            Kind.COVER: self._cover,
            Kind.VOTED: self._voted,
            Kind.VOTES: self._votes,
            Kind.REVEAL: self._reveal,
            Kind.BLUFF_CAUGHT: simple("event-bluff"),
            Kind.MOVE: simple("event-move"),
            Kind.RETREAT: simple("event-retreat"),
            Kind.STAY: simple("event-stay"),
            Kind.ELIMINATED: simple("event-eliminated"),
            Kind.TOKENS: lambda e, v: self(
                "event-tokens", e.actor, v, tokens=count(int(e.get("gained")), "KOG token", "KOG tokens")
            ),
            Kind.EXIT: simple("event-exit"),
            Kind.FAILED: simple("event-failed"),
            Kind.REDEEM: simple("event-redeem"),
            Kind.FINAL_GLORY: simple("event-final-glory"),
            Kind.SIT_OUT: simple("event-sit-out"),
            Kind.SIT_IN: simple("event-sit-in"),
            Kind.LEAVE: simple("event-leave"),
            Kind.JOIN: simple("event-join"),
        }
        """How each kind is told; a kind not here (the game's end) is not worth a line."""

    def tell(self, event: Event, viewer: Viewer) -> str | None:
        teller = self._tellers.get(event.kind)
        return None if teller is None else teller(event, viewer)

    def _simple(self, name: str) -> Callable[[Event, Viewer], str]:
        return lambda e, v: self(name, e.actor, v, **e.data)

    def _cover(self, event: Event, viewer: Viewer) -> str:
        card = event.get("card")
        if card == "token":
            what = tr("a KOG token")
        elif card is HIDDEN:
            what = tr("a face-down card")
        else:
            how = tr("{card}, face-down") if event.get("face_down") else tr("{card}, face-up")
            what = how.format(card=tr(str(card)))
        face = tr(event.get("face"))
        if event.get("substitution"):
            return self(
                "event-substitute", event.actor, viewer, what=what, face=face, claim=tr(event.get("claim"))
            )
        return self("event-cover", event.actor, viewer, what=what, face=face)

    def _votes(self, event: Event, viewer: Viewer) -> str:
        agree, disagree = list(event.get("agree")), list(event.get("disagree"))
        if not disagree:
            return self("event-votes-agree")
        said = [tr("agree: {seats}").format(seats=seats(agree, viewer))] if agree else []
        said.append(tr("disagree: {seats}").format(seats=seats(disagree, viewer)))
        return self("event-votes", said="; ".join(said))

    def _voted(self, event: Event, viewer: Viewer) -> str:
        agree = event.get("agree")
        if agree is HIDDEN:
            return self("event-voted", event.actor, viewer)
        return self("event-voted-how", event.actor, viewer, how=tr("agree") if agree else tr("disagree"))

    def _reveal(self, event: Event, viewer: Viewer) -> str:
        cards = event.get("cards")
        key = "event-reveal-kept" if event.get("discarded") is False else "event-reveal"
        return self(
            key, event.actor, viewer, cards=_cards(cards), them=tr("it") if len(cards) == 1 else tr("them")
        )


PLURALS = {
    "bomb": N_("bombs"),
    "key": N_("keys"),
    "shield": N_("shields"),
    "sword": N_("swords"),
    "torch": N_("torches"),
    "jester": N_("jesters"),
    "wild": N_("wilds"),
    "blank": N_("blanks"),
}
"""The cards' names in the plural, for a hand counted by name ("2 swords and a key"), catalogued."""


def _cards(value: Any, jesters: bool = False) -> str:
    """Cards (or Jesters) by name, or by number when the viewer saw only their backs."""
    number = len(value) if isinstance(value, tuple | list) else int(value)
    counted = count(number, "Jester", "Jesters") if jesters else count(number, "card", "cards")
    if isinstance(value, tuple | list) and not any(v is HIDDEN for v in value):
        names = [str(v) for v in value]
        if len(set(names)) < len(names):
            return tally(names, PLURALS)
        return listing([tr(name) for name in names], counted)
    return counted


BOOK = KnightsBook()
"""The game's phrasebook (``GAME.words``)."""
