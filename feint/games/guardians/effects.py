"""What Guardian's Call's moves do: every change of the state, each recorded as an event.

Rules held here (the numbers are the rules page's and the gaps checklist's):
drawing and the pool (GC18, GC19), buying (GC23), removing a Curse,
the Artifact trade and the four Treasures (GC3, GC24-GC27), the offer's four
outcomes, tribute and affinities (GC9, GC15, GC16), curses and their effects
(GC7, GC8, GC10-GC12), gaining cards and assigning Spells (GC13, GC14), the
Castle track (GC5), Council (GC20) and War with the final score (GC6, GC21,
GC28-GC30). Legality is the phase modules' (``prepare``, ``respond``,
``curse``, ``spells``, ``treasure``); the driver in ``state`` calls these.

Events: what every viewer sees is public; a card drawn from the deck, the
real cards of an offer and the Treasures drawn are secrets of the seat that
holds them, with ``HIDDEN`` in their place for everyone else.
"""

from __future__ import annotations

from feint.engine.state import Seat, secret
from feint.engine.view import HIDDEN
from feint.games.guardians.board import Board, tokens_after
from feint.games.guardians.cards import (
    ADVANCE_STEPS,
    ADVANCE_TREASURE,
    AFFINITY,
    ARTIFACT,
    ARTIFACTS_PER_TREASURE,
    ASSIGNABLE,
    BUY_COST,
    CLEANSE_COST,
    CLEANSE_VP,
    COUNCIL,
    CURSE,
    DRAW_TREASURE,
    DRAWN,
    MAX_CURSE_STRENGTH,
    POOL_SIZE,
    REVEAL_TREASURE,
    REVEALED,
    SHIELD,
    SPELL,
    TREASURES_DRAWN,
    VILLAGER,
    VP_SPACES,
    WAR,
    WEAPON,
    Card,
)
from feint.games.guardians.claims import is_true
from feint.games.guardians.kinds import Kind
from feint.games.guardians.moves import (
    BELIEVE,
    Add,
    Assign,
    Buy,
    Discard,
    DrawPool,
    KeepTreasure,
    Name,
    Offer,
    Steal,
)
from feint.games.guardians.pending import Phase, pending_assign, pending_curse, pending_offer
from feint.games.guardians.quests import Standing, When, quest_points
from feint.games.guardians.scoring import army_points, castle_points
from feint.games.guardians.seat import SOURCES

# --- the deck and the pool ------------------------------------------------------


def refill(g: Board) -> None:
    """Turn step 1: the pool is refilled to five cards; Council is resolved on the way, War ends the game.

    One event tells the cards added, or two when Council interrupts them.
    """
    cards: list[Card] = []
    pool = g.pool
    deck = g.deck
    while len(pool) < POOL_SIZE:
        top = deck[0]
        if top is COUNCIL or top is WAR:
            _refilled(g, cards)
            cards = []
            card = reveal(g, g.current)
            if card is None:
                return
        else:
            card = deck.pop(0)
        pool.append(card)
        cards.append(card)
    _refilled(g, cards)


def _refilled(g: Board, cards: list[Card]) -> None:
    if cards:
        g.record(Kind.REFILL, g.current, turn=g.turn, cards=tuple(cards))


def reveal(g: Board, seat: Seat, replace: bool = True) -> Card | None:
    """The deck's top Guardian card; None once War has ended the game.

    Council is resolved the moment it shows; with ``replace`` the next card
    takes its place, without it (a draw into the hand) nothing does.
    """
    while True:
        card = g.deck.pop(0)
        if card is COUNCIL:
            council(g, seat)
            if not replace:
                return None
        elif card is WAR:
            war(g, seat)
            return None
        else:
            return card


def draw_pool(g: Board, seat: Seat, move: DrawPool) -> None:
    card = move.card
    g.pool.remove(card)
    g.hands[seat].append(card)
    g.record(Kind.DRAW_POOL, seat, card=card)


def draw_deck(g: Board, seat: Seat, move: object) -> None:
    """The deck's top card into the hand, seen by the drawer alone; a Council drawn is no card of the hand."""
    if g.deck[0] is COUNCIL:
        g.record(Kind.DRAW_DECK, seat, card=COUNCIL)
    card = reveal(g, seat, replace=False)
    if card is not None:
        g.hands[seat].append(card)
        g.record(Kind.DRAW_DECK, seat, [secret(seat, card=card)], card=HIDDEN)


