"""The engine processes of one worker: started lazily, reused from game to game, restarted
after a fault, with their stderr and protocol transcript in ``--log-dir``."""

from __future__ import annotations

import os
import threading
from typing import Any, Sequence, TextIO

from ..config import Config
from . import open_player
from .base import EngineError, Player


def close_all(players: Sequence[Player], grace: float = 2.0) -> None:
    """Closes players in parallel threads (each waits for its process to exit)."""
    threads = [threading.Thread(target=player.close, args=(grace,), daemon=True) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


class Registry:
    """Live players of all workers (a second Ctrl-C kills them all) and restart counts."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.live: set[Player] = set()
        self.restarts: dict[int, int] = {}

    def add(self, player: Player) -> None:
        with self.lock:
            self.live.add(player)

    def remove(self, player: Player) -> None:
        with self.lock:
            self.live.discard(player)

    def restarted(self, index: int) -> None:
        with self.lock:
            self.restarts[index] = self.restarts.get(index, 0) + 1

    def kill_all(self) -> None:
        with self.lock:
            players = list(self.live)
        for player in players:
            player.kill()


class EnginePool:
    """Players of one worker, by engine index."""

    def __init__(self, config: Config, worker: int, registry: Registry | None = None) -> None:
        self.config = config
        self.worker = worker
        self.registry = registry or Registry()
        self.players: dict[int, Player] = {}
        self.logs: list[TextIO] = []

    def get(self, index: int) -> Player:
        player = self.players.get(index)
        if player is not None and player.alive:
            return player
        spec = self.config.engines[index]
        stderr: Any = open(os.devnull, "w")
        transcript = None
        if self.config.log_dir:
            base = os.path.join(self.config.log_dir, f"{spec.name}-w{self.worker}")
            stderr.close()
            stderr = open(base + ".stderr.log", "a")
            transcript = open(base + ".protocol.log", "a", encoding="utf-8")
            self.logs.append(transcript)
        self.logs.append(stderr)
        player = open_player(spec, stderr=stderr, transcript=transcript,
                             timeout=max(self.config.start_timeout, self.config.hang_timeout))
        self.players[index] = player
        self.registry.add(player)
        return player

    def adopt(self, index: int, player: Player) -> None:
        """Takes over a running player (e.g. the one the runner checked at start)."""
        self.players[index] = player
        self.registry.add(player)

    def ensure(self, indices: Sequence[int]) -> None:
        """Starts the missing players of `indices` at once (an engine may take 100 ms to start:
        its tables are allocated). A failure is left for :meth:`get` to raise again."""
        missing = [i for i in indices if not (i in self.players and self.players[i].alive)]
        if len(missing) < 2:
            return
        threads = [threading.Thread(target=self._try_get, args=(i,), daemon=True) for i in missing]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def _try_get(self, index: int) -> None:
        try:
            self.get(index)
        except EngineError:
            pass

    def discard(self, index: int) -> None:
        """Kills engine `index` (it misbehaved); the next game starts a fresh process."""
        player = self.players.pop(index, None)
        self.registry.restarted(index)
        if player is not None:
            player.kill()
            player.close(grace=0.1)
            self.registry.remove(player)

    def close(self) -> None:
        """Ends every engine (quit, then kill; all at once) and closes the log files."""
        players = list(self.players.values())
        self.players.clear()
        close_all(players)
        for player in players:
            self.registry.remove(player)
        for handle in self.logs:
            handle.close()
        self.logs.clear()
