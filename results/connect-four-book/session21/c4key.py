"""Canonical book key (current + mask, smaller of the mirror pair) of Connect Four move strings (columns a-g)."""
import sys
def key(moves, mirror=False):
    heights=[0]*7; stones=[[],[]]
    for i,ch in enumerate(moves):
        c=ord(ch)-97
        if mirror: c=6-c
        stones[i%2].append(7*c+heights[c]); heights[c]+=1
    mask=sum(1<<b for s in stones for b in s)
    cur=sum(1<<b for b in stones[len(moves)%2])
    return cur+mask
def canon(m): return min(key(m),key(m,True))
if __name__=='__main__':
    for m in sys.argv[1:]: print(m, canon(m))
