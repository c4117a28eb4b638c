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

``--compare ENGINE`` also lets a second player (e.g. an older build) pick a move in each
position, checked by the same referee, and prints both players' figures side by side
(the referee's solves are cached per position, so each is made once).

The players' moves are the only timed part, so the run can be split: ``--save-moves FILE``
only lets the players pick their moves (no referee; run it under the machine's timing
lock, it takes about movetime x positions x players), and ``--judge FILE`` later makes
the referee's solves for those moves, untimed (they can take minutes each for early
positions without a deep opening book).

The referee needs only the result (win/draw/loss), not its distance: ``--wdl`` sets its
``Solve`` option to ``wdl`` (arbor's weak solve, several times faster early in the
game, and it uses the opening book's win/loss entries), and ``--referee-hash MiB`` gives
it a larger table (half of ``Hash`` goes to the solver). The judged lines also give each
reference solve's CPU time (the referee process's, from /proc), which sizes a book.

``--solve-only`` skips steps 2-3 and only times the solves (the reference solves of
early positions can take minutes each without an opening book; ``--cap S`` stops a solve
after S seconds and counts it as unsolved).

Usage: python3 scripts/bench/bench_connect4_keep.py [--engine target/release/arbor]
           [--referee ENGINE] [--compare ENGINE] [--positions 500] [--min-ply 0] [--max-ply 16] [--movetime 100] [--seed 1]
           [--cap SECONDS] [--wdl] [--referee-hash MIB] [--solve-only]
           [--save-moves FILE | --judge FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools.client import Engine, EngineTimeout, Limit, Score  # noqa: E402
from arbor_tools.rules import ConnectFour  # noqa: E402


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


def cpu_seconds(engine: Engine) -> float:
    """User + system CPU time of the engine's process so far (0 where /proc is absent)."""
    try:
        with open(f"/proc/{engine.process.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


#: Without --cap a solve may take this long (seconds) before it counts as hung.
UNCAPPED = 24 * 3600.0


def solve(engine: Engine, moves: list[str], cap: float | None) -> tuple[int | None, float]:
    """The exact result of the position after `moves` and the time it took (None when
    `cap` seconds ran out first). A finished game is judged by the referee's rules.
    A solve stopped at the cap still counts when the referee had proven the result."""
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
        remaining = (UNCAPPED if cap is None else cap) - (time.perf_counter() - start)
        if remaining <= 0:
            analysis.stop()
            return result(analysis.info.get("score")), cap
        try:
            info = analysis.next(remaining)
        except EngineTimeout:
            continue  # the cap ran out: stopped above
        if info is None:
            break
        last.update(info)
    return result(last.get("score")), time.perf_counter() - start


def play_all(positions: list[list[str]], commands: list[tuple[str, str]], movetime: int) -> list[dict]:
    """Each player's move (timed) in every position: records {moves, <player name>: move}."""
    records = []
    players = [Engine.popen(command) for _, command in commands]
    try:
        for engine in players:
            engine.new_game("connect4")
        for moves in positions:
            record: dict = {"moves": moves}
            for (name, _), player in zip(commands, players):
                player.position(moves=moves)
                record[name] = player.play(Limit(time=movetime / 1000)).move
            records.append(record)
    finally:
        for engine in players:
            engine.close()
    return records


def judge(records: list[dict], names: list[str], referee_command: str, cap: float | None,
          solve_only: bool, wdl: bool = False, hash_mib: int | None = None) -> dict[int, dict[str, list]]:
    """The referee's results before and after each recorded move, printed per position."""
    per_ply: dict[int, dict[str, list]] = {}
    solved: dict[tuple[str, ...], tuple[int | None, float, float]] = {}
    with Engine.popen(referee_command) as referee:
        if hash_mib:
            referee.set_option("Hash", hash_mib)
        referee.new_game("connect4")
        if wdl:
            referee.set_option("Solve", "wdl")

        def cached_solve(moves: list[str]) -> tuple[int | None, float, float]:
            if tuple(moves) not in solved:
                cpu = cpu_seconds(referee)
                found, seconds = solve(referee, moves, cap)
                solved[tuple(moves)] = (found, seconds, cpu_seconds(referee) - cpu)
            return solved[tuple(moves)]

        for record in records:
            moves = record["moves"]
            ply = len(moves)
            stats = per_ply.setdefault(ply, {"times": [], "cpu": [], **{name: [] for name in names}})
            before, seconds, cpu = cached_solve(moves)
            stats["times"].append(seconds)
            stats["cpu"].append(cpu)
            line = f"{ply:2d} {''.join(moves) or '-':16s} solve {seconds:8.3f}s cpu {cpu:8.3f}s result {before}"
            for name in names:
                if solve_only or before is None:
                    break
                after, _, _ = cached_solve(moves + [record[name]])
                kept = None if after is None else (-after == before)
                stats[name].append(kept)
                verdict = "kept" if kept else "LOST" if kept is False else "?"
                line += f" {name} {record[name]} after {after} {verdict}"
            print(line, flush=True)
    return per_ply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/arbor")
    parser.add_argument("--referee", default=None, help="solving engine (default: --engine)")
    parser.add_argument("--compare", default=None, help="a second player, e.g. an older build")
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--min-ply", type=int, default=0)
    parser.add_argument("--max-ply", type=int, default=16)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=float, default=None)
    parser.add_argument("--solve-only", action="store_true")
    parser.add_argument("--wdl", action="store_true", help="the referee proves only win/draw/loss")
    parser.add_argument("--referee-hash", type=int, default=None, metavar="MIB")
    parser.add_argument("--save-moves", default=None, metavar="FILE")
    parser.add_argument("--judge", default=None, metavar="FILE")
    args = parser.parse_args()

    commands = [("player", args.engine)]
    if args.compare:
        commands.append(("compare", args.compare))
    if args.judge:
        with open(args.judge) as f:
            header = json.loads(f.readline())
            records = [json.loads(line) for line in f]
        commands = [tuple(c) for c in header["players"]]
        args.movetime = header["movetime"]
    else:
        positions = random_positions(args.positions, args.min_ply, args.max_ply, args.seed)
        if args.solve_only:
            records = [{"moves": moves} for moves in positions]
        else:
            records = play_all(positions, commands, args.movetime)
        if args.save_moves:
            with open(args.save_moves, "w") as f:
                f.write(json.dumps({"players": commands, "movetime": args.movetime}) + "\n")
                for record in records:
                    f.write(json.dumps(record) + "\n")
            print(f"{len(records)} positions played, moves saved to {args.save_moves}")
            return 0
    names = [name for name, _ in commands]
    per_ply = judge(records, names, args.referee or args.engine, args.cap, args.solve_only,
                    args.wdl, args.referee_hash)
    totals = {name: [0, 0] for name in names}
    for ply in sorted(per_ply):
        stats = per_ply[ply]
        times = stats["times"]
        cpu = stats["cpu"]
        summary = (f"ply {ply:2d}: {len(times)} positions, solve median {statistics.median(times):.3f}s "
                   f"max {max(times):.3f}s, cpu median {statistics.median(cpu):.3f}s mean {statistics.mean(cpu):.3f}s")
        for name in names:
            known = [k for k in stats[name] if k is not None]
            totals[name][0] += sum(known)
            totals[name][1] += len(known)
            if not args.solve_only:
                summary += f", {name} kept {sum(known)}/{len(known)}"
        print(summary)
    if not args.solve_only:
        for name, command in commands:
            kept, total = totals[name]
            print(f"{name} ({command}) kept the result in {kept}/{total} positions at movetime {args.movetime} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
