#!/bin/bash
# soundness sweeps of the final prove binary (session 10's scripts and positions, + sp2-ply19's plain proof)
# (ran from /work/notes/gproof11, where cpu.sh is this folder's cpu_s11.sh and prove-base / prove-f the example binaries of main 8408e5f and c4f4980)
cd /work/notes/gproof11
S=/work/wt-gproof11/results/gomoku-rapfi
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
OW=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
echo "== $(uptime)"
echo "# loser_sweep.py prove-f SET 600 (STAGES=dfpn,dfpn-plain): shared, then own"
STAGES=dfpn,dfpn-plain python3 $S/loser_sweep.py ./prove-f $SH 600
STAGES=dfpn,dfpn-plain python3 $S/loser_sweep.py ./prove-f $OW 600
echo "# loser_sweep_inner.py prove-f SET 300 dfpn-plain: sp4-ply27 sp2-ply19; own g26 g6 g5"
python3 $S/loser_sweep_inner.py ./prove-f $SH 300 dfpn-plain sp4-ply27 sp2-ply19
python3 $S/loser_sweep_inner.py ./prove-f $OW 300 dfpn-plain g26-ply23 g6-ply25 g5-ply8
echo "# loser_sweep_inner.py prove-f own 300 dfpn: g11 g15"
python3 $S/loser_sweep_inner.py ./prove-f $OW 300 dfpn g11-ply8 g15-ply10
echo "# cpu.sh 3 rounds, user CPU s, SOLVER_MIB=32: plain df-pn"
./cpu.sh 3 $SH sp2-ply19,sp4-ply27 dfpn-plain prove-base prove-f
./cpu.sh 3 $OW g26-ply23,g27-ply10,g5-ply8 dfpn-plain prove-base prove-f
echo "# quiet df-pn"
./cpu.sh 3 $OW g11-ply8,g15-ply10 dfpn prove-base prove-f
echo "# nps: python3 scripts/gomoku_nps_cpu.py 10 /work/bin/arbor-s11 arbor-f --rounds 4"
(cd /work/wt-gproof11 && python3 scripts/gomoku_nps_cpu.py 10 /work/bin/arbor-s11 /work/notes/gproof11/arbor-f --rounds 4)
echo "== $(uptime)"
