#!/usr/bin/env python3
"""Othello endgame benchmark over the text protocol: solve FFO positions with `go solve`.

Reads othello_ffo40_59.txt (board, side to move, exact margin, optimal moves per line;
`#` comments) from the data folder, sends each position to the engine with `newgame`,
`position BOARD SIDE` and `go solve`, and prints the reported `score disc N`, the
bestmove, whether both are correct, the time and the nodes per position, then totals.

Usage: python3 scripts/bench_othello_ffo.py [DATA_DIR] [--engine target/release/arbor]
       [--first N] [--skip K]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass


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


class Engine:
    """A line-based connection to one arbor process."""

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
        """Sends a command and returns its response lines up to the empty line."""
        self.send(line)
        lines = []
        while (text := self.readline()) != "":
            lines.append(text)
        return lines

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def field(tokens: list[str], name: str, count: int = 1) -> list[str]:
    if name not in tokens:
        return []
    index = tokens.index(name)
    return tokens[index + 1:index + 1 + count]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data", nargs="?", default="../shared/benchdata", help="folder holding othello_ffo40_59.txt")
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--first", type=int, default=10, help="number of positions to solve (default 10: #40-#49)")
    parser.add_argument("--skip", type=int, default=0, help="positions to skip at the start")
    args = parser.parse_args()

    path = os.path.join(args.data, "othello_ffo40_59.txt")
    if not os.path.exists(path):
        print(f"{path} not found", file=sys.stderr)
        return 2
    cases = load(path)[args.skip:args.skip + args.first]
    engine = Engine([args.engine])
    total_time, total_nodes, correct = 0.0, 0, 0
    try:
        answer = engine.ask("game othello")
        if not answer or not answer[0].startswith("="):
            print(f"cannot select othello: {answer}", file=sys.stderr)
            return 2
        for case in cases:
            engine.ask("newgame")
            answer = engine.ask(f"position {case.board} {case.side}")
            if not answer or not answer[0].startswith("="):
                print(f"#{case.number}: position refused: {answer}", file=sys.stderr)
                continue
            started = time.perf_counter()
            engine.ask("go solve")
            info: list[str] = []
            while True:
                text = engine.readline()
                if text.startswith("info "):
                    info = text.split()
                elif text.startswith("bestmove "):
                    best = text.split()[1]
                    break
            seconds = time.perf_counter() - started
            score = field(info, "score", 2)
            margin = int(score[1]) if len(score) == 2 and score[0] == "disc" else None
            nodes = int((field(info, "nodes") or ["0"])[0])
            ok = margin == case.margin and best in case.best_moves
            correct += ok
            total_time += seconds
            total_nodes += nodes
            shown = "?" if margin is None else f"{margin:+d}"
            print(f"#{case.number} score {shown:>4} (expected {case.margin:+d}) move {best:<4} "
                  f"{'ok' if ok else 'WRONG'} time {seconds:8.3f} s nodes {nodes:>12} "
                  f"{nodes / max(seconds, 1e-9) / 1e6:6.1f} M nodes/s", flush=True)
    finally:
        engine.close()
    print(f"total {len(cases)} positions, {correct} correct, time {total_time:.3f} s, nodes {total_nodes}, "
          f"{total_nodes / max(total_time, 1e-9) / 1e6:.1f} M nodes/s")
    return 0 if correct == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
