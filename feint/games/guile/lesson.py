"""Guile taught: what each decision, move and event of a first game means (see feint.engine.teaching).

Every sentence here is shown to a person learning the game; the terms are the glossary's
(:data:`feint.games.guile.words.GLOSSARY`) and each rule is quoted from its rules summary.
"""

from __future__ import annotations

from feint.engine.teaching import Lesson, Topic

LESSON = Lesson(
    phases={
        "faction": Topic(
            "Choosing factions",
            "Pick the faction you lead. The knights of your faction are yours all game: at the end of each "
            "round, the total of the cards on your knights is what counts.",
            ("faction", "arthur", "mordred"),
            "Two seats lead two factions of the Round Table: the Allies of King Arthur (the even knights) "
            "and the Pawns of Sir Mordred (the odd ones).",
        ),
        "start": Topic(
            "Choosing the Start Knight",
            "Pick the knight where the Turn Card starts. Whoever controls the knight holding the Turn Card "
            "acts on that turn.",
            ("start knight", "knight-errant"),
            "Then the Turn Card goes round the table twice from the Start Knight",
        ),
        "draft": Topic(
            "The draft",
            "Keep one card of the hand in front of you; the rest go to the other seat. High cards win "
            "rounds, and whatever you pass, your opponent may keep: remember it.",
            ("draft",),
            "every seat drafts four Influence cards (keep one, pass the rest, four times)",
        ),
        "place": Topic(
            "Placing cards",
            "Lay one of your cards face-down on one of your own knights. Nobody else sees it, but cards "
            "may be swapped away later, so where you put your best card matters.",
            ("4d",),
            "and lays them face-down on its own four knights.",
        ),
        "play": Topic(
            "The Knight-Errant's turn",
            "The Turn Card is on a knight you control: look at its card, or swap it unseen with any other "
            "knight's card, yours or the other faction's.",
            ("knight-errant", "look", "swap", "cycle"),
            "the seat controlling the Knight-Errant either LOOKS at that knight's card, or SWAPS it with "
            "any other knight's card, unseen. Every swap is public, and the table follows your known cards "
            "for you.",
        ),
        "over": Topic(
            "The end",
            "The game is over.",
            ("victory",),
            "Two round wins take the game.",
        ),
    },
    moves={
        "choose_faction": Topic(
            "Lead a faction", "Lead the Allies of King Arthur or the Pawns of Sir Mordred.", ("faction",)
        ),
        "choose_start": Topic(
            "Start Knight", "The knight the Turn Card starts from this round.", ("start knight",)
        ),
        "pick": Topic("Keep a card", "Keep this card; the others pass to the other seat.", ("draft",)),
        "place": Topic("Place a card", "This card goes face-down on this knight of yours.", ()),
        "look": Topic("Look", "See the Knight-Errant's card; only you learn it.", ("look",)),
        "swap": Topic(
            "Swap",
            "Exchange the Knight-Errant's card with this knight's card. Nobody sees the cards, but everyone "
            "sees the swap.",
            ("swap",),
        ),
    },
    events={
        "faction": ("faction",),
        "start": ("start knight",),
        "pick": ("draft",),
        "pass": ("draft",),
        "look": ("look",),
        "swap": ("swap",),
        "round": ("victory", "dagger"),
    },
)
