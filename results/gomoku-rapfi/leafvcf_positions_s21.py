"""Positions for leafvcf_run_s21.py from results/gomoku-nps/selfplay-g19-s19.jsonl (run from the
project root): `mid` = the first 12 of (after 16, after 26 plies) of its games
(leafvcf-s21-pos12.txt); `end K` = its first 12 games longer than 30 plies, K plies before
their end (leafvcf-s21-end7.txt: K=7)."""
import json, sys
games = []
for line in open('results/gomoku-nps/selfplay-g19-s19.jsonl'):
    g = json.loads(line)
    if g.get('type') == 'game':
        games.append(g['opening'] + [m['move'] for m in g['moves']])
out = []
if sys.argv[1] == 'mid':
    for moves in games:
        out += [' '.join(moves[:ply]) for ply in (16, 26) if len(moves) > ply + 4]
else:
    k = int(sys.argv[2])
    out = [' '.join(m[:len(m) - k]) for m in games if len(m) > 30]
for p in out[:12]:
    print('list ' + p)
