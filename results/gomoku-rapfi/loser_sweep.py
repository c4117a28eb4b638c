"""Soundness sweep: for each position of a forced-win TSV, play the winner's move
(selfplay_move) and run the df-pn stages for the loser; no win may be claimed."""
import csv, subprocess, sys, os
prove, tsv, ms = sys.argv[1], sys.argv[2], sys.argv[3]
for row in csv.DictReader(open(tsv), delimiter='\t'):
    x, y = row['selfplay_move'].split(',')
    mv = f"{chr(ord('a') + int(x))}{int(y) + 1}"
    env = dict(os.environ, PV=mv, STAGES=os.environ.get('STAGES', 'dfpn,dfpn-plain,quiet2-vct'))
    out = subprocess.run([prove, tsv, ms, row['id']], env=env, capture_output=True, text=True).stdout
    last = [l for l in out.splitlines() if l.startswith(row['id'])]
    line = last[0] if last else out
    flag = 'CLAIMED-WIN' if ' win ' in line else 'ok'
    print(f"{flag:<11} after {mv:<4} {line}", flush=True)
