"""Set-up (rulebook steps 1-11), from the seed or partly fixed by a replay's ``setup``.

Every key of ``setup`` is optional; what it leaves out is dealt from the
seeded generator exactly as the rulebook does:

- ``guardians``: a Guardian name per seat;
- ``quests``: three Quest numbers;
- ``treasures``: the top of the Treasure deck, values, top first;
- ``hands``: the cards of each seat's hand;
- ``pool``: the pool's cards (at most five);
- ``deck``: the top of the Guardian deck, top first; it may hold ``council``
  and ``war``. The rest of the cards are shuffled, split into four piles and
  stacked beneath it as step 5 says, Council and War shuffled into the two
  bottom piles unless the given top already holds them;
- ``coins`` and ``tableaux`` (a stack name to cards, bottom first, per seat):
  a position to start from, for scenarios. Villagers in a tableau move its
  pawn, seat by seat, as if they had just been gained.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from feint.engine.errors import SetupError
from feint.engine.rng import Rng
from feint.engine.words import Phrase
from feint.games.guardians.cards import (
    COUNCIL,
    DECLARABLE,
    GUARDIANS,
    PILES,
    POOL_SIZE,
    SPELL,
    STACKS,
    STARTING_HAND,
    TREASURES,
    TYPE_ORDER,
    TYPES,
    WAR,
    Card,
    all_cards,
    guardian_deck,
)
from feint.games.guardians.quests import QUEST_BY_NUMBER, QUESTS, QUESTS_DEALT
from feint.games.guardians.seat import Tableau

KEYS = ("guardians", "quests", "treasures", "hands", "pool", "deck", "coins", "tableaux")


@dataclass(frozen=True, slots=True)
class Deal:
    guardians: tuple[str, ...]
    quests: tuple[int, ...]
    treasures: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    pool: tuple[Card, ...]
    deck: tuple[Card, ...]
    coins: tuple[int, ...]
    tableaux: tuple[Tableau, ...]
    war_pile: tuple[int, int]
    council_pile: tuple[int, int]
    """Where War and Council lie, as a range of places counted from the deck's bottom (step 5)."""


def deal(players: int, rng: Rng, setup: Mapping[str, Any]) -> Deal:
    """The game's starting layout; raises SetupError for a bad ``setup``."""
    if not isinstance(setup, Mapping):
        raise SetupError(Phrase("setup must be an object, not {setup!r}", setup=setup))
    extra = sorted(set(setup) - set(KEYS))
    if extra:
        raise SetupError(
            Phrase(
                "unknown setup key {key!r}; Guardian's Call's setup keys are {listed}",
                key=extra[0],
                listed=", ".join(KEYS),
            )
        )
    guardians = _guardians(players, rng, setup.get("guardians"))
    quests = _quests(rng, setup.get("quests"))
    treasures = _treasures(rng, setup.get("treasures"))
    tableaux = _tableaux(players, setup.get("tableaux"))
    coins = _per_seat_numbers(players, setup.get("coins", [0] * players), "coins")
    fixed_hands = _per_seat_cards(players, setup.get("hands"), "hands")
    fixed_pool = _cards(setup.get("pool"), "pool", TYPES, POOL_SIZE)
    fixed_deck = _cards(setup.get("deck"), "deck", (*TYPES, COUNCIL, WAR), None)

    placed = (fixed_deck, fixed_pool, *(fixed_hands or ()), *(tableau.cards() for tableau in tableaux))
    used = Counter(card for cards in placed for card in cards)
    rest = _rest(players, used)
    rng.shuffle(rest)
    hands = fixed_hands or tuple(tuple(_take(rest, STARTING_HAND)) for _ in range(players))
    pool = fixed_pool if "pool" in setup else tuple(_take(rest, POOL_SIZE))
    piles = _piles(rest)
    for special, pile in ((WAR, 0), (COUNCIL, 1)):
        if special not in fixed_deck:
            piles[pile].insert(rng.below(len(piles[pile]) + 1), special)
    deck = fixed_deck + tuple(card for pile in reversed(piles) for card in pile)
    bottom, second = len(piles[0]), len(piles[1])
    whole = (0, len(deck))
    war_pile = whole if WAR in fixed_deck else (0, bottom)
    council_pile = whole if COUNCIL in fixed_deck else (bottom, bottom + second)
    return Deal(guardians, quests, treasures, hands, pool, deck, coins, tableaux, war_pile, council_pile)


def _rest(players: int, used: Counter[Card]) -> list[Card]:
    """The Guardian cards the setup leaves to shuffle, in the deck's order; all of them when it fixes none."""
    if not used:
        return list(guardian_deck(players))
    surplus = used - Counter(all_cards(players))
    if surplus:
        card = min(surplus, key=TYPE_ORDER.__getitem__)
        raise SetupError(
            Phrase("setup uses more {card} cards than a {players}-seat game has", card=card, players=players)
        )
    return list((Counter(guardian_deck(players)) - used).elements())


def _take(cards: list[Card], count: int) -> list[Card]:
    taken = cards[:count]
    del cards[:count]
    return taken


