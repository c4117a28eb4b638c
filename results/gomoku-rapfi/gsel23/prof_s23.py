import subprocess, sys, re, os
sys.path.insert(0, "/work/wt-gsel23/scripts")
import gomoku_nps_cpu as g
depth = int(sys.argv[1]); opts = sys.argv[2:]
tot = None
rows = [l.rstrip("\n").split("\t") for l in open("/work/wt-gsel23/results/gomoku-rapfi/fatal-s14.tsv")]
positions = ["list " + " ".join(r[6].split()[:-1]) for r in rows][::4] if os.environ.get("FATAL") else g.POSITIONS
for pos in positions:
    p = subprocess.Popen(["/work/notes/gsel23/arbor-prof"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("\n".join(["game gomoku","setoption name GomokuThreatSolver value false"]+[f"setoption name {o.split('=')[0]} value {o.split('=')[1]}" for o in opts]+[f"position {pos}", f"go depth {depth}"])+"\n"); p.stdin.flush()
    while True:
        l = p.stdout.readline()
        if not l or l.startswith("bestmove"): break
    p.stdin.write("quit\n"); p.stdin.close(); err = p.stderr.read(); p.wait()
    last = [l for l in err.splitlines() if l.startswith("PROF")][-1]
    nums = [int(x) for x in re.findall(r"\d+", last)[1:]]
    tot = nums if tot is None else [a+b for a,b in zip(tot,nums)]
names = "extline_quiet_attacker extline_quiet_defender extline_exhaustive quiet exhaustive extended_nodes leaves_ext leaves".split()
print(" ".join(opts), f"depth {depth}", len(positions), "positions")
for n,v in zip(names, tot[:8]): print(f"  {n:24s} {v:>10d}")
print("  moves per node kind (attacker/defender/extexh/quiet/exh):", [round(tot[8+i]/max(1,tot[i]),1) for i in range(5)])
