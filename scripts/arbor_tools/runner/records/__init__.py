"""Game records: the runner's JSON lines (:mod:`.jsonl`) and each community's format -
PGN for tic-tac-toe and Connect Four (:mod:`.pgn`), SGF for Gomoku (:mod:`.sgf`), GGF for
Othello (:mod:`.ggf`) - each with a reader used by the tests."""

from __future__ import annotations

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
        for name in FORMATS:
            path = getattr(config, name)
            if path:
                self.files[name] = open(path, "a", encoding="utf-8")

    def add(self, record: dict[str, Any]) -> None:
        for name, handle in self.files.items():
            if name == "pgn":
                handle.write(pgn.write_game(record, self.config))
            elif name == "sgf":
                handle.write(sgf.write_game(record))
            else:
                handle.write(ggf.write_game(record))
            handle.flush()

    def close(self) -> None:
        for handle in self.files.values():
            handle.close()
