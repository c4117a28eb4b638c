#!/usr/bin/env python3
"""sgfpos.py FILE GAME N: arbor's move list (algebraic, a1 top-left) of the first N moves of game GAME (1-based)."""
import re, sys
recs = open(sys.argv[1]).read().split('(;')[1:]
r = recs[int(sys.argv[2]) - 1]
moves = re.findall(r';[BW]\[(\w\w)\]', r)
n = int(sys.argv[3])
print(' '.join(chr(ord('a') + ord(m[0]) - 97) + str(ord(m[1]) - 96) for m in moves[:n]))
