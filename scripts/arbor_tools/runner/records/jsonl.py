"""The runner's own records, one JSON object per line (``--out``): a ``{"type": "match"}``
header, then one ``{"type": "game"}`` per finished game, flushed as it ends so that
``--resume`` can continue a killed match."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from ..config import Config, ConfigError

RECORD_VERSION = 1


def match_header(config: Config) -> dict[str, Any]:
    return {
        "type": "match", "version": RECORD_VERSION, "game": config.game, "variant": config.variant,
        "games": config.games, "total": len(config.jobs), "openings": config.opening_source,
        "sprt": None if config.sprt is None else dataclasses.asdict(config.sprt),
        "engines": [{"name": e.name, "cmd": e.cmd, "proto": e.proto, "options": e.options,
                     "limits": e.limits.describe()} for e in config.engines],
    }


def load_records(path: str) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """Reads a records file, cutting off a torn last line (a killed runner) in place."""
    header, records = None, []
    with open(path, "rb") as handle:
        data = handle.read()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(end)
    for number, line in enumerate(data[:end].decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            raise ConfigError(f"{path}:{number}: not a JSON record") from None
        if record.get("type") == "match":
            header = record
        elif record.get("type") == "game":
            records.append(record)
    return header, records
