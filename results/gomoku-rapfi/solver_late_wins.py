#!/usr/bin/env python3
"""Solver wins found after 5 ms, with arbor's previous move's last line.
    python3 solver_late_wins.py TAG.msg.txt.gz..."""
import gzip,re,sys
for f in sys.argv[1:]:
    game=None; moves={}
    for line in gzip.open(f,'rt'):
        if line.startswith('Game ID'):
            game=line.strip(); continue
        m=re.match(r'(\d+)\) arbor: depth (\d+) score (\S+) (\S+) nodes (\d+) time (\d+)',line)
        if not m: continue
        ply,d,kind,val,nodes,t=m.groups()
        moves.setdefault((game,int(ply)),[]).append((int(d),kind,val,int(nodes),int(t)))
    for (game,ply),infos in moves.items():
        first=infos[0]
        if len(infos)==1 and first[1]=='win' and first[4]>=5:
            prev=moves.get((game,ply-2))
            pl=prev[-1] if prev else None
            print(f[:-11],game,ply,first,'prev:',pl)
