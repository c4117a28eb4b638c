#!/usr/bin/env python3
"""probe.py BIN 'MOVES' GO [OPTION=V ...]: prints the info lines and bestmove."""
import subprocess, sys
bin_, moves, go = sys.argv[1:4]
cmds = ['game gomoku size=15'] + [f'setoption name {o.split("=")[0]} value {o.split("=")[1]}' for o in sys.argv[4:]]
cmds += [f'position startpos moves {moves}', f'go {go}']
p = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write('\n'.join(cmds) + '\n'); p.stdin.flush()
for l in p.stdout:
    if l.startswith('info') or l.startswith('bestmove'): print(l.rstrip()[:200], flush=True)
    if l.startswith('bestmove'): break
p.stdin.write('quit\n'); p.stdin.close(); p.wait()
