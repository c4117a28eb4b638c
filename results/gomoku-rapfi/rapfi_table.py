#!/usr/bin/env python3
"""Rapfi runs as one table row per build: each run's score as c-gomoku-cli's last
`Score of` line gives it, their sum, and the colours (colours.py on each SGF).

Usage, from results/gomoku-rapfi:
    python3 rapfi_table.py "NAME=GLOB[,GLOB...]" ...
e.g. python3 rapfi_table.py "new=free-s27-new-*" "base=free-s27-base-*"
(each GLOB names run tags: TAG.log and TAG.sgf must exist)."""
import glob
import re
import subprocess
import sys


def score(log):
    line = [l for l in open(log) if l.startswith("Score of")][-1]
    won, lost, drawn = map(int, re.search(r": (\d+) - (\d+) - (\d+)", line).groups())
    return won + drawn / 2, won + lost + drawn


def row(name, patterns):
    tags = sorted(t[:-4] for p in patterns for t in glob.glob(p + ".log"))
    runs, total, games = [], 0.0, 0
    black, white = [0, 0, 0], [0, 0, 0]
    for tag in tags:
        points, n = score(tag + ".log")
        runs.append(f"{points:g}")
        total += points
        games += n
        out = subprocess.run(["python3", "colours.py", tag + ".sgf"], capture_output=True,
                             text=True).stdout
        b = re.search(r"as Black (\d+)-(\d+)-(\d+)", out).groups()
        w = re.search(r"as White (\d+)-(\d+)-(\d+)", out).groups()
        black = [x + int(y) for x, y in zip(black, b)]
        white = [x + int(y) for x, y in zip(white, w)]
    share = 100 * total / games if games else 0
    return (f"| {name} | {', '.join(runs)} | {total:g}/{games} ({share:.1f}%) | "
            f"{'-'.join(map(str, black))} | {'-'.join(map(str, white))} |")


if __name__ == "__main__":
    print("| build | runs | score | as Black W-D-L | as White W-D-L |")
    print("|---|---|---|---|---|")
    for spec in sys.argv[1:]:
        name, _, globs = spec.partition("=")
        print(row(name, globs.split(",")))
