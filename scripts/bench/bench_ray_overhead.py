#!/usr/bin/env python3
"""What ``--ray`` costs next to the plain runner: tic-tac-toe games between two depth-2
engines (nearly all the time is the runners' own), the plain runner and match.py --ray
ADDRESS in turn, so both see the same machine; the figure is the ratio of the medians.

    python3 scripts/bench/bench_ray_overhead.py [--ray local] [--games 200] [--runs 5]
    python3 scripts/bench/bench_ray_overhead.py --ray 127.0.0.1:6379 --engine-cpus 0.5

``--ray local`` counts starting Ray in every run; against a running cluster it is only
connecting to it. Two game counts (``--games 200 1000``) also give the cost of one more
game in each runner, (T(1000) - T(200)) / 800, which is what a long match pays.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from bench_runner_overhead import ENGINE, timed  # noqa: E402  (one timing helper for both benchmarks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ray", default="local", help="local, auto or HOST:PORT (default local)")
    parser.add_argument("--engine-cpus", default="1", help="--ray-engine-cpus (default 1)")
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("--games", type=int, nargs="+", default=[200])
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    engine = os.path.abspath(args.engine)
    medians: dict[tuple[str, int], float] = {}
    for games in args.games:
        plain = [sys.executable, os.path.join(HERE, "..", "match.py"), "--quiet", "--game", "tictactoe", "--games",
                 str(games), "--depth", "2", "--concurrency", str(args.concurrency),
                 "--engine", f"cmd={engine}", "name=a", "--engine", f"cmd={engine}", "name=b"]
        commands = {"plain": plain, "ray": plain + ["--ray", args.ray, "--ray-engine-cpus", args.engine_cpus]}
        times: dict[str, list[float]] = {name: [] for name in commands}
        for run in range(args.runs):
            for name, command in commands.items():
                times[name].append(timed(command))
            print(f"{games} games, run {run + 1}: " + ", ".join(f"{name} {times[name][-1]:.2f} s" for name in commands),
                  flush=True)
        for name in commands:
            medians[(name, games)] = statistics.median(times[name])
        print(f"{games} games, median of {args.runs}: plain {medians[('plain', games)]:.2f} s, "
              f"--ray {args.ray} (engine cpus {args.engine_cpus}) {medians[('ray', games)]:.2f} s, "
              f"ratio {medians[('ray', games)] / medians[('plain', games)]:.2f}x", flush=True)
    if len(args.games) >= 2:
        low, high = min(args.games), max(args.games)
        extra = {name: (medians[(name, high)] - medians[(name, low)]) / (high - low) * 1000 for name in ("plain", "ray")}
        print(f"one more game: plain {extra['plain']:.2f} ms, ray {extra['ray']:.2f} ms, "
              f"ratio {extra['ray'] / extra['plain']:.2f}x; fixed cost of --ray: "
              f"{medians[('ray', low)] - medians[('plain', low)] - low * (extra['ray'] - extra['plain']) / 1000:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
