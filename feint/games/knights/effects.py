"""What the moves of Knights of Glory do: every change to the state, and the event each one records.

Rules held here (docs/rules/knights-of-glory.md):

- KG4, KG7: the flip, the roll, blanks removed, all blanks or nothing hidden
  is a success with no vote;
- KG5: covers, face-down or face-up, one substitution, all or nothing;
- KG6 and the rulings: too few covers fails the advance (reveal and discard
  all, retreat, no vote, free advances for the others); at a Deathtrap the
  retreat may not be redeemed;
- KG9-KG12: the vote's outcomes and the order of their consequences;
- KG11: a caught bluff at a Deathtrap sends the seat to Start, unredeemed;
- KG14: a retreat blocks the seat's next turn's discard;
- KG15-KG16: KOG tokens gained (capped at four) and spent;
- KG18: refilling hands, the Unknown Deck, reshuffling the Discard Pile;
- KG19-KG20: the Exit, collapses and eliminations;
- KG22: retreats never go below Start;
- KG23: Blanks Are Less Rewarding reveals (known cards, forgotten when the
  seat next plays face-down) and Agreeing Is Not So Safe discards.

Each function changes a :class:`Board` and records what a person at the
table would notice. The transitions (turns, rounds, the end) are the
driver's; a function that queues consequences ends by asking the board to
``settle`` them.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import cache
from types import MappingProxyType

from feint.engine.events import Secret, audience_of
from feint.engine.state import Seat
from feint.engine.view import HIDDEN, Hidden
from feint.games.knights.board import Board
from feint.games.knights.cards import (
    BLANK,
    DIE_FACES,
    EXIT,
    EXIT_DICE,
    FINAL_PATH,
    HAND_SIZE,
    INDEX,
    JESTER,
    NONE,
    START,
    TOKEN,
    TOKEN_CAP,
    WILD,
    Counts,
    Kind,
    add,
    cards_of,
    counts_of,
    plus,
    take_away,
    tier_of,
)
from feint.games.knights.claims import covers_truly
from feint.games.knights.cover import coverable
from feint.games.knights.decide import reveal_choices
from feint.games.knights.kinds import Kind as EventKind
from feint.games.knights.model import (
    AGREEING_NOT_SAFE,
    BLANKS_LESS_REWARDING,
    COVER_PHASE,
    ELIMINATED,
    EXITED,
    GLORY_PHASE,
    IN_GAME,
    LEFT,
    PLAYING,
    STEP_DISCARD_ONE,
    STEP_FALL_BACK,
    STEP_FORWARD,
    STEP_FREE_ADVANCE,
    STEP_RETREAT,
    STEP_REVEAL_ONE,
    THEN_COVER,
    THEN_END,
    THEN_PUSH,
    VOTE_PHASE,
    Attempt,
    Cover,
    Step,
)
from feint.games.knights.moves import FREE_ADVANCE, REDEEM, Discard, KnightsMove, Reveal
from feint.games.knights.moves import Cover as CoverMove
from feint.games.knights.moves import Substitute as SubstituteMove

# --- cards, pawns and tokens ---------------------------------------------------------


def take(s: Board, seat: Seat, card: Kind, face_down: bool) -> None:
    """Remove a card from a hand. Face-up it is a known copy when there is one; face-down,
    the seat's known cards are forgotten: the others can no longer tell what it holds."""
    i = INDEX[card]
    hand = s.hands[seat]
    s.hands[seat] = (*hand[:i], hand[i] - 1, *hand[i + 1 :])
    known = s.known[seat]
    if face_down:
        if any(known):
            s.known[seat] = NONE
    elif known[i]:
        s.known[seat] = (*known[:i], known[i] - 1, *known[i + 1 :])


def to_pile(s: Board, cards: Counts, owner: Seat | None, listed: Iterable[Kind] | None = None) -> None:
    """Cards onto the Discard Pile: seen by everybody, or (face-down) by ``owner`` alone."""
    s.discard += cards_of(cards) if listed is None else listed
    if owner is None:
        s.pile_public = add(s.pile_public, cards)
    else:
        s.pile_own[owner] = add(s.pile_own[owner], cards)


