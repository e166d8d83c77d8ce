"""Rolling and covering: the glory dice a Deathtrap allows and the covers a seat may give.

Rules held here (docs/rules/knights-of-glory.md):

- KG4: at a Deathtrap with glory dice, ``glory 0`` up to its indicator;
- KG5: each non-blank die takes one cover: a card face-down (a Wild
  face-up, or face-down under Bluffing Wild Cards), a KOG token, or, once
  per advance on a regular path, a weapon substitution;
- KG19, KG20: at the Exit and in final turns every cover is face-up and
  true (a card of the die's weapon, a Wild, a token; a substitution with the
  path's weapon), and only covers that leave the other dice coverable;
  Jesters are no covers there; no substitution at the Exit or a Deathtrap.
"""

from __future__ import annotations

from functools import cache
from itertools import compress

from feint.engine.state import Seat
from feint.engine.words import Listing, Phrase
from feint.games.knights import moves as mv
from feint.games.knights.board import Board
from feint.games.knights.cards import (
    CARD_KINDS,
    EXIT,
    INDEX,
    TOKEN,
    WEAPONS,
    WILD,
    Counts,
    Kind,
    cards_of,
    counts_of,
    plus,
)
from feint.games.knights.claims import true_covers
from feint.games.knights.model import BLUFFING_WILDS

_WILD = INDEX[WILD]


def glory_moves(s: Board) -> tuple[mv.KnightsMove, ...]:
    assert s.attempt is not None
    return mv.GLORY[: s.card_at(s.attempt.target).glory + 1]


def explain_glory(s: Board) -> str:
    assert s.attempt is not None
    return Phrase("this Deathtrap allows glory 0 to glory {glory}", glory=s.card_at(s.attempt.target).glory)


def _weapon(s: Board) -> Kind | None:
    """The weapon indicator a substitution may still claim, or None."""
    attempt = s.attempt
    assert attempt is not None
    if attempt.target == EXIT or attempt.substituted:
        return None
    return s.card_at(attempt.target).weapon


def cover_moves(s: Board, seat: Seat) -> tuple[mv.KnightsMove, ...]:
    attempt = s.attempt
    assert attempt is not None and attempt.open is not None
    hand = s.hands[seat]
    tokens = s.tokens[seat]
    weapon = _weapon(s)
    if s.final_turns is not None or attempt.target == EXIT:  # s.face_up_only(), inlined
        return _face_up(attempt.open, hand, tokens, weapon)
    held = tuple(compress(CARD_KINDS, hand))
    tokens_held, substitute, bluffing_wilds = tokens > 0, weapon is not None, BLUFFING_WILDS in s.variants
    opened = attempt.open
    moves: tuple[mv.KnightsMove, ...] = ()
    for face in WEAPONS:
        if face in opened:
            moves += _bluffable(face, held, tokens_held, substitute, bluffing_wilds)
    return moves


@cache
def _face_up(
    opened: tuple[Kind, ...], hand: Counts, tokens: int, weapon: Kind | None
) -> tuple[mv.KnightsMove, ...]:
    """The true face-up covers that leave the other open dice coverable."""
    remaining = counts_of(opened)
    moves: list[mv.KnightsMove] = []
    for face in (f for f in WEAPONS if f in opened):
        after = plus(remaining, face, -1)
        for cover in true_covers(face):
            if cover is TOKEN:
                if tokens and coverable(after, hand, tokens - 1, weapon):
                    moves.append(mv.COVER[face, cover, False])
            elif hand[INDEX[cover]] and coverable(after, plus(hand, cover, -1), tokens, weapon):
                moves.append(mv.COVER[face, cover, False])
        if weapon and hand[INDEX[weapon]] and coverable(after, plus(hand, weapon, -1), tokens, None):
            moves.append(mv.SUBSTITUTE[face, weapon])
    return tuple(moves)


@cache
def _bluffable(
    face: Kind, held: tuple[Kind, ...], tokens: bool, substitute: bool, bluffing_wilds: bool
) -> tuple[mv.KnightsMove, ...]:
    """The covers of one open ``face`` in a play that may be face-down: any ``held`` card kind on it."""
    moves: list[mv.KnightsMove] = [mv.COVER[face, kind, False] for kind in held]
    if bluffing_wilds and WILD in held:
        moves.append(mv.COVER[face, WILD, True])
    if tokens:
        moves.append(mv.COVER[face, TOKEN, False])
    if substitute:
        moves += (mv.SUBSTITUTE[face, kind] for kind in held if kind is not WILD or bluffing_wilds)
    return tuple(moves)


def coverable(faces: Counts, hand: Counts, tokens: int, weapon: Kind | None) -> bool:
    """Whether true face-up covers exist for every die (``faces`` as counts): matching cards,
    Wilds, tokens, and one substitution with ``weapon``."""
    shortfall = sum(max(0, n - h) for n, h in zip(faces[:5], hand[:5], strict=True))
    if shortfall <= hand[_WILD] + tokens:
        return True
    if weapon is None or not hand[INDEX[weapon]]:
        return False
    rest = plus(hand, weapon, -1)
    return any(
        coverable(plus(faces, face, -1), rest, tokens, None)
        for face, n in zip(WEAPONS, faces, strict=False)
        if n
    )


def explain_cover(s: Board, seat: Seat, move: mv.KnightsMove) -> str:
    attempt = s.attempt
    assert attempt is not None and attempt.open is not None
    uncovered = Listing(cards_of(counts_of(attempt.open)), ", ")
    if not isinstance(move, mv.Cover | mv.Substitute):
        return Phrase("cover each die: {uncovered} are still uncovered", uncovered=uncovered)
    if move.face not in attempt.open:
        return Phrase(
            "no uncovered die shows {face}; uncovered: {uncovered}",
            face=Phrase(move.face),
            uncovered=uncovered,
        )
    card = move.cover if isinstance(move, mv.Cover) else move.card
    if card is TOKEN:
        return Phrase("you hold no KOG token")
    if not s.hands[seat][INDEX[card]]:
        return Phrase(
            "you hold no {card}; your hand is {hand}",
            card=Phrase(card),
            hand=Listing(cards_of(s.hands[seat]), ", "),
        )
    if isinstance(move, mv.Substitute):
        target = attempt.target
        if target == EXIT or s.card_at(target).is_deathtrap:
            return Phrase("the Exit and the Deathtraps have no weapon indicator to substitute")
        if attempt.substituted:
            return Phrase("only one die per advance may be substituted")
    if card is WILD and BLUFFING_WILDS not in s.variants:
        return Phrase("Wild cards are played face-up (bluffing-wilds variant not in play)")
    if s.face_up_only():
        return Phrase("here every cover is face-up and true, and must leave the other dice coverable")
    return Phrase("that cover is not possible here")
