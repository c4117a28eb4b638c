#!/usr/bin/env python3
"""Nodes to each depth of `go depth D` (threat solver off) over the 7 positions of
scripts/gomoku_nps_cpu.py, summed, for each BIN[,Option=Value...] (session 22; session 9's
depthnodes.py with engine options). Node counts are deterministic; the CPU seconds are
only indicative (idle priority, shared machine).
usage: depthnodes_s22.py DEPTH BIN[,Opt=Val...]...   Standard library only."""
import os, re, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import gomoku_nps_cpu as g

depth = int(sys.argv[1])
for spec in sys.argv[2:]:
    binary, *opts = spec.split(",")
    per_depth = [0] * (depth + 1)
    total_cpu = 0.0
    final = []
    for position in g.POSITIONS:
        p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        def send(l):
            p.stdin.write(l + "\n"); p.stdin.flush()
        send("game gomoku")
        send("setoption name GomokuThreatSolver value false")
        for o in opts:
            k, v = o.split("=")
            send(f"setoption name {k} value {v}")
        send(f"position {position}")
        before = g.cpu_seconds(p.pid)
        send(f"go depth {depth}")
        last = 0
        while True:
            line = p.stdout.readline()
            m = re.search(r"^info depth (\d+) .* nodes (\d+)", line)
            if m:
                d, n = int(m.group(1)), int(m.group(2))
                per_depth[d] += n
                last = n
            if not line or line.startswith("bestmove"):
                break
        total_cpu += g.cpu_seconds(p.pid) - before
        send("quit"); p.stdin.close(); p.wait()
        final.append(last)
    cum = " ".join(f"d{d}:{per_depth[d]}" for d in range(1, depth + 1))
    print(f"{spec}: cpu {total_cpu:.2f}s {cum}; per position at d{depth} {final}", flush=True)
