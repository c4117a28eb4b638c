"""Before each fatal move of fatal.tsv: run WRAPPER (go movetime MS, debug log) and count
positions with a refutation (a root move proven losing and excluded), and the checks' time.
python3 refute_probe.py MS WRAPPER..."""
import subprocess, sys, re, os
ms = sys.argv[1]
rows = [l.rstrip('\n').split('\t') for l in open('fatal.tsv')]
for w in sys.argv[2:]:
    refuted = 0; checks = 0; us = 0; same = 0
    for tag, g, mate, prev, ev, sc, moves in rows:
        mv = moves.split()
        before, fatal = mv[:-1], mv[-1]
        env = dict(os.environ, RUST_LOG="debug")
        p = subprocess.Popen([w], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        out, err = p.communicate(f"game gomoku\nposition list {' '.join(before)}\ngo movetime {ms}\n", timeout=20) if False else (None, None)
        p.stdin.write(f"game gomoku\nposition list {' '.join(before)}\ngo movetime {ms}\n"); p.stdin.flush()
        best = None
        while True:
            l = p.stdout.readline()
            if not l: break
            if l.startswith("bestmove"): best = l.split()[1]; break
        p.stdin.write("quit\n"); p.stdin.close(); err = p.stderr.read(); p.wait()
        same += best == fatal
        r = re.findall(r"refutation check (\d+) us, refuted (\w+)", err)
        checks += len(r); us += sum(int(a) for a, _ in r)
        refuted += any(b == "true" for _, b in r)
    print(f"{w}: positions with a refutation {refuted} of {len(rows)}; checks {checks}, mean {us/max(checks,1)/1000:.1f} ms, total/pos {us/len(rows)/1000:.1f} ms; fatal repeated {same}", flush=True)
