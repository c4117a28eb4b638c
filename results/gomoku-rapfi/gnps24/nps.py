#!/usr/bin/env python3
"""nps.py DEPTH ROUNDS BIN...: total nodes / total CPU-s over midgame positions, binaries alternating."""
import os, re, subprocess, sys, statistics
POS = ["h8 i10 g6 g9 f6 i9 i8 h9", "h8 i7 j6 g9 i9 h7 g7 i8", "h8 h9 i8 g8 i9 j10 i7 i6", "h8 i9 h10 g8 i8 g10"]
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def run(b, pos, d):
    p = subprocess.Popen([b], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def search(go):
        p.stdin.write(go + "\n"); p.stdin.flush(); n = 0
        while True:
            l = p.stdout.readline()
            m = re.search(r" nodes (\d+)", l)
            if m: n = int(m.group(1))
            if l.startswith("bestmove"): return n
    p.stdin.write(f"game gomoku\nsetoption name GomokuThreatSolver value false\nposition list {pos}\n")
    search("go depth 1"); t = cpu(p.pid); n = search(f"go depth {d}"); t = cpu(p.pid) - t
    p.stdin.close(); p.wait(); return n, t
d, rounds, bins = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
res = {b: [] for b in bins}
for r in range(rounds):
    for b in bins:
        N = T = 0
        for pos in POS:
            n, t = run(b, pos, d); N += n; T += t
        res[b].append(N / T / 1e6)
for b in bins:
    print(f"{b}: median {statistics.median(res[b]):.3f} M n/cpu-s  rounds {' '.join(f'{x:.3f}' for x in res[b])}  nodes {N}")
