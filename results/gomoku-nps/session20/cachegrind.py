"""Cachegrind (cache and branch simulation) of one fixed search: freestyle 15x15
`list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11`, threat solver off, `go depth DEPTH` (11).
Prints the last info line and cachegrind's summary; the counts per function are in OUT
(`cg_annotate OUT`). Usage: python3 cachegrind.py BIN OUT [DEPTH]"""
import subprocess, sys
b, out = sys.argv[1], sys.argv[2]
depth = sys.argv[3] if len(sys.argv) > 3 else "11"
p = subprocess.Popen(["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", f"--cachegrind-out-file={out}", b],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
p.stdin.write(f"game gomoku\nsetoption name GomokuThreatSolver value false\nposition list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11\ngo depth {depth}\n"); p.stdin.flush()
for line in p.stdout:
    if line.startswith("info depth"): last = line
    if line.startswith("bestmove"): break
p.stdin.close(); p.wait()
print(last.strip()[:120])
print("\n".join(l for l in p.stderr.read().splitlines() if any(k in l for k in ("I refs", "D refs", "D1  misses", "LLd misses", "D1  miss rate"))))
