"""The engine processes of one worker: started lazily, reused from game to game, restarted
after a fault, with their stderr and protocol transcript in ``--log-dir``."""

from __future__ import annotations

import os
import re
import subprocess
import threading
from typing import Any, Sequence, TextIO

from ..config import Config
from . import open_player
from .base import Player


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

    def interrupt_all(self) -> None:
        """Ends every running search at once (``stop``, or a kill where a protocol has none)."""
        with self.lock:
            players = list(self.live)
        for player in players:
            player.interrupt()


def file_name(name: str) -> str:
    """An engine name as part of a file name (``/`` and other odd characters become ``_``)."""
    return re.sub(r"[^A-Za-z0-9._+-]", "_", name).lstrip(".") or "engine"


class EnginePool:
    """Players of one worker, by engine index."""

    def __init__(self, config: Config, worker: int, registry: Registry | None = None) -> None:
        self.config = config
        self.worker = worker
        self.registry = registry or Registry()
        self.players: dict[int, Player] = {}
        self.logs: list[TextIO] = []
        #: Each engine's (stderr, transcript) files in --log-dir, opened once and shared by
        #: its restarts (a restart must not cost file descriptors).
        self.log_files: dict[int, tuple[Any, TextIO | None]] = {}

    def _log_files(self, index: int) -> tuple[Any, TextIO | None]:
        if not self.config.log_dir:
            return subprocess.DEVNULL, None
        if index not in self.log_files:
            base = os.path.join(self.config.log_dir, f"{file_name(self.config.engines[index].name)}-w{self.worker}")
            stderr = open(base + ".stderr.log", "a")
            try:
                transcript = open(base + ".protocol.log", "a", encoding="utf-8")
            except BaseException:
                stderr.close()
                raise
            self.log_files[index] = (stderr, transcript)
            self.logs += [stderr, transcript]
        return self.log_files[index]

    def get(self, index: int) -> Player:
        """Engine `index`, started when it is not running. An engine that died since its last
        game is restarted (and counted). Raises EngineError when it cannot be started, OSError
        when this process cannot start it (e.g. out of file descriptors)."""
        player = self.players.get(index)
        if player is not None and player.alive:
            return player
        if player is not None:
            self.discard(index)
        spec = self.config.engines[index]
        stderr, transcript = self._log_files(index)
        player = open_player(spec, stderr=stderr, transcript=transcript,
                             timeout=max(self.config.start_timeout, self.config.hang_timeout))
        self.players[index] = player
        self.registry.add(player)
        return player

    def adopt(self, index: int, player: Player) -> None:
        """Takes over a running player (e.g. the one the runner checked at start)."""
        self.players[index] = player
        self.registry.add(player)

    def ensure(self, indices: Sequence[int]) -> dict[int, BaseException]:
        """Starts the missing players of `indices` at once (an engine may take 100 ms to start:
        its tables are allocated). Returns the failures by index: each engine is tried once."""
        missing = [i for i in indices if not (i in self.players and self.players[i].alive)]
        failures: dict[int, BaseException] = {}
        if len(missing) == 1:
            self._try_get(missing[0], failures)
        threads = [threading.Thread(target=self._try_get, args=(i, failures), daemon=True)
                   for i in missing] if len(missing) > 1 else []
        for thread in threads:
            thread.start()
        try:
            for thread in threads:
                thread.join()
        except BaseException:  # Ctrl-C: let the starts end (each has a deadline), so that
            for thread in threads:  # closing the pool ends every engine they started
                thread.join()
            raise
        return failures

    def _try_get(self, index: int, failures: dict[int, BaseException]) -> None:
        try:
            self.get(index)
        except Exception as error:  # noqa: BLE001 - handed to the caller
            failures[index] = error

    def discard(self, index: int, fault: bool = True) -> None:
        """Kills engine `index`; the next game starts a fresh process. With `fault` (it
        misbehaved) the restart is counted against it."""
        player = self.players.pop(index, None)
        if fault:
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
