#!/usr/bin/env python3
"""Rapfi (400 ms) on the position after the move a build played before each fatal move
(session 22): is the move played instead of the fatal one also lost? Reads fatal.tsv
(= fatal-s14.tsv) and lines of avoid_probe_s14.py output ('SPEC 269 ms: ...; moves M1
M2 ...') from PROBE_FILE; for each chosen line (by its index among the probe lines), the
position after each move, White to move, is judged by Rapfi: its Eval from White's side.
Counts '+M' (White mates: the move loses) for the fatal moves repeated and for the others.
usage: oracle_moves_s22.py PROBE_FILE INDEX... (run under the lock: Rapfi is timed).
Diagnosis only; Rapfi runs as a process (scripts/gomoku_losses.py's Referee)."""
import os, statistics, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from gomoku_losses import Referee

RAPFI = "/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi"
rows = [l.rstrip("\n").split("\t") for l in open("fatal.tsv")]
probes = [l for l in open(sys.argv[1]) if " ms: fatal move repeated" in l]
ref = Referee(RAPFI)
for index in map(int, sys.argv[2:]):
    line = probes[index]
    spec = line.split(" ")[0]
    played = line.split("; moves ")[1].split()
    lost_same = lost_other = other = 0
    evals = []
    for (tag, g, mate, prev, ev, sc, moves), move in zip(rows, played):
        ms = moves.split()
        before, fatal = ms[:-1], ms[-1]
        seq = [(ord(m[0]) - 97, int(m[1:]) - 1) for m in before + [move]]
        _, reval = ref.judge(seq, 400)
        print(tag, g, move, reval, file=sys.stderr, flush=True)
        evals.append(reval)
        lost = reval.startswith("+M")
        if move == fatal:
            lost_same += lost
        else:
            other += 1
            lost_other += lost
    same = sum(m == r[-1].split()[-1] for m, r in zip(played, rows))
    print(f"{spec}: fatal repeated {same} (Rapfi mates after {lost_same}); other moves {other}, "
          f"Rapfi mates after {lost_other} of them; evals {' '.join(evals)}", flush=True)
ref.close()
