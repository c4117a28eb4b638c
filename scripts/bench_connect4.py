#!/usr/bin/env python3
"""Run Pascal Pons' Connect Four test sets through arbor's `go solve` over the text protocol.

For each line `<digits> <score>` of a set, sends `position digits <digits>` and `go solve`
to ONE engine process, reads the last `info` line and the `bestmove`, converts the proven
score to Pons' convention (win N with m discs on the board = +floor((44 - m - N) / 2),
loss N = the negation, draw = 0) and compares. Prints, per set: correct/total, mean round
trip time (from sending `go solve` to reading `bestmove`, so protocol and pipe costs are
included), mean engine-reported time (ms resolution) and mean nodes per position.

By default the engine's tables are kept between positions (like Pons' own benchmark);
`--newgame` sends `newgame` before every position instead (the solver table is then
released and its memory faulted in again by each solve).

Usage: python3 scripts/bench_connect4.py [--data ../shared/benchdata] [--engine target/release/arbor]
                                         [--limit N] [--newgame] [SET ...]
SET names a file of <data>/connect4 (default: every Test_* file except Test_L1_R3, which
needs hours; name it explicitly, with --limit).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


class Engine:
    """One arbor process spoken to line by line."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def readline(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("engine closed its output")
        return line.rstrip("\n")

    def ask(self, line: str) -> str:
        """Sends a command and returns the first line of its response (`=...` or `?...`)."""
        self.send(line)
        first = self.readline()
        while self.readline() != "":
            pass
        return first

    def solve(self) -> tuple[str, str, float]:
        """`go solve`: returns the last info line, the bestmove line and the round trip (s)."""
        start = time.perf_counter()
        self.send("go solve")
        answer = self.readline()
        if not answer.startswith("="):
            raise RuntimeError(f"go solve refused: {answer}")
        last_info = ""
        while True:
            line = self.readline()
            if line.startswith("info "):
                last_info = line
            elif line.startswith("bestmove "):
                return last_info, line, time.perf_counter() - start

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired, RuntimeError):
            self.proc.kill()


def field(info: str, name: str) -> str | None:
    """The word after `name` in an info line."""
    words = info.split()
    for i, word in enumerate(words[:-1]):
        if word == name:
            return words[i + 1]
    return None


def pons_score(info: str, discs: int) -> int | None:
    """Pons' score (7x6) from an info line's proven score, None if not proven."""
    words = info.split()
    if "score" not in words:
        return None
    kind_at = words.index("score") + 1
    kind = words[kind_at] if kind_at < len(words) else ""
    if kind == "draw":
        return 0
    if kind in ("win", "loss") and kind_at + 1 < len(words):
        plies = int(words[kind_at + 1])
        magnitude = (44 - discs - plies) // 2
        return magnitude if kind == "win" else -magnitude
    return None


def run_set(engine: Engine, path: Path, limit: int | None, newgame: bool) -> bool:
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    if limit is not None:
        lines = lines[:limit]
    correct = 0
    trips: list[float] = []
    engine_ms: list[int] = []
    nodes: list[int] = []
    for number, fields in enumerate(lines, 1):
        digits, expected = fields[0], int(fields[1])
        if newgame:
            engine.ask("newgame")
        answer = engine.ask(f"position digits {digits}")
        if not answer.startswith("="):
            print(f"{path.name}:{number}: {answer}", file=sys.stderr)
            continue
        info, bestmove, trip = engine.solve()
        trips.append(trip)
        engine_ms.append(int(field(info, "time") or 0))
        nodes.append(int(field(info, "nodes") or 0))
        got = pons_score(info, len(digits))
        if got == expected:
            correct += 1
        else:
            print(f"{path.name}:{number}: {digits}: got {got} ({info!r}, {bestmove}), expected {expected}",
                  file=sys.stderr)
    total = len(lines)
    if total == 0:
        print(f"{path.name}: no positions")
        return False
    print(f"{path.name}: {correct}/{total} correct, mean round trip {statistics.mean(trips) * 1e3:.3f} ms "
          f"(median {statistics.median(trips) * 1e3:.3f} ms), mean engine time {statistics.mean(engine_ms):.1f} ms, "
          f"mean nodes {statistics.mean(nodes):.0f}")
    return correct == total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="*", help="set names (files of DATA/connect4)")
    parser.add_argument("--data", default="../shared/benchdata", help="benchmark data folder (default ../shared/benchdata)")
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--limit", type=int, default=None, help="only the first N lines of each set")
    parser.add_argument("--newgame", action="store_true", help="send newgame before every position")
    args = parser.parse_args()

    folder = Path(args.data) / "connect4"
    if not folder.is_dir():
        print(f"{folder} not found: pass --data", file=sys.stderr)
        return 2
    names = args.sets or sorted(p.name for p in folder.glob("Test_*") if p.name != "Test_L1_R3")
    engine = Engine([args.engine])
    try:
        if not engine.ask("game connect4").startswith("="):
            print("the engine does not play connect4", file=sys.stderr)
            return 2
        print(f"engine {args.engine}, one process, newgame between positions: {'yes' if args.newgame else 'no'}")
        all_correct = True
        for name in names:
            path = folder / name
            if not path.is_file():
                print(f"{path} not found", file=sys.stderr)
                return 2
            all_correct &= run_set(engine, path, args.limit, args.newgame)
    finally:
        engine.close()
    return 0 if all_correct else 1


if __name__ == "__main__":
    sys.exit(main())
