#!/usr/bin/env python3
"""Drive an arbor engine process from Python (modelled on python-chess's ``chess.engine``).

Standard library only. One reader thread turns the engine's stdout into events on a queue;
every wait on that queue has a deadline, so a dead or hung engine raises
:class:`EngineTerminated` or :class:`EngineTimeout` instead of hanging the caller::

    from arbor_tools.client import Engine, Limit

    with Engine.popen("target/release/arbor", options={"Hash": 16}) as engine:
        engine.new_game("connect4", cols=7, rows=6)
        engine.position(moves=["d", "d", "c"])
        result = engine.play(Limit(depth=8))
        print(result.move, result.score, result.depth, result.pv)

        engine.position(moves=[])
        with engine.analysis(Limit(time=0.5)) as analysis:
            for info in analysis:          # one dict per `info` line while it searches
                print(info.get("depth"), info.get("score"), info.get("pv"))
        print(analysis.best_move)

:class:`Limit` takes python-chess's names and units: ``time``, ``white_clock``,
``black_clock``, ``white_inc`` and ``black_inc`` in seconds (floats), ``depth``, ``nodes``
and ``mate``. ``Limit()`` is an error; ``engine.analysis()`` without a limit is an
infinite search that ``stop`` ends. Every wait has a deadline: the limit's time plus the
engine's `timeout` (the `timeout` alone for depth and nodes limits), or an explicit
``timeout=`` argument.

The context manager always ends the process: ``quit``, then a kill after a grace period.
An :class:`Engine` is not thread-safe: use one per thread.
"""

from __future__ import annotations

import collections
import errno
import math
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Mapping, Sequence, TextIO

__all__ = [
    "Engine", "Limit", "Score", "PlayResult", "Analysis",
    "EngineError", "EngineTerminated", "EngineTimeout", "parse_info",
]

#: Protocol version this client speaks.
PROTOCOL_VERSION = 1
#: The longest line read from an engine (arbor refuses input lines over 1 MiB too): a longer
#: one is a protocol error, and it is skipped without being held in memory.
MAX_LINE = 1 << 20
#: Errors of this process, not of the engine, when a start fails: out of file descriptors,
#: processes or memory. They are raised as the OSError they are, so that a caller does not
#: blame the engine for them.
RUNNER_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM})


class EngineError(RuntimeError):
    """The engine answered a command with ``?``; `message` is its text."""

    def __init__(self, command: str, message: str) -> None:
        super().__init__(f"{command!r} failed: {message}")
        self.command = command
        self.message = message


class EngineTerminated(EngineError):
    """The engine process ended (or closed its output) while an answer was awaited."""

    def __init__(self, message: str, returncode: int | None = None) -> None:
        RuntimeError.__init__(self, message)
        self.command = ""
        self.message = message
        self.returncode = returncode


class EngineTimeout(EngineError):
    """The engine did not answer in time (it may be hung; close or kill it)."""

    def __init__(self, message: str) -> None:
        RuntimeError.__init__(self, message)
        self.command = ""
        self.message = message