def move_to(s: Board, seat: Seat, place: int, retreat: bool) -> None:
    s.place[seat] = place
    if retreat:
        s.retreated[seat] = True
    s.record(EventKind.RETREAT if retreat else EventKind.MOVE, seat, to=place)
    if 0 < place < EXIT and not s.revealed[place]:
        flip(s, place)
    if s.exits and s.collapsed(place):
        s.status[seat] = ELIMINATED
        s.record(EventKind.ELIMINATED, seat)


def flip(s: Board, place: int) -> None:
    if not s.revealed[place]:
        s.revealed[place] = True
        s.record(EventKind.FLIP, place=place, card=s.card_at(place).kind)


def gain_tokens(s: Board, seat: Seat, count: int) -> None:
    gained = min(count, TOKEN_CAP - s.tokens[seat])
    if gained > 0:
        s.tokens[seat] += gained
        s.supply -= gained
        s.record(EventKind.TOKENS, seat, gained=gained)


def refill(s: Board, seat: Seat) -> None:
    """Deal ``seat`` back to five, from the Unknown Deck, reshuffling the Discard Pile into it (KG18)."""
    hand = s.hands[seat]
    missing = HAND_SIZE - sum(hand)
    if missing <= 0:
        return
    unknown = s.unknown
    dealt = unknown[:missing]
    del unknown[:missing]
    if len(dealt) < missing and s.discard:
        unknown = s.unknown = s.discard
        s.discard = []
        s.pile_public = NONE
        s.pile_own = [NONE] * s.players
        if s.reshuffle:
            s.rng.shuffle(unknown)
        s.record(EventKind.RESHUFFLE, cards=len(unknown))
        more = missing - len(dealt)
        dealt += unknown[:more]
        del unknown[:more]
    if not dealt:
        return
    counts, secrets, backs = _deal(seat, tuple(dealt))
    s.hands[seat] = add(hand, counts)
    s.record(EventKind.DEALT, seat, secrets, cards=backs)


_BACKS = tuple((HIDDEN,) * n for n in range(HAND_SIZE + 1))
"""``n`` cards seen from the back."""


@cache
def _deal(seat: Seat, dealt: tuple[Kind, ...]) -> tuple[Counts, tuple[Secret, ...], tuple[Hidden, ...]]:
    """What ``dealt`` (in the order drawn) adds to the hand of ``seat``, and what the event tells.

    The counts, the secret that shows ``seat`` the cards in index order, and
    the backs the others see; remembered, as deals of at most five cards are few.
    """
    cards = tuple(sorted(dealt, key=INDEX.__getitem__))
    return _counts(cards), _own(seat, "cards", cards), _BACKS[len(cards)]


_counts = cache(counts_of)
"""The counts of a sorted tuple of cards: few enough to remember."""


@cache
def _own(seat: Seat, field: str, value: Hashable) -> tuple[Secret, ...]:
    """The secret that shows ``seat`` alone one ``field`` of its own: read-only, so events may share it."""
    return (Secret(audience_of(seat), MappingProxyType({field: value})),)


def lose_all(s: Board, seat: Seat) -> None:
    hand = s.hands[seat]
    s.hands[seat] = NONE
    s.known[seat] = NONE
    if any(hand):
        to_pile(s, hand, None)
        s.record(EventKind.REVEAL, seat, cards=cards_of(hand), discarded=True)


def reveal_from_hand(s: Board, seat: Seat, card: Kind, keep: bool) -> None:
    if keep:
        s.known[seat] = plus(s.known[seat], card)
    else:
        take(s, seat, card, face_down=False)
        to_pile(s, plus(NONE, card), None)
    s.record(EventKind.REVEAL, seat, cards=(card,), discarded=not keep)


# --- the action -------------------------------------------------------------------


def pass_turn(s: Board, seat: Seat) -> None:
    s.acted = True
    s.record(EventKind.PASS, seat)


