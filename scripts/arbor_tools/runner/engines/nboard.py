"""NBoard engines (Othello): ``nboard 2`` -> ``set myname``, ``set depth N``, the game as
``set game GGF`` and then ``move SQ`` (passes too: ``move PA``), ``go`` -> ``=== SQ EVAL
SECONDS``. The engine never plays its own move (the runner tells it with ``move``), and any
input during a search may abort it, so every ``go`` follows a ``ping N``/``pong N`` and
nothing is sent until the ``===`` line. NBoard has no clock: only ``depth=N`` limits (a
time control is refused by config.check_protocol), and the referee plays forced passes itself.
"""

from __future__ import annotations

import time
from typing import Any, TextIO

from ...client import Limit, Score

from ... import rules

from .. import notation
from ..config import EngineSpec
from ..records.ggf import ggf_game
from .base import LineProcess, Player, Reply


class NBoardPlayer(Player):
    asked_to_pass = False

    def __init__(self, spec: EngineSpec, *, stderr: Any, transcript: TextIO | None, timeout: float) -> None:
        super().__init__(spec.name)
        self.spec = spec
        self.process = LineProcess(spec.cmd, name=spec.name, cwd=spec.dir, stderr=stderr, transcript=transcript)
        self.pings = 0
        self.myname = ""
        self.known: list[str] = []
        try:
            self.process.send("nboard 2")
            self._sync(timeout)
        except BaseException:
            self.process.close(None, grace=0)
            raise

    @property
    def alive(self) -> bool:
        return self.process.alive

    def _sync(self, timeout: float) -> None:
        """``ping N`` and wait for ``pong N``: the engine has read everything before it."""
        self.pings += 1
        self.process.send(f"ping {self.pings}")
        self._await_pong(timeout)

    def _await_pong(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            line = self.process.read(deadline, f"pong {self.pings}").strip()
            if line.startswith("set myname "):
                self.myname = line[len("set myname "):]
            if line == f"pong {self.pings}":
                return

    def begin_game(self, game: str, variant: Any, opening: tuple[str, ...]) -> None:
        lines = [f"set depth {self.spec.limits.depth}"]
        lines += [f"set {key} {value}" for key, value in self.spec.options.items()]
        lines.append("set game " + ggf_game(opening))
        self.pings += 1
        self.process.send(*lines, f"ping {self.pings}")
        self.known = list(opening)

    def await_ready(self, timeout: float) -> None:
        self._await_pong(timeout)

    def think(self, position: rules.Game, limit: Limit, timeout: float) -> Reply:
        moves = position.moves
        if moves[:len(self.known)] == self.known:
            lines = [f"move {notation.to_nboard(m)}" for m in moves[len(self.known):]]
        else:
            lines = ["set game " + ggf_game(moves)]
        self.known = list(moves)
        if lines:  # (after new_game's own sync, the first move needs none)
            self.process.send(*lines)
            self._sync(timeout)
        started = time.monotonic()
        self.process.send("go")
        deadline = started + timeout
        nodes = None
        while True:
            line = self.process.read(deadline, "=== move").strip()
            words = line.split()
            if words[:1] == ["nodestats"] and len(words) > 1 and words[1].isdigit():
                nodes = int(words[1])
            elif words[:1] == ["==="]:
                elapsed = time.monotonic() - started
                # `=== F5 -1.00 0.0` (Edax, arbor) or `=== F5/-1.00/0.0` (NTest).
                fields = " ".join(words[1:]).replace("/", " ").split()
                raw = fields[0] if fields else ""
                score = None
                if len(fields) > 1:
                    try:
                        score = Score("cp", round(float(fields[1].split(",")[0]) * 100))
                    except ValueError:
                        pass
                return Reply(move=notation.from_nboard(raw), raw=raw, elapsed=elapsed, score=score,
                             depth=self.spec.limits.depth, nodes=nodes)
            # status, search, learned, stray pongs...: nothing the referee needs.

    def kill(self) -> None:
        self.process.kill()

    def close(self, grace: float = 2.0) -> None:
        self.process.close("quit", grace)
