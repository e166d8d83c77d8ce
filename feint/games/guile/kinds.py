"""Every kind of event the game writes."""

from enum import StrEnum


class Kind(StrEnum):
    DEAL = "deal"
    FACTION = "faction"
    LOOK = "look"
    OVER = "over"
    PASS = "pass"
    PICK = "pick"
    PLACE = "place"
    PLACED = "placed"
    ROUND = "round"
    START = "start"
    SWAP = "swap"
