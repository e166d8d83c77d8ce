"""One game at the terminal: humans and bots in any seats, taking turns until the end.

The loop knows no game: it works from the seats' views, their events and
their legal moves, and asks the game's renderer to draw and tell them. Each
human's screen is its :class:`~feint.cli.window.Window`, drawn from its own
view and events only: the loop never tells a move itself, so what a bot did
reaches a person only as that person's events tell it. With several humans
at one terminal (hot-seat) the screen is cleared and handed over before each
of their turns, and the bots' moves are told to each human at its next turn.
With one human (or none) every bot move is drawn as it happens, with a
short pause. Bots play from their own information (view and events), never
the state.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from functools import partial

from rich.text import Text

from feint.arena.bluffs import bluff_statistics
from feint.bots import Bot
from feint.cli.menu import Menu, spans
from feint.cli.render import Renderer
from feint.cli.saves import SaveFile
from feint.cli.screen import Screen
from feint.cli.seats import humans
from feint.cli.teach import lesson_text
from feint.cli.window import Window
from feint.cli.words import command, message
from feint.cli.words import word as command_word
from feint.engine.errors import IllegalMove, NotationError
from feint.engine.info import InfoState
from feint.engine.registry import declaration
from feint.engine.replay import Replay
from feint.engine.state import GameState, Move, Seat, View, Viewer
from feint.engine.teaching import Lesson, lesson_for
from feint.engine.undo import last_move, revealed_since
from feint.engine.words import calling, capital, listing, told_text, who

ABANDONED = 1
HELPED = ("back", "help", "help-name", "rules", "log", "undo", "quit")
"""The commands ``help`` lists, by name (:data:`feint.cli.words.COMMANDS`)."""
QUIT_WORDS = frozenset({"exit", "q", "bye", "stop"})
"""Answers that look like a wish to stop: told how, in one line."""


class TerminalGame:
    def __init__(
        self,
        record: Replay,
        seats: Sequence[str],
        bots: dict[Seat, Bot],
        renderer: Renderer,
        screen: Screen,
        save: SaveFile | None = None,
        names: Sequence[str | None] = (),
        lesson: Lesson | None = None,
    ) -> None:
        self.record = record
        self.lesson = lesson
        """The game's lesson (``feint play --teach``): each human decision is explained under its menu."""
        self.names = tuple(names)
        """The seats' display names (``--names``), None for "seat 2": every screen and sentence uses them."""
        self.state: GameState = record.play()
        self.humans = humans(seats)
        self.bots = bots
        self.renderer = renderer
        self.screen = screen
        self.save = save
        self.infos = {seat: InfoState.of(self.state, seat) for seat in bots}
        self.watcher: Viewer = self.humans[0] if self.humans else None
        """The viewer whose screen shows every move as it happens: None with several humans at the table."""
        self.windows: dict[Viewer, Window] = {}
        self.shown: Seat | None = None
        self.asked: dict[Seat, int] = {}
        self.alert: str | None = None
        """A failed save, shown until a save works again."""
        self.notice: str | None = None
        """A word for the next decision drawn: an undo done."""

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def play(self) -> int:
        """Play to the end (status 0), or until a human quits, the input ends or Ctrl-C (status 1)."""
        try:
            with calling(self.names):
                return self._play()
        except KeyboardInterrupt:
            self.screen.console.print()
            return self._abandon()

    def _play(self) -> int:
        while not self.state.is_over():
            if not self._offer_sit_in():
                return self._abandon()
            movers = self.state.to_move()
            bot = next((seat for seat in movers if seat in self.bots), None)
            if bot is not None:
                self._bot_turn(bot)
            elif not self._human_turn(movers[0]):
                return self._abandon()
            elif self.hot_seat and movers[0] not in self.state.to_move():
                self._hide(movers[0])
        self._end()
        return 0

    # --- bots -----------------------------------------------------------------------

    def _bot_turn(self, seat: Seat) -> None:
        info = self.infos[seat]
        info.sync(self.state)
        self._apply(seat, self.bots[seat].choose(info, self.state.legal_moves(seat)))
        if self.hot_seat:
            return
        window = self._window(self.watcher)
        told = len(window.news)
        line = self._catch_up(window.viewer)
        # The move's news is the last of the news drawn: a status line would only say it twice.
        status = [] if len(window.news) > told or not line else [window.status(self.screen, line)]
        view = self.state.view(window.viewer)
        self.screen.show(window.frame(self.screen, view, self._alerts(*status)))
        self.screen.wait()

    # --- humans ---------------------------------------------------------------------

    def _human_turn(self, seat: Seat) -> bool:
        """Ask until a legal move is given and play it; False if the human quits."""
        if not self._hand_off(seat):
            return False
        self._catch_up(seat)
        view = self.state.view(seat)
        steps = partial(self.renderer.steps, view=view)
        menu = Menu(self.state.legal_moves(seat), steps, self.state.table_moves(seat))
        note = self._lesson(seat, view)
        while True:
            self._draw_decision(seat, view, menu, note)
            template = "prompt-steps" if menu.stepped else "prompt"
            text = self.screen.ask(message(template, question=menu.question()))
            if text is None or command(text) == "quit":
                return False
            note = self._command(seat, view, menu, text)
            if note is None:
                # A seat that just sat out is not asked to sit in again at the turn it gave up.
                self.asked[seat] = self.state.seq
                # What its own move did goes to its news, so the next status line tells only the next move.
                self._catch_up(seat)
                return True

    def _lesson(self, seat: Seat, view: View) -> str | None:
        """What the lesson teaches ``seat`` now, from its view, legal moves and events; None untaught."""
        if self.lesson is None:
            return None
        book = declaration(self.state.NAME).phrasebook()
        state = self.state
        legal = state.legal_moves(seat)
        told = lesson_for(self.lesson, book, view, legal, state.events(seat), self.names)
        # Each choice as the menu names it, its steps one after another: "bomb die → key".
        labels = {
            str(move): " → ".join(step.label for step in self.renderer.steps(move, view)) for move in legal
        }
        return lesson_text(told, labels)

    def _command(self, seat: Seat, view: View, menu: Menu, text: str) -> str | None:
        """Carry out one answer; a note to show before asking again, or None once a move is played."""
        word = " ".join(text.lower().split())
        said = command(word)
        head, _, topic = word.partition(" ")
        if said == "help":
            explain = menu.hint() or self.renderer.explain(view)
            commands = [message(name) if name == "help-name" else command_word(name) for name in HELPED]
            return message("help", explain=explain, commands=listing(commands))
        if topic and command(head) == "help":
            return self._help(topic)
        if said == "rules":
            self.screen.page(self.screen.text(self.renderer.rules), message("press-enter"))
            return ""
        if said == "log":
            self._log(seat)
            return ""
        if said == "undo":
            before = self.state
            note = self._undo(seat)
            if self.state is before:
                return note
            self.notice = note
            return None
        if said == "back":
            menu.back()
            return ""
        if not word:
            return message("empty-answer")
        if word in QUIT_WORDS:
            return message("quit-how")
        item = menu.choose(word)
        if item is not None and item.move is None:
            return ""
        if item is None and len(word) <= 2 and word.isalpha():
            return message("no-letter", letter=word, letters=spans([i.letter for i in menu.items()]))
        return self._play_answer(seat, menu, text if item is None or item.move is None else item.move)

    def _play_answer(self, seat: Seat, menu: Menu, answer: Move | str) -> str | None:
        """Play a move chosen or typed, once confirmed if it asks to be; a note if it is not played."""
        try:
            move = self.state.parse_move(answer) if isinstance(answer, str) else answer
        except NotationError:
            return message("not-a-move", text=answer)
        listed = any(move == choice for _, choice in menu.paths)
        question = self.renderer.confirm(move) if listed else None
        if question is not None:
            sure = self.screen.ask(message("confirm", question=question))
            if command(sure or "") != "yes":
                label = next(
                    " ".join(step.label for step in path) for path, choice in menu.paths if choice == move
                )
                return message("not-confirmed", move=label)
        try:
            self._apply(seat, move)
        except IllegalMove as error:
            return message("not-legal", reason=told_text(error.reason))
        return None

    def _help(self, name: str) -> str:
        entry = self.renderer.explained(name)
        if entry is not None:
            return entry
        return message("unknown-help", topic=repr(name), names=", ".join(self.renderer.terms()))

    def _draw_decision(self, seat: Seat, view: View, menu: Menu, note: str | None) -> None:
        # A move chosen in steps: what is chosen so far, a step answered for you included.
        chosen = message("chosen", steps=", ".join(menu.chosen)) if menu.stepped else ""
        parts = [self.screen.menu(menu.items(), lead=chosen)]
        note = note or self.notice
        self.notice = None
        if note:
            parts.append(self.screen.text(note, style="bold"))
        self.screen.show(self._window(seat).frame(self.screen, view, self._alerts(*parts)))

    def _hand_off(self, seat: Seat) -> bool:
        """In hot-seat play, a cleared screen until the seat's player presses Enter; False if it quits."""
        if not self.hot_seat or self.shown == seat:
            return True
        self.shown = None
        answer = self.screen.page(Text(), message("hand-off", seat))
        if answer is None or command(answer) == "quit":
            return False
        self.shown = seat
        return True

    def _hide(self, seat: Seat) -> None:
        """In hot-seat play, the screen is cleared as soon as a human's turn is over."""
        self.screen.blank(message("moved", seat))
        self.shown = None

    def _offer_sit_in(self) -> bool:
        """A human sitting out is asked, at each of its turns, whether to sit in; False if it quits."""
        for seat in self.humans:
            seq = self.state.seq
            if self.asked.get(seat) == seq or not self.renderer.skipped_turn(self.state.view(seat), seat):
                continue
            self.asked[seat] = seq
            if not self._hand_off(seat):
                return False
            self._catch_up(seat)
            view = self.state.view(seat)
            menu = Menu((), partial(self.renderer.steps, view=view), self.state.table_moves(seat))
            note: str | None = message("sitting-out", seat)
            while True:
                self._draw_decision(seat, view, menu, note)
                text = self.screen.ask(message("prompt", question=capital(message("stay-out"))))
                if text is None or command(text) == "quit":
                    return False
                if not text:
                    break
                note = self._command(seat, view, menu, text)
                if note is None:
                    break
            self._catch_up(seat)
        return True

    # --- undo, log ------------------------------------------------------------------

    def _undo(self, seat: Seat) -> str:
        """Take back the seat's last move, and every move since, if it learnt nothing hidden since."""
        if self.hot_seat:
            return message("undo-humans")
        moves = self.record.moves
        last = last_move(moves, seat)
        if last is None:
            return message("undo-nothing")
        earlier = replace(self.record, moves=moves[:last])
        before = earlier.play()
        shown = revealed_since(self.state, seat, before.seq)
        if shown is not None:
            seen = self.renderer.describe(shown, seat) or shown.kind
            return message("undo-revealed", what=seen[:1].lower() + seen[1:].rstrip("."))
        with held_interrupt():
            self.record, self.state = earlier, before
            if self.save is not None:
                self.alert = self._saved(self.save.keep(last))
        self.infos = {bot: InfoState.of(before, bot) for bot in self.bots}
        for window in self.windows.values():
            window.forget(before.seq)
        return message("undone", move=moves[last][1])

    def _log(self, seat: Viewer) -> None:
        """Every line told to the seat, a screen a page, from the latest page back."""
        book = self._pages(self._window(seat).lines() or [message("log-empty")])
        page = pages = len(book)
        while True:
            body = self.screen.text("\n".join(book[page - 1]))
            answer = self.screen.page(body, message("log-page", page=page, pages=pages))
            said = command(answer or "")
            if said == "before" and page > 1:
                page -= 1
            elif said == "next" and page < pages:
                page += 1
            else:
                return

    def _pages(self, lines: Sequence[str]) -> list[list[str]]:
        """``lines`` in pages that fit above the prompt, a long line counted as the rows it wraps to."""
        size = self.screen.height - 3
        pages: list[list[str]] = [[]]
        rows = 0
        for line in lines:
            height = len(self.screen.lines(Text(line)))
            if pages[-1] and rows + height > size:
                pages.append([])
                rows = 0
            pages[-1].append(line)
            rows += height
        return pages

    # --- moves, news, the end -------------------------------------------------------

    def _apply(self, seat: Seat, move: Move) -> None:
        with held_interrupt():  # the game, its record and its save change together, or not at all
            played = self.state.apply(seat, move)
            self.record = replace(self.record, moves=(*self.record.moves, (seat, str(played))))
            if self.save is not None:
                self.alert = self._saved(self.save.add(seat, played))

    def _saved(self, failure: str | None) -> str | None:
        if failure is None or self.save is None:
            return None
        return message("saved-failed", path=self.save.path, reason=failure)

    def _alerts(self, *parts: Text) -> list[Text]:
        if self.alert is None:
            return list(parts)
        return [*parts, self.screen.text(self.alert, style="bold red")]

    def _window(self, viewer: Viewer) -> Window:
        if viewer not in self.windows:
            self.windows[viewer] = Window(self.renderer, viewer)
        return self.windows[viewer]

    def _catch_up(self, viewer: Viewer) -> str:
        """Tell ``viewer`` every event it saw since it was last told; what they did, in one line."""
        window = self._window(viewer)
        return window.catch_up(self.state.events(viewer, since=window.told))

    def _end(self) -> None:
        """The final table, every card shown, the scores, the outcome (told once) under the news and each
        seat's bluff statistics; then log or leave.

        The end waits for 'log' or Enter only when a person types the input.
        """
        viewer = None if self.hot_seat else self.watcher
        self._catch_up(viewer)
        views = [self.state.view(seat) for seat in range(self.state.players)]
        result = self.state.result()
        final = self.renderer.final(views, self.state.events(None), result, viewer)
        outcome = self.screen.text(message("game-over", outcome=_outcome(result.winners, viewer)))
        bluffs = _bluffs(self.state, viewer)
        while True:
            self.screen.draw(final, [*self._window(viewer).lines(), *bluffs], self._alerts(outcome))
            if not self.screen.interactive:  # moves from a pipe or a file: nobody is there to read the log
                return
            answer = self.screen.ask(message("end-prompt"))
            if answer is None or command(answer) != "log":
                return
            self._log(viewer)

    def _abandon(self) -> int:
        if self.save is None:
            self.screen.console.print(message("abandoned"), soft_wrap=True)
        else:
            self.screen.console.print(message("abandoned-saved", path=self.save.path), soft_wrap=True)
        return ABANDONED


@contextmanager
def held_interrupt() -> Iterator[None]:
    """Ctrl-C within the block waits for its end: a move and its save are never cut in two."""
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    except ValueError:  # not the main thread: nothing to hold
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _bluffs(state: GameState, viewer: Viewer) -> list[str]:
    """Each seat's bluff statistics in words, the viewer's last: the end screen's latest news, so the
    viewer's own always fits above the outcome. Every card is shown at the end, so they read the whole
    log, and they are the browser's words (:func:`~feint.arena.bluffs.bluff_sentence`)."""
    statistics = bluff_statistics(state, viewer) or []
    return [seat["sentence"] for seat in sorted(statistics, key=lambda seat: seat["seat"] == viewer)]


def _outcome(winners: Sequence[Seat], viewer: Viewer) -> str:
    names = [who(seat, viewer) for seat in winners]
    if not names:
        return message("nobody-wins")
    return message("winner" if len(names) == 1 else "winners", names=listing(names))
