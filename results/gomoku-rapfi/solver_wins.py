#!/usr/bin/env python3
"""Solver wins (a lone win line) and main-search start times from TAG.msg.txt.gz files.
    python3 solver_wins.py TAG.msg.txt.gz..."""
import gzip,re,sys,glob,statistics
wins=[];starts=[];new_wins=[]
for f in sys.argv[1:]:
    game=None; moves={}
    for line in gzip.open(f,'rt'):
        if line.startswith('Game ID'):
            game=line; prev_win=False
            continue
        m=re.match(r'(\d+)\) arbor: depth (\d+) score (\S+) (\S+) nodes (\d+) time (\d+)',line)
        if not m: continue
        ply,d,kind,val,nodes,t=m.groups(); key=(f,game,ply)
        moves.setdefault(key,[]).append((int(d),kind,val,int(nodes),int(t)))
    lastwin={}
    for key,infos in moves.items():
        first=infos[0]
        if len(infos)==1 and first[1]=='win':
            wins.append(first[4])
        elif first[0]==1:
            starts.append(first[4])
    print(f, len(moves))
print('solver wins',len(wins),'time quantiles',sorted(wins)[::max(1,len(wins)//20)])
print('main starts',len(starts),'median',statistics.median(starts), 'frac>=100', sum(s>=100 for s in starts)/len(starts))
