#!/usr/bin/env python3
"""depthnodes.py DEPTH BIN[,Opt=V...] ... : per position, nodes at each completed depth (go depth DEPTH,
threat solver off), and the best move and score; positions = midgame positions from Rapfi games."""
import re, subprocess, sys
sys.path.insert(0, '/work/notes/lead23')
POS = []
import importlib
def sgf_moves(path, game, n):
    recs = open(path).read().split('(;')[1:]
    moves = re.findall(r';[BW]\[(\w\w)\]', recs[game - 1])
    return ' '.join(chr(ord('a') + ord(m[0]) - 97) + str(ord(m[1]) - 96) for m in moves[:n])
SGF = '/work/notes/lead23/free-s23-pe-a.sgf'
for g, n in [(1, 8), (2, 9), (3, 10), (5, 8), (8, 9), (11, 10), (14, 8), (17, 9)]:
    POS.append(sgf_moves(SGF, g, n))
depth = int(sys.argv[1])
for spec in sys.argv[2:]:
    binary, *opts = spec.split(',')
    tot = {}
    for pos in POS:
        p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        lines = ['game gomoku', 'setoption name GomokuThreatSolver value false']
        lines += [f'setoption name {o.split("=")[0]} value {o.split("=")[1]}' for o in opts]
        lines += [f'position list {pos}', f'go depth {depth}']
        p.stdin.write('\n'.join(lines) + '\n'); p.stdin.flush()
        per = {}
        last = ''
        while True:
            line = p.stdout.readline()
            if not line: break
            m = re.search(r'info depth (\d+) .*?score (\S+ \S+).* nodes (\d+)', line)
            if m:
                per[int(m.group(1))] = int(m.group(3)); last = m.group(2)
            if line.startswith('bestmove'):
                best = line.split()[1]; break
        p.stdin.close(); p.wait()
        for d, nn in per.items():
            tot.setdefault(d, []).append(nn)
        print(f'{spec} | {pos[:30]}.. | best {best} {last} | ' + ' '.join(f'{d}:{per[d]}' for d in sorted(per) if d >= 6), flush=True)
    print(spec, 'TOTAL', ' '.join(f'{d}:{sum(v)}' for d, v in sorted(tot.items()) if len(v) == len(POS) and d >= 6), flush=True)
