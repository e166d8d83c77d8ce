"""Knights of Glory's observation for learning environments: one seat's view as ``214 + 32 n`` numbers
in ``[0, 1]`` at a table of ``n`` seats (278 at 2 seats, 374 at 5).

Built from the seat's view only. Seats are counted from the viewer (``+0``
is me, ``+1`` the next seat clockwise, ...); cards are counted over the seven
kinds ``bomb key shield sword torch jester wild``; places are ``0`` (Start)
to ``7`` (the Exit). Counts are divided by the most they can be (a hand by
5, a pile by the 25 cards of the largest Weapon Deck, tokens by 4).

- `phase` (6): one-hot: action, glory, cover, vote, decide, over
- `variants` (3): bluffing-wilds, blanks-less-rewarding, agreeing-not-safe
- `round` (2): the round /the round limit; the Discard Pile is reshuffled when the deck runs out
- `first` (``n``): one-hot, from me: the round's first seat
- `active` (``n``): one-hot, from me: the active seat
- `turn` (2): the active seat has acted; it may not discard this turn
- `hand` (7): my hand, counted /5
- `seats` (``25 n``): per seat from me: its place one-hot (8); tokens /4; status one-hot (6); hand size
  /5; its cards everybody knows, counted /5 (7); may discard; retreated
- `path` (42): per path place 1-6: its card one-hot (bomb key shield sword torch deathtrap), or face-down
- `collapsed` (7): per place 0-6: collapsed
- `exits` (``n``): per seat from me: its place in the order of exits, /``n`` (0: not out)
- `final` (``n + 1``): the final turns have begun; per seat from me: it still has its final turn
- `attempt` (10): the place being advanced to, one-hot (8); on the Path of Glory; glory dice /2
- `dice` (12): the dice rolled, counted per face (five weapons, blank) /4; those still to cover, the same
- `covers` (100): per cover, four at most (25 each): the die's face one-hot (6); the card one-hot (the
  seven kinds and ``token``, 8) or face-down and unknown to me (1); face-down; a substitution; the weapon
  claimed one-hot (8)
- `vote` (``2 n + 2``): per seat from me: a voter; has voted; my vote: agree, disagree
- `queue` (``7 + n``): the first queued consequence: its step one-hot (6), its seat from me one-hot; the
  queue's length /``n``
- `after` (3): one-hot: what follows the queue (cover, push, end)
- `piles` (10): the Unknown Deck's size /25; the Discard Pile's /25; the cards I saw go to the Discard
  Pile, counted /25 (7); the token supply /20
"""

from __future__ import annotations

from collections.abc import MutableSequence

from feint.engine.info import InfoState
from feint.engine.observation import Layout, RefillingEncoding, count_into, one_hot, positions, scaled
from feint.games.knights.cards import (
    CARD_KINDS,
    COVER_KINDS,
    DIE_FACES,
    EXIT,
    EXIT_DICE,
    HAND_SIZE,
    PATH_KINDS,
    TOKEN_CAP,
    TOKEN_SUPPLY,
)
from feint.games.knights.model import (
    AGREEING_NOT_SAFE,
    BLANKS_LESS_REWARDING,
    BLUFFING_WILDS,
    After,
    Phase,
    Status,
    Step,
)
from feint.games.knights.view import KnightsView

PHASES = positions(tuple(Phase))
STATUSES = positions(tuple(Status))
STEPS = positions(tuple(Step))
AFTERS = positions(tuple(After))
CARDS = positions(CARD_KINDS)
COVERS = positions(COVER_KINDS)
FACES = positions(DIE_FACES)
PATH = positions(PATH_KINDS)
VARIANTS = (BLUFFING_WILDS, BLANKS_LESS_REWARDING, AGREEING_NOT_SAFE)
PLACES = EXIT + 1
PILE = 25
"""The largest Weapon Deck, of a table of four or five."""
SEAT_SIZE = PLACES + 1 + len(STATUSES) + 1 + len(CARD_KINDS) + 2
COVER_SIZE = len(DIE_FACES) + len(COVER_KINDS) + 1 + 2 + len(COVER_KINDS)


