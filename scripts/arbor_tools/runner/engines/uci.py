"""UCI engines with cutechess-cli's placement variants (``tictactoe``, ``cfour``, ``gomoku``,
``gomokufreestyle``): ``UCI_Variant``, drops ``P@d1`` (rank 1 at the bottom), the opening
as a FEN with the stone pool, ``go wtime/btime/winc/binc``, ``movetime``, ``depth``,
``nodes``; ``option.X=V`` becomes ``setoption name X value V``.
"""

from __future__ import annotations

import time
from typing import Any, Mapping, TextIO

from ...client import Limit, Score, parse_info

from ... import rules

from .. import notation
from ..config import EngineSpec
from .base import EngineError, LineProcess, Player, Reply


def uci_score(info: dict[str, Any]) -> Score | None:
    """UCI's ``mate M`` (moves) becomes a proven win/loss in plies, as arbor reports them."""
    score = info.get("score")
    if score is None or score.kind != "mate":
        return score
    moves = score.value or 0
    return Score("win", 2 * moves - 1) if moves > 0 else Score("loss", -2 * moves)


class UciPlayer(Player):
    def __init__(self, spec: EngineSpec, *, stderr: Any, transcript: TextIO | None, timeout: float) -> None:
        super().__init__(spec.name)
        self.spec = spec
        self.options = dict(spec.options)
        self.timeout = timeout
        self.process = LineProcess(spec.cmd, name=spec.name, cwd=spec.dir, stderr=stderr, transcript=transcript)
        try:
            self.process.send("uci")
            deadline = time.monotonic() + timeout
            while self.process.read(deadline, "uciok") != "uciok":
                pass
        except BaseException:
            self.process.close(None, grace=0)
            raise
        self.variant: str | None = None
        self.start: rules.Game | None = None
        self.drops: list[str] = []  # the game's moves after the opening, as drops
        self.tracked: rules.Game | None = None
        self.thinking = False

    @property
    def alive(self) -> bool:
        return self.process.alive

    def begin_game(self, game: str, variant: Mapping[str, str], opening: tuple[str, ...]) -> None:
        name = notation.uci_variant(game, dict(variant))
        lines = []
        if name != self.variant:
            lines.append(f"setoption name UCI_Variant value {name}")
            lines += [f"setoption name {key} value {value}" for key, value in self.options.items()]
            self.variant = name
        lines += ["ucinewgame", "isready"]
        self.process.send(*lines)
        start = rules.new_game(game, variant)
        for move in opening:
            start.play(move)
        self.start = start
        self.tracked, self.drops = start.copy(), []

    def await_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.process.read(deadline, "readyok") != "readyok":
            pass

    def _position_line(self, position: rules.Game) -> str:
        assert self.start is not None and self.tracked is not None
        opening = len(self.start.moves)
        if position.moves[:len(self.tracked.moves)] != self.tracked.moves:
            self.tracked, self.drops = self.start.copy(), []
        for move in position.moves[len(self.tracked.moves):]:
            self.drops.append(notation.to_drop(self.tracked, move))
            self.tracked.play(move)
        setup = "startpos" if opening == 0 else f"fen {notation.fen(self.start)}"
        return f"position {setup}" + (" moves " + " ".join(self.drops) if self.drops else "")

    def think(self, position: rules.Game, limit: Limit, timeout: float) -> Reply:
        started = time.monotonic()
        self.thinking = True
        try:
            self.process.send(self._position_line(position), f"go {limit.arguments()}")
            return self._await_bestmove(position, started, started + timeout)
        finally:
            self.thinking = False

    def _await_bestmove(self, position: rules.Game, started: float, deadline: float) -> Reply:
        info: dict[str, Any] = {}
        while True:
            line = self.process.read(deadline, "bestmove")
            words = line.split()
            if not words:
                continue
            if words[0] == "info" and "string" not in words[1:2]:
                info.update(parse_info(line))
            elif words[0] == "bestmove":
                elapsed = time.monotonic() - started
                raw = words[1] if len(words) > 1 else ""
                return Reply(move=notation.from_drop(position, raw), raw=raw, elapsed=elapsed,
                             score=uci_score(info), depth=info.get("depth"), nodes=info.get("nodes"))
            # Anything else (info string, unknown lines) is ignored, as UCI asks.

    def kill(self) -> None:
        self.process.kill()

    def interrupt(self) -> None:
        if self.thinking:
            try:
                self.process.send("stop")
            except EngineError:
                pass

    def close(self, grace: float = 2.0) -> None:
        self.process.close("quit", grace)
