"""Rapfi (classical, 1 thread, fresh process per position) on each position of a forced-win TSV
with 5 s a move: the time it answered and its eval (it stops early once it has a mate).
usage: python3 rapfi_times.py TSV [MS]"""
import csv, statistics, subprocess, sys, time
RAPFI = '/work/anchors/src/dhbloo+rapfi/Rapfi/build/native/pbrain-rapfi'
def probe(moves, ms):
    p = subprocess.Popen([RAPFI], cwd='/work/anchors/src/dhbloo+rapfi/Rapfi/build/native', stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    mv = moves.split(); side = len(mv) % 2
    p.stdin.write('START 15\n'); p.stdin.flush()
    while p.stdout.readline().strip() != 'OK': pass
    lines = [f'INFO timeout_turn {ms}', 'INFO timeout_match 100000000', 'INFO rule 0', 'BOARD']
    lines += [f'{m},{1 if i % 2 == side else 2}' for i, m in enumerate(mv)] + ['DONE']
    t0 = time.time(); p.stdin.write('\n'.join(lines) + '\n'); p.stdin.flush()
    ev = '?'
    while True:
        l = p.stdout.readline()
        if not l: break
        s = l.strip()
        if 'Eval' in s: ev = s.split('Eval')[1].split('|')[0].strip()
        if s and s[0].isdigit() and ',' in s:
            el = (time.time() - t0) * 1000; move = s; break
    p.stdin.write('END\n'); p.stdin.flush(); p.wait()
    return el, ev, move
tsv = sys.argv[1]; ms = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
times = []
for row in csv.DictReader(open(tsv), delimiter='\t'):
    el, ev, move = probe(row['moves'], ms)
    print(f"{row['id']:<11} {move:<6} {ev:<7} {el:6.0f} ms", flush=True)
    if ev.startswith('+M'): times.append(el)
print(f"mates {len(times)}, median answer time with a mate {statistics.median(times):.0f} ms")
