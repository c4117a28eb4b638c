#!/usr/bin/env python3
"""arbor's score by colour from a c-gomoku-cli SGF: python3 colours.py TAG.sgf..."""
import re, sys
for path in sys.argv[1:]:
    text = open(path).read()
    b = [0, 0, 0]; w = [0, 0, 0]; won = []
    for game in re.findall(r"\(;FF\[4\].*?\)\s*(?=\(;|$)", text, re.S):
        gn = int(re.search(r"GN\[(\d+)\]", game).group(1))
        pb = re.search(r"PB\[([^\]]*)\]", game).group(1)
        res = re.search(r"RE\[([^\]]*)\]", game).group(1)
        winner = "B" if res.startswith("B+") else "W" if res.startswith("W+") else "D"
        arbor_black = pb == "arbor"
        side = b if arbor_black else w
        if winner == "D":
            side[1] += 1
        elif (winner == "B") == arbor_black:
            side[0] += 1
            if arbor_black:
                won.append((gn + 1) // 2)
        else:
            side[2] += 1
    pts = b[0] + w[0] + (b[1] + w[1]) / 2
    print(f"{path}: {pts} of {sum(b)+sum(w)}; as Black {b[0]}-{b[1]}-{b[2]}, as White {w[0]}-{w[1]}-{w[2]}; openings won as Black {sorted(won)}")
