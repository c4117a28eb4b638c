#!/usr/bin/env python3
"""Gomoku benchmark for arbor: forced wins proven, and search speed from openings.

Runs each position of gomoku/forced_wins_freestyle15.tsv (see its README) through the
arbor binary's text protocol with a fresh process and `go movetime`, and reports whether
and when arbor reported a proven win (`score win N`), and whether its move matches the
reference engine's. Then searches a few openings for a fixed time each and reports the
depth reached and nodes per second (medians).

Standard library only. Example:
    cargo build --release
    python3 scripts/bench/bench_gomoku.py --movetime 3000 ../shared/benchdata
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]  # the checkout: its target/ and, beside it, shared/
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools.client import end_process  # noqa: E402

SIZE = 15
# 3-stone openings as offsets from the centre (the format of openings_freestyle15_sample.txt),
# used when that file is absent.
DEFAULT_OPENINGS = ["0,0, 1,1, 2,0", "0,0, 0,1, 2,2", "0,0, 1,0, -1,2", "0,0, 1,1, 0,2"]


def square(x: int, y: int) -> str:
    """Gomocup 0-based x,y as arbor's algebraic square (column letter, row y + 1)."""
    return f"{chr(ord('a') + x)}{y + 1}"


@dataclass
class SearchOutcome:
    best: str
    first_win_ms: float | None
    win_plies: int | None
    depth: int
    nodes: int
    elapsed_ms: float
    last_score: str
    nps: int = 0
    first_win_cpu_ms: float | None = None


