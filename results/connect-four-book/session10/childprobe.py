"""For each root (letters), solve every child with Solve wdl; print nodes/time/score."""
import subprocess, sys, time
eng = sys.argv[1]
roots = sys.argv[2:]
p = subprocess.Popen([eng], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def cmd(line, until=None):
    p.stdin.write(line + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if not l: break
        l = l.rstrip("\n")
        out.append(l)
        if until is None and l == "": 
            if len(out) > 1: break
        if until and l.startswith(until): break
    return out
cmd("game connect4"); cmd("setoption name Solve value wdl")
for r in roots:
    for c in "abcdefg":
        moves = " ".join(list(r) + [c])
        o = cmd("position startpos moves " + moves)
        if o[0].startswith("?"): continue
        cmd("newgame") if False else None
        t = time.perf_counter()
        o = cmd("go solve", until="bestmove")
        dt = time.perf_counter() - t
        info = [l for l in o if l.startswith("info")][-1]
        f = info.split()
        sc = " ".join(f[f.index("score")+1:f.index("score")+3]); nodes = f[f.index("nodes")+1]
        print(f"{r} +{c}: child {sc:10s} nodes {nodes:>9s} {dt*1000:7.1f} ms", flush=True)
