"""Every kind of event the game writes."""

from enum import StrEnum


class Kind(StrEnum):
    ADD = "add"
    ASSIGN = "assign"
    BELIEVE = "believe"
    BUY = "buy"
    CASTLE = "castle"
    CLEANSE = "cleanse"
    COUNCIL = "council"
    CURSED = "cursed"
    DISCARD = "discard"
    DOUBT = "doubt"
    DRAW_DECK = "draw-deck"
    DRAW_POOL = "draw-pool"
    DRAW_SEVEN = "draw-seven"
    KEEP = "keep"
    LEAVE_SPELLS = "leave-spells"
    OFFER = "offer"
    REFILL = "refill"
    REVEAL_FIVE = "reveal-five"
    STEAL = "steal"
    TRADE = "trade"
    TREASURES_DRAWN = "treasures-drawn"
    WAR = "war"
