"""Guardian's Call in words: every sentence its renderer prints, its rules page and its glossary."""

from __future__ import annotations

from collections.abc import Mapping

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
    "event-discard": "{Actor} discarded the top {card} of {owner} {stack} stack.",
    "event-steal": "{Actor} stole the top {card} of {owner} {stack} stack.",
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
    "council_castle": "Council: Castle race",
    "council_quests": "Council Quests",
    "war_castle": "War: Castle race",
    "war_quests": "War Quests",
    "weapons": "Weapons",
    "shields": "Shields",
    "coins": "Coins",
    "vp_tokens": "VP tokens",
    "curses_removed": "Curses removed",
    "treasures": "Treasures",
}
"""The sources of VP, as the final score names them."""

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
