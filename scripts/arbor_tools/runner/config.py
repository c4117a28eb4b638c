"""The match configuration: engines (command, protocol, working directory, options, limits),
time controls, adjudication and the whole :class:`Config`, built from the command line.

Everything here is a plain dataclass, so a :class:`Config` can be pickled and sent to
another process (see :func:`arbor_tools.runner.scheduling.play_pair`).
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from typing import Sequence

from .. import rules
from .. import sprt as stats

LIMIT_KEYS = ("depth", "movetime", "nodes", "tc")
PROTOCOLS = ("arbor", "uci", "gomocup", "nboard")

#: Games each protocol can play (the variant is checked by :func:`check_protocol`).
PROTOCOL_GAMES = {
    "arbor": tuple(rules.GAMES),
    "uci": ("tictactoe", "connect4", "gomoku"),
    "gomocup": ("gomoku",),
    "nboard": ("othello",),
}


class ConfigError(ValueError):
    """A bad command line value (printed as ``match.py: error: ...``)."""


@dataclass(frozen=True)
class TimeControl:
    """How long one engine may think: fixed depth/nodes/movetime and/or a clock (ms)."""

    depth: int | None = None
    movetime: int | None = None
    nodes: int | None = None
    base_ms: float | None = None
    inc_ms: float = 0.0

    @property
    def empty(self) -> bool:
        return self.depth is None and self.movetime is None and self.nodes is None and self.base_ms is None

    @property
    def timed(self) -> bool:
        return self.movetime is not None or self.base_ms is not None

    def describe(self) -> str:
        parts = []
        if self.base_ms is not None:
            parts.append(f"tc {self.base_ms / 1000:g}+{self.inc_ms / 1000:g}")
        for key in ("depth", "movetime", "nodes"):
            if getattr(self, key) is not None:
                parts.append(f"{key} {getattr(self, key)}")
        return ", ".join(parts) or "none"


def parse_tc(text: str) -> tuple[float, float]:
    """``10+0.1`` (seconds + increment) -> (base ms, increment ms)."""
    base, _, inc = text.partition("+")
    try:
        base_ms, inc_ms = float(base) * 1000.0, float(inc or 0) * 1000.0
    except ValueError:
        raise ConfigError(f"tc {text!r}: expected SECONDS+INCREMENT, e.g. 10+0.1") from None
    if base_ms <= 0 or inc_ms < 0:
        raise ConfigError(f"tc {text!r}: base must be > 0 and increment >= 0")
    if round(base_ms) == 0 or (inc_ms > 0 and round(inc_ms) == 0):
        raise ConfigError(f"tc {text!r}: engines are told whole milliseconds, and this rounds to 0 ms")
    return base_ms, inc_ms


def _positive_int(key: str, value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ConfigError(f"{key}={value}: not an integer") from None
    if number <= 0:
        raise ConfigError(f"{key}={value}: must be positive")
    return number


def time_control(values: dict[str, str | None]) -> TimeControl:
    """A TimeControl from ``depth``/``movetime``/``nodes``/``tc`` values (absent keys: None)."""
    base = inc = None
    if values.get("tc"):
        base, inc = parse_tc(str(values["tc"]))
    return TimeControl(
        depth=_positive_int("depth", str(values["depth"])) if values.get("depth") else None,
        movetime=_positive_int("movetime", str(values["movetime"])) if values.get("movetime") else None,
        nodes=_positive_int("nodes", str(values["nodes"])) if values.get("nodes") else None,
        base_ms=base, inc_ms=inc or 0.0)


@dataclass
class EngineSpec:
    """One ``--engine`` argument: command, protocol, working directory, name, options, limits."""

    index: int
    cmd: str
    name: str
    options: dict[str, str]
    limits: TimeControl
    proto: str = "arbor"
    dir: str | None = None
    #: ``ponder=on``: the engine thinks on the opponent's time (``go ponder`` / ``ponderhit``).
    ponder: bool = False

    @classmethod
    def parse(cls, index: int, items: Sequence[str], default_limits: TimeControl) -> "EngineSpec":
        values: dict[str, str] = {}
        options: dict[str, str] = {}
        for item in items:
            key, sep, value = item.partition("=")
            if not sep:
                raise ConfigError(f"--engine: expected key=value, got {item!r}")
            if key.startswith("option."):
                options[key[len("option."):]] = value
            elif key in ("cmd", "name", "proto", "dir", "ponder") + LIMIT_KEYS:
                values[key] = value
            else:
                raise ConfigError(f"--engine: unknown key {key!r} (cmd, name, proto, dir, ponder, option.NAME, "
                                  f"{', '.join(LIMIT_KEYS)})")
        if not values.get("cmd"):
            raise ConfigError("--engine needs cmd=PATH")
        try:
            words = shlex.split(values["cmd"])
        except ValueError as error:
            raise ConfigError(f"--engine cmd={values['cmd']!r}: {error}") from None
        if not words:
            raise ConfigError("--engine needs cmd=PATH")
        proto = values.get("proto", "arbor")
        if proto not in PROTOCOLS:
            raise ConfigError(f"--engine proto={proto}: expected one of {', '.join(PROTOCOLS)}")
        folder = values.get("dir")
        if folder is not None and not os.path.isdir(folder):
            raise ConfigError(f"--engine dir={folder}: not a directory")
        own = time_control(values)  # type: ignore[arg-type]
        limits = own if not own.empty else default_limits
        if limits.empty:
            raise ConfigError(f"engine {index + 1}: no limit: give --depth/--movetime/--nodes/--tc or depth=... "
                              "in --engine")
        ponder = values.get("ponder", "off")
        if ponder not in ("on", "off"):
            raise ConfigError(f"--engine ponder={ponder}: expected on or off")
        name = values.get("name") or os.path.basename(words[0])
        return cls(index, values["cmd"], name, options, limits, proto, folder, ponder == "on")


def check_protocol(spec: EngineSpec, game: str, variant: dict[str, str]) -> None:
    """Refuses a game, variant or limit the engine's protocol cannot express."""
    if game not in PROTOCOL_GAMES[spec.proto]:
        raise ConfigError(f"engine {spec.name}: proto={spec.proto} plays {', '.join(PROTOCOL_GAMES[spec.proto])}, "
                          f"not {game}")
    if spec.ponder and spec.proto != "arbor":
        raise ConfigError(f"engine {spec.name}: ponder=on is supported for proto=arbor only, "
                          f"not proto={spec.proto}")
    start = rules.new_game(game, variant)
    if spec.proto == "uci":
        # cutechess-cli's variants: cfour is 7x6, gomoku/gomokufreestyle 15x15.
        if game == "connect4" and (start.width, start.height) != (7, 6):
            raise ConfigError(f"engine {spec.name}: UCI's cfour is 7x6, not {start.width}x{start.height}")
        if game == "gomoku" and start.width != 15:
            raise ConfigError(f"engine {spec.name}: UCI's gomoku variants are 15x15, not size {start.width}")
    if spec.proto == "nboard":
        limits = spec.limits
        if limits.timed or limits.nodes is not None or limits.depth is None:
            raise ConfigError(f"engine {spec.name}: NBoard engines take a depth, not a clock or nodes "
                              f"(got {limits.describe()}): give depth=N for this engine")


