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
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from arbor_client import Engine, EngineError, Limit  # noqa: E402


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
    total_time, total_nodes, correct = 0.0, 0, 0
    with Engine.popen(args.engine) as engine:
        engine.new_game("othello")
        for case in cases:
            try:
                engine.command("newgame")
                engine.position(text=f"{case.board} {case.side}")
            except EngineError as error:
                print(f"#{case.number}: position refused: {error}", file=sys.stderr)
                continue
            result = engine.play(Limit(solve=True))
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
                  f"{nodes / max(result.elapsed, 1e-9) / 1e6:6.1f} M nodes/s", flush=True)
    print(f"total {len(cases)} positions, {correct} correct, time {total_time:.3f} s, nodes {total_nodes}, "
          f"{total_nodes / max(total_time, 1e-9) / 1e6:.1f} M nodes/s")
    return 0 if correct == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
