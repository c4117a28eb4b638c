"""Reach (chance a uniformly random game passes through the position or its mirror) of book keys."""
import sys
from functools import lru_cache
from c4key import canon
H=6
def decode(key):
    cols=[]
    for c in range(7):
        k=(key>>(7*c))&0x7F
        h=(k+1).bit_length()-1
        cur=k-((1<<h)-1)
        cols.append((h,cur))
    return cols  # per column (height, bits of side to move)
def wins(cells):
    # cells: set of (c,r)
    for (c,r) in cells:
        for dc,dr in ((1,0),(0,1),(1,1),(1,-1)):
            if all((c+i*dc,r+i*dr) in cells for i in range(4)): return True
    return False
@lru_cache(maxsize=None)
def reach_of(state):
    # state: tuple of per-column tuples of owners (0 = first player, 1 = second), bottom up
    n=sum(len(col) for col in state)
    if n==0: return 1.0
    mover=(n-1)%2
    total=0.0
    for c,col in enumerate(state):
        if col and col[-1]==mover:
            parent=tuple(cc[:-1] if i==c else cc for i,cc in enumerate(state))
            # parent must not be over: check the mover's and other's stones for a four
            for p in (0,1):
                cells={(i,r) for i,cc in enumerate(parent) for r,o in enumerate(cc) if o==p}
                if wins(cells): break
            else:
                legal=sum(1 for cc in parent if len(cc)<H)
                total+=reach_of(parent)/legal
    return total
def state_of(key):
    cols=decode(key); n=sum(h for h,_ in cols); tomove=n%2
    return tuple(tuple(tomove if (cur>>r)&1 else 1-tomove for r in range(h)) for h,cur in cols)
def class_reach(key):
    s=state_of(key); m=tuple(reversed(s))
    return reach_of(s)+(reach_of(m) if m!=s else 0.0)
if __name__=='__main__':
    for k in sys.argv[1:]: print(k, '%.3e'%class_reach(int(k)))
