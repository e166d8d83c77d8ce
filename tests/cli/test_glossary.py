"""Every ``help NAME`` entry says what the rules say: each names its section of docs/rules.

For every glossary entry of every game, :data:`RULES` names the section of
``docs/rules/<game>.md`` that the entry explains and its key facts, each as
a pair: the words the entry uses, and the words of that section stating the
same fact. The test checks that the section heading exists and that both
halves of every pair are there, so an entry whose rule changes (or which
says what the rules do not, as ``help wild`` once called a face-down Wild a
bluff) fails here, and an entry added without its rule fails too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from feint.cli.render import renderer_for

DOCS = Path(__file__).resolve().parent.parent.parent / "docs" / "rules"
FILES = {"guile": "guile.md", "knights": "knights-of-glory.md", "guardians": "guardians-call.md"}

Fact = tuple[str, str]
"""The words of the glossary entry, and the words of the rules stating the same fact."""

RULES: dict[str, dict[str, tuple[str, list[Fact]]]] = {
    "guile": {
        "1": ("Components", [("three 1s, three 2s, two 3s, a 4 and the 4d", "1 1 1 2 2 2 3 3 4 4d")]),
        "2": ("Components", [("three", "2 2 2")]),
        "3": ("Components", [("two", "3 3")]),
        "4": ("Components", [("the other 4 carries the dagger (4d)", "the dagger is on one of the 4s")]),
        "4d": (
            "Totals and ties",
            [
                (
                    "breaks a tie of totals and of highest cards",
                    "still tied: the faction holding the uncancelled 4d wins",
                )
            ],
        ),
        "dagger": (
            "Totals and ties",
            [("totals and highest cards tie", "still tied: the faction holding the uncancelled 4d wins")],
        ),
        "isolde": (
            "Totals and ties",
            [
                (
                    "on tristan she is worth the allies' highest card",
                    "isolde on tristan equals the highest numbered, uncancelled card on the allies' knights",
                ),
                ("anywhere else 0", "on any other knight she is 0"),
            ],
        ),
        "morgana": (
            "Totals and ties",
            [
                (
                    "cancels the card on the first knight counter-clockwise",
                    "cancels the card on the first knight counter-clockwise",
                ),
                ("resolved first", "1. morgana"),
            ],
        ),
        "merlin": (
            "Totals and ties",
            [
                ("directly across", "directly across"),
                (
                    "0 if that card is a character or was cancelled",
                    "otherwise 0 (a character across, or a cancelled card)",
                ),
            ],
        ),
        "knight-errant": (
            "Game Play",
            [("looks at or swaps its card", "the seat that controls the knight-errant must act")],
        ),
        "errant": ("Game Play", [("the knight holding the turn card", "the turn card")]),
        "start knight": (
            "Between rounds and the end",
            [("moves one knight on each round", "the start knight moves one position clockwise")],
        ),
        "start": (
            "Between rounds and the end",
            [("moves one knight on each round", "the start knight moves one position clockwise")],
        ),
        "look": ("Game Play", [("only you learn it", "it alone learns the knight-errant's card")]),
        "swap": (
            "Game Play",
            [
                ("any other knight's card", "any other knight may be chosen"),
                ("unseen by both seats", "neither sees the cards"),
            ],
        ),
        "draft": (
            "Set-up",
            [
                ("keep one card", "each seat plays pick <card>"),
                ("pass the rest", "passes the rest to the other"),
            ],
        ),
        "faction": (
            "Components",
            [
                ("allies of king arthur (even knights)", "even positions are the allies of king arthur"),
                ("pawns of sir mordred (odd knights)", "odd are the pawns of sir mordred"),
            ],
        ),
        "arthur": (
            "Components",
            [
                (
                    "tristan, lancelot, gawain and percival (even positions)",
                    "even positions are the allies of king arthur",
                )
            ],
        ),
        "mordred": (
            "Components",
            [
                (
                    "palamedes, agravaine, meliagant and breunor (odd positions)",
                    "odd are the pawns of sir mordred",
                )
            ],
        ),
        "cycle": (
            "Game Play",
            [("eight turns. a round has two", "after turn 8 the turn card is back on the start knight")],
        ),
        "victory": (
            "Between rounds and the end",
            [("two of them win the game", "the first seat with two wins wins the game")],
        ),
        "code-of-chivalry": ("Variants", [("no draft", "the draft, is skipped")]),
        "extended-cast": ("Variants", [("isolde, morgana and merlin", "the three characters join the deck")]),
    },
    "knights": {
        **{
            weapon: (
                "Components",
                [("a weapon card and die face", f"{weapon}, key" if weapon == "bomb" else f"{weapon}")],
            )
            for weapon in ("bomb", "key", "shield", "sword", "torch")
        },
        "jester": ("Turns and rounds", [("always as a bluff", "a jester, face-down: always false")]),
        "wild": (
            "Variants",
            [
                ("face-up, always truly", "a wild may also go face-down"),
                ("still always true", "it is always true"),
            ],
        ),
        "blank": ("Turns and rounds", [("blanks are removed from play", "blanks are removed from play")]),
        "deathtrap": (
            "The vote",
            [
                (
                    "a bluff caught there sends you back to start",
                    "at a deathtrap it goes straight back to start with no redemption",
                ),
                ("neither may be redeemed", "neither may be redeemed"),
            ],
        ),
        "glory": ("KOG tokens", [("per glory die rolled", "one per glory die rolled at a deathtrap")]),
        "token": ("Components", [("at most four each", "a seat holds at most 4")]),
        "kog": ("Components", [("twenty in the supply", "a supply of 20")]),
        "rook": (
            "Refreshing Phase",
            [("the knight furthest back takes it", "the seat furthest back (lowest place) takes the rook")],
        ),
        "vote": (
            "The vote",
            [
                ("agree or disagree in secret", "secretly and at once: vote agree or vote disagree"),
                ("a disagreement shows your cards", "its cards are revealed"),
            ],
        ),
        "bluff": (
            "Turns and rounds",
            [("a jester, or a weapon of another kind", "true if it is that weapon")],
        ),
        "substitution": (
            "Turns and rounds",
            [
                (
                    "once per advance and only on a regular path",
                    "once per advance and only on a regular path",
                ),
                ("claiming the path's weapon", "claiming the path's weapon indicator"),
            ],
        ),
        "redemption": (
            "The vote",
            [("spend a kog token instead of retreating", "may spend a token to stay")],
        ),
        "tier": (
            "Components",
            [
                (
                    "tier 1 is places 1-2, tier 2 places 3-4, tier 3 places 5-6",
                    "1-2 tier 1, 3-4 tier 2, 5-6 tier 3",
                )
            ],
        ),
        "final path": (
            "The vote",
            [
                (
                    "gains a token (final glory), never the exit",
                    "does not enter the exit: it gains a kog token instead",
                )
            ],
        ),
        "exit": (
            "Endgame",
            [
                ("every seat that exits wins", "every seat that exited wins"),
                (
                    "the first exit starts the final turns",
                    "at the first exit, every other seat still in the game gets exactly one final turn",
                ),
            ],
        ),
        "final turns": (
            "Endgame",
            [
                (
                    "every other seat gets one last turn",
                    "every other seat still in the game gets exactly one final turn",
                ),
                ("covers face-up, no vote", "no vote"),
            ],
        ),
        "path of glory": (
            "Turns and rounds",
            [
                (
                    "a tier above your hand size",
                    "a tier whose level is greater than the number of weapon cards in hand",
                )
            ],
        ),
        "sit out": (
            "Seats that sit out, leave or join",
            [
                ("your turns are skipped", "the seat's turns are skipped"),
                ("you agree to votes", "it agrees to every vote"),
            ],
        ),
        "sit in": (
            "Seats that sit out, leave or join",
            [("come back into play", "a seat sitting out plays again")],
        ),
        "leave": (
            "Seats that sit out, leave or join",
            [
                ("your pawn is removed", "the seat's pawn is removed"),
                ("shuffled into the unknown deck", "shuffled into the unknown deck"),
            ],
        ),
        "push": (
            "The vote",
            [
                (
                    "after a success you may act again",
                    "the seat takes another action",
                )
            ],
        ),
        "discard": (
            "Turns and rounds",
            [
                (
                    "up to your tier level of cards face-down on the discard pile",
                    "up to its tier level of cards, face-down to the discard pile",
                )
            ],
        ),
    },
    "guardians": {
        "weapon": (
            "War and the final score",
            [("the most weapons score 20 vp, the second most 10", "most weapons 20, second 10")],
        ),
        "artifact": (
            "The turn",
            [
                (
                    "three artifacts in your tableau trade for two treasures (keep one)",
                    "three artifacts from the top of the artifact stack",
                )
            ],
        ),
        "shield": (
            "War and the final score",
            [("3 vp and up to 20", "1: 3, 2: 6, 3: 10, 4: 15, 5 or more: 20")],
        ),
        "villager": (
            "The Castle track",
            [("moves your pawn a space", "the pawn moves one space forward per villager")],
        ),
        "spell": (
            "The tableau and Spells",
            [("it may be assigned to the type of cards that join", "that seat may assign unassigned spells")],
        ),
        "curse": (
            "Offers",
            [
                ("always a bluff", "a curse offer is always a bluff"),
                (
                    "the seat that would win it is spared, the other is cursed",
                    "whoever would win the cards is spared and the other seat is cursed",
                ),
            ],
        ),
        "council": (
            "Council",
            [
                (
                    "the castle race (10 and 5 vp) and the council quests are scored",
                    "the castle race (10 and 5), then the council quests",
                )
            ],
        ),
        "war": (
            "War and the final score",
            [("the game ends at once", "the moment war is revealed the game ends")],
        ),
        "treasure": (
            "Treasures",
            [
                ("the 3 names a type", "3 vp: name <type>"),
                ("the 5 advances", "5 vp: the pawn advances two spaces"),
                ("the 7 adds a card", "7 vp: two cards are drawn"),
            ],
        ),
        "offer": (
            "Offers",
            [
                ("cards of one real type", "one real type"),
                ("any type but curse", "the declared type is never curse"),
                ("the count is true", "the count is always true"),
            ],
        ),
        "believe": (
            "Offers",
            [
                (
                    "right, you win the cards; wrong, the offerer does",
                    "if right, the target wins the cards; if wrong, the offerer does",
                ),
                ("a coin of tribute", "takes 1 coin as tribute"),
            ],
        ),
        "doubt": (
            "Offers",
            [
                (
                    "right, you win the cards; wrong, the offerer does",
                    "if right, the target wins the cards; if wrong, the offerer does",
                ),
                ("a coin of tribute", "takes 1 coin as tribute"),
            ],
        ),
        "castle": ("The Castle track", [("vp tokens wait on spaces 5, 10, 15 and 20", "vp space")]),
        "tableau": ("The tableau and Spells", [("one stack a type", "one stack per type")]),
        "coin": (
            "Coins",
            [
                (
                    "1 coin of tribute when an offer's cards go to the other seat",
                    "1 coin of tribute to the seat of an offer that does not gain the cards",
                ),
                ("1 when cursed", "1 coin to a cursed seat"),
                ("every 3 coins are 1 vp", "every 3 coins are 1 vp"),
            ],
        ),
        "affinity": (
            "Coins",
            [
                (
                    "a coin per card of that type you add to your tableau from an offer",
                    "the seat adds to its tableau from an offer, as target or as offerer",
                )
            ],
        ),
        "tribute": (
            "Coins",
            [
                (
                    "one coin to the seat of an offer that does not gain the cards",
                    "1 coin of tribute to the seat of an offer that does not gain the cards",
                )
            ],
        ),
        "cleanse": (
            "The turn",
            [
                (
                    "pay 5 coins to remove a curse from the pool, for 5 vp",
                    "cleanse: pay 5 coins, a curse from the pool to the discard pile, and 5 vp",
                )
            ],
        ),
        "quest": (
            "Quests",
            [
                (
                    "scores its vp for every seat that meets it",
                    "every seat that meets a quest at its time scores its vp",
                )
            ],
        ),
        "token": (
            "Offers",
            [("offer tokens", "offer token"), ("turn face-up again", "turns them all face up")],
        ),
        **{
            guardian: (
                "Coins",
                [(f"a coin for every {kind} received in an offer", f"{guardian} {name} | {kind}s")],
            )
            for guardian, name, kind in (
                ("barbarian", "gorbah'k", "weapon"),
                ("archer", "markus", "villager"),
                ("mage", "raven", "spell"),
                ("paladin", "wilfrey", "shield"),
                ("priestess", "zira", "artifact"),
            )
        },
    },
}


def plain(text: str) -> str:
    """Lower case, one space between words, no Markdown marks."""
    return " ".join(re.sub(r"[`*]", "", text).lower().split())


def sections(game: str) -> dict[str, str]:
    """The rules page's sections by heading (without its rulebook references), each with its text."""
    found: dict[str, str] = {}
    heading = ""
    for line in (DOCS / FILES[game]).read_text().splitlines():
        if line.startswith("#"):
            heading = re.sub(r"\s*\(.*\)$", "", line.lstrip("#").strip())
            found.setdefault(heading, "")
        else:
            found[heading] = found.get(heading, "") + "\n" + line
    return found


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_help_entry_names_its_rule_and_agrees_with_it(game: str) -> None:
    glossary = renderer_for(game).glossary
    assert sorted(RULES[game]) == sorted(glossary), "every help entry names the rule it explains"
    rules = sections(game)
    for name, (heading, facts) in RULES[game].items():
        assert heading in rules, f"help {name}: docs/rules/{FILES[game]} has no section {heading!r}"
        entry, section = plain(glossary[name]), plain(rules[heading])
        assert facts, f"help {name}: no fact checked"
        for said, ruled in facts:
            assert said in entry, f"help {name} no longer says {said!r}: {glossary[name]}"
            assert ruled in section, f"{heading!r} does not say {ruled!r}, which help {name} explains"