@dataclass(frozen=True)
class Adjudication:
    """``--adjudicate draw=N,M resign=N,M`` (None: off)."""

    draw: tuple[int, int] | None = None
    resign: tuple[int, int] | None = None

    @classmethod
    def parse(cls, items: Sequence[str]) -> "Adjudication":
        values: dict[str, tuple[int, int]] = {}
        for item in items:
            key, sep, value = item.partition("=")
            count, comma, threshold = value.partition(",")
            if key not in ("draw", "resign") or not sep or not comma:
                raise ConfigError(f"--adjudicate: expected draw=N,M or resign=N,M, got {item!r}")
            try:
                values[key] = (int(count), int(threshold))
            except ValueError:
                raise ConfigError(f"--adjudicate {item!r}: N and M must be integers") from None
            if values[key][0] <= 0 or values[key][1] < 0:
                raise ConfigError(f"--adjudicate {item!r}: need N > 0 and M >= 0")
        return cls(**values)


@dataclass(frozen=True)
class Job:
    """One game to play: global index, pair id, engines for X (first) and O, opening."""

    index: int
    pair: int
    first: int
    second: int
    opening: tuple[str, ...]


@dataclass
class Config:
    """Everything a game needs (picklable: only plain data)."""

    game: str
    variant: dict[str, str]
    engines: list[EngineSpec]
    games: int
    jobs: list[Job]
    concurrency: int
    margin_ms: float
    hang_timeout: float
    adjudication: Adjudication
    sprt: stats.Sprt | None
    out: str | None
    opening_source: str
    log_dir: str | None = None
    fresh: bool = False
    quiet: bool = False
    verbose: bool = False
    pgn: str | None = None
    sgf: str | None = None
    ggf: str | None = None
    #: Seconds an engine may take to start (handshake) and to get ready for a game.
    start_timeout: float = 10.0
