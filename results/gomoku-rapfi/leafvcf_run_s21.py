#!/usr/bin/env python3
"""run.py BIN DEPTH POSFILE [OPTION=VALUE ...]: go depth DEPTH on each position (fresh
process, threat solver off), env passed through; prints nodes per position and the STATS
lines the counting build prints at exit, summed over positions."""
import re, subprocess, sys, collections
binary, depth, posfile, *opts = sys.argv[1:]
tot_nodes = 0
sums = collections.OrderedDict()
for pos in open(posfile).read().split('\n'):
    if not pos.strip(): continue
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
    def send(l): p.stdin.write(l + '\n'); p.stdin.flush()
    for l in ['game gomoku', 'setoption name GomokuThreatSolver value false'] + [f'setoption name {o.split("=")[0]} value {o.split("=")[1]}' for o in opts] + [f'position {pos}', f'go depth {depth}']:
        send(l)
    nodes = 0
    while True:
        line = p.stdout.readline()
        if not line: break
        m = re.search(r' nodes (\d+)', line)
        if m: nodes = int(m.group(1))
        if line.startswith('bestmove'):
            best = line.split()[1]; break
    p.stdin.close(); err = p.stderr.read(); p.wait()
    tot_nodes += nodes
    print(f'{nodes:9d} {best:4s} {pos[:60]}')
    kind = None
    for l in err.splitlines():
        if not l.startswith('STATS'): continue
        m = re.match(r'STATS (\S+ \S+): calls (\d+)', l)
        if m:
            kind = m.group(1); sums.setdefault((kind, 'calls'), [0]); sums[(kind, 'calls')][0] += int(m.group(2)); continue
        m = re.match(r'STATS\s+(.{24}) hits\s+(\d+) nodes\s+(\d+) gain\s+(\d+) loss\s+(\d+) plies\S+ \[(.*)\]', l)
        name = m.group(1).strip()
        vals = [int(m.group(i)) for i in (2, 3, 4, 5)] + [int(x) for x in m.group(6).split(',')]
        s = sums.setdefault((kind, name), [0] * len(vals))
        for i, v in enumerate(vals): s[i] += v
print('total nodes', tot_nodes)
for (kind, name), v in sums.items():
    if name == 'calls': print(f'{kind}: calls {v[0]}')
    else: print(f'  {name:24s} hits {v[0]:7d} nodes {v[1]:9d} gain {v[2]:6d} loss {v[3]:6d} plies(1,3..15) {v[4:]}')
