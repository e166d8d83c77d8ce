"""Knights of Glory taught: what each decision, move and event of a first game means (feint.engine.teaching).

Every sentence here is shown to a person learning the game; the terms are the glossary's
(:data:`feint.games.knights.words.GLOSSARY`) and each rule is quoted from its rules summary.
"""

from __future__ import annotations

from feint.engine.teaching import Lesson, Topic

LESSON = Lesson(
    phases={
        "action": Topic(
            "Your turn",
            "Advance to the next place and cover its dice, pass to end your turn, or discard cards to make "
            "room for new ones. After a success you may push your luck and advance again.",
            ("tier", "push", "discard"),
            "Your turn: advance, pass, or discard up to your tier level of cards face-down (never on Start, "
            "nor after a retreat since your last turn).",
        ),
        "glory": Topic(
            "Glory dice",
            "You are advancing to a Deathtrap: choose how many glory dice to add. Each one you cover earns a "
            "KOG token, but it is one more die to cover.",
            ("deathtrap", "glory", "kog"),
            "one at a Deathtrap plus glory dice",
        ),
        "cover": Topic(
            "Covering the dice",
            "Cover each die you rolled. A card matching the die's weapon is the truth; any other card "
            "face-down is a bluff the others may call.",
            ("bluff", "jester", "wild", "token", "substitution"),
            "Cover every other die: a weapon card face-down (true if it matches, else a bluff), a Jester "
            "face-down (a bluff), a Wild face-up, a KOG token, or once per advance a card beside the path "
            "claiming its weapon. Too few: you fail.",
        ),
        "vote": Topic(
            "The vote",
            "Another knight covered its dice. Agree to let it advance, or disagree to see its cards: you win "
            "if it bluffed, you retreat if it told the truth.",
            ("vote", "bluff"),
            "Vote: the others agree or disagree in secret. All agree: you advance. Someone disagrees: your "
            "cards are shown. True: you advance, the doubters retreat. A bluff: you retreat, the doubters "
            "advance.",
        ),
        "decide": Topic(
            "A decision the rules ask for",
            "The rules give you a choice now: spend a KOG token to avoid a retreat, reveal a card, or take a "
            "free advance.",
            ("redemption", "kog"),
            "spend one to cover a die or to avoid a retreat.",
        ),
        "over": Topic(
            "The end",
            "The game is over.",
            ("exit", "final turns"),
            "The first out wins, the tiers collapse behind, and everyone else gets one final turn, face-up.",
        ),
    },
    moves={
        "advance": Topic(
            "Advance", "Move toward the next place: it is turned over and you roll its dice.", ("tier",)
        ),
        "pass": Topic("Pass", "End your turn where you stand.", ()),
        "redeem": Topic(
            "Redeem", "Spend a KOG token and stay where you are instead of retreating.", ("redemption",)
        ),
        "retreat": Topic("Retreat", "Accept the retreat, and keep your KOG tokens.", ()),
        "free advance": Topic("Free advance", "Move forward one place without rolling.", ()),
        "stay": Topic("Stay", "Do not take the free advance.", ()),
        "trade jesters": Topic(
            "Trade Jesters", "Trade your Jesters for as many KOG tokens.", ("jester", "kog")
        ),
        "discard": Topic(
            "Discard", "Lay these cards face-down on the Discard Pile, instead of advancing.", ("discard",)
        ),
        "glory": Topic("Glory dice", "Roll this many glory dice with the Deathtrap's die.", ("glory",)),
        "cover": Topic(
            "Cover a die", "Cover this die with this card: true if the card is the die's weapon.", ("bluff",)
        ),
        "substitute": Topic(
            "Beside the path",
            "Lay this card beside the path, claiming the path's weapon, to remove a die.",
            ("substitution",),
        ),
        "vote": Topic("Vote", "Agree to let the covers stand, or disagree to have them shown.", ("vote",)),
        "reveal": Topic("Reveal", "Show this card, as the rules ask.", ()),
    },
    events={
        "advance": ("tier",),
        "roll": ("blank",),
        "cover": ("bluff",),
        "discard": ("discard",),
        "glory": ("glory",),
        "voted": ("vote",),
        "votes": ("vote",),
        "bluff-caught": ("bluff",),
        "redeem": ("redemption",),
        "tokens": ("kog",),
        "final-glory": ("final path",),
        "exit": ("exit", "final turns"),
        "round": ("rook",),
    },
)
