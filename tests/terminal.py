"""``feint play`` in a pseudo-terminal of 80 by 24, read through a terminal emulator, for the CLI tests.

:class:`Terminal` runs the command under pexpect and feeds everything it
prints to a pyte screen, so a test reads the screen a person would see
(``screen()``) as well as the whole output (``output``). Colour is off
(``NO_COLOR``) unless asked for.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Mapping
from pathlib import Path

import pexpect
import pyte

from feint.cli.language import ENVIRONMENT

ROWS, COLUMNS = 24, 80
CLEAR = "\x1b[2J"
ROOT = Path(__file__).resolve().parent.parent


class Terminal:
    def __init__(
        self,
        *args: str,
        colour: bool = False,
        timeout: float = 60,
        cwd: Path | None = None,
        path: tuple[Path, ...] = (),
        locale: Mapping[str, str] | None = None,
    ) -> None:
        """``feint *args``; ``path``: more directories to import from (a game in a package of its own);
        ``locale``: the language variables of the environment (``LANG``...), none but ``LANG=C.UTF-8``
        unless given, so the terminal speaks English whatever the machine's language."""
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLUMNS), "LINES": str(ROWS)}
        for name in ENVIRONMENT:
            env.pop(name, None)
        env.update({"LANG": "C.UTF-8"} if locale is None else locale)
        env.pop("NO_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (ROOT, *path))
        self.child = pexpect.spawn(
            sys.executable,
            ["-c", "from feint.cli.main import entry; entry()", *args],
            env=env,
            dimensions=(ROWS, COLUMNS),
            encoding="utf-8",
            timeout=timeout,
            cwd=str(cwd or ROOT),
            preexec_fn=_interruptible,
        )
        self.child.delaybeforesend = None
        self.emulator = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.emulator)
        self.output = ""
        self.pending = ""
        self.frames: list[str] = []
        """When filming, every screen shown: the screen after each piece of output and before each clear."""
        self.filming = False
        self.film = pyte.Screen(COLUMNS, ROWS)
        self.film_stream = pyte.Stream(self.film)
        self.film_carry = ""

    def _take(self) -> None:
        text = self.child.before or ""
        after = self.child.after if isinstance(self.child.after, str) else ""
        self.output += text + after
        self.pending += text + after
        if self.filming:
            self._film(text + after)

    def _film(self, chunk: str) -> None:
        """Feed ``chunk`` to the film's emulator, keeping the screen before each clear and after the chunk."""
        chunk = self.film_carry + chunk
        # A clear cut in two by the read: keep its start for the next chunk.
        cut = next((n for n in range(len(CLEAR) - 1, 0, -1) if chunk.endswith(CLEAR[:n])), 0)
        chunk, self.film_carry = (chunk[:-cut], chunk[-cut:]) if cut else (chunk, "")
        for index, part in enumerate(chunk.split(CLEAR)):
            if index:
                self._keep()
                self.film.reset()
            self.film_stream.feed(part)
        self._keep()

    def _keep(self) -> None:
        shown = "\n".join(row.rstrip() for row in self.film.display)
        if not self.frames or self.frames[-1] != shown:
            self.frames.append(shown)

    def _emulate(self) -> None:
        """Feed the emulator what came since the last screen clear: every drawing starts with one."""
        start = self.pending.rfind(CLEAR)
        if start >= 0:
            self.emulator.reset()
            self.pending = self.pending[start:]
        self.stream.feed(self.pending)
        self.pending = ""

    def expect(self, pattern: str) -> str:
        """Wait for ``pattern`` (a regular expression); the output up to it."""
        self.child.expect(pattern)
        self._take()
        return self.child.before or ""

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def answer(self, line: str, prompt: str = r"quit\): ") -> None:
        """Type ``line`` and wait for the next prompt."""
        self.send(line)
        self.expect(prompt)

    def screen(self) -> str:
        """The screen as a person sees it now, one line per row, trailing spaces dropped."""
        self._emulate()
        return "\n".join(row.rstrip() for row in self.emulator.display)

    def plain(self) -> str:
        """Everything printed so far, without the terminal's control sequences."""
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", self.output).replace("\r\n", "\n")

    def finish(self) -> int:
        """Read to the end; the exit status."""
        self.child.expect(pexpect.EOF)
        self._take()
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, f"feint was killed by signal {self.child.signalstatus}"
        return status


def _interruptible() -> None:
    """Ctrl-C interrupts the child as at a person's terminal, even when the tests were started where it is
    ignored (a job started in the background with ``&``, or under ``nohup``, passes SIGINT on ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def play(game: str, *args: str, **options: object) -> Terminal:
    return Terminal("play", game, *args, **options)  # type: ignore[arg-type]
