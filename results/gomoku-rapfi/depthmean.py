#!/usr/bin/env python3
"""Last completed depth of arbor's cp moves; groups of TAG.msg.txt.gz joined by commas.
    python3 depthmean.py A.msg.txt.gz,B.msg.txt.gz C.msg.txt.gz"""
import gzip,re,sys,statistics
def load(f):
    moves={}; game=None
    for line in gzip.open(f,'rt'):
        if line.startswith('Game ID'): game=line; continue
        m=re.match(r'(\d+)\) arbor: depth (\d+) score cp (\S+) nodes (\d+) time (\d+)',line)
        if m: moves.setdefault((f,game,m.group(1)),[]).append(int(m.group(2)))
    return [v[-1] for v in moves.values()]
for group in sys.argv[1:]:
    d=sum((load(f) for f in group.split(',')),[])
    print(group, len(d), 'mean', round(statistics.mean(d),2), 'median', statistics.median(d), '>=11', round(sum(x>=11 for x in d)/len(d),3))
