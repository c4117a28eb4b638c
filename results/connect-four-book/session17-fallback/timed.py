#!/usr/bin/env python3
"""The fallback set (connect4_fallback set) played by engines at a movetime, as in a game.

Each engine (its tables kept between positions) picks a move in every position of the
sets with ``go movetime M`` (scripts/bench_connect4_keep.py's play_all: the solver first,
the heuristic search when it does not finish); the set's exact per-move results judge the
picks. Timed: run it under the exclusive lock.

Usage: python3 timed.py MOVETIME SET... -- NAME=ENGINE...
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))
from bench_connect4_keep import play_all  # noqa: E402


def main() -> int:
    split = sys.argv.index("--")
    movetime = int(sys.argv[1])
    sets = sys.argv[2:split]
    commands = [tuple(arg.split("=", 1)) for arg in sys.argv[split + 1:]]
    cases = []
    for name in sets:
        for line in open(name):
            digits, _result, keeps, _excluded = line.split()
            cases.append(([chr(ord("a") + int(d) - 1) for d in digits], keeps))
    records = play_all([moves for moves, _ in cases], commands, movetime)
    kept = {name: 0 for name, _ in commands}
    for record, (moves, keeps) in zip(records, cases):
        line = "".join(moves)
        for name, _ in commands:
            good = keeps[ord(record[name]) - ord("a")] == "+"
            kept[name] += good
            line += f" {name} {record[name]} {'kept' if good else 'LOST'}"
        print(line)
    for name, command in commands:
        print(f"{name} ({command}): kept {kept[name]}/{len(cases)} at movetime {movetime} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