def parse_info(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """The one-value fields of an `info` line, and its score words (`cp 12`, `win 5`, `draw`)."""
    fields: dict[str, str] = {}
    score: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word == "pv":
            break
        if word == "score":
            length = 1 if words[i + 1] == "draw" else 2
            score = words[i + 1 : i + 1 + length]
            i += 1 + length
        else:
            fields[word] = words[i + 1] if i + 1 < len(words) else ""
            i += 2
    return fields, score


def cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of process `pid` (None where /proc is absent)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Engine:
    """One arbor process speaking the text protocol."""

    def __init__(self, path: str) -> None:
        self.process = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.first_win_cpu: float | None = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if self.first_win_cpu is None and line.startswith("info") and " score win " in line:
                # Read as the line arrives: the engine's CPU time so far (the load on a
                # shared machine changes wall times far more than CPU times).
                self.first_win_cpu = cpu_seconds(self.process.pid)
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def command(self, line: str, timeout: float = 10.0) -> list[str]:
        """Sends a command and returns its response lines (up to the empty line)."""
        self.send(line)
        response: list[str] = []
        deadline = time.monotonic() + timeout
        while True:
            item = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if item is None:
                raise RuntimeError(f"arbor exited after {line!r}")
            if item == "" and response:
                return response
            if item:
                response.append(item)

    def search(self, go: str, timeout: float) -> SearchOutcome:
        start = time.monotonic()
        response = self.command(go)
        if response[0].startswith("?"):
            raise RuntimeError(f"{go}: {response[0]}")
        outcome = SearchOutcome("", None, None, 0, 0, 0.0, "")
        deadline = start + timeout
        while True:
            item = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            if item is None:
                raise RuntimeError("arbor exited during a search")
            words = item.split()
            if words[:1] == ["info"]:
                fields, score = parse_info(words[1:])
                outcome.depth = int(fields.get("depth", 0))
                outcome.nodes = int(fields.get("nodes", 0))
                outcome.nps = int(fields.get("nps", 0))
                outcome.last_score = " ".join(score)
                if score[:1] == ["win"] and outcome.first_win_ms is None:
                    outcome.first_win_ms = float(fields.get("time", 0))
                    outcome.win_plies = int(score[1])
            elif words[:1] == ["bestmove"]:
                if self.first_win_cpu is not None:
                    outcome.first_win_cpu_ms = self.first_win_cpu * 1000
                outcome.best = words[1]
                outcome.elapsed_ms = (time.monotonic() - start) * 1000
                return outcome

    def close(self) -> None:
        try:
            self.send("quit")
        except (OSError, ValueError):
            pass
        end_process(self.process, own_group=False, grace=5.0, reader=self._reader)


def set_options(engine: "Engine", options: list[tuple[str, str]]) -> None:
    """Sends `setoption` for each (name, value); a refused one ends the benchmark."""
    for name, value in options:
        answer = engine.command(f"setoption name {name} value {value}")
        if any(line.startswith("?") for line in answer):
            raise SystemExit(f"option {name}={value} refused: {' '.join(answer)}")


def parse_option(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def forced_wins(
    engine_path: str, data: Path, movetime: int, options: list[tuple[str, str]]
) -> None:
    path = data / "gomoku" / "forced_wins_freestyle15.tsv"
    if not path.exists():
        print(f"forced wins: skipped, {path} is absent")
        return
    rows = [line.split("\t") for line in path.read_text().splitlines() if line.strip()]
    header, rows = rows[0], rows[1:]
    column = {name: i for i, name in enumerate(header)}
    print(f"forced wins: {len(rows)} positions, go movetime {movetime}")
    print(
        f"{'id':<11} {'ref':<12} {'arbor':<7} {'proven':<9} {'at ms':>7} {'cpu ms':>7} "
        f"{'depth':>5} {'nodes':>9}"
    )
    proved, times, cpu_times = 0, [], []
    for row in rows:
        moves = [square(*map(int, xy.split(","))) for xy in row[column["moves"]].split()]
        references = {
            square(*map(int, row[column[key]].split(",")))
            for key in ("selfplay_move", "probe_move")
            if "," in row[column[key]]
        }
        engine = Engine(engine_path)
        try:
            engine.command(f"game gomoku size={row[column['size']]} rule=freestyle")
            set_options(engine, options)
            engine.command(f"position list {' '.join(moves)}")
            outcome = engine.search(f"go movetime {movetime}", timeout=movetime / 1000 + 10)
        finally:
            engine.close()
        reference = f"{'/'.join(sorted(references))}+M{row[column['selfplay_mate_plies']]}"
        proven = f"win {outcome.win_plies}" if outcome.win_plies is not None else "-"
        at = f"{outcome.first_win_ms:.0f}" if outcome.first_win_ms is not None else "-"
        cpu = f"{outcome.first_win_cpu_ms:.0f}" if outcome.first_win_cpu_ms is not None else "-"
        match = "=" if outcome.best in references else " "
        print(
            f"{row[column['id']]:<11} {reference:<12} {outcome.best:<6}{match} {proven:<9} "
            f"{at:>7} {cpu:>7} {outcome.depth:>5} {outcome.nodes:>9}"
        )
        if outcome.win_plies is not None:
            proved += 1
            times.append(outcome.first_win_ms or 0.0)
            if outcome.first_win_cpu_ms is not None:
                cpu_times.append(outcome.first_win_cpu_ms)
    median = f", median time to proof {statistics.median(times):.0f} ms" if times else ""
    if cpu_times:
        median += f" ({statistics.median(cpu_times):.0f} ms CPU, from process start)"
    print(f"proved {proved}/{len(rows)}{median}")


def speed(engine_path: str, data: Path, movetime: int, options: list[tuple[str, str]]) -> None:
    path = data / "gomoku" / "openings_freestyle15_sample.txt"
    openings = (
        [line for line in path.read_text().splitlines() if line.strip()]
        if path.exists()
        else DEFAULT_OPENINGS
    )
    print(f"speed: {len(openings)} openings, go movetime {movetime}")
    depths, rates = [], []
    for opening in openings:
        numbers = [int(n) for n in opening.replace(",", " ").split()]
        centre = SIZE // 2
        moves = [square(centre + dx, centre + dy) for dx, dy in zip(numbers[::2], numbers[1::2])]
        engine = Engine(engine_path)
        try:
            engine.command(f"game gomoku size={SIZE}")
            set_options(engine, options)
            engine.command(f"position list {' '.join(moves)}")
            outcome = engine.search(f"go movetime {movetime}", timeout=movetime / 1000 + 10)
        finally:
            engine.close()
        rate = outcome.nps  # the engine's own figure at its last completed depth
        depths.append(outcome.depth)
        rates.append(rate)
        print(
            f"  {' '.join(moves):<12} depth {outcome.depth:>2} score {outcome.last_score:<10} "
            f"nodes {outcome.nodes:>9} nps {rate:>9.0f} best {outcome.best}"
        )
    print(f"median depth {statistics.median(depths)}, median nps {statistics.median(rates):.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "data",
        nargs="?",
        default=str(REPO / ".." / "shared" / "benchdata"),
        help="the benchdata folder (default: ../shared/benchdata next to the repository)",
    )
    parser.add_argument(
        "--engine", default=str(REPO / "target" / "release" / "arbor"), help="the arbor binary"
    )
    parser.add_argument("--movetime", type=int, default=3000, help="ms per forced-win position")
    parser.add_argument("--speed-movetime", type=int, default=1000, help="ms per opening")
    parser.add_argument("--skip-wins", action="store_true", help="only measure speed")
    parser.add_argument("--skip-speed", action="store_true", help="only run the forced wins")
    parser.add_argument(
        "--option",
        type=parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set an engine option (setoption) before each search; repeatable",
    )
    args = parser.parse_args()
    if not Path(args.engine).exists():
        print(f"no engine at {args.engine}: run cargo build --release", file=sys.stderr)
        return 2
    data = Path(args.data)
    if not args.skip_wins:
        forced_wins(args.engine, data, args.movetime, args.option)
    if not args.skip_speed:
        speed(args.engine, data, args.speed_movetime, args.option)
    return 0


if __name__ == "__main__":
    sys.exit(main())
