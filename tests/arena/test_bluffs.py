"""Bluff statistics on fixed games whose claims are worked out by hand."""

from feint.arena.bluffs import BluffCounts, Claim, claims, counts_by_seat
from feint.engine.events import log_events
from feint.engine.replay import Replay
from feint.games.knights.kinds import Kind
from tests.games.knights.three_claims import MOVES, SETUP


def test_knights_claims_read_face_down_covers_judged_at_the_vote() -> None:
    state = Replay("knights", 2, 1, setup=SETUP, moves=MOVES).play()
    found = claims("knights", log_events(state.log))
    assert found == [Claim(0, True, (), (1,)), Claim(0, True, (1,), ()), Claim(1, False, (0,), ())]
    assert counts_by_seat(2, found) == [
        BluffCounts(claims=2, bluffs=2, bluffs_called=1, calls=1, right_calls=0),
        BluffCounts(claims=1, calls=1, right_calls=1, beliefs=1, right_beliefs=0),
    ]


def test_a_claim_never_revealed_is_judged_by_the_card_in_its_owners_part() -> None:
    moves = ((0, "advance"), (0, "cover bomb with bomb"), (1, "vote agree"))
    state = Replay("knights", 2, 1, setup=SETUP, moves=moves).play()
    # All agreed: the true bomb is discarded unseen, so the table never learns it ...
    spectator_covers = [e.get("card") for e in state.events(None) if e.kind == Kind.COVER]
    assert [str(card) for card in spectator_covers] == ["?"]
    # ... and the referee's full log still judges the claim true.
    assert claims("knights", log_events(state.log)) == [Claim(0, False, (), (1,))]


GUARDIANS_SETUP = {
    "guardians": ["paladin", "priestess"],
    "quests": [1, 2, 3],
    "hands": [["weapon", "weapon", "shield"], ["villager", "artifact", "spell"]],
    "pool": ["weapon", "artifact", "shield", "villager", "curse"],
}


def test_guardians_claims_are_offers_judged_by_their_revealed_cards() -> None:
    moves = (
        # Two Weapons declared as Shields, doubted: a bluff called, a right call.
        (0, "offer 2 weapon to 1 as shield"),
        (1, "doubt"),
    )
    state = Replay("guardians", 2, 1, setup=GUARDIANS_SETUP, moves=moves).play()
    assert state.to_move() == (1,)
    # Seat 1 offers its Villager truthfully and seat 0 believes it: a truth believed.
    state.apply(1, "offer 1 villager to 0 as villager")
    state.apply(0, "believe")
    found = claims("guardians", log_events(state.log))
    assert found == [Claim(0, True, (1,), ()), Claim(1, False, (), (0,))]
    assert counts_by_seat(2, found) == [
        BluffCounts(claims=1, bluffs=1, bluffs_called=1, beliefs=1, right_beliefs=1),
        BluffCounts(claims=1, calls=1, right_calls=1),
    ]


def test_guile_has_no_claims() -> None:
    state = Replay("guile", 2, 3, moves=((0, "faction arthur"), (0, "start tristan"))).play()
    assert claims("guile", log_events(state.log)) == []