def discard(s: Board, seat: Seat, move: Discard) -> None:
    """Up to the tier level of cards face-down to the Discard Pile; the seat's known cards are forgotten."""
    s.acted = True
    cards = move.cards
    counts = _counts(cards)
    s.hands[seat] = take_away(s.hands[seat], counts)
    if s.known[seat] != NONE:
        s.known[seat] = NONE
    s.discard += cards
    s.pile_own[seat] = add(s.pile_own[seat], counts)
    s.record(EventKind.DISCARD, seat, _own(seat, "cards", cards), cards=_BACKS[len(cards)])


def trade_jesters(s: Board, seat: Seat) -> None:
    """Jesters are wild: at the start of a final turn, Jesters become tokens up to the cap."""
    count = min(s.hands[seat][INDEX[JESTER]], TOKEN_CAP - s.tokens[seat])
    for _ in range(count):
        take(s, seat, JESTER, face_down=False)
    to_pile(s, plus(NONE, JESTER, count), None)
    gain_tokens(s, seat, count)
    s.acted = True
    s.record(EventKind.TRADE_JESTERS, seat, jesters=count)


def start_advance(s: Board, seat: Seat) -> None:
    s.acted = True
    target = s.place[seat] + 1
    pog = target != EXIT and tier_of(target) > sum(s.hands[seat])
    s.attempt = Attempt(target, path_of_glory=pog)
    s.record(EventKind.ADVANCE, seat, to=target, path_of_glory=pog)
    flip(s, target)
    if target != EXIT and s.card_at(target).glory:
        s.phase = GLORY_PHASE
    else:
        roll(s)


def choose_glory(s: Board, seat: Seat, dice: int) -> None:
    assert s.attempt is not None
    a = s.attempt
    s.attempt = Attempt(a.target, a.path_of_glory, dice, a.dice, a.open, a.covers)
    s.record(EventKind.GLORY, seat, dice=dice)
    roll(s)


def roll(s: Board) -> None:
    attempt = s.attempt
    assert attempt is not None
    count = EXIT_DICE if attempt.target == EXIT else s.card_at(attempt.target).dice + attempt.glory
    dice = tuple([_roll_die(s) for _ in range(count)])
    faces = tuple([face for face in dice if face is not BLANK])
    s.attempt = Attempt(attempt.target, attempt.path_of_glory, attempt.glory, dice, faces, ())
    s.record(EventKind.ROLL, s.active, dice=dice)
    blanks = count - len(faces)
    if blanks and BLANKS_LESS_REWARDING in s.variants:
        s.queue = [(STEP_REVEAL_ONE, s.active)] * blanks
        s.after = THEN_COVER
        s.settle()
    else:
        after_roll(s)


def _roll_die(s: Board) -> Kind:
    if s.dice_queue:
        return s.dice_queue.pop(0)
    return DIE_FACES[s.rng.below(6)]


def after_roll(s: Board) -> None:
    """Covers to give, a success with nothing to cover, or a failure with too few covers."""
    attempt = s.attempt
    assert attempt is not None and attempt.open is not None
    seat = s.active
    if not attempt.open:
        succeed(s, jesters=0)
        return
    hand, tokens = s.hands[seat], s.tokens[seat]
    if s.face_up_only():
        weapon = None if attempt.target == EXIT else s.card_at(attempt.target).weapon
        possible = coverable(counts_of(attempt.open), hand, tokens, weapon)
    else:
        possible = sum(hand) + tokens >= len(attempt.open)
    if possible:
        s.phase = COVER_PHASE
    else:
        fail(s)


