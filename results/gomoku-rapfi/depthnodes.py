#!/usr/bin/env python3
"""Total nodes and CPU seconds of `go depth D` (threat solver off) over the positions of
scripts/gomoku_nps_cpu.py, for each binary: python3 depthnodes.py DEPTH BINARY...
(session 9). Standard library only."""
import os, sys, re, subprocess
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import gomoku_nps_cpu as g
depth = int(sys.argv[1])
for binary in sys.argv[2:]:
    total_nodes, total_cpu = 0, 0.0
    per = []
    for position in g.POSITIONS:
        p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        def send(l):
            p.stdin.write(l + "\n"); p.stdin.flush()
        def search(go):
            send(go); nodes = 0
            while True:
                line = p.stdout.readline()
                m = re.search(r" nodes (\d+)", line)
                if m: nodes = int(m.group(1))
                if line.startswith("bestmove"): return nodes, line.strip()
        for l in ("game gomoku", "setoption name GomokuThreatSolver value false", f"position {position}"):
            send(l)
        search("go depth 1")
        before = g.cpu_seconds(p.pid)
        nodes, best = search(f"go depth {depth}")
        used = g.cpu_seconds(p.pid) - before
        p.stdin.close(); p.wait()
        total_nodes += nodes; total_cpu += used; per.append(nodes)
    print(f"{binary}: depth {depth}: {total_nodes} nodes, {total_cpu:.2f} CPU-s, {total_nodes/total_cpu/1e6:.3f} M/CPU-s; per position {per}")
