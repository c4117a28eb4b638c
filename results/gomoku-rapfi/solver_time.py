#!/usr/bin/env python3
"""Times of the root solver (win search + defence) and of the refutation checks per move
(debug log), on the positions of the first N games of an SGF, plies 4-28, go movetime 269.
    OPT="setoption name GomokuAttackShare value 45\\n" python3 solver_time.py TAG.sgf N BINARY
"""
import subprocess,sys,os,re,statistics
from pathlib import Path
sys.path.insert(0,str(Path(__file__).resolve().parents[2]/'scripts'))
from gomoku_losses import games_of_sgf, square
games=games_of_sgf(Path(sys.argv[1]).read_text())[:int(sys.argv[2])]
env=dict(os.environ,RUST_LOG='debug')
OPT=os.environ.get("OPT","").replace("\\n","\n")
errf='/tmp/prof_err.txt'
err=open(errf,'w')
e=subprocess.Popen(sys.argv[3:],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=err,text=True,bufsize=1,env=env)
for g in games:
    mv=g['moves']
    for ply in range(4,min(len(mv),30),2):
        e.stdin.write(f"game gomoku\n{OPT}newgame\nposition list {' '.join(square(m) for m in mv[:ply])}\ngo movetime 269\n"); e.stdin.flush()
        while not (l:=e.stdout.readline()).startswith('bestmove'): pass
        err.write('MOVE\n'); err.flush()
e.stdin.close(); e.wait()
txt=open(errf).read().split('MOVE\n')[:-1]
sol=[];ref=[];unf=0;refuted=0
for t in txt:
    m=re.search(r'solver: (\d+) us',t); sol.append(int(m.group(1))//1000 if m else 0)
    ref.append(sum(int(x) for x in re.findall(r'refutation check (\d+) us',t))//1000)
    unf+='unfinished' in t; refuted+='refuted true' in t
print('moves',len(txt),'solver ms median',statistics.median(sol),'mean',round(statistics.mean(sol)),'refutation ms median',statistics.median(ref),'mean',round(statistics.mean(ref)),'max',max(ref),'unfinished',unf,'refuted',refuted)
