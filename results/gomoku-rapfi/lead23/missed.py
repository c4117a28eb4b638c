#!/usr/bin/env python3
"""For each game: arbor's colour, the result (from the SGF), whether Rapfi ever reported -M (arbor has a forced win by Rapfi's search)."""
import gzip, re, sys
def games_msg(f):
    g = {}; cur = None
    for line in gzip.open(f, 'rt'):
        m = re.match(r'Game ID: (\d+)', line)
        if m: cur = int(m.group(1)); g[cur] = {'neg_m': None, 'black': None}; continue
        m = re.match(r'Engines: (\w+) x (\w+)', line)
        if m and cur: g[cur]['black'] = m.group(1); continue
        m = re.match(r'(\d+)\) rapfi: .*Eval (-M\d+)', line)
        if m and cur and g[cur]['neg_m'] is None: g[cur]['neg_m'] = (int(m.group(1)), m.group(2))
    return g
def results(sgf):
    out = []
    for rec in open(sgf).read().split('(;')[1:]:
        pb = re.search(r'PB\[([^\]]*)\]', rec).group(1); re_ = re.search(r'RE\[([^\]]*)\]', rec)
        out.append((pb, re_.group(1) if re_ else '?'))
    return out
tot = {}
for tag in sys.argv[1:]:
    g = games_msg(tag + '.msg.txt.gz'); r = results(tag + '.sgf')
    for i, (pb, res) in enumerate(r, 1):
        colour = 'B' if pb == 'arbor' else 'W'
        win = (res.startswith('B') and colour == 'B') or (res.startswith('W') and colour == 'W')
        nm = g.get(i, {}).get('neg_m')
        key = (colour, 'win' if win else 'loss', 'rapfi-saw-mate' if nm else '-')
        tot[key] = tot.get(key, 0) + 1
for k in sorted(tot): print(k, tot[k])
