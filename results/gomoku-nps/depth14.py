#!/usr/bin/env python3
"""`go depth 14` (default settings, threat solver on) on a freestyle 15x15 middle game,
three times for each binary in turn; prints depth, nodes, nps and time (ms) of the last
info line and the best move. Usage: python3 results/gomoku-nps/depth14.py OLD NEW"""
import subprocess, re, sys
def run(b):
    p = subprocess.Popen([b], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("game gomoku\nposition list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11\ngo depth 14\n"); p.stdin.flush()
    last = None
    for line in p.stdout:
        if line.startswith("info depth"): last = line
        if line.startswith("bestmove"): break
    p.stdin.close(); p.wait()
    m = re.search(r"depth (\d+) .*nodes (\d+) nps (\d+) time (\d+)", last)
    return m.groups(), line.split()[1]
for i in range(3):
    for b in sys.argv[1:]:
        print(b, *run(b))