def _piles(cards: list[Card]) -> list[list[Card]]:
    """Step 5a: four piles as equal as can be, the bottom pile first; extra cards go to upper piles."""
    size, extra = divmod(len(cards), PILES)
    sizes = [size + (1 if PILES - 1 - pile < extra else 0) for pile in range(PILES)]
    piles = []
    end = len(cards)
    for pile_size in sizes:
        piles.append(cards[end - pile_size : end])
        end -= pile_size
    return piles


def _guardians(players: int, rng: Rng, given: Any) -> tuple[str, ...]:
    if given is None:
        shuffled = list(GUARDIANS)
        rng.shuffle(shuffled)
        return tuple(shuffled[:players])
    if not isinstance(given, list) or len(given) != players or len(set(given)) != players:
        raise SetupError(Phrase("setup.guardians must list {players} different Guardians", players=players))
    for name in given:
        if name not in GUARDIANS:
            raise SetupError(
                Phrase(
                    "unknown Guardian {name!r}; Guardians are {listed}",
                    name=name,
                    listed=", ".join(GUARDIANS),
                )
            )
    return tuple(given)


def _quests(rng: Rng, given: Any) -> tuple[int, ...]:
    if given is None:
        numbers = [q.number for q in QUESTS]
        rng.shuffle(numbers)
        return tuple(numbers[:QUESTS_DEALT])
    if not isinstance(given, list) or len(given) != QUESTS_DEALT or len(set(given)) != QUESTS_DEALT:
        raise SetupError(
            Phrase("setup.quests must list {quests_dealt} different Quest numbers", quests_dealt=QUESTS_DEALT)
        )
    for number in given:
        if number not in QUEST_BY_NUMBER or isinstance(number, bool):
            raise SetupError(
                Phrase(
                    "there is no Quest {number!r}; Quests are numbered 1 to {length}",
                    number=number,
                    length=len(QUESTS),
                )
            )
    return tuple(given)


def _treasures(rng: Rng, given: Any) -> tuple[int, ...]:
    top = [] if given is None else given
    if not isinstance(top, list) or any(isinstance(v, bool) or v not in TREASURES for v in top):
        raise SetupError("setup.treasures must list Treasure values (3, 5, 7 or 10), top first")
    if not top:
        rest = list(TREASURES)
    elif Counter(top) - Counter(TREASURES):
        raise SetupError("setup.treasures uses a value more often than the five Treasures of each value")
    else:
        rest = list((Counter(TREASURES) - Counter(top)).elements())
    rng.shuffle(rest)
    return (*top, *rest)


def _cards(given: Any, name: str, allowed: Sequence[Card], limit: int | None) -> tuple[Card, ...]:
    if given is None:
        return ()
    if not isinstance(given, list):
        raise SetupError(Phrase("setup.{name} must be a list of cards", name=name))
    if limit is not None and len(given) > limit:
        raise SetupError(
            Phrase("setup.{name} must be a list of at most {limit} cards", name=name, limit=limit)
        )
    for card in given:
        if card not in allowed:
            raise SetupError(
                Phrase(
                    "setup.{name}: {card!r} is not a card here; cards are {listed}",
                    name=name,
                    card=card,
                    listed=", ".join(allowed),
                )
            )
    return tuple(Card(card) for card in given)


def _per_seat_cards(players: int, given: Any, name: str) -> tuple[tuple[Card, ...], ...] | None:
    if given is None:
        return None
    if not isinstance(given, list) or len(given) != players:
        raise SetupError(
            Phrase("setup.{name} must have one entry per seat ({players})", name=name, players=players)
        )
    return tuple(_cards(hand, f"{name}[{seat}]", TYPES, 6) for seat, hand in enumerate(given))


def _per_seat_numbers(players: int, given: Any, name: str) -> tuple[int, ...]:
    if (
        not isinstance(given, list)
        or len(given) != players
        or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in given)
    ):
        raise SetupError(
            Phrase(
                "setup.{name} must list a whole number of at least 0 per seat ({players})",
                name=name,
                players=players,
            )
        )
    return tuple(given)


def _tableaux(players: int, given: Any) -> tuple[Tableau, ...]:
    if given is None:
        return (Tableau(),) * players
    if not isinstance(given, list) or len(given) != players:
        raise SetupError(Phrase("setup.tableaux must have one entry per seat ({players})", players=players))
    read = []
    for seat, tableau in enumerate(given):
        if not isinstance(tableau, Mapping) or set(tableau) - set(STACKS):
            raise SetupError(
                Phrase(
                    "setup.tableaux[{seat}] must map stacks ({listed}) to cards",
                    seat=seat,
                    listed=", ".join(STACKS),
                )
            )
        stacks = []
        for stack in STACKS:
            cards = _cards(tableau.get(stack, []), f"tableaux[{seat}].{stack}", (stack, SPELL), None)
            if stack in DECLARABLE and stack != SPELL and cards and stack not in cards:
                raise SetupError(
                    Phrase(
                        "setup.tableaux[{seat}].{stack}: Spells need a {stack} in their stack",
                        seat=seat,
                        stack=stack,
                    )
                )
            stacks.append(cards)
        read.append(Tableau(*stacks))
    return tuple(read)
