#!/usr/bin/env python3
"""arbor's proven-result claims against the game results (session 16, gfix16).
For each game of TAG.msg.txt[.gz] (with TAG.sgf beside it), the last info line of each arbor
move; a game counts as a 'win claim' if some move ended on `score win`, a 'loss claim' if
some move ended on `score loss`. A win claim in a game arbor did not win, or a loss claim in a
game arbor did not lose, is a claim the game contradicts.
    python3 claims_s16.py TAG [TAG...]"""
import gzip, os, re, sys
def opener(path):
    return gzip.open(path, 'rt') if path.endswith('.gz') else open(path)
for tag in sys.argv[1:]:
    msg = tag + '.msg.txt.gz' if os.path.exists(tag + '.msg.txt.gz') else tag + '.msg.txt'
    last = {}  # (game, ply) -> kind of the last info line
    game = None
    for line in opener(msg):
        m = re.match(r'Game ID: (\d+)', line)
        if m: game = int(m.group(1)); continue
        m = re.match(r'(\d+)\) arbor: depth \d+ score (\w+)', line)
        if m and game is not None: last[(game, int(m.group(1)))] = m.group(2)
    res = {}
    for g in re.findall(r"\(;FF\[4\].*?\)\s*(?=\(;|$)", open(tag + '.sgf').read(), re.S):
        gn = int(re.search(r"GN\[(\d+)\]", g).group(1))
        black = re.search(r"PB\[([^\]]*)\]", g).group(1) == 'arbor'
        r = re.search(r"RE\[([^\]]*)\]", g).group(1)
        won = (r.startswith('B+') and black) or (r.startswith('W+') and not black)
        lost = (r.startswith('W+') and black) or (r.startswith('B+') and not black)
        res[gn] = (won, lost)
    wc = lc = wbad = lbad = 0; bad = []
    for gn, (won, lost) in sorted(res.items()):
        kinds = [k for (g, p), k in last.items() if g == gn]
        if 'win' in kinds:
            wc += 1
            if not won: wbad += 1; bad.append((gn, 'win'))
        if 'loss' in kinds:
            lc += 1
            if not lost: lbad += 1; bad.append((gn, 'loss'))
    print(f"{tag}: games {len(res)}; win claims {wc} (contradicted {wbad}), loss claims {lc} (contradicted {lbad}) {bad}")
