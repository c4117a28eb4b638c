#!/usr/bin/env python3
"""Nodes per CPU-second of arbor's Gomoku main search, for several binaries side by side.

Each binary searches a few fixed positions (`go depth DEPTH`, threat solver off, fresh
process per position, after a `go depth 1` warm-up that builds the pattern tables), for
ROUNDS rounds, binaries alternating. The CPU time is read from /proc (Linux), so the
figure does not depend on how busy the machine is as much as nodes per wall second do.
Prints the median over all searches per binary. Use a depth where a search takes about a
second (8 on 15x15): shorter ones measure start-up costs (first touches of the tables).

A binary may carry engine options after commas, sent as `setoption` before each
search: `target/release/arbor,GomokuEval=learned`.

Standard library only. Example:
    python3 scripts/bench/gomoku_nps_cpu.py 8 /path/to/old/arbor target/release/arbor
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess

POSITIONS = ["list h8 i9 h9 h10 g8", "list h8 i7 j6 g9 i9 h7 g7 i8", "list h8 h9 i8 g8 i9 j10 i7 i6",
             "list h8 i9 j8", "list h8 h9 j10", "list h8 i8 g10", "list h8 i9 h10"]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process `pid`."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def split_options(spec: str) -> tuple[str, list[str]]:
    """`PATH,NAME=VALUE,...` -> the path and its `setoption` lines."""
    path, *options = spec.split(",")
    lines = []
    for option in options:
        name, _, value = option.partition("=")
        lines.append(f"setoption name {name} value {value}")
    return path, lines


def rates(spec: str, depth: int) -> list[float]:
    """Nodes per CPU-second of one search per position."""
    binary, options = split_options(spec)
    out = []
    for position in POSITIONS:
        process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        assert process.stdin is not None and process.stdout is not None

        def send(line: str) -> None:
            process.stdin.write(line + "\n")
            process.stdin.flush()

        def search(go: str) -> int:
            send(go)
            nodes = 0
            while True:
                line = process.stdout.readline()
                if not line:
                    raise EOFError(f"{binary} exited")
                found = re.search(r" nodes (\d+)", line)
                if found:
                    nodes = int(found.group(1))
                if line.startswith("bestmove"):
                    return nodes

        for line in ("game gomoku", "setoption name GomokuThreatSolver value false", *options,
                     f"position {position}"):
            send(line)
        search("go depth 1")
        before = cpu_seconds(process.pid)
        nodes = search(f"go depth {depth}")
        used = cpu_seconds(process.pid) - before
        process.stdin.close()
        process.wait(timeout=30)
        out.append(nodes / max(used, 0.01))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("depth", type=int)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    results: dict[str, list[float]] = {b: [] for b in args.binaries}
    for _ in range(args.rounds):
        for binary in args.binaries:
            results[binary] += rates(binary, args.depth)
    for binary, values in results.items():
        print(f"{binary}: median {statistics.median(values) / 1e6:.3f} M nodes/CPU-s over {len(values)} searches")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
