"""What a seat may do on its turn, and why a move is not legal (docs/rules/liars-dice.md, "Bidding").

A bid must rank above the standing bid (:meth:`Rules.rank`) and name no more
dice than are in play; ``liar`` (and ``spot on``, in that variant) answers
a standing bid, so the round's opening move is a bid. The legal moves depend
only on the rule set, the dice in play and the standing bid, so they are made
once for each and shared.
"""

from __future__ import annotations

from feint.engine.words import Phrase
from feint.games.liars_dice import moves as mv
from feint.games.liars_dice.board import Board
from feint.games.liars_dice.rules import FACES, Rules, rules_of

_LEGAL: dict[tuple[frozenset[str], int, int], tuple[mv.LiarsMove, ...]] = {}
"""The legal moves by variants, dice in play and standing bid's index: made once each."""


def _ordered(rules: Rules, total: int) -> list[mv.Bid]:
    """Every bid of at most ``total`` dice, lowest rank first."""
    bids = [b for b in mv.BIDS if b.quantity <= total]
    return sorted(bids, key=lambda b: rules.rank(b.quantity, b.face))


def _legal(rules: Rules, total: int, standing: int) -> tuple[mv.LiarsMove, ...]:
    """The moves after the standing bid of index ``standing`` (-1: none yet)."""
    ordered = _ordered(rules, total)
    if standing < 0:
        if rules.ones_rank_double:
            return tuple(b for b in ordered if b.face != 1)
        return tuple(ordered)
    above = ordered[ordered.index(mv.BIDS[standing]) + 1 :]
    calls = (mv.LIAR, mv.SPOT_ON) if rules.spot_on else (mv.LIAR,)
    return (*above, *calls)


def legal_moves(board: Board) -> tuple[mv.LiarsMove, ...]:
    bids = board.bids
    if bids:
        _, quantity, face = bids[-1]
        standing = (quantity - 1) * FACES + face - 1
    else:
        standing = -1
    key = (board.variants, sum(board.counts), standing)
    legal = _LEGAL.get(key)
    if legal is None:
        legal = _LEGAL[key] = _legal(rules_of(board.variants), key[1], standing)
    return legal


def explain(board: Board, move: mv.LiarsMove) -> str:
    """Why ``move`` is not legal for the seat to move."""
    rules = board.rules
    standing = board.standing()
    if isinstance(move, mv.Call):
        if move is mv.SPOT_ON and not rules.spot_on:
            return Phrase("'spot on' is played only with the spot-on variant")
        return Phrase("there is no bid to answer yet: a round opens with a bid")
    total = board.total_dice()
    if move.quantity > total:
        return Phrase("only {total} dice are in play, so a bid names at most {total}", total=total)
    if standing is None:
        return Phrase("with ones wild, a round may not open with a bid on ones")
    words = Phrase("{quantity} {face}s", quantity=standing.quantity, face=standing.face)
    if rules.ones_rank_double and 1 in (move.face, standing.face):
        return Phrase(
            "a bid must beat {bid}: with ones wild, n ones rank above 2n of another face "
            "and below 2n + 1 of it",
            bid=words,
        )
    return Phrase("a bid must beat {bid}: more dice of any face, or as many of a higher face", bid=words)
