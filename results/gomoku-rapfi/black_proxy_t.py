#!/usr/bin/env python3
"""Each arbor binary's move (`go movetime MOVETIME`, environment, default 270; a fresh position without game history)
on the positions of black_oracle.py's records, and how often it is the oracle's move
(a diagnosis proxy only: 131 positions, noisy by a few moves between runs).

    python3 black_proxy.py ORACLE.jsonl TAG.sgf OUT.jsonl BINARY[,OPTION=VALUE...]...
"""
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from gomoku_losses import games_of_sgf, square  # noqa: E402
from move_shapes import label, parse  # noqa: E402


MOVETIME = os.environ.get("MOVETIME", "270")


def main() -> int:
    oracle, sgf, out, specs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    games = {g["number"]: g for g in games_of_sgf(Path(sgf).read_text())}
    rows = [json.loads(line) for line in open(oracle)]
    engines = {spec: subprocess.Popen([spec.split(",")[0]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, bufsize=1) for spec in specs}
    shapes = {spec: collections.Counter() for spec in specs}
    same = collections.Counter()
    with open(out, "w") as sink:
        for row in rows:
            moves = games[row["game"]]["moves"][:row["ply"]]
            board = {c: i % 2 for i, c in enumerate(moves)}
            for spec, engine in engines.items():
                options = "".join(f"setoption name {o.split('=')[0]} value {o.split('=')[1]}\n"
                                  for o in spec.split(",")[1:])
                engine.stdin.write(f"game gomoku\n{options}newgame\nposition list "
                                   + " ".join(square(m) for m in moves) + "\ngo movetime " + MOVETIME + "\n")
                engine.stdin.flush()
                while not (line := engine.stdout.readline()).startswith("bestmove"):
                    pass
                row[spec] = line.split()[1]
                shapes[spec][label(board, parse(row[spec]), 0)] += 1
                same[spec] += row[spec] == row["best"]
            sink.write(json.dumps(row) + "\n")
    for spec in specs:
        print(f"{spec}: the oracle's move {same[spec]} of {len(rows)}; shapes {shapes[spec].most_common()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