def buy(g: Board, seat: Seat, move: Buy) -> None:
    card = move.card
    g.coins[seat] -= BUY_COST
    g.pool.remove(card)
    g.record(Kind.BUY, seat, card=card)
    gain(g, seat, (card,), from_offer=False)


def cleanse(g: Board, seat: Seat, move: object) -> None:
    g.coins[seat] -= CLEANSE_COST
    g.pool.remove(CURSE)
    g.discard.append(CURSE)
    g.points[seat] = g.points[seat].plus("curses_removed", CLEANSE_VP)
    g.cleansed[seat] += 1
    g.record(Kind.CLEANSE, seat)


# --- Treasures -------------------------------------------------------------------


def trade(g: Board, seat: Seat, move: object) -> None:
    """Three Artifacts from the top of the stack (assigned Spells count) for two Treasures."""
    traded = lose_top(g, seat, ARTIFACT, ARTIFACTS_PER_TREASURE)
    g.discard += traded
    choice = tuple(g.treasure_deck[:TREASURES_DRAWN])
    del g.treasure_deck[:TREASURES_DRAWN]
    g.treasure_choice = choice
    g.record(Kind.TRADE, seat, cards=traded)
    g.record(Kind.TREASURES_DRAWN, seat, [secret(seat, values=choice)], values=(HIDDEN,) * len(choice))


def keep_treasure(g: Board, seat: Seat, move: KeepTreasure) -> None:
    """Keep one Treasure, put the other at the bottom of the Treasure deck, and use the kept one."""
    value = move.value
    rest = list(g.treasure_choice)
    rest.remove(value)
    g.treasure_deck += rest
    g.treasure_choice = ()
    g.treasures[seat] = (*g.treasures[seat], value)
    g.points[seat] = g.points[seat].plus("treasures", value)
    g.record(Kind.KEEP, seat, [secret(seat, put_back=tuple(rest))], value=value, put_back=HIDDEN)
    if value == REVEAL_TREASURE:
        g.naming = True
    elif value == ADVANCE_TREASURE:
        advance(g, seat, ADVANCE_STEPS)
    elif value == DRAW_TREASURE:
        draw_two(g, seat)


def reveal_five(g: Board, seat: Seat, move: Name) -> None:
    """The 3 VP Treasure: five cards revealed, the named type kept, the rest discarded.

    Council and War are not among the five. Each takes effect the moment it
    is revealed, as if drawn: Council scores before the matching cards join
    the tableau, and War ends the game before they do, the cards revealed so
    far going to the discard pile.
    """
    named = move.card
    g.naming = False
    revealed: list[Card] = []
    while len(revealed) < REVEALED and g.deck:
        card = g.deck.pop(0)
        if card is COUNCIL:
            council(g, seat)
        elif card is WAR:
            g.discard += revealed
            g.record(Kind.REVEAL_FIVE, seat, named=named, cards=tuple(revealed))
            war(g, seat)
            return
        else:
            revealed.append(card)
    matches = tuple(c for c in revealed if c == named)
    g.discard += [c for c in revealed if c != named]
    g.record(Kind.REVEAL_FIVE, seat, named=named, cards=tuple(revealed))
    if matches:
        gain(g, seat, matches, from_offer=False)


def draw_two(g: Board, seat: Seat) -> None:
    """The 7 VP Treasure: two cards, seen by all, more while every card drawn is a Curse."""
    drawn: list[Card] = []
    while len(drawn) < DRAWN or all(c is CURSE for c in drawn):
        card = reveal(g, seat)
        if card is None:
            g.discard += drawn
            return
        drawn.append(card)
    g.drawn = tuple(drawn)
    g.record(Kind.DRAW_SEVEN, seat, cards=g.drawn)


def add_drawn(g: Board, seat: Seat, move: Add) -> None:
    card = move.card
    rest = list(g.drawn)
    rest.remove(card)
    g.discard += rest
    g.drawn = ()
    g.record(Kind.ADD, seat, card=card)
    gain(g, seat, (card,), from_offer=False)


# --- offers and curses -------------------------------------------------------------


def make_offer(g: Board, offerer: Seat, move: Offer) -> None:
    target = move.target
    count = move.count
    card = move.card
    g.used_tokens[offerer] = tokens_after(g.players, offerer, g.used_tokens[offerer], target)
    hand = g.hands[offerer]
    for _ in range(count):
        hand.remove(card)
    g.offer = pending_offer(offerer, target, count, move.declared)
    cards = g.offer_cards = (card,) * count
    g.record(
        Kind.OFFER,
        offerer,
        [secret(offerer, cards=cards)],
        target=target,
        count=count,
        declared=move.declared,
        cards=(HIDDEN,) * count,
    )


