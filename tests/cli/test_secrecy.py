"""A seat's screen shows nothing it cannot know: the same screen in every world it cannot tell apart.

At random points of random games (the other seats play random legal moves,
as bots would), the whole screen drawn for the human, as the terminal draws
it at 80x24 (table, news, the status line after the latest move, the menu at
every step of its decision, and ``help``), is compared with the screen drawn
at the same point of ``state.resample(human, rng)``: a world with the same
view and events for the human and other hidden cards. A front-end that
formatted another seat's move, or read the state, would draw the two
differently. (The pty test in test_play_secrecy.py watches every frame of
real games against bots for the secrets themselves.)
"""

from __future__ import annotations

import io
import random
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, RenderableType

from feint.cli.menu import Menu
from feint.cli.render import renderer_for
from feint.cli.screen import Screen
from feint.cli.window import Window
from feint.engine import new_game
from feint.engine.state import GameState, Seat
from feint.games.knights.kinds import Kind

TABLES = [
    ("guile", 2, ()),
    ("guile", 2, ("extended-cast",)),
    *(("knights", players, ()) for players in range(2, 6)),
    ("knights", 4, ("bluffing-wilds",)),
    *(("guardians", players, ()) for players in range(2, 6)),
]


def screen_for(game: str, state: GameState, human: Seat, drawn: int) -> str:
    """Every screen the human may be shown now, as text: the news up to ``drawn`` was told before."""
    renderer = renderer_for(game)
    console = Console(width=80, height=24, file=io.StringIO(), color_system=None)
    screen = Screen(console, renderer.colours(), 0)
    window = Window(renderer, human)
    window.catch_up(event for event in state.events(human) if event.seq <= drawn)
    status = window.status(screen, window.catch_up(state.events(human, since=drawn)))
    view = state.view(human)
    frames = [window.frame(screen, view, [status])]
    moves = (*state.legal_moves(human), *state.table_moves(human))
    if moves:
        menu = Menu(moves, partial(renderer.steps, view=view))
        while True:  # each step of the decision, down its first item
            decision: list[RenderableType] = [screen.menu(menu.items())]
            frames.append(window.frame(screen, view, decision))
            first = menu.items()[0]
            if first.move is not None:
                break
            menu.choose(first.letter)
    pages = ["\n".join(line.plain for line in frame) for frame in frames]
    return "\n\f\n".join([*pages, renderer.explain(view)])


@pytest.mark.parametrize(("game", "players", "variants"), TABLES)
@settings(max_examples=5, derandomize=True, deadline=None, database=None)
@given(seed=st.integers(0, 2**31), data=st.data())
def test_the_screen_is_the_same_in_every_world_the_human_cannot_tell_apart(
    game: str, players: int, variants: tuple[str, ...], seed: int, data: st.DataObject
) -> None:
    state = new_game(game, players, seed, {"variants": list(variants)} if variants else {})
    human = data.draw(st.integers(0, players - 1), label="human")
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        drawn = state.seq
        movers = state.to_move()
        bots = [seat for seat in movers if seat != human]
        seat = rng.choice(bots) if bots else human
        state.apply(seat, rng.choice(state.legal_moves(seat)))
        if rng.random() < 0.08:
            world = state.resample(human, random.Random(rng.random()))
            assert screen_for(game, world, human, drawn) == screen_for(game, state, human, drawn)
            checked += 1
    assert checked > 0 or state.seq < 30


def test_the_status_line_after_the_last_vote_reads_as_the_other_votes_do() -> None:
    """The vote that completes the votes is told as "Seat 2 voted.", never as the vote it was."""
    renderer = renderer_for("knights")
    state = new_game("knights", 3, 4)
    rng = random.Random(4)
    window = Window(renderer, 0)
    lasts = []
    while not state.is_over() and len(lasts) < 3:
        window.catch_up(state.events(0, since=window.told))
        seat = rng.choice(state.to_move())
        move = rng.choice(state.legal_moves(seat))
        state.apply(seat, move)
        events = state.events(0, since=window.told)
        if seat != 0 and str(move).startswith("vote") and any(e.kind == Kind.VOTES for e in events):
            told = len(window.news)
            assert window.catch_up(events) == f"Seat {seat} voted."
            assert any(line.startswith("The votes are in") for line in window.lines()[told:])
            lasts.append(seat)
    assert lasts, "the game had votes completed by a bot"
