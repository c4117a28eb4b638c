#!/usr/bin/env python3
"""The runner's overhead next to cutechess-cli's: 100 tic-tac-toe games between two depth-2
engines at concurrency 2, where nearly all the time is the runner's own (a depth-2 search of
tic-tac-toe takes microseconds). Runs alternate between the runners, so both see the same
machine; the figure is the ratio of the medians (below 1: match.py is faster).

    python3 scripts/bench/bench_runner_overhead.py --cutechess PATH/cutechess-cli [--runs 7]

match.py is timed twice: with arbor's own protocol (how the project runs it) and with
``proto=uci`` (the very same engine front end cutechess-cli drives).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
#: The checkout's release build, the default --engine.
ENGINE = os.path.normpath(os.path.join(HERE, "..", "..", "target", "release", "arbor"))


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{command[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cutechess", required=True, help="path of cutechess-cli")
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    engine = os.path.abspath(args.engine)
    cutechess = [args.cutechess, "-variant", "tictactoe", "-games", str(args.games),
                 "-concurrency", str(args.concurrency), "-each", "tc=inf", f"depth={args.depth}", "proto=uci",
                 "-engine", f"cmd={engine}", "name=a", "-engine", f"cmd={engine}", "name=b"]
    ours = [sys.executable, os.path.join(HERE, "..", "match.py"), "--quiet", "--game", "tictactoe",
            "--games", str(args.games), "--concurrency", str(args.concurrency), "--depth", str(args.depth),
            "--random-plies", "0"]
    commands = {
        "cutechess-cli": cutechess,
        "match.py (arbor protocol)": ours + ["--engine", f"cmd={engine}", "name=a", "--engine", f"cmd={engine}",
                                             "name=b"],
        "match.py (proto=uci)": ours + ["--engine", f"cmd={engine}", "proto=uci", "name=a",
                                        "--engine", f"cmd={engine}", "proto=uci", "name=b"],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for run in range(args.runs):
        for name, command in commands.items():
            times[name].append(timed(command))
        print(f"run {run + 1}: " + ", ".join(f"{name} {times[name][-1]:.3f} s" for name in commands), flush=True)
    reference = statistics.median(times["cutechess-cli"])
    print(f"{args.games} tic-tac-toe games, depth {args.depth}, concurrency {args.concurrency}, "
          f"median of {args.runs} alternating runs:")
    for name in commands:
        median = statistics.median(times[name])
        print(f"  {name:<26} {median:.3f} s  ({median / reference:.2f}x cutechess-cli)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
