"""What the referee needs from an engine, whatever its protocol: :class:`Player`.

A player is told the game once per game (:meth:`Player.new_game`) and then asked for a move
in a position (:meth:`Player.think`), which it answers with a :class:`Reply` in the
referee's notation (arbor's: ``a1`` top-left, Connect Four column letters, ``pass``). Each
protocol adapter translates from there; the referee never sees a protocol.

Faults raise the client's exceptions: :class:`EngineTerminated` (crash),
:class:`EngineTimeout` (hang / no move in time), :class:`EngineError` (an error answer), and
:class:`ProtocolViolation` (garbage where a move or an answer was due).
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import Any, Mapping, TextIO

from ...client import (MAX_LINE, EngineError, EngineTerminated, EngineTimeout, Limit, Score, end_process,
                          kill_process, read_lines, start_process)

from ... import rules

__all__ = ["Player", "Reply", "ProtocolViolation", "LineProcess", "EngineError", "EngineTerminated",
           "EngineTimeout", "Limit", "Score"]


class ProtocolViolation(EngineError):
    """The engine wrote something that is not an answer of its protocol."""

    def __init__(self, message: str) -> None:
        RuntimeError.__init__(self, message)
        self.command = ""
        self.message = message


@dataclass
class Reply:
    """An engine's move: `move` in arbor notation (None: the text names no move of the
    position, see `raw`), with the engine's own view of the search when it tells."""

    move: str | None
    raw: str
    elapsed: float
    score: Score | None = None
    depth: int | None = None
    nodes: int | None = None
    #: The reply the engine expects (its PV's second move), for pondering.
    ponder: str | None = None


class Player:
    """One engine process of some protocol, driven by the referee."""

    #: The engine must be asked for a forced pass (False: the referee plays it, as GUIs do).
    asked_to_pass = True

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def alive(self) -> bool:
        raise NotImplementedError

    def new_game(self, game: str, variant: Mapping[str, str], opening: tuple[str, ...], timeout: float) -> None:
        """Prepares a game that starts after `opening`; returns when the engine is ready."""
        self.begin_game(game, variant, opening)
        self.await_ready(timeout)

    def ponder(self, position: rules.Game, expected: str, limit: Limit) -> None:
        """Starts thinking on the opponent's time in `position` after `expected` (only
        players whose protocol can ponder are asked)."""
        raise NotImplementedError

    def end_ponder(self) -> None:
        """Ends a ponder search that no move will follow (the game is over). Never raises."""

    def begin_game(self, game: str, variant: Mapping[str, str], opening: tuple[str, ...]) -> None:
        """The first half of :meth:`new_game`: sends what starts a game, without waiting (so
        both engines of a game set up at once)."""
        raise NotImplementedError

    def await_ready(self, timeout: float) -> None:
        """The second half of :meth:`new_game`: waits until the engine is ready."""
        raise NotImplementedError

    def think(self, position: rules.Game, limit: Limit, timeout: float) -> Reply:
        """The engine's move in `position` (its `moves` are the whole game so far)."""
        raise NotImplementedError

    def kill(self) -> None:
        raise NotImplementedError

    def interrupt(self) -> None:
        """Ends a running search at once, from any thread (Ctrl-C, SIGTERM): the waiting
        :meth:`think` returns or raises soon after. Protocols with a ``stop`` command send it;
        the others have none, and their process is killed. Never raises."""
        self.kill()

    def close(self, grace: float = 2.0) -> None:
        """Ends the process politely, then by force. Never raises."""
        raise NotImplementedError


def side_clock(limit: Limit, side: int) -> tuple[int | None, int | None]:
    """(own clock, own increment) in ms of `side` under `limit`, or (None, None)."""
    if side == rules.FIRST:
        return limit.white_clock_ms, limit.white_inc_ms
    return limit.black_clock_ms, limit.black_inc_ms


#: Stands for a dropped over-long line in :class:`LineProcess`'s queue (compared by identity).
_OVERLONG = "\0overlong"


class LineProcess:
    """A child process spoken to in lines: a reader thread queues stdout lines (CR stripped),
    every read has a deadline, and the whole process group is killed at the end."""

    def __init__(self, cmd: str, *, name: str, cwd: str | None = None, stderr: Any = None,
                 transcript: TextIO | None = None) -> None:
        self.name = name
        self.transcript = transcript
        self.process = start_process(cmd, stderr=stderr, cwd=cwd)
        self._lines: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._eof = False
        self._write_lock = threading.Lock()  # interrupt() writes from another thread
        self._reader = threading.Thread(target=self._read_loop, name=f"{name}-reader", daemon=True)
        self._reader.start()

    def _log(self, line: str) -> None:
        if self.transcript is not None:
            try:
                self.transcript.write(f"{self.name} {line}\n")
                self.transcript.flush()
            except (OSError, ValueError):
                pass

    def _read_loop(self) -> None:
        try:
            for line in read_lines(self.process.stdout):
                if line is None:  # a line too long for any protocol: a fault, not kept in memory
                    self._log(f"< (a line of more than {MAX_LINE} characters, dropped)")
                    self._lines.put(_OVERLONG)
                    continue
                self._log("< " + line)
                self._lines.put(line)
        except (OSError, ValueError):
            pass
        self._lines.put(None)
        try:
            self.process.stdout.close()  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and not self._eof

    def send(self, *lines: str) -> None:
        """Writes `lines` in one go. Raises EngineTerminated when the pipe is closed."""
        with self._write_lock:
            for line in lines:
                self._log("> " + line)
            try:
                self.process.stdin.write("".join(line + "\n" for line in lines))  # type: ignore[union-attr]
                self.process.stdin.flush()  # type: ignore[union-attr]
            except (OSError, ValueError) as error:
                raise EngineTerminated(f"the engine died (cannot write {lines[0]!r}: {error})",
                                       self.process.poll()) from error

    def read(self, deadline: float | None, what: str) -> str:
        """The next line. Raises EngineTimeout after `deadline` (monotonic), EngineTerminated
        at end of output or when the process is gone."""
        if self._eof:
            raise EngineTerminated(f"the engine exited (code {self.process.poll()}) while awaiting {what}")
        while True:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise EngineTimeout(f"no {what} in time")
            try:
                # Wake now and then: a dead process whose pipe a grandchild holds open.
                line = self._lines.get(timeout=0.5 if remaining is None else min(remaining, 0.5))
            except queue.Empty:
                if self.process.poll() is None:
                    continue
                line = None
            if line is None:
                self._eof = True
                try:
                    code = self.process.wait(1.0)
                except subprocess.TimeoutExpired:
                    code = None
                raise EngineTerminated(f"the engine exited (code {code}) while awaiting {what}", code)
            if line is _OVERLONG:
                raise ProtocolViolation(f"a line of more than {MAX_LINE} characters while awaiting {what}")
            return line

    def kill(self) -> None:
        kill_process(self.process, own_group=True)

    def close(self, quit_line: str | None, grace: float = 2.0) -> None:
        """Sends `quit_line`, waits `grace` seconds, then kills. Never raises."""
        if self.process.poll() is None:
            if quit_line is not None:
                try:
                    self.send(quit_line)
                except EngineError:
                    pass
        end_process(self.process, own_group=True, grace=grace, reader=self._reader)
        self._eof = True

