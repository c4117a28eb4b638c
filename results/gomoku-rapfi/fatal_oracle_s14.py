"""Rapfi (400 ms) on the position before each fatal move of fatal.tsv: its move, its eval,
and the classes of the fatal move and Rapfi's move for both sides (move_shapes.label).
Diagnosis only."""
import sys, collections
sys.path.insert(0,'/work/wt-gplay14/results/gomoku-rapfi'); sys.path.insert(0,'/work/wt-gplay14/scripts')
from move_shapes import label
from gomoku_losses import Referee
ref = Referee('/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi')
same = 0; rows = []
ca, cr = collections.Counter(), collections.Counter()
for l in open('fatal.tsv'):
    tag,g,mate,prev,ev,sc,moves=l.rstrip('\n').split('\t')
    mv=[(ord(m[0])-97,int(m[1:])-1) for m in moves.split()]
    before, fatal = mv[:-1], mv[-1]
    rm, reval = ref.judge(before, 400)
    rc = (ord(rm[0])-97, int(rm[1:])-1)
    board = {c:i%2 for i,c in enumerate(before)}
    fa = (label(board,fatal,0), label(board,fatal,1)); ra = (label(board,rc,0), label(board,rc,1))
    ca[fa]+=1; cr[ra]+=1
    same += rc == fatal
    d = max(abs(rc[0]-fatal[0]), abs(rc[1]-fatal[1]))
    print(tag, g, "fatal", moves.split()[-1], fa, "rapfi", rm, ra, "eval", reval, "dist", d, flush=True)
ref.close()
print("same", same); print("fatal (black shape, white shape at cell):", ca.most_common()); print("rapfi:", cr.most_common())
