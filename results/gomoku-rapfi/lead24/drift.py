#!/usr/bin/env python3
"""drift.py MSG.gz...: arbor's moves judged by Rapfi. For each arbor move between two Rapfi moves,
loss = Rapfi's eval after it minus Rapfi's eval before it (Rapfi's own view, clamped to +-CLAMP; a
mate counts as +-CLAMP); moves after the first mate either way are left out. Prints mean loss and
its standard error, per file and by arbor's colour."""
import gzip, re, statistics, sys
CLAMP = 1000
def val(text):
    if 'M' in text:
        return CLAMP if not text.startswith('-') else -CLAMP
    return max(-CLAMP, min(CLAMP, int(text)))
for path in sys.argv[1:]:
    losses = {'B': [], 'W': []}
    game = None
    evals = []
    def flush():
        # evals: list of (ply, value, mate) for rapfi moves in order
        for (p0, v0, m0), (p1, v1, m1) in zip(evals, evals[1:]):
            if m0 or p1 != p0 + 2:
                break
            colour = 'B' if (p0 + 1) % 2 == 1 else 'W'
            losses[colour].append(v1 - v0)
    for line in gzip.open(path, 'rt'):
        if line.startswith('Game ID'):
            flush(); evals = []
            continue
        m = re.match(r'(\d+)\) rapfi: .*\| Eval (\S+) ', line)
        if m:
            evals.append((int(m.group(1)), val(m.group(2)), 'M' in m.group(2)))
    flush()
    allv = losses['B'] + losses['W']
    se = lambda v: statistics.stdev(v) / len(v) ** 0.5 if len(v) > 1 else 0
    print(f"{path}: all {statistics.mean(allv):6.1f} +- {se(allv):4.1f} (n {len(allv)}) | arbor Black {statistics.mean(losses['B']):6.1f} +- {se(losses['B']):4.1f} | White {statistics.mean(losses['W']):6.1f} +- {se(losses['W']):4.1f}")
