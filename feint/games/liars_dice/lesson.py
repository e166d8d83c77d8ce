"""Liar's Dice taught: what each decision, move and event of a first game means (feint.engine.teaching).

Every sentence here is shown to a person learning the game; the terms are the glossary's
(:data:`feint.games.liars_dice.words.GLOSSARY`) and each rule is quoted from its rules summary.
"""

from __future__ import annotations

from feint.engine.teaching import Lesson, Topic

LESSON = Lesson(
    phases={
        "roll": Topic(
            "The roll",
            "Every seat rolls its dice; you see only your own.",
            ("round",),
            "Every seat rolls its dice under a cup and sees only its own.",
        ),
        "bid": Topic(
            "Bid or call",
            "Say how many dice on the whole table show a face, counting the others' dice you cannot see; "
            "or, if a bid stands, call it a lie.",
            ("bid", "liar", "wild"),
            "From the round's starter, clockwise, each seat either bids or calls. A bid says how many dice "
            "on the whole table show a face, at least:",
        ),
        "over": Topic(
            "The end",
            "The game is over.",
            ("out",),
            "a seat with no dice is out, and the last seat with dice wins.",
        ),
    },
    moves={
        "bid": Topic(
            "Bid",
            "Claim that at least this many dice on the table show this face. It must beat the standing bid.",
            ("bid",),
            "Each bid must beat the one before: more dice of any face, or as many of a higher face.",
        ),
        "liar": Topic(
            "Call liar",
            "Challenge the standing bid: every die is shown, and the bidder or you lose a die.",
            ("liar",),
            '"liar" challenges the standing bid: every die is shown.',
        ),
        "spot on": Topic(
            "Call spot on",
            "Claim the standing bid is exactly right: every die is shown, and the bidder or you lose a die.",
            ("spot on",),
        ),
    },
    events={
        "bid": ("bid",),
        "liar": ("liar",),
        "spot-on": ("spot on",),
        "out": ("out",),
        "lose-die": ("round",),
    },
)
