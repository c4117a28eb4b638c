#!/bin/bash
# second bench pair, nps, soundness sweeps (run under the lock)
S=/work/wt-gproof12/results/gomoku-rapfi
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
OW=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
cd /work/wt-gproof12
echo "start $(uptime)"
results/gomoku-rapfi/bench_pair_s8.sh /work/notes/gproof12/arbor-x /work/bin/arbor-s12 /work/shared/benchdata /work/notes/gproof10/own /work/notes/gproof12/b/s12b
echo "end $(uptime)"
echo "# nps: python3 scripts/gomoku_nps_cpu.py 10 /work/bin/arbor-s12 arbor-x --rounds 2"
python3 scripts/gomoku_nps_cpu.py 10 /work/bin/arbor-s12 /work/notes/gproof12/arbor-x --rounds 2
echo "== $(uptime)"
cd /work/notes/gproof12
echo "# loser_sweep.py prove-a SET 600 (STAGES=dfpn,dfpn-plain): shared, then own"
STAGES=dfpn,dfpn-plain python3 $S/loser_sweep.py ./prove-a $SH 600
STAGES=dfpn,dfpn-plain python3 $S/loser_sweep.py ./prove-a $OW 600
echo "# loser_sweep_inner.py prove-a SET 300 dfpn-plain: sp2-ply19 sp4-ply27; own g26 g27"
python3 $S/loser_sweep_inner.py ./prove-a $SH 300 dfpn-plain sp2-ply19 sp4-ply27
python3 $S/loser_sweep_inner.py ./prove-a $OW 300 dfpn-plain g26-ply23 g27-ply10
echo "== $(uptime)"
