#!/usr/bin/env python3
"""Does arbor keep the game-theoretic result of Connect Four positions at a time control?

Makes random 7x6 positions (uniform random legal moves from the empty board, a seeded
number of plies between --min-ply and --max-ply, games not over), then for each one:

1. the referee engine solves it with ``go solve`` (its exact result for the side to move);
2. the player engine (its tables kept between positions, as in a game) picks a move with
   ``go movetime M``;
3. the referee solves the position after that move.

The move keeps the result when the result after it, seen from the mover, equals the
result before it (a won position stays won, a drawn one at least drawn). Prints one line
per position and a summary per ply: kept/total, and the median and maximum time of the
reference solves (a measure of how hard the positions are without a book).

``--solve-only`` skips steps 2-3 and only times the solves (the reference solves of
early positions can take minutes each without an opening book; ``--cap S`` stops a solve
after S seconds and counts it as unsolved).

Usage: python3 scripts/bench_connect4_keep.py [--engine target/release/arbor]
           [--positions 500] [--min-ply 0] [--max-ply 16] [--movetime 100] [--seed 1]
           [--cap SECONDS] [--solve-only]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from arbor_client import Engine, EngineTimeout, Limit, Score  # noqa: E402
from rules import ConnectFour  # noqa: E402


def random_positions(count: int, min_ply: int, max_ply: int, seed: int) -> list[list[str]]:
    """`count` move lists of positions not over, the ply drawn uniformly."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        target = rng.randint(min_ply, max_ply)
        game = ConnectFour()
        while len(game.moves) < target and game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        if len(game.moves) == target and game.legal_moves():
            positions.append(list(game.moves))
    return positions


def result(score: Score | None) -> int | None:
    """+1 win, 0 draw, -1 loss for the side to move; None when not proven."""
    if score is None:
        return None
    return {"win": 1, "draw": 0, "loss": -1}.get(score.kind)


def solve(engine: Engine, moves: list[str], cap: float | None) -> tuple[int | None, float]:
    """The exact result of the position after `moves` and the time it took (None when
    `cap` seconds ran out first). A finished game is judged by the referee's rules."""
    game = ConnectFour()
    for move in moves:
        game.play(move)
    if not game.legal_moves():  # the last move won or filled the board: the mover won/drew
        return (-1 if game.outcome and game.outcome.winner is not None else 0), 0.0
    engine.position(moves=moves)
    start = time.perf_counter()
    analysis = engine.analysis(Limit(solve=True))
    last: dict = {}
    while True:
        remaining = None if cap is None else cap - (time.perf_counter() - start)
        if remaining is not None and remaining <= 0:
            analysis.stop()
            return None, cap
        try:
            info = analysis.next(remaining)
        except EngineTimeout:
            continue  # the cap ran out: stopped above
        if info is None:
            break
        last.update(info)
    return result(last.get("score")), time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/arbor")
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--min-ply", type=int, default=0)
    parser.add_argument("--max-ply", type=int, default=16)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=float, default=None)
    parser.add_argument("--solve-only", action="store_true")
    args = parser.parse_args()

    positions = random_positions(args.positions, args.min_ply, args.max_ply, args.seed)
    per_ply: dict[int, dict[str, list]] = {}
    with Engine.popen(args.engine) as referee, Engine.popen(args.engine) as player:
        referee.new_game("connect4")
        player.new_game("connect4")
        for moves in positions:
            ply = len(moves)
            stats = per_ply.setdefault(ply, {"kept": [], "times": []})
            before, seconds = solve(referee, moves, args.cap)
            stats["times"].append(seconds)
            line = f"{ply:2d} {''.join(moves) or '-':16s} solve {seconds:8.3f}s result {before}"
            if not args.solve_only and before is not None:
                player.position(moves=moves)
                played = player.play(Limit(movetime=args.movetime)).move
                after, _ = solve(referee, moves + [played], args.cap)
                kept = None if after is None else (-after == before)
                stats["kept"].append(kept)
                line += f" played {played} after {after} {'kept' if kept else 'LOST' if kept is False else '?'}"
            print(line, flush=True)
    total_kept = total = 0
    for ply in sorted(per_ply):
        stats = per_ply[ply]
        known = [k for k in stats["kept"] if k is not None]
        kept = sum(known)
        total_kept += kept
        total += len(known)
        times = stats["times"]
        summary = f"ply {ply:2d}: {len(times)} positions, solve median {statistics.median(times):.3f}s max {max(times):.3f}s"
        if not args.solve_only:
            summary += f", kept {kept}/{len(known)}"
        print(summary)
    if not args.solve_only:
        print(f"kept the result in {total_kept}/{total} positions at movetime {args.movetime} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
