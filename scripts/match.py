#!/usr/bin/env python3
"""Play matches between arbor engine builds, refereed in Python, with real statistics.

    python3 scripts/match.py --game tictactoe --games 200 \\
        --engine cmd=target/release/arbor name=d6 depth=6 \\
        --engine cmd=target/release/arbor name=d2 depth=2 \\
        --random-plies 2 --seed 1 --out games.jsonl

Games are played in pairs, colours swapped on the same opening. The runner is the referee:
it checks every move with its own rules (rules.py) and an illegal move, a crash, a hang or
a time loss loses the game for the offender (the reason is recorded, the engine restarted,
the match goes on). Every finished game is appended and flushed to ``--out``; ``--resume``
continues from that file. Ctrl-C stops cleanly (a second Ctrl-C kills the engines).
Statistics are worded as fastchess prints them (see sprt.py). Standard library only.

Records (``--out``), one JSON object per line: first ``{"type": "match", ...}`` (game, variant,
engines, openings), then one ``{"type": "game", ...}`` per finished game with ``index``,
``pair``, ``engines`` ({"X": name, "O": name}, X moves first), ``opening`` (moves),
``moves`` ([{"move", "time_ms", "score" (mover's view, e.g. "cp 12", "win 5"), "depth",
"nodes"}]), ``result`` ("1-0", "0-1", "1/2-1/2" from X's view), ``winner`` and ``reason``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import queue
import random
import shlex
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Sequence, TextIO

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rules  # noqa: E402
import sprt as stats  # noqa: E402
from arbor_client import Engine, EngineError, EngineTerminated, EngineTimeout, Limit  # noqa: E402

LIMIT_KEYS = ("depth", "movetime", "nodes", "tc")
RECORD_VERSION = 1


# --- configuration ------------------------------------------------------------------------


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
    return base_ms, inc_ms


def _positive_int(key: str, value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise ConfigError(f"{key}={value}: not an integer") from None
    if number <= 0:
        raise ConfigError(f"{key}={value}: must be positive")
    return number


def time_control(values: dict[str, str]) -> TimeControl:
    """A TimeControl from ``depth``/``movetime``/``nodes``/``tc`` values (absent keys: None)."""
    base = inc = None
    if values.get("tc"):
        base, inc = parse_tc(values["tc"])
    return TimeControl(
        depth=_positive_int("depth", values["depth"]) if values.get("depth") else None,
        movetime=_positive_int("movetime", values["movetime"]) if values.get("movetime") else None,
        nodes=_positive_int("nodes", values["nodes"]) if values.get("nodes") else None,
        base_ms=base, inc_ms=inc or 0.0)


@dataclass
class EngineSpec:
    """One ``--engine`` argument: command, display name, options and its time control."""

    index: int
    cmd: str
    name: str
    options: dict[str, str]
    limits: TimeControl

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
            elif key in ("cmd", "name") + LIMIT_KEYS:
                values[key] = value
            else:
                raise ConfigError(f"--engine: unknown key {key!r} (cmd, name, option.NAME, {', '.join(LIMIT_KEYS)})")
        if not values.get("cmd"):
            raise ConfigError("--engine needs cmd=PATH")
        own = time_control(values)
        limits = own if not own.empty else default_limits
        if limits.empty:
            raise ConfigError(f"engine {index + 1}: no limit: give --depth/--movetime/--nodes/--tc or depth=... in --engine")
        name = values.get("name") or os.path.basename(shlex.split(values["cmd"])[0])
        return cls(index, values["cmd"], name, options, limits)


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


# --- openings and schedule ----------------------------------------------------------------


def read_openings(path: str, game: str, variant: dict[str, str]) -> list[tuple[str, ...]]:
    """Opening move lists from `path` (one per line; ``#`` comments), checked by the rules."""
    openings = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            moves = line.replace(",", " ").split()
            if moves and moves[0] == "moves":
                moves = moves[1:]
            position = rules.new_game(game, variant)
            try:
                for move in moves:
                    position.play(move)
            except rules.IllegalMove as error:
                raise ConfigError(f"{path}:{number}: {error}") from None
            if position.outcome is not None:
                raise ConfigError(f"{path}:{number}: the game is already over after this opening")
            openings.append(tuple(position.moves))
    if not openings:
        raise ConfigError(f"{path}: no openings")
    return openings


def random_opening(game: str, variant: dict[str, str], plies: int, seed: int, number: int) -> tuple[str, ...]:
    """`plies` random legal moves, reproducible from (seed, number); never a finished game."""
    rng = random.Random(f"arbor-opening:{seed}:{number}")
    for _ in range(1000):
        position = rules.new_game(game, variant)
        for _ in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            position.play(rng.choice(moves))
        if position.outcome is None:
            return tuple(position.moves)
    raise ConfigError(f"cannot find a random opening of {plies} plies that is not finished")


def schedule(engine_count: int, games: int, openings: list[tuple[str, ...]] | None,
             game: str, variant: dict[str, str], plies: int, seed: int) -> list[Job]:
    """All games in play order: rounds of pairings, each a pair with colours swapped.

    With two engines `games` is the total; in a round-robin it is the games per pairing.
    Every pairing plays the same opening in the same round.
    """
    pairings = [(a, b) for a in range(engine_count) for b in range(a + 1, engine_count)]
    rounds = (games + 1) // 2
    jobs: list[Job] = []
    for round_number in range(rounds):
        if openings is not None:
            opening = openings[round_number % len(openings)]
        else:
            opening = random_opening(game, variant, plies, seed, round_number)
        for k, (a, b) in enumerate(pairings):
            pair = round_number * len(pairings) + k
            jobs.append(Job(2 * pair, pair, a, b, opening))
            if 2 * round_number + 1 < games:
                jobs.append(Job(2 * pair + 1, pair, b, a, opening))
    return jobs


# --- playing one game -----------------------------------------------------------------------


class EnginePool:
    """The engine processes of one worker thread, started lazily and restarted after a failure."""

    def __init__(self, config: Config, worker: int, registry: "Registry") -> None:
        self.config = config
        self.worker = worker
        self.registry = registry
        self.engines: dict[int, Engine] = {}
        self.logs: list[TextIO] = []

    def get(self, index: int) -> Engine:
        engine = self.engines.get(index)
        if engine is not None and engine.alive:
            return engine
        spec = self.config.engines[index]
        stderr: Any = open(os.devnull, "w")
        transcript = None
        if self.config.log_dir:
            base = os.path.join(self.config.log_dir, f"{spec.name}-w{self.worker}")
            stderr = open(base + ".stderr.log", "a")
            transcript = open(base + ".protocol.log", "a", encoding="utf-8")
            self.logs.append(transcript)
        self.logs.append(stderr)
        engine = Engine.popen(spec.cmd, name=spec.name, options=spec.options,
                              timeout=max(5.0, self.config.hang_timeout), stderr=stderr, transcript=transcript)
        self.engines[index] = engine
        self.registry.add(engine)
        return engine

    def discard(self, index: int) -> None:
        """Kills engine `index` (it misbehaved); the next game starts a fresh process."""
        engine = self.engines.pop(index, None)
        self.registry.restarts[index] = self.registry.restarts.get(index, 0) + 1
        if engine is not None:
            engine.kill()
            engine.close(grace=0.1)
            self.registry.remove(engine)

    def close(self) -> None:
        """Ends every engine (quit, then kill) and closes the log files."""
        for index in list(self.engines):
            engine = self.engines.pop(index)
            engine.close()
            self.registry.remove(engine)
        for handle in self.logs:
            handle.close()
        self.logs.clear()


class Registry:
    """Live engines of all workers, so a second Ctrl-C can kill them all."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.live: set[Engine] = set()
        self.restarts: dict[int, int] = {}

    def add(self, engine: Engine) -> None:
        with self.lock:
            self.live.add(engine)

    def remove(self, engine: Engine) -> None:
        with self.lock:
            self.live.discard(engine)

    def kill_all(self) -> None:
        with self.lock:
            engines = list(self.live)
        for engine in engines:
            engine.kill()


def _search_limit(limits: TimeControl, side: int, clocks: dict[int, float]) -> Limit:
    wtime = btime = winc = binc = None
    if limits.base_ms is not None:
        own = clocks[side]
        other = clocks.get(1 - side, own)
        wtime, btime = (own, other) if side == rules.FIRST else (other, own)
        winc = binc = limits.inc_ms
    return Limit(depth=limits.depth, movetime=limits.movetime, nodes=limits.nodes,
                 wtime=None if wtime is None else int(wtime), btime=None if btime is None else int(btime),
                 winc=None if winc is None else int(winc), binc=None if binc is None else int(binc))


def _adjudicate(adjudication: Adjudication, history: list[tuple[int, int | None]]) -> rules.Outcome | None:
    """history: (side, score from the mover's view or None) per ply after the opening."""
    if adjudication.draw:
        count, threshold = adjudication.draw
        last = history[-count:]
        if len(last) == count and all(s is not None and abs(s) <= threshold for _, s in last):
            return rules.Outcome(None, f"adjudication: draw (|score| <= {threshold} for {count} plies)")
    if adjudication.resign:
        count, threshold = adjudication.resign
        last = history[-2 * count:]
        if len(last) == 2 * count and all(s is not None for _, s in last):
            # Both sides agree for `count` moves each: the loser sees <= -M, the winner >= M.
            for loser in (rules.FIRST, rules.SECOND):
                if all((s <= -threshold) if side == loser else (s >= threshold) for side, s in last):
                    return rules.Outcome(1 - loser, f"adjudication: resign ({'XO'[loser]} score <= -{threshold} "
                                                    f"for {count} moves)")
    return None


def play_game(job: Job, config: Config, pool: EnginePool, stop: threading.Event) -> dict[str, Any] | None:
    """Plays one game and returns its record, or None when `stop` interrupted it."""
    position = rules.new_game(config.game, config.variant)
    for move in job.opening:
        position.play(move)
    players = (job.first, job.second)
    specs = [config.engines[i] for i in players]
    clocks = {side: spec.limits.base_ms for side, spec in enumerate(specs) if spec.limits.base_ms is not None}
    log: list[dict[str, Any]] = []
    history: list[tuple[int, int | None]] = []
    outcome: rules.Outcome | None = None
    started = time.time()

    def forfeit(side: int, reason: str, restart: bool = True) -> rules.Outcome:
        if restart:
            pool.discard(players[side])
        return rules.Outcome(1 - side, f"{specs[side].name} ({'XO'[side]}): {reason}")

    for side, index in enumerate(players):
        try:
            engine = pool.get(index)
            engine.new_game(config.game, **config.variant)
            # As UCI runners do: the engine finishes its set-up (tables, hash) before any clock runs.
            engine.is_ready(timeout=max(10.0, config.hang_timeout))
        except EngineError as error:
            outcome = forfeit(side, f"failed to start a game: {error}")
            break

    while outcome is None and position.outcome is None:
        if stop.is_set():
            return None
        side = position.side_to_move
        spec = specs[side]
        limit = _search_limit(spec.limits, side, clocks)
        if side in clocks:
            timeout = (clocks[side] + config.margin_ms) / 1000.0 + 0.1
        elif spec.limits.movetime is not None:
            timeout = (spec.limits.movetime + config.margin_ms) / 1000.0 + 0.25
        else:
            timeout = config.hang_timeout
        try:
            engine = pool.get(players[side])
            engine.position(moves=position.moves)
            result = engine.play(limit, timeout=timeout)
        except EngineTimeout:
            what = "time forfeit (no move in time)" if spec.limits.timed else f"hang (no move in {timeout:g} s)"
            outcome = forfeit(side, what)
            break
        except EngineTerminated as error:
            outcome = forfeit(side, f"crash ({error.message})")
            break
        except EngineError as error:
            outcome = forfeit(side, f"engine error ({error.message})")
            break
        elapsed_ms = result.elapsed * 1000.0
        score = result.score
        log.append({"move": result.move, "time_ms": round(elapsed_ms, 1),
                    "score": None if score is None else str(score), "depth": result.depth,
                    "nodes": result.nodes})
        if side in clocks:
            clocks[side] -= elapsed_ms
            if clocks[side] < -config.margin_ms:
                outcome = forfeit(side, f"time forfeit ({-clocks[side]:.0f} ms over)", restart=False)
                break
            clocks[side] += spec.limits.inc_ms
        elif spec.limits.movetime is not None and elapsed_ms > spec.limits.movetime + config.margin_ms:
            outcome = forfeit(side, f"time forfeit ({elapsed_ms:.0f} ms for movetime {spec.limits.movetime})",
                              restart=False)
            break
        try:
            position.play(result.move)
        except rules.IllegalMove as error:
            outcome = forfeit(side, f"illegal move {result.move!r} ({error})")
            break
        history.append((side, None if score is None else score.relative_cp()))
        if position.outcome is None:
            outcome = _adjudicate(config.adjudication, history)

    if outcome is None:
        outcome = position.outcome
    assert outcome is not None
    names = [spec.name for spec in specs]
    if outcome.winner is None:
        result_text, points = "1/2-1/2", {players[0]: 0.5, players[1]: 0.5}
    else:
        result_text = "1-0" if outcome.winner == rules.FIRST else "0-1"
        points = {players[outcome.winner]: 1.0, players[1 - outcome.winner]: 0.0}
    return {
        "type": "game", "index": job.index, "pair": job.pair,
        "game": config.game, "variant": config.variant,
        "engines": {"X": names[0], "O": names[1]}, "engine_index": {"X": players[0], "O": players[1]},
        "opening": list(job.opening), "moves": log,
        "result": result_text, "winner": None if outcome.winner is None else names[outcome.winner],
        "reason": outcome.reason, "points": {str(k): v for k, v in points.items()},
        "started": round(started, 3), "duration_s": round(time.time() - started, 3),
    }


def worker_loop(worker: int, config: Config, jobs: "queue.Queue[Job]", results: "queue.Queue[dict]",
                stop: threading.Event, registry: Registry) -> None:
    pool = EnginePool(config, worker, registry)
    try:
        while not stop.is_set():
            try:
                job = jobs.get_nowait()
            except queue.Empty:
                break
            try:
                record = play_game(job, config, pool, stop)
            except Exception as error:  # a runner bug must not lose the match: report, go on
                results.put({"type": "error", "index": job.index, "error": repr(error)})
                continue
            if record is not None:
                results.put(record)
            if config.fresh:
                pool.close()
    finally:
        pool.close()


# --- statistics ---------------------------------------------------------------------------


class Tally:
    """Results between engine `a` and `b` from a's view, with pair bookkeeping."""

    def __init__(self) -> None:
        self.wins = self.draws = self.losses = 0
        self.pairs: dict[int, list[float]] = {}

    def add(self, pair: int, points: float) -> None:
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        self.pairs.setdefault(pair, []).append(points)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def ptnml(self) -> list[int]:
        counts = [0] * 5
        for scores in self.pairs.values():
            if len(scores) == 2:
                counts[int(round(sum(scores) * 2))] += 1
        return counts


class Standings:
    """All results of a match or tournament."""

    def __init__(self, engines: list[EngineSpec]) -> None:
        self.engines = engines
        self.tallies: dict[tuple[int, int], Tally] = {}
        self.reasons: dict[str, int] = {}
        self.records = 0

    def add(self, record: dict[str, Any]) -> None:
        x, o = record["engine_index"]["X"], record["engine_index"]["O"]
        a, b = min(x, o), max(x, o)
        points = record["points"][str(a)]
        self.tallies.setdefault((a, b), Tally()).add(record["pair"], points)
        reason = record["reason"]
        # Group reasons without the detail in parentheses, e.g. "d6 (X): illegal move".
        key = reason.split(" (", 1)[0]
        if "): " in reason:
            head, _, tail = reason.partition("): ")
            key = head + "): " + tail.split(" (")[0].split(" '")[0]
        self.reasons[key] = self.reasons.get(key, 0) + 1
        self.records += 1

    def tally(self, a: int = 0, b: int = 1) -> Tally:
        return self.tallies.get((a, b), Tally())

    def points(self, index: int) -> tuple[float, int]:
        total, games = 0.0, 0
        for (a, b), t in self.tallies.items():
            if index == a:
                total += t.wins + t.draws / 2
                games += t.games
            elif index == b:
                total += t.losses + t.draws / 2
                games += t.games
        return total, games


def progress_line(standings: Standings, done: int, total: int, config: Config) -> str:
    if len(config.engines) == 2:
        t = standings.tally()
        text = (f"Games {done}/{total}  {config.engines[0].name} vs {config.engines[1].name}: "
                f"W {t.wins} D {t.draws} L {t.losses}")
        if t.games:
            ptnml = t.ptnml()
            est = stats.pentanomial_elo(ptnml) if sum(ptnml) > 1 else stats.trinomial_elo(t.wins, t.draws, t.losses)
            text += f"  Elo {stats._fmt(est.elo)} +/- {stats._fmt(est.error)}"
            if config.sprt is not None:
                counts = ptnml if sum(ptnml) else [t.losses, t.draws, t.wins]
                text += f"  LLR {config.sprt.llr(counts):.2f}"
        return text
    leaders = sorted(range(len(config.engines)), key=lambda i: -standings.points(i)[0])
    return f"Games {done}/{total}  " + "  ".join(
        f"{config.engines[i].name} {standings.points(i)[0]:g}/{standings.points(i)[1]}" for i in leaders[:4])


def final_report(standings: Standings, config: Config, played: int, interrupted: bool,
                 decision: str | None, registry: Registry) -> list[str]:
    engines = config.engines
    lines = ["-" * 60]
    limits = "; ".join(f"{e.name}: {e.limits.describe()}" for e in engines)
    variant = " ".join(f"{k}={v}" for k, v in config.variant.items())
    header = f"{config.game}{' ' + variant if variant else ''}, {limits}, openings: {config.opening_source}"
    if len(engines) == 2:
        t = standings.tally()
        lines.append(f"Results of {engines[0].name} vs {engines[1].name} ({header}):")
        lines += stats.report(t.wins, t.draws, t.losses, t.ptnml(), config.sprt)
        if decision:
            lines.append(f"SPRT: {decision} accepted")
    else:
        lines.append(f"Round-robin ({header}):")
        lines += crosstable(standings, engines)
    lines.append("-" * 60)
    lines.append(f"{'Engine':<16} {'Games':>5} {'W':>5} {'D':>5} {'L':>5} {'Points':>7} {'Score':>7}  Restarts")
    for e in engines:
        w = d = l = 0
        for (a, b), t in standings.tallies.items():
            if e.index == a:
                w, d, l = w + t.wins, d + t.draws, l + t.losses
            elif e.index == b:
                w, d, l = w + t.losses, d + t.draws, l + t.wins
        games = w + d + l
        score = f"{(w + d / 2) / games * 100:.1f}%" if games else "-"
        restarts = registry.restarts.get(e.index, 0)
        lines.append(f"{e.name:<16} {games:>5} {w:>5} {d:>5} {l:>5} {w + d / 2:>7.1f} {score:>7}  {restarts}")
    if standings.reasons:
        lines.append("Endings: " + ", ".join(f"{k}: {v}" for k, v in
                                             sorted(standings.reasons.items(), key=lambda kv: -kv[1])))
    status = "interrupted" if interrupted else ("stopped by SPRT" if decision else "finished")
    lines.append(f"Match {status}: {standings.records} games recorded ({played} this run)"
                 + (f", records in {config.out}" if config.out else ""))
    return lines


def crosstable(standings: Standings, engines: list[EngineSpec]) -> list[str]:
    order = sorted(range(len(engines)), key=lambda i: -standings.points(i)[0])
    width = max(8, max(len(e.name) for e in engines))
    head = f"{'#':>2} {'Engine':<{width}} {'Points':>7} {'Games':>5} {'Elo':>16}  " + " ".join(
        f"{engines[i].name[:9]:>9}" for i in order)
    lines = [head]
    for rank, i in enumerate(order, 1):
        points, games = standings.points(i)
        w = d = l = 0
        for (a, b), t in standings.tallies.items():
            if i == a:
                w, d, l = w + t.wins, d + t.draws, l + t.losses
            elif i == b:
                w, d, l = w + t.losses, d + t.draws, l + t.wins
        elo = "-"
        if games:
            est = stats.trinomial_elo(w, d, l)
            elo = f"{stats._fmt(est.elo)} +/- {stats._fmt(est.error)}"
        cells = []
        for j in order:
            if i == j:
                cells.append(f"{'-':>9}")
                continue
            a, b = min(i, j), max(i, j)
            t = standings.tally(a, b)
            mine = (t.wins if i == a else t.losses) + t.draws / 2
            cells.append(f"{f'{mine:g}/{t.games}':>9}")
        lines.append(f"{rank:>2} {engines[i].name:<{width}} {points:>7.1f} {games:>5} {elo:>16}  " + " ".join(cells))
    return lines


# --- records --------------------------------------------------------------------------------


def match_header(config: Config) -> dict[str, Any]:
    return {
        "type": "match", "version": RECORD_VERSION, "game": config.game, "variant": config.variant,
        "games": config.games, "openings": config.opening_source,
        "engines": [{"name": e.name, "cmd": e.cmd, "options": e.options, "limits": e.limits.describe()}
                    for e in config.engines],
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


# --- main -----------------------------------------------------------------------------------


def build_config(argv: Sequence[str] | None) -> tuple[Config, argparse.Namespace]:
    parser = argparse.ArgumentParser(
        description="Play matches between arbor engines, refereed in Python, with Elo/LOS/SPRT.",
        epilog="Example: match.py --game tictactoe --games 200 --engine cmd=target/release/arbor "
               "name=d6 depth=6 --engine cmd=target/release/arbor name=d2 depth=2 --random-plies 2 "
               "--out games.jsonl")
    parser.add_argument("--engine", action="append", nargs="+", required=True, metavar="KEY=VALUE",
                        help="cmd=PATH [name=N] [option.NAME=V ...] [depth=N movetime=MS nodes=N tc=S+I] "
                             "(limit keys replace the global limits for this engine)")
    parser.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE",
                        help="variant option, e.g. cols=7 rows=6, size=15 rule=standard")
    parser.add_argument("--games", type=int, default=100,
                        help="total games (round-robin: games per pairing); default 100")
    parser.add_argument("--depth", type=str, help="fixed depth per move")
    parser.add_argument("--movetime", type=str, help="milliseconds per move")
    parser.add_argument("--nodes", type=str, help="nodes per move")
    parser.add_argument("--tc", type=str, help="clock SECONDS+INCREMENT tracked by the runner, e.g. 10+0.1")
    parser.add_argument("--timemargin", type=float, default=100.0, metavar="MS",
                        help="overrun allowed on movetime/clock before a time loss (default 100 ms)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds without a move before a depth/nodes search counts as hung (default 60)")
    openings = parser.add_mutually_exclusive_group()
    openings.add_argument("--openings", metavar="FILE", help="one opening per line: a move list")
    openings.add_argument("--random-plies", type=int, default=None, metavar="K",
                          help="random legal opening plies (default 2 when no --openings)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random openings (default 1)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1,
                        help="games at once (default: number of cores)")
    parser.add_argument("--adjudicate", nargs="+", default=[], metavar="RULE",
                        help="draw=N,M: draw when |score| <= M for N plies; resign=N,M: a side loses when "
                             "for N moves each it sees <= -M and the opponent >= M (off by default)")
    parser.add_argument("--sprt", nargs="*", default=None, metavar="KEY=VALUE",
                        help="sequential test: elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic|"
                             "bayesian]; stops when a bound is crossed")
    parser.add_argument("--tournament", choices=["round-robin"], help="needed for more than two engines")
    parser.add_argument("--out", metavar="FILE", help="append every finished game as a JSON line")
    parser.add_argument("--resume", action="store_true", help="continue the match recorded in --out")
    parser.add_argument("--log-dir", metavar="DIR",
                        help="write each engine's protocol transcript and stderr there")
    parser.add_argument("--fresh-engines", action="store_true",
                        help="start fresh engine processes for every game (default: reuse them with newgame)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    parser.add_argument("--verbose", action="store_true", help="one line per finished game")
    args = parser.parse_args(argv)

    try:
        variant = {}
        for item in args.variant:
            key, sep, value = item.partition("=")
            if not sep:
                raise ConfigError(f"--variant: expected key=value, got {item!r}")
            variant[key] = value
        try:
            rules.new_game(args.game, variant)
        except rules.VariantError as error:
            raise ConfigError(f"--variant: {error}") from None
        default_limits = time_control({"depth": args.depth, "movetime": args.movetime,
                                       "nodes": args.nodes, "tc": args.tc})
        engines = [EngineSpec.parse(i, items, default_limits) for i, items in enumerate(args.engine)]
        if len(engines) < 2:
            raise ConfigError("give at least two --engine")
        if len(engines) > 2 and args.tournament is None:
            raise ConfigError("more than two engines need --tournament round-robin")
        names = [e.name for e in engines]
        for spec in engines:  # the same binary twice: arbor-1, arbor-2
            if names.count(spec.name) > 1:
                spec.name = f"{spec.name}-{spec.index + 1}"
        if args.games <= 0:
            raise ConfigError("--games must be positive")
        if args.concurrency <= 0:
            raise ConfigError("--concurrency must be positive")
        if args.resume and not args.out:
            raise ConfigError("--resume needs --out FILE")
        sprt_setup = None
        if args.sprt is not None:
            if len(engines) != 2:
                raise ConfigError("--sprt needs exactly two engines")
            try:
                sprt_setup = stats.Sprt.parse(args.sprt)
            except ValueError as error:
                raise ConfigError(str(error)) from None
        if args.openings:
            opening_list = read_openings(args.openings, args.game, variant)
            source = f"file {args.openings}"
            plies = 0
        else:
            opening_list = None
            plies = 2 if args.random_plies is None else args.random_plies
            if plies < 0:
                raise ConfigError("--random-plies must be >= 0")
            source = f"random {plies} plies, seed {args.seed}"
        jobs = schedule(len(engines), args.games, opening_list, args.game, variant, plies, args.seed)
        if args.log_dir:
            os.makedirs(args.log_dir, exist_ok=True)
        config = Config(
            game=args.game, variant=variant, engines=engines, games=args.games, jobs=jobs,
            concurrency=min(args.concurrency, len(jobs)), margin_ms=args.timemargin,
            hang_timeout=args.timeout, adjudication=Adjudication.parse(args.adjudicate),
            sprt=sprt_setup, out=args.out, opening_source=source, log_dir=args.log_dir, fresh=args.fresh_engines,
            quiet=args.quiet, verbose=args.verbose)
    except (ConfigError, OSError) as error:
        parser.error(str(error))
    return config, args


def check_engines(config: Config) -> None:
    """Starts each engine once: handshake, options and the game must be accepted."""
    for spec in config.engines:
        try:
            with Engine.popen(spec.cmd, name=spec.name, options=spec.options, timeout=10.0,
                              stderr=open(os.devnull, "w")) as engine:
                engine.new_game(config.game, **config.variant)
        except EngineError as error:
            raise ConfigError(f"engine {spec.name} ({spec.cmd}): {error}") from None


def run(config: Config, resume: bool) -> int:
    previous: list[dict[str, Any]] = []
    out: TextIO | None = None
    header = match_header(config)
    if config.out and os.path.exists(config.out) and os.path.getsize(config.out) > 0:
        if not resume:
            raise ConfigError(f"{config.out} exists: use --resume to continue it, or another --out")
        old_header, previous = load_records(config.out)
        if old_header is not None:
            for key in ("game", "variant", "openings"):
                if old_header.get(key) != header[key]:
                    raise ConfigError(f"--resume: {key} differs from the recorded match "
                                      f"({old_header.get(key)!r} != {header[key]!r})")
            if [e["name"] for e in old_header["engines"]] != [e.name for e in config.engines]:
                raise ConfigError("--resume: the engines differ from the recorded match")
    standings = Standings(config.engines)
    done = set()
    for record in previous:
        if record["index"] not in done:
            done.add(record["index"])
            standings.add(record)
    if config.out:
        out = open(config.out, "a", encoding="utf-8")
        if not previous and os.path.getsize(config.out) == 0:
            out.write(json.dumps(header) + "\n")
            out.flush()
    pending = [job for job in config.jobs if job.index not in done]
    total = len(config.jobs)
    jobs: queue.Queue[Job] = queue.Queue()
    for job in pending:
        jobs.put(job)
    results: queue.Queue[dict] = queue.Queue()
    stop = threading.Event()
    registry = Registry()
    workers = [threading.Thread(target=worker_loop, name=f"match-worker-{i}", daemon=True,
                                args=(i, config, jobs, results, stop, registry))
               for i in range(min(config.concurrency, max(1, len(pending))))]
    tty = sys.stderr.isatty()
    every = max(1, total // 20)
    played = 0
    decision: str | None = None
    interrupted = False

    def handle(record: dict[str, Any]) -> None:
        nonlocal played, decision
        if record.get("type") == "error":
            print(f"\nrunner error in game {record['index']}: {record['error']}", file=sys.stderr)
            return
        if record["index"] in done:
            return
        done.add(record["index"])
        played += 1
        if out is not None:
            out.write(json.dumps(record) + "\n")
            out.flush()
        standings.add(record)
        if config.verbose:
            print(f"{'' if not tty else chr(13)}Finished game {record['index'] + 1} "
                  f"({record['engines']['X']} vs {record['engines']['O']}): {record['result']} "
                  f"{{{record['reason']}}}", file=sys.stderr)
        if config.sprt is not None and decision is None:
            t = standings.tally()
            ptnml = t.ptnml()
            counts = ptnml if sum(ptnml) else [t.losses, t.draws, t.wins]
            decision = config.sprt.decision(config.sprt.llr(counts))
            if decision:
                stop.set()
        if not config.quiet and (tty or len(done) % every == 0 or len(done) == total):
            line = progress_line(standings, len(done), total, config)
            print(("\r" + line.ljust(100)) if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

    for worker in workers:
        worker.start()
    try:
        while any(w.is_alive() for w in workers) or not results.empty():
            try:
                handle(results.get(timeout=0.1))
            except queue.Empty:
                pass
            if stop.is_set():
                break
    except KeyboardInterrupt:
        interrupted = True
        print("\nInterrupted: finishing cleanly (Ctrl-C again to kill the engines)...", file=sys.stderr)
    stop.set()
    try:
        for worker in workers:
            while worker.is_alive():
                worker.join(0.1)
                while not results.empty():
                    handle(results.get_nowait())
    except KeyboardInterrupt:
        registry.kill_all()
        for worker in workers:
            worker.join(5.0)
    while not results.empty():
        handle(results.get_nowait())
    if out is not None:
        out.close()
    if tty and not config.quiet:
        print(file=sys.stderr)
    for line in final_report(standings, config, played, interrupted, decision, registry):
        print(line)
    return 130 if interrupted else 0


def main(argv: Sequence[str] | None = None) -> int:
    config, args = build_config(argv)
    try:
        check_engines(config)
        return run(config, args.resume)
    except ConfigError as error:
        print(f"match.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("match.py: interrupted before the match started", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
