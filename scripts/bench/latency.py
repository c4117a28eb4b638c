#!/usr/bin/env python3
"""Measure how obedient arbor is: stop latency and movetime overshoot.

stop latency: `go infinite`, wait a random 20-120 ms, send `stop`, and time until the
`bestmove` line arrives (through scripts/arbor_tools/client.py, whose reader thread adds a few
microseconds). movetime overshoot: `go movetime T`, time until `bestmove`,
minus T. Prints median, 90th percentile and maximum of each (milliseconds).

Usage: python3 scripts/bench/latency.py [--engine target/release/arbor] [--game othello] [--trials 50]
                                  [--moves "h8 f6 j8 ..."]
(`--moves`: search from the position after these moves instead of the start, e.g. the
Gomoku position where a proof-mode search once overran its movetime by 25-160 ms.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools.client import Engine, EngineError, Limit  # noqa: E402


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def summary(name: str, values: list[float]) -> str:
    return (f"{name}: median {statistics.median(values):.2f} ms, p90 {percentile(values, 0.9):.2f} ms, "
            f"max {max(values):.2f} ms over {len(values)} trials")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--game", default="tictactoe", help="game to search (a large one keeps the search busy)")
    parser.add_argument("--variant", nargs="*", default=[], help="variant options key=value")
    parser.add_argument("--trials", type=int, default=50)
    parser.add_argument("--movetime", type=int, default=100, help="movetime for the overshoot test (ms)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="the engine's Threads option")
    parser.add_argument("--moves", default="", help="moves from the start position to search from")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    variant = dict(pair.split("=", 1) for pair in args.variant)
    moves = args.moves.split()
    with Engine.popen(args.engine) as engine:
        engine.set_option("Threads", args.threads)
        try:
            engine.new_game(args.game, **variant)
        except EngineError as error:
            print(f"cannot select {args.game}: {error}", file=sys.stderr)
            return 2
        stops: list[float] = []
        for _ in range(args.trials):
            engine.position(moves=moves)
            analysis = engine.analysis()  # go infinite
            time.sleep(rng.uniform(0.02, 0.12))
            sent = time.perf_counter()
            analysis.stop()
            stops.append((time.perf_counter() - sent) * 1000)
        overshoots: list[float] = []
        for _ in range(max(5, args.trials // 5)):
            engine.position(moves=moves)
            result = engine.play(Limit(time=args.movetime / 1000))
            overshoots.append(result.elapsed * 1000 - args.movetime)
        print(f"engine {args.engine}, game {args.game}" + (f", after {args.moves}" if moves else ""))
        print(summary("stop -> bestmove latency", stops))
        print(summary(f"movetime {args.movetime} overshoot", overshoots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
