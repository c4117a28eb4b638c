#!/usr/bin/env python3
"""The heuristic search's move where the solver did not finish: for each position the
`--movetime` list FILE marks `not solved in time`, each ENGINE picks a move at 100 ms
(`go movetime 100`, one game, tables kept) RUNS times; the moves are judged with
SOLVE (`connect4_solve`: the result of the position and of the position after the move).

Usage: heuristic_keep.py FILE SOLVE RUNS NAME=ENGINE...   (the moves under the exclusive
lock; the judging is untimed)"""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))
from arbor_client import Engine, Limit  # noqa: E402


def results(solve: str, positions: list[str]) -> dict[str, int]:
    out = subprocess.run([solve, "--random", "0", "--also", ",".join(positions), "--list"],
                         capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[0].isdigit() and fields[2] in ("+0", "+1", "-1"):
            found[fields[1]] = int(fields[2])
    return found


def main() -> int:
    file, solve, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    players = dict(arg.split("=", 1) for arg in sys.argv[4:])
    positions = [line.split()[1] for line in open(file) if "not solved" in line]
    moves: dict[str, dict[str, list[str]]] = {p: {name: [] for name in players} for p in positions}
    for _ in range(runs):
        for name, command in players.items():
            engine = Engine.popen(command)
            engine.new_game("connect4")
            for position in positions:
                engine.position(moves=list(position))
                moves[position][name].append(engine.play(Limit(movetime=100)).move)
            engine.close()
    before = results(solve, positions)
    after = results(solve, sorted({p + m for p, d in moves.items() for ms in d.values() for m in ms}))
    kept = {name: 0 for name in players}
    print("# position result | each engine's moves; * = does not keep the result")
    for position, by_name in moves.items():
        columns = []
        for name, picked in by_name.items():
            marks = []
            for move in picked:
                keeps = -after[position + move] == before[position]
                kept[name] += keeps
                marks.append(move + ("" if keeps else "*"))
            columns.append(" ".join(marks))
        print(f"{position:14s} {before[position]:+d} | " + " | ".join(columns))
    total = len(positions) * runs
    print("kept: " + ", ".join(f"{name} {kept[name]}/{total}" for name in players))
    return 0


if __name__ == "__main__":
    sys.exit(main())
