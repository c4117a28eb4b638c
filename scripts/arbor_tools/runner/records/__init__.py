"""Game records: the runner's JSON lines (:mod:`.jsonl`) and each community's format -
PGN for tic-tac-toe and Connect Four (:mod:`.pgn`), SGF for Gomoku (:mod:`.sgf`), GGF for
Othello (:mod:`.ggf`) - each with a reader used by the tests."""

from __future__ import annotations

import os
from typing import Any, TextIO

from ..config import Config, ConfigError
from . import ggf, pgn, sgf

#: Which format each game can be written in.
FORMATS = {"pgn": ("tictactoe", "connect4"), "sgf": ("gomoku",), "ggf": ("othello",)}


def check_formats(config: Config) -> None:
    """Refuses a record format the game has no use for (e.g. ``--sgf`` for Othello)."""
    for name, games in FORMATS.items():
        if getattr(config, name) and config.game not in games:
            raise ConfigError(f"--{name} records {' and '.join(games)} games, not {config.game}")
    if config.pgn and config.game == "connect4" and config.variant.get("cols", "7") + config.variant.get("rows", "6") != "76":
        raise ConfigError("--pgn: cutechess's cfour variant is 7x6")


class RecordFiles:
    """The community record files of a match (appended, flushed per game)."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.files: dict[str, TextIO] = {}
        #: Formats that could not be written (no more games go there; the match exits non-zero).
        self.failed: list[str] = []
        try:
            for name in FORMATS:
                path = getattr(config, name)
                if path:
                    self.files[name] = open(path, "a", encoding="utf-8")
        except BaseException:
            self.close()
            raise

    def add(self, record: dict[str, Any]) -> list[str]:
        """Writes a game in every format; returns the problems (a record file never ends the
        match: a format that cannot be written, e.g. on a full disk, is given up)."""
        problems = []
        for name, handle in list(self.files.items()):
            try:
                if name == "pgn":
                    text = pgn.write_game(record, self.config)
                elif name == "sgf":
                    text = sgf.write_game(record)
                else:
                    text = ggf.write_game(record)
            except (ValueError, KeyError) as error:
                problems.append(f"--{name}: cannot write this game ({error!r})")
                continue
            try:
                handle.write(text)
                handle.flush()
            except OSError as error:
                path = getattr(self.config, name)
                problems.append(f"cannot write --{name} {path}: {os.strerror(error.errno) if error.errno else error}; "
                                "no more games written there")
                self.failed.append(name)
                self._close(self.files.pop(name))
        return problems

    @staticmethod
    def _close(handle: TextIO) -> None:
        try:
            handle.close()
        except OSError:  # what was left in its buffer cannot be written either
            pass

    def close(self) -> None:
        """Never raises."""
        for handle in self.files.values():
            self._close(handle)
        self.files.clear()
