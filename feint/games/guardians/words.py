"""Guardian's Call in words: every sentence told of it, its rules page and its glossary, and :data:`BOOK`.

The templates are data (``MESSAGES``, ``RULES``, ``GLOSSARY``); :class:`GuardiansBook`
tells each event from the event alone, as its viewer saw it, so the terminal and
the browser (the server sends the sentence) say it in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from feint.engine.events import Event
from feint.engine.types import Seat, Viewer
from feint.engine.view import HIDDEN
from feint.engine.words import N_, Phrasebook, count, listing, tally, tr, who, whose
from feint.games.guardians.kinds import Kind

MESSAGES: Mapping[str, str] = {
    "heading": "Turn {turn} ({whose} turn): {phase}.",
    "phase-prepare": "preparing an offer",
    "phase-respond": "an offer waits for an answer",
    "phase-curse": "a curse strikes",
    "phase-assign": "Spells may be assigned",
    "phase-keep": "a Treasure to keep",
    "phase-name": "the 3 VP Treasure: name a type",
    "phase-add": "the 7 VP Treasure: add a card",
    "phase-over": "the game is over",
    "pool": "Pool: {pool}.",
    "deck": "Deck: {deck}, Council {council}.",
    "castle": "Castle VP tokens at {tokens}.",
    "legend": "Tableau: W weapon, A artifact, S shield, V villager, Sp spell; (n) Spells in it.",
    "quests": "Quests: {quests}.",
    "quest": "{name} ({when}: {condition}, {vp} VP)",
    "discard-pile": "Discard pile: {cards}.",
    "hand": "Your hand: {cards}.",
    "offer": "Offer: {offerer} to {target}, {cards} declared as {declared}{really}.",
    "really": " (really {cards})",
    "curse": "A curse of strength {strength} on {victim}; the stack is chosen by {chooser}.",
    "treasures-drawn": "Treasures drawn: {values}.",
    "drawn-seven": "Cards drawn for the 7 VP Treasure: {cards}.",
    "assign": "Spells may join the {card} just gained.",
    "event-refill": "Turn {turn} ({whose} turn): the pool was refilled with {cards}.",
    "event-draw-pool": "{Actor} drew {card} from the pool.",
    "event-draw-deck": "{Actor} drew a card from the deck.",
    "event-draw-deck-seen": "{Actor} drew {card} from the deck.",
    "event-draw-council": "{Actor} drew the Council from the deck.",
    "event-buy": "{Actor} bought {card} for 3 coins.",
    "event-cleanse": "{Actor} paid 5 coins to remove a Curse from the pool, for 5 VP.",
    "event-trade": "{Actor} traded three Artifacts for two Treasures.",
    "event-treasures": "{Actor} drew two Treasures.",
    "event-treasures-seen": "{Actor} drew two Treasures, worth {values}.",
    "event-keep": "{Actor} kept the {value} VP Treasure.",
    "event-reveal-five": "{Actor} named {named} and revealed {cards}.",
    "event-draw-seven": "{Actor} drew {cards} for the 7 VP Treasure.",
    "event-add": "{Actor} added {card}.",
    "event-offer": "{Actor} offered {count} to {target}, declared as {declared}.",
    "event-offer-seen": "{Actor} offered {count} to {target}, declared as {declared} (really {cards}).",
    "event-answer": "{Actor} {answer} the offer of {offerer}: it was {cards}, so {outcome}{coins}.",
    "coins-tribute": "{actor} took a coin of tribute",
    "coins-affinity": "{actor} earned {coins} of affinity",
    "outcome-win": "{winner} won the cards",
    "outcome-spared": "{winner} escaped the curse",
    "event-cursed": "{Actor} {was} cursed (strength {strength}) and took a coin.",
    "event-discard": "{Actor} discarded the top {card} of {owner}.",
    "event-steal": "{Actor} stole the top {card} of {owner}.",
    "event-assign": "{Actor} assigned {spells} to {card}{first}.",
    "event-leave-spells": "{Actor} left the Spells unassigned.",
    "event-castle": "{Actor} moved to Castle space {space}{tokens}.",
    "event-council": "The Council was revealed: the Castle race and the Council Quests were scored: "
    "{scores}.",
    "event-war": "War was revealed: the game ends at once, and every army is scored.",
    "final-heading": "Guardian's Call: the game is over. The final table, every hand face-up:",
    "final-legend": "W weapon, A artifact, S shield, V villager, Sp spell, C curse; (n) Spells in it.",
    "final-total": "total",
    "tie-coins": "{seats} tied on {vp} VP; a tie goes to the most coins left ({coins}).",
    "tie-shared": "{seats} tied on {vp} VP and on coins ({coins}): the victory is shared.",
    "question-move": "Your move",
    "question-pool": "Draw which card from the pool",
    "question-buy": "Buy which card, for 3 coins",
    "question-cards": "Offer which cards",
    "question-target": "To whom",
    "question-declared": "Declared as",
    "question-answer": "Believe or doubt the offer",
    "question-stack": "Which stack",
    "question-assign": "Assign your Spells",
    "question-how": "How many, and where",
    "question-treasure": "Which Treasure to keep",
    "question-name": "Name a type",
    "question-add": "Add which card",
    "hint-cards": "The cards you give, face down: all of one real type from your hand. The count is "
    "always true.",
    "hint-target": "The seat you offer to: one whose offer token you have not used yet.",
    "hint-declared": "The type you claim the cards are: any type but Curse. Claiming another type than "
    "their real one is a bluff.",
    "hint-pool": "The pool card to take into your hand; everyone sees which.",
    "hint-buy": "The pool card to put straight into your tableau, for 3 coins.",
    "hint-how": "How many of your unassigned Spells become {card}, and whether they go beneath the cards "
    "just added or on top of them.",
    "label-pool": "draw from the pool",
    "label-deck": "draw from the deck",
    "label-buy": "buy",
    "label-offer": "offer",
    "label-target": "to {target}",
    "label-declared": "as {declared}",
    "label-assign-to": "to {card}",
    "explain-prepare": "You are {guardian}. Prepare, then offer: draw from the pool (seen by all) or "
    "the deck (seen by you) while "
    "you hold fewer than 6, buy a pool card for 3 coins, cleanse a Curse for 5 coins, trade three "
    "Artifacts for Treasures. Then offer cards of one real type to a seat, declaring any type but "
    "Curse.",
    "explain-respond": "{offerer} offers you {count} declared as {declared}. Believe or doubt: a right "
    "guess gives you the cards, a wrong one gives them back; the loser takes a coin. Curses curse "
    "the loser.",
    "explain-curse": "Choose the stack whose top card the curse takes.",
    "explain-assign": "Spells in your tableau may become the type just gained, or stay unassigned.",
    "explain-keep": "Keep one of the two Treasures you drew; the other goes back.",
    "explain-name": "Name a type: the five cards revealed of that type join your tableau.",
    "explain-add": "Add one of the cards drawn to your tableau.",
    "explain-wait": "Nothing for you to decide now: waiting for {actor}.",
}

SOURCES = {
    "council_castle": N_("Council: Castle race"),
    "council_quests": N_("Council Quests"),
    "war_castle": N_("War: Castle race"),
    "war_quests": N_("War Quests"),
    "weapons": N_("Weapons"),
    "shields": N_("Shields"),
    "coins": N_("Coins"),
    "vp_tokens": N_("VP tokens"),
    "curses_removed": N_("Curses removed"),
    "treasures": N_("Treasures"),
}
"""The sources of VP, as the final score names them, marked for the catalogue."""

RULES = """\
Guardian's Call: how to play, on one screen

