#!/usr/bin/env python3
"""avoid_probe_s14.py with the depth: before each fatal move of fatal.tsv (arbor, Black,
to move), `go movetime MS` in a fresh process of each BIN[,Option=Value...]: is the fatal
move played again, and which depth did the last completed iteration reach (the last
`info depth` line before bestmove) with how many nodes? Prints per spec the repeats, the
median and mean depth and the median nodes, and the moves (session 23).
usage (in a folder holding fatal.tsv): probe_s23.py MS BIN[,Opt=Val...]...
Standard library only."""
import re, statistics, subprocess, sys

ms = sys.argv[1]
rows = [l.rstrip("\n").split("\t") for l in open("fatal.tsv")]
for spec in sys.argv[2:]:
    binary, *opts = spec.split(",")
    same = 0
    moves_out, depths, nodes = [], [], []
    for tag, g, mate, prev, ev, sc, moves in rows:
        ms_ = moves.split()
        before, fatal = ms_[:-1], ms_[-1]
        p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)

        def send(line):
            p.stdin.write(line + "\n")
            p.stdin.flush()

        send("game gomoku")
        for o in opts:
            k, v = o.split("=")
            send(f"setoption name {k} value {v}")
        send(f"position list {' '.join(before)}")
        send(f"go movetime {ms}")
        best, depth, n = None, 0, 0
        while True:
            line = p.stdout.readline()
            if not line:
                break
            m = re.match(r"info depth (\d+) .*nodes (\d+)", line)
            if m:
                depth, n = int(m.group(1)), int(m.group(2))
            if line.startswith("bestmove"):
                best = line.split()[1]
                break
        send("quit")
        p.stdin.close()
        p.wait()
        same += best == fatal
        moves_out.append(best)
        depths.append(depth)
        nodes.append(n)
    print(f"{spec} {ms} ms: fatal move repeated in {same} of {len(rows)}; depth median "
          f"{statistics.median(depths)} mean {statistics.mean(depths):.1f}; nodes median "
          f"{statistics.median(nodes):.0f}; moves {' '.join(str(m) for m in moves_out)}",
          flush=True)
