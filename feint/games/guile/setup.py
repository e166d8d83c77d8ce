"""Reading a Guile set-up: the rulings' fixed deals, one per round, checked against the deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.words import Phrase
from feint.games.guile.cards import HAND_SIZE, Card, listing
from feint.games.guile.model import Deal


def read_deals(setup: Mapping[str, Any], cards: tuple[Card, ...]) -> tuple[Deal, ...]:
    """The rulings' fixed deals: ``{"deals": [{"0": [...], "1": [...]}, ...]}``, one per round."""
    if not isinstance(setup, Mapping):
        raise SetupError(Phrase("setup must be an object, not {setup!r}", setup=setup))
    extra = sorted(set(setup) - {"deals"})
    if extra:
        raise SetupError(Phrase("unknown setup key {key!r}; Guile's setup has only 'deals'", key=extra[0]))
    deals = setup.get("deals", [])
    if not isinstance(deals, list):
        raise SetupError("setup.deals must be a list, one deal per round")
    read: list[Deal] = []
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping) or sorted(deal) != ["0", "1"]:
            raise SetupError(
                Phrase('deal {number} must be an object with the keys "0" and "1"', number=number)
            )
        hands = []
        for seat in ("0", "1"):
            hand = deal[seat]
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                raise SetupError(
                    Phrase(
                        "deal {number}: seat {seat} must be dealt a list of {hand_size} cards",
                        number=number,
                        seat=seat,
                        hand_size=HAND_SIZE,
                    )
                )
            for card in hand:
                if card not in cards:
                    raise SetupError(
                        Phrase(
                            "deal {number}: {card!r} is not a card of this deck; cards are {listing}",
                            number=number,
                            card=card,
                            listing=listing(cards),
                        )
                    )
            hands.append(tuple(Card(c) for c in hand))
        if Counter(hands[0]) + Counter(hands[1]) - Counter(cards):
            raise SetupError(
                Phrase("deal {number} uses a card more often than the deck has it", number=number)
            )
        read.append((hands[0], hands[1]))
    return tuple(read)
