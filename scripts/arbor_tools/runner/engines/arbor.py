"""arbor's own line protocol (protocol.md), through :mod:`arbor_tools.client`.

Commands that need no answer before the next are pipelined (``game``/``newgame``/``isready``
in one write, ``position`` and ``go`` in another): each answer is still checked, and a game
costs two round trips per move less than one command at a time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, TextIO

from ...client import Analysis, Engine, EngineError, Limit, PlayResult

from ... import rules

from ..config import EngineSpec
from .base import Player, Reply


class ArborPlayer(Player):
    def __init__(self, spec: EngineSpec, *, stderr: Any, transcript: TextIO | None, timeout: float) -> None:
        super().__init__(spec.name)
        self.spec = spec
        self.engine = Engine.popen(spec.cmd, name=spec.name, options=spec.options, timeout=timeout,
                                   stderr=stderr, transcript=transcript, cwd=spec.dir)
        self.game_line: str | None = None
        self.pending: list[str] = []
        #: The running ``go ponder`` search and the moves of the position it expects.
        self.pondering: Analysis | None = None
        self.ponder_moves: list[str] = []

    @property
    def alive(self) -> bool:
        return self.engine.alive

    def begin_game(self, game: str, variant: Mapping[str, str], opening: tuple[str, ...]) -> None:
        self.end_ponder()
        args = " ".join(f"{key}={value}" for key, value in variant.items())
        line = f"game {game} {args}".strip()
        # `game` rebuilds the engine's state (5 ms for tic-tac-toe): only when it changes, as
        # cutechess sends UCI_Variant once; `newgame` clears the tables for every game.
        # As UCI runners do: the engine finishes its set-up (tables, hash) before any clock runs.
        self.pending = ([line] if line != self.game_line else []) + ["newgame", "isready"]
        self.game_line = line
        self.engine.send(self.pending)

    def await_ready(self, timeout: float) -> None:
        self.engine.answers(self.pending, timeout=timeout)

    def think(self, position: rules.Game, limit: Limit, timeout: float) -> Reply:
        pondering, self.pondering = self.pondering, None
        if pondering is not None:
            if position.moves == self.ponder_moves:  # the expected reply: the search goes on
                self.engine.ponderhit()
                pondering.wait(timeout)
                return _reply(PlayResult(pondering.best_move or "", pondering.info, pondering.elapsed))
            pondering.stop()  # another reply: its answer is dropped, and a new search starts
        result = self.engine.play(limit, timeout=timeout, before=[_setup(position.moves)])
        return _reply(result)

    def ponder(self, position: rules.Game, expected: str, limit: Limit) -> None:
        self.ponder_moves = [*position.moves, expected]
        self.pondering = self.engine.analysis(replace(limit, ponder=True), before=[_setup(self.ponder_moves)])

    def end_ponder(self) -> None:
        pondering, self.pondering = self.pondering, None
        if pondering is not None and self.engine.alive:
            try:
                pondering.stop()
            except EngineError:
                pass

    def kill(self) -> None:
        self.engine.kill()

    def interrupt(self) -> None:
        self.engine.interrupt()

    def close(self, grace: float = 2.0) -> None:
        self.engine.close(grace=grace)


def _setup(moves: list[str]) -> str:
    return "position startpos" + (" moves " + " ".join(moves) if moves else "")


def _reply(result: PlayResult) -> Reply:
    pv = result.pv
    return Reply(move=result.move, raw=result.move, elapsed=result.elapsed, score=result.score,
                 depth=result.depth, nodes=result.nodes, ponder=pv[1] if len(pv) > 1 else None)
