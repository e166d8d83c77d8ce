"""Totalling Influence (Game Play IV) on full tables, the Extended Cast's geometry (G16)."""

from feint.games.guile.cards import Faction, across, counter_clockwise, faction_of
from feint.games.guile.scoring import DecidedBy, tally


def test_merlin_always_copies_his_own_faction_and_morgana_always_cancels_the_other() -> None:
    for p in range(8):
        assert faction_of(across(p)) is faction_of(p)
        assert faction_of(counter_clockwise(p)) is not faction_of(p)


def test_plain_totals() -> None:
    result = tally(("4d", "1", "3", "1", "2", "2", "1", "4"))
    assert (result.arthur_total, result.mordred_total) == (10, 8)
    assert (result.winner, result.decided_by) == (Faction.ARTHUR, DecidedBy.TOTAL)


def test_morgana_merlin_isolde_in_that_order() -> None:
    # Morgana on 3 cancels the 4d on 2; Merlin on 6 copies across (2): cancelled, so 0;
    # Isolde on tristan (0) takes the Allies' best uncancelled numbered card: the 3 on 4.
    layout = ("isolde", "4", "4d", "morgana", "3", "1", "merlin", "2")
    result = tally(layout)
    assert result.cancelled == (False, False, True, False, False, False, False, False)
    assert result.values == (3, 4, 0, 0, 3, 1, 0, 2)
    assert (result.arthur_total, result.mordred_total) == (6, 7)
    assert result.winner is Faction.MORDRED
