#!/usr/bin/env python3
"""Rapfi as an oracle on the positions of arbor's Black games of a c-gomoku-cli match
(diagnosis only: Rapfi's outputs are never training labels).

For each game arbor played as Black, and each position where arbor (Black) was to move
from ply 4 up to MAXPLY: Rapfi (a fresh Gomocup process per call, MS ms a position) is
asked for its move and `Eval` before arbor's move (`eb`, Black's view) and after it
(`ew`, White's view). `loss` = eb + ew (mates as +-5000): how much arbor's move gave
away by Rapfi's judgement. Stops a game once Rapfi scores Black below -300. Appends one
JSON line a position to OUT.

    python3 black_oracle.py RAPFI TAG MS MAXPLY OUT [OPENING,...]
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from gomoku_losses import Referee, games_of_sgf, square  # noqa: E402


def value(text: str) -> int:
    if text.startswith("+M"):
        return 5000
    if text.startswith("-M"):
        return -5000
    try:
        return int(text)
    except ValueError:
        return 0


def main() -> int:
    rapfi, tag, ms, max_ply, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    only = {int(x) for x in sys.argv[6].split(",")} if len(sys.argv) > 6 else None
    games = games_of_sgf(Path(f"{tag}.sgf").read_text())
    referee = Referee(rapfi)
    with open(out, "a") as sink:
        for game in games:
            opening = (game["number"] + 1) // 2
            if game["black"] != "arbor" or (only and opening not in only):
                continue
            moves = game["moves"]
            for ply in range(4, min(len(moves) - 1, max_ply), 2):
                best, before = referee.judge(moves[:ply], ms)
                _, after = referee.judge(moves[: ply + 1], ms)
                record = dict(tag=tag, game=game["number"], op=opening, res=game["result"], ply=ply,
                              arbor=square(moves[ply]), best=best, eb=before, ew=after,
                              loss=value(before) + value(after))
                sink.write(json.dumps(record) + "\n")
                sink.flush()
                if value(before) < -300:
                    break
    referee.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
