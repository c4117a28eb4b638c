"""Gomocup (piskvork) brains: ``ABOUT`` at start, then per game ``START size`` -> ``OK`` and
``INFO`` (rule, timeout_turn, timeout_match, max_memory, Yixin's max_depth/max_node when a
depth or node limit is asked, ``option.X=V`` as ``INFO X V``); per move ``INFO time_left``
and ``BEGIN``, ``TURN x,y`` (the opponent's last move) or ``BOARD ... DONE``; the answer is
``x,y`` (0-based from the top-left). ``MESSAGE``/``DEBUG`` lines are shown to no one;
``ERROR``/``UNKNOWN`` instead of a move is an engine error, anything else garbage.
"""

from __future__ import annotations

import re
import time
from typing import Any, Mapping, TextIO

from ...client import Limit, parse_info

from ... import rules

from .. import notation
from ..config import EngineSpec
from .base import EngineError, LineProcess, Player, ProtocolViolation, Reply, side_clock

#: What c-gomoku-cli and the Gomocup tournaments give a brain: 350 MiB.
DEFAULT_MAX_MEMORY = 367_001_600
#: Seconds between a brain's move and the next command to it. Rapfi 0.43 prints its move
#: before it clears its "thinking" flag and drops a TURN that arrives in between: it did,
#: 3 times in 40 games, when arbor answered within a millisecond. Managers are never that fast.
SETTLE = 0.02
_XY = re.compile(r"^\s*-?\d+\s*,\s*-?\d+\s*$")


class GomocupPlayer(Player):
    def __init__(self, spec: EngineSpec, *, stderr: Any, transcript: TextIO | None, timeout: float) -> None:
        super().__init__(spec.name)
        self.spec = spec
        self.options = dict(spec.options)
        self.process = LineProcess(spec.cmd, name=spec.name, cwd=spec.dir, stderr=stderr, transcript=transcript)
        try:
            self.process.send("ABOUT")
            self.about = self._answer(time.monotonic() + timeout, "ABOUT answer")
        except BaseException:
            self.process.close(None, grace=0)
            raise
        self.size = 15
        self.exact_five = False
        self.answered = 0.0  # monotonic time of the brain's last move
        self.known: list[str] | None = None  # the stones the brain has, in move order

    @property
    def alive(self) -> bool:
        return self.process.alive

    def _answer(self, deadline: float, what: str) -> str:
        """The next line that is not a MESSAGE or DEBUG."""
        while True:
            line = self.process.read(deadline, what)
            head = line.split(" ", 1)[0].upper()
            if head in ("MESSAGE", "DEBUG"):
                continue
            if line.strip():
                return line.strip()

    def begin_game(self, game: str, variant: Mapping[str, str], opening: tuple[str, ...]) -> None:
        start = rules.new_game(game, variant)
        self.size = start.width
        self.exact_five = getattr(start, "exact", False)
        self._settle()
        self.process.send(f"START {self.size}")

    def _settle(self) -> None:
        """Waits until SETTLE seconds have passed since the brain's last move."""
        wait = self.answered + SETTLE - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def await_ready(self, timeout: float) -> None:
        answer = self._answer(time.monotonic() + timeout, "OK to START")
        if answer.upper() != "OK":
            raise EngineError(f"START {self.size}", answer)
        self.process.send(*self.game_info(self.exact_five))
        self.known = []

    def game_info(self, exact_five: bool) -> list[str]:
        """The INFO lines of a game: rule, time limits, Yixin's depth/node limits, memory,
        then ``option.X=V`` as ``INFO X V``."""
        limits = self.spec.limits
        lines = [f"INFO rule {1 if exact_five else 0}"]
        if limits.movetime is not None:
            lines.append(f"INFO timeout_turn {limits.movetime}")
        elif limits.base_ms is not None:
            lines.append(f"INFO timeout_turn {int(limits.base_ms)}")
        lines.append(f"INFO timeout_match {int(limits.base_ms or 0)}")
        if limits.depth is not None:
            lines.append(f"INFO max_depth {limits.depth}")
        if limits.nodes is not None:
            lines.append(f"INFO max_node {limits.nodes}")
        if "max_memory" not in self.options:
            lines.append(f"INFO max_memory {DEFAULT_MAX_MEMORY}")
        lines += [f"INFO {key} {value}" for key, value in self.options.items()]
        return lines

    def _trigger(self, position: rules.Game) -> list[str]:
        moves = position.moves
        if not moves:
            return ["BEGIN"]
        if self.known is not None and moves[:-1] == self.known and self.known:
            return [f"TURN {notation.to_xy(moves[-1], self.size)}"]
        # BOARD: 1 = the brain's own stones (the side to move), 2 = the opponent's.
        mover = len(moves) % 2
        lines = ["BOARD"]
        for i, move in enumerate(moves):
            lines.append(f"{notation.to_xy(move, self.size)},{1 if i % 2 == mover else 2}")
        lines.append("DONE")
        return lines

    def think(self, position: rules.Game, limit: Limit, timeout: float) -> Reply:
        clock, _ = side_clock(limit, position.side_to_move)
        lines = [] if clock is None else [f"INFO time_left {max(1, clock)}"]
        lines += self._trigger(position)
        self._settle()
        started = time.monotonic()
        self.process.send(*lines)
        deadline = started + timeout
        info: dict[str, Any] = {}
        while True:
            line = self.process.read(deadline, "a move").strip()
            head = line.split(" ", 1)[0].upper()
            if head == "MESSAGE":
                parsed = parse_info(line.split(" ", 1)[1] if " " in line else "")
                info.update({k: v for k, v in parsed.items() if k in ("depth", "nodes", "score")})
            elif head == "DEBUG" or not line:
                continue
            elif head in ("ERROR", "UNKNOWN"):
                raise EngineError(lines[-1], line)
            elif _XY.match(line):
                self.answered = time.monotonic()
                elapsed = self.answered - started
                move = notation.from_xy(line, self.size)
                self.known = list(position.moves) + ([move] if move else [])
                return Reply(move=move, raw=line, elapsed=elapsed, score=info.get("score"),
                             depth=info.get("depth"), nodes=info.get("nodes"))
            else:
                raise ProtocolViolation(f"garbage instead of a move: {line[:60]!r}")

    def kill(self) -> None:
        self.process.kill()

    def close(self, grace: float = 2.0) -> None:
        self.process.close("END", grace)
