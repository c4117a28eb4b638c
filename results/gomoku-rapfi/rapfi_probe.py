# python3 rapfi_probe.py TSV ID MS: a fresh Rapfi (classical, 1 thread) on one position; times from the DONE line
# (session 14: the Rapfi path of this machine; PV="I6 I4" plays those moves after the TSV line first)
import subprocess, sys, time
# usage: rapfi_probe.py TSV ID MS  -- asks a fresh Rapfi (classical, 1 thread) about a position, prints its messages
tsv, pid, ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = [l.rstrip('\n').split('\t') for l in open(tsv)]
h = rows[0]; row = next(r for r in rows[1:] if r[h.index('id')] == pid)
moves = row[h.index('moves')].split()
import os
for w in os.environ.get('PV','').split():
    moves.append(f"{ord(w[0].upper())-65},{int(w[1:])-1}")
RAPFI = '/work/anchors/rapfi/Rapfi/build/native/pbrain-rapfi'
p = subprocess.Popen([RAPFI], cwd='/work/anchors/rapfi/Rapfi/build/native', stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + '\n'); p.stdin.flush()
send('START 15'); 
while True:
    l = p.stdout.readline()
    if l.strip() == 'OK': break
send(f'INFO timeout_turn {ms}'); send('INFO timeout_match 100000000'); send('INFO rule 0'); send('INFO max_memory 268435456')
send('BOARD')
n = len(moves)
for i, m in enumerate(moves):
    own = 1 if (n - i) % 2 == 0 else 2  # side to move owns the stones with parity of n
    send(f'{m},{own}')
send('DONE')
t = time.time()
while True:
    l = p.stdout.readline()
    if not l: break
    l = l.strip()
    print(f'{(time.time()-t)*1000:7.0f} ms  {l}', flush=True)
    if l and l[0].isdigit() and ',' in l and not l.startswith('MESSAGE'):
        break
send('END')
