"""Before each fatal move of fatal.tsv (arbor, Black, to move): run BIN (go movetime MS,
debug log, a fresh process) and report whether it repeats the fatal move, its refutation
checks (early and final: count, refuted, time) and the answer time (from `go` to
`bestmove`, read by this script).
python3 probe_s22.py MS OUT_PREFIX BIN[,Option=Value...]...
Per position lines go to OUT_PREFIX-LABEL.tsv (LABEL: the spec's index)."""
import os, re, subprocess, sys, time
ms = sys.argv[1]
out = sys.argv[2]
rows = [l.rstrip('\n').split('\t') for l in open('fatal.tsv')]
for k, spec in enumerate(sys.argv[3:]):
    bin_, *opts = spec.split(',')
    same = 0; refuted_pos = 0; checks = []; answer = []; lines = []
    for tag, g, mate, prev, ev, sc, moves in rows:
        mv = moves.split()
        before, fatal = mv[:-1], mv[-1]
        env = dict(os.environ, RUST_LOG="debug")
        p = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
        def send(l): p.stdin.write(l + "\n"); p.stdin.flush()
        send("game gomoku")
        for o in opts:
            a, b = o.split('=')
            send(f"setoption name {a} value {b}")
        send(f"position list {' '.join(before)}")
        send("isready")
        while True:
            l = p.stdout.readline()
            if not l or "readyok" in l: break
        t0 = time.monotonic()
        send(f"go movetime {ms}")
        best = None
        while True:
            l = p.stdout.readline()
            if not l: break
            if l.startswith("bestmove"): best = l.split()[1]; break
        t = (time.monotonic() - t0) * 1000
        send("quit"); p.stdin.close(); err = p.stderr.read(); p.wait()
        same += best == fatal
        r = re.findall(r"depth (\d+): (final )?refutation check (\d+) us, refuted (\w+)", err)
        checks += [int(u) for _, _, u, _ in r]
        ref = any(b == "true" for *_, b in r)
        refuted_pos += ref
        answer.append(t)
        depths = re.findall(r"^info depth (\d+)", err + "", re.M)
        lines.append(f"{tag}\t{g}\t{fatal}\t{best}\t{int(best == fatal)}\t{t:.1f}\t" +
                     " ".join(f"{'F' if f else 'E'}{d}:{int(u)//1000}:{b[0]}" for d, f, u, b in r))
    open(f"{out}-{k}.tsv", "w").write("\n".join(lines) + "\n")
    answer.sort()
    n = len(answer)
    p99 = answer[min(n - 1, int(0.99 * n))]
    print(f"{spec} {ms} ms: fatal repeated {same}/{n}; positions with a refutation {refuted_pos}; "
          f"checks {len(checks)}, mean {sum(checks)/max(len(checks),1)/1000:.1f} ms, per position "
          f"{sum(checks)/n/1000:.1f} ms; answer median {answer[n//2]:.0f} p99 {p99:.0f} max {answer[-1]:.0f} ms",
          flush=True)
