#!/usr/bin/env python3
"""The main search alone on both forced-win sets (session 22): for each position, the first
iteration of `go depth 12 nodes 3000000` (threat solver off) that reports `win N`, as
(depth, N, nodes), for the base build and the extension (GomokuThreatExtension=4).
Paths are the session's; run at idle priority. Standard library only."""
import re, subprocess, sys
def sq(xy):
    x, y = map(int, xy.split(","))
    return f"{chr(ord('a')+x)}{y+1}"
rows = []
for f in ["/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv", "/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv"]:
    lines = open(f).read().splitlines()
    h = lines[0].split("\t")
    for l in lines[1:]:
        r = dict(zip(h, l.split("\t")))
        rows.append((r["id"], [sq(m) for m in r["moves"].split()], r["selfplay_mate_plies"]))
def first_win(binary, opts, moves, maxd):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    def send(l): p.stdin.write(l+"\n"); p.stdin.flush()
    send("game gomoku"); send("setoption name GomokuThreatSolver value false")
    for o in opts: k,v=o.split("="); send(f"setoption name {k} value {v}")
    send("position list " + " ".join(moves)); send(f"go depth {maxd} nodes 3000000")
    res = None
    while True:
        l = p.stdout.readline()
        if not l or l.startswith("bestmove"): break
        m = re.search(r"^info depth (\d+) .*score win (\d+) nodes (\d+)", l)
        if m and res is None: res = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    send("quit"); p.stdin.close(); p.wait()
    return res
for id_, moves, mate in rows:
    a = first_win("/work/notes/gext22/arbor-base", [], moves, 12)
    b = first_win("/work/notes/gext22/arbor-ext1", ["GomokuThreatExtension=4"], moves, 12)
    print(id_, mate, len(moves), "base", a, "ext", b, flush=True)