Goal: the most VP when the War card turns up (ties: most coins).
Your turn: the pool is refilled to five cards. Then, in any order: draw a
card from the pool (seen by all) or the deck (seen by you) while your hand
holds fewer than 6; buy a pool card into your tableau for 3 coins (never a
Curse); pay 5 coins to remove a Curse from the pool for 5 VP; trade three
Artifacts from your tableau for two Treasures, keeping one.
Then OFFER: cards of one real type from your hand, face down, to a seat
whose offer token you have not used, declaring a type (never Curse). The
count is always true. The target believes or doubts: a right guess gives
it the cards, a wrong one gives them to you; the other takes 1 coin.
Curses are always a bluff: whoever would win them is spared, and the other
is cursed (a coin, and loses or has stolen the top card of a stack).
Tableau: one stack a type. Spells are wild there: they may become the type
of cards that join. Villagers move your pawn on the Castle track.
Council (drawn or revealed): the Castle race and Council Quests score.
War: the game ends. Castle race, War Quests, Weapons (most 20, second 10),
Shields, coins (1 VP per 3), VP tokens, Curses removed and Treasures score.
'help NAME' explains a card or term: help weapon, help council, help paladin."""

GLOSSARY: Mapping[str, str] = {
    "weapon": "Guardian card. At War the most Weapons score 20 VP, the second most 10.",
    "artifact": "Guardian card. Three Artifacts in your tableau trade for two Treasures (keep one).",
    "shield": "Guardian card. At War Shields score by the table: 3 VP and up to 20.",
    "villager": "Guardian card. Each one moves your pawn a space on the Castle track.",
    "spell": "Guardian card. In your tableau it is wild: it may be assigned to the type of cards that join.",
    "curse": "Always a bluff when offered: the seat that would win it is spared, the other is cursed.",
    "council": "Drawn or revealed: the Castle race (10 and 5 VP) and the Council Quests are scored.",
    "war": "Drawn or revealed: the game ends at once, and the final score is counted.",
    "treasure": "Worth 3, 5, 7 or 10 VP; the 3 names a type, the 5 advances, the 7 adds a card.",
    "offer": "Cards of one real type, face down, declared as any type but Curse; the count is true.",
    "believe": "Answer an offer: you think it is what it claims. Right, you win the cards; wrong, the "
    "offerer does, and you take a coin of tribute.",
    "doubt": "Answer an offer: you think it is a bluff. Right, you win the cards; wrong, the offerer does, "
    "and you take a coin of tribute.",
    "castle": "The Castle track: Villagers move your pawn; VP tokens wait on spaces 5, 10, 15 and 20.",
    "coin": "Coins buy cards (3) and cleanse Curses (5); at War every 3 coins are 1 VP. You gain 1 coin "
    "of tribute when an offer's cards go to the other seat, 1 when cursed, and your Guardian's affinity "
    "coins.",
    "affinity": "Your Guardian's type: a coin per card of that type you add to your tableau from an "
    "offer, as target or as offerer.",
    "tribute": "One coin to the seat of an offer that does not gain the cards.",
    "cleanse": "Pay 5 coins to remove a Curse from the pool, for 5 VP.",
    "quest": "Three Quests are dealt: each scores its VP for every seat that meets it, at Council or War.",
    "tableau": "Your cards in play, one stack a type: what scores.",
    "token": "Offer tokens: you may offer to each seat once before your tokens turn face-up again.",
    "barbarian": "Gorbah'k, the Barbarian: a coin for every Weapon received in an offer.",
    "archer": "Markus, the Archer: a coin for every Villager received in an offer.",
    "mage": "Raven, the Mage: a coin for every Spell received in an offer.",
    "paladin": "Wilfrey, the Paladin: a coin for every Shield received in an offer.",
    "priestess": "Zira, the Priestess: a coin for every Artifact received in an offer.",
}


ARTICLES = {
    "weapon": N_("a weapon"),
    "artifact": N_("an artifact"),
    "shield": N_("a shield"),
    "villager": N_("a villager"),
    "spell": N_("a spell"),
    "curse": N_("a curse"),
    "council": N_("a council"),
    "war": N_("a war"),
}
"""Each card type with its article, marked for the catalogue (a language's articles agree with the noun)."""
PLURALS = {
    "weapon": N_("weapons"),
    "artifact": N_("artifacts"),
    "shield": N_("shields"),
    "villager": N_("villagers"),
    "spell": N_("spells"),
    "curse": N_("curses"),
    "council": N_("councils"),
    "war": N_("wars"),
}
"""Each card type in the plural, marked for the catalogue."""


def cards(things: Sequence[Any]) -> str:
    """Cards counted by type: ``2 weapons and 1 shield``."""
    return tally((str(card) for card in things), PLURALS)


def card(thing: Any) -> str:
    """One card with its article: ``a weapon``, ``an artifact``."""
    text = str(thing)
    return tr(ARTICLES[text]) if text in ARTICLES else text


def plural(thing: Any) -> str:
    """A card type in the plural: ``shields``."""
    text = str(thing)
    return tr(PLURALS[text]) if text in PLURALS else f"{text}s"


def declared(kind: Any, number: int) -> str:
    """What an offer claims to be: ``a shield``, ``shields``."""
    return card(kind) if number == 1 else plural(kind)


class GuardiansBook(Phrasebook):
    """Guardian's Call's templates, and each of its events told in them."""

    def tell(self, event: Event, viewer: Viewer) -> str | None:
        """One event in words, as the viewer saw it."""
        actor, get, kind = event.actor, event.get, event.kind
        match kind:
            case Kind.REFILL:
                return self(
                    "event-refill",
                    turn=get("turn"),
                    whose=whose(actor or 0, viewer),
                    cards=cards(get("cards")),
                )
            case Kind.DRAW_POOL:
                return self("event-draw-pool", actor, viewer, card=card(get("card")))
            case Kind.DRAW_DECK:
                drawn = get("card")
                if drawn == HIDDEN:
                    return self("event-draw-deck", actor, viewer)
                if str(drawn) == "council":
                    return self("event-draw-council", actor, viewer)
                return self("event-draw-deck-seen", actor, viewer, card=card(drawn))
            case Kind.BUY:
                return self("event-buy", actor, viewer, card=card(get("card")))
            case Kind.CLEANSE | Kind.TRADE | Kind.LEAVE_SPELLS | Kind.WAR:
                return self(f"event-{kind}", actor, viewer)
            case Kind.TREASURES_DRAWN:
                values = get("values")
                if HIDDEN in values:
                    return self("event-treasures", actor, viewer)
                return self(
                    "event-treasures-seen",
                    actor,
                    viewer,
                    values=listing([tr("{vp} VP").format(vp=v) for v in values]),
                )
            case Kind.KEEP:
                return self("event-keep", actor, viewer, value=get("value"))
            case Kind.REVEAL_FIVE:
                return self(
                    "event-reveal-five", actor, viewer, named=plural(get("named")), cards=cards(get("cards"))
                )
            case Kind.DRAW_SEVEN:
                return self("event-draw-seven", actor, viewer, cards=cards(get("cards")))
            case Kind.ADD:
                return self("event-add", actor, viewer, card=card(get("card")))
            case Kind.OFFER:
                offered = get("cards")
                seen = HIDDEN not in offered
                return self(
                    "event-offer-seen" if seen else "event-offer",
                    actor,
                    viewer,
                    count=count(get("count"), "card", "cards"),
                    target=who(get("target"), viewer),
                    declared=declared(get("declared"), get("count")),
                    cards=cards(offered) if seen else "",
                )
            case Kind.BELIEVE | Kind.DOUBT:
                winner = who(get("winner"), viewer)
                spared = "curse" in get("cards")
                outcome = self("outcome-spared" if spared else "outcome-win", winner=winner)
                return self(
                    "event-answer",
                    actor,
                    viewer,
                    answer=tr("believed") if kind == Kind.BELIEVE else tr("doubted"),
                    offerer=who(get("offerer"), viewer),
                    cards=cards(get("cards")),
                    outcome=outcome,
                    coins=self._coins(get("tribute"), get("winner"), get("affinity") or 0, viewer),
                )
            case Kind.CURSED:
                return self("event-cursed", actor, viewer, strength=get("strength"))
            case Kind.DISCARD | Kind.STEAL:
                victim, stack = get("victim"), tr(str(get("stack")))
                if victim == actor == viewer:
                    owner = tr("your own {stack} stack")
                elif victim == viewer:
                    owner = tr("your {stack} stack")
                elif victim == actor:
                    owner = tr("its own {stack} stack")
                else:
                    owner = tr("{whose} {stack} stack").replace("{whose}", whose(victim, viewer))
                return self(
                    f"event-{kind}", actor, viewer, card=tr(str(get("card"))), owner=owner.format(stack=stack)
                )
            case Kind.ASSIGN:
                first = tr(" beneath the cards just added") if get("first") else ""
                spells = count(get("count"), "Spell", "Spells")
                return self(
                    "event-assign", actor, viewer, spells=spells, card=plural(get("card")), first=first
                )
            case Kind.CASTLE:
                return self("event-castle", actor, viewer, space=get("space"), tokens=_castle(get("tokens")))
            case Kind.COUNCIL:
                scored = [
                    tr("{seat} {vp} VP").format(seat=who(seat, viewer), vp=points)
                    for seat, points in enumerate(get("points"))
                ]
                return self("event-council", scores=", ".join(scored))
        return str(kind)

    def _coins(self, tribute: Seat | None, winner: Seat, affinity: int, viewer: Viewer) -> str:
        """The coins an answer gave: ``; seat 1 took a coin of tribute, and you 2 coins of affinity``."""
        gained = []
        if tribute is not None:
            gained.append(self("coins-tribute", tribute, viewer))
        if affinity:
            gained.append(self("coins-affinity", winner, viewer, coins=count(affinity, "coin", "coins")))
        return "; " + listing(gained) if gained else ""


def _castle(taken: Sequence[int]) -> str:
    if not taken:
        return ""
    if len(taken) == 1:
        return tr(", taking a VP token worth {vp}").format(vp=taken[0])
    return tr(", taking VP tokens worth {vp}").format(vp=listing([str(t) for t in taken]))


BOOK = GuardiansBook(MESSAGES, RULES, GLOSSARY)
"""The game's phrasebook, as declared (``GAME.words``)."""
