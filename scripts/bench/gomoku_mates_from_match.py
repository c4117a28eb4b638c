#!/usr/bin/env python3
"""Forced-win positions from a c-gomoku-cli match against Rapfi, for bench_gomoku.py.

For every game of the match, the first position where Rapfi (to move) reported a forced
win (`Eval +M<plies>` in the `-msg` file) becomes a row of a TSV in the format of
../shared/benchdata/gomoku/forced_wins_freestyle15.tsv (see its README): the game's moves
up to there, Rapfi's move in the game and its mate distance. Written to
OUT/gomoku/forced_wins_freestyle15.tsv so that `bench_gomoku.py OUT --skip-speed` runs it.

Standard library only. Example:
    python3 scripts/bench/gomoku_mates_from_match.py free.sgf free.msg.txt /tmp/mates
    python3 scripts/bench/bench_gomoku.py --movetime 5000 --skip-speed /tmp/mates
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

HEADER = ("id rule size side_to_move moves selfplay_move selfplay_mate_plies "
          "probe_first_mate probe_first_mate_ms probe_move").split()


def games(sgf: str) -> dict[int, list[tuple[int, int]]]:
    """Game number -> moves as Gomocup (x, y)."""
    out = {}
    for game in sgf.split("(;")[1:]:
        number = re.search(r"GN\[(\d+)\]", game)
        if number:
            out[int(number.group(1))] = [(ord(m[0]) - 97, ord(m[1]) - 97)
                                         for m in re.findall(r";[BW]\[([a-z]{2})\]", game)]
    return out


def first_mates(messages: str, engine: str) -> dict[int, tuple[int, int, int]]:
    """Game number -> (move number, mate plies, ms) of `engine`'s first +M report."""
    out: dict[int, tuple[int, int, int]] = {}
    game = None
    for line in messages.splitlines():
        if line.startswith("Game ID:"):
            game = int(line.split(":")[1])
            continue
        found = re.match(rf"(\d+)\) {re.escape(engine)}: .*Eval \+M(\d+).*Time (\d+)ms", line)
        if found and game is not None and game not in out:
            out[game] = (int(found.group(1)), int(found.group(2)), int(found.group(3)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sgf")
    parser.add_argument("messages")
    parser.add_argument("out", help="directory; gomoku/forced_wins_freestyle15.tsv is written there")
    parser.add_argument("--engine", default="rapfi", help="engine name in the match (default rapfi)")
    args = parser.parse_args()
    moves = games(Path(args.sgf).read_text())
    rows = ["\t".join(HEADER)]
    for number, (move, plies, ms) in sorted(first_mates(Path(args.messages).read_text(), args.engine).items()):
        line = moves.get(number, [])
        if len(line) < move:
            continue  # the game record ends before that move
        before, played = line[: move - 1], line[move - 1]
        side = "black" if len(before) % 2 == 0 else "white"
        rows.append("\t".join([f"g{number}-ply{len(before)}", "0", "15", side,
                               " ".join(f"{x},{y}" for x, y in before), f"{played[0]},{played[1]}",
                               str(plies), f"+M{plies}", str(ms), "-"]))
    path = Path(args.out) / "gomoku" / "forced_wins_freestyle15.tsv"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(rows) + "\n")
    print(f"{len(rows) - 1} positions -> {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
