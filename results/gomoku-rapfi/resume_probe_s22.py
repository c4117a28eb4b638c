"""After the final check (not refuted), do the resumed iterations change the move played?
python3 resume_probe_s22.py MS BIN (in a folder holding fatal.tsv): per position, the move of the last report before the check
and the move played."""
import os, re, subprocess, sys
ms, bin_ = sys.argv[1], sys.argv[2]
rows = [l.rstrip('\n').split('\t') for l in open('fatal.tsv')]
changed = checked = refuted = 0
for tag, g, mate, prev, ev, sc, moves in rows:
    before = moves.split()[:-1]
    env = dict(os.environ, RUST_LOG="debug")
    p = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    p.stdin.write(f"game gomoku\nposition list {' '.join(before)}\ngo movetime {ms}\n"); p.stdin.flush()
    lines = []
    while True:
        l = p.stdout.readline()
        if not l: break
        lines.append(l)
        if l.startswith("bestmove"): break
    p.stdin.write("quit\n"); p.stdin.close(); p.wait()
    last = None; at_check = None; ref = None
    for l in lines:
        m = re.match(r"info depth \d+ .* pv (\S+)", l)
        if m: last = m.group(1)
        m = re.search(r"final refutation check \d+ us, refuted (\w+), move (\S+)", l)
        if m: at_check = m.group(2); ref = m.group(1) == "true"
    best = lines[-1].split()[1] if lines else None
    if at_check is not None:
        checked += 1; refuted += ref
        if not ref and best != at_check:
            changed += 1; print(tag, g, "checked", at_check, "played", best, flush=True)
print(f"{bin_} {ms} ms: final checks {checked}, refuted {refuted}; not refuted but another move played {changed}")
