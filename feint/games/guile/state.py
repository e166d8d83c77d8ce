"""Guile's rules: set-up, draft, placement, the two cycles of play, and the match.

Each seat's knowledge is a bit mask over the eight knights: the knights whose
card it placed or looked at. A public swap swaps the two bits in every mask,
so a seat follows its known cards around the table exactly as a player would.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar, Self

from feint.engine.errors import FeintError, SetupError, StateFormatError
from feint.engine.events import EMPTY_LOG
from feint.engine.info import Information, InfoState
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import GameState, JsonObject, Result, Seat, Trust, Viewer, secret
from feint.engine.view import HIDDEN, Header, Hidden
from feint.games.guile import belief as guile_belief
from feint.games.guile import moves as mv
from feint.games.guile.cards import (
    CARD_ORDER,
    HAND_SIZE,
    KNIGHTS,
    SEATS,
    TABLE,
    Card,
    Faction,
    deck,
    faction_of,
    faction_positions,
)
from feint.games.guile.scoring import tally
from feint.games.guile.view import (
    Action,
    DraftStep,
    GuileRevealed,
    GuileView,
    KnightView,
    RoundRecord,
    RoundResult,
    revealed,
)

CODE_OF_CHIVALRY = "code-of-chivalry"
EXTENDED_CAST = "extended-cast"
TURNS_PER_ROUND = 2 * TABLE
WINS_NEEDED = 2


class Phase(StrEnum):
    FACTION = "faction"
    START = "start"
    DRAFT = "draft"
    PLACE = "place"
    PLAY = "play"
    OVER = "over"


# Enum members looked up once: ``Phase.PLAY`` costs a class attribute lookup on every use.
_FACTION = Phase.FACTION
_START = Phase.START
_DRAFT = Phase.DRAFT
_PLACE = Phase.PLACE
_PLAY = Phase.PLAY
_OVER = Phase.OVER


_EXPECTED = {
    _FACTION: "seat 0 chooses a faction: faction arthur or faction mordred",
    _START: "seat 0 chooses its Start Knight: start <knight>",
    _DRAFT: "the draft: pick <card>",
    _PLACE: "placement: place <card> <knight>",
    _PLAY: "play: look or swap <knight>",
}
_PLAY_MOVES: tuple[tuple[mv.GuileMove, ...], ...] = tuple(
    (mv.LOOK, *(mv.SWAP[k] for k in range(TABLE) if k != errant)) for errant in range(TABLE)
)
_SEAT_TUPLE = ((0,), (1,))
_WAITING = (((), (1,)), ((0,), (0, 1)))
"""The seats still to move, indexed by whether seat 0 is and whether seat 1 is."""
_OWN_POSITIONS = {f: tuple(faction_positions(f)) for f in Faction}
Deal = tuple[tuple[Card, ...], tuple[Card, ...]]


class GuileState(GameState):
    NAME = "guile"
    TITLE = "Guile"
    MIN_PLAYERS = SEATS
    MAX_PLAYERS = SEATS
    VARIANTS = (CODE_OF_CHIVALRY, EXTENDED_CAST)
    MOVES = mv.MOVES
    INFORMATION: ClassVar[Mapping[str, Information]] = {
        "variants": Information.PUBLIC,
        "rng": Information.NOBODY,
        "deals": Information.NOBODY,
        "phase": Information.PUBLIC,
        "arthur_seat": Information.PUBLIC,
        "start_knight": Information.PUBLIC,
        "round_index": Information.PUBLIC,
        "hands": Information.PRIVATE,
        "kept": Information.PRIVATE,
        "picked": Information.PUBLIC,
        "draft_log": Information.PRIVATE,
        "owned": Information.PRIVATE,
        "aside": Information.NOBODY,
        "knights": Information.TRACKED,
        "known": Information.PUBLIC,
        "turn": Information.PUBLIC,
        "actions": Information.PUBLIC,
        "round_wins": Information.PUBLIC,
        "rounds": Information.PUBLIC,
    }

    variants: frozenset[str]
    rng: Rng
    deals: tuple[Deal, ...]
    """Fixed deals from the set-up, one per round; rounds beyond them are shuffled."""
    phase: Phase
    arthur_seat: Seat | None
    start_knight: int | None
    round_index: int
    hands: list[list[Card]]
    kept: list[list[Card]]
    picked: list[bool]
    draft_log: list[list[DraftStep]]
    owned: list[tuple[Card, ...]]
    """Each seat's four cards of the round, once its draft is done (at the deal without a draft)."""
    aside: list[Card]
    knights: list[Card | None]
    known: list[int]
    """Per seat, a bit per knight whose card it knows: which seats saw a card follows from public moves."""
    turn: int
    actions: list[tuple[Seat, int, int | None]]
    """This round's public actions: (seat, Knight-Errant, swapped-with knight or None for a look)."""
    round_wins: list[int]
    rounds: list[RoundRecord]

    # --- construction -------------------------------------------------------

    @classmethod
    def new(cls, players: int, seed: int, options: Mapping[str, Any], setup: Mapping[str, Any]) -> Self:
        variants = read_variants(options, cls.VARIANTS)
        state = cls.__new__(cls)
        state.players = players
        state.log = EMPTY_LOG
        state.variants = variants
        state.rng = Rng(seed)
        state.deals = _read_deals(setup, deck(EXTENDED_CAST in variants))
        state.phase = _FACTION
        state.arthur_seat = None
        state.start_knight = None
        state.round_index = 0
        state.round_wins = [0, 0]
        state.rounds = []
        state._clear_round()
        return state

    def _clear_round(self) -> None:
        self.hands = [[], []]
        self.kept = [[], []]
        self.picked = [False, False]
        self.draft_log = [[], []]
        self.owned = [(), ()]
        self.aside = []
        self.knights = [None] * TABLE
        self.known = [0, 0]
        self.turn = 0
        self.actions = []
        self._forget()

    def _deal(self) -> None:
        """Set-up III (and IV, V): deal four to each seat, the rest aside."""
        self._clear_round()
        cards = list(deck(EXTENDED_CAST in self.variants))
        if self.round_index < len(self.deals):
            fixed = self.deals[self.round_index]
            self.hands = [list(fixed[0]), list(fixed[1])]
            rest = Counter(cards) - Counter(fixed[0]) - Counter(fixed[1])
            self.aside = sorted(rest.elements())
        else:
            self.rng.shuffle(cards)
            self.hands = [cards[:HAND_SIZE], cards[HAND_SIZE : 2 * HAND_SIZE]]
            self.aside = cards[2 * HAND_SIZE :]
        self.record(
            "deal",
            None,
            tuple(secret(s, hand=tuple(self.hands[s])) for s in (0, 1)),
            round=self.round_index + 1,
            hand=(HIDDEN,) * HAND_SIZE,
        )
        if CODE_OF_CHIVALRY in self.variants:
            self.owned = [tuple(self.hands[0]), tuple(self.hands[1])]
            self.phase = _PLACE
        else:
            self.phase = _DRAFT

    # --- whose move, and which -----------------------------------------------

    def seat_of(self, position: int) -> Seat:
        """The seat that controls the knight at ``position``."""
        assert self.arthur_seat is not None
        return self.arthur_seat if position % 2 == 0 else 1 - self.arthur_seat

    def _seat_of_faction(self, faction: Faction) -> Seat:
        return self.seat_of(0 if faction is Faction.ARTHUR else 1)

    def faction_of_seat(self, seat: Seat) -> Faction:
        return Faction.ARTHUR if seat == self.arthur_seat else Faction.MORDRED

    def knight_errant(self) -> int | None:
        """The knight holding the Turn Card, during Game Play."""
        return self._errant() if self.phase is _PLAY else None

    def _errant(self) -> int:
        start = self.start_knight
        assert start is not None
        return (start + self.turn) % TABLE

    def _compute_to_move(self) -> tuple[Seat, ...]:
        phase = self.phase
        if phase is _PLAY:
            # The Knight-Errant's seat: Arthur's for an even knight, the other for an odd one.
            errant = (self.start_knight + self.turn) % TABLE  # type: ignore[operator]
            return _SEAT_TUPLE[self.arthur_seat ^ (errant & 1)]  # type: ignore[operator]
        if phase is _DRAFT:
            picked = self.picked
            return _WAITING[not picked[0]][not picked[1]]
        if phase is _PLACE:
            hands = self.hands
            return _WAITING[bool(hands[0])][bool(hands[1])]
        if phase is _OVER:
            return ()
        return (0,)

    def in_simultaneous_phase(self) -> bool:
        return self.phase is _DRAFT or self.phase is _PLACE

    def _compute_legal(self, seat: Seat) -> tuple[mv.GuileMove, ...]:
        phase = self.phase
        if phase is _PLAY:
            return _PLAY_MOVES[(self.start_knight + self.turn) % TABLE]  # type: ignore[operator]
        if phase is _PLACE:
            own = _OWN_POSITIONS[self.faction_of_seat(seat)]
            knights = self.knights
            return _place_moves(tuple(self.hands[seat]), tuple(k for k in own if knights[k] is None))
        if phase is _DRAFT:
            return _pick_moves(tuple(self.hands[seat]))
        if phase is _FACTION:
            return tuple(mv.FACTION.values())
        if phase is _START:
            return tuple(mv.START[k] for k in _OWN_POSITIONS[self.faction_of_seat(0)])
        return ()

    def explain_illegal(self, seat: Seat, move: Any) -> str:
        phase = self.phase
        expected = _EXPECTED.get(phase, "")
        if isinstance(move, mv.ChooseStart) and phase is _START:
            return f"{KNIGHTS[move.knight]} is a knight of {faction_of(move.knight)}, not one of yours"
        if isinstance(move, mv.Pick) and phase is _DRAFT:
            return f"there is no {move.card} in front of you; you may pick {_listing(self.hands[seat])}"
        if isinstance(move, mv.Place) and phase is _PLACE:
            name = KNIGHTS[move.knight]
            if faction_of(move.knight) is not self.faction_of_seat(seat):
                return f"{name} is a knight of {faction_of(move.knight)}, not one of yours"
            if self.knights[move.knight] is not None:
                return f"{name} already has a card"
            return f"you hold no {move.card}; your hand is {_listing(self.hands[seat])}"
        if isinstance(move, mv.Swap) and phase is _PLAY:
            return f"the Knight-Errant {KNIGHTS[move.knight]} cannot swap with itself"
        return f"this is not a move of this phase; expected {expected}"

    # --- applying moves ------------------------------------------------------

    def _apply(self, seat: Seat, move: Any) -> None:
        phase = self.phase
        if phase is _PLAY:
            self._play(seat, move)
        elif phase is _PLACE:
            self._place(seat, move)
        elif phase is _DRAFT:
            self._pick(seat, move)
        elif phase is _FACTION:
            self.arthur_seat = 0 if move.faction is Faction.ARTHUR else 1
            self.phase = _START
            self.record("faction", seat, faction=move.faction)
        else:
            self.start_knight = move.knight
            self.record("start", seat, knight=move.knight)
            self._deal()

    def _pick(self, seat: Seat, move: mv.Pick) -> None:
        """Set-up IV: keep one card, and pass the rest once both seats have picked."""
        hand = self.hands[seat]
        self.draft_log[seat].append(DraftStep(tuple(hand), move.card))
        hand.remove(move.card)
        self.kept[seat].append(move.card)
        self.picked[seat] = True
        self.record("pick", seat, (secret(seat, card=move.card),))
        if not self.picked[1 - seat]:
            return
        self.picked = [False, False]
        self.hands = [self.hands[1], self.hands[0]]
        passed = len(self.hands[0])
        self.record(
            "pass", None, tuple(secret(s, hand=tuple(self.hands[s])) for s in (0, 1)), hand=(HIDDEN,) * passed
        )
        if passed == 1:
            for s in (0, 1):
                last = self.hands[s][0]
                self.draft_log[s].append(DraftStep((last,), last))
                self.hands[s] = self.kept[s] + [last]
                self.kept[s] = []
                self.owned[s] = tuple(self.hands[s])
            self.phase = _PLACE

    def _place(self, seat: Seat, move: mv.Place) -> None:
        """Set-up V: one card face-down on each of the seat's knights."""
        self.hands[seat].remove(move.card)
        self.knights[move.knight] = move.card
        self.known[seat] |= 1 << move.knight
        self.record("place", seat, (secret(seat, card=move.card, knight=move.knight),))
        if not self.hands[0] and not self.hands[1]:
            self.phase = _PLAY
            self.record("placed", None)

    def _play(self, seat: Seat, move: mv.Look | mv.Swap) -> None:
        """Game Play I: look at the Knight-Errant's card, or exchange it with another knight's."""
        errant = self._errant()
        if isinstance(move, mv.Swap):
            other = move.knight
            knights = self.knights
            knights[errant], knights[other] = knights[other], knights[errant]
            known = self.known
            for s in (0, 1):
                mask = known[s]
                if (mask >> errant ^ mask >> other) & 1:
                    known[s] = mask ^ (1 << errant | 1 << other)
            self.actions.append((seat, errant, other))
            self.record("swap", seat, knight=errant, other=other)
        else:
            self.known[seat] |= 1 << errant
            self.actions.append((seat, errant, None))
            self.record("look", seat, (secret(seat, card=self.knights[errant]),), knight=errant, card=HIDDEN)
        self.turn += 1
        if self.turn == TURNS_PER_ROUND:
            self._end_round()

    def _end_round(self) -> None:
        """Game Play IV and V: total Influence, award the round, start the next."""
        layout = tuple(c for c in self.knights if c is not None)
        result = tally(layout)
        winner = None if result.winner is None else self._seat_of_faction(result.winner)
        totals = (result.total(self.faction_of_seat(0)), result.total(self.faction_of_seat(1)))
        record = RoundRecord(winner, totals, layout, str(result.decided_by), _public(self.actions))
        self.rounds.append(record)
        self.record(
            "round",
            None,
            round=self.round_index + 1,
            winner=winner,
            totals=totals,
            cards=layout,
            decided_by=record.decided_by,
            arthur_seat=self.arthur_seat,
            round_wins=(self.round_wins[0] + (winner == 0), self.round_wins[1] + (winner == 1)),
        )
        if winner is not None:
            self.round_wins[winner] += 1
            if self.round_wins[winner] == WINS_NEEDED:
                self.phase = _OVER
                self.record("over", None, winners=(winner,))
                return
        self.round_index += 1
        # After sixteen turns the Turn Card is back on the Start Knight; it moves on one.
        self.start_knight = (self._errant() + 1) % TABLE
        self._deal()

    # --- what a viewer sees -------------------------------------------------

    def _view(self, header: Header) -> GuileView:
        seat = header.viewer
        mask = 0 if seat is None else self.known[seat]
        placing = self.phase is _PLACE
        knights = []
        for p, card in enumerate(self.knights):
            controller = None if self.arthur_seat is None else self.seat_of(p)
            shown: Card | Hidden | None
            if card is None:
                shown = None
            elif mask >> p & 1:
                shown = card
            else:
                # During placement only the seat's own cards are down for it to see.
                shown = None if placing else HIDDEN
            knights.append(_knight_view(p, controller, shown))
        return GuileView(
            header=header,
            variants=tuple(sorted(self.variants)),
            round=self.round_index + 1,
            arthur_seat=self.arthur_seat,
            start_knight=self.start_knight,
            turn=self.turn,
            cycle=1 if self.turn < TABLE else 2,
            knight_errant=self.knight_errant(),
            knights=tuple(knights),
            hand=() if seat is None else tuple(self.hands[seat]),
            kept=() if seat is None else tuple(self.kept[seat]),
            draft=() if seat is None else tuple(self.draft_log[seat]),
            dealt=() if seat is None else self.owned[seat],
            placed=self._placed(),
            actions=_public(self.actions),
            round_wins=(self.round_wins[0], self.round_wins[1]),
            rounds=tuple(RoundResult(r.winner, r.totals, r.cards, r.decided_by) for r in self.rounds),
        )

    def _revealed_view(self, header: Header) -> GuileRevealed:
        return revealed(self._view(header), self.knights, self.hands, self.kept, self.aside)

    def _placed(self) -> tuple[int, int]:
        if self.phase is _PLAY:
            return (HAND_SIZE, HAND_SIZE)
        if self.phase is not _PLACE:
            return (0, 0)
        return (HAND_SIZE - len(self.hands[0]), HAND_SIZE - len(self.hands[1]))

    # --- the end -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase is _OVER

    def result(self) -> Result:
        if self.phase is not _OVER:
            raise FeintError("the game is not over")
        winner = 0 if self.round_wins[0] == WINS_NEEDED else 1
        return Result((winner,), (float(self.round_wins[0]), float(self.round_wins[1])))

    # --- copies and JSON ------------------------------------------------------

    def report(self) -> JsonObject:
        return {
            "game": self.NAME,
            "players": self.players,
            "options": {"variants": sorted(self.variants)},
            "setup": {"deals": [{"0": list(a), "1": list(b)} for a, b in self.deals]},
            "rng": self.rng.state,
            "phase": str(self.phase),
            "arthur_seat": self.arthur_seat,
            "start_knight": self.start_knight,
            "round": self.round_index + 1,
            "turn": self.turn,
            "knights": list(self.knights),
            "hands": [list(h) for h in self.hands],
            "kept": [list(k) for k in self.kept],
            "picked": list(self.picked),
            "aside": list(self.aside),
            "known": [[p for p in range(TABLE) if mask >> p & 1] for mask in self.known],
            "draft_log": [[[list(d.shown), d.kept] for d in log] for log in self.draft_log],
            "actions": [list(a) for a in self.actions],
            "round_wins": list(self.round_wins),
            "rounds": [
                {
                    "winner": r.winner,
                    "totals": list(r.totals),
                    "cards": list(r.cards),
                    "decided_by": r.decided_by,
                    "actions": [[a.seat, a.knight, a.target] for a in r.actions],
                }
                for r in self.rounds
            ],
        }

    # --- determinization ------------------------------------------------------------

    @classmethod
    def belief(cls, info: InfoState) -> guile_belief.GuileBelief:
        return guile_belief.GuileBelief.of(info)

    @classmethod
    def sample(cls, info: InfoState, rng: random.Random, trust: Trust | None = None) -> Self:
        """Nothing in Guile is claimed, so ``trust`` changes nothing."""
        return guile_belief.sample(cls, info, rng)

    def hidden_placement(self, viewer: Viewer) -> dict[str, Hashable]:
        return guile_belief.hidden_placement(self, viewer)

    def _check_consistent(self) -> None:
        if len(self.knights) != TABLE or len(self.hands) != SEATS or len(self.known) != SEATS:
            raise StateFormatError("not a Guile state: wrong number of knights or seats")
        in_play = [c for c in self.knights if c is not None] + self.aside
        in_play += [c for hand in self.hands + self.kept for c in hand]
        if self.phase not in (_FACTION, _START, _OVER) and Counter(in_play) != Counter(
            deck(EXTENDED_CAST in self.variants)
        ):
            raise StateFormatError("not a Guile state: the cards in play are not one whole deck")


