"""The runner's own records, one JSON object per line (``--out``): a ``{"type": "match"}``
header, then one ``{"type": "game"}`` per finished game, flushed as it ends so that
``--resume`` can continue a killed match.

The file has one writer: :class:`RecordsFile` holds an exclusive lock (``flock``) on it from
the moment it is opened until the match ends, so a second runner on the same file stops with
an error instead of interleaving games. An existing file is written to (appended, or its torn
last line cut off) only when it is this match's own records file: a header of this version
whose configuration (game, engines and their commands, options and limits, the openings'
content, games, SPRT, adjudication, time margin) equals this run's, followed by valid game
records. Anything else is refused with an error, and the file is left as it was.
"""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import json
import os
import stat
from typing import Any, BinaryIO, Iterable

from ..config import Config, ConfigError

RECORD_VERSION = 2
#: Header keys that must be equal for ``--resume`` to continue a file.
CONFIG_KEYS = ("game", "variant", "games", "engines", "openings_sha256", "sprt", "adjudication",
               "timemargin_ms")
RESULTS = ("1-0", "0-1", "1/2-1/2")


def match_header(config: Config) -> dict[str, Any]:
    openings = json.dumps([list(job.opening) for job in config.jobs])
    return {
        "type": "match", "version": RECORD_VERSION, "game": config.game, "variant": config.variant,
        "games": config.games, "total": len(config.jobs), "openings": config.opening_source,
        "openings_sha256": hashlib.sha256(openings.encode("utf-8")).hexdigest(),
        "engines": [{"name": e.name, "cmd": e.cmd, "proto": e.proto, "dir": e.dir, "options": e.options,
                     "limits": e.limits.describe(), "ponder": e.ponder} for e in config.engines],
        "sprt": None if config.sprt is None else dataclasses.asdict(config.sprt),
        "adjudication": dataclasses.asdict(config.adjudication),
        "timemargin_ms": config.margin_ms,
    }


def _differences(old: dict[str, Any], new: dict[str, Any]) -> str | None:
    """What differs between two headers' configurations, in words (None: nothing)."""
    for key in CONFIG_KEYS:
        if key not in old:
            return f"the header has no {key!r}"
        if old[key] == new[key]:
            continue
        if key == "engines" and isinstance(old[key], list) and len(old[key]) == len(new[key]):
            for number, (before, now) in enumerate(zip(old[key], new[key]), 1):
                for field in now:
                    if not isinstance(before, dict) or before.get(field) != now[field]:
                        was = before.get(field) if isinstance(before, dict) else before
                        return f"engine {number}'s {field} ({was!r} recorded, {now[field]!r} now)"
        if key == "openings_sha256":
            return "the openings (their moves differ from the recorded match's)"
        return f"{key} ({old[key]!r} recorded, {new[key]!r} now)"
    return None


def check_game(record: Any, total: int, engines: int) -> str | None:
    """Why `record` is not a game record of a match of `total` games between `engines`
    engines (None: it is one)."""
    if not isinstance(record, dict):
        return "not a JSON object"
    index = record.get("index")
    if not isinstance(index, int) or not 0 <= index < total:
        return f"index {index!r} is not a game of this match"
    if not isinstance(record.get("pair"), int):
        return "no pair number"
    sides = record.get("engine_index")
    if not isinstance(sides, dict) or not all(isinstance(sides.get(s), int) and 0 <= sides[s] < engines
                                              for s in ("X", "O")):
        return "no engine_index {X, O}"
    points = record.get("points")
    if not isinstance(points, dict) or not all(isinstance(points.get(str(sides[s])), (int, float))
                                               for s in ("X", "O")):
        return "no points for its engines"
    if record.get("result") not in RESULTS or not isinstance(record.get("reason"), str):
        return "no result and reason"
    if not isinstance(record.get("engines"), dict):
        return "no engine names"
    return None


class RecordsFile:
    """``--out``, opened for this match: locked, checked, and its earlier games read."""

    def __init__(self, path: str, config: Config, resume: bool) -> None:
        self.path = path
        self.previous: list[dict[str, Any]] = []
        header = match_header(config)
        try:
            self.handle: BinaryIO = open(path, "a+b")
        except OSError as error:
            raise ConfigError(f"--out {path}: {error.strerror or error}") from None
        try:
            try:
                fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise ConfigError(f"--out {path}: another runner is writing this file") from None
            if not stat.S_ISREG(os.fstat(self.handle.fileno()).st_mode):
                raise ConfigError(f"--out {path}: not a regular file")
            self.handle.seek(0)
            data = self.handle.read()
            if not data:
                try:
                    self.write(header)
                except OSError as error:
                    raise ConfigError(f"--out {path}: cannot write: {error.strerror or error}") from None
                return
            if not resume:
                raise ConfigError(f"{path} exists: use --resume to continue it, or another --out")
            self.previous = self._read(data, header, len(config.jobs), len(config.engines))
        except BaseException:
            self.handle.close()
            raise

    def _read(self, data: bytes, header: dict[str, Any], total: int, engines: int) -> list[dict[str, Any]]:
        """The game records of `data`, a file that must be this match's own."""
        end = data.rfind(b"\n") + 1
        lines = data[:end].split(b"\n")[:-1]
        what = f"--resume: {self.path} is not a records file of arbor-match"
        try:
            first = json.loads(lines[0].decode("utf-8")) if lines else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            first = None
        if not isinstance(first, dict) or first.get("type") != "match":
            raise ConfigError(f"{what} (its first line is no match header)")
        if first.get("version") != RECORD_VERSION:
            raise ConfigError(f"{what} of this version (version {first.get('version')!r}, "
                              f"this runner writes {RECORD_VERSION})")
        difference = _differences(first, header)
        if difference is not None:
            raise ConfigError(f"--resume: the match recorded in {self.path} differs from this one: {difference}")
        records = []
        for number, line in enumerate(lines[1:], 2):
            if not line.strip():
                continue
            try:
                record = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                raise ConfigError(f"{self.path}:{number}: not a JSON record") from None
            if not isinstance(record, dict) or record.get("type") != "game":
                raise ConfigError(f"{self.path}:{number}: not a game record")
            problem = check_game(record, total, engines)
            if problem is not None:
                raise ConfigError(f"{self.path}:{number}: a malformed game record ({problem})")
            records.append(record)
        if end < len(data):  # a line torn by a killed runner: the game is played again
            self.handle.truncate(end)
        return records

    def write(self, record: dict[str, Any]) -> None:
        """Appends one record and flushes it. Raises OSError (e.g. a full disk)."""
        self.handle.write((json.dumps(record) + "\n").encode("utf-8"))
        self.handle.flush()

    def close(self) -> None:
        """Releases the lock (with the file). Never raises."""
        try:
            self.handle.close()
        except OSError:
            pass


def read_lines(path: str) -> Iterable[tuple[int, dict[str, Any]]]:
    """The records of a file with their line numbers. A torn last line (a runner still
    writing it, or killed) is skipped; the file is never changed."""
    with open(path, "rb") as handle:
        data = handle.read()
    data = data[: data.rfind(b"\n") + 1]
    for number, line in enumerate(data.decode("utf-8").splitlines(), 1):
        if line.strip():
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError:
                raise ConfigError(f"{path}:{number}: not a JSON record") from None


def load_records(path: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The header and game records of a records file, read only (for tools and tests)."""
    header, records = None, []
    for _, record in read_lines(path):
        if record.get("type") == "match":
            header = record
        elif record.get("type") == "game":
            records.append(record)
    return header, records
