from enum import StrEnum


class Kind(StrEnum):
    DEAL = "deal"
    CLAIM = "claim"
    BELIEVE = "believe"
    CALL = "call"