class KnightsEncoding(RefillingEncoding[KnightsView]):
    def declare(self, layout: Layout) -> None:
        n = self.players
        self.phase = layout.add("phase", len(PHASES), "one-hot: the phase")
        self.variant = layout.add("variants", len(VARIANTS), "the variants")
        self.round = layout.add("round", 2, "the round / the limit; reshuffle")
        self.first = layout.add("first", n, "the round's first seat")
        self.active = layout.add("active", n, "the active seat")
        self.turn = layout.add("turn", 2, "acted; blocked")
        self.hand = layout.add("hand", len(CARD_KINDS), "my hand /5")
        self.seats = layout.add("seats", SEAT_SIZE * n, "per seat: place, tokens, status, hand, known, flags")
        self.path = layout.add("path", 6 * (len(PATH_KINDS) + 1), "per path place: its card or face-down")
        self.collapsed = layout.add("collapsed", EXIT, "per place 0-6: collapsed")
        self.exits = layout.add("exits", n, "per seat: its place in the order of exits")
        self.final = layout.add("final", n + 1, "final turns begun; per seat: still to take its final turn")
        self.attempt = layout.add("attempt", PLACES + 2, "the target, Path of Glory, glory dice")
        self.dice = layout.add("dice", 2 * len(DIE_FACES), "dice rolled; still to cover")
        self.covers = layout.add("covers", EXIT_DICE * COVER_SIZE, "per cover: face, card, flags, claim")
        self.vote = layout.add("vote", 2 * n + 2, "per seat: voter, voted; my vote")
        self.queue = layout.add("queue", len(STEPS) + n + 1, "the first queued step, its seat; the length")
        self.after = layout.add("after", len(AFTERS), "what follows the queue")
        self.piles = layout.add("piles", 3 + len(CARD_KINDS), "deck, discard, discards I saw, supply")

    def write(self, out: MutableSequence[float], info: InfoState[KnightsView], b: KnightsView | None) -> None:
        v = info.view
        me = info.viewer
        assert me is not None
        n, rel, clear = self.players, self.rel, self.clear
        if b is not None:
            clear(out, self.phase, self.variant)
        one_hot(out, self.phase, PHASES[v.header.phase])
        if b is None or v.variants != b.variants:
            for i, name in enumerate(VARIANTS):
                out[self.variant + i] = float(name in v.variants)
        out[self.round] = scaled(v.round, v.max_rounds)
        out[self.round + 1] = float(v.reshuffle)
        if b is None or v.first != b.first or v.active != b.active:
            if b is not None:
                clear(out, self.first, self.turn)
            out[self.first + rel(v.first, me)] = 1.0
            if v.active is not None:
                out[self.active + rel(v.active, me)] = 1.0
        out[self.turn] = float(v.acted)
        out[self.turn + 1] = float(v.blocked)
        if b is None or v.hand != b.hand:
            if b is not None:
                clear(out, self.hand, self.seats)
            count_into(out, self.hand, v.hand or (), CARDS, HAND_SIZE)
        for s, p in zip(v.seats, (None,) * n if b is None else b.seats, strict=True):
            at = self.seats + SEAT_SIZE * rel(s.seat, me)
            if p is None or s.place != p.place:
                if p is not None:
                    clear(out, at, at + PLACES)
                out[at + s.place] = 1.0
            at += PLACES
            out[at] = scaled(s.tokens, TOKEN_CAP)
            if p is None or s.status != p.status:
                if p is not None:
                    clear(out, at + 1, at + 1 + len(STATUSES))
                out[at + 1 + STATUSES[s.status]] = 1.0
            at += 1 + len(STATUSES)
            out[at] = scaled(s.hand_size, HAND_SIZE)
            if p is None or s.known != p.known:
                if p is not None:
                    clear(out, at + 1, at + 1 + len(CARD_KINDS))
                count_into(out, at + 1, s.known, CARDS, HAND_SIZE)
            at += 1 + len(CARD_KINDS)
            out[at] = float(s.may_discard)
            out[at + 1] = float(s.retreated)
        if b is None or v.path != b.path:
            if b is not None:
                clear(out, self.path, self.collapsed)
            for place, card in enumerate(v.path):
                out[self.path + place * (len(PATH) + 1) + PATH.get(card, len(PATH))] = 1.0
        if b is None or v.collapsed != b.collapsed:
            if b is not None:
                clear(out, self.collapsed, self.exits)
            for place in v.collapsed:
                out[self.collapsed + place] = 1.0
        if b is None or v.exits != b.exits:
            if b is not None:
                clear(out, self.exits, self.final)
            for order, seat in enumerate(v.exits, 1):
                out[self.exits + rel(seat, me)] = scaled(order, n)
        if b is None or v.final_turns != b.final_turns:
            if b is not None:
                clear(out, self.final, self.attempt)
            if v.final_turns is not None:
                out[self.final] = 1.0
                for seat in v.final_turns:
                    out[self.final + 1 + rel(seat, me)] = 1.0
        if b is None or v.target != b.target:
            if b is not None:
                clear(out, self.attempt, self.attempt + PLACES)
            one_hot(out, self.attempt, v.target)
        out[self.attempt + PLACES] = float(v.path_of_glory)
        out[self.attempt + PLACES + 1] = scaled(v.glory, 2)
        if b is None or v.dice != b.dice or v.open != b.open:
            if b is not None:
                clear(out, self.dice, self.covers)
            count_into(out, self.dice, v.dice, FACES, EXIT_DICE)
            count_into(out, self.dice + len(FACES), v.open, FACES, EXIT_DICE)
        if b is None or v.covers != b.covers:
            if b is not None:
                clear(out, self.covers, self.vote)
            for k, cover in enumerate(v.covers[:EXIT_DICE]):
                at = self.covers + k * COVER_SIZE
                out[at + FACES[cover.face]] = 1.0
                at += len(FACES)
                out[at + COVERS.get(cover.card, len(COVERS))] = 1.0
                at += len(COVERS) + 1
                out[at] = float(cover.face_down)
                out[at + 1] = float(cover.substitution)
                out[at + 2 + COVERS[cover.claim]] = 1.0
        if b is None or v.voters != b.voters or v.voted != b.voted or v.my_vote != b.my_vote:
            if b is not None:
                clear(out, self.vote, self.queue)
            for seat in v.voters:
                out[self.vote + 2 * rel(seat, me)] = 1.0
            for seat in v.voted:
                out[self.vote + 2 * rel(seat, me) + 1] = 1.0
            if v.my_vote is not None:
                out[self.vote + 2 * n + (0 if v.my_vote else 1)] = 1.0
        if b is None or v.queue != b.queue:
            if b is not None:
                clear(out, self.queue, self.after)
            if v.queue:
                step, seat = v.queue[0]
                out[self.queue + STEPS[step]] = 1.0
                out[self.queue + len(STEPS) + rel(seat, me)] = 1.0
                out[self.queue + len(STEPS) + n] = scaled(len(v.queue), n)
        if b is None or v.after != b.after:
            if b is not None:
                clear(out, self.after, self.piles)
            out[self.after + AFTERS[v.after]] = 1.0
        out[self.piles] = scaled(v.unknown, PILE)
        out[self.piles + 1] = scaled(v.discard, PILE)
        if b is None or v.discard_known != b.discard_known:
            if b is not None:
                clear(out, self.piles + 2, self.piles + 2 + len(CARD_KINDS))
            count_into(out, self.piles + 2, v.discard_known, CARDS, PILE)
        out[self.piles + 2 + len(CARD_KINDS)] = scaled(v.supply, TOKEN_SUPPLY)
