"""Knights of Glory's rules: the path, advancing, the vote, rounds and the endgame.

A turn is a small state machine. ``advance`` flips the place ahead, perhaps
asks for glory dice, rolls, and asks for one cover per non-blank die. The
outcome (a vote, a free success or a failure) then queues its consequences
for each seat, in the rulings' order: the active seat first, then the
opponents clockwise from its left. Each queued step either happens at once
or, when the seat has a real choice, waits for that seat's move.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from itertools import combinations_with_replacement
from typing import Any, Self

from feint.engine.errors import FeintError, StateFormatError
from feint.engine.options import read_variants
from feint.engine.registry import register
from feint.engine.rng import Rng
from feint.engine.state import GameState, JsonObject, Result, Seat, Viewer
from feint.games.knights import moves as mv
from feint.games.knights.cards import (
    BLANK,
    CARD_KINDS,
    DIE_FACES,
    EXIT,
    EXIT_DICE,
    FINAL_PATH,
    HAND_SIZE,
    JESTER,
    PATH_PLACES,
    START,
    TOKEN,
    TOKEN_CAP,
    TOKEN_SUPPLY,
    WEAPONS,
    WILD,
    PathCard,
    sorted_cards,
    tier_deck,
    tier_of,
    weapon_deck,
)
from feint.games.knights.model import (
    AGREEING_NOT_SAFE,
    BLANKS_LESS_REWARDING,
    BLUFFING_WILDS,
    DEFAULT_MAX_ROUNDS,
    IN_GAME,
    After,
    Attempt,
    Cover,
    Phase,
    Status,
    Step,
)
from feint.games.knights.serial import read_state, state_json
from feint.games.knights.setup import read_absent, read_max_rounds, read_setup
from feint.games.knights.view import Event, KnightsView, build_view


@register
class KnightsState(GameState):
    NAME = "knights"
    TITLE = "Knights of Glory"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    DEFAULT_PLAYERS = 4
    VARIANTS = (BLUFFING_WILDS, BLANKS_LESS_REWARDING, AGREEING_NOT_SAFE)
    MOVES = mv.MOVES
    TABLE_MOVES = frozenset(mv.SIMPLE[word] for word in mv.TABLE_WORDS)

    variants: frozenset[str]
    max_rounds: int
    rng: Rng
    dice_queue: list[str]
    reshuffle: bool
    path: list[PathCard]
    """The cards on places 1-6: ``path[place - 1]``."""
    revealed: list[bool]
    """Per place 0-7; Start and Exit are always face-up."""
    status: list[Status]
    place: list[int]
    tokens: list[int]
    supply: int
    hands: list[Counter[str]]
    known: list[Counter[str]]
    """The cards of each hand that everybody knows (a sub-multiset of the hand)."""
    retreated: list[bool]
    """Retreated since the end of its previous turn, so it may not discard."""
    unknown: list[str]
    """The Unknown Deck, top first."""
    discard: list[str]
    phase: Phase
    round: int
    first: Seat
    active: Seat
    acted: bool
    """The active seat has made its first action of the turn."""
    exits: list[Seat]
    final_turns: list[Seat] | None
    """The seats still owed a final turn, once a seat has exited."""
    attempt: Attempt | None
    voters: tuple[Seat, ...]
    votes: list[bool | None]
    queue: list[tuple[Step, Seat]]
    after: After
    log: list[Event]
    round_marks: list[int]
    """Where each round begins in the log; derived from it, so not saved."""

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        variants = read_variants(options, cls.VARIANTS, ("max_rounds", "absent"))
        state = cls.__new__(cls)
        state.players = players
        state.variants = variants
        state.max_rounds = read_max_rounds(options.get("max_rounds", DEFAULT_MAX_ROUNDS))
        absent = read_absent(options.get("absent", []), players)
        fixed = read_setup(setup, players, absent)
        state.rng = Rng(seed)
        state.dice_queue = list(fixed.dice)
        state.reshuffle = fixed.reshuffle
        if fixed.paths is None:
            state.path = [card for tier in (1, 2, 3) for card in state._draw_tier(tier)]
        else:
            state.path = [
                PathCard(tier_of(p), kind) for p, kind in zip(PATH_PLACES, fixed.paths, strict=True)
            ]
        state.revealed = [True, *([False] * len(PATH_PLACES)), True]
        state.status = [Status.ABSENT if s in absent else Status.PLAYING for s in range(players)]
        state.place = [START] * players
        state.tokens = [0] * players
        state.supply = TOKEN_SUPPLY
        state.known = [Counter() for _ in range(players)]
        state.retreated = [False] * players
        state.discard = []
        state.log = []
        state.round_marks = []
        state._deal_first(fixed.hands, fixed.unknown)
        state.round = 1
        state.first = min(s for s in range(players) if s not in absent)
        state.exits = []
        state.final_turns = None
        state.attempt = None
        state.voters = ()
        state.votes = [None] * players
        state.queue = []
        state.after = After.END
        state._note(Event.everyone(event="round", round=1, first=state.first))
        state._begin_turn_at(0)
        return state

    def _draw_tier(self, tier: int) -> list[PathCard]:
        deck = tier_deck(tier)
        self.rng.shuffle(deck)
        return deck[:2]

    def _deal_first(self, hands: Mapping[Seat, list[str]] | None, unknown: list[str] | None) -> None:
        deck = weapon_deck(self.players)
        if hands is None:
            self.rng.shuffle(deck)
            self.hands = [Counter() for _ in range(self.players)]
            for seat in range(self.players):
                if self.status[seat] is Status.PLAYING:
                    self.hands[seat] = Counter(deck[:HAND_SIZE])
                    del deck[:HAND_SIZE]
            self.unknown = deck
            return
        self.hands = [Counter(hands.get(seat, [])) for seat in range(self.players)]
        rest = Counter(deck)
        for hand in self.hands:
            rest -= hand
        if unknown is None:
            self.unknown = sorted_cards(rest)
            self.rng.shuffle(self.unknown)
        else:
            self.unknown = list(unknown)

    # --- seats and turn order --------------------------------------------------

    def _clockwise(self, start: Seat) -> Iterator[Seat]:
        """Every seat once, clockwise from ``start`` included."""
        return ((start + i) % self.players for i in range(self.players))

    def _opponents(self, seat: Seat) -> Iterator[Seat]:
        """The other seats clockwise from the left of ``seat``."""
        return ((seat + i) % self.players for i in range(1, self.players))

    def collapsed(self, place: int) -> bool:
        return bool(self.exits) and place != EXIT and tier_of(place) <= len(self.exits)

    def _endgame(self) -> bool:
        return self.final_turns is not None

    def _face_up_only(self) -> bool:
        """At the Exit and in final turns every cover is face-up and true, with no vote."""
        attempt = self.attempt
        return self._endgame() or (attempt is not None and attempt.target == EXIT)

    def _begin_turn_at(self, position: int) -> None:
        """Start the turn of the first playing seat from ``position`` on in this round's order.

        Positions count clockwise from the Rook holder, so a seat that joins
        later in the rotation still plays this round; past the last, the round ends.
        """
        for offset in range(position, self.players):
            seat = (self.first + offset) % self.players
            if self.status[seat] is Status.PLAYING:
                self._begin_turn(seat)
                return
        self._refresh()

    def _begin_turn(self, seat: Seat) -> None:
        self.active = seat
        self.acted = False
        self.attempt = None
        self.phase = Phase.ACTION

    def _end_turn(self, played: bool = True) -> None:
        seat = self.active
        if played:
            self.retreated[seat] = False
        self.attempt = None
        if self.final_turns is not None:
            self._next_final_turn()
        else:
            self._begin_turn_at((seat - self.first) % self.players + 1)

    def _next_final_turn(self) -> None:
        assert self.final_turns is not None
        while self.final_turns:
            seat = self.final_turns.pop(0)
            if self.status[seat] is Status.PLAYING:
                self._begin_turn(seat)
                return
        self._finish()

    def _refresh(self) -> None:
        """The Refreshing Phase: a new first seat, then hands back to five."""
        if not any(self.status[s] is Status.PLAYING for s in range(self.players)):
            self._finish()
            return
        if self.round >= self.max_rounds:
            self._finish()
            return
        in_game = [s for s in self._clockwise(self.first + 1) if self.status[s] in IN_GAME]
        self.first = min(in_game, key=lambda s: self.place[s])
        self.round += 1
        self._note(Event.everyone(event="round", round=self.round, first=self.first))
        for seat in self._clockwise(self.first):
            if self.status[seat] is Status.PLAYING:
                self._refill(seat)
        self._begin_turn_at(0)

    def _refill(self, seat: Seat) -> None:
        dealt: list[str] = []
        while sum(self.hands[seat].values()) < HAND_SIZE:
            if not self.unknown:
                if not self.discard:
                    break
                self.unknown, self.discard = self.discard, []
                if self.reshuffle:
                    self.rng.shuffle(self.unknown)
                self._note(Event.everyone(event="reshuffle", cards=len(self.unknown)))
            card = self.unknown.pop(0)
            self.hands[seat][card] += 1
            dealt.append(card)
        if dealt:
            self._note(
                Event.with_secret(
                    seat, {"event": "dealt", "seat": seat, "cards": len(dealt)}, cards=sorted_cards(dealt)
                )
            )

    def _finish(self) -> None:
        self.phase = Phase.OVER
        self.attempt = None
        self.queue = []
        self._note(Event.everyone(event="over", winners=list(self._winning_seats())))

    def _winning_seats(self) -> tuple[Seat, ...]:
        if self.exits:
            return tuple(sorted(self.exits))
        in_game = [s for s in range(self.players) if self.status[s] in IN_GAME]
        if not in_game:
            return ()
        furthest = max(self.place[s] for s in in_game)
        return tuple(s for s in in_game if self.place[s] == furthest)

    # --- whose move, and which -----------------------------------------------

    def _compute_to_move(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase is Phase.VOTE:
            return tuple(s for s in self.voters if self.votes[s] is None)
        if phase is Phase.DECIDE:
            return (self.queue[0][1],)
        if phase is Phase.OVER:
            return ()
        return (self.active,)

    def in_simultaneous_phase(self) -> bool:
        return self.phase is Phase.VOTE

    def _compute_legal(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        phase = self.phase
        if phase is Phase.ACTION:
            return self._action_moves(seat)
        if phase is Phase.COVER:
            return self._cover_moves(seat)
        if phase is Phase.VOTE:
            return (mv.VOTE_AGREE, mv.VOTE_DISAGREE)
        if phase is Phase.GLORY:
            assert self.attempt is not None
            return mv.GLORY[: self.card_at(self.attempt.target).glory + 1]
        return self._decision_moves(seat)

    def _action_moves(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        moves: list[mv.KnightsMove] = []
        hand = self.hands[seat]
        if self._endgame() and not self.acted and hand[JESTER] and self.tokens[seat] < TOKEN_CAP:
            moves.append(mv.TRADE_JESTERS)
        moves += (mv.ADVANCE, mv.PASS)
        if self.may_discard(seat):
            moves += _discard_moves(tuple(hand[kind] for kind in CARD_KINDS), tier_of(self.place[seat]))
        return tuple(moves)

    def may_discard(self, seat: Seat) -> bool:
        return tier_of(self.place[seat]) >= 1 and not self.retreated[seat] and bool(+self.hands[seat])

    def _cover_moves(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        attempt = self.attempt
        assert attempt is not None and attempt.open is not None
        hand = self.hands[seat]
        tokens = self.tokens[seat]
        weapon = (
            None if attempt.target == EXIT or attempt.substituted else self.card_at(attempt.target).weapon
        )
        faces = [f for f in WEAPONS if f in attempt.open]
        moves: list[mv.KnightsMove] = []
        if self._face_up_only():
            remaining = Counter(attempt.open)
            for face in faces:
                after = remaining - Counter([face])
                for cover in (face, WILD, TOKEN):
                    spent = tokens - (cover == TOKEN)
                    left = hand - Counter([cover])
                    if (hand[cover] if cover != TOKEN else tokens) and _coverable(after, left, spent, weapon):
                        moves.append(mv.COVER[face, cover, False])
                if weapon and hand[weapon] and _coverable(after, hand - Counter([weapon]), tokens, None):
                    moves.append(mv.SUBSTITUTE[face, weapon])
            return tuple(moves)
        bluffing_wilds = BLUFFING_WILDS in self.variants
        for face in faces:
            moves += (mv.COVER[face, kind, False] for kind in CARD_KINDS if hand[kind])
            if bluffing_wilds and hand[WILD]:
                moves.append(mv.COVER[face, WILD, True])
            if tokens:
                moves.append(mv.COVER[face, TOKEN, False])
            if weapon:
                moves += (
                    mv.SUBSTITUTE[face, kind]
                    for kind in CARD_KINDS
                    if hand[kind] and (kind != WILD or bluffing_wilds)
                )
        return tuple(moves)

    def _decision_moves(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        step = self.queue[0][0]
        if step is Step.RETREAT:
            return (mv.REDEEM, mv.RETREAT)
        if step is Step.FREE_ADVANCE:
            return (mv.FREE_ADVANCE, mv.STAY)
        return tuple(mv.REVEAL[kind] for kind in self._reveal_choices(step, seat))

    def _reveal_choices(self, step: Step, seat: Seat) -> list[str]:
        hand, known = self.hands[seat], self.known[seat]
        if step is Step.REVEAL_ONE:
            return [kind for kind in CARD_KINDS if hand[kind] > known[kind]]
        return [kind for kind in CARD_KINDS if hand[kind]]

    def table_moves(self, seat: Seat) -> tuple[mv.KnightsMove, ...]:
        """Sit out, sit in, leave or join: open to any seat between turns."""
        if self.phase is not Phase.ACTION or self.acted or not 0 <= seat < self.players:
            return ()
        status = self.status[seat]
        if status is Status.PLAYING:
            others = any(self.status[s] is Status.PLAYING for s in self._opponents(seat))
            return (mv.SIT_OUT, mv.LEAVE) if others else (mv.LEAVE,)
        if status is Status.SITTING_OUT:
            return (mv.SIT_IN, mv.LEAVE)
        if status is Status.ABSENT and not self._endgame():
            return (mv.JOIN,)
        return ()

    def explain_illegal(self, seat: Seat, move: Any) -> str:
        phase = self.phase
        if move in self.TABLE_MOVES:
            return self._explain_table_move(seat, move)
        if phase is Phase.ACTION:
            return self._explain_action(seat, move)
        if phase is Phase.COVER:
            return self._explain_cover(seat, move)
        if phase is Phase.GLORY:
            assert self.attempt is not None
            most = self.card_at(self.attempt.target).glory
            return f"this Deathtrap allows glory 0 to glory {most}"
        if phase is Phase.VOTE:
            return "the vote: vote agree or vote disagree"
        step = self.queue[0][0]
        expected = ", ".join(str(m) for m in self.legal_moves(seat))
        return f"you must decide ({step}): {expected}"

    def _explain_table_move(self, seat: Seat, move: Any) -> str:
        if self.phase is not Phase.ACTION or self.acted:
            return f"{move} is only possible between turns"
        status = self.status[seat]
        if move is mv.SIT_OUT and status is Status.PLAYING:
            return "no other seat would be left playing"
        if move is mv.JOIN and status is Status.ABSENT:
            return "nobody may join once a seat has exited"
        return f"seat {seat} is {status}"

    def _explain_action(self, seat: Seat, move: Any) -> str:
        if move is mv.TRADE_JESTERS:
            if not self._endgame():
                return "Jesters become wild only once a seat has exited"
            if self.acted:
                return "Jesters are traded at the start of the final turn only"
            return "you hold no Jester" if not self.hands[seat][JESTER] else "you already hold 4 KOG tokens"
        if isinstance(move, mv.Discard):
            place = self.place[seat]
            if tier_of(place) == 0:
                return "you cannot discard on the Start Path"
            if self.retreated[seat]:
                return "you cannot discard on a turn after you retreated"
            if not _holds(self.hands[seat], move.cards):
                return f"you hold {_listing(self.hands[seat])}"
            return f"on tier {tier_of(place)} you may discard at most {tier_of(place)} cards"
        return "your action: advance, pass or discard <cards>"

    def _explain_cover(self, seat: Seat, move: Any) -> str:
        attempt = self.attempt
        assert attempt is not None and attempt.open is not None
        if not isinstance(move, mv.Cover | mv.Substitute):
            return f"cover each die: {_listing(Counter(attempt.open))} are still uncovered"
        if move.face not in attempt.open:
            return f"no uncovered die shows {move.face}; uncovered: {_listing(Counter(attempt.open))}"
        card = move.cover if isinstance(move, mv.Cover) else move.card
        if card == TOKEN:
            return "you hold no KOG token"
        if not self.hands[seat][card]:
            return f"you hold no {card}; your hand is {_listing(self.hands[seat])}"
        if isinstance(move, mv.Substitute):
            target = attempt.target
            if target == EXIT or self.card_at(target).is_deathtrap:
                return "the Exit and the Deathtraps have no weapon indicator to substitute"
            if attempt.substituted:
                return "only one die per advance may be substituted"
        if card == WILD and BLUFFING_WILDS not in self.variants:
            return "Wild cards are played face-up (bluffing-wilds variant not in play)"
        if self._face_up_only():
            return "here every cover is face-up and true, and must leave the other dice coverable"
        return "that cover is not possible here"

    # --- applying moves ------------------------------------------------------

    def _apply_table_move(self, seat: Seat, move: Any) -> None:
        word = move.word if isinstance(move, mv.Simple) else ""
        self._note(Event.everyone(event=word, seat=seat))
        if word == "join":
            self.status[seat] = Status.PLAYING
            self.place[seat] = START
            return
        if word == "sit in":
            self.status[seat] = Status.PLAYING
            return
        if word == "sit out":
            self.status[seat] = Status.SITTING_OUT
        else:
            self.status[seat] = Status.LEFT
            cards = sorted_cards(self.hands[seat])
            self.hands[seat] = Counter()
            self.known[seat] = Counter()
            self.supply += self.tokens[seat]
            self.tokens[seat] = 0
            self.unknown += cards
            if self.reshuffle:
                self.rng.shuffle(self.unknown)
            if not any(self.status[s] is Status.PLAYING for s in range(self.players)):
                self._finish()
                return
        if seat == self.active:
            self._end_turn(played=False)

    def _note(self, event: Event) -> None:
        if event.public.get("event") == "round":
            self.round_marks.append(len(self.log))
        event.public["n"] = len(self.log)  # the entry was made for this call: numbered in place, not copied
        self.log.append(event)

    def _apply(self, seat: Seat, move: Any) -> None:
        phase = self.phase
        if phase is Phase.ACTION:
            self._act(seat, move)
        elif phase is Phase.COVER:
            self._cover(seat, move)
        elif phase is Phase.VOTE:
            self._vote(seat, move)
        elif phase is Phase.GLORY:
            assert self.attempt is not None
            self.attempt.glory = move.dice
            self._note(Event.everyone(event="glory", seat=seat, dice=move.dice))
            self._roll()
        else:
            self._decide(seat, move)

    def _act(self, seat: Seat, move: mv.KnightsMove) -> None:
        if move is mv.TRADE_JESTERS:
            self._trade_jesters(seat)
            return
        self.acted = True
        if move is mv.PASS:
            self._note(Event.everyone(event="pass", seat=seat))
            self._end_turn()
        elif isinstance(move, mv.Discard):
            for card in move.cards:
                self._take(seat, card, face_down=True)
            self.discard += move.cards
            self._note(
                Event.with_secret(
                    seat, {"event": "discard", "seat": seat, "cards": len(move.cards)}, cards=list(move.cards)
                )
            )
            self._end_turn()
        else:
            self._start_advance(seat)

    def _trade_jesters(self, seat: Seat) -> None:
        """Jesters are wild: at the start of a final turn, Jesters become tokens up to the cap."""
        count = min(self.hands[seat][JESTER], TOKEN_CAP - self.tokens[seat])
        for _ in range(count):
            self._take(seat, JESTER, face_down=False)
        self.discard += [JESTER] * count
        self._gain_tokens(seat, count)
        self.acted = True
        self._note(Event.everyone(event="trade jesters", seat=seat, jesters=count))

    def _start_advance(self, seat: Seat) -> None:
        target = self.place[seat] + 1
        pog = target != EXIT and tier_of(target) > sum(self.hands[seat].values())
        self.attempt = Attempt(target, path_of_glory=pog)
        self._note(Event.everyone(event="advance", seat=seat, to=target, path_of_glory=pog))
        self._flip(target)
        if target != EXIT and self.card_at(target).glory:
            self.phase = Phase.GLORY
        else:
            self._roll()

    def card_at(self, place: int) -> PathCard:
        return self.path[place - 1]

    def _flip(self, place: int) -> None:
        if not self.revealed[place]:
            self.revealed[place] = True
            self._note(Event.everyone(event="flip", place=place, kind=self.card_at(place).kind))

    def _roll(self) -> None:
        attempt = self.attempt
        assert attempt is not None
        count = EXIT_DICE if attempt.target == EXIT else self.card_at(attempt.target).dice + attempt.glory
        attempt.dice = tuple(self._roll_die() for _ in range(count))
        attempt.open = [face for face in attempt.dice if face != BLANK]
        attempt.covers = []
        self._note(Event.everyone(event="roll", seat=self.active, dice=list(attempt.dice)))
        blanks = count - len(attempt.open)
        if BLANKS_LESS_REWARDING in self.variants and blanks:
            self.queue = [(Step.REVEAL_ONE, self.active)] * blanks
            self.after = After.COVER
            self._settle()
        else:
            self._after_roll()

    def _roll_die(self) -> str:
        if self.dice_queue:
            return self.dice_queue.pop(0)
        return self.rng.choice(DIE_FACES)

    def _after_roll(self) -> None:
        attempt = self.attempt
        assert attempt is not None and attempt.open is not None
        seat = self.active
        if not attempt.open:
            self._succeed(jesters=0)
            return
        hand, tokens = self.hands[seat], self.tokens[seat]
        if self._face_up_only():
            weapon = None if attempt.target == EXIT else self.card_at(attempt.target).weapon
            possible = _coverable(Counter(attempt.open), hand, tokens, weapon)
        else:
            possible = sum(hand.values()) + tokens >= len(attempt.open)
        if possible:
            self.phase = Phase.COVER
        else:
            self._fail()

    def _cover(self, seat: Seat, move: mv.Cover | mv.Substitute) -> None:
        attempt = self.attempt
        assert attempt is not None and attempt.open is not None and attempt.covers is not None
        face_up_only = self._face_up_only()
        if isinstance(move, mv.Cover):
            card, substitution = move.cover, False
            face_down = not face_up_only and (move.face_down or card not in (WILD, TOKEN))
            claim = move.face
        else:
            card, substitution = move.card, True
            face_down = not face_up_only
            claim = self.card_at(attempt.target).kind
        if card == TOKEN:
            self.tokens[seat] -= 1
            self.supply += 1
            public = True
        else:
            public = self._take(seat, card, face_down) or not face_down
        attempt.open.remove(move.face)
        attempt.covers.append(Cover(move.face, card, face_down, substitution, claim, public))
        self._log_cover(seat, attempt.covers[-1])
        if attempt.open:
            return
        if face_up_only or not any(c.face_down for c in attempt.covers):
            self._succeed(jesters=0)
            return
        self.voters = tuple(s for s in self._opponents(seat) if self._may_vote(s))
        self.votes = [None] * self.players
        if self.voters:
            self.phase = Phase.VOTE
        else:
            self._resolve_vote()

    def _log_cover(self, seat: Seat, cover: Cover) -> None:
        shown = cover.card if cover.public else None
        public = {"event": "cover", "seat": seat, "face": cover.face, "card": shown}
        public |= {"face_down": cover.face_down, "substitution": cover.substitution, "claim": cover.claim}
        self._note(Event.with_secret(seat, public, card=cover.card))

    def _may_vote(self, seat: Seat) -> bool:
        """Voting rights revoked: a seat on Start with no cards has no vote."""
        return self.status[seat] is Status.PLAYING and (self.place[seat] != START or bool(+self.hands[seat]))

    def _vote(self, seat: Seat, move: mv.Vote) -> None:
        self.votes[seat] = move.agree
        self._note(Event.with_secret(seat, {"event": "voted", "seat": seat}, agree=move.agree))
        if all(self.votes[s] is not None for s in self.voters):
            self._resolve_vote()

    def _resolve_vote(self) -> None:
        attempt = self.attempt
        assert attempt is not None and attempt.covers is not None
        seat = self.active
        disagreeing = [s for s in self.voters if self.votes[s] is False]
        agreeing = [s for s in self.voters if self.votes[s] is True]
        self._note(Event.everyone(event="votes", agree=agreeing, disagree=disagreeing))
        self.voters = ()
        self.votes = [None] * self.players
        covers = attempt.covers
        jesters = sum(1 for c in covers if c.card == JESTER)
        if not disagreeing:
            self._reveal_covers(seat, [c for c in covers if c.card == JESTER])
            self._succeed(jesters=jesters)
            return
        self._reveal_covers(seat, covers)
        if all(c.true for c in covers):
            self.queue = [
                (Step.DISCARD_ONE if self.place[s] == START else Step.RETREAT, s)
                for s in self._opponents(seat)
                if s in disagreeing
            ]
            self._succeed(jesters=0)
            return
        self._discard_covers()
        self._note(Event.everyone(event="bluff caught", seat=seat))
        if self.card_at(attempt.target).is_deathtrap:
            self._move_to(seat, START, retreat=True)
            self.queue = []
        else:
            self.queue = [(Step.RETREAT, seat)]
        for other in self._opponents(seat):
            if other in disagreeing:
                self.queue.append((Step.FORWARD, other))
            elif other in agreeing and AGREEING_NOT_SAFE in self.variants:
                self.queue.append((Step.DISCARD_ONE, other))
        self.after = After.END
        self._settle()

    def _reveal_covers(self, seat: Seat, covers: list[Cover]) -> None:
        hidden = [c for c in covers if not c.public]
        for cover in hidden:
            cover.public = True
        if hidden:
            self._note(
                Event.everyone(event="reveal", seat=seat, cards=sorted_cards([c.card for c in hidden]))
            )

    def _discard_covers(self) -> None:
        attempt = self.attempt
        assert attempt is not None and attempt.covers is not None
        self.discard += (c.card for c in attempt.covers if c.card != TOKEN)
        attempt.covers = []

    def _succeed(self, jesters: int) -> None:
        """The active seat advances; queued consequences for others come before its next action."""
        attempt = self.attempt
        assert attempt is not None
        seat = self.active
        self._discard_covers()
        target = attempt.target
        if target == EXIT:
            self._exit(seat)
            return
        self._move_to(seat, target, retreat=False)
        card = self.card_at(target)
        gained = (
            jesters
            + attempt.path_of_glory
            + (target == FINAL_PATH)
            + (attempt.glory if card.is_deathtrap else 0)
        )
        self._gain_tokens(seat, gained)
        self.after = After.PUSH
        self._settle()

    def _exit(self, seat: Seat) -> None:
        self.place[seat] = EXIT
        self.status[seat] = Status.EXITED
        self.exits.append(seat)
        self._note(Event.everyone(event="exit", seat=seat))
        for other in range(self.players):
            if self.status[other] in IN_GAME and self.collapsed(self.place[other]):
                self.status[other] = Status.ELIMINATED
                self._note(Event.everyone(event="eliminated", seat=other))
        if self.final_turns is None:
            self.final_turns = [s for s in self._opponents(seat) if self.status[s] in IN_GAME]
        self.queue = []
        self.after = After.END
        self._settle()

    def _fail(self) -> None:
        """Cannot cover: reveal and lose cards, retreat, no vote, free advances for the others."""
        attempt = self.attempt
        assert attempt is not None and attempt.open is not None
        seat = self.active
        self._note(Event.everyone(event="failed", seat=seat))
        if attempt.target == EXIT and sum(self.hands[seat].values()) > len(attempt.open):
            self.queue = [(Step.DISCARD_ONE, seat)] * len(attempt.open)
        else:
            self._lose_all(seat)
            self.queue = []
        self.queue.append((Step.RETREAT, seat))
        self.queue += (
            (Step.FREE_ADVANCE, s)
            for s in self._opponents(seat)
            if self.status[s] is Status.PLAYING and self.place[s] < FINAL_PATH
        )
        self.after = After.END
        self._settle()

    def _lose_all(self, seat: Seat) -> None:
        cards = sorted_cards(self.hands[seat])
        self.hands[seat] = Counter()
        self.known[seat] = Counter()
        self.discard += cards
        if cards:
            self._note(Event.everyone(event="reveal", seat=seat, cards=cards, discarded=True))

    # --- queued consequences --------------------------------------------------

    def _settle(self) -> None:
        """Carry out queued steps until one needs a seat's choice, then what comes after."""
        while self.queue:
            step, seat = self.queue[0]
            if self._wants_choice(step, seat):
                self.phase = Phase.DECIDE
                return
            self.queue.pop(0)
            self._do_step(step, seat, None)
        after = self.after
        if after is After.COVER:
            self._after_roll()
        elif after is After.PUSH:
            self.attempt = None
            self.phase = Phase.ACTION
        else:
            self._end_turn()

    def _wants_choice(self, step: Step, seat: Seat) -> bool:
        if self.status[seat] not in IN_GAME:
            return False
        if step is Step.RETREAT:
            return self.tokens[seat] > 0 and self.place[seat] != START
        if step is Step.FREE_ADVANCE:
            return self.place[seat] < FINAL_PATH
        if step is Step.FORWARD:
            return False
        # Even a forced reveal waits for its move: skipping it would tell everyone
        # that the rest of the hand is of the same kind.
        return bool(self._reveal_choices(step, seat))

    def _decide(self, seat: Seat, move: mv.KnightsMove) -> None:
        step, _ = self.queue.pop(0)
        self._do_step(step, seat, move)
        self._settle()

    def _do_step(self, step: Step, seat: Seat, move: mv.KnightsMove | None) -> None:
        """One queued step for ``seat``; ``move`` is its choice, or None when it had none."""
        if self.status[seat] not in IN_GAME:
            return
        if step is Step.RETREAT:
            if move is mv.REDEEM:
                self.tokens[seat] -= 1
                self.supply += 1
                self._note(Event.everyone(event="redeem", seat=seat))
            elif self.place[seat] != START:
                self._move_to(seat, self.place[seat] - 1, retreat=True)
        elif step is Step.FORWARD:
            if self.place[seat] == FINAL_PATH:
                self._note(Event.everyone(event="final glory", seat=seat))
                self._gain_tokens(seat, 1)
            else:
                self._move_to(seat, self.place[seat] + 1, retreat=False)
        elif step is Step.FREE_ADVANCE:
            if move is mv.FREE_ADVANCE:
                self._move_to(seat, self.place[seat] + 1, retreat=False)
        else:
            choices = self._reveal_choices(step, seat)
            if choices:
                card = move.card if isinstance(move, mv.Reveal) else choices[0]
                self._reveal_from_hand(seat, card, keep=step is Step.REVEAL_ONE)

    def _reveal_from_hand(self, seat: Seat, card: str, keep: bool) -> None:
        if keep:
            self.known[seat][card] += 1
        else:
            self._take(seat, card, face_down=False)
            self.discard.append(card)
        self._note(Event.everyone(event="reveal", seat=seat, cards=[card], discarded=not keep))

    def _take(self, seat: Seat, card: str, face_down: bool) -> bool:
        """Remove a card from a hand; True if it was a copy everybody knew.

        Face-down, a seat gives an unknown copy when it has one; face-up, a
        known one, so it never shows more than it must.
        """
        hand, known = self.hands[seat], self.known[seat]
        use_known = known[card] > 0 and (not face_down or hand[card] == known[card])
        hand[card] -= 1
        if not hand[card]:
            del hand[card]
        if use_known:
            known[card] -= 1
            if not known[card]:
                del known[card]
        return use_known

    def _move_to(self, seat: Seat, place: int, retreat: bool) -> None:
        self.place[seat] = place
        if retreat:
            self.retreated[seat] = True
        self._note(Event.everyone(event="retreat" if retreat else "move", seat=seat, to=place))
        if 0 < place < EXIT:
            self._flip(place)
        if self.collapsed(place):
            self.status[seat] = Status.ELIMINATED
            self._note(Event.everyone(event="eliminated", seat=seat))

    def _gain_tokens(self, seat: Seat, count: int) -> None:
        gained = min(count, TOKEN_CAP - self.tokens[seat])
        if gained > 0:
            self.tokens[seat] += gained
            self.supply -= gained
            self._note(Event.everyone(event="tokens", seat=seat, gained=gained))

    # --- views and the end ------------------------------------------------------

    def view(self, viewer: Viewer) -> KnightsView:
        return build_view(self, viewer)

    def log_start(self) -> int:
        """Views carry the log of this round and the last: what a seat's next decision needs."""
        marks = self.round_marks
        return marks[-2] if len(marks) >= 2 else 0

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def result(self) -> Result:
        if not self.is_over():
            raise FeintError("the game is not over")
        winners = self._winning_seats()
        return Result(winners, tuple(1.0 if s in winners else 0.0 for s in range(self.players)))

    # --- copies and JSON ------------------------------------------------------

    @classmethod
    def parse_move(cls, text: str) -> mv.KnightsMove:
        return mv.parse_move(text)

    def to_json(self) -> JsonObject:
        return state_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        state = cls.__new__(cls)
        try:
            read_state(state, data)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise StateFormatError(f"not a Knights of Glory state: {err}") from None
        state.round_marks = [n for n, e in enumerate(state.log) if e.public.get("event") == "round"]
        state._forget()
        return state

    def clone(self) -> Self:
        other = copy.copy(self)
        other.rng = Rng(state=self.rng.state)
        other.dice_queue = list(self.dice_queue)
        other.path = list(self.path)
        other.revealed = list(self.revealed)
        other.status = list(self.status)
        other.place = list(self.place)
        other.tokens = list(self.tokens)
        other.hands = [Counter(h) for h in self.hands]
        other.known = [Counter(k) for k in self.known]
        other.retreated = list(self.retreated)
        other.unknown = list(self.unknown)
        other.discard = list(self.discard)
        other.exits = list(self.exits)
        other.final_turns = list(self.final_turns) if self.final_turns is not None else None
        other.attempt = copy.deepcopy(self.attempt)
        other.votes = list(self.votes)
        other.queue = list(self.queue)
        other.log = list(self.log)
        other.round_marks = list(self.round_marks)
        other._forget()
        return other