def _milliseconds(name: str, seconds: float | None, *, zero_ok: bool = False) -> int | None:
    """`seconds` as whole milliseconds for the ``go`` line. Raises ValueError for a value
    that is not a finite number, is negative, or would round to 0 ms (unless `zero_ok` and
    it is exactly 0)."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"Limit {name}={seconds!r}: expected seconds as a number")
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"Limit {name}={seconds!r}: expected a finite number of seconds >= 0")
    ms = round(seconds * 1000.0)
    if ms == 0 and not (zero_ok and seconds == 0):
        raise ValueError(f"Limit {name}={seconds!r} s rounds to 0 ms: times are in seconds "
                         f"(as in python-chess), at least 0.001")
    return ms


def _count(name: str, value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Limit {name}={value!r}: expected an integer")
    if value <= 0:
        raise ValueError(f"Limit {name}={value!r}: must be positive")
    return value


@dataclass(frozen=True)
class Limit:
    """When a search ends, as python-chess's ``chess.engine.Limit``: times in **seconds**
    (floats), the first limit reached ends the search.

    - `time`: seconds for this move (``go movetime``);
    - `depth`, `nodes`: plies and nodes;
    - `mate`: look for a forced win in that many moves of the side to move: the search ends
      after ``2 * mate - 1`` plies or at a proof, whichever comes first (``go mate N``);
    - `white_clock`, `black_clock`, `white_inc`, `black_inc`: the clocks and increments in
      seconds (white is the first player); `remaining_moves`: moves to the next time control;
    - `solve` (arbor): search until the value is proven (``go solve``);
    - `ponder`: think on the opponent's time (``go ponder``) until ``ponderhit``.

    A limit must bound the search: ``Limit()`` (or increments alone) raises ValueError, as
    does a time that would round to 0 ms; for a search that only ``stop`` ends, call
    :meth:`Engine.analysis` without a limit. The ``*_ms`` properties give the values sent.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None
    mate: int | None = None
    white_clock: float | None = None
    black_clock: float | None = None
    white_inc: float | None = None
    black_inc: float | None = None
    remaining_moves: int | None = None
    solve: bool = False
    ponder: bool = False

    def __post_init__(self) -> None:
        _milliseconds("time", self.time)
        _milliseconds("white_clock", self.white_clock)
        _milliseconds("black_clock", self.black_clock)
        _milliseconds("white_inc", self.white_inc, zero_ok=True)
        _milliseconds("black_inc", self.black_inc, zero_ok=True)
        for name in ("depth", "nodes", "mate", "remaining_moves"):
            _count(name, getattr(self, name))
        if not isinstance(self.solve, bool) or not isinstance(self.ponder, bool):
            raise TypeError("Limit solve and ponder are True or False")
        if (self.time is None and self.depth is None and self.nodes is None and self.mate is None
                and self.white_clock is None and self.black_clock is None and not self.solve):
            raise ValueError("an empty Limit() never ends: give time (seconds), depth, nodes, mate, a clock or "
                             "solve=True; for a search that only stop() ends, call analysis() without a limit")

    @property
    def time_ms(self) -> int | None:
        return _milliseconds("time", self.time)

    @property
    def white_clock_ms(self) -> int | None:
        return _milliseconds("white_clock", self.white_clock)

    @property
    def black_clock_ms(self) -> int | None:
        return _milliseconds("black_clock", self.black_clock)

    @property
    def white_inc_ms(self) -> int | None:
        return _milliseconds("white_inc", self.white_inc, zero_ok=True)

    @property
    def black_inc_ms(self) -> int | None:
        return _milliseconds("black_inc", self.black_inc, zero_ok=True)

    def arguments(self) -> str:
        """The ``go`` arguments (times in milliseconds), e.g. ``depth 6 movetime 200``."""
        parts = ["ponder"] if self.ponder else []
        for key, value in (("depth", self.depth), ("mate", self.mate), ("movetime", self.time_ms), ("nodes", self.nodes),
                           ("wtime", self.white_clock_ms), ("btime", self.black_clock_ms),
                           ("winc", self.white_inc_ms), ("binc", self.black_inc_ms),
                           ("movestogo", self.remaining_moves)):
            if value is not None:
                parts.append(f"{key} {value}")
        if self.solve:
            parts.append("solve")
        return " ".join(parts)

    def time_bound(self, white_to_move: bool | None = None) -> float | None:
        """Seconds the search may legitimately take, or None when no time bounds it (a
        depth, nodes, mate or solve limit, or a ponder search before ``ponderhit``)."""
        if self.ponder:
            return None  # until ponderhit, only the opponent decides
        if self.time is not None:
            return self.time
        clocks = [t for t in (self.white_clock, self.black_clock) if t is not None]
        if white_to_move is not None:
            own = self.white_clock if white_to_move else self.black_clock
            clocks = [own] if own is not None else clocks
        if clocks:
            return max(clocks)
        return None