def respond(g: Board, seat: Seat, move: object) -> None:
    """The four outcomes: a right guess gives the target the cards, a wrong one the offerer.

    Curses go to nobody's tableau: the seat that would have won them is
    spared, and the other is cursed.
    """
    offer = g.offer
    assert offer is not None
    believed = move is BELIEVE
    cards = g.offer_cards
    card = cards[0]
    g.offer = None
    g.offer_cards = ()
    g.offered = True
    right = believed == is_true(card, offer.declared)
    winner, loser = (offer.target, offer.offerer) if right else (offer.offerer, offer.target)
    cursing = card is CURSE
    g.record(
        Kind.BELIEVE if believed else Kind.DOUBT,
        offer.target,
        offerer=offer.offerer,
        cards=cards,
        winner=winner,
        tribute=None if cursing else loser,
        affinity=0 if cursing else affinity_coins(g, winner, cards),
    )
    if cursing:
        g.discard += cards
        cursed(g, loser, winner, len(cards))
        return
    g.coins[loser] += 1
    gain(g, winner, cards, from_offer=True)


def cursed(g: Board, victim: Seat, opponent: Seat, curses: int) -> None:
    strength = min(curses, MAX_CURSE_STRENGTH)
    g.coins[victim] += 1
    g.cursed[victim] = True
    g.record(Kind.CURSED, victim, opponent=opponent, strength=strength)
    if not g.tableaux[victim].empty():
        chooser = victim if strength == 1 else opponent
        g.curse = pending_curse(chooser, victim, strength)


def curse_effect(g: Board, seat: Seat, move: Discard | Steal) -> None:
    """The top card of the chosen stack is discarded, or taken by the chooser (``steal``)."""
    stack = move.stack
    steal = type(move) is Steal
    curse = g.curse
    assert curse is not None
    g.curse = None
    (card,) = lose_top(g, curse.victim, stack)
    kind = Kind.STEAL if steal else Kind.DISCARD
    g.record(kind, curse.chooser, victim=curse.victim, stack=stack, card=card)
    if steal:
        gain(g, curse.chooser, (card,), from_offer=False)
    else:
        g.discard.append(card)


# --- the tableau, Spells and the Castle -------------------------------------------


def affinity_coins(g: Board, seat: Seat, cards: tuple[Card, ...]) -> int:
    """The coins ``seat``'s Guardian earns for ``cards`` won in an offer: one a card of its type (GC13)."""
    return len(cards) if AFFINITY[g.guardians[seat]] is cards[0] else 0


def gain(g: Board, seat: Seat, cards: tuple[Card, ...], from_offer: bool) -> None:
    """Cards of one printed type join ``seat``'s tableau; a Spell always joins as unassigned."""
    tableau = g.tableaux[seat]
    card = cards[0]
    castle = g.castle[seat]
    tableau = g.tableaux[seat] = tableau.put(card, tableau.stack(card) + cards)
    if from_offer:
        g.coins[seat] += affinity_coins(g, seat, cards)
    steps = len(cards) if card is VILLAGER else 0
    if steps:
        advance(g, seat, steps)
    if card is SPELL:
        if any(tableau.stack(t) for t in ASSIGNABLE):
            g.assign = pending_assign(seat, card, len(cards), castle, steps, len(cards), ())
    elif tableau.spell:
        g.assign = pending_assign(seat, card, len(cards), castle, steps, 0, (card,))


def assign_spells(g: Board, seat: Seat, move: Assign) -> None:
    """Unassigned Spells become ``move.card``: on top of the cards just gained, or beneath them (``first``).

    Spells just gained may go to any type held; older ones only to a type just
    added, and a gained Spell assigned to a type counts as a card of that
    type just added, so the Spells of one ``assign`` use as few of the gained
    ones as they can.
    """
    pending = g.assign
    assert pending is not None
    g.assign = None
    tableau = g.tableaux[seat]
    villagers = tableau.size(VILLAGER)
    old = len(tableau.spell) - pending.spells
    from_gained = max(move.count - old, 0 if move.card in pending.added else 1)
    stack = tableau.stack(move.card)
    gained = stack[len(stack) - pending.count :] if move.first else ()
    below = stack[: len(stack) - len(gained)]
    tableau = tableau.put(SPELL, tableau.spell[: len(tableau.spell) - move.count])
    tableau = g.tableaux[seat] = tableau.put(move.card, below + (SPELL,) * move.count + gained)
    g.record(Kind.ASSIGN, seat, count=move.count, card=move.card, first=move.first)
    assigned = tableau.size(VILLAGER) - villagers
    if assigned:
        g.castle[seat] = pending.castle
        advance(g, seat, pending.steps + assigned)
    if pending.card is not SPELL:
        return
    pending = pending_assign(
        seat,
        pending.card,
        pending.count,
        pending.castle,
        pending.steps + assigned,
        pending.spells - from_gained,
        pending.added if move.card in pending.added else (*pending.added, move.card),
    )
    if tableau.spell and (pending.spells or any(tableau.stack(t) for t in pending.added)):
        g.assign = pending


