"""What ``feint balance`` plays: self-play plans for each bot and table size, and the variants."""

from __future__ import annotations

from dataclasses import dataclass

from feint.arena.plan import BASE, Plan, Variants


@dataclass(frozen=True, slots=True)
class Study:
    game: str
    bots: tuple[str, ...]
    player_counts: tuple[int, ...]
    usual_players: int
    configurations: tuple[Variants, ...]
    """Besides the base game, played by the variant bot at the usual table."""
    games: int
    seed: int

    @property
    def variant_bot(self) -> str:
        return self.bots[-1]

    def plans(self) -> list[Plan]:
        """One self-play plan per bot and table size; the variant bot's usual table adds the variants."""
        return [
            Plan(
                self.game,
                (bot,),
                players,
                self.games,
                self.seed,
                (BASE, *self.configurations)
                if bot == self.variant_bot and players == self.usual_players
                else (BASE,),
            )
            for bot in self.bots
            for players in self.player_counts
        ]