def cover(s: Board, seat: Seat, move: CoverMove | SubstituteMove) -> None:
    attempt = s.attempt
    assert attempt is not None and attempt.open is not None and attempt.covers is not None
    face_up_only = s.face_up_only()
    if isinstance(move, CoverMove):
        card, substitution, claim = move.cover, False, move.face
        face_down = not face_up_only and (move.face_down or card not in (WILD, TOKEN))
    else:
        card, substitution = move.card, True
        face_down = not face_up_only
        claim = s.card_at(attempt.target).kind
    if card is TOKEN:
        s.tokens[seat] -= 1
        s.supply += 1
    else:
        take(s, seat, card, face_down)
    opened = list(attempt.open)
    opened.remove(move.face)
    made = Cover(move.face, card, face_down, substitution, claim, public=not face_down)
    covers = (*attempt.covers, made)
    s.attempt = Attempt(
        attempt.target, attempt.path_of_glory, attempt.glory, attempt.dice, tuple(opened), covers
    )
    shown = {"card": HIDDEN, "face_down": True} if face_down else {"card": card, "face_down": False}
    s.record(
        EventKind.COVER,
        seat,
        _own(seat, "card", card) if face_down else (),
        face=move.face,
        substitution=substitution,
        claim=claim,
        **shown,
    )
    if opened:
        return
    if face_up_only or True not in [c.face_down for c in covers]:
        succeed(s, jesters=0)
        return
    s.voters = tuple([o for o in s.opponents(seat) if s.may_vote(o)])
    s.votes = [None] * s.players
    if s.voters:
        s.phase = VOTE_PHASE
    else:
        resolve_vote(s)


# --- the vote ------------------------------------------------------------------------


def vote(s: Board, seat: Seat, agree: bool) -> None:
    votes = s.votes
    votes[seat] = agree
    s.record(EventKind.VOTED, seat, _own(seat, "agree", agree), agree=HIDDEN)
    for voter in s.voters:
        if votes[voter] is None:
            return
    resolve_vote(s)


def resolve_vote(s: Board) -> None:
    attempt = s.attempt
    assert attempt is not None and attempt.covers is not None
    seat = s.active
    votes = s.votes
    disagreeing = tuple([v for v in s.voters if votes[v] is False])
    agreeing = tuple([v for v in s.voters if votes[v] is True])
    s.record(EventKind.VOTES, agree=agreeing, disagree=disagreeing)
    s.voters = ()
    s.votes = [None] * s.players
    covers = attempt.covers
    if not disagreeing:
        jester_covers = [c for c in covers if c.card is JESTER]
        _reveal_covers(s, seat, jester_covers)
        succeed(s, jesters=len(jester_covers))
        return
    _reveal_covers(s, seat, list(covers))
    if all(covers_truly(c.card, c.claim) for c in covers):
        s.queue = [
            (STEP_DISCARD_ONE if s.place[o] == START else STEP_RETREAT, o)
            for o in s.opponents(seat)
            if o in disagreeing
        ]
        succeed(s, jesters=0)
        return
    _discard_covers(s)
    s.record(EventKind.BLUFF_CAUGHT, seat)
    if s.card_at(attempt.target).is_deathtrap:
        move_to(s, seat, START, retreat=True)
        s.queue = []
    else:
        s.queue = [(STEP_RETREAT, seat)]
    for other in s.opponents(seat):
        if other in disagreeing:
            s.queue.append((STEP_FORWARD, other))
        elif other in agreeing and AGREEING_NOT_SAFE in s.variants:
            s.queue.append((STEP_DISCARD_ONE, other))
    s.after = THEN_END
    s.settle()


def _reveal_covers(s: Board, seat: Seat, covers: list[Cover]) -> None:
    attempt = s.attempt
    assert attempt is not None and attempt.covers is not None
    hidden = [c for c in covers if not c.public]
    if not hidden:
        return
    shown = set(map(id, hidden))
    revealed = tuple(
        [
            Cover(c.face, c.card, c.face_down, c.substitution, c.claim, True) if id(c) in shown else c
            for c in attempt.covers
        ]
    )
    s.attempt = Attempt(
        attempt.target, attempt.path_of_glory, attempt.glory, attempt.dice, attempt.open, revealed
    )
    s.record(EventKind.REVEAL, seat, cards=cards_of(counts_of([c.card for c in hidden])), discarded=True)


def _discard_covers(s: Board) -> None:
    """The covers go to the Discard Pile: those still face-down seen by their seat alone."""
    attempt = s.attempt
    assert attempt is not None and attempt.covers is not None
    covers = attempt.covers
    if not covers:
        return
    seen = [c.card for c in covers if c.public and c.card is not TOKEN]
    unseen = [c.card for c in covers if not c.public and c.card is not TOKEN]
    if seen:
        to_pile(s, counts_of(seen), None)
    if unseen:
        to_pile(s, counts_of(unseen), s.active)
    s.attempt = Attempt(attempt.target, attempt.path_of_glory, attempt.glory, attempt.dice, attempt.open, ())


