"""At each loser-to-move point of a df-pn proof's line, the loser's df-pn must claim no win.
(PROOF_MS: the time for the proof itself, default 3000.)"""
import os, re, subprocess, sys
prove, tsv, ms, stage = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
for pid in sys.argv[5:]:
    env = dict(os.environ, SHOWPV='1', STAGES=stage)
    out = subprocess.run([prove, tsv, os.environ.get('PROOF_MS', '3000'), pid], env=env, capture_output=True, text=True).stdout
    m = re.search(r'pv: (.*)', out)
    if not m:
        print(pid, 'no proof'); continue
    pv = m.group(1).split()
    for k in range(1, len(pv) - 1, 2):
        env = dict(os.environ, PV=' '.join(pv[:k]), STAGES='dfpn,dfpn-plain')
        o = subprocess.run([prove, tsv, ms, pid], env=env, capture_output=True, text=True).stdout
        line = [l for l in o.splitlines() if l.startswith(pid)][0]
        print('CLAIMED-WIN' if ' win ' in line else 'ok', pid, 'after', k, 'plies', line[17:130], flush=True)