@dataclass(frozen=True)
class Score:
    """An ``info`` score from the side to move's view.

    `kind` is ``cp`` (centi-units of the evaluation), ``win``/``loss`` (proven, in `value`
    plies), ``draw`` (proven draw) or ``disc`` (proven final disc margin in Othello).
    `within` marks ``win <=N`` / ``loss <=N``: the result is proven, the distance only
    bounded (the game ends within `value` plies).
    """

    kind: str
    value: int | None = None
    within: bool = False

    @property
    def is_proven(self) -> bool:
        return self.kind in ("win", "loss", "draw", "disc")

    def relative_cp(self, win_value: int = 100_000) -> int:
        """A single number for comparisons: wins/losses as +-`win_value` (nearer wins
        higher), draw 0. A ``disc`` margin is a proven result, not centi-units: a won margin
        is above every heuristic score (``win_value // 2`` plus the margin), a lost one below,
        ``disc 0`` a draw."""
        if self.kind == "win":
            return win_value - (self.value or 0)
        if self.kind == "loss":
            return -win_value + (self.value or 0)
        if self.kind == "draw":
            return 0
        if self.kind == "disc":
            margin = self.value or 0
            return 0 if margin == 0 else (win_value // 2 + abs(margin)) * (1 if margin > 0 else -1)
        return int(self.value or 0)

    def __str__(self) -> str:
        if self.value is None:
            return self.kind
        return f"{self.kind} {'<=' if self.within else ''}{self.value}"

    @classmethod
    def parse(cls, text: str) -> "Score":
        """Parses ``cp 12``, ``win 5``, ``win <=9``, ``draw``... Raises ValueError otherwise."""
        parts = text.split()
        if parts == ["draw"]:
            return cls("draw")
        if len(parts) == 2 and parts[0] in ("win", "loss") and parts[1].startswith("<="):
            return cls(parts[0], int(parts[1][2:]), within=True)
        if len(parts) == 2 and parts[0] in ("cp", "win", "loss", "disc"):
            return cls(parts[0], int(parts[1]))
        raise ValueError(f"not a score: {text!r}")


_INT_FIELDS = ("depth", "seldepth", "nodes", "nps", "hashfull", "multipv")


def parse_info(line: str) -> dict[str, Any]:
    """Parses an ``info ...`` line into a dict.

    Keys: depth, seldepth, nodes, nps, hashfull (int), score (:class:`Score`), time
    (seconds, float), pv (list of moves), string (free text), unknown tokens under ``extra``.
    Malformed values are skipped, never raised.
    """
    tokens = line.split()
    if tokens and tokens[0] == "info":
        tokens = tokens[1:]
    info: dict[str, Any] = {}
    i = 0
    while i < len(tokens):
        key = tokens[i]
        if key in _INT_FIELDS and i + 1 < len(tokens):
            try:
                info[key] = int(tokens[i + 1])
            except ValueError:
                pass
            i += 2
        elif key == "time" and i + 1 < len(tokens):
            try:
                info["time"] = int(tokens[i + 1]) / 1000.0
            except ValueError:
                pass
            i += 2
        elif key == "score" and i + 1 < len(tokens):
            kind = tokens[i + 1]
            if kind == "draw":
                info["score"] = Score("draw")
                i += 2
            else:
                try:
                    value = tokens[i + 2]
                    within = value.startswith("<=")
                    info["score"] = Score(kind, int(value[2:] if within else value), within=within)
                except (ValueError, IndexError):
                    pass
                i += 3
        elif key == "pv":
            info["pv"] = tokens[i + 1:]
            break
        elif key == "string":
            info["string"] = " ".join(tokens[i + 1:])
            break
        else:
            info.setdefault("extra", []).append(key)
            i += 1
    return info


@dataclass
class PlayResult:
    """The outcome of :meth:`Engine.play`: the best move and the last ``info`` seen."""

    move: str
    info: dict[str, Any] = field(default_factory=dict)
    elapsed: float = 0.0  # wall-clock seconds from ``go`` to ``bestmove``, measured here

    @property
    def score(self) -> Score | None:
        return self.info.get("score")

    @property
    def depth(self) -> int | None:
        return self.info.get("depth")

    @property
    def nodes(self) -> int | None:
        return self.info.get("nodes")

    @property
    def time(self) -> float | None:
        """Search time reported by the engine (seconds)."""
        return self.info.get("time")

    @property
    def pv(self) -> list[str]:
        return self.info.get("pv", [])


# Reader events: ("response", ok, id, lines) / ("info", dict) / ("bestmove", move) /
# ("overlong", None) / ("eof", None)
_Event = tuple


def read_lines(stream: Any) -> Iterator[str | None]:
    """The lines of `stream` without their line end; None stands for a line longer than
    :data:`MAX_LINE`, whose text is read in pieces and dropped."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith("\n"):
            while raw and not raw.endswith("\n"):
                raw = stream.readline(MAX_LINE)
            yield None
            continue
        yield raw.rstrip("\r\n")


def start_process(cmd: str | Sequence[str], *, stderr: Any = None, cwd: str | None = None,
                  new_session: bool = True) -> subprocess.Popen:
    """Starts an engine process spoken to in text lines (also used by the match runner's
    adapters for other protocols). Raises EngineTerminated when it cannot be started."""
    args = shlex.split(cmd) if isinstance(cmd, str) else list(cmd)
    try:
        return subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=cwd,
            text=True, encoding="utf-8", errors="replace", bufsize=1, start_new_session=new_session)
    except OSError as error:
        if error.errno in RUNNER_ERRNOS:
            raise
        raise EngineTerminated(f"cannot start {args!r}: {error}") from error


def kill_process(process: subprocess.Popen, own_group: bool) -> None:
    """Kills at once; a process started in its own session with its whole group, so a
    wrapper script does not leave the real engine running. Never raises.

    The group is killed even when its leader has already exited: a child left behind in it
    may still hold the pipes (and would keep running)."""
    try:
        if own_group:
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    except OSError:
        pass
    try:
        process.wait(5.0)
    except subprocess.TimeoutExpired:
        pass


def _close_quietly(stream: Any) -> None:
    try:
        if stream:
            stream.close()
    except (OSError, ValueError):
        pass


def end_process(process: subprocess.Popen, own_group: bool, grace: float,
                reader: threading.Thread | None = None) -> None:
    """After the quit line: waits `grace` seconds, kills (the whole group when it has one,
    so that no child is left), closes the pipes. Never raises, never waits without a deadline.

    stdout is closed only once `reader` (the thread reading it) has ended: closing a pipe that
    another thread is reading blocks until that read returns, which is never when a process
    outside the group still holds the pipe's other end."""
    if process.poll() is None:
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    if own_group or process.poll() is None:
        kill_process(process, own_group)
    if reader is not None:
        reader.join(1.0)
    _close_quietly(process.stdin)
    if reader is None or not reader.is_alive():  # (else the reader closes it when its read ends)
        _close_quietly(process.stdout)


class Engine:
    """An arbor engine process speaking the line protocol. Use :meth:`popen` to start one."""

    def __init__(self, process: subprocess.Popen, *, timeout: float = 10.0, name: str | None = None,
                 transcript: TextIO | None = None) -> None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout < math.inf:
            raise ValueError(f"timeout={timeout!r}: every wait needs a deadline, in seconds > 0")
        self.process = process
        self.transcript = transcript
        self._transcript_lock = threading.Lock()
        self._own_group = False
        self.timeout = timeout
        self.id: dict[str, str] = {}
        self.name = name or ""
        self._events: queue.SimpleQueue[_Event] = queue.SimpleQueue()  # C-fast: one per event
        self._searching = False
        self._search: Analysis | None = None
        self._terminated = False
        # Every command carries an id (protocol.md: echoed in its response), so that a response
        # nobody asked for (a stray `?` line) is never taken for the answer to the next command.
        self._next_id = 1
        self._unanswered: collections.deque[int] = collections.deque()
        self._write_lock = threading.Lock()  # `stop` may come from another thread (Ctrl-C)
        self._reader = threading.Thread(target=self._read_loop, name="arbor-reader", daemon=True)
        self._reader.start()

    # --- starting and ending ---------------------------------------------------------------

    @classmethod
    def popen(cls, cmd: str | Sequence[str], *, name: str | None = None,
              options: Mapping[str, Any] | None = None, timeout: float = 10.0,
              stderr: Any = None, cwd: str | None = None, new_session: bool = True,
              transcript: TextIO | None = None) -> "Engine":
        """Starts the engine, checks the handshake and sets `options` (``setoption``).

        `cmd` is an argument list or a shell-like string (split with :mod:`shlex`). `timeout`
        (seconds) bounds every command's answer. `stderr` is passed to :class:`subprocess.Popen`
        (None: inherited). With `new_session` the engine does not receive the terminal's
        Ctrl-C, so the caller decides when it ends. `transcript`, a text file, receives every
        line sent (``> ``) and received (``< ``).

        Raises EngineTerminated (cannot start, or died), EngineTimeout, EngineError (a ``?``
        answer or a wrong protocol version).
        """
        process = start_process(cmd, stderr=stderr, cwd=cwd, new_session=new_session)
        engine = cls(process, timeout=timeout, name=name, transcript=transcript)
        engine._own_group = new_session and hasattr(os, "killpg")
        try:
            version = engine.command("protocol_version")[0].strip()
            if version != str(PROTOCOL_VERSION):
                raise EngineError("protocol_version", f"unsupported protocol version {version!r}")
            engine.id["name"] = engine.command("name")[0].strip()
            try:
                engine.id["version"] = engine.command("version")[0].strip()
            except EngineError as error:
                if isinstance(error, (EngineTerminated, EngineTimeout)):
                    raise
            engine.name = name or engine.id["name"]
            for key, value in (options or {}).items():
                engine.set_option(key, value)
        except BaseException:
            engine.close()
            raise
        return engine

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, grace: float = 2.0) -> None:
        """Ends the process: ``stop`` if searching, ``quit``, then kill after `grace` seconds.

        Never raises; safe to call more than once.
        """
        if self.process.poll() is None:
            try:
                if self._searching:
                    self._send("stop", expect=False)
                self._send("quit", expect=False)
            except EngineError:
                pass
        end_process(self.process, self._own_group, grace, self._reader)
        self._terminated = True

    quit = close

    def kill(self) -> None:
        """Kills the process at once (it stays killed; reads end with EngineTerminated).

        An engine started in its own session is killed with its whole process group, so a
        wrapper script does not leave the real engine running.
        """
        kill_process(self.process, self._own_group)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and not self._terminated

    # --- commands ---------------------------------------------------------------------------

    def command(self, text: str, timeout: float | None = None) -> list[str]:
        """Sends one command and returns its result lines (first line without ``=``).

        Raises EngineError on ``?``, EngineTerminated, EngineTimeout.
        """
        self._send(text)
        return self._await_response(text, self.timeout if timeout is None else timeout)

    def commands(self, texts: Sequence[str], timeout: float | None = None) -> list[list[str]]:
        """Sends several commands in one write and returns their result lines in order.

        arbor answers commands in the order it reads them, so pipelining saves a round trip
        per command. Every answer is read before the first ``?`` is raised as EngineError.
        """
        self.send(texts)
        return self.answers(texts, timeout)

    def send(self, texts: Sequence[str]) -> None:
        """Sends commands in one write without waiting: collect their answers, in order, with
        :meth:`answers` before any other command (e.g. to let two engines work at once)."""
        self._send("\n".join(texts))

    def answers(self, texts: Sequence[str], timeout: float | None = None) -> list[list[str]]:
        """The result lines of `texts`, sent with :meth:`send`; see :meth:`commands`."""
        results: list[list[str]] = []
        failure: EngineError | None = None
        for text in texts:
            try:
                results.append(self._await_response(text, self.timeout if timeout is None else timeout))
            except (EngineTerminated, EngineTimeout):
                raise
            except EngineError as error:
                failure = failure or error
                results.append([])
        if failure is not None:
            raise failure
        return results

    def set_option(self, name: str, value: Any) -> None:
        """``setoption name NAME value V`` (booleans as true/false)."""
        if isinstance(value, bool):
            value = "true" if value else "false"
        self.command(f"setoption name {name} value {value}")

    def is_ready(self, timeout: float | None = None) -> None:
        """``isready``: waits for ``readyok``."""
        self.command("isready", timeout)

    def new_game(self, game: str, **variant: Any) -> None:
        """Selects a game and variant (``game NAME key=value ...``) and clears the engine's
        state (``newgame``). ``engine.new_game("gomoku", size=15, rule="standard")``."""
        args = " ".join(f"{key}={value}" for key, value in variant.items())
        self.command(f"game {game} {args}".strip())
        self.command("newgame")

    def position(self, moves: Sequence[str] | None = None, text: str | None = None) -> None:
        """``position startpos moves ...`` or ``position <text> moves ...``."""
        base = f"position {text}" if text is not None else "position startpos"
        if moves:
            base += " moves " + " ".join(moves)
        self.command(base)

    def legal(self) -> list[str]:
        """The engine's legal moves in the current position."""
        return " ".join(self.command("legal")).split()

    def showboard(self) -> str:
        return "\n".join(self.command("showboard"))

    # --- searching ----------------------------------------------------------------------

    def analysis(self, limit: Limit | None = None, before: Sequence[str] = ()) -> "Analysis":
        """Starts ``go`` and returns an :class:`Analysis`: iterate it for ``info`` dicts,
        :meth:`Analysis.stop` it, or :meth:`Analysis.wait` for the best move.

        Without a limit the search is ``go infinite``: only :meth:`Analysis.stop` ends it.
        `before` are commands (e.g. a ``position``) sent in the same write as ``go``; when
        one of them is refused, the search is stopped and that EngineError raised.
        """
        if limit is not None and not isinstance(limit, Limit):
            raise TypeError(f"analysis() takes a Limit or None, not {limit!r}")
        if self._searching:
            raise EngineError("go", "a search is already running")
        analysis = Analysis(self, limit)
        self._search = analysis
        self._searching = True
        try:
            self.commands([*before, "go " + (limit.arguments() if limit is not None else "infinite")])
        except BaseException as error:
            go_refused = isinstance(error, EngineError) and error.command.startswith("go")
            if before and not isinstance(error, (EngineTerminated, EngineTimeout)) and self._searching \
                    and not go_refused:
                try:  # the go itself may have started on the old position (a refused go did not)
                    analysis.stop()
                except EngineError:
                    pass
            self._searching = False
            self._search = None
            raise
        return analysis

    def play(self, limit: Limit, timeout: float | None = None, before: Sequence[str] = ()) -> PlayResult:
        """Searches with `limit` and returns the best move with the last info.

        `timeout` (seconds) bounds the whole search. When None it is the limit's time bound
        plus the engine's command timeout, or the command timeout alone for a limit without
        time (depth, nodes, mate, solve): pass a longer one for a deep search.
        `before`: commands sent with the ``go`` in one write (see :meth:`analysis`).

        Raises ValueError without a limit, EngineTimeout (the engine is left searching:
        close or kill it), EngineTerminated, EngineError.
        """
        if not isinstance(limit, Limit):
            raise ValueError(f"play() needs a Limit that ends the search, not {limit!r}")
        analysis = self.analysis(limit, before)
        move = analysis.wait(timeout)
        return PlayResult(move, analysis.info, analysis.elapsed)

    def analyse(self, limit: Limit, timeout: float | None = None,
                multipv: int | None = None) -> dict[str, Any] | list[dict[str, Any]]:
        """Like :meth:`play`, but returns the final info dict (with ``bestmove`` added).

        With `multipv` (as python-chess): searches the `multipv` best moves (``MultiPV``,
        set back to 1 afterwards) and returns a list of info dicts, best first, one per
        line of the last completed depth (fewer when fewer moves are legal).
        """
        if multipv is None:
            result = self.play(limit, timeout)
            return dict(result.info, bestmove=result.move)
        self.set_option("MultiPV", multipv)
        try:
            analysis = self.analysis(limit)
            move = analysis.wait(timeout)
        finally:
            if not self._searching:
                self.set_option("MultiPV", 1)
        return [dict(line, bestmove=move) for line in analysis.lines]

    def ponderhit(self, timeout: float | None = None) -> None:
        """``ponderhit``: the running ``go ponder`` search becomes the normal search of its
        limits. Its :attr:`Analysis.elapsed` is then counted from now, as the engine counts."""
        if self._search is not None:
            self._search.started = time.monotonic()
            self._search.pondering = False
        self.command("ponderhit", timeout)

    def stop(self, timeout: float | None = None) -> str | None:
        """Stops the running search and returns its best move (None if idle)."""
        if not self._searching or self._search is None:
            return None
        return self._search.stop(timeout)

    # --- plumbing ---------------------------------------------------------------------------

    def interrupt(self) -> None:
        """Sends ``stop`` when a search runs, from any thread, without waiting for anything
        (the thread waiting for the search gets its ``bestmove``). Never raises."""
        if self._searching and self.alive:
            try:
                self._send("stop", expect=False)
            except EngineError:
                pass

    def _send(self, text: str, expect: bool = True) -> None:
        """Writes `text` (one command a line), each line with an id; with `expect`, a caller
        will wait for the responses (:meth:`_await_response`, in order); without it they are
        skipped when they come."""
        if self._terminated or self.process.stdin is None:
            raise EngineTerminated("the engine has been closed", self.process.poll())
        with self._write_lock:
            lines = []
            for line in text.split("\n"):
                lines.append(f"{self._next_id} {line}")
                if expect:
                    self._unanswered.append(self._next_id)
                self._next_id += 1
            for line in lines:
                self._log("> " + line)
            try:
                self.process.stdin.write("".join(line + "\n" for line in lines))
                self.process.stdin.flush()
            except (BrokenPipeError, OSError, ValueError) as error:
                raise EngineTerminated(f"the engine died (cannot write {text!r}: {error})",
                                       self.process.poll()) from error

    def _log(self, line: str) -> None:
        if self.transcript is None:
            return
        with self._transcript_lock:
            try:
                self.transcript.write(f"{self.name or 'engine'} {line}\n")
                self.transcript.flush()
            except (OSError, ValueError):
                pass

    def _read_loop(self) -> None:
        """Reader thread: stdout lines -> events. Response blocks end at an empty line."""
        stdout = self.process.stdout
        block: list[str] | None = None
        ok = True
        ident: int | None = None
        try:
            for line in read_lines(stdout):
                if line is None:
                    self._log(f"< (a line of more than {MAX_LINE} characters, dropped)")
                    self._events.put(("overlong", None))
                    continue
                self._log("< " + line)
                stripped = line.strip()
                if stripped.startswith("info ") or stripped == "info":
                    self._events.put(("info", parse_info(stripped)))
                elif stripped.startswith("bestmove"):
                    parts = stripped.split()
                    self._events.put(("bestmove", parts[1] if len(parts) > 1 else ""))
                elif block is not None:
                    if stripped == "":
                        self._events.put(("response", ok, ident, block))
                        block = None
                    else:
                        block.append(line)
                elif stripped[:1] in ("=", "?"):
                    ok = stripped[0] == "="
                    # Drop the marker and an optional numeric id: "=12 text" -> "text".
                    rest = stripped[1:]
                    digits = len(rest) - len(rest.lstrip("0123456789"))
                    ident = int(rest[:digits]) if digits and rest[:digits].isascii() else None
                    block = [rest[digits:].strip()]
                # Anything else outside a block (stray output) is ignored.
        except (OSError, ValueError):
            pass
        if block is not None:
            self._events.put(("response", ok, ident, block))
        self._events.put(("eof", None))
        _close_quietly(stdout)

    def _next_event(self, deadline: float, what: str) -> _Event:
        dead_since: float | None = None
        while True:
            remaining = deadline - time.monotonic()
            try:
                # Wake up now and then so a dead process is noticed even without EOF (a
                # grandchild may hold the pipe open). Past the deadline, what has already
                # arrived is still taken.
                event = self._events.get(timeout=min(max(remaining, 0.0), 0.5))
            except queue.Empty:
                if remaining <= 0:
                    raise EngineTimeout(f"no answer to {what!r} in time") from None
                if self.process.poll() is None:
                    continue
                dead_since = dead_since or time.monotonic()
                if time.monotonic() - dead_since < 1.0:
                    continue
                event = ("eof", None)
            if event[0] == "eof":
                self._events.put(event)  # later waits see it too
                self._searching = False
                try:
                    code = self.process.wait(1.0)
                except subprocess.TimeoutExpired:
                    code = None
                raise EngineTerminated(f"the engine exited (code {code}) while awaiting {what!r}", code)
            if event[0] == "overlong":
                raise EngineError(what, f"the engine wrote a line of more than {MAX_LINE} characters")
            return event

    def _dispatch(self, event: _Event) -> None:
        """Routes info/bestmove events to the running search (stale ones are dropped)."""
        if self._search is not None:
            self._search._event(event)

    def _await_response(self, what: str, timeout: float) -> list[str]:
        """The response to the oldest command not yet answered. Responses with another id or
        none (stray lines, or the late answer to a command whose wait timed out) are skipped."""
        expected = self._unanswered.popleft() if self._unanswered else None
        deadline = time.monotonic() + timeout
        while True:
            event = self._next_event(deadline, what)
            if event[0] == "response":
                _, ok, ident, lines = event
                if ident != expected:
                    self._log(f"# a response to no pending command ({'=' if ok else '?'}{ident or ''}): ignored")
                    continue
                if not ok:
                    raise EngineError(what, "\n".join(lines).strip())
                return lines
            self._dispatch(event)


