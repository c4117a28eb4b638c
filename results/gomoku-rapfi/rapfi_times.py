"""Rapfi (classical, 1 thread, fresh process per position) on each position of a forced-win TSV
with MS ms a move: the time it answered and its eval (it stops early once it has a mate).
With BENCH files (`scripts/bench_gomoku.py` output for the same TSV), also the median ratio
of arbor's time to proof to Rapfi's answer time over the positions both prove.
usage: python3 rapfi_times.py RAPFI TSV [MS] [BENCH ...]"""
import csv, os, statistics, subprocess, sys, time


def probe(rapfi, moves, ms):
    p = subprocess.Popen([rapfi], cwd=os.path.dirname(os.path.abspath(rapfi)), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    mv = moves.split(); side = len(mv) % 2
    p.stdin.write('START 15\n'); p.stdin.flush()
    while p.stdout.readline().strip() != 'OK': pass
    lines = [f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', 'INFO rule 0', 'BOARD']
    lines += [f'{m},{1 if i % 2 == side else 2}' for i, m in enumerate(mv)] + ['DONE']
    t0 = time.time(); p.stdin.write('\n'.join(lines) + '\n'); p.stdin.flush()
    ev, el, move = '?', float('nan'), '-'
    while True:
        l = p.stdout.readline()
        if not l: break
        s = l.strip()
        if 'Eval' in s: ev = s.split('Eval')[1].split('|')[0].strip()
        if s and s[0].isdigit() and ',' in s:
            el = (time.time() - t0) * 1000; move = s; break
    p.stdin.write('END\n'); p.stdin.flush(); p.wait()
    return el, ev, move


def arbor_times(paths):
    """id -> ms to proof from bench_gomoku.py outputs (the 'at ms' column of proven rows)."""
    found = {}
    for path in paths:
        for line in open(path):
            f = line.split()
            if len(f) > 6 and 'win' in f and f[f.index('win') + 2].isdigit():
                found.setdefault(path, {})[f[0]] = float(f[f.index('win') + 2])
    return found


rapfi, tsv = sys.argv[1], sys.argv[2]
ms = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
rows, times = {}, []
for row in csv.DictReader(open(tsv), delimiter='\t'):
    el, ev, move = probe(rapfi, row['moves'], ms)
    print(f"{row['id']:<11} {move:<6} {ev:<7} {el:6.0f} ms", flush=True)
    if ev.startswith('+M'):
        times.append(el); rows[row['id']] = el
print(f"Rapfi mates {len(times)}, median {statistics.median(times) if times else float('nan'):.0f} ms")
for path, arbor in arbor_times(sys.argv[4:]).items():
    both = [i for i in arbor if i in rows]
    ratios = [arbor[i] / max(rows[i], 1.0) for i in both]
    if both:
        print(f"{path}: both prove {len(both)}; arbor median {statistics.median(arbor[i] for i in both):.0f} ms, "
              f"Rapfi median {statistics.median(rows[i] for i in both):.0f} ms, "
              f"median per-position ratio {statistics.median(ratios):.2f}")