# --- outcomes -------------------------------------------------------------------------


def succeed(s: Board, jesters: int) -> None:
    """The active seat advances; queued consequences for others come before its next action."""
    attempt = s.attempt
    assert attempt is not None
    seat = s.active
    _discard_covers(s)
    target = attempt.target
    if target == EXIT:
        _exit(s, seat)
        return
    move_to(s, seat, target, retreat=False)
    card = s.card_at(target)
    gained = (
        jesters + attempt.path_of_glory + (target == FINAL_PATH) + (attempt.glory if card.is_deathtrap else 0)
    )
    gain_tokens(s, seat, gained)
    s.after = THEN_PUSH
    s.settle()


def _exit(s: Board, seat: Seat) -> None:
    s.place[seat] = EXIT
    s.status[seat] = EXITED
    s.exits.append(seat)
    s.record(EventKind.EXIT, seat)
    for other in range(s.players):
        if s.status[other] in IN_GAME and s.collapsed(s.place[other]):
            s.status[other] = ELIMINATED
            s.record(EventKind.ELIMINATED, other)
    if s.final_turns is None:
        s.final_turns = [o for o in s.opponents(seat) if s.status[o] in IN_GAME]
    s.queue = []
    s.after = THEN_END
    s.settle()


def fail(s: Board) -> None:
    """Cannot cover: reveal and lose cards, retreat, no vote, free advances for the others."""
    attempt = s.attempt
    assert attempt is not None and attempt.open is not None
    seat = s.active
    s.record(EventKind.FAILED, seat)
    if attempt.target == EXIT and sum(s.hands[seat]) > len(attempt.open):
        s.queue = [(STEP_DISCARD_ONE, seat)] * len(attempt.open)
    else:
        lose_all(s, seat)
        s.queue = []
    deathtrap = attempt.target != EXIT and s.card_at(attempt.target).is_deathtrap
    s.queue.append((STEP_FALL_BACK if deathtrap else STEP_RETREAT, seat))
    s.queue += (
        (STEP_FREE_ADVANCE, o)
        for o in s.opponents(seat)
        if s.status[o] is PLAYING and s.place[o] < FINAL_PATH
    )
    s.after = THEN_END
    s.settle()


# --- queued consequences ---------------------------------------------------------------


def do_step(s: Board, step: Step, seat: Seat, move: KnightsMove | None) -> None:
    """One queued step for ``seat``; ``move`` is its choice, or None when it had none."""
    if s.status[seat] not in IN_GAME:
        return
    if step is STEP_RETREAT or step is STEP_FALL_BACK:
        if move is REDEEM:
            s.tokens[seat] -= 1
            s.supply += 1
            s.record(EventKind.REDEEM, seat)
        elif s.place[seat] != START:
            move_to(s, seat, s.place[seat] - 1, retreat=True)
    elif step is STEP_FORWARD:
        if s.place[seat] == FINAL_PATH:
            s.record(EventKind.FINAL_GLORY, seat)
            gain_tokens(s, seat, 1)
        else:
            move_to(s, seat, s.place[seat] + 1, retreat=False)
    elif step is STEP_FREE_ADVANCE:
        if move is FREE_ADVANCE:
            move_to(s, seat, s.place[seat] + 1, retreat=False)
        elif move is not None:
            s.record(EventKind.STAY, seat)
    else:
        choices = reveal_choices(s, step, seat)
        if choices:
            card = move.card if isinstance(move, Reveal) else choices[0]
            reveal_from_hand(s, seat, card, keep=step is STEP_REVEAL_ONE)


def leave(s: Board, seat: Seat) -> None:
    """Deal me out: the pawn is removed; the cards join the Unknown Deck, the tokens the supply."""
    s.status[seat] = LEFT
    cards = cards_of(s.hands[seat])
    s.hands[seat] = NONE
    s.known[seat] = NONE
    s.supply += s.tokens[seat]
    s.tokens[seat] = 0
    s.unknown += cards
    if s.reshuffle:
        s.rng.shuffle(s.unknown)
