#!/usr/bin/env python3
"""The fatal set (fatal-s14.tsv) with deterministic `go depth D` searches (session 22).

For each row (the moves up to and including arbor's fatal move as Black), two fresh
processes of each BIN[,Option=Value...]:
  - the position before the fatal move, `go depth D`: is the fatal move played again?
  - the position after it (White to move), `go depth D`: is White's win seen (a `win N`
    score from White's side)? This one runs with `GomokuThreatSolver false` unless
    --solver is given, so that it measures the main search alone.
Prints per binary: repeats, wins seen, how often Rapfi's move (oracle-s14-fatal.txt) is
played, the nodes summed, and the moves played.
usage: fatal_depth_s22.py [--solver] [--rows N] [--tsv FILE] DEPTH BIN[,Opt=Val...]...
Standard library only."""
import argparse, os, re, subprocess

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("depth", type=int)
ap.add_argument("bins", nargs="+")
ap.add_argument("--solver", action="store_true", help="keep the threat solver on for the 'seen' part")
ap.add_argument("--rows", type=int, default=0, help="only the first N rows")
ap.add_argument("--tsv", default=os.path.join(here, "fatal-s14.tsv"))
ap.add_argument("--skip-repeat", action="store_true")
ap.add_argument("--skip-seen", action="store_true")
args = ap.parse_args()
# The classic evaluation's values of a won threat at a leaf (8,000: an unanswerable
# double three; 10,000: a four-three; 12,000: an open four; 15,000: a five to play).
WON_CP = 8000
rows = [l.rstrip("\n").split("\t") for l in open(args.tsv)]
# Rapfi's own move in each position before the fatal move (session 14's oracle, 400 ms a
# position): how often the build plays it is a rough sign that the move it plays instead
# of the fatal one is sound.
oracle = {}
oracle_path = os.path.join(here, "oracle-s14-fatal.txt")
if os.path.exists(oracle_path):
    for line in open(oracle_path):
        f = line.split()
        if len(f) > 2 and "rapfi" in f:
            oracle[(f[0], f[1])] = f[f.index("rapfi") + 1]
if args.rows:
    rows = rows[: args.rows]


def run(spec, moves, extra):
    binary, *opts = spec.split(",")
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    def send(line):
        p.stdin.write(line + "\n"); p.stdin.flush()
    send("game gomoku")
    for o in opts + extra:
        k, v = o.split("=")
        send(f"setoption name {k} value {v}")
    send(f"position list {' '.join(moves)}")
    send(f"go depth {args.depth}")
    score, nodes, best = None, 0, None
    while True:
        line = p.stdout.readline()
        if not line:
            break
        m = re.search(r" score (cp -?\d+|win \d+|loss \d+|draw)", line)
        if m:
            score = m.group(1)
        m = re.search(r" nodes (\d+)", line)
        if m:
            nodes = int(m.group(1))
        if line.startswith("bestmove"):
            best = line.split()[1]
            break
    send("quit"); p.stdin.close(); p.wait()
    return best, score, nodes


for spec in args.bins:
    same = seen = threat_won = agree = 0
    nodes_before = nodes_after = 0
    played, scores = [], []
    for tag, g, mate, prev, ev, sc, moves in rows:
        ms = moves.split()
        before, fatal = ms[:-1], ms[-1]
        if not args.skip_repeat:
            best, _, n = run(spec, before, [])
            same += best == fatal
            agree += best == oracle.get((tag, g))
            nodes_before += n
            played.append(best)
        if not args.skip_seen:
            extra = [] if args.solver else ["GomokuThreatSolver=false"]
            _, score, n = run(spec, ms, extra)
            seen += bool(score and score.startswith("win"))
            threat_won += bool(score and score.startswith("cp") and int(score.split()[1]) >= WON_CP)
            nodes_after += n
            scores.append((score or "?").replace(" ", ""))
    print(f"{spec} depth {args.depth} ({len(rows)} rows): fatal repeated {same}, "
          f"White's win seen {seen} (+ {threat_won} at cp >= {WON_CP}); Rapfi's move {agree}; nodes {nodes_before} before / {nodes_after} after", flush=True)
    if played:
        print("  moves " + " ".join(str(m) for m in played))
    if scores:
        print("  after " + " ".join(scores), flush=True)
