#!/usr/bin/env python3
"""The depth of the last completed iteration at `go movetime MS` (threat solver on, the
engine's defaults plus the options given) on scripts/gomoku_nps_cpu.py's 7 positions, a
fresh process each, for each BIN[,Opt=Val...]; ROUNDS rounds. Prints the depths and nodes
and their medians (session 23). Run it under the lock.
usage: npsdepth_s23.py MS ROUNDS BIN[,Opt=Val...]...   Standard library only."""
import os, re, statistics, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import gomoku_nps_cpu as g

ms, rounds = sys.argv[1], int(sys.argv[2])
for spec in sys.argv[3:]:
    binary, *opts = spec.split(",")
    depths, nodes = [], []
    for _ in range(rounds):
        for position in g.POSITIONS:
            p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, text=True)

            def send(line):
                p.stdin.write(line + "\n")
                p.stdin.flush()

            send("game gomoku")
            for o in opts:
                k, v = o.split("=")
                send(f"setoption name {k} value {v}")
            send(f"position {position}")
            send(f"go movetime {ms}")
            depth, n = 0, 0
            while True:
                line = p.stdout.readline()
                if not line or line.startswith("bestmove"):
                    break
                m = re.match(r"info depth (\d+) .*nodes (\d+)", line)
                if m:
                    depth, n = int(m.group(1)), int(m.group(2))
            send("quit")
            p.stdin.close()
            p.wait()
            depths.append(depth)
            nodes.append(n)
    print(f"{spec} {ms} ms: depth median {statistics.median(depths)} mean "
          f"{statistics.mean(depths):.1f} {depths}; nodes median {statistics.median(nodes):.0f}",
          flush=True)
