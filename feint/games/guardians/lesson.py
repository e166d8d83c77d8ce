"""Guardian's Call taught: what each decision, move and event of a first game means (feint.engine.teaching).

Every sentence here is shown to a person learning the game; the terms are the glossary's
(:data:`feint.games.guardians.words.GLOSSARY`) and each rule is quoted from its rules summary.
"""

from __future__ import annotations

from feint.engine.teaching import Lesson, Topic

TREASURES = "trade three Artifacts from your tableau for two Treasures, keeping one."
"""Where Treasures come from, in the rules summary's words: cited by each decision a Treasure asks for."""

LESSON = Lesson(
    phases={
        "prepare": Topic(
            "Your turn: prepare, then offer",
            "Get ready in any order: draw, buy, cleanse a Curse or trade Artifacts. Your turn ends when you "
            "offer cards to another seat.",
            ("tableau", "coin", "offer"),
            "Then, in any order: draw a card from the pool (seen by all) or the deck (seen by you) while "
            "your hand holds fewer than 6; buy a pool card into your tableau for 3 coins (never a Curse); "
            "pay 5 coins to remove a Curse from the pool for 5 VP; trade three Artifacts from your tableau "
            "for two Treasures, keeping one.",
        ),
        "respond": Topic(
            "An offer to you",
            "Another seat offers you cards face down, declared as a type. Believe it or doubt it: guess "
            "right and the cards are yours.",
            ("believe", "doubt", "tribute", "curse"),
            "The target believes or doubts: a right guess gives it the cards, a wrong one gives them to "
            "you; the other takes 1 coin.",
        ),
        "curse": Topic(
            "A curse",
            "A Curse struck: choose the stack whose top card it takes.",
            ("curse", "tableau"),
            "Curses are always a bluff: whoever would win them is spared, and the other is cursed (a coin, "
            "and loses or has stolen the top card of a stack).",
        ),
        "assign": Topic(
            "Your Spells",
            "Cards joined your tableau: your Spells may become their type, or stay as they are.",
            ("spell", "tableau"),
            "Spells are wild there: they may become the type of cards that join.",
        ),
        "keep": Topic(
            "Choose a Treasure",
            "You drew two Treasures: keep one; the other goes back.",
            ("treasure",),
            TREASURES,
        ),
        "name": Topic(
            "Name a type",
            "Your Treasure lets you name a type: the cards of that type revealed join your tableau.",
            ("treasure",),
            TREASURES,
        ),
        "add": Topic(
            "Add a card",
            "Your Treasure lets you add one of the cards drawn to your tableau.",
            ("treasure",),
            TREASURES,
        ),
        "over": Topic(
            "The end",
            "The game is over.",
            ("war", "quest"),
            "War: the game ends. Castle race, War Quests, Weapons (most 20, second 10), Shields, coins (1 VP "
            "per 3), VP tokens, Curses removed and Treasures score.",
        ),
    },
    moves={
        "draw_pool": Topic("Draw from the pool", "Take this pool card into your hand; everyone sees it.", ()),
        "draw_deck": Topic(
            "Draw from the deck", "Take the deck's top card into your hand; only you see it.", ()
        ),
        "buy": Topic(
            "Buy", "Pay 3 coins to put this pool card straight into your tableau.", ("coin", "tableau")
        ),
        "cleanse": Topic("Cleanse", "Pay 5 coins to remove a Curse from the pool, for 5 VP.", ("cleanse",)),
        "trade": Topic(
            "Trade Artifacts", "Trade three Artifacts from your tableau for two Treasures.", ("artifact",)
        ),
        "offer": Topic(
            "Offer",
            "Offer cards of one type from your hand to a seat, declared as any type but Curse: the truth or "
            "a bluff. This ends your turn.",
            ("offer", "token"),
        ),
        "believe": Topic("Believe", "Say the offer is what it claims.", ("believe",)),
        "doubt": Topic("Doubt", "Say the offer is a bluff.", ("doubt",)),
        "discard": Topic("Discard", "The curse throws away the top card of this stack.", ("curse",)),
        "steal": Topic("Steal", "The curse lets you take the top card of this stack.", ("curse",)),
        "assign": Topic("Assign Spells", "Turn these Spells into the type that joined.", ("spell",)),
        "leave_spells": Topic("Leave the Spells", "Keep your Spells as they are.", ("spell",)),
        "keep_treasure": Topic("Keep a Treasure", "Keep the Treasure worth this many VP.", ("treasure",)),
        "name": Topic("Name", "Name this type of card.", ("treasure",)),
        "add": Topic("Add", "Add this card to your tableau.", ("tableau",)),
    },
    events={
        "offer": ("offer",),
        "believe": ("believe",),
        "doubt": ("doubt",),
        "cursed": ("curse",),
        "buy": ("coin",),
        "cleanse": ("cleanse",),
        "trade": ("artifact", "treasure"),
        "castle": ("castle", "villager"),
        "council": ("council",),
        "war": ("war",),
    },
)
