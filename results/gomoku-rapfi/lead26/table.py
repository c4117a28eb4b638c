#!/usr/bin/env python3
"""Session 26's Rapfi runs as one table row per build: the runs' scores as c-gomoku-cli's
last `Score of` line gives them, their sum, and the colours (colours.py on the SGF).
Usage (from results/gomoku-rapfi): python3 lead26/table.py"""
import glob
import re
import subprocess

BUILDS = [
    ("E (arbor-s25final = main 873c595, the session's start)", ["free-s26-base-*"]),
    ("**M (threat masks in the model; arbor-s26-M and main's build arbor-s26-main-dcfc333)**",
     ["free-s26-M-?", "free-s26-main-*"]),
    ("M8 (M's model on 8-ply labels)", ["free-s26-M8-*"]),
    ("Hp (E's model, second generation added)", ["free-s26-Hp-*"]),
    ("HMp (M's model, second generation added)", ["free-s26-HMp-*"]),
    ("E with MAX_QUIET 22 (arbor-s26-mq22)", ["free-s26-mq22-*"]),
    ("M2 (M's model on 8,000 first-generation games: seeds 1-4)", ["free-s26-M2-*"]),
]


def score(log):
    line = [l for l in open(log) if l.startswith("Score of")][-1]
    won, lost, drawn = map(int, re.search(r": (\d+) - (\d+) - (\d+)", line).groups())
    return won + drawn / 2, won + lost + drawn


for name, patterns in BUILDS:
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
    print(f"| {name} | {', '.join(runs)} | {total:g}/{games} ({share:.1f}%) | "
          f"{'-'.join(map(str, black))} | {'-'.join(map(str, white))} |")