@cache
def _place_moves(hand: tuple[Card, ...], empty: tuple[int, ...]) -> tuple[mv.GuileMove, ...]:
    return tuple(mv.PLACE[c, k] for c in _distinct(hand) for k in empty)


@cache
def _pick_moves(hand: tuple[Card, ...]) -> tuple[mv.GuileMove, ...]:
    return tuple(mv.PICK[c] for c in _distinct(hand))


def _distinct(cards: Iterable[Card]) -> list[Card]:
    return sorted(set(cards), key=CARD_ORDER.__getitem__)


def _listing(cards: list[Card]) -> str:
    return " ".join(_distinct(cards)) or "nothing"


@cache
def _knight_view(position: int, seat: Seat | None, card: Card | Hidden | None) -> KnightView:
    """Knight views are few and immutable, so each is made once."""
    return KnightView(position, KNIGHTS[position], faction_of(position), seat, card)


@cache
def _action(seat: Seat, knight: int, target: int | None) -> Action:
    """Actions are few and immutable, so each is made once."""
    return Action(seat, knight, "look" if target is None else "swap", target)


def _public(actions: list[tuple[Seat, int, int | None]]) -> tuple[Action, ...]:
    return tuple(_action(*a) for a in actions)


def _read_deals(setup: Mapping[str, Any], cards: tuple[Card, ...]) -> tuple[Deal, ...]:
    """The rulings' fixed deals: ``{"deals": [{"0": [...], "1": [...]}, ...]}``, one per round."""
    if not isinstance(setup, Mapping):
        raise SetupError(f"setup must be an object, not {setup!r}")
    extra = sorted(set(setup) - {"deals"})
    if extra:
        raise SetupError(f"unknown setup key {extra[0]!r}; Guile's setup has only 'deals'")
    deals = setup.get("deals", [])
    if not isinstance(deals, list):
        raise SetupError("setup.deals must be a list, one deal per round")
    read: list[Deal] = []
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping) or sorted(deal) != ["0", "1"]:
            raise SetupError(f'deal {number} must be an object with the keys "0" and "1"')
        hands = []
        for seat in ("0", "1"):
            hand = deal[seat]
            if not isinstance(hand, list) or len(hand) != HAND_SIZE:
                raise SetupError(f"deal {number}: seat {seat} must be dealt a list of {HAND_SIZE} cards")
            for card in hand:
                if card not in cards:
                    raise SetupError(
                        f"deal {number}: {card!r} is not a card of this deck; "
                        f"cards are {_listing(list(cards))}"
                    )
            hands.append(tuple(Card(c) for c in hand))
        if Counter(hands[0]) + Counter(hands[1]) - Counter(cards):
            raise SetupError(f"deal {number} uses a card more often than the deck has it")
        read.append((hands[0], hands[1]))
    return tuple(read)