def _coverable(faces: Counter[str], hand: Counter[str], tokens: int, weapon: str | None) -> bool:
    """Whether true face-up covers exist for every die: matching cards, Wilds, tokens, one substitution."""
    shortfall = sum(max(0, n - hand[face]) for face, n in faces.items())
    if shortfall <= hand[WILD] + tokens:
        return True
    if weapon is None or not hand[weapon]:
        return False
    rest = hand - Counter([weapon])
    return any(_coverable(faces - Counter([face]), rest, tokens, None) for face in faces)


@cache
def _discard_moves(counts: tuple[int, ...], limit: int) -> tuple[mv.KnightsMove, ...]:
    """The discards of at most ``limit`` cards from a hand holding ``counts`` of each kind."""
    held = [kind for kind, n in zip(CARD_KINDS, counts, strict=True) if n]
    most = dict(zip(CARD_KINDS, counts, strict=True))
    moves = (
        mv.DISCARD[cards]
        for size in range(1, limit + 1)
        for cards in combinations_with_replacement(held, size)
        if all(cards.count(kind) <= most[kind] for kind in cards)
    )
    return tuple(sorted(moves, key=lambda m: m.index))


def _holds(hand: Counter[str], cards: tuple[str, ...]) -> bool:
    return all(hand[kind] >= n for kind, n in Counter(cards).items())


def _listing(cards: Counter[str]) -> str:
    return ", ".join(sorted_cards(cards)) or "nothing"
