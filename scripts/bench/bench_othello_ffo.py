#!/usr/bin/env python3
"""Othello endgame benchmark over the text protocol: solve FFO positions with `go solve`.

Reads othello_ffo40_59.txt (board, side to move, exact margin, optimal moves per line;
`#` comments) from the data folder, sends each position to the engine with `newgame`,
`position BOARD SIDE` and `go solve`, and prints the reported `score disc N`, the
bestmove, whether both are correct, the time and the nodes per position, then totals.

With `--ntest PATH --ntest-dir RUN_DIR` each position is also solved by NTest over NBoard
(`set depth 60`, `set game` with the position, `go`; NTest's run folder holds its resource
files), right after arbor, and both times are printed side by side with the ratio per
position, then the totals and the median ratio. On a loaded machine wall time measures the
scheduler as much as the program, so on Linux each program's CPU seconds (user + system,
all threads, from /proc/PID/stat) are printed too, with their ratios.

Usage: python3 scripts/bench/bench_othello_ffo.py [DATA_DIR] [--engine target/release/arbor]
       [--first N] [--skip K] [--ntest PATH --ntest-dir RUN_DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools.client import Engine, EngineError, Limit, end_process  # noqa: E402


@dataclass
class Case:
    number: int
    board: str
    side: str
    margin: int
    best_moves: list[str]


def load(path: str) -> list[Case]:
    cases = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            board, side, margin, moves = line.split()[:4]
            cases.append(Case(40 + len(cases), board, side, int(margin), moves.split(",")))
    return cases


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process `pid` (all its threads), or None off Linux."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def cpu_delta(pid: int, before: float | None) -> float:
    """CPU seconds of `pid` since `before` (nan when unknown)."""
    after = cpu_seconds(pid)
    return float("nan") if before is None or after is None else after - before


def median(values: list[float]) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


class NTest:
    """NTest driven over NBoard: one exact solve per position."""

    def __init__(self, path: str, run_dir: str) -> None:
        self.process = subprocess.Popen([path], cwd=run_dir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("nboard 2", "set depth 60")

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def solve(self, case: Case) -> tuple[str, float, float, float]:
        """The move, NTest's evaluation, the seconds from `go` to its answer and the CPU
        seconds NTest used meanwhile."""
        cells = case.board.replace("X", "*")
        side = "*" if case.side == "X" else "O"
        self.send(f"set game (;GM[Othello]PC[arbor]PB[b]PW[w]RE[?]TI[0:00//0:00]TY[8]BO[8 {cells} {side}];)")
        start, cpu = time.perf_counter(), cpu_seconds(self.process.pid)
        self.send("go")
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("==="):
                elapsed = time.perf_counter() - start
                fields = line[3:].replace("/", " ").split()
                value = float(fields[1]) if len(fields) > 1 else float("nan")
                return fields[0].lower(), value, elapsed, cpu_delta(self.process.pid, cpu)
        raise RuntimeError("NTest ended without answering")

    def close(self) -> None:
        try:
            self.send("quit")
        except (OSError, ValueError):
            pass
        end_process(self.process, own_group=False, grace=5.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="?", default="../shared/benchdata", help="folder holding othello_ffo40_59.txt")
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--first", type=int, default=10, help="number of positions to solve (default 10: #40-#49)")
    parser.add_argument("--skip", type=int, default=0, help="positions to skip at the start")
    parser.add_argument("--timeout", type=float, default=3600.0,
                        help="seconds one solve may take before it counts as hung (default 3600)")
    parser.add_argument("--ntest", help="NTest binary: also solve each position with it over NBoard")
    parser.add_argument("--ntest-dir", help="NTest's run folder (its resource files, learning off)")
    args = parser.parse_args()
    ntest = NTest(args.ntest, args.ntest_dir or ".") if args.ntest else None
    ntest_time, ntest_cpu, ntest_correct = 0.0, 0.0, 0
    ratios: list[float] = []
    cpu_ratios: list[float] = []

    path = os.path.join(args.data, "othello_ffo40_59.txt")
    if not os.path.exists(path):
        print(f"{path} not found", file=sys.stderr)
        return 2
    cases = load(path)[args.skip:args.skip + args.first]
    total_time, total_cpu, total_nodes, correct = 0.0, 0.0, 0, 0
    with Engine.popen(args.engine) as engine:
        engine.new_game("othello")
        for case in cases:
            try:
                engine.command("newgame")
                engine.position(text=f"{case.board} {case.side}")
            except EngineError as error:
                print(f"#{case.number}: position refused: {error}", file=sys.stderr)
                continue
            cpu = cpu_seconds(engine.process.pid)
            result = engine.play(Limit(solve=True), timeout=args.timeout)
            used = cpu_delta(engine.process.pid, cpu)
            total_cpu += used
            score = result.score
            margin = score.value if score is not None and score.kind == "disc" else None
            nodes = result.nodes or 0
            ok = margin == case.margin and result.move in case.best_moves
            correct += ok
            total_time += result.elapsed
            total_nodes += nodes
            shown = "?" if margin is None else f"{margin:+d}"
            print(f"#{case.number} score {shown:>4} (expected {case.margin:+d}) move {result.move:<4} "
                  f"{'ok' if ok else 'WRONG'} time {result.elapsed:8.3f} s nodes {nodes:>12} "
                  f"{nodes / max(result.elapsed, 1e-9) / 1e6:6.1f} M nodes/s cpu {used:7.2f} s", flush=True)
            if ntest is not None:
                move, value, seconds, ntest_used = ntest.solve(case)
                good = move in case.best_moves and round(value) == case.margin
                ntest_correct += good
                ntest_time += seconds
                ntest_cpu += ntest_used
                ratios.append(result.elapsed / max(seconds, 1e-9))
                cpu_ratios.append(used / max(ntest_used, 1e-9))
                print(f"    ntest score {value:+.2f} move {move:<4} {'ok' if good else 'WRONG'} time {seconds:8.3f} s"
                      f" cpu {ntest_used:7.2f} s  arbor/ntest time {ratios[-1]:.2f} cpu {cpu_ratios[-1]:.2f}",
                      flush=True)
    print(f"total {len(cases)} positions, {correct} correct, time {total_time:.3f} s, nodes {total_nodes}, "
          f"{total_nodes / max(total_time, 1e-9) / 1e6:.1f} M nodes/s, cpu {total_cpu:.2f} s")
    if ntest is not None:
        ntest.close()
        print(f"ntest {ntest_correct} correct, time {ntest_time:.3f} s, cpu {ntest_cpu:.2f} s; arbor/ntest total time "
              f"{total_time / max(ntest_time, 1e-9):.2f} cpu {total_cpu / max(ntest_cpu, 1e-9):.2f}; median per position "
              f"time {median(ratios):.2f} cpu {median(cpu_ratios):.2f}")
    return 0 if correct == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
