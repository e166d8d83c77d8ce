"""Guile's observation for learning environments: one seat's view as 324 numbers in ``[0, 1]``.

Built from the seat's view only (the view holds this round's public actions
and the seat's own draft, so no event is needed). "Me" is the viewer, "the
opponent" the other seat; cards are counted or one-hot over the eight kinds
``1 2 3 4 4d isolde morgana merlin``, knights by position (``tristan`` 0 to
``breunor`` 7). Counts are divided by the most they can be.

- `phase` (indices 0-5): one-hot: faction, start, draft, place, play, over
- `variants` (indices 6-7): code-of-chivalry, extended-cast
- `round` (indices 8): the round, /5
- `faction` (indices 9-10): I lead Arthur's faction; I lead Mordred's (neither before the choice)
- `start` (indices 11-18): one-hot: the Start Knight
- `turn` (indices 19): turns taken this round, /16
- `errant` (indices 20-27): one-hot: the Knight-Errant
- `knights` (indices 28-115): per knight (11 each): mine; its card one-hot over the 8 kinds; face-down and
  unknown to me; empty
- `hand` (indices 116-123): my cards to pick from or to place, counted, /4
- `kept` (indices 124-131): the cards I kept so far in the draft, counted, /4
- `dealt` (indices 132-139): my four cards of this round, counted, /4
- `draft` (indices 140-203): per draft step (16 each): the cards shown me, counted /4; the card I kept,
  one-hot
- `placed` (indices 204-205): cards placed this round by me and by the opponent, /4
- `actions` (indices 206-285): per turn of this round (5 each): taken by me; by the opponent; a look (else
  a swap); the Knight-Errant's position /7; the knight swapped with /7 (0 for a look)
- `wins` (indices 286-287): rounds won by me and by the opponent, /2
- `rounds` (indices 288-323): per finished round, the last three (13 each): won by me; by the opponent; my
  total /20; the opponent's /20; its revealed cards counted /8
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from feint.engine.events import Event
from feint.engine.info import InfoState
from feint.engine.observation import (
    Encoding,
    Layout,
    Tracker,
    count_into,
    counted,
    one_hot,
    positions,
    scaled,
)
from feint.engine.types import Seat
from feint.games.guile.cards import CARD_KINDS, HAND_SIZE, TABLE, Card
from feint.games.guile.kinds import Kind
from feint.games.guile.model import (
    CODE_OF_CHIVALRY,
    DRAFT_PHASE,
    EXTENDED_CAST,
    PLACE_PHASE,
    PLAY_PHASE,
    TURNS_PER_ROUND,
    WINS_NEEDED,
    Phase,
)
from feint.games.guile.view import GuileView

PHASES = positions(tuple(Phase))
CARDS = positions(CARD_KINDS)
PICK, PASS, PLACE, PLACED, LOOK, SWAP = Kind.PICK, Kind.PASS, Kind.PLACE, Kind.PLACED, Kind.LOOK, Kind.SWAP
"""The kinds of event a tracker follows, looked up once (an enum's member costs a class lookup each time)."""
ROUNDS_SHOWN = 3
DRAFT_STEPS = HAND_SIZE


class GuileEncoding(Encoding[GuileView]):
    def declare(self, layout: Layout) -> None:
        kinds = len(CARD_KINDS)
        self.phase = layout.add("phase", len(PHASES), "one-hot: the phase")
        self.variant = layout.add("variants", 2, "code-of-chivalry, extended-cast")
        self.round = layout.add("round", 1, "the round, /5")
        self.faction = layout.add("faction", 2, "I lead Arthur's faction; I lead Mordred's")
        self.start = layout.add("start", TABLE, "one-hot: the Start Knight")
        self.turn = layout.add("turn", 1, "turns taken this round, /16")
        self.errant = layout.add("errant", TABLE, "one-hot: the Knight-Errant")
        self.knights = layout.add("knights", TABLE * (kinds + 3), "per knight: mine, card, unknown, empty")
        self.hand = layout.add("hand", kinds, "my cards to pick from or place, /4")
        self.kept = layout.add("kept", kinds, "the cards I kept in the draft, /4")
        self.dealt = layout.add("dealt", kinds, "my four cards of this round, /4")
        self.draft = layout.add("draft", DRAFT_STEPS * 2 * kinds, "per draft step: shown me /4; kept")
        self.placed = layout.add("placed", 2, "cards placed by me and by the opponent, /4")
        self.actions = layout.add("actions", TURNS_PER_ROUND * 5, "per turn: by me; by them; look; from; to")
        self.wins = layout.add("wins", 2, "rounds won by me and by the opponent, /2")
        self.rounds = layout.add("rounds", ROUNDS_SHOWN * (4 + kinds), "the last three rounds")

    def fill(self, out: MutableSequence[float], info: InfoState[GuileView]) -> None:
        # Only numbers that are not zero are written: most of an observation is zeros.
        v = info.view
        me = info.viewer
        assert me is not None
        kinds = len(CARD_KINDS)
        out[self.phase + PHASES[v.header.phase]] = 1.0
        if v.variants:
            if CODE_OF_CHIVALRY in v.variants:
                out[self.variant] = 1.0
            if EXTENDED_CAST in v.variants:
                out[self.variant + 1] = 1.0
        out[self.round] = scaled(v.round, 5)
        if v.arthur_seat is not None:
            out[self.faction + (0 if v.arthur_seat == me else 1)] = 1.0
        one_hot(out, self.start, v.start_knight)
        if v.turn:
            out[self.turn] = v.turn / TURNS_PER_ROUND
        one_hot(out, self.errant, v.knight_errant)
        at = self.knights
        for knight in v.knights:
            if knight.seat == me:
                out[at] = 1.0
            card = knight.card
            if card is None:
                out[at + kinds + 2] = 1.0
            else:
                out[at + 1 + CARDS.get(card, kinds)] = 1.0  # the index after the kinds: face-down, unknown
            at += kinds + 3
        count_into(out, self.hand, v.hand, CARDS, HAND_SIZE)
        count_into(out, self.kept, v.kept, CARDS, HAND_SIZE)
        count_into(out, self.dealt, v.dealt, CARDS, HAND_SIZE)
        at = self.draft
        for shown in v.draft[:DRAFT_STEPS]:
            count_into(out, at, shown.shown, CARDS, HAND_SIZE)
            out[at + kinds + CARDS[shown.kept]] = 1.0
            at += 2 * kinds
        placed = v.placed
        if placed[0] or placed[1]:
            out[self.placed] = placed[me] / HAND_SIZE
            out[self.placed + 1] = placed[1 - me] / HAND_SIZE
        at = self.actions
        for action in v.actions[:TURNS_PER_ROUND]:
            out[at + (0 if action.seat == me else 1)] = 1.0
            target = action.target
            if target is None:
                out[at + 2] = 1.0
            elif target:
                out[at + 4] = target / (TABLE - 1)
            if action.knight:
                out[at + 3] = action.knight / (TABLE - 1)
            at += 5
        wins = v.round_wins
        if wins[0] or wins[1]:
            out[self.wins] = wins[me] / WINS_NEEDED
            out[self.wins + 1] = wins[1 - me] / WINS_NEEDED
        at = self.rounds
        for past in v.rounds[-ROUNDS_SHOWN:]:
            if past.winner is not None:
                out[at + (0 if past.winner == me else 1)] = 1.0
            out[at + 2] = scaled(past.totals[me], 20)
            out[at + 3] = scaled(past.totals[1 - me], 20)
            count_into(out, at + 4, past.cards, CARDS, 2 * HAND_SIZE)
            at += 4 + kinds

    def tracker(self, out: MutableSequence[float], info: InfoState[GuileView]) -> GuileTracker:
        return GuileTracker(self, out, info)


class GuileTracker(Tracker):
    """A seat's Guile observation kept up to date from the events of a phase: the draft's picks and passes,
    the cards placed, the start of play, the looks and swaps of Game Play. The rest (the set-up, a deal, a
    round's end) is filled afresh."""

    def __init__(
        self, encoding: GuileEncoding, out: MutableSequence[float], info: InfoState[GuileView]
    ) -> None:
        v = info.view
        super().__init__(v.header.seq)
        me = info.viewer
        assert me is not None
        self.encoding = encoding
        self.out = out
        self.me: Seat = me
        self.hand = list(v.hand)
        self.kept = list(v.kept)
        self.steps = len(v.draft)
        self.placed = list(v.placed)
        self.turn = v.turn
        self.start = v.start_knight
        self.cards_at = [encoding.knights + knight * (len(CARDS) + 3) + 1 for knight in range(TABLE)]
        """Per knight, where its card's numbers start (the card one-hot, unknown, empty)."""

    def write(self, events: Sequence[Event]) -> bool:
        out, cards_at, block = self.out, self.cards_at, len(CARDS) + 2
        for event in events:
            kind = event.kind
            if kind == SWAP:
                # The two knights' cards change places, and what the viewer knows of them with them.
                data = event.data
                knight, other = data["knight"], data["other"]
                at, to = cards_at[knight], cards_at[other]
                out[at : at + block], out[to : to + block] = out[to : to + block], out[at : at + block]
                self.act(event.actor, knight, other)  # type: ignore[arg-type]
            elif kind == LOOK:
                knight = event.data["knight"]
                if event.actor == self.me:
                    self.show(knight, event.get("card"))
                self.act(event.actor, knight, None)  # type: ignore[arg-type]
            elif kind == PLACE:
                self.place(event)
            elif kind == PICK:
                if event.actor == self.me:
                    self.pick(event.get("card"))
            elif kind == PASS:
                self.passed(event.get("hand"))
            elif kind == PLACED:
                self.play()
            else:
                return False
        return True

    def moving(self, to_move: tuple[Seat, ...]) -> None:
        """Who is to move is no part of a Guile observation."""

    def count(self, start: int, cards: Sequence[Card]) -> None:
        """The segment at ``start`` counts ``cards``, afresh."""
        out = self.out
        for at in range(start, start + len(CARDS)):
            out[at] = 0.0
        count_into(out, start, cards, CARDS, HAND_SIZE)

    def pick(self, card: Card) -> None:
        encoding, out, kinds = self.encoding, self.out, len(CARDS)
        if self.steps < DRAFT_STEPS:
            at = encoding.draft + 2 * kinds * self.steps
            count_into(out, at, self.hand, CARDS, HAND_SIZE)
            out[at + kinds + CARDS[card]] = 1.0
        self.steps += 1
        self.hand.remove(card)
        out[encoding.hand + CARDS[card]] = counted(self.hand.count(card), HAND_SIZE)
        self.kept.append(card)
        out[encoding.kept + CARDS[card]] = counted(self.kept.count(card), HAND_SIZE)

    def passed(self, hand: Sequence[Card]) -> None:
        """The draft's hands change seats; the last card passed ends the draft (each seat keeps it)."""
        encoding = self.encoding
        if len(hand) > 1:
            self.hand = list(hand)
            self.count(encoding.hand, hand)
            return
        last = hand[0]
        self.hand = [last]
        self.pick(last)
        self.hand = self.kept
        self.kept = []
        self.count(encoding.hand, self.hand)
        self.count(encoding.kept, ())
        count_into(self.out, encoding.dealt, self.hand, CARDS, HAND_SIZE)
        self.phase(DRAFT_PHASE, PLACE_PHASE)

    def play(self) -> None:
        """Every card is down: the knights the viewer does not know are face-down, the Turn Card on the
        Start Knight."""
        encoding, out, kinds = self.encoding, self.out, len(CARDS)
        for at in range(encoding.knights, encoding.knights + TABLE * (kinds + 3), kinds + 3):
            if out[at + kinds + 2]:
                out[at + kinds + 2] = 0.0
                out[at + kinds + 1] = 1.0
        self.phase(PLACE_PHASE, PLAY_PHASE)
        assert self.start is not None
        out[encoding.errant + self.start % TABLE] = 1.0

    def phase(self, before: Phase, after: Phase) -> None:
        self.out[self.encoding.phase + PHASES[before]] = 0.0
        self.out[self.encoding.phase + PHASES[after]] = 1.0

    def place(self, event: Event) -> None:
        encoding, out, me, seat = self.encoding, self.out, self.me, event.actor
        assert seat is not None
        if seat == me:
            card = event.get("card")
            self.show(event.get("knight"), card)
            self.hand.remove(card)
            out[encoding.hand + CARDS[card]] = counted(self.hand.count(card), HAND_SIZE)
        placed = self.placed
        placed[seat] += 1
        out[encoding.placed] = placed[me] / HAND_SIZE
        out[encoding.placed + 1] = placed[1 - me] / HAND_SIZE

    def show(self, knight: int, card: Card) -> None:
        """The viewer knows ``card`` lies on ``knight``."""
        out, at = self.out, self.cards_at[knight]
        for place in range(at, at + len(CARDS) + 2):
            out[place] = 0.0
        out[at + CARDS[card]] = 1.0

    def act(self, seat: Seat, knight: int, target: int | None) -> None:
        """The turn's action, written as :meth:`GuileEncoding.fill` writes the view's; the turn moves on."""
        encoding, out, turn = self.encoding, self.out, self.turn
        at = encoding.actions + 5 * turn
        out[at + (0 if seat == self.me else 1)] = 1.0
        if target is None:
            out[at + 2] = 1.0
        elif target:
            out[at + 4] = target / (TABLE - 1)
        if knight:
            out[at + 3] = knight / (TABLE - 1)
        start = self.start
        assert start is not None
        out[encoding.errant + (start + turn) % TABLE] = 0.0
        turn = self.turn = turn + 1
        out[encoding.turn] = turn / TURNS_PER_ROUND
        out[encoding.errant + (start + turn) % TABLE] = 1.0
