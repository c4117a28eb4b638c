#!/usr/bin/env python3
"""Measure how obedient arbor is: stop latency and movetime overshoot.

stop latency: `go infinite`, wait a random 20-120 ms, send `stop`, and time until the
`bestmove` line arrives. movetime overshoot: `go movetime T`, time until `bestmove`,
minus T. Prints median, 90th percentile and maximum of each (milliseconds).

Usage: python3 scripts/latency.py [--engine target/release/arbor] [--game othello] [--trials 50]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time


class Pipe:
    """A raw line-based connection to one engine process."""

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

    def ask(self, line: str) -> list[str]:
        """Send a command and return its response lines (skipping search output)."""
        self.send(line)
        lines = []
        while True:
            text = self.readline()
            if text.startswith("info ") or text.startswith("bestmove "):
                continue
            if text == "":
                return lines
            lines.append(text)

    def until_bestmove(self) -> str:
        while True:
            text = self.readline()
            if text.startswith("bestmove "):
                return text

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


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
    args = parser.parse_args()
    rng = random.Random(args.seed)

    engine = Pipe([args.engine])
    try:
        answer = engine.ask(" ".join(["game", args.game, *args.variant]))
        if not answer or not answer[0].startswith("="):
            print(f"cannot select {args.game}: {answer}", file=sys.stderr)
            return 2
        stops: list[float] = []
        for _ in range(args.trials):
            engine.ask("position startpos")
            engine.ask("go infinite")
            time.sleep(rng.uniform(0.02, 0.12))
            sent = time.perf_counter()
            engine.send("stop")
            engine.until_bestmove()
            stops.append((time.perf_counter() - sent) * 1000)
            engine.readline()  # the `=` of stop
            engine.readline()  # and its empty line
        overshoots: list[float] = []
        for _ in range(max(5, args.trials // 5)):
            engine.ask("position startpos")
            sent = time.perf_counter()
            engine.send(f"go movetime {args.movetime}")
            engine.until_bestmove()
            overshoots.append((time.perf_counter() - sent) * 1000 - args.movetime)
        print(f"engine {args.engine}, game {args.game}")
        print(summary("stop -> bestmove latency", stops))
        print(summary(f"movetime {args.movetime} overshoot", overshoots))
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
