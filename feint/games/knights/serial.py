"""Knights of Glory states to JSON and back: every field, hidden ones included."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from feint.engine.errors import StateFormatError
from feint.engine.options import read_variants
from feint.engine.rng import Rng
from feint.engine.state import JsonObject
from feint.games.knights.cards import (
    CARD_KINDS,
    DIE_FACES,
    PATH_KINDS,
    PATH_PLACES,
    TOKEN,
    TOKEN_SUPPLY,
    WEAPONS,
    PathCard,
    sorted_cards,
    tier_of,
    weapon_deck,
)
from feint.games.knights.model import GONE, After, Attempt, Cover, Phase, Status, Step
from feint.games.knights.setup import read_max_rounds
from feint.games.knights.view import Event

if TYPE_CHECKING:
    from feint.games.knights.state import KnightsState


def state_json(state: KnightsState) -> JsonObject:
    """The whole state, hidden information included, as ``feint replay`` prints it."""
    attempt = state.attempt
    return {
        **state.summary(),
        "variants": sorted(state.variants),
        "max_rounds": state.max_rounds,
        "phase": str(state.phase),
        "round": state.round,
        "first": state.first,
        "active": state.active,
        "acted": state.acted,
        "seats": [
            {
                "place": state.place[s],
                "tokens": state.tokens[s],
                "out": state.status[s] in GONE,
                "status": str(state.status[s]),
                "hand": sorted_cards(state.hands[s]),
                "known": sorted_cards(state.known[s]),
                "may_discard": state.may_discard(s),
                "retreated": state.retreated[s],
            }
            for s in range(state.players)
        ],
        "path": [
            {
                "place": p,
                "kind": state.card_at(p).kind,
                "tier": tier_of(p),
                "revealed": state.revealed[p],
                "collapsed": state.collapsed(p),
            }
            for p in PATH_PLACES
        ],
        "exits": list(state.exits),
        "final_turns": state.final_turns,
        "attempt": _attempt_json(attempt) if attempt else None,
        "voters": list(state.voters),
        "votes": {str(s): state.votes[s] for s in state.voters if state.votes[s] is not None},
        "pending": [[str(step), seat] for step, seat in state.queue],
        "after": str(state.after),
        "unknown": list(state.unknown),
        "discard": list(state.discard),
        "supply": state.supply,
        "dice_queue": list(state.dice_queue),
        "reshuffle": state.reshuffle,
        "log": [e.to_json() for e in state.log],
        "rng": state.rng.state,
    }


def read_state(state: KnightsState, data: Mapping[str, Any]) -> None:
    """Fill a bare ``state`` from what ``state_json`` wrote; raises StateFormatError."""
    state.players = int(data["players"])
    state.variants = read_variants({"variants": list(data["variants"])}, type(state).VARIANTS)
    state.max_rounds = read_max_rounds(data["max_rounds"])
    state.phase = Phase(data["phase"])
    state.round = int(data["round"])
    state.first = int(data["first"])
    state.active = int(data["active"])
    state.acted = bool(data["acted"])
    seats = data["seats"]
    if len(seats) != state.players:
        raise StateFormatError(f"{len(seats)} seats listed for {state.players} players")
    state.place = [int(s["place"]) for s in seats]
    state.tokens = [int(s["tokens"]) for s in seats]
    state.status = [Status(s["status"]) for s in seats]
    state.hands = [Counter(_cards(s["hand"], CARD_KINDS)) for s in seats]
    state.known = [Counter(_cards(s["known"], CARD_KINDS)) for s in seats]
    state.retreated = [bool(s["retreated"]) for s in seats]
    path = data["path"]
    state.path = [
        PathCard(tier_of(p), _one(e["kind"], PATH_KINDS)) for p, e in zip(PATH_PLACES, path, strict=True)
    ]
    state.revealed = [True, *(bool(e["revealed"]) for e in path), True]
    state.exits = [int(s) for s in data["exits"]]
    final = data["final_turns"]
    state.final_turns = None if final is None else [int(s) for s in final]
    state.attempt = _read_attempt(data["attempt"]) if data["attempt"] is not None else None
    state.voters = tuple(int(s) for s in data["voters"])
    state.votes = [None] * state.players
    for seat, vote in data["votes"].items():
        state.votes[int(seat)] = bool(vote)
    state.queue = [(Step(step), int(seat)) for step, seat in data["pending"]]
    state.after = After(data["after"])
    state.unknown = _cards(data["unknown"], CARD_KINDS)
    state.discard = _cards(data["discard"], CARD_KINDS)
    state.supply = int(data["supply"])
    state.dice_queue = _cards(data["dice_queue"], DIE_FACES)
    state.reshuffle = bool(data["reshuffle"])
    state.log = [Event.from_json(e) for e in data["log"]]
    state.rng = Rng(state=int(data["rng"]))
    check_consistent(state)


def check_consistent(state: KnightsState) -> None:
    """Cards and tokens must add up: a hand-edited state that breaks conservation is refused."""
    total = sum(sum(h.values()) for h in state.hands) + len(state.unknown) + len(state.discard)
    if state.attempt is not None and state.attempt.covers:
        total += sum(1 for c in state.attempt.covers if c.card != TOKEN)
    expected = len(weapon_deck(state.players))
    if total != expected:
        raise StateFormatError(
            f"{total} weapon cards in the state; a {state.players}-seat game has {expected}"
        )
    if sum(state.tokens) + state.supply != TOKEN_SUPPLY:
        raise StateFormatError(f"KOG tokens do not add up to {TOKEN_SUPPLY}")


def _one(value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise StateFormatError(f"{value!r} is not one of {', '.join(allowed)}")
    return str(value)


def _cards(values: Any, allowed: tuple[str, ...]) -> list[str]:
    if not isinstance(values, list):
        raise StateFormatError(f"expected a list, not {values!r}")
    return [_one(v, allowed) for v in values]


def _attempt_json(attempt: Attempt) -> JsonObject:
    return {
        "target": attempt.target,
        "path_of_glory": attempt.path_of_glory,
        "glory": attempt.glory,
        "dice": list(attempt.dice),
        "open": attempt.open,
        "covers": None
        if attempt.covers is None
        else [
            {
                "face": c.face,
                "card": c.card,
                "face_down": c.face_down,
                "substitution": c.substitution,
                "claim": c.claim,
                "public": c.public,
            }
            for c in attempt.covers
        ],
    }


def _read_attempt(data: Mapping[str, Any]) -> Attempt:
    covers = data["covers"]
    return Attempt(
        target=int(data["target"]),
        path_of_glory=bool(data["path_of_glory"]),
        glory=int(data["glory"]),
        dice=tuple(_cards(data["dice"], DIE_FACES)),
        open=None if data["open"] is None else _cards(data["open"], WEAPONS),
        covers=None
        if covers is None
        else [
            Cover(
                _one(c["face"], WEAPONS),
                _one(c["card"], (*CARD_KINDS, TOKEN)),
                bool(c["face_down"]),
                bool(c["substitution"]),
                _one(c["claim"], WEAPONS),
                bool(c["public"]),
            )
            for c in covers
        ],
    )
