#!/usr/bin/env python3
"""Alternating A/B of othello_ffo binaries: abffo.py ROUNDS FIRST BIN... ;
per run: user CPU s, wall s, total nodes, all-correct; then medians of user s per binary."""
import os, re, resource, statistics, subprocess, sys, time
rounds, first, bins = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
data = '/work/shared/benchdata/othello_ffo40_59.txt'
res = {}
print('load', os.getloadavg(), flush=True)
for r in range(rounds):
    order = bins if r % 2 == 0 else bins[::-1]
    for b in order:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        out = subprocess.run([b, data, '--first', first], capture_output=True, text=True).stdout
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        user = after.ru_utime - before.ru_utime
        per = re.findall(r'#(\d+) .*?time +([\d.]+) s nodes +(\d+)', out)
        tot = re.search(r'total (\d+) positions, (\d+) correct, time ([\d.]+) s, nodes (\d+)', out)
        ok = tot.group(1) == tot.group(2)
        res.setdefault(b, []).append(user)
        print(f'r{r} {os.path.basename(b):14} user {user:6.2f} s wall {wall:6.2f} s nodes {tot.group(4)} '
              f'{"ok" if ok else "WRONG"} load {os.getloadavg()[0]:.2f} per-pos-time ' + ' '.join(p[1] for p in per), flush=True)
print('median user s:')
for b, v in res.items():
    print(f'  {os.path.basename(b):14} {statistics.median(v):.2f}  ({min(v):.2f}-{max(v):.2f})')
