"""Before each fatal move of fatal.tsv (arbor, Black, to move): does BIN (go movetime MS)
play the fatal move again?  python3 avoid_probe.py MS BIN[,Option=Value...]..."""
import subprocess, sys
ms = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open('fatal.tsv')]
for spec in sys.argv[2:]:
    bin_, *opts = spec.split(',')
    same = 0; moves_out = []
    for tag, g, mate, prev, ev, sc, moves in rows:
        ms_ = moves.split()
        before, fatal = ms_[:-1], ms_[-1]
        p = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        def send(l): p.stdin.write(l + "\n"); p.stdin.flush()
        send("game gomoku")
        for o in opts:
            k, v = o.split('=')
            send(f"setoption name {k} value {v}")
        send(f"position list {' '.join(before)}"); send(f"go movetime {ms}")
        best = None
        while True:
            l = p.stdout.readline()
            if not l: break
            if l.startswith("bestmove"): best = l.split()[1]; break
        send("quit"); p.stdin.close(); p.wait()
        same += best == fatal
        moves_out.append(best)
    print(f"{spec} {ms} ms: fatal move repeated in {same} of {len(rows)}; moves {' '.join(moves_out)}", flush=True)