def leave_spells(g: Board, seat: Seat, move: object) -> None:
    g.assign = None
    g.record(Kind.LEAVE_SPELLS, seat)


def lose_top(g: Board, seat: Seat, stack: Card, count: int = 1) -> tuple[Card, ...]:
    """The top ``count`` cards of a stack leave together, top first.

    Spells left in a stack without a card of its type go back to the Spell
    stack, unassigned.
    """
    tableau = g.tableaux[seat]
    villagers = tableau.size(VILLAGER)
    cards = tableau.stack(stack)
    lost = cards[len(cards) - count :][::-1]
    left = cards[: len(cards) - count]
    if stack is not SPELL and left and stack not in left:
        tableau = tableau.put(SPELL, tableau.spell + left)
        left = ()
    tableau = g.tableaux[seat] = tableau.put(stack, left)
    advance(g, seat, tableau.size(VILLAGER) - villagers)
    return lost


def advance(g: Board, seat: Seat, steps: int) -> None:
    """Move a pawn; it passes occupied spaces, except space 0, and takes VP tokens moving on."""
    if steps == 0:
        return
    castle = g.castle
    step = 1 if steps > 0 else -1
    old = castle[seat]
    new = max(old + steps, 0)
    # Past 0 the pawn only moves away from ``old``: any seat on ``new`` is another one.
    while new != 0 and new in castle:
        new += step
    castle[seat] = new
    taken: list[int] = []
    if step > 0:
        for space in VP_SPACES:
            if old < space <= new and space not in g.claimed[seat]:
                g.claimed[seat] = (*g.claimed[seat], space)
                tokens = g.castle_tokens[space]
                if tokens:
                    g.castle_tokens[space] = tokens[1:]
                    taken.append(tokens[0])
                    g.vp_tokens[seat] = (*g.vp_tokens[seat], tokens[0])
                    g.points[seat] = g.points[seat].plus("vp_tokens", tokens[0])
    g.record(Kind.CASTLE, seat, space=new, tokens=tuple(taken))


# --- Council and War -----------------------------------------------------------------


def council(g: Board, seat: Seat) -> None:
    """Council: the Castle race, then the Council Quests; the turn then goes on."""
    g.removed.append(COUNCIL)
    g.council_done = True
    before = [p.total() for p in g.points]
    score_castle_and_quests(g, When.COUNCIL, "council_castle", "council_quests")
    g.record(Kind.COUNCIL, seat, points=tuple(p.total() - b for p, b in zip(g.points, before, strict=True)))


def war(g: Board, seat: Seat) -> None:
    """War: the game ends at once and the armies are scored."""
    g.removed.append(WAR)
    score_castle_and_quests(g, When.WAR, "war_castle", "war_quests")
    armies = army_points([t.size(WEAPON) for t in g.tableaux], [t.size(SHIELD) for t in g.tableaux], g.coins)
    for seat_index, (weapons, shields, coins) in enumerate(armies):
        points = g.points[seat_index].but("weapons", weapons).but("shields", shields)
        g.points[seat_index] = points.but("coins", coins)
    g.phase = Phase.OVER
    g.curse = None
    g.assign = None
    by_source = tuple(tuple(getattr(p, source) for p in g.points) for source in SOURCES)
    g.record(Kind.WAR, seat, sources=SOURCES, points=by_source, scores=tuple(p.total() for p in g.points))


def score_castle_and_quests(g: Board, when: When, castle_source: str, quest_source: str) -> None:
    for seat, points in enumerate(castle_points(g.castle)):
        g.points[seat] = g.points[seat].plus(castle_source, points)
    for seat in range(g.players):
        g.points[seat] = g.points[seat].plus(
            quest_source, quest_points(g.quests, when, seat_standing(g, seat))
        )


def seat_standing(g: Board, seat: Seat) -> Standing:
    return Standing.of(
        g.tableaux[seat],
        g.castle[seat],
        len(g.treasures[seat]),
        g.coins[seat],
        g.cursed[seat],
        g.cleansed[seat],
    )
