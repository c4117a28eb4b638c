#!/usr/bin/env python3
"""Timed Connect Four moves with N threads: which builds prove more and keep the result.

Each CONFIG is `LABEL=ENGINE:THREADS` (one engine process each, `setoption name Threads`,
tables kept between positions as in a game). The positions are those of
scripts/bench_connect4_keep.py (seeded random play, plies --min-ply..--max-ply). In each
position every config picks a move with `go movetime M` (the order rotates by position);
the answer counts as proven when its score is a win, loss or draw (`win <=N` included).

`--save-moves FILE` (timed: run it under the timing lock) writes one JSON record per
position: the moves, each config's move, score and wall time. `--judge FILE` (untimed)
has the referee (`go solve`, Solve wdl, threads 1) solve each position and each position
after a config's move, with scripts/bench_connect4_keep.py's judge, and prints per config:
proven answers, kept results, lost ones (the referee's unsolved positions left out).

Usage: python3 keep_threads.py --save-moves F --positions 120 --min-ply 8 --max-ply 16
           --movetime 100 --seed 7 A=ENGINE:2 B=ENGINE:2
       nice -n 19 python3 keep_threads.py --judge F --referee ENGINE --cap 20
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from arbor_client import Engine, Limit  # noqa: E402
from bench_connect4_keep import judge, random_positions  # noqa: E402


def play(configs: list[tuple[str, str, int]], positions: list[list[str]], movetime: int, out: Path) -> None:
    engines = {}
    for label, path, threads in configs:
        engine = Engine.popen(path)
        engine.new_game("connect4")
        engine.set_option("Threads", threads)
        engines[label] = engine
    try:
        with out.open("w") as file:
            for number, moves in enumerate(positions):
                record: dict = {"moves": moves}
                shift = number % len(configs)
                for label, _, _ in configs[shift:] + configs[:shift]:
                    engine = engines[label]
                    engine.position(moves=moves)
                    result = engine.play(Limit(movetime=movetime))
                    score = result.score
                    record[label] = result.move
                    record[label + "_score"] = str(score) if score is not None else None
                    record[label + "_proven"] = score is not None and score.kind in ("win", "loss", "draw")
                    record[label + "_ms"] = round(result.elapsed * 1e3, 1)
                file.write(json.dumps(record) + "\n")
                file.flush()
    finally:
        for engine in engines.values():
            engine.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("configs", nargs="*", help="LABEL=ENGINE:THREADS")
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--min-ply", type=int, default=8)
    parser.add_argument("--max-ply", type=int, default=16)
    parser.add_argument("--movetime", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--save-moves", default=None)
    parser.add_argument("--judge", default=None)
    parser.add_argument("--referee", default="target/release/arbor")
    parser.add_argument("--cap", type=float, default=20.0)
    args = parser.parse_args()

    if args.save_moves:
        configs = []
        for spec in args.configs:
            label, rest = spec.split("=", 1)
            path, threads = rest.rsplit(":", 1)
            configs.append((label, path, int(threads)))
        positions = random_positions(args.positions, args.min_ply, args.max_ply, args.seed)
        play(configs, positions, args.movetime, Path(args.save_moves))
        return 0
    if not args.judge:
        parser.error("--save-moves or --judge")
    records = [json.loads(line) for line in Path(args.judge).read_text().splitlines() if line.strip()]
    names = [key for key in records[0] if key != "moves" and "_" not in key]
    per_ply = judge(records, names, args.referee, args.cap, False, wdl=True)
    for name in names:
        proven = sum(record[name + "_proven"] for record in records)
        kept = sum(v is True for stats in per_ply.values() for v in stats[name])
        lost = sum(v is False for stats in per_ply.values() for v in stats[name])
        print(f"{name}: proven {proven}/{len(records)}, kept {kept}, lost {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