class Analysis:
    """A running (or finished) search. Iterating yields ``info`` dicts until ``bestmove``."""

    def __init__(self, engine: Engine, limit: Limit | None) -> None:
        self.engine = engine
        self.limit = limit
        self.info: dict[str, Any] = {}
        self.best_move: str | None = None
        self.started = time.monotonic()
        self.elapsed = 0.0
        #: A ``go ponder`` search before ``ponderhit``: only the opponent's move ends it.
        self.pondering = limit is not None and limit.ponder
        self._pending: list[dict[str, Any]] = []
        #: With ``MultiPV``: the lines of the latest depth, ``multipv 1`` first.
        self.lines: list[dict[str, Any]] = []

    def deadline(self, timeout: float | None = None) -> float:
        """When a wait that starts now gives up (monotonic seconds): after `timeout` if
        given; else when the limit's time bound plus the engine's command timeout has passed
        since ``go`` (the command timeout alone for depth, nodes, mate and solve limits); for
        an infinite or ponder search, which only ``stop`` or ``ponderhit`` ends, after the
        command timeout without the awaited event."""
        now = time.monotonic()
        if timeout is not None:
            return now + timeout
        if self.limit is None or self.pondering:
            return now + self.engine.timeout
        # After ponderhit the limit's own time counts, from the hit (self.started).
        bound = replace(self.limit, ponder=False).time_bound()
        return self.started + (bound or 0.0) + self.engine.timeout

    def _event(self, event: _Event) -> None:
        if self.best_move is not None:
            return
        if event[0] == "info":
            info = event[1]
            merged = dict(self.info)
            merged.update(info)
            if "pv" not in info and "pv" in merged and "depth" in info:
                merged.pop("pv")  # a new depth without pv: do not keep an old pv
            self.info = merged
            self._pending.append(info)
            if info.get("multipv") == 1:
                self.lines = []
            if "multipv" in info:
                self.lines.append(info)
        elif event[0] == "bestmove":
            self.best_move = event[1]
            self.elapsed = time.monotonic() - self.started
            self.engine._searching = False
            self.engine._search = None

    def _pump(self, deadline: float) -> None:
        event = self.engine._next_event(deadline, "bestmove")
        if event[0] == "response":
            # A response without a pending command: protocol noise, ignore.
            return
        self._event(event)

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next ``info`` dict, or None after ``bestmove``. Raises EngineTimeout after
        `timeout` seconds, or by :meth:`deadline` when None."""
        deadline = self.deadline(timeout)
        while not self._pending:
            if self.best_move is not None:
                return None
            self._pump(deadline)
        return self._pending.pop(0)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        while True:
            info = self.next()
            if info is None:
                return
            yield info

    def wait(self, timeout: float | None = None) -> str:
        """Waits for ``bestmove`` and returns it. Raises EngineTimeout after `timeout`
        seconds, or by :meth:`deadline` when None; EngineTerminated."""
        deadline = self.deadline(timeout)
        while self.best_move is None:
            self._pump(deadline)
        self._pending.clear()
        return self.best_move

    def stop(self, timeout: float | None = None) -> str:
        """Sends ``stop`` and returns the best move (printed before stop's ``=``)."""
        if self.best_move is None:
            self.engine.command("stop", timeout)
        return self.wait(self.engine.timeout if timeout is None else timeout)

    def __enter__(self) -> "Analysis":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.best_move is None and self.engine.alive:
            try:
                self.stop()
            except EngineError:
                pass


def _main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Ask an arbor engine for a move.")
    parser.add_argument("--engine", default=os.environ.get("ARBOR_BIN", "target/release/arbor"))
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--depth", type=int)
    parser.add_argument("--time", type=float, help="seconds (default 1 without --depth)")
    parser.add_argument("moves", nargs="*")
    args = parser.parse_args()
    variant = dict(item.split("=", 1) for item in args.variant)
    seconds = args.time if args.time is not None or args.depth is not None else 1.0
    try:
        limit = Limit(depth=args.depth, time=seconds)
    except (TypeError, ValueError) as error:
        parser.error(str(error))
    with Engine.popen(args.engine) as engine:
        engine.new_game(args.game, **variant)
        engine.position(moves=args.moves)
        with engine.analysis(limit) as analysis:
            for info in analysis:
                print("info", {k: str(v) if isinstance(v, Score) else v for k, v in info.items()})
        print("bestmove", analysis.best_move)
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
